// puny — the firefox display policy: Gecko's nsIDNService::IsLabelSafe
// (netwerk/dns/nsIDNService.cpp), rule for rule and in its order; the first
// rule that says "unsafe" decides, as Gecko returns false there.
//
// Sources: mozilla/gecko-dev @99f8e72dce617129439d1f52ec0cec6068b546ee, and
// the current Firefox tree (overholt/firefox, a mirror of it, @1667ec582b66
// ed73989fdbc210e69b580b3e04a3), which adds two rules that
// test_idn_spoof.js @77852411 already expects: the Thai whole-script
// confusables (InitThaiLatinConfusables, the Linux list) and an `xn--` TLD
// (bug 1917119).
//
// What differs from Gecko, on purpose:
//  - Gecko's GetIdentifierType is its own copy of IdentifierStatus.txt; puny
//    uses the Unicode 17.0 data (identifier_profile, adjusted by
//    display_options::cjk and allowed_characters).
//  - Preferences take their default values (modules/libpref/init/
//    StaticPrefList.yaml @00695fe6): network.IDN_show_punycode = false (the
//    ascii policy is that switch), network.idn.punycode_cyrillic_confusables
//    = true.
//  - The macOS-only rule (U+0620, U+0F8C–U+0F8F, a font issue) is left out
//    and the Thai list is the Linux one (7 letters more than elsewhere):
//    puny takes the Linux form of the browsers' tables.
//  - display_options::allowed_characters also lifts the blocklist, as the
//    network.IDN.extra_allowed_chars pref of older Gecko did
//    (IDNBlocklistUtils.cpp RemoveCharFromBlocklist).
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "display/firefox_blocklist.hpp"
#include "display/policy.hpp"
#include "security/security_data.hpp"

namespace puny::detail::display {
namespace {

namespace sec = puny::detail::security;

// network.idn.punycode_cyrillic_confusables, default true (StaticPrefList.yaml).
constexpr bool punycode_cyrillic_confusables = true;

constexpr bool is_ascii_digit(char32_t c) noexcept { return c >= U'0' && c <= U'9'; }

bool contains(std::u32string_view set, char32_t c) noexcept { return set.find(c) != std::u32string_view::npos; }

// TLDEqualsLiteral: the TLD's Unicode form against an ASCII literal.
bool tld_is(std::u32string_view tld, std::string_view literal) noexcept {
  if (tld.size() != literal.size()) return false;
  for (std::size_t i = 0; i < tld.size(); ++i)
    if (tld[i] != static_cast<char32_t>(static_cast<unsigned char>(literal[i]))) return false;
  return true;
}

// TLDStartsWith(aTLD, "xn--").
bool tld_is_ace(std::u32string_view tld) noexcept {
  return tld.size() >= 4 && tld[0] == U'x' && tld[1] == U'n' && tld[2] == U'-' && tld[3] == U'-';
}

// isCyrillicDomain: the ASCII ccTLDs of countries that write Cyrillic
// ("pyc" is the ASCII look-alike of рус).
bool cyrillic_cctld(std::u32string_view tld) noexcept {
  for (const std::string_view t : {"bg", "by", "kz", "pyc", "ru", "su", "ua", "uz"})
    if (tld_is(tld, t)) return true;
  return false;
}

// LookalikeStatusChecker::doesTLDScriptMatch: a TLD letter of that script.
bool tld_has_script(std::u32string_view tld, script s) noexcept {
  for (const char32_t c : tld)
    if (script_of(c) == s) return true;
  return false;
}

// isCJKSlashConfusable: ノ ソ ゾ ン 丶 乀 乁 丿 look like a slash or a
// backslash unless Han or Kana stands next to them.
constexpr bool cjk_slash_confusable(char32_t c) noexcept {
  switch (c) {
    case 0x30CE: case 0x30BD: case 0x30BE: case 0x30F3:
    case 0x4E36: case 0x4E40: case 0x4E41: case 0x4E3F:
      return true;
    default:
      return false;
  }
}

// isCJKIdeograph: strokes and Bopomofo letters that pass for Latin letters
// or punctuation (一 is a dash, 丨 an l, 十 a plus) next to non-CJK text.
constexpr bool cjk_latin_lookalike(char32_t c) noexcept {
  switch (c) {
    case 0x4E00: case 0x3127: case 0x4E28: case 0x4E5B: case 0x4E03:
    case 0x4E05: case 0x5341: case 0x3007: case 0x3112: case 0x311A:
    case 0x311F: case 0x3128: case 0x3129: case 0x3108: case 0x31BA:
    case 0x31B3: case 0x5DE5: case 0x31B2: case 0x8BA0: case 0x4E01:
      return true;
    default:
      return false;
  }
}

// isDigitLookalike: Chromium's digit look-alikes (idn_spoof_checker.cc)
// without ೭ U+0CED: 31 characters.
constexpr bool digit_lookalike(char32_t c) noexcept {
  switch (c) {
    case 0x03B8: case 0x0968: case 0x09E8: case 0x0A68: case 0x0AE8:
    case 0x0CE9: case 0x0577: case 0x0437: case 0x0499: case 0x04E1:
    case 0x0909: case 0x0993: case 0x0A24: case 0x0A69: case 0x0AE9:
    case 0x0C69: case 0x1012: case 0x10D5: case 0x10DE: case 0x0A5C:
    case 0x10D9: case 0x0A6B: case 0x4E29: case 0x3110: case 0x0573:
    case 0x09EA: case 0x0A6A: case 0x0B6B: case 0x0AED: case 0x0B68:
    case 0x0C68:
      return true;
    default:
      return false;
  }
}

// isCyrillicLatinConfusable: 28 Cyrillic letters that look like Latin ones
// (with м, without т: not Chromium's list).
constexpr bool cyrillic_latin_confusable(char32_t c) noexcept {
  switch (c) {
    case 0x0430: case 0x044B: case 0x0441: case 0x0501: case 0x0435:
    case 0x050D: case 0x04BB: case 0x0456: case 0x044E: case 0x043A:
    case 0x0458: case 0x04CF: case 0x043C: case 0x043E: case 0x0440:
    case 0x0517: case 0x051B: case 0x0455: case 0x051D: case 0x0445:
    case 0x0443: case 0x044A: case 0x044C: case 0x04BD: case 0x043F:
    case 0x0433: case 0x0475: case 0x0461:
      return true;
    default:
      return false;
  }
}

// InitThaiLatinConfusables, Linux (not Android): ด ท น ป ม ล ห, then
// บ พ ฟ ร เ แ ๐ on every platform.
constexpr bool thai_latin_confusable(char32_t c) noexcept {
  switch (c) {
    case 0x0E14: case 0x0E17: case 0x0E19: case 0x0E1B: case 0x0E21:
    case 0x0E25: case 0x0E2B:
    case 0x0E1A: case 0x0E1E: case 0x0E1F: case 0x0E23: case 0x0E40:
    case 0x0E41: case 0x0E50:
      return true;
    default:
      return false;
  }
}

// The script-combination state machine of illegalScriptCombo.  A label is
// one script, or Latin with Han and at most one of {Hiragana+Katakana,
// Bopomofo, Hangul}: Gecko's "highly restrictive" without data on script
// extensions (it uses Script only, and skips Common and Inherited).
enum class combo : std::uint8_t {
  bopo, cyrl, grek, hang, hani, hira, kata, latn, othr,  // a single script (findScriptIndex)
  jpan,  // Latin + Han + Hiragana + Katakana
  chna,  // Latin + Han + Bopomofo
  kore,  // Latin + Han + Hangul
  hnlt,  // Latin + Han (could become any of the three)
  fail,
};

constexpr combo combo_of(script s) noexcept {
  switch (s) {
    case script::bopomofo: return combo::bopo;
    case script::cyrillic: return combo::cyrl;
    case script::greek: return combo::grek;
    case script::hangul: return combo::hang;
    case script::han: return combo::hani;
    case script::hiragana: return combo::hira;
    case script::katakana: return combo::kata;
    case script::latin: return combo::latn;
    default: return combo::othr;
  }
}

// scriptComboTable[savedScript][thisScript], copied cell for cell.
constexpr std::array<std::array<combo, 9>, 13> combo_table = [] {
  using enum combo;
  return std::array<std::array<combo, 9>, 13>{{
      //  BOPO  CYRL  GREK  HANG  HANI  HIRA  KATA  LATN  OTHR
      {{bopo, fail, fail, fail, chna, fail, fail, chna, fail}},  // BOPO
      {{fail, cyrl, fail, fail, fail, fail, fail, fail, fail}},  // CYRL
      {{fail, fail, grek, fail, fail, fail, fail, fail, fail}},  // GREK
      {{fail, fail, fail, hang, kore, fail, fail, kore, fail}},  // HANG
      {{chna, fail, fail, kore, hani, jpan, jpan, hnlt, fail}},  // HANI
      {{fail, fail, fail, fail, jpan, hira, jpan, jpan, fail}},  // HIRA
      {{fail, fail, fail, fail, jpan, jpan, kata, jpan, fail}},  // KATA
      {{chna, fail, fail, kore, hnlt, jpan, jpan, latn, othr}},  // LATN
      {{fail, fail, fail, fail, fail, fail, fail, othr, fail}},  // OTHR
      {{fail, fail, fail, fail, jpan, jpan, jpan, jpan, fail}},  // JPAN
      {{chna, fail, fail, fail, chna, fail, fail, chna, fail}},  // CHNA
      {{fail, fail, fail, kore, kore, fail, fail, kore, fail}},  // KORE
      {{chna, fail, fail, kore, hnlt, jpan, jpan, hnlt, fail}},  // HNLT
  }};
}();

// Gecko's LookalikeStatus: Safe until the first character that decides;
// Ignore (a character that is plainly not a look-alike) is final.
enum class lookalike : std::uint8_t { safe, ignore, block };

// LookalikeStatusChecker for a script whose letters may all look Latin:
// every letter of `scope` must be on the list, unless the TLD is written
// in that script or is one of its ccTLDs (then the status starts at
// Ignore).  Remembers the first listed letter, for the report.
class script_lookalikes {
 public:
  script_lookalikes(script scope, bool (*listed)(char32_t), std::u32string_view tld, bool cctld) noexcept
      : scope_(scope), listed_(listed), tld_matches_(tld_has_script(tld, scope)),
        status_(cctld ? lookalike::ignore : lookalike::safe) {}
  void check(char32_t c, script sc, std::size_t index) noexcept {
    if (status_ == lookalike::ignore || tld_matches_ || sc != scope_) return;
    if (!listed_(c)) {
      status_ = lookalike::ignore;
      return;
    }
    if (status_ == lookalike::safe) {
      first_ = c;
      first_index_ = index;
    }
    status_ = lookalike::block;
  }
  [[nodiscard]] bool blocks() const noexcept { return status_ == lookalike::block; }
  [[nodiscard]] char32_t first() const noexcept { return first_; }
  [[nodiscard]] std::size_t first_index() const noexcept { return first_index_; }

 private:
  script scope_;
  bool (*listed_)(char32_t);
  bool tld_matches_;
  lookalike status_;
  char32_t first_ = 0;
  std::size_t first_index_ = 0;
};

constexpr bool is_common_or_inherited(script s) noexcept { return s == script::common || s == script::inherited; }

constexpr bool is_cjk_script(script s) noexcept {
  return s == script::han || s == script::hiragana || s == script::katakana;
}

label_decision unsafe(display_reason reason, char32_t cp, std::size_t index,
                      script culprit = script::unknown) noexcept {
  label_decision d;
  d.reasons.insert(reason);
  d.code_point = cp;
  d.index = index;
  d.culprit_script = culprit;
  return d;
}

}  // namespace

label_decision firefox_label(const label_context& ctx) noexcept {
  const std::u32string_view label = ctx.label;
  const std::u32string_view tld = ctx.tld_unicode;
  const display_options& options = ctx.options;
  const std::size_t n = label.size();

  // isOnlySafeChars, before anything else.
  for (std::size_t i = 0; i < n; ++i)
    if (firefox_blocked(label[i]) && !contains(options.allowed_characters, label[i]))
      return unsafe(display_reason::deny_listed_character, label[i], i);

  // Bug 1917119: a TLD that is still an `xn--` label did not decode, and the
  // TLD rules below cannot trust it.
  if (tld_is_ace(tld)) return unsafe(display_reason::tld_specific_character, 0, 0);

  identifier_profile profile;
  profile.cjk = options.cjk;
  profile.extra_allowed = options.allowed_characters;
  script_lookalikes cyrillic(script::cyrillic, cyrillic_latin_confusable, tld, cyrillic_cctld(tld));
  script_lookalikes thai(script::thai, thai_latin_confusable, tld, tld_is(tld, "th"));

  // The loop state of IsLabelSafe.  `last` is the Script of the last
  // character that is neither Common nor Inherited (Gecko's lastScript,
  // Script::INVALID until there is one).
  bool have_last = false;
  script last = script::unknown;
  char32_t previous = 0;
  char32_t base = 0;  // the last character that is not a nonspacing mark
  char32_t numbering_zero = 0;
  bool combo_set = false;
  combo saved = combo::othr;
  lookalike digits = lookalike::safe;
  char32_t digit_cp = 0;
  std::size_t digit_at = 0;

  sec::code_point_record next_record = n > 0 ? sec::record_of(label[0]) : sec::code_point_record{};
  for (std::size_t i = 0; i < n; ++i) {
    const char32_t ch = label[i];
    const sec::code_point_record record = next_record;
    const bool at_end = i + 1 == n;
    if (!at_end) next_record = sec::record_of(label[i + 1]);
    // Gecko's nextScript: Script::INVALID past the end, which no test
    // below names; script::unknown plays that part.
    const script next = at_end ? script::unknown : next_record.sc;
    const char32_t next_ch = at_end ? 0 : label[i + 1];

    // GetIdentifierType(ch) == IDTYPE_RESTRICTED.
    if (!profile.allows(ch)) return unsafe(display_reason::character_not_allowed, ch, i);

    // Mixed scripts, checked only when the script changes.
    const script sc = record.sc;
    if (!is_common_or_inherited(sc) && (!have_last || sc != last)) {
      if (!combo_set) {
        saved = combo_of(sc);
        combo_set = true;
      } else {
        saved = combo_table[static_cast<std::size_t>(saved)][static_cast<std::size_t>(combo_of(sc))];
        if (saved == combo::othr || saved == combo::fail)
          return unsafe(display_reason::restriction_level, ch, i, sc);
      }
    }

    // Kana: ー only after Hiragana or Katakana.
    if (ch == 0x30FC && !(have_last && (last == script::hiragana || last == script::katakana)))
      return unsafe(display_reason::dangerous_pattern, ch, i);
    // Hiragana へ べ ぺ next to Katakana, Katakana ヘ ベ ペ next to Hiragana.
    if (ch >= 0x3078 && ch <= 0x307A && ((have_last && last == script::katakana) || next == script::katakana))
      return unsafe(display_reason::dangerous_pattern, ch, i);
    if (ch >= 0x30D8 && ch <= 0x30DA && ((have_last && last == script::hiragana) || next == script::hiragana))
      return unsafe(display_reason::dangerous_pattern, ch, i);
    // ヽ ヾ only after Katakana.
    if ((ch == 0x30FD || ch == 0x30FE) && !(have_last && last == script::katakana))
      return unsafe(display_reason::dangerous_pattern, ch, i);
    // Slash look-alikes not enclosed by Han or Kana (alone they are fine).
    if (cjk_slash_confusable(ch) && n > 1 && !(have_last && is_cjk_script(last)) && !is_cjk_script(next))
      return unsafe(display_reason::dangerous_pattern, ch, i);
    // ・ next to Latin.
    if (ch == 0x30FB && ((have_last && last == script::latin) || next == script::latin))
      return unsafe(display_reason::dangerous_pattern, ch, i);

    // Combining diacritics U+0300–U+0339 only after Latin, Greek, Cyrillic.
    if (ch >= 0x300 && ch <= 0x339 &&
        !(have_last && (last == script::latin || last == script::greek || last == script::cyrillic)))
      return unsafe(display_reason::dangerous_pattern, ch, i);
    // A dot above i, j or l vanishes into the letter's own dot or stem.
    if (ch == 0x307 && (previous == U'i' || previous == U'j' || previous == U'l'))
      return unsafe(display_reason::dangerous_pattern, ch, i);

    // U+00B7 only in Catalan l·l under .cat.
    if (ch == 0xB7 && (!tld_is(tld, "cat") || previous != U'l' || next_ch != U'l'))
      return unsafe(display_reason::tld_specific_character, ch, i);

    // Digit look-alikes: decided at the end, unless a character that is
    // neither an ASCII digit nor a look-alike shows up.
    if (digits != lookalike::ignore && !is_ascii_digit(ch)) {
      if (digit_lookalike(ch)) {
        if (digits == lookalike::safe) {
          digit_cp = ch;
          digit_at = i;
        }
        digits = lookalike::block;
      } else {
        digits = lookalike::ignore;
      }
    }

    // Icelandic þ ð outside .is and .fo; Azerbaijani ə outside .az.
    if ((ch == 0xFE || ch == 0xF0) && !tld_is(tld, "is") && !tld_is(tld, "fo"))
      return unsafe(display_reason::tld_specific_character, ch, i);
    if (ch == 0x259 && !tld_is(tld, "az")) return unsafe(display_reason::tld_specific_character, ch, i);

    // ʻ ʼ look like quotes: blocked outright.
    if (ch == 0x2BB || ch == 0x2BC) return unsafe(display_reason::deny_listed_character, ch, i);

    // Whole-script Cyrillic and Thai confusables: decided at the end.
    cyrillic.check(ch, sc, i);
    thai.check(ch, sc, i);

    // CJK strokes next to a character that is not Bopomofo, Kana, Han or
    // an ASCII digit (the label's edges do not count).
    if (cjk_latin_lookalike(ch)) {
      const bool cjk_before =
          have_last && (last == script::bopomofo || is_cjk_script(last));
      if (!cjk_before && previous != 0 && !is_ascii_digit(previous))
        return unsafe(display_reason::dangerous_pattern, ch, i);
      const bool cjk_after = next == script::bopomofo || is_cjk_script(next);
      if (!cjk_after && !at_end && !is_ascii_digit(next_ch))
        return unsafe(display_reason::dangerous_pattern, ch, i);
    }

    // Decimal digits of one numbering system only (UTS #39 §5.3).
    if (record.decimal) {
      const char32_t zero = sec::decimal_zero(ch);
      if (numbering_zero == 0) {
        numbering_zero = zero;
      } else if (zero != numbering_zero) {
        return unsafe(display_reason::mixed_numbers, ch, i);
      }
    }

    if (record.nonspacing_mark) {
      // The same nonspacing mark twice in a row.
      if (previous != 0 && previous == ch) return unsafe(display_reason::invisible_or_hidden_marks, ch, i);
      // A mark whose Script_Extensions name scripts, none of them the base's.
      if (have_last) {
        const script_set& scx = sec::script_set_at(record.scx);
        const bool generic = scx == script_set{script::common} || scx == script_set{script::inherited};
        if (!generic && !scx.contains(last)) return unsafe(display_reason::invisible_or_hidden_marks, ch, i, last);
      }
      // Accents on dotless ı read as the same accents on i.
      if (base == 0x131 && ((ch >= 0x300 && ch <= 0x314) || ch == 0x31A))
        return unsafe(display_reason::dangerous_pattern, ch, i);
    } else {
      base = ch;
    }

    if (!is_common_or_inherited(sc)) {
      last = sc;
      have_last = true;
    }
    previous = ch;
  }

  if (digits == lookalike::block) return unsafe(display_reason::digit_lookalike, digit_cp, digit_at);
  if (punycode_cyrillic_confusables && cyrillic.blocks())
    return unsafe(display_reason::whole_script_confusable, cyrillic.first(), cyrillic.first_index(), script::cyrillic);
  if (thai.blocks()) return unsafe(display_reason::whole_script_confusable, thai.first(), thai.first_index(), script::thai);
  return {};
}

}  // namespace puny::detail::display
