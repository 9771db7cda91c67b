// puny — the Bidi rule of RFC 5893 §2 (codes B1–B6), per label.  Internal.
#pragma once

#include <string_view>

#include "puny/idna.hpp"

namespace puny::detail {

/// True when the label holds a code point of Bidi_Class R, AL or AN: a
/// domain with such a label is a "Bidi domain name" (RFC 5893 §1.4), and
/// then every one of its labels must satisfy the Bidi rule.
[[nodiscard]] bool has_rtl(std::u32string_view label) noexcept;

/// The Bidi rule's codes for one (non-empty) label of a Bidi domain name.
/// A label failing B1 is given no other B code (the rule's direction is
/// undefined then); an empty label gives none.
[[nodiscard]] idna_errors bidi_rule(std::u32string_view label) noexcept;

}  // namespace puny::detail
