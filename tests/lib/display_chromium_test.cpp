// The chromium policy rule by rule (Chromium's
// IdnSpoofChecker::SafeToDisplayAsUnicode, phantom-browser-core @e3540440
// components/url_formatter/spoof_checks/idn_spoof_checker.cc), each rule
// with a name that trips it and one that it lets through, most of them
// the named cases of docs/display.md; and the hand-ported tables against
// Chromium's own literals.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>

#include "display/chromium_policy.hpp"
#include "display/chromium_tables.hpp"
#include "display/policy.hpp"
#include "puny/display.hpp"
#include "puny/security.hpp"
#include "puny/utf8.hpp"
#include "security/security_data.hpp"
#include "unicode/ucd.hpp"

namespace {

using puny::display_reason;
using puny::display_reasons;

puny::display_outcome chromium(std::string_view name, puny::display_options o = {}) {
  o.policy = puny::display_policy::chromium;
  return puny::display(name, o);
}

// The reasons of the name's first label.
display_reasons first_label(const puny::display_outcome& d) {
  return d.labels.empty() ? display_reasons{} : d.labels.front().reasons;
}

std::u32string code_points(std::string_view utf8) {
  std::u32string s(utf8.size(), U'\0');
  const puny::result r = puny::utf8_to_utf32(utf8, s);
  s.resize(r.written);
  return s;
}

// --- Rule 1: uspoof_check (kICUSpoofChecks) --------------------------------

TEST(ChromiumPolicy, Rule1CharLimitUsesChromiumsAllowedSet) {
  // ǎ U+01CE is Identifier_Status=Allowed but in a range Chromium removes
  // ("Latin Ext B; Pinyin"); UTS #39 alone shows it.
  const auto d = chromium("n\u01CEme.com");
  EXPECT_EQ(d.value, *puny::to_ascii("n\u01CEme.com"));
  EXPECT_EQ(first_label(d), display_reasons{display_reason::character_not_allowed});
  EXPECT_EQ(d.labels[0].code_point, U'\u01CE');
  EXPECT_EQ(d.labels[0].code_point_index, 1u);
  EXPECT_NE(d.labels[0].detail.find("U+01CE"), std::string::npos) << d.labels[0].detail;
  EXPECT_TRUE(puny::display("n\u01CEme.com", puny::display_policy::uts39_highly_restrictive).ok());
  // ʼ U+02BC: Inclusion, removed by Chromium ("quotation-mark look-alikes").
  EXPECT_EQ(first_label(chromium("a\u02BCb.com")), display_reasons{display_reason::character_not_allowed});
  // Restricted in Unicode 17: ĸ U+0138 (also removed by Chromium).
  EXPECT_EQ(first_label(chromium("\u0138ey.com")), display_reasons{display_reason::character_not_allowed});
  // The caller's allowed_characters put a removed character back.
  puny::display_options o;
  o.allowed_characters = U"\u01CE";
  EXPECT_TRUE(chromium("n\u01CEme.com", o).ok());
}

TEST(ChromiumPolicy, Rule1RestrictionLevelAboveHighlyRestrictive) {
  // paypαl: Latin with Greek (kIdnCases xn--paypl-g9d.com).
  const auto d = chromium("xn--paypl-g9d.com");
  EXPECT_EQ(d.value, "xn--paypl-g9d.com");
  EXPECT_EQ(first_label(d), display_reasons{display_reason::restriction_level});
  EXPECT_EQ(d.labels[0].code_point, U'\u03B1');
  EXPECT_EQ(d.labels[0].code_point_index, 4u);
  EXPECT_NE(d.labels[0].detail.find("Latin and Greek"), std::string::npos) << d.labels[0].detail;
  // Latin with Han, Hangul, Japanese kana: Highly Restrictive, shown.
  EXPECT_TRUE(chromium("xn--hello-9n1hm04c.com").ok());  // hello中国
  EXPECT_TRUE(chromium("xn--han-eb9ll88m.kr").ok());     // 한글han
  EXPECT_TRUE(chromium("xn--e-efusa1mzf.jp").ok());      // eコマース
  // Cyrillic with Latin (gооglе: Latin g, l with Cyrillic о, е).
  EXPECT_EQ(first_label(chromium("xn--ggl-tdd6ba.ru")), display_reasons{display_reason::restriction_level});
}

TEST(ChromiumPolicy, Rule1MixedNumbers) {
  // ASCII 1 with Devanagari १.
  const auto d = chromium("1\u0967.com");
  EXPECT_EQ(first_label(d), display_reasons{display_reason::mixed_numbers});
  EXPECT_EQ(d.labels[0].code_point, U'\u0967');
  EXPECT_TRUE(chromium("\u0967\u0968\u0915.in").ok());  // १२क: one system
}

TEST(ChromiumPolicy, Rule1InvisibleAndHiddenOverlay) {
  // á + U+0301 (xn--1ca20i.com): the same mark twice after NFD (INVISIBLE).
  const auto repeated = chromium("xn--1ca20i.com");
  EXPECT_EQ(repeated.value, "xn--1ca20i.com");
  EXPECT_EQ(first_label(repeated), display_reasons{display_reason::invisible_or_hidden_marks});
  // i + U+0307: a dot over a dotted letter (HIDDEN_OVERLAY).
  EXPECT_EQ(first_label(chromium("ai\u0307b.com")), display_reasons{display_reason::invisible_or_hidden_marks});
  // One mark is fine.
  EXPECT_TRUE(chromium("a\u0301b.com").ok());
}

// --- Rules 2 to 4: TLD-specific characters ---------------------------------

TEST(ChromiumPolicy, Rule2ThornAndEthOnlyUnderIsAndFo) {
  EXPECT_EQ(first_label(chromium("\u00FEorri.com")), display_reasons{display_reason::tld_specific_character});
  EXPECT_EQ(chromium("\u00FEorri.com").labels[0].code_point, U'\u00FE');
  EXPECT_EQ(first_label(chromium("a\u00F0a.com")), display_reasons{display_reason::tld_specific_character});
  EXPECT_TRUE(chromium("\u00FEorri.is").ok());
  EXPECT_TRUE(chromium("a\u00F0a.fo").ok());
  // "label_string.length() > 1": the letter alone is shown.
  EXPECT_TRUE(chromium("\u00FE.com").ok());
}

TEST(ChromiumPolicy, Rule3SchwaOnlyUnderAz) {
  EXPECT_EQ(first_label(chromium("\u0259li.com")), display_reasons{display_reason::tld_specific_character});
  EXPECT_TRUE(chromium("\u0259li.az").ok());
  EXPECT_TRUE(chromium("\u0259.com").ok());
}

TEST(ChromiumPolicy, Rule4MiddleDotOnlyBetweenTwoLUnderCat) {
  // xn--ll-0ea.cat (l·l.cat) against .com: the named case.
  EXPECT_EQ(chromium("xn--ll-0ea.cat").value, "l\u00B7l.cat");
  const auto com = chromium("xn--ll-0ea.com");
  EXPECT_EQ(com.value, "xn--ll-0ea.com");
  EXPECT_EQ(first_label(com), display_reasons{display_reason::tld_specific_character});
  EXPECT_EQ(first_label(chromium("a\u00B7l.cat")), display_reasons{display_reason::tld_specific_character});
  EXPECT_EQ(first_label(chromium("l\u00B7l\u00B7.cat")), display_reasons{display_reason::tld_specific_character});
  EXPECT_TRUE(chromium("col\u00B7legi.cat").ok());
}

// --- Rule 5: ASCII ---------------------------------------------------------

TEST(ChromiumPolicy, Rule5AsciiLabelIsSafe) {
  // display() never asks about an ASCII label; the policy itself says safe.
  const puny::display_options o;
  const puny::detail::display::label_context context{U"abc", "com", U"com", o};
  EXPECT_TRUE(puny::detail::display::chromium_label(context).reasons.empty());
}

// --- Rule 6: one script ----------------------------------------------------

TEST(ChromiumPolicy, Rule6WholeScriptConfusable) {
  // аррӏе.com (xn--80ak6aa92e.com): the named case.
  const auto d = chromium("xn--80ak6aa92e.com");
  EXPECT_EQ(d.value, "xn--80ak6aa92e.com");
  EXPECT_EQ(first_label(d), display_reasons{display_reason::whole_script_confusable});
  EXPECT_EQ(d.labels[0].code_point, U'\u0430');
  EXPECT_NE(d.labels[0].detail.find("Cyrillic letters \u0430 \u0440 \u04CF \u0435 all look like Latin letters"),
            std::string::npos)
      << d.labels[0].detail;
  EXPECT_NE(d.labels[0].detail.find(".com is not Cyrillic"), std::string::npos) << d.labels[0].detail;
  // Exempt: an ASCII TLD of the script's list, or a TLD in the script.
  EXPECT_TRUE(chromium("xn--80ak6aa92e.ru").ok());
  EXPECT_TRUE(chromium("xn--80ak6aa92e.xn--p1ai").ok());  // .рф
  EXPECT_EQ(chromium("xn--80ak6aa92e.xn--p1ai").value, "\u0430\u0440\u0440\u04CF\u0435.\u0440\u0444");
  // торты: every letter has a Latin look-alike; президент: д and з have none.
  EXPECT_FALSE(chromium("xn--n1aeec9b.com").ok());
  EXPECT_TRUE(chromium("\u043F\u0440\u0435\u0437\u0438\u0434\u0435\u043D\u0442.com").ok());
  // kAllowedWholeScriptConfusableWords.
  EXPECT_TRUE(chromium("\u043A\u0443\u0440\u0441.com").ok());  // курс
  // Greek, Georgian, Hebrew.
  EXPECT_EQ(first_label(chromium("\u03BF\u03C4.com")), display_reasons{display_reason::whole_script_confusable});
  EXPECT_TRUE(chromium("\u03BF\u03C4.gr").ok());
  // Thai, the Linux table: ทนบพรห is confusable on Linux only.
  EXPECT_EQ(first_label(chromium("xn--o3cedqz2c.com")), display_reasons{display_reason::whole_script_confusable});
  EXPECT_TRUE(chromium("xn--o3cedqz2c.th").ok());
}

TEST(ChromiumPolicy, Rule6DigitLookalikes) {
  // 1շ.com: Armenian շ looks like 2.
  const auto d = chromium("xn--1-xcc.com");
  EXPECT_EQ(d.value, "xn--1-xcc.com");
  EXPECT_EQ(first_label(d), display_reasons{display_reason::digit_lookalike});
  EXPECT_EQ(d.labels[0].code_point, U'\u0577');
  // A letter that is no digit look-alike breaks the pattern.
  EXPECT_TRUE(chromium("1\u0577\u0561.am").ok());
}

TEST(ChromiumPolicy, Rule6KanaExceptionsAndDiacriticsSkipToTheLaterRules) {
  // One script (Jpan), but with へ among Katakana: rule 9 decides.
  const auto d = chromium("\u30AB\u3078\u30AB.jp");
  EXPECT_EQ(first_label(d), display_reasons{display_reason::dangerous_pattern});
  EXPECT_EQ(d.labels[0].code_point, U'\u3078');
  // Without the exception the same script is safe.
  EXPECT_TRUE(chromium("\u30AB\u30AD\u30AB.jp").ok());
}

// --- Rule 8: non-ASCII Latin mixed with another script ---------------------

TEST(ChromiumPolicy, Rule8NonAsciiLatinMixedWithNonLatin) {
  // héllo中国.cn (xn--hllo-bpa7979ih5m.cn).
  const auto d = chromium("xn--hllo-bpa7979ih5m.cn");
  EXPECT_EQ(d.value, "xn--hllo-bpa7979ih5m.cn");
  EXPECT_EQ(first_label(d), display_reasons{display_reason::non_ascii_latin_mixed});
  EXPECT_EQ(d.labels[0].code_point, U'\u00E9');
  EXPECT_EQ(first_label(chromium("caf\u00E9\uCE74\uD398.kr")), display_reasons{display_reason::non_ascii_latin_mixed});
  // ASCII Latin with Han is fine.
  EXPECT_TRUE(chromium("hello\u4E2D\u56FD.cn").ok());
}

// --- Rule 9: the dangerous patterns ----------------------------------------

TEST(ChromiumPolicy, Rule9DangerousPatterns) {
  const display_reasons dangerous{display_reason::dangerous_pattern};
  // ノ between two non-Japanese characters looks like a slash.
  EXPECT_EQ(first_label(chromium("a\u30CEb.com")), dangerous);
  EXPECT_TRUE(chromium("a\u30CE\u30AB.com").ok());
  EXPECT_TRUE(chromium("xn--3ck7a7g.jp").ok());  // ノンソ
  // Iteration marks not after Katakana.
  EXPECT_EQ(first_label(chromium("a\u30FD.com")), dangerous);
  EXPECT_EQ(first_label(chromium("\u30FDa.com")), dangerous);
  // ー not after Kana or Hiragana; at the start.
  EXPECT_EQ(first_label(chromium("a\u30FC.com")), dangerous);
  EXPECT_TRUE(chromium("a\u30AB\u30FC.com").ok());
  // ・ next to a non-Japanese character or at the end.
  EXPECT_EQ(first_label(chromium("a\u30FB\u30AB.com")), dangerous);
  EXPECT_EQ(first_label(chromium("a\u30AB\u30FB.com")), dangerous);
  EXPECT_TRUE(chromium("a\u30AB\u30FB\u30AB.com").ok());
  // Hiragana へ among Katakana, Katakana ヘ among Hiragana.
  EXPECT_EQ(first_label(chromium("\u30C6\u3079\u30C6.jp")), dangerous);
  EXPECT_EQ(first_label(chromium("\u3042\u30D8\u3042.jp")), dangerous);
  // Stroke-like CJK next to a non-CJK character.
  EXPECT_EQ(first_label(chromium("a\u4E00b.com")), dangerous);
  EXPECT_TRUE(chromium("www.xn--123-p18d.com").ok());  // 一123: one script
  // A combining diacritic after a non-LGC character, or after ı.
  EXPECT_EQ(first_label(chromium("\u30AB\u0300.jp")), dangerous);
  EXPECT_EQ(first_label(chromium("\u0131\u0300.com")), dangerous);
  // The Kana voiced sound marks (Restricted in Unicode 17; let in here).
  puny::display_options o;
  o.allowed_characters = U"\u3099";
  EXPECT_EQ(first_label(chromium("a\u30A2\u3099.com", o)), dangerous);
}

// --- The Unicode 17 rows -----------------------------------------------------

TEST(ChromiumPolicy, Unicode17MakesBopomofoAndRareHanRestricted) {
  // 漢字ㄅㄆㄇ (Han with Bopomofo, .tw): Bopomofo is Limited_Use in 17.0.
  const auto d = chromium("xn--5ekcde0577e87tc.tw");
  EXPECT_EQ(d.value, "xn--5ekcde0577e87tc.tw");
  EXPECT_EQ(first_label(d), display_reasons{display_reason::character_not_allowed});
  // The cjk_compat choice re-admits them.
  puny::display_options o;
  o.cjk = puny::han_bopomofo::cjk_compat;
  EXPECT_TRUE(chromium("xn--5ekcde0577e87tc.tw", o).ok());
}

// --- The tables against Chromium's literals --------------------------------

TEST(ChromiumTables, WholeScriptConfusablesMatchTheSourceLiterals) {
  namespace chromium = puny::detail::display::chromium;
  // The latin_lookalike_letters of kWholeScriptConfusables, as written in
  // idn_spoof_checker.cc (Linux Thai), in table order.
  const std::string_view literals[] = {
      "ագզէլհյոսւօՙ", "аысԁеԍһіюкјӏорԗԛѕтԝхуъьҽпгѵѡ", "ሀሠሰስበነተከዐዕዘጠፐꬅ", "იოყძხჽჿ", "αικνρυωηοτ",
      "דוחיןסװײ׳ﬦ", "০৭", "ऽ०ॱ", "ડટ૦૧", "੦੧", "ಽ೦೧", "ടഠധനറ൦", "ଠ୦୮", "டப௦", "౦౧",
      "ခဂငထပဝ၀၂ၔၜ\u1090\u1091\u1095\u1096\u1097", "ทนบพรหเแ๐ดลปฟม"};
  ASSERT_EQ(std::size(literals), chromium::whole_script_confusables.size());
  for (std::size_t k = 0; k < std::size(literals); ++k) {
    std::u32string want = code_points(literals[k]);
    std::sort(want.begin(), want.end());
    const auto& entry = chromium::whole_script_confusables[k];
    EXPECT_EQ(std::u32string(entry.lookalikes), want) << k;
    // Every letter is of the entry's script (the [[:Xxxx:]] set).
    for (const char32_t c : want) EXPECT_EQ(puny::script_of(c), entry.sc) << k << " U+" << std::hex << +c;
  }
  std::u32string digits = code_points("θ२২੨੨૨೩೭շзҙӡउওਤ੩૩౩ဒვპੜკ੫丩ㄐճ৪੪୫૭୨౨");
  std::sort(digits.begin(), digits.end());
  digits.erase(std::unique(digits.begin(), digits.end()), digits.end());
  EXPECT_EQ(digits.size(), 32u);
  EXPECT_EQ(std::u32string(chromium::digit_lookalikes), digits);
  EXPECT_EQ(std::u32string(chromium::slash_like), code_points("ノンソゾ丶乀乁丿"));
  // The bitmaps the scan reads agree with the tables everywhere.
  for (char32_t c = 0; c < 0x11000; ++c) {
    bool wsc = false;
    for (const auto& entry : chromium::whole_script_confusables) wsc = wsc || chromium::in(entry.lookalikes, c);
    const auto& own = chromium::whole_script_confusables;
    std::u32string_view set;
    for (const auto& entry : own)
      if (puny::script_of(c) == entry.sc) set = entry.lookalikes;
    ASSERT_EQ(chromium::in_lookalikes(chromium::whole_script_lookalike_bits, set, c), wsc) << std::hex << +c;
    ASSERT_EQ(chromium::in_lookalikes(chromium::digit_lookalike_bits, chromium::digit_lookalikes, c),
              chromium::in(chromium::digit_lookalikes, c))
        << std::hex << +c;
  }
  EXPECT_EQ(chromium::cjk_stroke_like.size(), 27u);
}

TEST(ChromiumTables, AllowedSetRemovals) {
  namespace chromium = puny::detail::display::chromium;
  for (const char32_t c : {U'\u0338', U'\u058A', U'\u2010', U'\u2019', U'\u2027', U'\u30A0', U'\u02BB', U'\u02BC',
                           U'\u02EC', U'\u0138', U'\u01CD', U'\u01DC', U'\u1E00', U'\u1E9B', U'\u1FFF', U'\uA7FF'})
    EXPECT_TRUE(chromium::removed_from_allowed_set(c)) << std::hex << +c;
  // U+05F4 (Gershayim) is kept on purpose; U+0620 and U+0F8C..0F8F are
  // removed on Apple platforms only.
  for (const char32_t c : {U'\u05F4', U'\u0620', U'\u0F8C', U'\u1E9C', U'\u01DD', U'a'})
    EXPECT_FALSE(chromium::removed_from_allowed_set(c)) << std::hex << +c;
}

// --- uspoof_check's stand-in against puny's UTS #39 analysis ---------------

// The scan's shortcut for a-z, 0-9 and `-` (chromium_policy.cpp) against the tables.
TEST(ChromiumUspoofCheck, LdhPropertiesTheScanAssumes) {
  namespace sec = puny::detail::security;
  const auto latin = sec::record_of(U'a').augmented;
  EXPECT_EQ(sec::script_set_at(latin), puny::script_set{puny::script::latin});
  for (char32_t c = 0; c < 0x80; ++c) {
    const bool letter = c >= U'a' && c <= U'z';
    const bool digit = c >= U'0' && c <= U'9';
    if (!letter && !digit && c != U'-') continue;
    const sec::code_point_record r = sec::record_of(c);
    EXPECT_TRUE(r.allowed) << +c;
    EXPECT_FALSE(r.nonspacing_mark) << +c;
    EXPECT_EQ(r.decimal, digit) << +c;
    if (digit) {
      EXPECT_EQ(sec::decimal_zero(c), U'0');
    }
    if (letter) {
      EXPECT_EQ(r.augmented, latin) << +c;
      EXPECT_EQ(r.sc, puny::script::latin);
    } else {
      EXPECT_TRUE(sec::script_set_at(r.augmented).is_all()) << +c;
      EXPECT_EQ(r.sc, puny::script::common);
    }
    EXPECT_FALSE(puny::detail::display::chromium::removed_from_allowed_set(c));
  }
}

// The shortcut of chromium_policy.cpp: INVISIBLE needs two nonspacing
// marks to meet, which a code point alone can bring only if it is Mn itself.
TEST(ChromiumUspoofCheck, NoCodePointButAMarkDecomposesToARepeatedMark) {
  namespace ucd = puny::detail::ucd;
  for (char32_t c = 0; c <= 0x10FFFF; ++c) {
    if (c >= 0xD800 && c <= 0xDFFF) continue;
    const std::u32string_view d = ucd::canonical_decomposition(c);
    std::u32string marks;
    for (const char32_t p : d)
      if (puny::detail::security::record_of(p).nonspacing_mark) marks.push_back(p);
    std::sort(marks.begin(), marks.end());
    if (std::adjacent_find(marks.begin(), marks.end()) != marks.end()) {
      EXPECT_TRUE(puny::detail::security::record_of(c).nonspacing_mark) << std::hex << +c;
    }
  }
}

// Over every label of the corpus and of kIdnCases: the level, mixed
// numbers and marks of chromium_uspoof_check are analyze_identifier's
// under the same profile, wherever Chromium's allowed set (a subset of the
// profile) holds every character.
TEST(ChromiumUspoofCheck, AgreesWithAnalyzeIdentifier) {
  std::vector<std::string> names;
  for (const char* file : {PUNY_CORPUS_DIR "/unicode.txt", PUNY_CORPUS_DIR "/mixed.txt"}) {
    std::ifstream in(file);
    for (std::string line; std::getline(in, line);) names.push_back(line);
  }
  std::ifstream cases(PUNY_TEST_DATA_DIR "/display/chromium_idn_cases.tsv");
  for (std::string line; std::getline(cases, line);)
    if (!line.empty() && line[0] != '#') names.push_back(line.substr(0, line.find('\t')));
  if (names.size() < 1000) GTEST_SKIP() << "corpus not found under " PUNY_CORPUS_DIR;
  const puny::display_options options;
  std::size_t labels = 0, compared = 0;
  for (const std::string& name : names) {
    const auto u = puny::to_unicode(code_points(name));
    if (!u.ok()) continue;
    for (std::size_t at = 0; at <= u.value.size();) {
      std::size_t end = u.value.find(U'.', at);
      if (end == std::u32string::npos) end = u.value.size();
      const std::u32string_view label = std::u32string_view(u.value).substr(at, end - at);
      at = end + 1;
      if (label.empty()) continue;
      ++labels;
      const auto mine = puny::detail::display::chromium_uspoof_check(label, options);
      const puny::identifier_analysis a = puny::analyze_identifier(label);
      EXPECT_EQ(mine.mixed_numbers, a.findings.contains(puny::identifier_finding::mixed_numbers)) << name;
      EXPECT_EQ(mine.invisible, a.findings.contains(puny::identifier_finding::repeated_mark) ||
                                    a.findings.contains(puny::identifier_finding::hidden_overlay))
          << name;
      if (mine.not_allowed != static_cast<std::size_t>(-1)) continue;
      ++compared;
      EXPECT_EQ(mine.level, a.level) << name;
    }
  }
  EXPECT_GT(compared, labels / 2);
}

}  // namespace
