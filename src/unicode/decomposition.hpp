// puny — full canonical decomposition of one code point (Unicode §3.7 D68),
// shared by NFC (src/unicode/nfc.cpp) and the NFD streams of UTS #39
// (src/security/nfd.hpp).  Internal.
#pragma once

#include <cstddef>
#include <string_view>

#include "unicode/ucd.hpp"

namespace puny::detail {

// Unicode §3.12 Conjoining Jamo Behavior: Hangul syllables decompose and
// compose arithmetically, so the tables leave them out.
namespace hangul {
inline constexpr char32_t s_base = 0xAC00;
inline constexpr char32_t l_base = 0x1100;
inline constexpr char32_t v_base = 0x1161;
inline constexpr char32_t t_base = 0x11A7;
inline constexpr char32_t l_count = 19;
inline constexpr char32_t v_count = 21;
inline constexpr char32_t t_count = 28;
inline constexpr char32_t n_count = v_count * t_count;
inline constexpr char32_t s_count = l_count * n_count;
}  // namespace hangul

/// The most code points one code point decomposes into.
inline constexpr std::size_t max_full_decomposition = 4;

/// Writes the full canonical decomposition of `cp` (itself when it has
/// none) to `out`, which holds max_full_decomposition code points, and
/// returns its length (1..4).
[[nodiscard]] inline std::size_t full_decomposition(char32_t cp, char32_t* out) noexcept {
  if (cp - hangul::s_base < hangul::s_count) {
    const char32_t index = cp - hangul::s_base;
    out[0] = hangul::l_base + index / hangul::n_count;
    out[1] = hangul::v_base + (index % hangul::n_count) / hangul::t_count;
    if (index % hangul::t_count == 0) return 2;
    out[2] = hangul::t_base + index % hangul::t_count;
    return 3;
  }
  const std::u32string_view parts = ucd::canonical_decomposition(cp);
  if (parts.empty()) {
    out[0] = cp;
    return 1;
  }
  for (std::size_t i = 0; i < parts.size(); ++i) out[i] = parts[i];
  return parts.size();
}

}  // namespace puny::detail
