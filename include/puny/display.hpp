/// \file
/// puny — is this name safe to show?  The per-label decision "Unicode or
/// `xn--`" that browsers make before showing a domain, with the reason,
/// under a named policy.
///
/// \code
///   auto d = puny::display("xn--80ak6aa92e.com");          // аррӏе.com
///   std::cout << d.value;                                  // "xn--80ak6aa92e.com"
///   for (const puny::label_display& l : d.labels)
///     for (puny::display_reason r : l.reasons)
///       std::cout << puny::name(r) << ": " << l.detail << '\n';
///   // whole_script_confusable: the Cyrillic letters а р ӏ е all look like Latin letters ...
/// \endcode
///
/// Policies (display_policy), each documented in docs/display.md with its
/// source:
///  - chromium: Chromium's IdnSpoofChecker (components/url_formatter/
///    spoof_checks/idn_spoof_checker.cc) as of Unicode 17 / ICU 78.2, rule
///    for rule, with the look-alike check against the caller's protected
///    domains (display_options::protect) in place of Chromium's top-domain
///    list.  The Linux form of its tables (Thai).
///  - firefox: Gecko's nsIDNService::IsLabelSafe (always highly
///    restrictive), its character blocklist and its rules.
///  - uts39_highly_restrictive, uts39_moderately_restrictive: UTS #39 alone:
///    the identifier profile, the restriction level, mixed numbers and the
///    §5.4 detections.
///  - ascii: every label that is not ASCII is shown as `xn--`.
///
/// The input may be in any form UTS #46 accepts (ACE, Unicode, mixed
/// case, the separators U+3002 U+FF0E U+FF61): each label is converted on
/// its own by ToUnicode (nontransitional, CheckHyphens, CheckBidi, with the
/// Bidi rule applied to a label when that label is right-to-left, as
/// Chromium's uidna_labelToUnicode does; CheckJoiners and UseSTD3ASCIIRules
/// with every policy but chromium, whose ICU converter sets neither).  A
/// label with UTS #46 errors is shown as it was given and is never "shown in
/// Unicode" (reason invalid; an empty label other than the last, the root,
/// is X4_2).  A label that is ASCII after mapping needs no decision: it is
/// shown, with no reason.  The display string always converts back, by
/// ToASCII, to the ToASCII of the input.
///
/// The TLD the policies read is the last label, a trailing dot (the root)
/// not counted: `xn--ll-0ea.cat.` is decided under `.cat`.  (Chromium's
/// GetTopLevelDomain takes the text after the last dot, empty for such a
/// name; docs/display.md lists this and puny's other departures.)
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "detail/enum_set.hpp"
#include "idna.hpp"
#include "lookalike.hpp"
#include "security.hpp"
#include "status.hpp"

namespace puny {

/// The display policies.
enum class display_policy : std::uint8_t {
  chromium,                      ///< Chromium's IdnSpoofChecker (Unicode 17 / ICU 78.2)
  firefox,                       ///< Firefox's nsIDNService::IsLabelSafe
  uts39_highly_restrictive,      ///< UTS #39 §5.2 Highly Restrictive, with §5.3 and §5.4
  uts39_moderately_restrictive,  ///< UTS #39 §5.2 Moderately Restrictive, with §5.3 and §5.4
  ascii,                         ///< never show Unicode ("always Punycode")
};
/// The number of display_policy values.
inline constexpr std::size_t display_policy_count = 5;
/// "chromium", "firefox", "uts39-highly-restrictive",
/// "uts39-moderately-restrictive", "ascii": the names the command line takes.
[[nodiscard]] std::string_view name(display_policy p) noexcept;
/// The policy of a name() (exact, lowercase), or nothing.
[[nodiscard]] std::optional<display_policy> display_policy_from_name(std::string_view name) noexcept;

/// Why a label is not shown in Unicode (or why the name is not ok).
enum class display_reason : std::uint8_t {
  invalid,                  ///< the label is not valid under UTS #46 (it has error codes)
  character_not_allowed,    ///< a character outside the policy's allowed set (UTS #39 §3.1 profile, adjusted)
  deny_listed_character,    ///< a character on the policy's or the caller's block list
  script_not_allowed,       ///< a script outside display_options::allowed_scripts
  restriction_level,        ///< a mix of scripts above the policy's restriction level (UTS #39 §5.2)
  mixed_numbers,            ///< digits of more than one numbering system (UTS #39 §5.3)
  invisible_or_hidden_marks,///< repeated or too many nonspacing marks, or a hidden overlay (UTS #39 §5.4)
  whole_script_confusable,  ///< every letter of the label looks like a Latin letter (or the TLD's script)
  digit_lookalike,          ///< the label is digits and characters that look like digits
  tld_specific_character,   ///< þ ð ə, U+00B7 and other characters allowed only under their TLD
  dangerous_pattern,        ///< a pattern of Kana, CJK strokes or combining marks browsers reject
  non_ascii_latin_mixed,    ///< non-ASCII Latin mixed with another script
  lookalike_of_protected,   ///< the name looks like a protected domain (display_result::lookalike_of)
  ascii_policy,             ///< the ascii policy shows no label in Unicode
};
/// The number of display_reason values.
inline constexpr std::size_t display_reason_count = 14;
/// "whole_script_confusable" (the enumerator's name: the jsonl form).
[[nodiscard]] std::string_view name(display_reason r) noexcept;
/// One English phrase per reason.
[[nodiscard]] std::string_view message(display_reason r) noexcept;

/// A set of display_reason, iterated in enumerator order.
///
/// `display_reasons{}` is the empty set; `display_reasons{reasons...}` the
/// set of the reasons.  Members: empty(), contains(r), size(), insert(r),
/// erase(r), `|=` (adds every reason of another set), bits() (bit i stands
/// for the display_reason of value i), from_bits(mask) (bits from
/// display_reason_count up are ignored), `==`, and a forward iterator
/// (begin(), end()) over the reasons in enumerator order.
class display_reasons : public detail::enum_set<display_reasons, display_reason, display_reason_count, std::uint32_t> {
 public:
  /// The empty set, and the set of an initializer list of reasons.
  using enum_set::enum_set;
};

/// What a caller can set beyond the policy.
struct display_options {
  display_policy policy = display_policy::chromium;  ///< the rules
  /// Protected domains: a name that looks like one of them (and is not it
  /// nor a subdomain of it) is shown in ASCII, reason lookalike_of_protected.
  /// Consulted by every policy but ascii, only for names with a valid
  /// non-ASCII label, on the display string as the labels' decisions made it
  /// (Chromium's GetSimilarTopDomain).  When that finds nothing but a label
  /// was kept in ASCII for another reason, the name with every valid label
  /// in Unicode is looked up too, to report the domain it imitates
  /// (display_result::lookalike, reason lookalike_of_protected; the display
  /// string is then left as it is).  Not owned; must outlive the call.
  const lookalike_index* protect = nullptr;
  /// Characters the policy's allowed set gains (any order, searched linearly).
  std::u32string_view allowed_characters{};
  /// Characters never shown in Unicode (reason deny_listed_character); wins
  /// over allowed_characters.
  std::u32string_view blocked_characters{};
  /// When not empty: a label with a character whose Script (not Common,
  /// Inherited) is outside the set is not shown (reason script_not_allowed).
  script_set allowed_scripts{};
  /// Unicode 17.0's Han and Bopomofo choice (identifier_profile::cjk):
  /// strict17 by default, as Chromium on ICU 78; cjk_compat shows the
  /// Latin+Han+Bopomofo names Firefox's tests expect.
  han_bopomofo cjk = han_bopomofo::strict17;
};

/// The decision for one label, in a caller's array (core function).
struct label_verdict {
  std::size_t offset = 0;        ///< where the label's shown form starts in the output
  std::size_t length = 0;        ///< its length (UTF-8 bytes)
  bool non_ascii = false;        ///< the label is an IDN label (has a Unicode form that is not ASCII)
  bool shown_unicode = false;    ///< the Unicode form is shown (false for ASCII labels)
  display_reasons reasons;       ///< why it is not shown in Unicode (empty when shown or ASCII)
  idna_errors errors;            ///< its UTS #46 codes (with reason invalid)
  /// The character that decided the first reason, when one did, and its
  /// index in code points in the label's Unicode form.
  char32_t code_point = 0;
  std::size_t code_point_index = 0;  ///< the index of code_point, in code points of the label's Unicode form
};

/// What the core display() did.
struct [[nodiscard]] display_result {
  /// The `lookalike` of a name that looks like no protected domain.
  static constexpr std::size_t no_lookalike = static_cast<std::size_t>(-1);
  /// success; output_too_small (`needed` says how much room, nothing useful
  /// written); invalid_utf8 (`position` is the byte offset);
  /// scratch_too_small (the heap refused working memory for a huge name).
  status code = status::success;
  std::size_t written = 0;        ///< bytes of display string written
  std::size_t needed = 0;         ///< with output_too_small: bytes that are enough
  std::size_t position = 0;       ///< with invalid_utf8: offset of the first bad byte
  idna_errors errors;             ///< UTS #46 codes of the whole name
  std::size_t labels = 0;         ///< labels in the name (verdicts beyond the span's size are not written)
  display_reasons reasons;        ///< union of the labels' reasons, and lookalike_of_protected
  std::size_t lookalike = no_lookalike;  ///< the id in display_options::protect of the domain it looks like
  /// Every label valid and shown in its Unicode form (or ASCII), and no
  /// look-alike: the name displays as itself.
  [[nodiscard]] constexpr bool ok() const noexcept { return code == status::success && reasons.empty(); }
  /// ok().
  constexpr explicit operator bool() const noexcept { return ok(); }
};

/// Room display() needs for a domain of `n` UTF-8 bytes: each label's
/// shown form is its Unicode form (at most 18 × the code points of the
/// input, UTS #46 mapping) or its ACE form.
[[nodiscard]] constexpr std::size_t display_buffer_size(std::size_t n) noexcept { return 18 * n + 64; }

/// \name The display decision into caller buffers
///@{

/// The display string of `domain` into `out`, and one verdict per label
/// into `labels` (give at least 128; a domain of up to 253 bytes has at
/// most 127 labels).  noexcept, linear, allocation-free for any name of up
/// to 255 bytes (longer ones take working memory from the heap with
/// std::nothrow: status::scratch_too_small if it is refused).
[[nodiscard]] display_result display(std::string_view domain, std::span<char> out,
                                     std::span<label_verdict> labels,
                                     const display_options& options = {}) noexcept;
///@}

/// One label's decision, with its forms and an explanation.
struct label_display {
  std::string unicode;        ///< the label after ToUnicode (as given when invalid)
  std::string ascii;          ///< its ACE form (ToASCII; as given when invalid)
  bool non_ascii = false;     ///< an IDN label
  bool shown_unicode = false; ///< `unicode` is shown; otherwise `ascii` (or the label as given)
  display_reasons reasons;    ///< why not
  idna_errors errors;         ///< UTS #46 codes of the label
  char32_t code_point = 0;    ///< the character that decided the first reason, if one did
  std::size_t code_point_index = 0;  ///< its index in code points in `unicode`
  /// English: what decided, naming the characters and their scripts
  /// ("the Cyrillic letters а р ӏ е all look like Latin letters, and the
  /// TLD .com is not Cyrillic"); empty when shown.
  std::string detail;
};

/// Result of the display() wrapper.
struct [[nodiscard]] display_outcome {
  std::string value;               ///< the display string
  status code = status::success;   ///< success or invalid_utf8
  std::size_t position = 0;        ///< with invalid_utf8: the byte offset
  idna_errors errors;              ///< UTS #46 codes of the whole name
  display_reasons reasons;         ///< union over the labels, and lookalike_of_protected
  std::vector<label_display> labels;  ///< one per label
  std::optional<std::string> lookalike_of;  ///< the protected domain it looks like
  /// As display_result::ok().
  [[nodiscard]] bool ok() const noexcept { return code == status::success && reasons.empty(); }
  /// ok().
  explicit operator bool() const noexcept { return ok(); }
  /// The display string.
  [[nodiscard]] const std::string& operator*() const& noexcept { return value; }
};

/// The display decision as strings, with explanations (may throw
/// std::bad_alloc).
[[nodiscard]] display_outcome display(std::string_view domain, const display_options& options = {});
/// Policy shorthand: puny::display("xn--80ak6aa92e.com", puny::display_policy::firefox).
[[nodiscard]] inline display_outcome display(std::string_view domain, display_policy policy) {
  display_options o;
  o.policy = policy;
  return display(domain, o);
}

}  // namespace puny
