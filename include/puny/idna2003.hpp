/// \file
/// puny — IDNA2003 (RFC 3490 ToASCII / ToUnicode with Nameprep, RFC 3491,
/// a Stringprep profile, RFC 3454) over Unicode 3.2, for interoperability
/// with java.net.IDN, Python's `encodings.idna`, libidn 1.x and older DNS
/// software, and to show how names convert differently under IDNA2003,
/// IDNA2008 and UTS #46 (`faß.de`: `fass.de` here).
///
/// \code
///   auto a = puny::idna2003::to_ascii("faß.de");           // "fass.de"
///   auto u = puny::idna2003::to_unicode("xn--zca.de");     // "xn--zca.de": ß re-encodes as "ss"
///   // u.ok() is false: u.errors == {ROUNDTRIP_MISMATCH}, and the label is given back unchanged
/// \endcode
///
/// Everything is pinned to Unicode 3.2 as RFC 3491 requires: mapping
/// tables B.1 and B.2 exactly as RFC 3454 publishes them, NFKC with the
/// Unicode 3.2 data (Corrigendum 3 already in it; not the later
/// Corrigendum 4), prohibited tables C.1.2, C.2.2, C.3-C.9, the §6 Bidi
/// rule with D.1/D.2, and A.1 for unassigned code points.  The four label
/// separators U+002E U+3002 U+FF0E U+FF61 all split labels and are written
/// as U+002E.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "detail/enum_set.hpp"
#include "detail/standard_result.hpp"
#include "status.hpp"

namespace puny::idna2003 {

/// The rules a label can break, in the order their names sort.
enum class error : std::uint8_t {
  ace_prefix_present,          ///< RFC 3490 §4.1 step 5: a non-ASCII label begins with the ACE prefix
  bidi_both_l_and_ral,         ///< RFC 3454 §6 rule 2: RandALCat (D.1) and LCat (D.2) in one label
  bidi_prohibited,             ///< RFC 3454 §6 rule 1: a character of table C.8
  bidi_ral_not_first_last,     ///< RFC 3454 §6 rule 3: a RandALCat label not starting and ending with RandALCat
  invalid_length,              ///< RFC 3490 §4.1 step 8: the label is empty or over 63 code points
  leading_or_trailing_hyphen,  ///< RFC 3490 §4.1 step 3b (UseSTD3ASCIIRules)
  name_too_long,               ///< the name is over 253 octets in ASCII form (only with verify_dns_length)
  non_ldh_ascii,               ///< RFC 3490 §4.1 step 3a (UseSTD3ASCIIRules): ASCII other than LDH
  prohibited,                  ///< RFC 3491 §5: a code point of C.1.2, C.2.2, C.3-C.7 or C.9
  punycode_error,              ///< RFC 3490 §4.1 step 6 / §4.2 step 5; RFC 3492 §6: encoding or decoding failed
  roundtrip_mismatch,          ///< RFC 3490 §4.2 step 7: ToASCII of the decoded label is not the input
  unassigned,                  ///< RFC 3491 §7, RFC 3454 §7: a code point of A.1, AllowUnassigned off
};
/// The number of error values.
inline constexpr std::size_t error_count = 12;

/// "PROHIBITED", "ACE_PREFIX_PRESENT", ...: the enumerator in upper case.
[[nodiscard]] std::string_view name(error e) noexcept;
/// An English sentence fragment.
[[nodiscard]] std::string_view message(error e) noexcept;
/// The sections that state the rule: "RFC 3491 §5; RFC 3454 §5".
[[nodiscard]] std::string_view rule(error e) noexcept;

/// A set of error values, iterated in name order.
class error_set : public puny::detail::enum_set<error_set, error, error_count, std::uint32_t> {
 public:
  using enum_set::enum_set;
};

/// "PROHIBITED, UNASSIGNED": the names joined with ", " in name order.
[[nodiscard]] std::string to_string(error_set errors);

/// Which definition of "blocked" NFKC uses (Public Review Issue 29).
enum class composition : std::uint8_t {
  /// UAX #15 D2' as corrected after PRI #29 (Corrigendum 5): a character
  /// of equal or higher class between two characters blocks their
  /// composition.  Java, Python and ICU do this; NFKC is then idempotent.
  corrected,
  /// The Unicode 3.2 text of D2, as libidn 1.x keeps it
  /// (U+1100 U+0300 U+1161 composes to U+AC00 U+0300).
  unicode_3_2_text,
};

/// The two flags of RFC 3490 §4, plus puny's.
struct options {
  /// AllowUnassigned: code points unassigned in Unicode 3.2 (table A.1)
  /// pass through ("query" strings).  Off: UNASSIGNED ("stored" strings).
  bool allow_unassigned = false;
  /// UseSTD3ASCIIRules: after Nameprep, only LDH ASCII, no "-" at either end.
  bool use_std3_ascii_rules = false;
  /// NAME_TOO_LONG over 253 octets.  RFC 3490 sets no limit on the whole
  /// name, and libidn, Java and Python check none.
  bool verify_dns_length = false;
  /// The NFKC of Nameprep step 2 (see composition).
  composition nfkc = composition::corrected;
  /// Flag by flag.
  friend constexpr bool operator==(const options&, const options&) noexcept = default;
};

/// What a core function did (see detail::standard_result): `label` is the
/// first failing label, `offset` and `code_point` locate the offending code
/// point in the label as given, where there is one.
using result = puny::detail::standard_result<error_set>;
/// Result of a convenience function.
template <class String>
using converted = puny::detail::standard_converted<String, error_set>;

/// \name Nameprep (RFC 3491) of one label
///@{

/// Map (B.1, B.2), NFKC (Unicode 3.2), prohibit (C.1.2, C.2.2, C.3-C.9),
/// check Bidi (§6) and, unless allow_unassigned, unassigned code points
/// (A.1).  Writes only when it succeeds; `out` needs at most
/// 18 × (input code points) elements (U+FDFA), or pass an empty span and
/// read `needed`.  Separators are not special here: Nameprep is per label.
[[nodiscard]] result nameprep(std::u32string_view label, std::span<char32_t> out, const options& o = {}) noexcept;
[[nodiscard]] result nameprep(std::string_view label, std::span<char> out, const options& o = {}) noexcept;
/// Nameprep to a string; `value` is empty when it fails.
[[nodiscard]] converted<std::string> nameprep(std::string_view label, const options& o = {});
///@}

/// \name ToASCII (RFC 3490 §4.1) of a whole name
///@{

/// Every label through ToASCII, the separators written as U+002E, one
/// trailing dot (the root) kept.  Writes only when it succeeds; `out`
/// needs at most 4 × 18 × (input code points) + 4 × labels characters, or
/// pass an empty span and read `needed`.
[[nodiscard]] result to_ascii(std::string_view domain, std::span<char> out, const options& o = {}) noexcept;
[[nodiscard]] result to_ascii(std::u32string_view domain, std::span<char> out, const options& o = {}) noexcept;
/// ToASCII to a string; `value` is empty when it fails.
[[nodiscard]] converted<std::string> to_ascii(std::string_view domain, const options& o = {});
///@}

/// \name ToUnicode (RFC 3490 §4.2) of a whole name
///@{

/// Every label through ToUnicode, which never fails: a label whose
/// conversion fails at any step is given back exactly as it was in the
/// input, and `errors` says why (so `ok()` is false although the output is
/// complete).  The separators are written as U+002E (as libidn and Java
/// do).  The basic letters of a decoded label keep the case they had
/// (`XN--MLLER-KVA` → `MüLLER`).  A label without the ACE prefix is given
/// back as it was (RFC 3490 §4.2 step 3): that is not an error.  Always
/// writes; `out` needs at most 4 × input bytes (UTF-8: one Punycode digit
/// may stand for a 4-byte code point) or the input's length (UTF-32), or
/// pass an empty span and read `needed`.
[[nodiscard]] result to_unicode(std::string_view domain, std::span<char> out, const options& o = {}) noexcept;
[[nodiscard]] result to_unicode(std::u32string_view domain, std::span<char32_t> out,
                                const options& o = {}) noexcept;
/// ToUnicode to a string; `value` is always filled.
[[nodiscard]] converted<std::string> to_unicode(std::string_view domain, const options& o = {});
///@}

}  // namespace puny::idna2003
