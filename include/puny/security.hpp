/// \file
/// puny — Unicode Security Mechanisms (UTS #39 revision 32, Unicode 17.0):
/// identifier properties, script sets, restriction levels, mixed numbers,
/// the optional detections, and confusable skeletons.
///
/// \code
///   puny::restriction_level_of("раураl");                // minimally_restrictive: Cyrillic with Latin (§5.2)
///   *puny::skeleton("раураl") == *puny::skeleton("paypal"); // true: confusable (§4)
///   puny::confusable("раураl", "paypal").mixed_script;      // true
/// \endcode
///
/// Every per-code-point property comes from the Unicode 17.0 data files
/// (IdentifierStatus.txt, IdentifierType.txt, Scripts.txt,
/// ScriptExtensions.txt, confusables.txt, DerivedCoreProperties.txt,
/// UnicodeData.txt), compiled into tables by tools/gen_security_tables.py.
///
/// Two layers, as for the rest of puny: core functions that are noexcept
/// and allocation-free (skeletons over caller buffers), and wrappers
/// returning strings that may throw std::bad_alloc.  UTF-8 input that is
/// ill-formed is status::invalid_utf8 at its byte offset, never replaced.
/// UTF-32 input may hold any char32_t: a surrogate or a value above
/// U+10FFFF has the properties of an unassigned code point (Restricted,
/// Not_Character, script Unknown) and maps to itself in a skeleton.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>

#include "detail/enum_set.hpp"
#include "punycode.hpp"
#include "script.hpp"
#include "status.hpp"

namespace puny {

// ---------------------------------------------------------------------------
// Script sets (UTS #39 §5.1)

/// A set of scripts: the Script_Extensions of a code point, an augmented
/// script set, a resolved script set.  Holds every puny::script, the three
/// ISO 15924 writing-system codes Hanb, Jpan and Kore included.
class script_set {
 public:
  /// The empty set.
  constexpr script_set() noexcept = default;
  /// The set of `scripts`.
  constexpr script_set(std::initializer_list<script> scripts) noexcept {
    for (script s : scripts) insert(s);
  }
  /// Every script: UTS #39 §5.1 "ALL", the augmented set of a character
  /// whose Script_Extensions is {Common} or {Inherited}.
  [[nodiscard]] static constexpr script_set all() noexcept {
    // Word by word, so that the compiler folds it to three constants.
    script_set s;
    for (std::size_t w = 0; w < 3; ++w) {
      const std::size_t first = w * 64;
      const std::size_t bits = script_count <= first ? 0 : script_count - first >= 64 ? 64 : script_count - first;
      s.words_[w] = bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
    }
    return s;
  }
  /// True when no script is in the set (a mixed-script string's resolved set).
  [[nodiscard]] constexpr bool empty() const noexcept { return (words_[0] | words_[1] | words_[2]) == 0; }
  /// True when the set is all().
  [[nodiscard]] constexpr bool is_all() const noexcept { return *this == all(); }
  /// True when `s` is in the set.
  [[nodiscard]] constexpr bool contains(script s) const noexcept {
    const auto i = static_cast<std::size_t>(s);
    return (words_[i / 64] >> (i % 64)) & 1u;
  }
  /// The number of scripts in the set.
  [[nodiscard]] constexpr std::size_t size() const noexcept {
    std::size_t n = 0;
    for (std::uint64_t w : words_)
      for (; w != 0; w &= w - 1) ++n;
    return n;
  }
  /// Adds `s`.
  constexpr void insert(script s) noexcept {
    const auto i = static_cast<std::size_t>(s);
    words_[i / 64] |= std::uint64_t{1} << (i % 64);
  }
  /// Removes `s`.
  constexpr void erase(script s) noexcept {
    const auto i = static_cast<std::size_t>(s);
    words_[i / 64] &= ~(std::uint64_t{1} << (i % 64));
  }
  /// Intersection in place.
  constexpr script_set& operator&=(const script_set& o) noexcept {
    for (std::size_t i = 0; i < 3; ++i) words_[i] &= o.words_[i];
    return *this;
  }
  /// Union in place.
  constexpr script_set& operator|=(const script_set& o) noexcept {
    for (std::size_t i = 0; i < 3; ++i) words_[i] |= o.words_[i];
    return *this;
  }
  /// Intersection.
  [[nodiscard]] friend constexpr script_set operator&(script_set a, const script_set& b) noexcept { return a &= b; }
  /// Union.
  [[nodiscard]] friend constexpr script_set operator|(script_set a, const script_set& b) noexcept { return a |= b; }
  /// True when both hold the same scripts.
  friend constexpr bool operator==(const script_set&, const script_set&) noexcept = default;

  /// A forward iterator over the scripts of the set, in puny::script order.
  class iterator {
   public:
    using value_type = script;               ///< The scripts.
    using difference_type = std::ptrdiff_t;  ///< As std::forward_iterator requires.
    /// The end iterator.
    constexpr iterator() noexcept = default;
    /// The scripts of `set` from index `at` on.
    constexpr iterator(const script_set* set, std::size_t at) noexcept : set_(set), at_(at) { skip(); }
    /// The current script.
    constexpr script operator*() const noexcept { return static_cast<script>(at_); }
    /// The next script of the set.
    constexpr iterator& operator++() noexcept {
      ++at_;
      skip();
      return *this;
    }
    /// The next script; returns the iterator as it was.
    constexpr iterator operator++(int) noexcept {
      iterator old = *this;
      ++*this;
      return old;
    }
    /// True when both are at the same place.
    friend constexpr bool operator==(const iterator& a, const iterator& b) noexcept { return a.at_ == b.at_; }

   private:
    constexpr void skip() noexcept {
      while (set_ != nullptr && at_ < script_count && !set_->contains(static_cast<script>(at_))) ++at_;
      if (set_ == nullptr) at_ = script_count;
    }
    const script_set* set_ = nullptr;
    std::size_t at_ = script_count;
  };
  /// The first script of the set.
  [[nodiscard]] constexpr iterator begin() const noexcept { return iterator(this, 0); }
  /// Past the last script.
  [[nodiscard]] constexpr iterator end() const noexcept { return iterator(); }

 private:
  static_assert(script_count <= 192, "script_set holds at most 192 scripts");
  std::array<std::uint64_t, 3> words_{};
};

/// "Latn Grek": the short names (ISO 15924 codes) joined with spaces, in
/// puny::script order; "ALL" for script_set::all(), "" for the empty set.
[[nodiscard]] std::string to_string(const script_set& scripts);

// ---------------------------------------------------------------------------
// Per code point (UTS #39 §3.1, Table 1; UAX #24)

/// Identifier_Status (IdentifierStatus.txt): Allowed, or Restricted (the
/// default of every code point not listed).
enum class identifier_status : std::uint8_t {
  restricted,  ///< not in the General Security Profile
  allowed,     ///< in the General Security Profile (§3.1)
};

/// The values of Identifier_Type (IdentifierType.txt), most restrictive
/// first, as the file lists them.
enum class identifier_type : std::uint8_t {
  not_character,      ///< Not_Character: unassigned, private use, surrogate or noncharacter
  deprecated,         ///< Deprecated (PropList.txt)
  default_ignorable,  ///< Default_Ignorable: invisible in normal rendering
  not_nfkc,           ///< Not_NFKC: changed by NFKC
  not_xid,            ///< Not_XID: not an identifier character (UAX #31)
  exclusion,          ///< Exclusion: a historic script no longer in customary use (UAX #31 Table 4)
  obsolete,           ///< Obsolete: no longer in modern customary use
  technical,          ///< Technical: specialized use only (UAX #31)
  uncommon_use,       ///< Uncommon_Use: not in common modern use
  limited_use,        ///< Limited_Use: a script in limited modern use (UAX #31 Table 7)
  inclusion,          ///< Inclusion: punctuation admitted in identifiers (UAX #31 Table 3)
  recommended,        ///< Recommended: a script in widespread modern use (UAX #31 Table 5)
};
/// The number of identifier_type values.
inline constexpr std::size_t identifier_type_count = 12;

/// The value's name as the data file spells it ("Limited_Use").
[[nodiscard]] constexpr std::string_view name(identifier_type t) noexcept {
  constexpr std::string_view names[identifier_type_count] = {
      "Not_Character", "Deprecated",   "Default_Ignorable", "Not_NFKC",    "Not_XID",   "Exclusion",
      "Obsolete",      "Technical",    "Uncommon_Use",      "Limited_Use", "Inclusion", "Recommended"};
  return names[static_cast<std::size_t>(t)];
}
/// "Allowed" or "Restricted".
[[nodiscard]] constexpr std::string_view name(identifier_status s) noexcept {
  return s == identifier_status::allowed ? "Allowed" : "Restricted";
}

/// Identifier_Type is multi-valued: a code point has a set of them
/// ("Limited_Use Technical").
class identifier_types {
 public:
  /// The empty set.
  constexpr identifier_types() noexcept = default;
  /// The set of `types`.
  constexpr identifier_types(std::initializer_list<identifier_type> types) noexcept {
    for (identifier_type t : types) bits_ |= bit(t);
  }
  /// True when `t` is in the set.
  [[nodiscard]] constexpr bool contains(identifier_type t) const noexcept { return (bits_ & bit(t)) != 0; }
  /// True when the set is empty (never, for a code point).
  [[nodiscard]] constexpr bool empty() const noexcept { return bits_ == 0; }
  /// Bit i stands for the identifier_type of value i.
  [[nodiscard]] constexpr std::uint16_t bits() const noexcept { return bits_; }
  /// The set of a bits() mask (bits from identifier_type_count up are ignored).
  [[nodiscard]] static constexpr identifier_types from_bits(std::uint16_t b) noexcept {
    identifier_types t;
    t.bits_ = static_cast<std::uint16_t>(b & ((1u << identifier_type_count) - 1));
    return t;
  }
  /// True when both hold the same values.
  friend constexpr bool operator==(identifier_types, identifier_types) noexcept = default;

 private:
  static constexpr std::uint16_t bit(identifier_type t) noexcept {
    return static_cast<std::uint16_t>(1u << static_cast<unsigned>(t));
  }
  std::uint16_t bits_ = 0;
};

/// "Limited_Use Technical": the names joined with spaces, in file order.
[[nodiscard]] std::string to_string(identifier_types types);

/// Identifier_Status of `cp` (UTS #39 §3.1).
[[nodiscard]] identifier_status identifier_status_of(char32_t cp) noexcept;
/// Identifier_Type of `cp` (UTS #39 §3.1 Table 1).
[[nodiscard]] identifier_types identifier_types_of(char32_t cp) noexcept;
/// Script of `cp` (UAX #24, Scripts.txt; script::unknown when unlisted).
[[nodiscard]] script script_of(char32_t cp) noexcept;
/// Script_Extensions of `cp` (UAX #24, ScriptExtensions.txt; {Script} when
/// unlisted).
[[nodiscard]] script_set script_extensions_of(char32_t cp) noexcept;
/// The augmented script set of `cp` (UTS #39 §5.1): Script_Extensions with
/// Hanb, Jpan and Kore added for Han, Hiragana, Katakana, Hangul and
/// Bopomofo, and script_set::all() for {Common} or {Inherited}.
[[nodiscard]] script_set augmented_script_set_of(char32_t cp) noexcept;

// ---------------------------------------------------------------------------
// Per string (UTS #39 §5)

/// The restriction levels of UTS #39 §5.2, least permissive first.
enum class restriction_level : std::uint8_t {
  ascii_only = 1,          ///< every character ASCII (and in the profile)
  single_script,           ///< in the profile, one script (resolved set not empty)
  highly_restrictive,      ///< ... or Latin with Han+Bopomofo, Han+Hiragana+Katakana or Han+Hangul
  moderately_restrictive,  ///< ... or Latin with one other Recommended script, not Cyrillic or Greek
  minimally_restrictive,   ///< in the profile, any mix of scripts
  unrestricted,            ///< a character outside the profile
};
/// "highly_restrictive" (the enumerator's name).
[[nodiscard]] std::string_view name(restriction_level level) noexcept;
/// "Highly Restrictive" (the name UTS #39 §5.2 gives the level).
[[nodiscard]] std::string_view title(restriction_level level) noexcept;

/// Which characters form the identifier profile (UTS #39 §3.1), the set a
/// string must stay within for every level below unrestricted.
///
/// Unicode 17.0 made every Bopomofo character Limited_Use and all but 19,842
/// Han ideographs Uncommon_Use, so a Latin+Han+Bopomofo string is no longer
/// Highly Restrictive by the data alone (see docs/security.md).  Choose:
enum class han_bopomofo : std::uint8_t {
  strict17,    ///< Identifier_Status as Unicode 17.0 has it (the default)
  cjk_compat,  ///< also allow every Unified_Ideograph and every Bopomofo character, as before 17.0
};

/// The identifier profile: Identifier_Status=Allowed, adjusted.
struct identifier_profile {
  han_bopomofo cjk = han_bopomofo::strict17;  ///< the Unicode 17 choice for Han and Bopomofo
  /// Characters added to the profile (any order; searched linearly, keep it short).
  std::u32string_view extra_allowed{};
  /// Characters removed from the profile; wins over extra_allowed.
  std::u32string_view extra_blocked{};

  /// True when `cp` is in this profile.
  [[nodiscard]] bool allows(char32_t cp) const noexcept;
};

/// The detections of UTS #39 §5.3 and §5.4 a string can trip.
enum class identifier_finding : std::uint8_t {
  restricted_character,  ///< a character outside the profile (§3.1)
  mixed_script,          ///< the resolved script set is empty (§5.1)
  mixed_numbers,         ///< decimal digits of more than one numbering system (§5.3)
  repeated_mark,         ///< the same nonspacing mark twice in one sequence of marks, after NFD (§5.4)
  long_mark_run,         ///< more than 4 nonspacing marks in a row, after NFD (§5.4)
  hidden_overlay,        ///< U+0307 over i, j, l or a dotted or i-like letter (§5.4, ICU HIDDEN_OVERLAY)
};
/// The number of identifier_finding values.
inline constexpr std::size_t identifier_finding_count = 6;
/// "mixed_numbers" (the enumerator's name).
[[nodiscard]] std::string_view name(identifier_finding f) noexcept;
/// One English phrase per finding.
[[nodiscard]] std::string_view message(identifier_finding f) noexcept;

/// A set of identifier_finding, iterated in enumerator order.
///
/// `identifier_findings{}` is the empty set (nothing found);
/// `identifier_findings{findings...}` the set of the findings.  Members:
/// empty(), contains(f), size(), insert(f), erase(f), `|=` (adds every
/// finding of another set), bits() (bit i stands for the identifier_finding
/// of value i), from_bits(mask) (bits from identifier_finding_count up are
/// ignored), `==`, and a forward iterator (begin(), end()) over the
/// findings in enumerator order.
class identifier_findings
    : public detail::enum_set<identifier_findings, identifier_finding, identifier_finding_count, std::uint8_t> {
 public:
  /// The empty set, and the set of an initializer list of findings.
  using enum_set::enum_set;
};

/// Everything UTS #39 §5 says about one string, from one pass.
struct [[nodiscard]] identifier_analysis {
  status code = status::success;    ///< success, or invalid_utf8 (nothing else is filled)
  std::size_t position = 0;         ///< with invalid_utf8: the byte offset of the bad sequence
  restriction_level level = restriction_level::ascii_only;  ///< §5.2
  script_set resolved;              ///< the resolved script set (§5.1); all() when no character is script-specific
  identifier_findings findings;     ///< §3.1, §5.1, §5.3, §5.4
  /// §5.3: the distinct zeros (the code point of digit 0) of the decimal
  /// digits, in order of first appearance; `zero_count` may exceed 4, the
  /// array keeps the first 4.
  std::array<char32_t, 4> zeros{};
  std::size_t zero_count = 0;       ///< the number of distinct numbering systems
  /// With restricted_character: the index, in code points, of the first
  /// character outside the profile.
  std::size_t restricted_index = 0;
  /// With restricted_character: that character.
  char32_t restricted_code_point = 0;

  /// True when the analysis ran (the input was well-formed).
  [[nodiscard]] constexpr bool ok() const noexcept { return code == status::success; }
};

/// \name Analysis of a string (UTS #39 §5.1–§5.4)
///@{

/// Restriction level, resolved script set, mixed numbers and the optional
/// detections of the text under `profile`, in one pass (two when
/// nonspacing marks could meet after NFD).  Hidden overlay is checked on the
/// text as given, repeated and long runs of marks on its NFD, as ICU does.
/// noexcept, allocation-free, linear time.
[[nodiscard]] identifier_analysis analyze_identifier(std::string_view utf8,
                                                     const identifier_profile& profile = {}) noexcept;
[[nodiscard]] identifier_analysis analyze_identifier(std::u32string_view text,
                                                     const identifier_profile& profile = {}) noexcept;
///@}

/// \name Restriction level (UTS #39 §5.2)
///@{

/// The restriction level of the text under `profile`, as
/// analyze_identifier() reports it but without the checks of §5.3 and §5.4;
/// unrestricted for ill-formed UTF-8.  Follows ICU's getRestrictionLevel:
/// a character outside the profile makes any text unrestricted, ASCII
/// included; Latin with one other script set is moderately restrictive
/// unless that set holds Cyrillic, Greek or Cherokee.
[[nodiscard]] restriction_level restriction_level_of(std::string_view utf8,
                                                     const identifier_profile& profile = {}) noexcept;
[[nodiscard]] restriction_level restriction_level_of(std::u32string_view text,
                                                     const identifier_profile& profile = {}) noexcept;
///@}
/// The resolved script set of `text` (UTS #39 §5.1); empty for ill-formed UTF-8.
[[nodiscard]] script_set resolved_script_set(std::string_view utf8) noexcept;
/// The resolved script set of `text` (UTS #39 §5.1).
[[nodiscard]] script_set resolved_script_set(std::u32string_view text) noexcept;

// ---------------------------------------------------------------------------
// Confusables (UTS #39 §4)

/// The most code points skeleton() writes per input code point (NFD, the
/// confusables.txt prototype, NFD again), from the Unicode 17.0 data: U+FDFA
/// and U+FDFB become 18.  Lengths add up over a string, because canonical
/// ordering never changes them.
inline constexpr std::size_t max_skeleton_growth = 18;
/// The most UTF-8 bytes skeleton() writes per input byte, from the Unicode
/// 17.0 data: at most 10 bytes for each byte of any one code point.
inline constexpr std::size_t max_skeleton_utf8_growth = 10;

/// Room skeleton() needs, in code points, for `n` code points of UTF-32 input.
[[nodiscard]] constexpr std::size_t skeleton_buffer_size(std::size_t n) noexcept { return n * max_skeleton_growth; }
/// Room skeleton() needs, in bytes, for `n` bytes of UTF-8 input.
[[nodiscard]] constexpr std::size_t skeleton_utf8_buffer_size(std::size_t n) noexcept {
  return n * max_skeleton_utf8_growth;
}

/// \name Skeleton into a caller buffer
///@{

/// UTS #39 §4 skeleton(X): NFD, remove Default_Ignorable_Code_Point, replace
/// each character by its confusables.txt prototype, NFD again (computed in
/// one pass, never iterated; no bidi layout, as ICU's uspoof_getSkeleton).
/// Two strings are confusable exactly when their skeletons are equal.
/// result::written is the length written (bytes for UTF-8, code points for
/// UTF-32); output_too_small reports the exact `needed` (pass an empty span
/// to ask); invalid_utf8 the byte offset of the first ill-formed sequence in
/// `position`.  On failure `out` holds nothing meaningful.  noexcept, no
/// heap, linear time however many marks a character carries.
[[nodiscard]] result skeleton(std::string_view utf8, std::span<char> out) noexcept;
[[nodiscard]] result skeleton(std::u32string_view text, std::span<char32_t> out) noexcept;
///@}

/// \name Skeleton to a string
///@{

/// The skeleton as a string (may throw std::bad_alloc).
[[nodiscard]] converted<std::string> skeleton(std::string_view utf8);
[[nodiscard]] converted<std::u32string> skeleton(std::u32string_view text);
///@}

/// How two confusable strings relate (UTS #39 §4, as ICU's
/// uspoof_areConfusable reports it).
struct confusability {
  bool confusable = false;      ///< skeleton(a) == skeleton(b)
  bool single_script = false;   ///< confusable, and the resolved script sets intersect
  bool mixed_script = false;    ///< confusable, and they do not
  bool whole_script = false;    ///< mixed_script, and each string is single-script
  /// confusable.
  constexpr explicit operator bool() const noexcept { return confusable; }
};

/// \name Confusability of two strings (UTS #39 §4)
///@{

/// Whether `a` and `b` are confusable and how; not confusable when either
/// is ill-formed UTF-8.  noexcept, and allocation-free while each skeleton
/// fits 4,096 bytes (UTF-8 input; 1,024 code points for UTF-32 input), which
/// any string of up to 409 bytes (56 code points) guarantees and nearly
/// every longer one meets; a longer skeleton takes working memory from the
/// heap with std::nothrow, and if that fails the pair is reported not
/// confusable.
[[nodiscard]] confusability confusable(std::string_view a, std::string_view b) noexcept;
[[nodiscard]] confusability confusable(std::u32string_view a, std::u32string_view b) noexcept;
///@}

/// Single-string tests of UTS #39 §4.1 and §4.2, which the specification
/// leaves to per-script data: computed here from confusables.txt, by
/// finding, for every character, the scripts that hold a character with
/// the same skeleton.
struct label_confusables {
  status code = status::success;  ///< success or invalid_utf8
  std::size_t position = 0;       ///< with invalid_utf8: the byte offset
  /// Scripts other than the label's own in which every script-specific
  /// character of the label has a look-alike: the label has a whole-script
  /// confusable in each (§4.1), e.g. {Latn} for Cyrillic "аррӏе" ("apple").
  /// Empty when the label has no script-specific character.
  script_set whole_script;
  /// The label is mixed-script (§5.1) and, for some script S among its
  /// characters' scripts, every script-specific character outside S has a
  /// look-alike in S: it has a mixed-script confusable written in S alone
  /// (§4.2), e.g. "раураl" (Cyrillic with a Latin l) in Latin.
  bool mixed_script = false;

  /// True when the analysis ran (the input was well-formed).
  [[nodiscard]] constexpr bool ok() const noexcept { return code == status::success; }
};
/// \name Single-label confusable tests (UTS #39 §4.1, §4.2)
///@{

/// The whole-script and mixed-script confusable tests for `text`; Common
/// and Inherited characters take no part.  A look-alike counts only when it
/// is Identifier_Status=Allowed.  noexcept, allocation-free, linear.
[[nodiscard]] label_confusables find_label_confusables(std::string_view utf8) noexcept;
[[nodiscard]] label_confusables find_label_confusables(std::u32string_view text) noexcept;
///@}

}  // namespace puny
