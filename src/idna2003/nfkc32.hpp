// puny — Normalization Form KC (UAX #15) with the Unicode 3.2 data that
// Nameprep pins (RFC 3491 §4), over caller buffers.  Internal.
//
// The data are UnicodeData.txt 3.2.0, which already holds Corrigendum 3
// (U+F951); the later Corrigendum 4 is not applied (U+2F874 stays U+5F33).
// The one choice left is the definition of "blocked" in composition
// (puny::idna2003::composition, Public Review Issue 29).
#pragma once

#include <cstddef>
#include <span>
#include <string_view>

#include "puny/idna2003.hpp"

namespace puny::detail::stringprep {

/// Length of the full compatibility decomposition (NFKD) of `in`.
[[nodiscard]] std::size_t decomposed_length(std::u32string_view in) noexcept;

/// Room to_nfkc needs for a text whose NFKD has `decomposed` code points:
/// the decomposed text, and half of it again as the scratch that keeps the
/// sort of a long run of combining marks O(n log n).
[[nodiscard]] constexpr std::size_t nfkc_buffer_size(std::size_t decomposed) noexcept {
  return decomposed + decomposed / 2;
}

/// Canonical ordering (Unicode §3.11 D109) and canonical composition (D117,
/// with "blocked" as `mode` says) of text[0, length), which is already
/// fully decomposed, in place; returns the new length.  scratch holds
/// length / 2 code points and does not overlap text.
[[nodiscard]] std::size_t compose_decomposed(char32_t* text, std::size_t length, char32_t* scratch,
                                             idna2003::composition mode) noexcept;

/// Writes NFKC(in) (Unicode 3.2) to out and returns its length.  out must
/// hold nfkc_buffer_size(decomposed_length(in)) code points and must not
/// overlap in; with less room nothing is written and 0 is returned.
/// Values above U+10FFFF pass through as starters.
[[nodiscard]] std::size_t to_nfkc(std::u32string_view in, std::span<char32_t> out,
                                  idna2003::composition mode) noexcept;

}  // namespace puny::detail::stringprep
