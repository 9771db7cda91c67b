// puny — which input code point Nameprep turned into a given ASCII
// character, so that a ToASCII step 3 failure found after Nameprep (RFC
// 3490 §4.1) names the code point as the caller wrote it.
#include <array>

#include "idna2003/labels.hpp"
#include "idna2003/stringprep_tables.hpp"

namespace puny::detail::idna2003 {

// Nameprep maps (B.1, B.2) and then normalizes to NFKC: every output
// character comes from the full compatibility decomposition of one mapped
// input code point.  Canonical reordering moves only marks, and an ASCII
// character is a starter, so the ASCII characters keep their order; only
// composition could remove one ("<" U+0338 → U+226E), and a removed one is
// not what failed.  The k-th occurrence in the output is therefore the
// k-th occurrence among the expansions, barring such a composition before it.
std::size_t locate_nameprep_source(std::u32string_view label, char32_t c, std::size_t which) noexcept {
  std::array<char32_t, 4> mapped{};
  std::array<char32_t, stringprep::max_expansion> expanded{};
  std::size_t seen = 0;
  for (std::size_t i = 0; i < label.size(); ++i) {
    const char32_t cp = label[i];
    const stringprep::record rec(cp);
    std::size_t mapped_length = 1;
    mapped[0] = cp;
    if (rec.mapped()) mapped_length = rec.write_mapping(cp, mapped.data());
    for (std::size_t m = 0; m < mapped_length; ++m) {
      const stringprep::record part(mapped[m]);
      const std::size_t n = part.write_decomposition(mapped[m], expanded.data());
      for (std::size_t k = 0; k < n; ++k) {
        if (expanded[k] == c && seen++ == which) return i;
      }
    }
  }
  return label.size();
}

}  // namespace puny::detail::idna2003
