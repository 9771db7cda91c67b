/// \file
/// puny — IDNA2008 (RFCs 5890–5893) exactly: no mapping, the RFC 5892
/// derived property of every code point (Unicode 17.0), every CONTEXTJ and
/// CONTEXTO rule of RFC 5892 Appendix A, the RFC 5893 Bidi rule across the
/// name, and the A-label ⇄ U-label round trip.
///
/// \code
///   auto r = puny::idna2008::to_ascii("bücher.de");        // lookup (RFC 5891 §5)
///   if (r) std::cout << *r;                                  // "xn--bcher-kva.de"
///   auto bad = puny::idna2008::to_ascii("Bücher.de");      // no mapping: B is DISALLOWED
///   // bad.errors == {DISALLOWED}, bad.label == 0, bad.offset == 0, bad.code_point == U'B'
///   auto reg = puny::idna2008::register_label("l·l", "xn--ll-0ea");   // RFC 5891 §4
/// \endcode
///
/// IDNA2008 validates and never maps: a name is accepted exactly as given or
/// rejected with the RFC rule it breaks.  Apply a local mapping (RFC 5895,
/// or UTS #46 with <puny/idna.hpp>) first if the input may be in upper case,
/// full width or not in NFC.  Only U+002E separates labels (U+3002, U+FF0E
/// and U+FF61 are DISALLOWED characters).
///
/// Two layers, as in <puny/idna.hpp>: core functions over caller buffers
/// (noexcept; no heap for names up to puny::max_stack_domain code points)
/// and convenience functions returning strings (may throw std::bad_alloc;
/// rule failures are never thrown).  Every check is linear in the label.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "detail/enum_set.hpp"
#include "detail/standard_result.hpp"
#include "status.hpp"

namespace puny::idna2008 {

/// RFC 5892 §2-3: the derived property value of a code point.
enum class derived_property : std::uint8_t {
  pvalid,      ///< PROTOCOL VALID
  contextj,    ///< allowed where its Appendix A CONTEXTJ rule holds (U+200C, U+200D)
  contexto,    ///< allowed where its Appendix A CONTEXTO rule holds (25 code points)
  disallowed,  ///< DISALLOWED
  unassigned,  ///< UNASSIGNED in Unicode 17.0 (gc=Cn and not a noncharacter)
};

/// The derived property of `cp` under Unicode 17.0, as `Idna2008.txt`
/// lists it (code points above U+10FFFF: disallowed).
[[nodiscard]] derived_property property_of(char32_t cp) noexcept;

/// "PVALID", "CONTEXTJ", "CONTEXTO", "DISALLOWED", "UNASSIGNED".
[[nodiscard]] std::string_view name(derived_property p) noexcept;

/// The rules a name or label can break, named as in the project's notes
/// (docs/idna2008.md), in the order their names sort.
enum class error : std::uint8_t {
  alabel_ascii_only,       ///< RFC 5890 §2.3.2.1: an xn-- label decodes to ASCII only (a fake A-label)
  alabel_not_canonical,    ///< RFC 5890 §2.3.2.1, RFC 5891 §4.2.1, §5.3: re-encoding does not give the A-label back
  alabel_uppercase,        ///< RFC 5891 §4.2.1 (registration): the A-label is not in lower case
  bidi_1,                  ///< RFC 5893 §2 rule 1: first character not L, R or AL
  bidi_2,                  ///< rule 2: RTL label holds a class outside R AL AN EN ES CS ET ON BN NSM
  bidi_3,                  ///< rule 3: RTL label does not end in R AL EN AN (then NSM*)
  bidi_4,                  ///< rule 4: RTL label holds both EN and AN
  bidi_5,                  ///< rule 5: LTR label holds a class outside L EN ES CS ET ON BN NSM
  bidi_6,                  ///< rule 6: LTR label does not end in L or EN (then NSM*)
  contextj,                ///< RFC 5892 A.1, A.2: ZWNJ or ZWJ out of context
  contexto,                ///< RFC 5892 A.3-A.9: a CONTEXTO code point out of context
  context_no_rule,         ///< RFC 5891 §4.2.3.3, §5.4: a CONTEXTJ/CONTEXTO code point with no rule
  disallowed,              ///< RFC 5891 §4.2.2, §5.4: a DISALLOWED code point
  empty_label,             ///< RFC 1034 §3.1: an empty label other than the final root (or an empty name)
  hyphen_3_4,              ///< RFC 5891 §4.2.3.1, §5.4; RFC 5890 §2.3.1: "--" in positions 3-4 (not an A-label)
  hyphen_start_end,        ///< RFC 5891 §4.2.3.1: a label begins or ends with "-"
  label_too_long,          ///< RFC 5890 §2.3.2.1, RFC 5891 §4.4, §5.5: A-label or LDH label over 63 octets
  leading_combining_mark,  ///< RFC 5891 §4.2.3.2, §5.4: the label begins with a mark (gc M)
  name_too_long,           ///< RFC 1034 §3.1: the name is over 253 octets in ASCII form (root dot not counted)
  non_ldh_ascii,           ///< RFC 5890 §2.3.1, RFC 1123 §2.1: an ASCII label with other than a-z A-Z 0-9 -
  not_nfc,                 ///< RFC 5891 §4.1, §5.4: the label is not in NFC
  punycode_invalid,        ///< RFC 5891 §4.2.1, §5.3; RFC 3492 §6.2: an xn-- tail that does not decode
  ualabel_mismatch,        ///< RFC 5891 §4.2.1 (registration): the U-label given is not the decoded A-label
  unassigned,              ///< RFC 5891 §4.2.2, §5.4: a code point unassigned in Unicode 17.0
};
/// The number of error values.
inline constexpr std::size_t error_count = 24;

/// "CONTEXTO", "BIDI_1", "HYPHEN_3_4", ...: the enumerator in upper case.
[[nodiscard]] std::string_view name(error e) noexcept;
/// An English sentence fragment: "a CONTEXTO code point is out of context".
[[nodiscard]] std::string_view message(error e) noexcept;
/// The sections that state the rule: "RFC 5892 Appendix A.3-A.9".
[[nodiscard]] std::string_view rule(error e) noexcept;

/// A set of error values, iterated in name order (the shape of
/// puny::idna_errors).
class error_set : public puny::detail::enum_set<error_set, error, error_count, std::uint32_t> {
 public:
  using enum_set::enum_set;
};

/// "CONTEXTO, DISALLOWED": the names joined with ", " in name order.
[[nodiscard]] std::string to_string(error_set errors);

/// Named option sets.
enum class profile : std::uint8_t {
  lookup,        ///< RFC 5891 §5, with the CONTEXTO rules evaluated and RFC 5893 applied
  registration,  ///< RFC 5891 §4: also hyphens at the ends, lower-case A-labels
};

/// Each check that RFC 5891 makes optional or leaves to policy.  The rules
/// that are MUST in both §4 and §5 (NFC, DISALLOWED, UNASSIGNED, leading
/// mark, "--" at 3-4, CONTEXTJ, Punycode validity and the round trip, label
/// length) are always applied.
struct options {
  /// Evaluate the CONTEXTO rules of RFC 5892 A.3-A.9.  RFC 5891 §5.4 asks
  /// lookup only that a rule exists ("Lookup: False"); puny evaluates them
  /// by default, as registration must (§4.2.3.3).
  bool check_contexto = true;
  /// RFC 5893 on every label of a Bidi domain name (SHOULD on lookup, MUST
  /// on registration).
  bool check_bidi = true;
  /// NON_LDH_ASCII for an all-ASCII label holding other than letters,
  /// digits and "-" (`_tcp`, `a b`): a DNS label, but not a host name.
  bool check_hostname = true;
  /// HYPHEN_START_END (RFC 5891 §4.2.3.1: registration; on lookup it is LDH
  /// policy, which libidn2 does not apply either).
  bool check_hyphens = false;
  /// ALABEL_UPPERCASE for an A-label not in lower case (RFC 5891 §4.2.1);
  /// otherwise an A-label is lower-cased before it is checked (§5.3).
  bool require_lowercase_alabels = false;
  /// Accept an R-LDH label that is not an XN-label (`ab--cd`) as an opaque
  /// DNS label instead of HYPHEN_3_4 (some such names exist: golang/go#27059).
  bool allow_reserved_ldh = false;
  /// NAME_TOO_LONG when the ASCII form is over 253 octets (the root dot not
  /// counted).  Labels over 63 octets are always LABEL_TOO_LONG: that is
  /// the definition of an A-label.
  bool verify_dns_length = true;
  /// Accept one trailing dot (the root label).  Off: EMPTY_LABEL, as the
  /// JSON Schema "idn-hostname" format wants.
  bool allow_trailing_dot = true;

  /// The options of profile `p`.
  [[nodiscard]] static constexpr options for_profile(profile p) noexcept {
    options o;
    if (p == profile::registration) {
      o.check_hyphens = true;
      o.require_lowercase_alabels = true;
    }
    return o;
  }
  /// Flag by flag.
  friend constexpr bool operator==(const options&, const options&) noexcept = default;
};

/// What a core function did: status, rule codes, the first label at fault,
/// and the offending code point's offset in that label's Unicode form.
using result = puny::detail::standard_result<error_set>;
/// Result of a convenience function.
template <class String>
using converted = puny::detail::standard_converted<String, error_set>;

// ---------------------------------------------------------------------------
// Lookup of a whole name (RFC 5891 §5).  Labels are split on U+002E only.
// An all-ASCII label that is not an XN-label is copied as it is (its ASCII
// case kept: IDNA maps nothing, and the DNS ignores ASCII case); an
// XN-label is lower-cased, decoded, checked as a U-label and re-encoded.

/// \name Lookup ToASCII into a caller buffer
///@{

/// The name with every U-label replaced by its A-label.  Writes only when
/// it succeeds; `out` needs at most 4 × (input code points) + 4 × labels
/// characters, or pass an empty span and read `needed`.
[[nodiscard]] result to_ascii(std::string_view domain, std::span<char> out, const options& o = {}) noexcept;
[[nodiscard]] result to_ascii(std::u32string_view domain, std::span<char> out, const options& o = {}) noexcept;
///@}

/// \name Lookup ToUnicode into a caller buffer
///@{

/// The name with every A-label replaced by its U-label, in the encoding of
/// the input.  Always writes: a label that breaks a rule is written as it
/// was given, and the codes say why.  `out` needs at most 4 × input bytes
/// (UTF-8: one Punycode digit may stand for a 4-byte code point) or the
/// input's length (UTF-32), or pass an empty span and read `needed`.
[[nodiscard]] result to_unicode(std::string_view domain, std::span<char> out, const options& o = {}) noexcept;
[[nodiscard]] result to_unicode(std::u32string_view domain, std::span<char32_t> out,
                                const options& o = {}) noexcept;
///@}

/// Lookup ToASCII to a string; `value` is empty when it fails.
[[nodiscard]] converted<std::string> to_ascii(std::string_view domain, const options& o = {});
/// Lookup ToUnicode to a string; `value` is always filled (see the core function).
[[nodiscard]] converted<std::string> to_unicode(std::string_view domain, const options& o = {});
/// Profile shorthand.
[[nodiscard]] inline converted<std::string> to_ascii(std::string_view domain, profile p) {
  return to_ascii(domain, options::for_profile(p));
}
/// Profile shorthand.
[[nodiscard]] inline converted<std::string> to_unicode(std::string_view domain, profile p) {
  return to_unicode(domain, options::for_profile(p));
}

// ---------------------------------------------------------------------------
// Registration of one label (RFC 5891 §4).

/// What register_label did: the A-label went to `a_out` (`written`,
/// `needed`) and the U-label to `u_out` (`u_written`, `u_needed`), both
/// only on success.
struct [[nodiscard]] registration_result : result {
  std::size_t u_written = 0;  ///< UTF-8 bytes written to u_out
  std::size_t u_needed = 0;   ///< with output_too_small: the room u_out needs
};

/// RFC 5891 §4 for one label given as a U-label, an A-label or both (an
/// empty view means "not given"; neither given is EMPTY_LABEL).  Given
/// both, the A-label must decode to exactly the U-label given (§4.2.1:
/// UALABEL_MISMATCH otherwise).  On success writes the A-label (≤ 63
/// octets) and the U-label (≤ 252 UTF-8 bytes: 63 − 4 Punycode digits
/// decode to at most 59 code points); an all-LDH label that is not an
/// XN-label is returned as both.  `o` defaults to the registration
/// profile; label separators are not allowed in the label (DISALLOWED U+002E).
[[nodiscard]] registration_result register_label(std::string_view u_label, std::string_view a_label,
                                                 std::span<char> a_out, std::span<char> u_out,
                                                 const options& o = options::for_profile(profile::registration)) noexcept;

/// The strings register_label writes, and why it failed (both empty then).
struct [[nodiscard]] registered {
  std::string a_label;  ///< the A-label (or the NR-LDH label)
  std::string u_label;  ///< the U-label (or the NR-LDH label)
  status code = status::success;  ///< as result::code
  error_set errors;               ///< as result::errors
  std::size_t position = 0;  ///< with invalid_utf8: byte offset, in the U-label given
  std::size_t offset = 0;    ///< as result::offset
  char32_t code_point = 0;   ///< as result::code_point
  /// True when `code` is success and no rule code was recorded.
  [[nodiscard]] bool ok() const noexcept { return code == status::success && errors.empty(); }
  /// ok().
  explicit operator bool() const noexcept { return ok(); }
};
/// register_label to strings.  May throw std::bad_alloc.
[[nodiscard]] registered register_label(std::string_view u_label, std::string_view a_label,
                                        const options& o = options::for_profile(profile::registration));

}  // namespace puny::idna2008
