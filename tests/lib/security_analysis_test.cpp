// UTS #39 §3.1 and §5 on strings: the identifier profile and its options,
// resolved script sets (§5.1), restriction levels (§5.2), mixed numbers
// (§5.3), the optional detections of §5.4 (repeated marks on NFD, long
// runs of marks, hidden overlay), ill-formed input and hostile lengths.
// ICU's own vectors are in tests/conformance/icu_itspoof_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "puny/script.hpp"
#include "puny/security.hpp"
#include "test_encoding.hpp"

namespace {

using puny::identifier_finding;
using puny::restriction_level;
using puny::script;
using puny::script_set;
using puny_test::to_utf8;

restriction_level level(std::u32string_view s, const puny::identifier_profile& p = {}) {
  const restriction_level from_utf32 = puny::restriction_level_of(s, p);
  EXPECT_EQ(puny::restriction_level_of(to_utf8(s), p), from_utf32);
  EXPECT_EQ(puny::analyze_identifier(s, p).level, from_utf32);
  return from_utf32;
}

puny::identifier_findings findings(std::u32string_view s) {
  const puny::identifier_analysis a = puny::analyze_identifier(s);
  EXPECT_TRUE(a.ok());
  EXPECT_EQ(puny::analyze_identifier(to_utf8(s)).findings, a.findings) << to_utf8(s);
  return a.findings;
}

bool has(std::u32string_view s, identifier_finding f) { return findings(s).contains(f); }

// ---------------------------------------------------------------------------
// §3.1 profile.

TEST(SecurityProfile, AllowedIsTheDefault) {
  const puny::identifier_profile p;
  EXPECT_TRUE(p.allows(U'a'));
  EXPECT_TRUE(p.allows(U'-'));
  EXPECT_TRUE(p.allows(U'\u00B7'));   // Inclusion
  EXPECT_FALSE(p.allows(U' '));
  EXPECT_FALSE(p.allows(U'\u200D'));  // Restricted, Default_Ignorable (notes §1.1)
  EXPECT_FALSE(p.allows(U'\u2665'));
  EXPECT_FALSE(p.allows(char32_t(0x110000)));
  EXPECT_FALSE(p.allows(char32_t(0xD800)));
  for (char32_t c = 0; c < 0x110000; c += 7)
    ASSERT_EQ(p.allows(c), puny::identifier_status_of(c) == puny::identifier_status::allowed) << unsigned(c);
}

TEST(SecurityProfile, CjkCompatReadmitsBopomofoAndIdeographs) {
  // Unicode 17.0: Bopomofo is Limited_Use, ideographs outside the common
  // set Uncommon_Use (notes §1.7).
  puny::identifier_profile strict;
  puny::identifier_profile compat;
  compat.cjk = puny::han_bopomofo::cjk_compat;
  for (const char32_t c : {U'\u3105', U'\u3127', U'\u31A0', U'\u02EA', U'\U00020000', U'\U00030000', U'\u4DB5'}) {
    EXPECT_FALSE(strict.allows(c)) << std::hex << unsigned(c);
    EXPECT_TRUE(compat.allows(c)) << std::hex << unsigned(c);
  }
  EXPECT_TRUE(strict.allows(U'\u5217'));
  // Not every Han character: compatibility ideographs stay out.
  EXPECT_FALSE(compat.allows(U'\uF99C'));
  EXPECT_FALSE(compat.allows(U'\u2665'));
  // Latin + Han + Bopomofo is Highly Restrictive again (§5.2 Latn + Hanb).
  EXPECT_EQ(level(U"a\u5E7B\u3112\u3127\u3124", strict), restriction_level::unrestricted);
  EXPECT_EQ(level(U"a\u5E7B\u3112\u3127\u3124", compat), restriction_level::highly_restrictive);
  EXPECT_EQ(level(U"\u5E7B\u3112\u3127\u3124", compat), restriction_level::single_script);
}

TEST(SecurityProfile, ExtraAllowedAndBlocked) {
  puny::identifier_profile p;
  p.extra_allowed = U"\u303C\u2665 ";
  p.extra_blocked = U"x\u2665";
  EXPECT_TRUE(p.allows(U'\u303C'));
  EXPECT_TRUE(p.allows(U' '));
  EXPECT_FALSE(p.allows(U'x'));       // blocked although Allowed
  EXPECT_FALSE(p.allows(U'\u2665'));  // blocked wins over allowed
  EXPECT_EQ(level(U"a\u303C", p), restriction_level::highly_restrictive);
  EXPECT_EQ(level(U"xyz", p), restriction_level::unrestricted);
  EXPECT_EQ(level(U"a b", p), restriction_level::ascii_only);
}

// ---------------------------------------------------------------------------
// §5.1 resolved script sets.

TEST(SecurityScripts, ResolvedScriptSets) {
  EXPECT_TRUE(puny::resolved_script_set(U"").is_all());
  EXPECT_TRUE(puny::resolved_script_set(U"123-.").is_all());
  EXPECT_EQ(puny::resolved_script_set(U"abc"), script_set{script::latin});
  EXPECT_EQ(puny::resolved_script_set(U"abc123"), script_set{script::latin});
  // U+30FC has scx {Hira, Kana} (notes §1.4).
  EXPECT_EQ(puny::resolved_script_set(U"\u30FC\u30A2"), (script_set{script::katakana, script::jpan}));
  EXPECT_TRUE(puny::resolved_script_set(U"abc\u6F22\u5B57").empty());
  EXPECT_EQ(puny::resolved_script_set(U"\u65E5\u51FA\uC740"), (script_set{script::kore}));
  EXPECT_EQ(puny::resolved_script_set(U"\u51AC\u306E\u96EA"), (script_set{script::jpan}));
  EXPECT_TRUE(puny::resolved_script_set(U"\u590F\u306E\u5E7B\u3112\u3127\u3124").empty());
  EXPECT_EQ(puny::resolved_script_set("\u0440\u0430\u0443\u0440\u0430"), script_set{script::cyrillic});
  // Ill-formed UTF-8 resolves to nothing.
  EXPECT_TRUE(puny::resolved_script_set(std::string_view("ab\xC0")).empty());
  // The analysis reports the same set.
  EXPECT_EQ(puny::analyze_identifier(U"\u30FC\u30A2").resolved, (script_set{script::katakana, script::jpan}));
  EXPECT_TRUE(puny::analyze_identifier(U"a\u0430").findings.contains(identifier_finding::mixed_script));
  EXPECT_FALSE(puny::analyze_identifier(U"a1").findings.contains(identifier_finding::mixed_script));
}

// ---------------------------------------------------------------------------
// §5.2 restriction levels.

TEST(SecurityLevels, EachLevel) {
  EXPECT_EQ(level(U""), restriction_level::ascii_only);
  EXPECT_EQ(level(U"paypal"), restriction_level::ascii_only);
  EXPECT_EQ(level(U"pay pal"), restriction_level::unrestricted);  // a space is outside the profile
  EXPECT_EQ(level(U"I\u2665NY"), restriction_level::unrestricted);
  EXPECT_EQ(level(U"caf\u00E9"), restriction_level::single_script);
  EXPECT_EQ(level(U"\u03B3"), restriction_level::single_script);
  EXPECT_EQ(level(U"\u0440\u0430\u0443\u0440\u0430l"), restriction_level::minimally_restrictive);
  EXPECT_EQ(level(U"a\u30A2\u30FC"), restriction_level::highly_restrictive);     // Latn + Jpan
  EXPECT_EQ(level(U"abc\u6F22\u5B57"), restriction_level::highly_restrictive);   // Latn + Han
  EXPECT_EQ(level(U"google\uD55C\uAD6D"), restriction_level::highly_restrictive);  // Latn + Kore
  EXPECT_EQ(level(U"a\u0661"), restriction_level::moderately_restrictive);       // Latn + Arab
  EXPECT_EQ(level(U"a1\u0661\u06F1"), restriction_level::moderately_restrictive);
  EXPECT_EQ(level(U"abc\u0905"), restriction_level::moderately_restrictive);     // Latn + Deva
  EXPECT_EQ(level(U"a\u03B3"), restriction_level::minimally_restrictive);        // Greek is excluded
  EXPECT_EQ(level(U"a\u0430"), restriction_level::minimally_restrictive);        // and Cyrillic
  EXPECT_EQ(level(U"\u0661\u0905"), restriction_level::minimally_restrictive);   // two scripts, no Latin
  EXPECT_EQ(level(U"a\u0661\u0905"), restriction_level::minimally_restrictive);
}

TEST(SecurityLevels, CherokeeIsExcludedAsInIcu) {
  // Cherokee is Limited_Use: admit it to see the Moderately rule skip it.
  puny::identifier_profile p;
  p.extra_allowed = U"\u13A0\u13CF";
  EXPECT_EQ(level(U"a\u13A0", p), restriction_level::minimally_restrictive);
  EXPECT_EQ(level(U"\u13A0\u13CF", p), restriction_level::single_script);
}

TEST(SecurityLevels, NamesAndTitles) {
  EXPECT_EQ(puny::name(restriction_level::ascii_only), "ascii_only");
  EXPECT_EQ(puny::name(restriction_level::moderately_restrictive), "moderately_restrictive");
  EXPECT_EQ(puny::title(restriction_level::ascii_only), "ASCII-Only");
  EXPECT_EQ(puny::title(restriction_level::single_script), "Single Script");
  EXPECT_EQ(puny::title(restriction_level::highly_restrictive), "Highly Restrictive");
  EXPECT_EQ(puny::title(restriction_level::minimally_restrictive), "Minimally Restrictive");
  EXPECT_EQ(puny::title(restriction_level::unrestricted), "Unrestricted");
  EXPECT_LT(restriction_level::ascii_only, restriction_level::unrestricted);
  for (std::size_t i = 0; i < puny::identifier_finding_count; ++i) {
    const auto f = static_cast<identifier_finding>(i);
    EXPECT_FALSE(puny::name(f).empty());
    EXPECT_FALSE(puny::message(f).empty());
  }
  EXPECT_EQ(puny::name(identifier_finding::hidden_overlay), "hidden_overlay");
  EXPECT_EQ(puny::name(identifier_finding::repeated_mark), "repeated_mark");
}

// ---------------------------------------------------------------------------
// §5.3 mixed numbers.

TEST(SecurityNumbers, ZerosInOrderOfFirstAppearance) {
  const auto a = puny::analyze_identifier(U"a1\u0661\u06F1\u0967\u09E7\u0662");
  EXPECT_EQ(a.zero_count, 5u);
  EXPECT_EQ(a.zeros[0], U'0');
  EXPECT_EQ(a.zeros[1], U'\u0660');
  EXPECT_EQ(a.zeros[2], U'\u06F0');
  EXPECT_EQ(a.zeros[3], U'\u0966');
  EXPECT_TRUE(a.findings.contains(identifier_finding::mixed_numbers));
  const auto one = puny::analyze_identifier(U"123\u0661");
  EXPECT_EQ(one.zero_count, 2u);
  const auto same = puny::analyze_identifier(U"\u0661\u0662\u0669x");
  EXPECT_EQ(same.zero_count, 1u);
  EXPECT_EQ(same.zeros[0], U'\u0660');
  EXPECT_FALSE(same.findings.contains(identifier_finding::mixed_numbers));
  // Not decimal digits: superscripts, fractions, Roman numerals.
  EXPECT_EQ(puny::analyze_identifier(U"\u00B2\u00BD\u2160").zero_count, 0u);
  // Mathematical digits are numbering systems of their own.
  EXPECT_EQ(puny::analyze_identifier(U"1\U0001D7CF").zero_count, 2u);
}

// ---------------------------------------------------------------------------
// §5.4.

TEST(SecurityMarks, RepeatedMarkWithinOneRunOfNonspacingMarks) {
  EXPECT_FALSE(has(U"a\u0301", identifier_finding::repeated_mark));
  EXPECT_TRUE(has(U"a\u0301\u0301", identifier_finding::repeated_mark));
  EXPECT_TRUE(has(U"\u00E1\u0301", identifier_finding::repeated_mark));   // after NFD
  EXPECT_TRUE(has(U"a\u0301\u0302\u0301", identifier_finding::repeated_mark));  // not adjacent
  EXPECT_FALSE(has(U"a\u0301\u0302", identifier_finding::repeated_mark));
  EXPECT_FALSE(has(U"\u00E1\u00E1", identifier_finding::repeated_mark));  // two sequences
  EXPECT_FALSE(has(U"a\u0301b\u0301", identifier_finding::repeated_mark));
  // A spacing mark (U+0903, class 0) ends the run ...
  EXPECT_FALSE(has(U"\u0915\u0901\u0903\u0901", identifier_finding::repeated_mark));
  // ... but one of class 216 is moved aside by canonical ordering, and the
  // two acutes meet.
  EXPECT_TRUE(has(U"a\u0301\U0001D165\u0301", identifier_finding::repeated_mark));
  // Two-mark decompositions: ṩ (s + U+0323 + U+0307) with another dot below.
  EXPECT_TRUE(has(U"\u1E69\u0323", identifier_finding::repeated_mark));
  EXPECT_TRUE(has(U"\u1EC7\u0302", identifier_finding::repeated_mark));  // ệ + circumflex
  EXPECT_FALSE(has(U"Vi\u1EC7t", identifier_finding::repeated_mark));
}

TEST(SecurityMarks, MoreThanFourMarksInARow) {
  EXPECT_FALSE(has(U"a\u0300\u0301\u0302\u0303", identifier_finding::long_mark_run));
  EXPECT_TRUE(has(U"a\u0300\u0301\u0302\u0303\u0304", identifier_finding::long_mark_run));
  EXPECT_TRUE(has(U"\u1EC7\u0300\u0301\u0303", identifier_finding::long_mark_run));  // 2 from NFD + 3
  EXPECT_FALSE(has(U"a\u0300\u0301b\u0302\u0303\u0304", identifier_finding::long_mark_run));
  EXPECT_FALSE(has(U"a\u0300\u0301\u0302\u0303\u0304", identifier_finding::repeated_mark));
}

TEST(SecurityMarks, HiddenOverlayAsIcu) {
  EXPECT_TRUE(has(U"i\u0307", identifier_finding::hidden_overlay));
  EXPECT_TRUE(has(U"\u0131\u0307", identifier_finding::hidden_overlay));
  EXPECT_TRUE(has(U"1\u0307", identifier_finding::hidden_overlay));     // 1 -> l
  EXPECT_TRUE(has(U"\u0133\u0307", identifier_finding::hidden_overlay));  // ĳ -> ij
  EXPECT_TRUE(has(U"\u0456\u0307", identifier_finding::hidden_overlay));  // Cyrillic і is Soft_Dotted
  // U+1FBE GREEK PROSGEGRAMMENI: NFD is ι, whose prototype is i.
  EXPECT_TRUE(has(U"\u1FBE\u0307", identifier_finding::hidden_overlay));
  EXPECT_FALSE(has(U"m\u0307", identifier_finding::hidden_overlay));
  EXPECT_FALSE(has(U"iz\u0307", identifier_finding::hidden_overlay));
  // A mark of class 230 between cancels; one of another class does not.
  EXPECT_FALSE(has(U"i\u0301\u0307", identifier_finding::hidden_overlay));
  EXPECT_TRUE(has(U"i\u0320\u0307", identifier_finding::hidden_overlay));
  // On the text as given, not its NFD (ICU): ï is no lead character.
  EXPECT_FALSE(has(U"\u00EF\u0307", identifier_finding::hidden_overlay));
}

TEST(SecurityMarks, HostileRuns) {
  // Distinct marks of many classes: the repeat-detection table and the
  // NFD replays are both exercised (their time is measured in
  // bench/adversarial_bench.cpp, classes marks_distinct and dots_after_i).
  std::vector<char32_t> distinct;
  for (char32_t c = 0x300; c < 0x370; ++c)
    if (c < 0x340 || c > 0x344 || c == 0x342) distinct.push_back(c);  // U+0340..0344 but 0342 decompose
  for (char32_t c = 0x591; c < 0x5BE; ++c) distinct.push_back(c);
  auto hostile = [&](std::size_t n, bool repeat) {
    std::u32string s = U"a";
    for (std::size_t i = 0; i < n; ++i) s += distinct[i % distinct.size()];
    if (!repeat) s.resize(std::min(s.size(), distinct.size() + 1));
    return s;
  };
  puny::identifier_analysis a = puny::analyze_identifier(hostile(distinct.size(), false));
  EXPECT_TRUE(a.findings.contains(identifier_finding::long_mark_run));
  EXPECT_FALSE(a.findings.contains(identifier_finding::repeated_mark));
  a = puny::analyze_identifier(hostile(1 << 14, true));
  EXPECT_TRUE(a.findings.contains(identifier_finding::repeated_mark));
  a = puny::analyze_identifier(hostile(1 << 18, true));
  EXPECT_TRUE(a.findings.contains(identifier_finding::repeated_mark));
  EXPECT_TRUE(a.findings.contains(identifier_finding::long_mark_run));
  // A million U+0307 after i: hidden overlay once, no super-linear rescans.
  std::u32string dots = U"i";
  dots.append(1 << 20, U'\u0307');
  EXPECT_TRUE(puny::analyze_identifier(dots).findings.contains(identifier_finding::hidden_overlay));
}

// ---------------------------------------------------------------------------
// The analysis as a whole.

TEST(SecurityAnalysis, RestrictedCharacterIsNamed) {
  const auto a = puny::analyze_identifier("ab\u2665c\u2660");
  EXPECT_TRUE(a.ok());
  EXPECT_EQ(a.level, restriction_level::unrestricted);
  EXPECT_TRUE(a.findings.contains(identifier_finding::restricted_character));
  EXPECT_EQ(a.restricted_index, 2u);
  EXPECT_EQ(a.restricted_code_point, U'\u2665');
  const auto ok = puny::analyze_identifier("abc");
  EXPECT_TRUE(ok.findings.empty());
  EXPECT_EQ(ok.level, restriction_level::ascii_only);
  EXPECT_TRUE(ok.resolved == script_set{script::latin});
}

TEST(SecurityAnalysis, IllFormedUtf8) {
  for (const std::string_view bad : {std::string_view("\xC0\xAF"), std::string_view("\xED\xA0\x80"),
                                     std::string_view("\xF4\x90\x80\x80"), std::string_view("\x80")}) {
    const std::string text = std::string("ab\u00E9") + std::string(bad) + "z";
    const auto a = puny::analyze_identifier(text);
    EXPECT_FALSE(a.ok());
    EXPECT_EQ(a.code, puny::status::invalid_utf8);
    EXPECT_EQ(a.position, 4u);
    EXPECT_TRUE(a.findings.empty());
    EXPECT_EQ(puny::restriction_level_of(text), restriction_level::unrestricted);
    EXPECT_TRUE(puny::resolved_script_set(text).empty());
  }
}

TEST(SecurityAnalysis, Utf8AndUtf32Agree) {
  std::mt19937 rng(5);
  const std::u32string pool = U"ail1I0\u0307\u0301\u0302\u0316\u00E1\u0430\u0440\u03B3\u0661\u06F1\u0967\u30A2"
                              U"\u30FC\u6F22\uD55C\u2665\u0131\u0456\u0903\U0001D165\u1EC7-.";
  std::uniform_int_distribution<std::size_t> pick(0, pool.size() - 1);
  std::uniform_int_distribution<std::size_t> length(0, 10);
  for (int i = 0; i < 20000; ++i) {
    std::u32string s;
    for (std::size_t n = length(rng); n > 0; --n) s += pool[pick(rng)];
    const auto a = puny::analyze_identifier(s);
    const auto b = puny::analyze_identifier(to_utf8(s));
    ASSERT_EQ(a.level, b.level) << to_utf8(s);
    ASSERT_EQ(a.findings, b.findings) << to_utf8(s);
    ASSERT_EQ(a.resolved, b.resolved) << to_utf8(s);
    ASSERT_EQ(a.zero_count, b.zero_count) << to_utf8(s);
    ASSERT_EQ(a.restricted_index, b.restricted_index) << to_utf8(s);
    ASSERT_EQ(a.level, puny::restriction_level_of(s));
    ASSERT_EQ(a.resolved, puny::resolved_script_set(s));
  }
}

}  // namespace
