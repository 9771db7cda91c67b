// NFC of a whole string through the internal to_nfc, for the NFC tests.
#pragma once

#include <string>
#include <vector>

#include "unicode/nfc.hpp"

namespace puny_test {

/// The output vector is exactly nfc_buffer_size long, so a write past the
/// promised room is caught by the sanitizer build.
inline std::u32string nfc_of(const std::u32string& s) {
  std::vector<char32_t> out(puny::detail::nfc_buffer_size(s.size()));
  const std::size_t n = puny::detail::to_nfc(s, out);
  return {out.data(), n};
}

}  // namespace puny_test
