// UTS #39 §4 confusability of two strings (the bits of ICU's
// uspoof_areConfusable) and the single-label tests of §4.1 and §4.2.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <string_view>

#include "puny/script.hpp"
#include "puny/security.hpp"
#include "test_encoding.hpp"

namespace {

using puny::script;
using puny::script_set;
using puny_test::to_utf8;

puny::confusability both(std::u32string_view a, std::u32string_view b) {
  const puny::confusability c = puny::confusable(a, b);
  const puny::confusability c8 = puny::confusable(to_utf8(a), to_utf8(b));
  EXPECT_EQ(c.confusable, c8.confusable);
  EXPECT_EQ(c.single_script, c8.single_script);
  EXPECT_EQ(c.mixed_script, c8.mixed_script);
  EXPECT_EQ(c.whole_script, c8.whole_script);
  // Symmetric.
  const puny::confusability r = puny::confusable(b, a);
  EXPECT_EQ(c.confusable, r.confusable);
  EXPECT_EQ(c.whole_script, r.whole_script);
  return c;
}

TEST(SecurityConfusable, Bits) {
  // Latin "cxs" and Cyrillic "схѕ": both single-script, in different
  // scripts (ICU testSpoofAPI).
  auto c = both(U"cxs", U"\u0441\u0445\u0455");
  EXPECT_TRUE(c);
  EXPECT_FALSE(c.single_script);
  EXPECT_TRUE(c.mixed_script);
  EXPECT_TRUE(c.whole_script);
  // "раураl" mixes Cyrillic and Latin: mixed-script only.
  c = both(U"paypal", U"\u0440\u0430\u0443\u0440\u0430l");
  EXPECT_TRUE(c.confusable);
  EXPECT_TRUE(c.mixed_script);
  EXPECT_FALSE(c.whole_script);
  EXPECT_FALSE(c.single_script);
  // Same script: "1ove" / "love" (digits are ALL).
  c = both(U"1ove", U"love");
  EXPECT_TRUE(c.single_script);
  EXPECT_FALSE(c.mixed_script);
  c = both(U"rn", U"m");
  EXPECT_TRUE(c.single_script);
  // Identical strings are confusable with themselves.
  EXPECT_TRUE(both(U"abc", U"abc").single_script);
  EXPECT_TRUE(both(U"", U"").single_script);
  // Not confusable.
  c = both(U"paypal", U"paypa1x");
  EXPECT_FALSE(c);
  EXPECT_FALSE(c.single_script || c.mixed_script || c.whole_script);
  EXPECT_FALSE(both(U"abc", U"abd"));
}

TEST(SecurityConfusable, IllFormedIsNeverConfusable) {
  EXPECT_FALSE(puny::confusable(std::string_view("a\xC0"), std::string_view("a\xC0")));
  EXPECT_FALSE(puny::confusable(std::string_view("abc"), std::string_view("ab\xFF")));
}

TEST(SecurityConfusable, LongStringsLeaveTheStack) {
  // Longer skeletons than the stack buffers hold: still exact.
  std::u32string a;
  std::u32string b;
  for (int i = 0; i < 3000; ++i) {
    a += U"wi11 ";
    b += U"will ";
  }
  EXPECT_TRUE(both(a, b).single_script);
  b.back() = U'x';
  EXPECT_FALSE(both(a, b));
  std::u32string fd(300, U'\uFDFA');  // 18 code points each
  EXPECT_TRUE(both(fd, fd).confusable);
}

TEST(SecurityConfusable, AgreesWithSkeletons) {
  std::mt19937 rng(3);
  const std::u32string pool = U"ailo01Il|m\u0430\u043E\u0440\u03BF\u03B1\u0131\u0456rn-";
  std::uniform_int_distribution<std::size_t> pick(0, pool.size() - 1);
  std::uniform_int_distribution<int> length(0, 4);
  for (int i = 0; i < 5000; ++i) {
    std::u32string a;
    std::u32string b;
    for (int n = length(rng); n > 0; --n) a += pool[pick(rng)];
    for (int n = length(rng); n > 0; --n) b += pool[pick(rng)];
    const auto c = puny::confusable(a, b);
    ASSERT_EQ(c.confusable, *puny::skeleton(a) == *puny::skeleton(b)) << to_utf8(a) << " " << to_utf8(b);
    if (c) {
      const script_set ra = puny::resolved_script_set(a);
      const script_set rb = puny::resolved_script_set(b);
      ASSERT_EQ(c.single_script, !(ra & rb).empty());
      ASSERT_EQ(c.mixed_script, !c.single_script);
      ASSERT_EQ(c.whole_script, c.mixed_script && !ra.empty() && !rb.empty());
    }
  }
}

// ---------------------------------------------------------------------------
// §4.1 / §4.2 on one label.

TEST(SecurityLabelConfusables, WholeScript) {
  // аррӏе: every letter has a Latin look-alike.
  auto f = puny::find_label_confusables(U"\u0430\u0440\u0440\u04CF\u0435");
  EXPECT_TRUE(f.ok());
  EXPECT_EQ(f.whole_script, script_set{script::latin});
  EXPECT_FALSE(f.mixed_script);
  // And the other way round: Latin "apple" has a Cyrillic one.
  EXPECT_TRUE(puny::find_label_confusables(U"apple").whole_script.contains(script::cyrillic));
  EXPECT_FALSE(puny::find_label_confusables(U"apple").whole_script.contains(script::latin));
  // Latin "o" looks like an o in many scripts; "b" in none it shares with q.
  EXPECT_GT(puny::find_label_confusables(U"o").whole_script.size(), 5u);
  EXPECT_TRUE(puny::find_label_confusables(U"bq").whole_script.empty());
  // Cyrillic к has no Latin look-alike in confusables.txt.
  EXPECT_FALSE(puny::find_label_confusables(U"\u0441\u043A\u043E\u0440\u043E").whole_script.contains(script::latin));
  // Common characters take no part: digits alone have nothing to confuse.
  EXPECT_TRUE(puny::find_label_confusables(U"123").whole_script.empty());
  EXPECT_EQ(puny::find_label_confusables(U"\u0430\u0440\u0440\u04CF\u0435-123").whole_script,
            script_set{script::latin});
  EXPECT_TRUE(puny::find_label_confusables(U"").whole_script.empty());
}

TEST(SecurityLabelConfusables, MixedScript) {
  // раураl: Cyrillic letters with a Latin l; all the Cyrillic ones have
  // Latin look-alikes.
  EXPECT_TRUE(puny::find_label_confusables(U"\u0440\u0430\u0443\u0440\u0430l").mixed_script);
  EXPECT_TRUE(puny::find_label_confusables("p\u0430ypal").mixed_script);
  // Single-script labels are never mixed-script confusable.
  EXPECT_FALSE(puny::find_label_confusables(U"paypal").mixed_script);
  EXPECT_FALSE(puny::find_label_confusables(U"\u0440\u0430\u0443").mixed_script);
  // Latin with Han: no Han look-alike of Latin, no Latin one of 漢.
  EXPECT_FALSE(puny::find_label_confusables(U"ab\u6F22").mixed_script);
  // Cyrillic к in Latin text: к has no Latin look-alike, and q has no
  // Cyrillic one; but b does (ь), so "bк" can be written in Cyrillic.
  EXPECT_FALSE(puny::find_label_confusables(U"q\u043A").mixed_script);
  EXPECT_TRUE(puny::find_label_confusables(U"b\u043A").mixed_script);
}

TEST(SecurityLabelConfusables, IllFormed) {
  const auto f = puny::find_label_confusables(std::string_view("ab\xE2\x82"));
  EXPECT_FALSE(f.ok());
  EXPECT_EQ(f.code, puny::status::invalid_utf8);
  EXPECT_EQ(f.position, 2u);
}

TEST(SecurityLabelConfusables, Utf8AndUtf32Agree) {
  for (const std::u32string s : {U"apple", U"\u0430\u0440\u0440\u04CF\u0435", U"\u0440\u0430\u0443\u0440\u0430l",
                                 U"ab\u6F22", U"\u03BF\u03BF", U"x\u0301y"}) {
    const auto a = puny::find_label_confusables(s);
    const auto b = puny::find_label_confusables(to_utf8(s));
    EXPECT_EQ(a.whole_script, b.whole_script);
    EXPECT_EQ(a.mixed_script, b.mixed_script);
  }
}

}  // namespace
