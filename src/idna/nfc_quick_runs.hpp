// puny — the NFC quick check of a domain or label, looking up only its
// non-ASCII code points.  Internal.
#pragma once

#include <cstddef>
#include <string_view>

#include "unicode/nfc.hpp"

namespace puny::detail {

/// is_nfc_quick(s), run by run of non-ASCII code points: ASCII is
/// NFC_Quick_Check=Yes with Canonical_Combining_Class 0 (UAX #15 §9), so it
/// passes and restarts the canonical-order test exactly as a run boundary
/// does.
[[nodiscard]] inline bool nfc_quick_by_runs(std::u32string_view s) noexcept {
  std::size_t i = 0;
  while (i < s.size()) {
    if (s[i] < 0x80) {
      ++i;
      continue;
    }
    std::size_t j = i + 1;
    while (j < s.size() && s[j] >= 0x80) ++j;
    if (!is_nfc_quick(s.substr(i, j - i))) return false;
    i = j;
  }
  return true;
}

}  // namespace puny::detail
