// puny — RFC 5892 Appendix A.1 and A.2 located, with the property values
// that decided each joiner.
#include "idna/explain_contextj.hpp"

#include <cstdint>
#include <string>

#include "idna/explain_text.hpp"
#include "unicode/ucd.hpp"

namespace puny::detail {
namespace {

using explain_text::code_point;
using explain_text::code_point_at;
using explain_text::joining_type_name;
using ucd::joining_type;

constexpr char32_t zero_width_non_joiner = 0x200C;
constexpr char32_t zero_width_joiner = 0x200D;
// Canonical_Combining_Class=Virama, the exception both rules share.
constexpr std::uint8_t virama = 9;

joining_type joining(char32_t cp) noexcept { return ucd::lookup_properties(cp).joining; }

/// "the code point before it, U+0061 'a', has Canonical_Combining_Class 0"
/// or "nothing comes before it".
std::string virama_context(std::u32string_view label, std::size_t at) {
  if (at == 0) return "nothing comes before it";
  const char32_t before = label[at - 1];
  return code_point(before) + " before it has Canonical_Combining_Class " +
         std::to_string(ucd::lookup_properties(before).ccc);
}

/// One side of A.1's (Joining_Type:{L,D})(Joining_Type:T)*\u200C(Joining_Type:T)*(Joining_Type:{R,D}):
/// the nearest code point past the run of T, or nothing.
std::string joining_side(std::u32string_view label, std::size_t found, std::size_t skipped, bool exists,
                         std::string_view side) {
  std::string s(side);
  if (skipped != 0) s += " (past " + std::to_string(skipped) + " of Joining_Type T)";
  s += ": ";
  if (!exists) return s + "nothing";
  const char32_t cp = label[found];
  s += code_point(cp);
  s += " of Joining_Type ";
  s += joining_type_name(joining(cp));
  return s;
}

void explain_zwnj(std::u32string_view label, std::size_t at, violation_list& out) {
  std::size_t left = at;
  while (left > 0 && joining(label[left - 1]) == joining_type::T) --left;
  std::size_t right = at + 1;
  while (right < label.size() && joining(label[right]) == joining_type::T) ++right;
  const bool has_left = left > 0;
  const bool has_right = right < label.size();
  const joining_type l = has_left ? joining(label[left - 1]) : joining_type::U;
  const joining_type r = has_right ? joining(label[right]) : joining_type::U;
  if (has_left && has_right && (l == joining_type::L || l == joining_type::D) &&
      (r == joining_type::R || r == joining_type::D)) {
    return;
  }
  out.add(idna_code::C1, at + 1, zero_width_non_joiner,
          code_point_at(zero_width_non_joiner, at + 1) + " is neither after a virama (Canonical_Combining_Class " +
              std::to_string(virama) + "; " + virama_context(label, at) +
              ") nor between a character of Joining_Type L or D and one of Joining_Type R or D (" +
              joining_side(label, left - (has_left ? 1 : 0), at - left, has_left, "before it") + "; " +
              joining_side(label, right, right - at - 1, has_right, "after it") + ") (RFC 5892 Appendix A.1)");
}

}  // namespace

void explain_contextj(std::u32string_view label, violation_list& out) {
  for (std::size_t i = 0; i < label.size(); ++i) {
    const char32_t cp = label[i];
    if (cp != zero_width_non_joiner && cp != zero_width_joiner) continue;
    // Both rules: "If Canonical_Combining_Class(Before(cp)) .eq. Virama
    // Then True".
    if (i > 0 && ucd::lookup_properties(label[i - 1]).ccc == virama) continue;
    if (cp == zero_width_joiner) {
      out.add(idna_code::C2, i + 1, cp,
              code_point_at(cp, i + 1) + " is not after a virama (Canonical_Combining_Class " +
                  std::to_string(virama) + "): " + virama_context(label, i) + " (RFC 5892 Appendix A.2)");
      continue;
    }
    explain_zwnj(label, i, out);
  }
}

}  // namespace puny::detail
