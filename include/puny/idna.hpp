/// \file
/// puny — internationalized domain names: UTS #46 ToASCII / ToUnicode on
/// Unicode 17.0 (Unicode IDNA Compatibility Processing, revision 35).
///
/// \code
///   auto r = puny::to_ascii("bücher.de");      // default profile (uts46)
///   if (r) std::cout << *r;                     // "xn--bcher-kva.de"
///   else   for (puny::idna_code c : r.errors) std::cerr << puny::name(c) << '\n';
/// \endcode
///
/// Two layers, as for Punycode:
///  - core functions over caller buffers: noexcept, and free of heap
///    allocation for domains up to max_stack_domain code points (longer
///    input takes working memory from the heap with std::nothrow, and
///    reports status::scratch_too_small if that fails);
///  - convenience functions returning an idna_converted<std::string> (or
///    u16string / u32string), which may allocate and may throw
///    std::bad_alloc.
///
/// Input is UTF-8 (std::string_view), UTF-16 (std::u16string_view) or
/// UTF-32 (std::u32string_view).  Ill-formed UTF-8 is status::invalid_utf8
/// with its byte offset — never replaced.  In UTF-16 and UTF-32 input a lone
/// surrogate is processed as the code point it names (disallowed: V7), as
/// IdnaTestV2 expects, and ToUnicode gives it back unchanged in UTF-16.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "detail/enum_set.hpp"
#include "status.hpp"

namespace puny {

/// The status codes of UTS #46 as IdnaTestV2 names them (P4, V1–V7, U1,
/// A3, A4_1, A4_2, B1–B6, C1, C2, X4_2), in the order their names sort, plus
/// two codes of the URL Standard's "domain to ASCII" that are puny's own
/// names (W1, W2).
enum class idna_code : std::uint8_t {
  A3,    ///< UTS #46 §4.2 ToASCII step 3: Punycode encoding failed
  A4_1,  ///< §4.2 step 4: the domain is longer than 253 (or empty)
  A4_2,  ///< §4.2 step 4: a label is empty or longer than 63
  B1,    ///< RFC 5893 §2 rule 1: first character must be L, R or AL
  B2,    ///< rule 2: RTL label has a character outside R AL AN EN ES CS ET ON BN NSM
  B3,    ///< rule 3: RTL label must end in R AL EN or AN (then NSM*)
  B4,    ///< rule 4: RTL label mixes EN and AN
  B5,    ///< rule 5: LTR label has a character outside L EN ES CS ET ON BN NSM
  B6,    ///< rule 6: LTR label must end in L or EN (then NSM*)
  C1,    ///< RFC 5892 Appendix A.1: ZERO WIDTH NON-JOINER out of context
  C2,    ///< RFC 5892 Appendix A.2: ZERO WIDTH JOINER out of context
  P4,    ///< UTS #46 §4 Processing step 4: invalid Punycode in an `xn--` label
  U1,    ///< UseSTD3ASCIIRules: ASCII other than `a-z 0-9 -`
  V1,    ///< §4.1 criterion 1: label not in NFC
  V2,    ///< criterion 2: `"--"` in the 3rd and 4th positions
  V3,    ///< criterion 3: label begins or ends with `"-"`
  V4,    ///< criterion 4: label begins with `"xn--"`
  V5,    ///< criterion 5: label contains U+002E
  V6,    ///< criterion 6: label begins with a combining mark
  V7,    ///< criterion 7: disallowed code point
  W1,    ///< URL Standard: forbidden domain code point (puny's name)
  W2,    ///< URL Standard: empty host (puny's name)
  X4_2,  ///< ToUnicode: empty label
};
/// The number of idna_code values: each has a bit in idna_errors.
inline constexpr std::size_t idna_code_count = 23;

/// The code's name as IdnaTestV2 spells it ("A4_1", "B1", ...).
[[nodiscard]] constexpr std::string_view name(idna_code c) noexcept {
  constexpr std::string_view names[idna_code_count] = {"A3", "A4_1", "A4_2", "B1", "B2", "B3", "B4", "B5",
                                                      "B6", "C1",   "C2",   "P4", "U1", "V1", "V2", "V3",
                                                      "V4", "V5",   "V6",   "V7", "W1", "W2", "X4_2"};
  return names[static_cast<std::size_t>(c)];
}

/// One English sentence fragment per code, for diagnostics.
[[nodiscard]] constexpr std::string_view message(idna_code c) noexcept {
  constexpr std::string_view messages[idna_code_count] = {
      "Punycode encoding of a label failed",
      "the domain name is empty or longer than 253 characters",
      "a label is empty or longer than 63 characters",
      "Bidi rule 1: the first character is not of Bidi class L, R or AL",
      "Bidi rule 2: a right-to-left label holds a character of a class not allowed there",
      "Bidi rule 3: a right-to-left label does not end in R, AL, EN or AN",
      "Bidi rule 4: a right-to-left label holds both European and Arabic digits",
      "Bidi rule 5: a left-to-right label holds a character of a class not allowed there",
      "Bidi rule 6: a left-to-right label does not end in L or EN",
      "ZERO WIDTH NON-JOINER not after a virama nor between joining letters",
      "ZERO WIDTH JOINER not after a virama",
      "an xn-- label is not valid Punycode of a non-ASCII label",
      "ASCII character other than a-z, 0-9 and hyphen (STD3 rules)",
      "a label is not in Normalization Form C",
      "a label has hyphens in both the third and fourth positions",
      "a label begins or ends with a hyphen",
      "a label begins with xn--",
      "a label contains a full stop",
      "a label begins with a combining mark",
      "a code point is disallowed",
      "a forbidden domain code point (URL Standard)",
      "the domain is empty (URL Standard)",
      "a label is empty",
  };
  return messages[static_cast<std::size_t>(c)];
}

/// A set of idna_code.  Iterates in name order, as IdnaTestV2 lists them.
///
/// `idna_errors{}` is the empty set (no error); `idna_errors{codes...}` the
/// set of the codes, as in `bad.errors == puny::idna_errors{puny::idna_code::C2}`.
/// Members: empty(), contains(c), size(), insert(c), erase(c), `|=` (adds
/// every code of another set), bits() (the set as a bit mask: bit i stands
/// for the idna_code of value i, the form the C API passes), from_bits(mask)
/// (bits from idna_code_count up are ignored), `==`, and a forward iterator
/// (begin(), end()) over the codes in name order.
class idna_errors : public detail::enum_set<idna_errors, idna_code, idna_code_count, std::uint32_t> {
 public:
  /// The empty set, and the set of an initializer list of codes.
  using enum_set::enum_set;
};

/// "B1, V6": the names joined with ", " in name order (IdnaTestV2's form
/// without the brackets).
[[nodiscard]] std::string to_string(idna_errors errors);

/// The version of the Unicode Character Database and IDNA data the tables
/// were generated from: "17.0.0".
[[nodiscard]] std::string_view unicode_version() noexcept;

/// Named option sets.
enum class idna_profile : std::uint8_t {
  uts46,         ///< every UTS #46 check on, nontransitional: exactly as IdnaTestV2 runs
  whatwg,        ///< URL Standard "domain to ASCII", beStrict = false
  transitional,  ///< uts46 with Transitional_Processing (deprecated IDNA2003 compatibility)
  display,       ///< uts46, and ToUnicode shows only labels that decode and validate in Unicode
};

/// Every UTS #46 flag (§4 "Processing" inputs) plus the URL Standard's and
/// the display profile's additions.  Start from a profile and override:
/// \code
///   auto o = puny::idna_options::for_profile(puny::idna_profile::whatwg);
///   o.check_bidi = false;
/// \endcode
struct idna_options {
  bool use_std3_ascii_rules = true;      ///< U1
  bool check_hyphens = true;             ///< V2, V3
  bool check_bidi = true;                ///< B1–B6
  bool check_joiners = true;             ///< C1, C2
  bool transitional_processing = false;  ///< map deviations (ß ς ZWJ ZWNJ)
  bool verify_dns_length = true;         ///< A4_1, A4_2
  bool ignore_invalid_punycode = false;  ///< keep going on a bad `xn--` label (no P4)
  // URL Standard "domain to ASCII" additions:
  /// W1 for U+0000–U+001F, space, `# % / : < > ? @ [ \ ] ^ |` and U+007F
  /// (URL Standard: forbidden domain code points).
  bool forbid_domain_code_points = false;
  bool reject_empty = false;               ///< W2 for an empty result
  bool ascii_input_lowercase_only = false; ///< all-ASCII input: lowercase and W1 check only, no UTS #46
  /// Display profile: ToUnicode keeps a label in its input form unless it
  /// decodes and passes every check; the result then carries no error codes
  /// for the labels kept.
  bool display_fallback = false;

  /// The options of profile `p`: every UTS #46 check on, then what the
  /// profile changes (see idna_profile).
  [[nodiscard]] static constexpr idna_options for_profile(idna_profile p) noexcept {
    idna_options o;
    switch (p) {
      case idna_profile::uts46:
        break;
      case idna_profile::whatwg:
        o.use_std3_ascii_rules = false;
        o.check_hyphens = false;
        o.verify_dns_length = false;
        o.forbid_domain_code_points = true;
        o.reject_empty = true;
        o.ascii_input_lowercase_only = true;
        break;
      case idna_profile::transitional:
        o.transitional_processing = true;
        break;
      case idna_profile::display:
        o.display_fallback = true;
        break;
    }
    return o;
  }
  /// Flag by flag.
  friend constexpr bool operator==(const idna_options&, const idna_options&) noexcept = default;
};

/// Largest domain, in code points after mapping, that the core functions
/// process without touching the heap.  1536 covers every domain of up to
/// 255 UTF-8 bytes: the longest mapping per byte is U+FDFA's, 18 code points
/// for 3 bytes, so 255 bytes map to at most 1530 code points.
inline constexpr std::size_t max_stack_domain = 1536;

/// What a core function did.
struct [[nodiscard]] idna_result {
  /// The `label` of a domain with no error, or whose errors are all about
  /// the whole domain (A4_1, W2).
  static constexpr std::size_t no_label = static_cast<std::size_t>(-1);
  /// success; output_too_small (nothing useful written; `needed` says how
  /// much room); invalid_utf8 (`position` is the byte offset);
  /// scratch_too_small (working memory for a huge domain was refused).
  status code = status::success;
  idna_errors errors;            ///< the UTS #46 codes recorded
  std::size_t written = 0;       ///< elements written to the output
  std::size_t needed = 0;        ///< with output_too_small: the output size needed
  std::size_t position = 0;      ///< with invalid_utf8: offset of the first bad byte
  std::size_t label = no_label;  ///< index (0-based) of the first label with an error

  /// True when `code` is success and no UTS #46 code was recorded.
  [[nodiscard]] constexpr bool ok() const noexcept { return code == status::success && errors.empty(); }
  /// ok().
  constexpr explicit operator bool() const noexcept { return ok(); }
};

/// Result of a convenience function: the string, and why it failed.
/// ToASCII leaves `value` empty when it fails; ToUnicode always fills it.
template <class String>
struct [[nodiscard]] idna_converted {
  /// idna_result::no_label.
  static constexpr std::size_t no_label = idna_result::no_label;
  String value;                  ///< the domain converted (empty when ToASCII fails)
  status code = status::success; ///< as idna_result::code
  idna_errors errors;            ///< the UTS #46 codes recorded
  std::size_t position = 0;      ///< with invalid_utf8: offset of the first bad byte
  std::size_t label = no_label;  ///< index (0-based) of the first label with an error

  /// True when `code` is success and no UTS #46 code was recorded.
  [[nodiscard]] bool ok() const noexcept { return code == status::success && errors.empty(); }
  /// ok(): `if (auto r = puny::to_ascii(name)) use(*r);`.
  explicit operator bool() const noexcept { return ok(); }
  /// The string, as with std::optional.
  [[nodiscard]] const String& operator*() const& noexcept { return value; }
  /// The string, moved out of an rvalue so that it is not copied.
  [[nodiscard]] String&& operator*() && noexcept { return std::move(value); }
  /// Member access to the string.
  [[nodiscard]] const String* operator->() const noexcept { return &value; }
};

// ---------------------------------------------------------------------------
// Core functions over caller buffers.  Output sizes: ToASCII needs at most
// 4 × (input code points) + 4 × labels, ToUnicode at most 18 × input code
// points (the longest UTS #46 mapping) — or ask with an empty span and
// read `needed`.  ToASCII writes only when it succeeds.

/// \name ToASCII into a caller buffer
///@{

/// UTS #46 ToASCII (§4.2) of a UTF-8, UTF-16 or UTF-32 `domain` into `out`.
/// Writes only when it succeeds; `out` needs at most 4 × (input code
/// points) + 4 × labels characters, or pass an empty span and read `needed`.
/// No heap for domains up to max_stack_domain code points.
[[nodiscard]] idna_result to_ascii(std::string_view domain, std::span<char> out,
                                   const idna_options& options = {}) noexcept;
[[nodiscard]] idna_result to_ascii(std::u16string_view domain, std::span<char> out,
                                   const idna_options& options = {}) noexcept;
[[nodiscard]] idna_result to_ascii(std::u32string_view domain, std::span<char> out,
                                   const idna_options& options = {}) noexcept;
///@}

/// \name ToUnicode into a caller buffer
///@{

/// UTS #46 ToUnicode (§4.3) of a `domain` into `out`, in the encoding of the
/// input.  The result is written whether or not codes are recorded (ToUnicode
/// always has one); `out` needs at most 18 × input code points (the longest
/// UTS #46 mapping), or pass an empty span and read `needed`.
[[nodiscard]] idna_result to_unicode(std::string_view domain, std::span<char> out,
                                     const idna_options& options = {}) noexcept;
[[nodiscard]] idna_result to_unicode(std::u16string_view domain, std::span<char16_t> out,
                                     const idna_options& options = {}) noexcept;
[[nodiscard]] idna_result to_unicode(std::u32string_view domain, std::span<char32_t> out,
                                     const idna_options& options = {}) noexcept;
///@}

// ---------------------------------------------------------------------------
// Convenience functions.

/// \name ToASCII to a string
///@{

/// UTS #46 ToASCII (§4.2) of a UTF-8, UTF-16 or UTF-32 `domain`: the ACE
/// form ("xn--bcher-kva.de"), or an empty `value` and the reasons.  May
/// throw std::bad_alloc; errors are never thrown.
[[nodiscard]] idna_converted<std::string> to_ascii(std::string_view domain, const idna_options& options = {});
[[nodiscard]] idna_converted<std::string> to_ascii(std::u16string_view domain, const idna_options& options = {});
[[nodiscard]] idna_converted<std::string> to_ascii(std::u32string_view domain, const idna_options& options = {});
///@}

/// \name ToUnicode to a string
///@{

/// UTS #46 ToUnicode (§4.3) of a `domain`, in the encoding of the input.  The
/// `value` is always filled, with the codes recorded beside it.  May throw
/// std::bad_alloc; errors are never thrown.
[[nodiscard]] idna_converted<std::string> to_unicode(std::string_view domain, const idna_options& options = {});
[[nodiscard]] idna_converted<std::u16string> to_unicode(std::u16string_view domain,
                                                        const idna_options& options = {});
[[nodiscard]] idna_converted<std::u32string> to_unicode(std::u32string_view domain,
                                                        const idna_options& options = {});
///@}

/// Profile shorthand: puny::to_ascii("example.com", puny::idna_profile::whatwg).
[[nodiscard]] inline idna_converted<std::string> to_ascii(std::string_view domain, idna_profile p) {
  return to_ascii(domain, idna_options::for_profile(p));
}
/// Profile shorthand: puny::to_unicode("xn--bcher-kva.de", puny::idna_profile::display).
[[nodiscard]] inline idna_converted<std::string> to_unicode(std::string_view domain, idna_profile p) {
  return to_unicode(domain, idna_options::for_profile(p));
}

}  // namespace puny
