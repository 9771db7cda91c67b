// puny — CONTEXTJ rules of RFC 5892 Appendix A.1 (ZWNJ) and A.2 (ZWJ) over
// one label, in one left-to-right pass.
#include "idna/contextj.hpp"

#include <cstdint>

#include "unicode/ucd.hpp"

namespace puny::detail {
namespace {

using ucd::joining_type;

constexpr char32_t zero_width_non_joiner = 0x200C;
constexpr char32_t zero_width_joiner = 0x200D;
// Canonical_Combining_Class=Virama, the exception both rules share.
constexpr std::uint8_t virama = 9;

constexpr bool joins_to_the_right(joining_type t) noexcept {
  return t == joining_type::L || t == joining_type::D;
}
constexpr bool joins_to_the_left(joining_type t) noexcept {
  return t == joining_type::R || t == joining_type::D;
}

}  // namespace

idna_errors contextj(std::u32string_view label) noexcept {
  // Most labels hold no joiner; they need no property lookup at all.  The
  // two joiners differ only in bit 0, so one comparison finds either.
  bool has_joiner = false;
  for (const char32_t cp : label) has_joiner |= (cp | 1) == zero_width_joiner;
  if (!has_joiner) return {};

  // Appendix A.1's regular expression
  //   (Joining_Type:{L,D})(Joining_Type:T)*\u200C(Joining_Type:T)*(Joining_Type:{R,D})
  // is matched without rescanning: `left_joins` carries the left half
  // forward (the last code point that is not T is L or D), and a ZWNJ whose
  // left half matched waits for the next code point that is not T to
  // decide its right half.  At most one ZWNJ waits at a time, because a
  // later ZWNJ (Joining_Type U) is itself the code point that decides the
  // earlier one — so the pass is linear however many ZWNJ and T there are.
  idna_errors errors;
  bool after_virama = false;
  bool left_joins = false;
  bool zwnj_waiting = false;
  for (const char32_t cp : label) {
    const ucd::properties p = ucd::lookup_properties(cp);
    if (p.joining != joining_type::T && zwnj_waiting) {
      if (!joins_to_the_left(p.joining)) errors.insert(idna_code::C1);
      zwnj_waiting = false;
    }
    if (cp == zero_width_non_joiner && !after_virama) {
      // A.1: "If Canonical_Combining_Class(Before(cp)) .eq. Virama Then
      // True" — else the joining context must hold on both sides.
      if (left_joins) {
        zwnj_waiting = true;
      } else {
        errors.insert(idna_code::C1);
      }
    } else if (cp == zero_width_joiner && !after_virama) {
      // A.2: a ZWJ is allowed only right after a virama.
      errors.insert(idna_code::C2);
    }
    if (p.joining != joining_type::T) left_joins = joins_to_the_right(p.joining);
    after_virama = p.ccc == virama;
  }
  // A ZWNJ still waiting at the end has nothing of type R or D after it.
  if (zwnj_waiting) errors.insert(idna_code::C1);
  return errors;
}

}  // namespace puny::detail
