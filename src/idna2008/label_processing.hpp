// puny — one label through IDNA2008: its type (RFC 5890 §2.3), the tests
// that type calls for, and its ASCII and Unicode forms.  Shared by lookup
// of a name (RFC 5891 §5) and registration of a label (§4).  Internal.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "idna/bidi_rule.hpp"
#include "idna2008/alabel.hpp"
#include "idna2008/label_checks.hpp"
#include "puny/idna2008.hpp"

namespace puny::detail::idna2008 {

/// What a label turned out to be (RFC 5890 §2.3).
enum class label_form : std::uint8_t {
  empty,   ///< no code point
  ascii,   ///< all ASCII and not an XN-label (NR-LDH, R-LDH, non-LDH): kept as given
  alabel,  ///< an XN-label, decoded to its U-label (whatever the tests said of it)
  ulabel,  ///< holds a non-ASCII code point: a putative U-label
  opaque,  ///< an XN-label that was not decoded (too long, not Punycode, ASCII only)
};

/// What process_label found and made.
struct label_outcome : label_verdict {
  label_form form = label_form::empty;
  std::size_t unicode_length = 0;  ///< code points of the label's Unicode form, now in its slot
  ascii_length ascii;              ///< of the A-label or the ASCII label as given
  bidi_profile bidi;               ///< Bidi classes of the Unicode form (alabel and ulabel only)
};

/// The tests of one label held in slot[0, length) (its code points; the
/// slot has room for `length`): an ASCII label is checked as an LDH label
/// (or, an XN-label, decoded into the slot in place and checked as a
/// U-label), a label with a non-ASCII code point as a U-label; lengths on
/// the ASCII form, which goes to ascii_out when it fits (an XN-label in
/// lower case).  `reserved_xn` (the U-label of register_label) makes an
/// XN-label one more reserved label: HYPHEN_3_4, never decoded.
/// `scratch` holds nfc_buffer_size(length) code points.
[[nodiscard]] label_outcome process_label(std::span<char32_t> slot, std::size_t length, bool all_ascii,
                                          std::span<char32_t> scratch, std::span<char> ascii_out,
                                          const puny::idna2008::options& o, bool reserved_xn = false) noexcept;

}  // namespace puny::detail::idna2008
