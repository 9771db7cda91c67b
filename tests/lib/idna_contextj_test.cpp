// CONTEXTJ rules of RFC 5892 Appendix A.1 (ZERO WIDTH NON-JOINER, C1) and
// A.2 (ZERO WIDTH JOINER, C2).
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <string_view>

#include "idna/contextj.hpp"
#include "puny/idna.hpp"
#include "unicode/ucd.hpp"

namespace {

using puny::idna_code;
using puny::idna_errors;
using puny::detail::contextj;
using puny::detail::ucd::joining_type;

constexpr char32_t zwnj = 0x200C;
constexpr char32_t zwj = 0x200D;

// One code point per kind of context the rules distinguish.
struct joining_sample {
  char32_t cp;
  joining_type joining;
  std::uint8_t ccc;
};
constexpr std::array<joining_sample, 9> samples = {{
    {U'a', joining_type::U, 0},
    {U'\u0628', joining_type::D, 0},  // ARABIC LETTER BEH
    {U'\u0627', joining_type::R, 0},  // ARABIC LETTER ALEF
    {U'\uA872', joining_type::L, 0},  // PHAGS-PA SUPERFIXED LETTER RA
    {U'\u0640', joining_type::C, 0},  // ARABIC TATWEEL
    {U'\u064E', joining_type::T, 30},  // ARABIC FATHA
    {U'\u094D', joining_type::T, 9},   // DEVANAGARI SIGN VIRAMA
    {zwnj, joining_type::U, 0},
    {zwj, joining_type::C, 0},
}};

// Appendix A.1 and A.2 read literally: for each joiner, look back and ahead
// from where it stands.  Quadratic; the oracle for short labels only.
idna_errors reference_contextj(std::u32string_view label) {
  auto props = [&](std::size_t i) { return puny::detail::ucd::lookup_properties(label[i]); };
  idna_errors e;
  for (std::size_t i = 0; i < label.size(); ++i) {
    if (label[i] != zwnj && label[i] != zwj) continue;
    if (i > 0 && props(i - 1).ccc == 9) continue;
    if (label[i] == zwj) {
      e.insert(idna_code::C2);
      continue;
    }
    std::size_t before = i;
    while (before > 0 && props(before - 1).joining == joining_type::T) --before;
    const bool left = before > 0 && (props(before - 1).joining == joining_type::L ||
                                     props(before - 1).joining == joining_type::D);
    std::size_t after = i + 1;
    while (after < label.size() && props(after).joining == joining_type::T) ++after;
    const bool right = after < label.size() &&
                       (props(after).joining == joining_type::R || props(after).joining == joining_type::D);
    if (!(left && right)) e.insert(idna_code::C1);
  }
  return e;
}

TEST(ContextJ, SamplesHaveTheirProperties) {
  for (const joining_sample& s : samples) {
    const auto p = puny::detail::ucd::lookup_properties(s.cp);
    EXPECT_EQ(p.joining, s.joining) << std::hex << static_cast<std::uint32_t>(s.cp);
    EXPECT_EQ(p.ccc, s.ccc) << std::hex << static_cast<std::uint32_t>(s.cp);
  }
}

TEST(ContextJ, LabelsWithoutJoiners) {
  EXPECT_EQ(contextj(U""), idna_errors{});
  EXPECT_EQ(contextj(U"example"), idna_errors{});
  EXPECT_EQ(contextj(U"\u0628\u0627"), idna_errors{});
}

TEST(ContextJ, LoneJoiners) {
  EXPECT_EQ(contextj(U"\u200C"), idna_errors{idna_code::C1});
  EXPECT_EQ(contextj(U"\u200D"), idna_errors{idna_code::C2});
  EXPECT_EQ(contextj(U"\u200C\u200D"), (idna_errors{idna_code::C1, idna_code::C2}));
}

TEST(ContextJ, PersianNonJoinerBetweenJoiningLetters) {
  // می‌خواهم "I want": YEH (D) ZWNJ KHAH (D).
  EXPECT_EQ(contextj(U"\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645"), idna_errors{});
  // نامه‌ای: HEH (D) ZWNJ ALEF (R).
  EXPECT_EQ(contextj(U"\u0646\u0627\u0645\u0647\u200C\u0627\u06CC"), idna_errors{});
  // A left-joining-only letter before, a right-joining-only one after.
  EXPECT_EQ(contextj(U"\uA872\u200C\u0627"), idna_errors{});
}

TEST(ContextJ, NonJoinerOutOfJoiningContext) {
  EXPECT_EQ(contextj(U"\u0648\u200C\u0628"), idna_errors{idna_code::C1});  // WAW is R: nothing joins left
  EXPECT_EQ(contextj(U"\u0628\u200C\uA872"), idna_errors{idna_code::C1});  // L after: nothing joins right
  EXPECT_EQ(contextj(U"\u0628\u200C"), idna_errors{idna_code::C1});        // at the end
  EXPECT_EQ(contextj(U"\u200C\u0628"), idna_errors{idna_code::C1});        // at the start
  EXPECT_EQ(contextj(U"a\u200Cb"), idna_errors{idna_code::C1});            // Latin: U
  EXPECT_EQ(contextj(U"\u0628\u0640\u200C\u0640\u0628"), idna_errors{idna_code::C1});  // TATWEEL is C
  // Two non-joiners in a row: each has the other (U) as its neighbour.
  EXPECT_EQ(contextj(U"\u0628\u200C\u200C\u0628"), idna_errors{idna_code::C1});
}

TEST(ContextJ, TransparentMarksBetween) {
  EXPECT_EQ(contextj(U"\u0628\u064E\u200C\u0628"), idna_errors{});
  EXPECT_EQ(contextj(U"\u0628\u200C\u064E\u064F\u0628"), idna_errors{});
  EXPECT_EQ(contextj(U"\u0628\u064E\u0651\u200C\u064E\u0627"), idna_errors{});
  EXPECT_EQ(contextj(U"\u0648\u064E\u200C\u064E\u0628"), idna_errors{idna_code::C1});
  EXPECT_EQ(contextj(U"\u0628\u064E\u200C\u064E"), idna_errors{idna_code::C1});
  EXPECT_EQ(contextj(U"\u064E\u200C\u0628"), idna_errors{idna_code::C1});
}

TEST(ContextJ, Virama) {
  // Devanagari क्‍ष (half form) and क्‌ष (explicit virama).
  EXPECT_EQ(contextj(U"\u0915\u094D\u200D\u0937"), idna_errors{});
  EXPECT_EQ(contextj(U"\u0915\u094D\u200C\u0937"), idna_errors{});
  EXPECT_EQ(contextj(U"\u0915\u200D\u0937"), idna_errors{idna_code::C2});
  EXPECT_EQ(contextj(U"\u0915\u200C\u0937"), idna_errors{idna_code::C1});
  // Only the code point right before counts.
  EXPECT_EQ(contextj(U"\u0915\u094D\u0301\u200D"), idna_errors{idna_code::C2});
  EXPECT_EQ(contextj(U"\u0915\u094D\u200D\u200D"), idna_errors{idna_code::C2});
  EXPECT_EQ(contextj(U"\u0915\u094D\u200C\u200C"), idna_errors{idna_code::C1});
  // A virama excuses a ZWNJ even with nothing joining around it.
  EXPECT_EQ(contextj(U"\u094D\u200C"), idna_errors{});
}

TEST(ContextJ, JoinerNeedsAViramaEvenBetweenJoiningLetters) {
  EXPECT_EQ(contextj(U"\u0628\u200D\u0628"), idna_errors{idna_code::C2});
  EXPECT_EQ(contextj(U"\u0628\u064E\u200D"), idna_errors{idna_code::C2});
}

TEST(ContextJ, AgreesWithTheRfcWordingOnEveryShortLabel) {
  std::u32string label;
  std::size_t compared = 0;
  auto visit = [&](auto&& self, std::size_t length) -> void {
    const idna_errors expected = reference_contextj(label);
    ASSERT_EQ(contextj(label), expected) << "label of " << label.size() << " code points";
    ++compared;
    if (length == 6) return;
    for (const joining_sample& s : samples) {
      label.push_back(s.cp);
      self(self, length + 1);
      label.pop_back();
    }
  };
  visit(visit, 0);
  EXPECT_EQ(compared, 1u + 9u + 81u + 729u + 6561u + 59049u + 531441u);
}

TEST(ContextJ, LongLabels) {
  // Far beyond DNS limits: correctness only; the pass is linear however the
  // joiners and transparent marks are arranged.
  constexpr std::size_t n = 1'000'000;
  EXPECT_EQ(contextj(std::u32string(n, zwnj)), idna_errors{idna_code::C1});
  EXPECT_EQ(contextj(std::u32string(n, zwj)), idna_errors{idna_code::C2});

  const std::u32string marks(n / 2, U'\u064E');
  EXPECT_EQ(contextj(U"\u0628" + marks + U"\u200C" + marks + U"\u0628"), idna_errors{});
  EXPECT_EQ(contextj(U"\u0628" + marks + U"\u200C" + marks), idna_errors{idna_code::C1});

  std::u32string alternating;
  for (std::size_t i = 0; i < n / 3; ++i) alternating += U"\u0628\u064E\u200C";
  alternating += U'\u0627';
  EXPECT_EQ(contextj(alternating), idna_errors{});
  alternating.back() = U'a';
  EXPECT_EQ(contextj(alternating), idna_errors{idna_code::C1});

  std::u32string viramas;
  for (std::size_t i = 0; i < n / 2; ++i) viramas += U"\u094D\u200D";
  EXPECT_EQ(contextj(viramas), idna_errors{});
}

// IdnaTestV2.txt (17.0.0) lines, by line number, on their toUnicode column;
// the expected codes are the line's C codes (summed over its labels).
TEST(ContextJ, IdnaTestV2Lines) {
  struct line {
    int number;
    std::u32string_view label;
    idna_errors codes;
  };
  using enum idna_code;
  const line lines[] = {
      {153, U"a\u200Cb", {C1}},
      {158, U"a\u094D\u200Cb", {}},
      {179, U"a\u200Db", {C2}},
      {183, U"a\u094D\u200Db", {}},
      {174, U"a\u0628\u0308\u200C\u0308\u0628b", {}},
      {255, U"\u0DC1\u0DCA\u200D\u0DBB\u0DD3", {}},  // www.ශ්‍රී.com, middle label
      {342, U"\u200Cx\u200Dn\u200C-\u200D-b\u00DF", {C1, C2}},
      {491, U"\u0BB9\u0BCD\u200D", {}},
      {495, U"\u0BB9\u200D", {C2}},
      {503, U"\u0BB9\u200C", {C1}},
      {507, U"\u0644\u0670\u200C\u06ED\u06EF", {}},
      {519, U"\u0644\u200C\u06EF", {}},
      {527, U"\u06EF\u200C\u06EF", {C1}},
  };
  for (const line& l : lines) {
    EXPECT_EQ(contextj(l.label), l.codes) << "IdnaTestV2.txt line " << l.number;
  }
}

}  // namespace
