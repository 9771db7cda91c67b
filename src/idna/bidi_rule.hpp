// puny — the Bidi rule of RFC 5893 §2 (codes B1–B6), per label.  Internal.
#pragma once

#include <cstdint>
#include <string_view>

#include "puny/idna.hpp"
#include "unicode/ucd.hpp"

namespace puny::detail {

/// All the Bidi rule reads of a label, gathered while the label is written
/// (one table lookup per code point serves mapping and every check), so
/// that checking it is a few mask tests.
struct bidi_profile {
  std::uint32_t classes = 0;                          // 1 << Bidi_Class of every code point
  ucd::bidi_class first = ucd::bidi_class::L;         // of the first code point
  ucd::bidi_class last_not_nsm = ucd::bidi_class::L;  // of the last one that is not NSM
  bool empty = true;

  constexpr void add(ucd::bidi_class c) noexcept {
    if (empty) first = c;
    empty = false;
    classes |= std::uint32_t{1} << static_cast<unsigned>(c);
    if (c != ucd::bidi_class::NSM) last_not_nsm = c;
  }
};

/// The Bidi_Class values that make a domain a "Bidi domain name" (RFC 5893
/// §1.4: R, AL, AN): then every one of its labels must satisfy the rule.
inline constexpr std::uint32_t rtl_bidi_classes = std::uint32_t{1} << static_cast<unsigned>(ucd::bidi_class::R) |
                                                  std::uint32_t{1} << static_cast<unsigned>(ucd::bidi_class::AL) |
                                                  std::uint32_t{1} << static_cast<unsigned>(ucd::bidi_class::AN);

[[nodiscard]] constexpr bool has_rtl(const bidi_profile& label) noexcept {
  return (label.classes & rtl_bidi_classes) != 0;
}

/// True when the label holds a code point of Bidi_Class R, AL or AN.
[[nodiscard]] bool has_rtl(std::u32string_view label) noexcept;

/// The Bidi rule's codes for one label of a Bidi domain name.  A label
/// failing B1 is given no other B code (the rule's direction is undefined
/// then); an empty label gives none.
[[nodiscard]] idna_errors bidi_rule(const bidi_profile& label) noexcept;
[[nodiscard]] idna_errors bidi_rule(std::u32string_view label) noexcept;

}  // namespace puny::detail
