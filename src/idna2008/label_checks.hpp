// puny — the IDNA2008 tests of one label in its Unicode form: the U-label
// tests of RFC 5891 §4.2.2-§4.2.3.3 and §5.4, the LDH tests of an ASCII
// label (RFC 5890 §2.3.1), and the RFC 5893 Bidi rule with the code point
// at fault.  Internal.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "idna/bidi_rule.hpp"
#include "puny/idna2008.hpp"

namespace puny::detail::idna2008 {

using puny::idna2008::error;
using puny::idna2008::error_set;

/// Where a label first breaks a rule that names a code point (DISALLOWED,
/// CONTEXTO, ...): the lowest such offset, in code points of the label's
/// Unicode form.  Rules about the label as a whole (lengths, hyphens, Bidi
/// rules 1, 3, 4 and 6, the A-label checks) leave it unset, which the
/// results report as offset 0 and U+0000.
struct label_fault {
  std::size_t offset = 0;
  char32_t code_point = 0;
  bool set = false;

  constexpr void note(std::size_t at, char32_t cp) noexcept {
    if (!set || at < offset) {
      offset = at;
      code_point = cp;
      set = true;
    }
  }
  constexpr void merge(const label_fault& other) noexcept {
    if (other.set) note(other.offset, other.code_point);
  }
};

/// What the tests found in one label.
struct label_verdict {
  error_set errors;
  label_fault fault;
};

/// A U-label's tests gathered with its Bidi classes (RFC 5893 §1.4, §2).
struct ulabel_verdict : label_verdict {
  bidi_profile bidi;
};

/// RFC 5891 §5.4 (lookup) and §4.2.2-§4.2.3.3 (registration) on a putative
/// U-label or a decoded A-label: DISALLOWED and UNASSIGNED code points,
/// NFC, "--" at positions 3-4, a hyphen at either end (with
/// `o.check_hyphens`), a leading combining mark, and the Appendix A rules
/// of its CONTEXTJ and CONTEXTO code points.  `scratch` must hold
/// nfc_buffer_size(label.size()) code points (read only when the NFC quick
/// check cannot decide).  One table lookup of each kind per code point;
/// linear in the label.
[[nodiscard]] ulabel_verdict check_ulabel(std::u32string_view label, std::span<char32_t> scratch,
                                          const puny::idna2008::options& o) noexcept;

/// A letter, digit or hyphen (RFC 1034 §3.5 as RFC 1123 §2.1 relaxes it).
[[nodiscard]] constexpr bool is_ldh(char32_t c) noexcept {
  return c - U'a' < 26 || c - U'A' < 26 || c - U'0' < 10 || c == U'-';
}

/// RFC 5891 §4.2.3.1 (§5.4 for positions 3-4), RFC 5890 §2.3.1: "--" in
/// the third and fourth positions.
template <class Char>
[[nodiscard]] constexpr bool hyphens_3_4(std::basic_string_view<Char> label) noexcept {
  return label.size() >= 4 && label[2] == Char('-') && label[3] == Char('-');
}

/// RFC 5891 §4.2.3.1, RFC 5890 §2.3.1: a hyphen at the start or the end.
template <class Char>
[[nodiscard]] constexpr bool hyphen_at_an_end(std::basic_string_view<Char> label) noexcept {
  return !label.empty() && (label.front() == Char('-') || label.back() == Char('-'));
}

/// RFC 5890 §2.3.1 on an all-ASCII label that is not to be decoded: "--"
/// at positions 3-4 (an R-LDH label: HYPHEN_3_4 unless
/// `o.allow_reserved_ldh`, or always when `reserved_always`), a hyphen at
/// either end (with `o.check_hyphens`), and characters other than letters,
/// digits and hyphen (NON_LDH_ASCII, with `o.check_hostname`).  The label
/// may be in any encoding whose units are code points below U+0080.
template <class Char>
[[nodiscard]] constexpr label_verdict check_ascii_label(std::basic_string_view<Char> label,
                                                        const puny::idna2008::options& o,
                                                        bool reserved_always = false) noexcept {
  label_verdict v;
  // An R-LDH label that is not an XN-label (the caller decodes those) is
  // reserved, and no IDNA label.
  if (hyphens_3_4(label) && (reserved_always || !o.allow_reserved_ldh)) v.errors.insert(error::hyphen_3_4);
  if (o.check_hyphens && hyphen_at_an_end(label)) v.errors.insert(error::hyphen_start_end);
  if (o.check_hostname) {
    for (std::size_t i = 0; i < label.size(); ++i) {
      const auto c = static_cast<char32_t>(label[i]);
      if (!is_ldh(c)) {
        v.errors.insert(error::non_ldh_ascii);
        v.fault.note(i, c);
        break;
      }
    }
  }
  return v;
}

/// The Bidi classes of a label (one ucd::bidi lookup per code point).
[[nodiscard]] bidi_profile bidi_profile_of(std::u32string_view label) noexcept;

/// RFC 5893 §2's rules 1-6 as BIDI_1 ... BIDI_6, for one label of a Bidi
/// domain name; the fault is the first code point outside the classes
/// rule 2 or 5 allows.  An empty label breaks none; a label breaking rule
/// 1 breaks no other (its direction is undefined).
[[nodiscard]] label_verdict check_bidi_rule(std::u32string_view label) noexcept;

/// The BIDI_n codes of check_bidi_rule in one byte (bit n-1 for BIDI_n),
/// so that a name can keep one per label until it is known to be a Bidi
/// domain name.
[[nodiscard]] std::uint8_t bidi_codes(const bidi_profile& profile) noexcept;
/// The errors of bidi_codes' byte.
[[nodiscard]] error_set bidi_errors(std::uint8_t codes) noexcept;

}  // namespace puny::detail::idna2008
