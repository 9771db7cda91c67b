// NFD by the book, for the tests that check the library's normalization
// and skeletons against an independent reference: full canonical
// decomposition (Unicode §3.7 D68, Hangul by §3.12's arithmetic), then the
// Canonical Ordering Algorithm (§3.11 D109) by adjacent swaps.  The
// character data comes from the caller: a fresh parse of UnicodeData.txt
// in the conformance tests, the library's tables in the unit tests.
// Quadratic in the length of a run of marks: for short test strings only.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>

namespace puny_test {

/// Appends the full canonical decomposition of `c` to `out`:
/// `decomposition_of(c)` gives one level (empty when there is none), and
/// each part is decomposed again.
template <class Decomposition>
void append_full_decomposition(char32_t c, const Decomposition& decomposition_of, std::u32string& out) {
  if (c >= 0xAC00 && c < 0xAC00 + 11172) {
    const char32_t s = c - 0xAC00;
    out += static_cast<char32_t>(0x1100 + s / 588);
    out += static_cast<char32_t>(0x1161 + (s % 588) / 28);
    if (s % 28 != 0) out += static_cast<char32_t>(0x11A7 + s % 28);
    return;
  }
  const std::u32string_view parts = decomposition_of(c);
  if (parts.empty()) {
    out += c;
    return;
  }
  for (const char32_t part : parts) append_full_decomposition(part, decomposition_of, out);
}

/// D109 as it is stated: swap adjacent c1 c2 while ccc(c1) > ccc(c2) > 0.
template <class CombiningClass>
void canonical_order_by_swaps(std::u32string& s, const CombiningClass& ccc_of) {
  for (bool swapped = true; swapped;) {
    swapped = false;
    for (std::size_t i = 0; i + 1 < s.size(); ++i) {
      const auto a = ccc_of(s[i]);
      const auto b = ccc_of(s[i + 1]);
      if (b != 0 && a > b) {
        std::swap(s[i], s[i + 1]);
        swapped = true;
      }
    }
  }
}

/// NFD(s) from the given character data.
template <class Decomposition, class CombiningClass>
std::u32string reference_nfd(std::u32string_view s, const Decomposition& decomposition_of,
                             const CombiningClass& ccc_of) {
  std::u32string out;
  for (const char32_t c : s) append_full_decomposition(c, decomposition_of, out);
  canonical_order_by_swaps(out, ccc_of);
  return out;
}

}  // namespace puny_test
