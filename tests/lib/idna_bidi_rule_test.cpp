// The Bidi rule of RFC 5893 §2 (B1–B6) and the "Bidi domain name" test of
// §1.4, as UTS #46 §4 step 5 applies them per label.
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <string_view>

#include "idna/bidi_rule.hpp"
#include "puny/idna.hpp"
#include "unicode/ucd.hpp"

namespace {

using puny::idna_code;
using puny::idna_errors;
using puny::detail::bidi_rule;
using puny::detail::has_rtl;
using puny::detail::ucd::bidi_class;

// One code point of every Bidi_Class, in the enum's order.
struct class_sample {
  bidi_class cls;
  char32_t cp;
};
constexpr std::array<class_sample, 23> samples = {{
    {bidi_class::L, U'a'},        {bidi_class::R, U'\u05D0'},   {bidi_class::AL, U'\u0627'},
    {bidi_class::EN, U'1'},       {bidi_class::ES, U'+'},       {bidi_class::ET, U'#'},
    {bidi_class::AN, U'\u0660'},  {bidi_class::CS, U','},       {bidi_class::NSM, U'\u0300'},
    {bidi_class::BN, U'\u00AD'},  {bidi_class::B, U'\u2029'},   {bidi_class::S, U'\t'},
    {bidi_class::WS, U' '},       {bidi_class::ON, U'!'},       {bidi_class::LRE, U'\u202A'},
    {bidi_class::LRO, U'\u202D'}, {bidi_class::RLE, U'\u202B'}, {bidi_class::RLO, U'\u202E'},
    {bidi_class::PDF, U'\u202C'}, {bidi_class::LRI, U'\u2066'}, {bidi_class::RLI, U'\u2067'},
    {bidi_class::FSI, U'\u2068'}, {bidi_class::PDI, U'\u2069'},
}};

// RFC 5893 §2 read literally, one rule at a time, as the oracle for the
// exhaustive comparison below.
idna_errors reference_bidi_rule(std::u32string_view label) {
  if (label.empty()) return {};
  auto cls = [&](std::size_t i) { return puny::detail::ucd::bidi(label[i]); };
  auto any = [&](auto pred) {
    for (std::size_t i = 0; i < label.size(); ++i) {
      if (pred(cls(i))) return true;
    }
    return false;
  };
  auto in = [](bidi_class c, std::initializer_list<bidi_class> set) {
    for (bidi_class s : set) {
      if (s == c) return true;
    }
    return false;
  };
  using enum bidi_class;
  const bidi_class first = cls(0);
  if (!in(first, {L, R, AL})) return {idna_code::B1};
  std::size_t end = label.size();
  while (cls(end - 1) == NSM) --end;  // cls(0) is not NSM
  const bidi_class last = cls(end - 1);
  idna_errors e;
  if (first == L) {
    if (any([&](bidi_class c) { return !in(c, {L, EN, ES, CS, ET, ON, BN, NSM}); })) e.insert(idna_code::B5);
    if (!in(last, {L, EN})) e.insert(idna_code::B6);
  } else {
    if (any([&](bidi_class c) { return !in(c, {R, AL, AN, EN, ES, CS, ET, ON, BN, NSM}); }))
      e.insert(idna_code::B2);
    if (!in(last, {R, AL, EN, AN})) e.insert(idna_code::B3);
    if (any([](bidi_class c) { return c == EN; }) && any([](bidi_class c) { return c == AN; }))
      e.insert(idna_code::B4);
  }
  return e;
}

// UTS #46 §4 step 5 over a whole (already processed) domain: when any label
// holds R, AL or AN, every label must satisfy the Bidi rule.
idna_errors domain_bidi_codes(std::u32string_view domain) {
  bool bidi_domain = false;
  for (std::u32string_view rest = domain;;) {
    const std::size_t dot = rest.find(U'.');
    bidi_domain = bidi_domain || has_rtl(rest.substr(0, dot));
    if (dot == std::u32string_view::npos) break;
    rest.remove_prefix(dot + 1);
  }
  idna_errors e;
  if (!bidi_domain) return e;
  for (std::u32string_view rest = domain;;) {
    const std::size_t dot = rest.find(U'.');
    e |= bidi_rule(rest.substr(0, dot));
    if (dot == std::u32string_view::npos) break;
    rest.remove_prefix(dot + 1);
  }
  return e;
}

TEST(BidiRule, SamplesHaveTheirClasses) {
  for (const class_sample& s : samples) {
    EXPECT_EQ(puny::detail::ucd::bidi(s.cp), s.cls) << std::hex << static_cast<std::uint32_t>(s.cp);
  }
}

TEST(BidiRule, EmptyLabel) {
  EXPECT_FALSE(has_rtl(U""));
  EXPECT_EQ(bidi_rule(U""), idna_errors{});
}

TEST(BidiRule, HasRtlMeansRAlOrAn) {
  EXPECT_FALSE(has_rtl(U"example"));
  EXPECT_FALSE(has_rtl(U"123-\u0301"));
  EXPECT_FALSE(has_rtl(U"b\u00FCcher"));
  EXPECT_FALSE(has_rtl(U"\u0928\u092E\u0938\u094D\u0924\u0947"));  // Devanagari: L
  EXPECT_TRUE(has_rtl(U"\u05E9\u05DC\u05D5\u05DD"));               // Hebrew: R
  EXPECT_TRUE(has_rtl(U"\u0645\u0631\u062D\u0628\u0627"));         // Arabic: AL
  EXPECT_TRUE(has_rtl(U"abc\u0661"));                              // ARABIC-INDIC DIGIT ONE: AN
  EXPECT_FALSE(has_rtl(U"abc\u06F1"));                             // EXTENDED ARABIC-INDIC DIGIT ONE: EN
  EXPECT_TRUE(has_rtl(U"a\u200F"));                                // RIGHT-TO-LEFT MARK: R
}

// has_rtl skips the lookup below U+0590; this is what makes that sound, and
// the whole code space agrees with a one-code-point lookup.
TEST(BidiRule, HasRtlAgreesWithTheTableEverywhere) {
  for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
    const bidi_class c = puny::detail::ucd::bidi(cp);
    const bool rtl = c == bidi_class::R || c == bidi_class::AL || c == bidi_class::AN;
    if (cp < 0x0590) {
      ASSERT_FALSE(rtl) << std::hex << static_cast<std::uint32_t>(cp);
    }
    const char32_t one[1] = {cp};
    ASSERT_EQ(has_rtl(std::u32string_view(one, 1)), rtl) << std::hex << static_cast<std::uint32_t>(cp);
  }
}

TEST(BidiRule, RightToLeftLabels) {
  EXPECT_EQ(bidi_rule(U"\u05E9\u05DC\u05D5\u05DD"), idna_errors{});                    // שלום
  EXPECT_EQ(bidi_rule(U"\u05E9\u05B8\u05C1\u05DC\u05D5\u05B9\u05DD"), idna_errors{});  // pointed: NSM inside
  EXPECT_EQ(bidi_rule(U"\u05D0\u05B8"), idna_errors{});                                // ends in R then NSM
  EXPECT_EQ(bidi_rule(U"\u0645\u0631\u062D\u0628\u0627"), idna_errors{});              // مرحبا
  EXPECT_EQ(bidi_rule(U"\u0645\u0635\u0631-2"), idna_errors{});                        // ES inside, ends in EN
  EXPECT_EQ(bidi_rule(U"\u0639\u0631\u0628\u064A\u0661\u0662\u0663"), idna_errors{});  // ends in AN
}

TEST(BidiRule, Rule2RightToLeftAllowsOnlyItsClasses) {
  EXPECT_EQ(bidi_rule(U"\u05D0a\u05D1"), idna_errors{idna_code::B2});
  EXPECT_EQ(bidi_rule(U"\u0627 \u0628"), idna_errors{idna_code::B2});  // WS
  // A label breaking rule 2 with its last character also breaks rule 3.
  EXPECT_EQ(bidi_rule(U"\u05D0a"), (idna_errors{idna_code::B2, idna_code::B3}));
}

TEST(BidiRule, Rule3RightToLeftEnding) {
  EXPECT_EQ(bidi_rule(U"\u05D0-"), idna_errors{idna_code::B3});             // ES
  EXPECT_EQ(bidi_rule(U"\u05D0!"), idna_errors{idna_code::B3});             // ON
  EXPECT_EQ(bidi_rule(U"\u05D0!\u05B8\u05B8"), idna_errors{idna_code::B3});  // ON then NSM
  EXPECT_EQ(bidi_rule(U"\u05D0\u00AD"), idna_errors{idna_code::B3});        // BN is not skipped like NSM
  EXPECT_EQ(bidi_rule(U"\u05D01"), idna_errors{});                          // EN
}

TEST(BidiRule, Rule4EuropeanAndArabicDigits) {
  // ARABIC-INDIC digits (U+0660..) are AN; EXTENDED ARABIC-INDIC (Persian,
  // U+06F0..) and ASCII digits are EN.
  EXPECT_EQ(bidi_rule(U"\u0628\u0661\u0662"), idna_errors{});
  EXPECT_EQ(bidi_rule(U"\u0628\u06F1\u06F2"), idna_errors{});
  EXPECT_EQ(bidi_rule(U"\u0628\u06F1\u0661"), idna_errors{idna_code::B4});
  EXPECT_EQ(bidi_rule(U"\u0628123\u0661"), idna_errors{idna_code::B4});
  EXPECT_EQ(bidi_rule(U"\u05D01\u0660\u05D0"), idna_errors{idna_code::B4});
}

TEST(BidiRule, LeftToRightLabels) {
  EXPECT_EQ(bidi_rule(U"example"), idna_errors{});
  EXPECT_EQ(bidi_rule(U"a1"), idna_errors{});
  EXPECT_EQ(bidi_rule(U"a\u0301"), idna_errors{});
  EXPECT_EQ(bidi_rule(U"b\u00FCcher"), idna_errors{});
}

TEST(BidiRule, Rule5LeftToRightAllowsOnlyItsClasses) {
  EXPECT_EQ(bidi_rule(U"a\u05D0b"), idna_errors{idna_code::B5});
  EXPECT_EQ(bidi_rule(U"a\u0661b"), idna_errors{idna_code::B5});  // AN
  EXPECT_EQ(bidi_rule(U"a\u05D0"), (idna_errors{idna_code::B5, idna_code::B6}));
}

TEST(BidiRule, Rule6LeftToRightEnding) {
  EXPECT_EQ(bidi_rule(U"abc-"), idna_errors{idna_code::B6});
  EXPECT_EQ(bidi_rule(U"a-\u0301"), idna_errors{idna_code::B6});
  EXPECT_EQ(bidi_rule(U"a\u02C7"), idna_errors{idna_code::B6});  // CARON: ON
}

TEST(BidiRule, Rule1FailureHidesTheOthers) {
  EXPECT_EQ(bidi_rule(U"1abc"), idna_errors{idna_code::B1});
  EXPECT_EQ(bidi_rule(U"-\u05D0a"), idna_errors{idna_code::B1});
  EXPECT_EQ(bidi_rule(U"\u0661\u05D0"), idna_errors{idna_code::B1});  // AN first
  EXPECT_EQ(bidi_rule(U"\u0300"), idna_errors{idna_code::B1});
  EXPECT_EQ(bidi_rule(U"\u0300\u0301\u0302"), idna_errors{idna_code::B1});  // all NSM
}

TEST(BidiRule, UnassignedCodePointsTakeTheirBlockDefault) {
  // DerivedBidiClass.txt @missing: unassigned code points in the Hebrew
  // and Arabic blocks are R and AL, elsewhere L.
  EXPECT_EQ(puny::detail::ucd::bidi(0x05FF), bidi_class::R);
  EXPECT_EQ(puny::detail::ucd::bidi(0x07BF), bidi_class::AL);
  EXPECT_EQ(puny::detail::ucd::bidi(0x10ABF), bidi_class::R);
  EXPECT_EQ(puny::detail::ucd::bidi(0xE0080), bidi_class::BN);  // default ignorable
  EXPECT_EQ(puny::detail::ucd::bidi(0x50000), bidi_class::L);
  EXPECT_EQ(bidi_rule(U"\U00010ABFa"), (idna_errors{idna_code::B2, idna_code::B3}));
}

TEST(BidiRule, AgreesWithTheRfcWordingOnEveryShortLabel) {
  std::u32string label;
  std::size_t compared = 0;
  auto visit = [&](auto&& self, std::size_t length) -> void {
    const idna_errors expected = reference_bidi_rule(label);
    ASSERT_EQ(bidi_rule(label), expected) << "label of " << label.size() << " code points";
    ++compared;
    if (length == 4) return;
    for (const class_sample& s : samples) {
      label.push_back(s.cp);
      self(self, length + 1);
      label.pop_back();
    }
  };
  visit(visit, 0);
  EXPECT_EQ(compared, 1u + 23u + 23u * 23u + 23u * 23u * 23u + 23u * 23u * 23u * 23u);
}

TEST(BidiRule, LongLabels) {
  // Far beyond DNS limits: correctness only; the pass is linear.
  constexpr std::size_t n = 1'000'000;
  std::u32string nsm_tail = U"\u05D0" + std::u32string(n, U'\u05B8');
  EXPECT_TRUE(has_rtl(nsm_tail));
  EXPECT_EQ(bidi_rule(nsm_tail), idna_errors{});
  EXPECT_EQ(bidi_rule(std::u32string(n, U'\u0300')), idna_errors{idna_code::B1});

  std::u32string mixed;
  for (std::size_t i = 0; i < n / 4; ++i) mixed += U"\u0627\u0661\u06F1\u0300";
  EXPECT_EQ(bidi_rule(mixed), idna_errors{idna_code::B4});
  mixed.back() = U'a';
  EXPECT_EQ(bidi_rule(mixed), (idna_errors{idna_code::B2, idna_code::B3, idna_code::B4}));

  std::u32string latin(n, U'a');
  EXPECT_FALSE(has_rtl(latin));
  EXPECT_EQ(bidi_rule(latin), idna_errors{});
  latin.back() = U'\u0661';
  EXPECT_TRUE(has_rtl(latin));
  EXPECT_EQ(bidi_rule(latin), (idna_errors{idna_code::B5, idna_code::B6}));
}

// IdnaTestV2.txt (17.0.0) lines, by line number, on their toUnicode column;
// the expected codes are the line's B codes.
TEST(BidiRule, IdnaTestV2Lines) {
  struct line {
    int number;
    std::u32string_view domain;
    idna_errors codes;
  };
  using enum idna_code;
  const line lines[] = {
      {113, U"\u00E0\u05D0", {B5, B6}},
      {118, U"0\u00E0.\u05D0", {B1}},
      {128, U"\u00E0.\u05D00\u0660\u05D0", {B4}},
      {140, U"\u00E0\u02C7.\u05D0", {B6}},
      {174, U"a\u0628\u0308\u200C\u0308\u0628b", {B5}},
      {263, U"\u0646\u0627\u0645\u0647\u200C\u0627\u06CC", {}},
      {466, U"\u05D0a\u05C7", {B2, B3}},
      {486, U"a7\u0667z", {B5}},
      {1584, U"1.\U0001E92B\uA86A", {B1, B2, B3}},
      {2650, U"8\u07CB.\u067F\u2260", {B1, B3}},
      {3419, U"fax\u2A77\U0001D186.\U0001E942", {B6}},
      {3783, U"\u0637\U00010E63\u0666.\u076D\uAE37", {B2, B3}},
      {4856, U"\u06F1.\u2260\u0668", {B1}},
      {1015, U"\U0001680D.\U00010ABF\uB12F\U0009ED72", {B2, B3}},
  };
  for (const line& l : lines) {
    EXPECT_EQ(domain_bidi_codes(l.domain), l.codes) << "IdnaTestV2.txt line " << l.number;
  }
}

}  // namespace
