// puny — A-labels (RFC 5890 §2.3.2.1): recognizing an XN-label, decoding
// its tail with RFC 3492 §6.2, the round trip that makes it canonical, and
// the A-label of a U-label (RFC 5891 §4.4, §5.5).  Internal.
#pragma once

#include <array>
#include <cstddef>
#include <span>
#include <string_view>

#include "puny/idna2008.hpp"

namespace puny::detail::idna2008 {

/// RFC 5890 §2.3.1, RFC 1034 §3.1: the longest label, in octets of its
/// ASCII form.
inline constexpr std::size_t max_label_octets = 63;
/// RFC 1034 §3.1: the longest name in dotted ASCII form, without the root
/// dot (255 octets in wire form).
inline constexpr std::size_t max_name_octets = 253;
/// "xn--" (RFC 5890 §2.3.2.5).
inline constexpr std::size_t ace_prefix_length = 4;

/// True when the all-ASCII label begins with "xn--" in any case: an
/// XN-label (RFC 5890 §2.3.1), which must be an A-label.
[[nodiscard]] constexpr bool is_xn_label(std::u32string_view label) noexcept {
  return label.size() >= ace_prefix_length && (label[0] | 0x20) == U'x' && (label[1] | 0x20) == U'n' &&
         label[2] == U'-' && label[3] == U'-';
}

/// The Punycode of an XN-label lower-cased (RFC 5891 §5.3), as the
/// decoder reads it and as re-encoding must give it back.
struct alabel_tail {
  std::array<char, max_label_octets - ace_prefix_length> text;
  std::size_t size = 0;
  [[nodiscard]] std::string_view view() const noexcept { return {text.data(), size}; }
};

/// What decoding an XN-label found.
struct alabel_decoding {
  puny::idna2008::error_set errors;  ///< ALABEL_UPPERCASE, PUNYCODE_INVALID, ALABEL_ASCII_ONLY
  std::size_t length = 0;            ///< code points of the decoded label, when `decoded`
  bool decoded = false;              ///< the slot holds the decoded label (else still the label as given)
  alabel_tail tail;                  ///< the lower-cased Punycode
};

/// The A-label tests that come before the U-label tests (RFC 5891 §4.2.1,
/// §5.3; RFC 5890 §2.3.2.1) on an XN-label of at most max_label_octets
/// characters in slot[0, length): lower case (ALABEL_UPPERCASE when
/// `require_lowercase`, otherwise it is lower-cased), the tail decoded in
/// place (PUNYCODE_INVALID: empty, not RFC 3492 Punycode, or out of range)
/// and holding a non-ASCII code point (ALABEL_ASCII_ONLY).  A tail whose
/// delimiter has nothing before it ("-9uc") fails RFC 3492's decoder, but
/// the rest decodes, and what it decodes to re-encodes without the hyphen:
/// it is decoded that way so that the round trip reports it as
/// ALABEL_NOT_CANONICAL (the notes' xn---9uc).
[[nodiscard]] alabel_decoding decode_alabel(std::span<char32_t> slot, std::size_t length,
                                            bool require_lowercase) noexcept;

/// RFC 5890 §2.3.2.1's round trip: Punycode of `decoded` is `tail` exactly.
[[nodiscard]] bool encodes_to(std::u32string_view decoded, std::string_view tail) noexcept;

/// The length of a label's ASCII form.
struct ascii_length {
  std::size_t length = 0;  ///< octets
  bool exact = true;       ///< false: a lower bound (the label cannot be encoded, or is far too long to)
};

/// RFC 5891 §4.4, §5.5: "xn--" and the Punycode of `label` into out when
/// it fits, and its length whether or not it does.  A label of more than
/// puny::inline_limit code points is not encoded: its A-label is longer
/// than it (RFC 3492 writes at least one character per code point), so
/// too long for a label and for a name, which is all the length is for.
[[nodiscard]] ascii_length encode_ulabel(std::u32string_view label, std::span<char> out) noexcept;

}  // namespace puny::detail::idna2008
