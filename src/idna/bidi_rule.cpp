// puny — the Bidi rule of RFC 5893 §2 (B1–B6) over one label.
#include "idna/bidi_rule.hpp"

#include <cstdint>

namespace puny::detail {
namespace {

using ucd::bidi_class;

constexpr std::uint32_t bit(bidi_class c) noexcept { return std::uint32_t{1} << static_cast<unsigned>(c); }

// The Bidi_Class sets that RFC 5893 §2 names.  A label's classes are
// collected into one bit set, so every rule is a mask test.
// Rule 2: what a right-to-left label may hold.
constexpr std::uint32_t rtl_allowed = bit(bidi_class::R) | bit(bidi_class::AL) | bit(bidi_class::AN) |
                                      bit(bidi_class::EN) | bit(bidi_class::ES) | bit(bidi_class::CS) |
                                      bit(bidi_class::ET) | bit(bidi_class::ON) | bit(bidi_class::BN) |
                                      bit(bidi_class::NSM);
// Rule 3: how a right-to-left label may end (before trailing NSM).
constexpr std::uint32_t rtl_endings =
    bit(bidi_class::R) | bit(bidi_class::AL) | bit(bidi_class::EN) | bit(bidi_class::AN);
// Rule 5: what a left-to-right label may hold.
constexpr std::uint32_t ltr_allowed = bit(bidi_class::L) | bit(bidi_class::EN) | bit(bidi_class::ES) |
                                      bit(bidi_class::CS) | bit(bidi_class::ET) | bit(bidi_class::ON) |
                                      bit(bidi_class::BN) | bit(bidi_class::NSM);
// Rule 6: how a left-to-right label may end (before trailing NSM).
constexpr std::uint32_t ltr_endings = bit(bidi_class::L) | bit(bidi_class::EN);

// Every code point below the Hebrew block has Bidi_Class L, EN, ES, ET, CS,
// ON, BN, NSM, S, WS or B, never R, AL or AN (DerivedBidiClass.txt, its
// @missing defaults included): Latin, Greek and Cyrillic labels are
// decided without a table lookup.
constexpr char32_t first_possible_rtl = 0x0590;

bidi_profile profile_of(std::u32string_view label) noexcept {
  bidi_profile p;
  for (const char32_t cp : label) p.add(ucd::bidi(cp));
  return p;
}

}  // namespace

bool has_rtl(std::u32string_view label) noexcept {
  for (const char32_t cp : label) {
    if (cp >= first_possible_rtl && (bit(ucd::bidi(cp)) & rtl_bidi_classes) != 0) return true;
  }
  return false;
}

idna_errors bidi_rule(const bidi_profile& label) noexcept {
  if (label.empty) return {};
  // Rule 1 decides the label's direction; without one, rules 2–6 do not
  // apply (IdnaTestV2 records B1 alone for such a label).  The first
  // character is L, R or AL past this point, so the last that is not NSM
  // exists.
  const bidi_class first = label.first;
  if (first != bidi_class::L && first != bidi_class::R && first != bidi_class::AL) return {idna_code::B1};

  // The rules are independent: a label records every one it breaks.
  idna_errors errors;
  const std::uint32_t seen = label.classes;
  if (first == bidi_class::L) {
    if ((seen & ~ltr_allowed) != 0) errors.insert(idna_code::B5);
    if ((bit(label.last_not_nsm) & ltr_endings) == 0) errors.insert(idna_code::B6);
  } else {
    if ((seen & ~rtl_allowed) != 0) errors.insert(idna_code::B2);
    if ((bit(label.last_not_nsm) & rtl_endings) == 0) errors.insert(idna_code::B3);
    if ((seen & bit(bidi_class::EN)) != 0 && (seen & bit(bidi_class::AN)) != 0) errors.insert(idna_code::B4);
  }
  return errors;
}

idna_errors bidi_rule(std::u32string_view label) noexcept { return bidi_rule(profile_of(label)); }

}  // namespace puny::detail
