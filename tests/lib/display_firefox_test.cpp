// The firefox display policy, rule by rule: Gecko's nsIDNService::IsLabelSafe
// (gecko-dev @99f8e72d) as src/display/firefox_policy.cpp ports it, through
// the internal per-label interface (src/display/policy.hpp: the reason, the
// character and its index) and through the public puny::display.
#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <string_view>

#include "display/firefox_blocklist.hpp"
#include "display/policy.hpp"
#include "puny/display.hpp"

namespace {

using puny::display_reason;
using puny::detail::display::label_decision;

// One label under the firefox policy, with the TLD given in Unicode (an
// ASCII TLD is the same text in both forms).
label_decision firefox(std::u32string_view label, std::u32string_view tld = U"com",
                       const puny::display_options& options = {}) {
  std::string tld_ascii;
  for (const char32_t c : tld) tld_ascii += c < 0x80 ? static_cast<char>(c) : '?';
  const puny::detail::display::label_context ctx{label, tld_ascii, tld, options};
  return puny::detail::display::firefox_label(ctx);
}

// The label is shown in Unicode.
::testing::AssertionResult shown(const label_decision& d) {
  if (d.reasons.empty()) return ::testing::AssertionSuccess();
  std::string s;
  for (const display_reason r : d.reasons) s += std::string(puny::name(r)) + ' ';
  return ::testing::AssertionFailure() << "not shown: " << s << "at index " << d.index;
}

// The label is kept as punycode for exactly `reason`, decided by the
// character at `index`.
::testing::AssertionResult kept(const label_decision& d, display_reason reason, std::size_t index, char32_t cp) {
  if (d.reasons != puny::display_reasons{reason}) {
    std::string s;
    for (const display_reason r : d.reasons) s += std::string(puny::name(r)) + ' ';
    return ::testing::AssertionFailure() << "reasons {" << s << "}, want " << puny::name(reason);
  }
  if (d.index != index || d.code_point != cp)
    return ::testing::AssertionFailure() << "decided by U+" << std::hex << static_cast<unsigned>(d.code_point)
                                         << " at " << std::dec << d.index << ", want U+" << std::hex
                                         << static_cast<unsigned>(cp) << " at " << std::dec << index;
  return ::testing::AssertionSuccess();
}

TEST(FirefoxBlocklist, HoldsTheIncFile) {
  std::size_t count = 0;
  char32_t previous_last = 0;
  for (const auto& r : puny::detail::display::firefox_blocklist()) {
    EXPECT_LE(r.first, r.last);
    EXPECT_TRUE(count == 0 || r.first > previous_last + 1) << "ranges are sorted and not adjacent";
    for (char32_t c = r.first; c <= r.last; ++c)
      EXPECT_TRUE(puny::detail::display::firefox_blocked(c)) << static_cast<unsigned>(c);
    EXPECT_FALSE(puny::detail::display::firefox_blocked(static_cast<char32_t>(r.first) - 1));
    EXPECT_FALSE(puny::detail::display::firefox_blocked(static_cast<char32_t>(r.last) + 1));
    count += static_cast<std::size_t>(r.last - r.first) + 1;
    previous_last = r.last;
  }
  EXPECT_EQ(puny::detail::display::firefox_blocklist().size(), 54u);
  EXPECT_EQ(count, 118u);
  std::size_t scanned = 0;
  for (char32_t c = 0; c < 0x110000; ++c) scanned += puny::detail::display::firefox_blocked(c) ? 1 : 0;
  EXPECT_EQ(scanned, 118u) << "nothing outside the ranges, nothing supplementary";
}

TEST(FirefoxPolicy, BlocklistComesFirst) {
  // ⁄ (fraction slash) is blocked; so is ǃ, which looks like "!".
  EXPECT_TRUE(kept(firefox(U"a\u2044b"), display_reason::deny_listed_character, 1, 0x2044));
  // Ꮳ is Restricted, but the blocklist is checked before the loop.
  EXPECT_TRUE(kept(firefox(U"\u13E3\u01C3"), display_reason::deny_listed_character, 1, 0x01C3));
  // ゠ is Allowed in Unicode 17.0 and still blocked.
  EXPECT_TRUE(kept(firefox(U"\u30A2\u30A0\u30A2"), display_reason::deny_listed_character, 1, 0x30A0));
  // allowed_characters lifts it, as network.IDN.extra_allowed_chars did.
  puny::display_options lifted;
  lifted.allowed_characters = U"\u30A0";
  EXPECT_TRUE(shown(firefox(U"\u30A2\u30A0\u30A2", U"com", lifted)));
}

TEST(FirefoxPolicy, IdentifierProfile) {
  // Cherokee and Yi are Limited_Use: outside the profile.
  EXPECT_TRUE(kept(firefox(U"\u13E3\u13B3\u13A9"), display_reason::character_not_allowed, 0, 0x13E3));
  EXPECT_TRUE(kept(firefox(U"abc\uA188"), display_reason::character_not_allowed, 3, 0xA188));
  puny::display_options extra;
  extra.allowed_characters = U"\u13E3\u13B3\u13A9";
  EXPECT_TRUE(shown(firefox(U"\u13E3\u13B3\u13A9", U"com", extra)));
  // Unicode 17.0 made Bopomofo Limited_Use; cjk_compat admits it again.
  EXPECT_TRUE(kept(firefox(U"注音符号\u3105"), display_reason::character_not_allowed, 4, 0x3105));
  puny::display_options compat;
  compat.cjk = puny::han_bopomofo::cjk_compat;
  EXPECT_TRUE(shown(firefox(U"注音符号\u3105bopomofo", U"com", compat)));
}

TEST(FirefoxPolicy, ScriptCombinations) {
  EXPECT_TRUE(shown(firefox(U"cuill\u00E8re")));
  EXPECT_TRUE(shown(firefox(U"\u03C0\u03BB\u03AC\u03C4\u03C9\u03BD")));  // πλάτων
  EXPECT_TRUE(shown(firefox(U"\u092E\u0930\u093E\u0920\u0940123")));   // मराठी123
  // Latin, Han, Hiragana and Katakana in any order; Latin+Han+Hangul;
  // Latin+Han+Bopomofo (with cjk_compat, see above).
  EXPECT_TRUE(shown(firefox(U"van\u8A9E\u3067\u306F\u30C9\u30A4")));
  EXPECT_TRUE(shown(firefox(U"\u30C9\u30A4\u3067\u306F\u8A9Evan")));
  EXPECT_TRUE(shown(firefox(U"\u97D3\uD55C\uAE00hangul")));
  // war-and-миръ: Latin then Cyrillic.
  EXPECT_TRUE(kept(firefox(U"war-and-\u043C\u0438\u0440\u044A"), display_reason::restriction_level, 8, 0x043C));
  EXPECT_EQ(firefox(U"war-and-\u043C\u0438\u0440\u044A").culprit_script, puny::script::cyrillic);
  // Hangul with Katakana; Devanagari with Armenian.
  EXPECT_TRUE(kept(firefox(U"\uD55C\uAE00\u30CF\u30F3"), display_reason::restriction_level, 2, 0x30CF));
  EXPECT_TRUE(kept(firefox(U"\u092E\u0930\u093E\u0920\u0940\u0570"), display_reason::restriction_level, 5, 0x0570));
  // A script outside the table is fine alone, never with another one, in
  // either order (LATN→OTHR and OTHR→LATN both lead to OTHR).
  EXPECT_TRUE(shown(firefox(U"\u0627\u0644\u0639\u0631\u0628")));
  EXPECT_TRUE(kept(firefox(U"abc\u0627"), display_reason::restriction_level, 3, 0x0627));
  EXPECT_TRUE(kept(firefox(U"\u0627abc"), display_reason::restriction_level, 1, U'a'));
  // Common and Inherited characters never change the state.
  EXPECT_TRUE(shown(firefox(U"\u4E2D\u56FD123")));
}

TEST(FirefoxPolicy, KanaRules) {
  // ー only after Hiragana or Katakana.
  EXPECT_TRUE(kept(firefox(U"\u30FC\u30A2"), display_reason::dangerous_pattern, 0, 0x30FC));
  EXPECT_TRUE(shown(firefox(U"\u30A2\u30FC")));
  EXPECT_TRUE(kept(firefox(U"a\u30FC"), display_reason::dangerous_pattern, 1, 0x30FC));
  // へ next to Katakana, ヘ next to Hiragana, on either side.
  EXPECT_TRUE(kept(firefox(U"\u30A2\u3078"), display_reason::dangerous_pattern, 1, 0x3078));
  EXPECT_TRUE(kept(firefox(U"\u3079\u30A2"), display_reason::dangerous_pattern, 0, 0x3079));
  EXPECT_TRUE(kept(firefox(U"\u3042\u30D8"), display_reason::dangerous_pattern, 1, 0x30D8));
  EXPECT_TRUE(shown(firefox(U"\u3042\u3078")));
  // ヽ ヾ only after Katakana.
  EXPECT_TRUE(kept(firefox(U"\u3042\u30FD"), display_reason::dangerous_pattern, 1, 0x30FD));
  EXPECT_TRUE(shown(firefox(U"\u30A2\u30FE")));
  // Slash look-alikes: fine alone or beside Han/Kana, not between Latin.
  EXPECT_TRUE(shown(firefox(U"\u30CE")));
  EXPECT_TRUE(shown(firefox(U"\u30CE\u30F3\u30BD")));
  EXPECT_TRUE(kept(firefox(U"a\u30CEb"), display_reason::dangerous_pattern, 1, 0x30CE));
  EXPECT_TRUE(kept(firefox(U"\u4E3F1"), display_reason::dangerous_pattern, 0, 0x4E3F));
  // ・ beside Latin.
  EXPECT_TRUE(shown(firefox(U"\u4E7E\u71E5\u808C\u30FB\u77F3\u3051\u3093")));
  EXPECT_TRUE(kept(firefox(U"\u30A2\u30FBa"), display_reason::dangerous_pattern, 1, 0x30FB));
}

TEST(FirefoxPolicy, MarkPatterns) {
  // U+0300–U+0339 only after Latin, Greek or Cyrillic.
  EXPECT_TRUE(kept(firefox(U"\u30A2\u0300"), display_reason::dangerous_pattern, 1, 0x0300));
  EXPECT_TRUE(kept(firefox(U"\u0300a"), display_reason::dangerous_pattern, 0, 0x0300));
  // A dot above i, j, l disappears.
  EXPECT_TRUE(kept(firefox(U"li\u0307n"), display_reason::dangerous_pattern, 2, 0x0307));
  EXPECT_TRUE(shown(firefox(U"n\u0307")));  // the rule names i, j and l only
  // Accents on dotless ı (naı̈ve, dı̂ner), not on i (naïve).
  EXPECT_TRUE(kept(firefox(U"na\u0131\u0308ve"), display_reason::dangerous_pattern, 3, 0x0308));
  EXPECT_TRUE(kept(firefox(U"d\u0131\u0302ner"), display_reason::dangerous_pattern, 2, 0x0302));
  EXPECT_TRUE(shown(firefox(U"na\u00EFve")));
}

TEST(FirefoxPolicy, NonspacingMarks) {
  // The same mark twice in a row (gruz̀̀ere); the mark and base differ in á́.
  EXPECT_TRUE(kept(firefox(U"gruz\u0300\u0300ere"), display_reason::invisible_or_hidden_marks, 5, 0x0300));
  EXPECT_TRUE(shown(firefox(U"\u00E1\u0301")));
  // An Arabic kasra or a Hebrew hiriq on Latin; the kasra on Arabic is fine.
  const label_decision kasra = firefox(U"goo\u0650gle");
  EXPECT_TRUE(kept(kasra, display_reason::invisible_or_hidden_marks, 3, 0x0650));
  EXPECT_EQ(kasra.culprit_script, puny::script::latin);
  // The Hebrew hiriq is Restricted in Unicode 17.0: the profile decides
  // before the script mix (it has Script=Hebrew) and the mark rules.
  EXPECT_TRUE(kept(firefox(U"goo\u05B4gle"), display_reason::character_not_allowed, 3, 0x05B4));
  EXPECT_TRUE(shown(firefox(U"\u0627\u0644\u0639\u064E\u0631\u064E\u0628\u0650\u064A")));
  // A mark with no base script yet is not checked against one.
  EXPECT_TRUE(shown(firefox(U"\u0650\u0627")));
}

TEST(FirefoxPolicy, TldSpecificCharacters) {
  // l·l only between two l's and only under .cat.
  EXPECT_TRUE(shown(firefox(U"col\u00B7legi", U"cat")));
  EXPECT_TRUE(kept(firefox(U"col\u00B7legi", U"com"), display_reason::tld_specific_character, 3, 0x00B7));
  EXPECT_TRUE(kept(firefox(U"a\u00B7l", U"cat"), display_reason::tld_specific_character, 1, 0x00B7));
  EXPECT_TRUE(kept(firefox(U"l\u00B7", U"cat"), display_reason::tld_specific_character, 1, 0x00B7));
  // þ ð under .is and .fo, ə under .az, whatever the label's length.
  EXPECT_TRUE(shown(firefox(U"\u00FEing", U"is")));
  EXPECT_TRUE(shown(firefox(U"\u00F0i", U"fo")));
  EXPECT_TRUE(kept(firefox(U"\u00FEing", U"com"), display_reason::tld_specific_character, 0, 0x00FE));
  EXPECT_TRUE(kept(firefox(U"a\u00F0", U"az"), display_reason::tld_specific_character, 1, 0x00F0));
  EXPECT_TRUE(shown(firefox(U"\u0259li", U"az")));
  EXPECT_TRUE(kept(firefox(U"\u0259li", U"is"), display_reason::tld_specific_character, 0, 0x0259));
  // The TLD is compared whole.
  EXPECT_TRUE(kept(firefox(U"\u00FEing", U"iss"), display_reason::tld_specific_character, 0, 0x00FE));
  // ʻ ʼ look like quotes, under any TLD.
  EXPECT_TRUE(kept(firefox(U"ha\u02BBa", U"us"), display_reason::deny_listed_character, 2, 0x02BB));
  EXPECT_TRUE(kept(firefox(U"\u02BCa"), display_reason::deny_listed_character, 0, 0x02BC));
}

TEST(FirefoxPolicy, DigitLookalikes) {
  // Only digits and look-alikes, with at least one look-alike.
  EXPECT_TRUE(kept(firefox(U"\u0437123"), display_reason::digit_lookalike, 0, 0x0437));
  EXPECT_TRUE(kept(firefox(U"\u0968\u0968"), display_reason::digit_lookalike, 0, 0x0968));  // २२
  // Any other character makes the label plainly not a number.
  EXPECT_TRUE(shown(firefox(U"\u0437-1")));
  EXPECT_TRUE(shown(firefox(U"\u0437\u0434")));
  // ೭ U+0CED is on Chromium's list, not on Firefox's.
  EXPECT_TRUE(shown(firefox(U"\u0CED\u0CE7")));
  // A label mixing numbering systems fails in the loop first.
  EXPECT_TRUE(kept(firefox(U"\u09EA8"), display_reason::mixed_numbers, 1, U'8'));
}

TEST(FirefoxPolicy, CyrillicWholeScriptConfusables) {
  // аррӏе: every Cyrillic letter is on the list.
  const label_decision apple = firefox(U"\u0430\u0440\u0440\u04CF\u0435");
  EXPECT_TRUE(kept(apple, display_reason::whole_script_confusable, 0, 0x0430));
  EXPECT_EQ(apple.culprit_script, puny::script::cyrillic);
  EXPECT_TRUE(kept(firefox(U"\u0441\u044E"), display_reason::whole_script_confusable, 0, 0x0441));  // сю: ю is listed
  EXPECT_TRUE(kept(firefox(U"\u043C\u043E\u043C"), display_reason::whole_script_confusable, 0, 0x043C));  // м is listed
  // т is not on Firefox's list (it is on Chromium's): торты is shown.
  EXPECT_TRUE(shown(firefox(U"\u0442\u043E\u0440\u0442\u044B")));
  // Digits and hyphens do not count.
  EXPECT_TRUE(kept(firefox(U"\u0455\u0441\u043E\u0440\u0435-123"), display_reason::whole_script_confusable, 0, 0x0455));
  // Cyrillic TLDs and the ccTLDs of Cyrillic-writing countries.
  for (const std::u32string_view tld : {U"ru", U"by", U"bg", U"kz", U"pyc", U"su", U"ua", U"uz", U"\u0440\u0444"})
    EXPECT_TRUE(shown(firefox(U"\u0430\u0440\u0440\u04CF\u0435", tld)));
  EXPECT_TRUE(kept(firefox(U"\u0430\u0440\u0440\u04CF\u0435", U"de"), display_reason::whole_script_confusable, 0,
                   0x0430));
}

TEST(FirefoxPolicy, ThaiWholeScriptConfusables) {
  // ฟรฟร: every Thai letter is on the list (InitThaiLatinConfusables).
  const label_decision d = firefox(U"\u0E1F\u0E23\u0E1F\u0E23");
  EXPECT_TRUE(kept(d, display_reason::whole_script_confusable, 0, 0x0E1F));
  EXPECT_EQ(d.culprit_script, puny::script::thai);
  // ท น ห are on the Linux list only: puny takes the Linux form.
  EXPECT_TRUE(kept(firefox(U"\u0E17\u0E19\u0E1A\u0E1E\u0E23\u0E2B"), display_reason::whole_script_confusable, 0,
                   0x0E17));
  // One letter off the list (ข) and the label is plainly Thai.
  EXPECT_TRUE(shown(firefox(U"\u0E1F\u0E23\u0E02")));
  // Under .th and under a Thai TLD (.ไทย) the rule does not apply.
  EXPECT_TRUE(shown(firefox(U"\u0E1F\u0E23\u0E1F\u0E23", U"th")));
  EXPECT_TRUE(shown(firefox(U"\u0E1F\u0E23\u0E1F\u0E23", U"\u0E44\u0E17\u0E22")));
}

TEST(FirefoxPolicy, UndecodedTld) {
  // Bug 1917119: a TLD still in `xn--` form cannot be trusted for the TLD
  // rules; checked after the blocklist, before everything else.
  EXPECT_TRUE(kept(firefox(U"b\u00FCcher", U"xn--zz"), display_reason::tld_specific_character, 0, 0));
  EXPECT_TRUE(kept(firefox(U"a\u2044b", U"xn--zz"), display_reason::deny_listed_character, 1, 0x2044));
}

TEST(FirefoxPolicy, CjkStrokesBesideOtherScripts) {
  // 一 (a dash) beside Latin, on either side; the label's edges and ASCII
  // digits do not count, Han/Kana/Bopomofo neighbours are fine.
  EXPECT_TRUE(kept(firefox(U"a\u4E00b"), display_reason::dangerous_pattern, 1, 0x4E00));
  EXPECT_TRUE(kept(firefox(U"\u4E00a"), display_reason::dangerous_pattern, 0, 0x4E00));
  // d12一: the left neighbour is a digit and the right is the edge, so
  // Firefox shows it (Chromium does not: DISABLED in test_idn_spoof.js).
  EXPECT_TRUE(shown(firefox(U"d12\u4E00")));
  EXPECT_TRUE(kept(firefox(U"d\u4E001"), display_reason::dangerous_pattern, 1, 0x4E00));
  EXPECT_TRUE(shown(firefox(U"\u4E00123")));
  EXPECT_TRUE(shown(firefox(U"\u4E2D\u4E00\u56FD")));
  EXPECT_TRUE(shown(firefox(U"\u4E00")));
}

TEST(FirefoxPolicy, MixedNumberingSystems) {
  EXPECT_TRUE(kept(firefox(U"\u0967\u0968\u0031"), display_reason::mixed_numbers, 2, U'1'));
  EXPECT_TRUE(shown(firefox(U"\u0915\u0967\u0968")));
  EXPECT_TRUE(shown(firefox(U"\u0985\u0999\u09CD\u0995\u09C1\u09B08")));  // অঙ্কুর8: one system
}

TEST(FirefoxPolicy, FirstFailingRuleDecides) {
  // A Restricted character before a script mix: the profile decides.
  EXPECT_TRUE(kept(firefox(U"\u13E3a\u0430"), display_reason::character_not_allowed, 0, 0x13E3));
  // A dangerous pattern in the loop beats the end-of-label Cyrillic rule.
  EXPECT_TRUE(kept(firefox(U"\u0430\u0300\u0300"), display_reason::invisible_or_hidden_marks, 2, 0x0300));
  // The end-of-label rules come after every rule of the loop.
  EXPECT_TRUE(kept(firefox(U"\u0437\u0968"), display_reason::restriction_level, 1, 0x0968));
  EXPECT_TRUE(kept(firefox(U"\u0437\u0437"), display_reason::digit_lookalike, 0, 0x0437));
}

TEST(FirefoxPolicy, PublicDisplay) {
  const puny::display_outcome apple = puny::display("xn--80ak6aa92e.com", puny::display_policy::firefox);
  EXPECT_EQ(apple.value, "xn--80ak6aa92e.com");
  ASSERT_EQ(apple.labels.size(), 2u);
  EXPECT_TRUE(apple.labels[0].reasons.contains(display_reason::whole_script_confusable));
  EXPECT_FALSE(apple.ok());
  // The same letters under a Cyrillic TLD are shown.
  EXPECT_EQ(puny::display("xn--80ak6aa92e.xn--p1ai", puny::display_policy::firefox).value,
            "\u0430\u0440\u0440\u04CF\u0435.\u0440\u0444");
  // Per label: the second label is fine on its own.
  EXPECT_EQ(puny::display("xn--googl-3we.xn--3e0b707e", puny::display_policy::firefox).value,
            "xn--googl-3we.\uD55C\uAD6D");
  // á + U+0301: Chromium and UTS #39 reject it, Firefox shows it.
  EXPECT_EQ(puny::display("xn--1ca20i.com", puny::display_policy::firefox).value, "\u00E1\u0301.com");
  EXPECT_EQ(puny::display("xn--ll-0ea.cat", puny::display_policy::firefox).value, "l\u00B7l.cat");
  EXPECT_EQ(puny::display("xn--ll-0ea.com", puny::display_policy::firefox).value, "xn--ll-0ea.com");
  EXPECT_TRUE(puny::display("b\u00FCcher.de", puny::display_policy::firefox).ok());
}

}  // namespace
