// puny — Chromium's IdnSpoofChecker::SafeToDisplayAsUnicode, rule for rule.
//
// Source: ARAS-Workspace/phantom-browser-core (Chromium on Unicode 17 /
// ICU 78.2) @e3540440b634887d2fd68797d61be5a946aa0001,
// components/url_formatter/spoof_checks/idn_spoof_checker.cc.  The rules run
// in the source's order and the first that matches decides; the tables are
// in chromium_tables.hpp.  ICU's uspoof_check is replaced by
// puny::analyze_identifier with the checks ICU 78 enables by default
// (RESTRICTION_LEVEL at HIGHLY_RESTRICTIVE, MIXED_NUMBERS, INVISIBLE,
// HIDDEN_OVERLAY, CHAR_LIMIT with Chromium's allowed set), and the regex of
// dangerous patterns by a scan over the code points.
//
// Speed: most labels are shown for the same few reasons, which one pass of a
// table lookup and a few bit operations per code point establishes
// (plain_single_script): the display records carry, for this policy, the
// code point's place in Chromium's tables (security_data.hpp,
// tools/gen_security_tables.py).  The other labels go through every rule.
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "display/chromium_policy.hpp"
#include "display/chromium_tables.hpp"
#include "display/policy.hpp"
#include "puny/security.hpp"
#include "security/mark_checks.hpp"
#include "security/script_resolution.hpp"
#include "security/security_data.hpp"
#include "security/text_source.hpp"
#include "unicode/ucd.hpp"

namespace puny::detail::display {
namespace {

namespace tables = chromium;
using security::record_of;
using security::script_set_at;

constexpr std::size_t npos = static_cast<std::size_t>(-1);

label_decision unsafe(display_reason r, char32_t c, std::size_t i, script s = script::unknown) noexcept {
  label_decision d;
  d.reasons.insert(r);
  d.code_point = c;
  d.index = i;
  d.culprit_script = s;
  return d;
}

// ---------------------------------------------------------------------------
// The allowed set (SetAllowedUnicodeSet): the identifier profile (which
// display_options::cjk and allowed_characters adjust) minus Chromium's
// removals, which the caller's allowed_characters may put back.

// The profile of chromium_profile() has no extra_blocked, so that
// identifier_profile::allows is: Allowed, or Han/Bopomofo under
// cjk_compat, or one of extra_allowed.  The display record says whether an
// Allowed code point is one Chromium removes (chromium_allowed).
bool allowed(char32_t c, const security::display_record& r, const identifier_profile& profile) noexcept {
  if (r.allowed()) return r.chromium_allowed() || tables::in(profile.extra_allowed, c);
  if (profile.cjk == han_bopomofo::cjk_compat && r.cjk_compat())
    return !tables::removed_from_allowed_set(c) || tables::in(profile.extra_allowed, c);
  return tables::in(profile.extra_allowed, c);
}

// ---------------------------------------------------------------------------
// uspoof_check's findings, each located for the explanation.

// USPOOF_RESTRICTION_LEVEL: the first code point whose prefix is above
// Highly Restrictive.  The level of a prefix never falls as the prefix
// grows (both script sets only lose scripts), so this is where ICU's
// getRestrictionLevel (UTS #39 §5.2 steps 3-6) first fails.
std::size_t restriction_culprit(std::u32string_view label) noexcept {
  script_set resolved = script_set::all();
  script_set without_latin = script_set::all();
  for (std::size_t i = 0; i < label.size(); ++i) {
    const script_set& augmented = script_set_at(record_of(label[i]).augmented);
    resolved &= augmented;
    if (!augmented.contains(script::latin)) without_latin &= augmented;
    if (resolved.empty() && !without_latin.contains(script::hanb) && !without_latin.contains(script::jpan) &&
        !without_latin.contains(script::kore)) {
      return i;
    }
  }
  return npos;
}

// USPOOF_MIXED_NUMBERS: the first decimal digit of another system than the first one.
std::size_t mixed_numbers_culprit(std::u32string_view label) noexcept {
  char32_t first_zero = 0;
  bool seen = false;
  for (std::size_t i = 0; i < label.size(); ++i) {
    const char32_t zero = security::decimal_zero(label[i]);
    if (zero == static_cast<char32_t>(0xFFFFFFFF)) continue;
    if (!seen) {
      first_zero = zero;
      seen = true;
    } else if (zero != first_zero) {
      return i;
    }
  }
  return npos;
}

// USPOOF_INVISIBLE (the same nonspacing mark twice in one sequence of marks,
// after NFD) and USPOOF_HIDDEN_OVERLAY (U+0307 over an i-like letter): the
// code point of the label that brings the second mark or the U+0307.  A
// locator for the explanation only; analyze_identifier gives the verdict.
std::size_t marks_culprit(std::u32string_view label) noexcept {
  constexpr std::size_t run_limit = 32;
  std::array<char32_t, run_limit> run{};
  std::size_t run_size = 0;
  for (std::size_t i = 0; i < label.size(); ++i) {
    const char32_t c = label[i];
    if (c == 0x0307 && i > 0) return i;
    std::u32string_view pieces = ucd::canonical_decomposition(c);
    if (pieces.empty()) pieces = std::u32string_view(&label[i], 1);
    for (const char32_t p : pieces) {
      if (!record_of(p).nonspacing_mark) {
        run_size = 0;
        continue;
      }
      for (std::size_t k = 0; k < run_size; ++k)
        if (run[k] == p) return i;
      if (run_size < run_limit) run[run_size++] = p;
    }
  }
  return npos;
}

// ---------------------------------------------------------------------------
// The dangerous-pattern regex, alternative by alternative.  Its classes are
// \p{scx=...}: Script_Extensions, so that a Common character such as a
// digit or `-` belongs to none of them.

enum scx_class : unsigned {
  kana = 1u << 0,
  hira = 1u << 1,
  hani = 1u << 2,
  bopo = 1u << 3,
  latn = 1u << 4,
  grek = 1u << 5,
  cyrl = 1u << 6,
};

unsigned scx_classes(char32_t c) noexcept {
  const script_set& scx = script_set_at(record_of(c).scx);
  unsigned bits = 0;
  if (scx.contains(script::katakana)) bits |= kana;
  if (scx.contains(script::hiragana)) bits |= hira;
  if (scx.contains(script::han)) bits |= hani;
  if (scx.contains(script::bopomofo)) bits |= bopo;
  if (scx.contains(script::latin)) bits |= latn;
  if (scx.contains(script::greek)) bits |= grek;
  if (scx.contains(script::cyrillic)) bits |= cyrl;
  return bits;
}

/// `^[\p{scx=A}]+[X][\p{scx=A}]+$`: exactly one code point of `lone` (which
/// is never in class A), not first nor last, and every other one in A.
std::size_t lone_kana_swap(std::u32string_view label, char32_t lone_first, char32_t lone_last,
                           unsigned others) noexcept {
  std::size_t at = npos;
  for (std::size_t i = 0; i < label.size(); ++i) {
    const char32_t c = label[i];
    if (c >= lone_first && c <= lone_last) {
      if (at != npos) return npos;
      at = i;
    } else if ((scx_classes(c) & others) == 0) {
      return npos;
    }
  }
  if (at == npos || at == 0 || at + 1 == label.size()) return npos;
  return at;
}

/// Every code point an alternative of the regex can match around (the
/// slashes, U+30FB..30FE, the CJK strokes, U+0300..0339, U+3099, U+309A)
/// lies in one of these two ranges; the lone Kana of the first two
/// alternatives too.  A label with none is not dangerous.
constexpr bool may_start_pattern(char32_t c) noexcept {
  return (c >= 0x0300 && c <= 0x0339) || (c >= 0x3000 && c <= 0x9FFF);
}
static_assert([] {
  for (const char32_t c : tables::slash_like)
    if (!may_start_pattern(c)) return false;
  for (const char32_t c : tables::cjk_stroke_like)
    if (!may_start_pattern(c)) return false;
  return may_start_pattern(0x3078) && may_start_pattern(0x307A) && may_start_pattern(0x30D8) &&
         may_start_pattern(0x30DA) && may_start_pattern(0x30FB) && may_start_pattern(0x30FE) &&
         may_start_pattern(0x3099) && may_start_pattern(0x309A) && may_start_pattern(0x0307);
}());

/// The index of the code point around which the regex first matches, or npos.
std::size_t dangerous_pattern(std::u32string_view label) noexcept {
  const std::size_t n = label.size();
  bool may_match = false;
  bool lone_hiragana = false;
  bool lone_katakana = false;
  for (const char32_t c : label) {
    may_match = may_match || may_start_pattern(c);
    lone_hiragana = lone_hiragana || (c >= 0x3078 && c <= 0x307A);
    lone_katakana = lone_katakana || (c >= 0x30D8 && c <= 0x30DA);
  }
  if (!may_match) return npos;
  // "Disallow three Hiragana letters (U+307[8-A]) or Katakana letters
  // (U+30D[8-A]) that look exactly like each other when they're used in a
  // label otherwise entirely in Katakana or Hiragana."
  if (lone_hiragana) {
    if (const std::size_t at = lone_kana_swap(label, 0x3078, 0x307A, kana); at != npos) return at;
  }
  if (lone_katakana) {
    if (const std::size_t at = lone_kana_swap(label, 0x30D8, 0x30DA, hira); at != npos) return at;
  }

  // The other alternatives look at a code point and its two neighbours,
  // whose classes are read only around a code point that may match.
  for (std::size_t i = 0; i < n; ++i) {
    const char32_t c = label[i];
    if (!may_start_pattern(c)) continue;
    const bool first = i == 0;
    const bool last = i + 1 == n;
    const unsigned before = first ? 0 : scx_classes(label[i - 1]);  // classes of label[i - 1]
    const unsigned after = last ? 0 : scx_classes(label[i + 1]);
    const char32_t previous = first ? 0 : label[i - 1];

    // Slashes: ノ ン ソ ゾ 丶 乀 乁 丿 with a non-{Kana, Hira, Hani} code point on
    // both sides.
    constexpr unsigned japanese = kana | hira | hani;
    if (tables::in(tables::slash_like, c) && !first && !last && (before & japanese) == 0 &&
        (after & japanese) == 0) {
      return i;
    }
    // "Disallow U+30FD (Katakana iteration mark) and U+30FE (Katakana voiced
    // iteration mark) unless they're preceded by a Katakana."
    if ((c == 0x30FD || c == 0x30FE) && (first || (before & kana) == 0)) return i;
    // U+30FC (prolonged sound mark) at the start or after a non-Kana non-Hira.
    if (c == 0x30FC && (first || (before & (kana | hira)) == 0)) return i;
    // U+30FB (Katakana middle dot) next to a non-{Kana, Hira, Hani} code
    // point, or at the end of the label.
    if (c == 0x30FB && ((!first && (before & japanese) == 0) || last || (after & japanese) == 0)) return i;
    // CJK stroke-like ideographs and Bopomofo next to a non-CJK code point.
    constexpr unsigned cjk = kana | hira | hani | bopo;
    if (tables::in(tables::cjk_stroke_like, c) &&
        ((!first && (before & cjk) == 0) || (!last && (after & cjk) == 0))) {
      return i;
    }
    if (tables::is_combining_diacritic(c) && !first) {
      // A combining diacritic after a non-LGC code point.
      if ((before & (latn | grek | cyrl)) == 0) return i;
      // "Disallow dotless i (U+0131) followed by a combining mark."
      if (previous == 0x0131) return i;
    }
    // "Disallow combining Kana voiced sound marks."
    if (c == 0x3099 || c == 0x309A) return i;
    // "Disallow U+0307 (dot above) after 'i', 'j', 'l' or dotless i."
    if (c == 0x0307 && (previous == U'i' || previous == U'j' || previous == U'l')) return i;
  }
  return npos;
}

// ---------------------------------------------------------------------------
// Whole-script confusables, digit look-alikes, non-ASCII Latin.

// IsWholeScriptConfusableAllowedForTLD: the TLD holds a character of the
// script, or is one of the entry's ASCII TLDs.
bool tld_allows_script(const tables::whole_script_confusable& entry, const label_context& context) noexcept {
  for (const char32_t c : context.tld_unicode)
    if (record_of(c).sc == entry.sc) return true;
  for (const std::string_view tld : entry.allowed_tlds)
    if (!tld.empty() && tld == context.tld_ascii.get()) return true;
  return false;
}

bool is_allowed_whole_script_confusable_word(std::u32string_view label) noexcept {
  for (const std::u32string_view word : tables::allowed_whole_script_confusable_words)
    if (label == word) return true;
  return false;
}

bool is_ascii_letter(char32_t c) noexcept { return (c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z'); }

// lgc_letters_n_ascii_ [[:Latin:][:Greek:][:Cyrillic:][0-9\u002e_\u002d][\u0300-\u0339]]
// (skeleton_generator.cc): ShouldRemoveDiacriticsFromLabel.
bool is_lgc_or_ascii(char32_t c, script sc) noexcept {
  return sc == script::latin || sc == script::greek || sc == script::cyrillic || (c >= U'0' && c <= U'9') ||
         c == U'.' || c == U'_' || c == U'-' || tables::is_combining_diacritic(c);
}

/// What one pass over the label learns for rules 1 to 8.  Where a rule
/// reports a code point that the pass only flags (rules 6 and 8), the rule
/// finds it again (first_of_script, first_non_ascii_latin, first_non_lgc):
/// a second look at the few labels those rules reject costs less than
/// keeping indexes for every label.
struct label_scan {
  // Rule 1, uspoof_check: CHAR_LIMIT; the script sets of
  // RESTRICTION_LEVEL (ICU getRestrictionLevel, by puny's own
  // security::classify); MIXED_NUMBERS; and whether a nonspacing mark
  // occurs, without which INVISIBLE and HIDDEN_OVERLAY cannot fire.
  std::size_t not_allowed = npos;
  bool ascii = true;
  security::script_resolution scripts;
  bool mixed_numbers = false;
  // Two nonspacing marks may meet in one run after NFD (a mark after a
  // mark, after a non-starter, or after a code point that decomposes); a
  // U+0307 occurs.
  bool marks_may_meet = false;
  bool has_dot_above = false;
  std::size_t icelandic = npos;          // rule 2
  std::size_t schwa = npos;              // rule 3
  std::size_t unsafe_middle_dot = npos;  // rule 4
  bool kana_or_diacritic_exception = false;  // rule 6
  // Rules 6 and 7: only digits and digit look-alikes, at least one of those.
  bool digits_and_lookalikes_only = true;
  std::size_t first_digit_lookalike = npos;
  // Rule 6.1: per kWholeScriptConfusables entry (bit k for entry k),
  // whether the label has a letter of its script, and whether one is not a
  // look-alike.
  std::uint32_t script_seen = 0;
  std::uint32_t script_not_lookalike = 0;
  // Rule 8: a non-ASCII Latin letter; a code point outside the LGC set.
  bool non_ascii_latin = false;
  bool non_lgc = false;
};

// What rule 8 reads of a code point's Script, one load from this table.
constexpr std::uint8_t script_is_latin = 1;
constexpr std::uint8_t script_is_lgc = 2;  // Latin, Greek or Cyrillic
constexpr std::array<std::uint8_t, script_count> script_facts = [] {
  std::array<std::uint8_t, script_count> facts{};
  facts[static_cast<std::size_t>(script::latin)] = script_is_latin | script_is_lgc;
  facts[static_cast<std::size_t>(script::greek)] = script_is_lgc;
  facts[static_cast<std::size_t>(script::cyrillic)] = script_is_lgc;
  return facts;
}();

// The entries of kWholeScriptConfusables fit the display record's 5 bits,
// below its "no entry" value, and bit 31 of a mask stands for that value.
static_assert(tables::whole_script_confusables.size() < security::display_record::chromium_no_entry);
constexpr std::uint32_t no_entry_bit = std::uint32_t{1} << security::display_record::chromium_no_entry;

/// Bit k for entry k of kWholeScriptConfusables, no_entry_bit for none.
constexpr std::uint32_t entry_bit(const security::display_record& r) noexcept {
  return std::uint32_t{1} << r.chromium_entry();
}

// is_lgc_or_ascii's code points that are not of an LGC script: 0-9 . _ -
// and U+0300..0339.
constexpr bool is_lgc_extra(char32_t c) noexcept {
  return (c - U'0' < 10u) || c == U'.' || c == U'_' || c == U'-' || (c - 0x0300u < 0x3Au);
}

// The augmented script set of the ASCII letters ({Latn}).
std::uint16_t latin_letter_augmented() noexcept {
  static const std::uint16_t index = record_of(U'a').augmented;
  return index;
}

label_scan scan(const label_context& context, const identifier_profile& profile) noexcept {
  label_scan s;
  const std::u32string_view label = context.label;
  const std::uint16_t latin_augmented = latin_letter_augmented();
  // The state of the loop is kept in locals, stored into `s` at the end:
  // as members of the returned object they went through memory, and each
  // code point waited on the last one's stores.  The flags set without a
  // branch are unsigned 0 or 1.
  std::size_t not_allowed = npos;
  bool ascii = true;
  security::script_resolution scripts;
  std::uint16_t last_augmented = 0xFFFF;  // no record's index
  bool has_digit = false;
  char32_t first_zero = 0;
  bool mixed_numbers = false;
  unsigned marks_may_meet = 0;
  unsigned has_dot_above = 0;
  bool digits_and_lookalikes_only = true;
  std::uint32_t script_seen = 0;
  std::uint32_t script_not_lookalike = 0;
  unsigned non_ascii_latin = 0;
  unsigned non_lgc = 0;
  // The previous code point is a nonspacing mark, decomposes, or is a
  // non-starter: a nonspacing mark after it may meet another after NFD.
  unsigned previous_may_hold_mark = 0;
  for (std::size_t i = 0; i < label.size(); ++i) {
    const char32_t c = label[i];
    // The LDH characters of an IDN label, without a table lookup: a-z are
    // Latin, allowed, {Latn} augmented; 0-9 and `-` are Common (augmented
    // ALL, which changes no intersection) and allowed, the digits decimal
    // with zero `0` (a test checks these properties against the tables).
    // None is a look-alike, an exception or a non-LGC character, and none
    // decomposes or is a mark.
    if (c < 0x80) {
      previous_may_hold_mark = 0;
      if (c >= U'a' && c <= U'z') {
        if (latin_augmented != last_augmented) {
          scripts.add(script_set_at(latin_augmented));
          last_augmented = latin_augmented;
        }
        digits_and_lookalikes_only = false;
        continue;
      }
      if (c >= U'0' && c <= U'9') {
        if (!has_digit) {
          has_digit = true;
          first_zero = U'0';
        } else if (first_zero != U'0') {
          mixed_numbers = true;
        }
        continue;
      }
      if (c == U'-') {
        digits_and_lookalikes_only = false;
        continue;
      }
    }
    // One lookup, in the display records (security_data.hpp).
    const security::display_record r = security::display_record_of(c);
    // A code point that no rule reads one by one, no look-alike letter,
    // no digit and no digit look-alike (the record's chromium bits): so
    // not ASCII either.  Its record and its Script say the rest.
    const bool special = r.chromium_one_by_one() || r.chromium_lookalike() || r.chromium_digit_like();
    if (not_allowed == npos && !allowed(c, r, profile)) [[unlikely]] {
      not_allowed = i;
    }
    ascii = ascii && c < 0x80;
    // Intersecting with the same set again changes nothing, and the code
    // points of a label mostly share their augmented set.
    if (r.augmented() != last_augmented) {
      scripts.add(script_set_at(r.augmented()));
      last_augmented = r.augmented();
    }
    if (r.decimal()) [[unlikely]] {
      // getNumerics: the zero of each decimal digit's system.
      const char32_t zero = c < 0x80 ? U'0' : security::decimal_zero(c);
      if (!has_digit) {
        has_digit = true;
        first_zero = zero;
      } else if (zero != first_zero) {
        mixed_numbers = true;
      }
    }
    // A nonspacing mark may meet another after NFD only after a mark, a
    // code point that decomposes, or a non-starter.
    const unsigned mark = r.nonspacing_mark() ? 1u : 0u;
    marks_may_meet |= mark & previous_may_hold_mark;
    previous_may_hold_mark = mark | (r.composite_or_nonstarter() ? 1u : 0u);
    const std::uint8_t facts = script_facts[static_cast<std::size_t>(r.sc())];
    const std::uint32_t entry = entry_bit(r) & ~no_entry_bit;
    script_seen |= entry;
    if (!special) [[likely]] {
      // Not a digit nor a digit look-alike; not a look-alike letter of its
      // script; not ASCII (so, if Latin, a non-ASCII Latin letter); not in
      // the LGC set unless its script is.
      digits_and_lookalikes_only = false;
      script_not_lookalike |= entry;
      non_ascii_latin |= (facts & script_is_latin) != 0 ? 1u : 0u;
      non_lgc |= (facts & script_is_lgc) == 0 ? 1u : 0u;
      continue;
    }
    has_dot_above |= c == 0x0307 ? 1u : 0u;
    // Rules 2, 3, 4 and 6 look for code points in [U+00B7, U+0339] and
    // [U+3078, U+30FE].
    if ((c >= tables::middle_dot && c <= 0x0339) || (c >= 0x3078 && c <= 0x30FE)) {
      if (s.icelandic == npos && tables::is_icelandic_character(c)) s.icelandic = i;
      if (s.schwa == npos && c == tables::latin_schwa) s.schwa = i;
      // HasUnsafeMiddleDot: "Allow middle dot (U+00B7) only on Catalan
      // domains when between two 'l's."
      if (s.unsafe_middle_dot == npos && c == tables::middle_dot &&
          (context.tld_ascii.get() != "cat" || i == 0 || i + 1 == label.size() || label[i - 1] != U'l' ||
           label[i + 1] != U'l')) {
        s.unsafe_middle_dot = i;
      }
      if (tables::is_kana_letter_exception(c) || tables::is_combining_diacritic(c))
        s.kana_or_diacritic_exception = true;
    }
    if (digits_and_lookalikes_only && (c < U'0' || c > U'9')) {
      if (!r.chromium_digit_like()) {
        digits_and_lookalikes_only = false;
      } else if (s.first_digit_lookalike == npos) {
        s.first_digit_lookalike = i;
      }
    }
    // chromium_lookalike: in the list of the entry of the code point's
    // Script (each entry's letters are of its script).
    if (!r.chromium_lookalike()) script_not_lookalike |= entry;
    non_ascii_latin |= (facts & script_is_latin) != 0 && !is_ascii_letter(c) ? 1u : 0u;
    non_lgc |= (facts & script_is_lgc) == 0 && !is_lgc_extra(c) ? 1u : 0u;
  }
  s.not_allowed = not_allowed;
  s.ascii = ascii;
  s.scripts = scripts;
  s.mixed_numbers = mixed_numbers;
  s.marks_may_meet = marks_may_meet != 0;
  s.has_dot_above = has_dot_above != 0;
  s.digits_and_lookalikes_only = digits_and_lookalikes_only;
  s.script_seen = script_seen;
  s.script_not_lookalike = script_not_lookalike;
  s.non_ascii_latin = non_ascii_latin != 0;
  s.non_lgc = non_lgc != 0;
  return s;
}

// The code points scan() only flags, found again for the rule that reports
// them.
std::size_t first_of_script(std::u32string_view label, script sc) noexcept {
  for (std::size_t i = 0; i < label.size(); ++i)
    if (record_of(label[i]).sc == sc) return i;
  return npos;
}
std::size_t first_non_ascii_latin(std::u32string_view label) noexcept {
  for (std::size_t i = 0; i < label.size(); ++i)
    if (record_of(label[i]).sc == script::latin && !is_ascii_letter(label[i])) return i;
  return npos;
}
std::size_t first_non_lgc(std::u32string_view label) noexcept {
  for (std::size_t i = 0; i < label.size(); ++i)
    if (!is_lgc_or_ascii(label[i], record_of(label[i]).sc)) return i;
  return npos;
}

// Most labels are decided by rule 1 or rule 6 for the same few reasons,
// which one pass over the label, a table lookup and a few bit operations
// per code point, can establish (quick_scan()).
struct quick_result {
  enum class kind : std::uint8_t {
    unsettled,      // the label goes through every rule (chromium_label)
    single_script,  // rule 6 decides, by `candidates` alone
    not_allowed,    // rule 1 decides: CHAR_LIMIT alone, at `not_allowed`
  };
  kind what = kind::unsettled;
  std::uint32_t candidates = 0;
  std::size_t not_allowed = npos;
};

// The pass sees whether
//  - no code point is one that a rule looks for by value (the display
//    record's chromium bits: none is ASCII but a-z 0-9 `-`, none is · þ ð
//    ə, U+0300..0339 or a Kana exception, so that rules 2 to 4 find
//    nothing, no U+0307 brings HIDDEN_OVERLAY and rule 6 is not skipped);
//  - no decimal digit is another than 0-9 (no MIXED_NUMBERS);
//  - no nonspacing mark comes twice in one run after NFD (INVISIBLE as
//    uspoof_check() finds it, looked for only when two marks may meet: a
//    mark after a mark, a non-starter or a code point that decomposes).
// Then, under the default options (which add nothing to the allowed set):
//  - a code point outside Chromium's allowed set decides: rule 1 reports
//    CHAR_LIMIT alone, at the first such code point;
//  - else, if the label is of one script (restriction level Single Script)
//    and has a code point that is neither a digit nor a digit look-alike,
//    rule 1 passes, rule 5 does not apply or shows the label, and rule 6
//    decides by the scripts of kWholeScriptConfusables all of whose letters
//    in the label are look-alikes (`candidates`, entry_bit()s:
//    whole_script_confusable()).
// Whatever else goes through every rule.
quick_result quick_scan(std::u32string_view label, const display_options& options) noexcept {
  using record = security::display_record;
  script_set resolved = script_set::all();  // UTS #39 §5.1
  std::uint16_t last_augmented = 0xFFFF;    // no record's index
  std::uint32_t all = 0xFFFFFFFF;           // the bits of every record, and-ed
  std::uint32_t any = 0;                    // or-ed
  std::uint32_t marks_may_meet = 0;
  std::uint32_t previous_may_hold_mark = 0;
  std::uint32_t script_seen = 0;            // entry_bit() of every code point
  std::uint32_t script_not_lookalike = 0;   // of every one that is no look-alike letter
  std::size_t not_allowed = npos;
  for (std::size_t i = 0; i < label.size(); ++i) {
    const record r = security::display_record_of(label[i]);
    all &= r.bits;
    any |= r.bits;
    if (!r.chromium_allowed() && not_allowed == npos) [[unlikely]] {
      not_allowed = i;
    }
    // Intersecting with the same set again changes nothing, and the code
    // points of a label mostly share their augmented set.
    if (r.augmented() != last_augmented) {
      resolved &= script_set_at(r.augmented());
      last_augmented = r.augmented();
    }
    // In the bit of nonspacing_mark: a mark, and a mark or a code point
    // after which a mark may meet another.
    const std::uint32_t mark = r.bits & record::nonspacing_mark_bit;
    marks_may_meet |= mark & previous_may_hold_mark;
    previous_may_hold_mark = mark | (r.composite_or_nonstarter() ? record::nonspacing_mark_bit : 0);
    const std::uint32_t entry = entry_bit(r);
    script_seen |= entry;
    script_not_lookalike |= r.chromium_lookalike() ? 0 : entry;
  }
  quick_result q;
  if ((any & (record::chromium_one_by_one_bit | record::chromium_other_digit_bit)) != 0 ||
      !options.allowed_characters.empty() || options.cjk != han_bopomofo::strict17) {
    return q;
  }
  const bool single_script =
      not_allowed == npos && (all & record::chromium_digit_like_bit) == 0 && !resolved.empty();
  if (not_allowed == npos && !single_script) return q;
  if (marks_may_meet != 0 && security::scan_marks(security::utf32_source(label)).repeated) return q;
  if (not_allowed != npos) {
    q.what = quick_result::kind::not_allowed;
    q.not_allowed = not_allowed;
  } else {
    q.what = quick_result::kind::single_script;
    q.candidates = script_seen & ~script_not_lookalike & ~no_entry_bit;
  }
  return q;
}

// Rule 6's whole-script confusables: of the entries in `candidates` (in
// table order) whose script the label has only look-alike letters of, the
// first that neither the TLD nor kAllowedWholeScriptConfusableWords
// exempts makes the label unsafe.
bool whole_script_confusable(std::uint32_t candidates, const label_context& context, label_decision& d) noexcept {
  const std::u32string_view label = context.label;
  for (; candidates != 0; candidates &= candidates - 1) {
    const auto k = static_cast<std::size_t>(std::countr_zero(candidates));
    const tables::whole_script_confusable& entry = tables::whole_script_confusables[k];
    if (!tld_allows_script(entry, context) && !is_allowed_whole_script_confusable_word(label)) {
      const std::size_t at = first_of_script(label, entry.sc);
      d = unsafe(display_reason::whole_script_confusable, label[at], at, entry.sc);
      return true;
    }
  }
  return false;
}

uspoof_result uspoof_check(const label_scan& s, std::u32string_view label, const identifier_profile& profile) noexcept {
  uspoof_result u;
  u.not_allowed = s.not_allowed;
  u.level = security::classify(s.not_allowed == npos, s.ascii, s.scripts);
  u.mixed_numbers = s.mixed_numbers;
  // INVISIBLE (a nonspacing mark twice in one run of nonspacing marks,
  // after NFD) needs two marks to meet; HIDDEN_OVERLAY needs a U+0307.  No
  // code point that is not Mn has two equal nonspacing marks in its
  // decomposition (Unicode 17.0; a test checks every code point), so a run
  // of two marks needs a mark after a mark, a non-starter or a code point
  // that decomposes.  Rare, and then puny's UTS #39 code decides.
  if (s.has_dot_above) {
    const identifier_analysis a = analyze_identifier(label, profile);
    u.invisible = a.findings.contains(identifier_finding::repeated_mark) ||
                  a.findings.contains(identifier_finding::hidden_overlay);
  } else if (s.marks_may_meet) {
    u.invisible = security::scan_marks(security::utf32_source(label)).repeated;
  }
  return u;
}

identifier_profile chromium_profile(const display_options& options) noexcept {
  identifier_profile profile;
  profile.cjk = options.cjk;
  profile.extra_allowed = options.allowed_characters;
  return profile;
}

}  // namespace

uspoof_result chromium_uspoof_check(std::u32string_view label, const display_options& options) noexcept {
  const identifier_profile profile = chromium_profile(options);
  const label_context context{label, {}, {}, options};
  return uspoof_check(scan(context, profile), label, profile);
}

label_decision chromium_label(const label_context& context) noexcept {
  switch (const quick_result q = quick_scan(context.label, context.options); q.what) {
    case quick_result::kind::single_script: {
      label_decision d;
      if (q.candidates != 0) (void)whole_script_confusable(q.candidates, context, d);
      return d;
    }
    case quick_result::kind::not_allowed: {
      const char32_t c = context.label[q.not_allowed];
      return unsafe(display_reason::character_not_allowed, c, q.not_allowed, record_of(c).sc);
    }
    case quick_result::kind::unsettled:
      break;
  }
  const std::u32string_view label = context.label;
  const identifier_profile profile = chromium_profile(context.options);
  const label_scan s = scan(context, profile);

  // Rule 1: "If uspoof_check fails (due to library failure), or if any of
  // the checks fail, treat the IDN as unsafe."  kICUSpoofChecks, split by
  // the check that failed; CHAR_LIMIT makes the level Unrestricted, so that
  // it alone is reported then.
  label_decision icu;
  const uspoof_result checks = uspoof_check(s, label, profile);
  const bool char_limit = checks.not_allowed != npos;
  const bool restriction = !char_limit && checks.level > restriction_level::highly_restrictive;
  const bool mixed_numbers = checks.mixed_numbers;
  const bool invisible = checks.invisible;
  if (invisible) {
    const std::size_t at = marks_culprit(label);
    icu = unsafe(display_reason::invisible_or_hidden_marks, at == npos ? 0 : label[at], at == npos ? 0 : at);
  }
  if (mixed_numbers) {
    const std::size_t at = mixed_numbers_culprit(label);
    icu.reasons.insert(display_reason::mixed_numbers);
    icu.code_point = at == npos ? 0 : label[at];
    icu.index = at == npos ? 0 : at;
  }
  if (restriction) {
    const std::size_t at = restriction_culprit(label);
    icu.reasons.insert(display_reason::restriction_level);
    icu.code_point = at == npos ? 0 : label[at];
    icu.index = at == npos ? 0 : at;
    icu.culprit_script = at == npos ? script::unknown : record_of(label[at]).sc;
  }
  if (char_limit) {
    icu.reasons.insert(display_reason::character_not_allowed);
    icu.code_point = label[s.not_allowed];
    icu.index = s.not_allowed;
    icu.culprit_script = record_of(label[s.not_allowed]).sc;
  }
  if (!icu.reasons.empty()) return icu;

  // Rule 2: "Disallow Icelandic confusables for domains outside Icelandic
  // and Faroese ccTLD (.is, .fo)."  (label_string.length() > 1 in UTF-16
  // units: a label holding þ or ð is longer than 1 unless it is that letter.)
  if (s.icelandic != npos && label.size() > 1 && context.tld_ascii != "is" && context.tld_ascii != "fo")
    return unsafe(display_reason::tld_specific_character, label[s.icelandic], s.icelandic);
  // Rule 3: "Disallow Latin Schwa (U+0259) for domains outside Azerbaijan's
  // ccTLD (.az)."
  if (s.schwa != npos && label.size() > 1 && context.tld_ascii != "az")
    return unsafe(display_reason::tld_specific_character, label[s.schwa], s.schwa);
  // Rule 4: "Disallow middle dot (U+00B7) when unsafe." (kUnsafeMiddleDot)
  if (s.unsafe_middle_dot != npos)
    return unsafe(display_reason::tld_specific_character, label[s.unsafe_middle_dot], s.unsafe_middle_dot);

  // Rule 5: no script mixing and all ASCII.
  if (checks.level == restriction_level::ascii_only) return {};

  // Rule 6: a single (logical) script, and none of the Kana letter
  // exceptions nor combining diacritics.
  if (checks.level == restriction_level::single_script && !s.kana_or_diacritic_exception) {
    // The entries whose script the label has, with only look-alike letters of it.
    if (label_decision d; whole_script_confusable(s.script_seen & ~s.script_not_lookalike, context, d)) return d;
    // "Disallow domains that contain only numbers and number-spoofs."
    if (s.digits_and_lookalikes_only && s.first_digit_lookalike != npos)
      return unsafe(display_reason::digit_lookalike, label[s.first_digit_lookalike], s.first_digit_lookalike);
    return {};
  }

  // Rule 7: digit look-alikes, for a label of several scripts.
  if (s.digits_and_lookalikes_only && s.first_digit_lookalike != npos)
    return unsafe(display_reason::digit_lookalike, label[s.first_digit_lookalike], s.first_digit_lookalike);

  // Rule 8: "Disallow non-ASCII Latin letters to mix with a non-Latin
  // script", unless the whole label is Latin, Greek, Cyrillic, digits,
  // `. _ -` and U+0300..0339 (ShouldRemoveDiacriticsFromLabel).
  if (s.non_ascii_latin && s.non_lgc) {
    const std::size_t at = first_non_ascii_latin(label);
    return unsafe(display_reason::non_ascii_latin_mixed, label[at], at, record_of(label[first_non_lgc(label)]).sc);
  }

  // Rule 9: the dangerous patterns.
  if (const std::size_t at = dangerous_pattern(label); at != npos)
    return unsafe(display_reason::dangerous_pattern, label[at], at);
  return {};
}

}  // namespace puny::detail::display
