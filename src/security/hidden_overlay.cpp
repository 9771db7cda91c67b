// puny — the lead characters of ICU's HIDDEN_OVERLAY check (UTS #39 §5.4,
// ICU 62+ uspoof_impl.cpp isIllegalCombiningDotLeadCharacter): a U+0307
// COMBINING DOT ABOVE after one of them disappears into its dot.
#include <array>
#include <cstddef>
#include <span>

#include "security/mark_checks.hpp"
#include "security/security_data.hpp"
#include "security/skeleton.hpp"

namespace puny::detail::security {
namespace {

bool dotted_letter(char32_t cp) noexcept {
  // i, j, ı U+0131, ȷ U+0237, l, and every Soft_Dotted letter.
  return cp == U'i' || cp == U'j' || cp == U'l' || cp == 0x0131 || cp == 0x0237 || record_of(cp).soft_dotted;
}

}  // namespace

bool is_dot_lead(char32_t cp) noexcept {
  if (dotted_letter(cp)) return true;
  // ICU looks at the last code point of cp's confusables.txt prototype.
  // The last code point of skeleton(cp) is the same one for every code
  // point of Unicode 17.0 (U+1FBE, whose NFD is U+03B9 -> i, included), and
  // it needs no prototype of a code point that NFD would change.
  std::array<char32_t, code_point_skeleton_capacity> sk{};
  const std::size_t n = code_point_skeleton(cp, sk);
  return n > 0 && sk[n - 1] != cp && dotted_letter(sk[n - 1]);
}

}  // namespace puny::detail::security
