// NFC (UAX #15): decomposition, canonical ordering, composition with
// blocking, Hangul, long runs of marks, and non-scalar pass-through.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "nfc_of.hpp"
#include "unicode/nfc.hpp"
#include "unicode/ucd.hpp"

namespace {

using puny_test::nfc_of;

using puny::detail::nfc_buffer_size;
using puny::detail::to_nfc;


TEST(Nfc, EmptyAndAsciiAreUnchanged) {
  EXPECT_EQ(nfc_of(U""), U"");
  EXPECT_EQ(nfc_of(U"example-123"), U"example-123");
}

TEST(Nfc, ComposesBaseAndMark) {
  EXPECT_EQ(nfc_of(U"e\u0301"), U"\u00E9");
  EXPECT_EQ(nfc_of(U"\u00E9"), U"\u00E9");
  EXPECT_EQ(nfc_of(U"A\u030A"), U"\u00C5");
}

TEST(Nfc, SingletonsAreReplacedAndNeverRecomposed) {
  EXPECT_EQ(nfc_of(U"\u212B"), U"\u00C5");  // ANGSTROM SIGN -> A WITH RING ABOVE
  EXPECT_EQ(nfc_of(U"\u2126"), U"\u03A9");  // OHM SIGN -> GREEK CAPITAL OMEGA
  EXPECT_EQ(nfc_of(U"\u0340"), U"\u0300");  // non-starter singleton
}

TEST(Nfc, CompositionExclusionsStayDecomposed) {
  EXPECT_EQ(nfc_of(U"\u0958"), U"\u0915\u093C");  // DEVANAGARI LETTER QA (script-specific exclusion)
  EXPECT_EQ(nfc_of(U"\u0915\u093C"), U"\u0915\u093C");
  EXPECT_EQ(nfc_of(U"\u0344"), U"\u0308\u0301");  // non-starter decomposition
  EXPECT_EQ(nfc_of(U"\U0001D15E"), U"\U0001D157\U0001D165");  // post-composition-version exclusion
}

TEST(Nfc, CanonicalOrderingBeforeComposition) {
  // a + dot below (220) + circumflex (230), in either order: ậ.
  EXPECT_EQ(nfc_of(U"a\u0323\u0302"), U"\u1EAD");
  EXPECT_EQ(nfc_of(U"a\u0302\u0323"), U"\u1EAD");
  // A + acute (230) + dot below (220): Ạ composes first, Ạ + acute has no composite.
  EXPECT_EQ(nfc_of(U"A\u0301\u0323"), U"\u1EA0\u0301");
}

TEST(Nfc, BlockedMarksDoNotCompose) {
  // Unicode §3.11 D115 (blocked): a mark of the same class in between blocks.
  EXPECT_EQ(nfc_of(U"A\u0305\u0301"), U"A\u0305\u0301");
  // After the first acute composes, the second has nothing to compose with.
  EXPECT_EQ(nfc_of(U"A\u0301\u0301"), U"\u00C1\u0301");
  // A starter in between blocks too (ccc 0).
  EXPECT_EQ(nfc_of(U"A\u0062\u030A"), U"Ab\u030A");
  // Composition chains through consumed marks: A + diaeresis + macron = Ǟ.
  EXPECT_EQ(nfc_of(U"A\u0308\u0304"), U"\u01DE");
}

TEST(Nfc, StarterPairsCompose) {
  EXPECT_EQ(nfc_of(U"\u0B47\u0B3E"), U"\u0B4B");  // ORIYA VOWEL SIGN O
  EXPECT_EQ(nfc_of(U"\u0B47\u0B3E\u0B3E"), U"\u0B4B\u0B3E");
}

TEST(Nfc, LeadingNonStartersHaveNothingToComposeWith) {
  EXPECT_EQ(nfc_of(U"\u0301A"), U"\u0301A");
  EXPECT_EQ(nfc_of(U"\u0301\u0301"), U"\u0301\u0301");
}

TEST(Nfc, HangulComposesAndDecomposesAlgorithmically) {
  EXPECT_EQ(nfc_of(U"\u1100\u1161"), U"\uAC00");               // L V
  EXPECT_EQ(nfc_of(U"\u1100\u1161\u11A8"), U"\uAC01");         // L V T
  EXPECT_EQ(nfc_of(U"\uAC00\u11A8"), U"\uAC01");               // LV T
  EXPECT_EQ(nfc_of(U"\uD7A3"), U"\uD7A3");                     // last syllable, already NFC
  EXPECT_EQ(nfc_of(U"\u1112\u1175\u11C2"), U"\uD7A3");
  EXPECT_EQ(nfc_of(U"\uAC01\u11A8"), U"\uAC01\u11A8");         // LVT takes no second T
  EXPECT_EQ(nfc_of(U"\uAC00\u11A7"), U"\uAC00\u11A7");         // U+11A7 is not a trailing consonant
  EXPECT_EQ(nfc_of(U"\u1100\u0301\u1161"), U"\u1100\u0301\u1161");  // blocked by the mark
  EXPECT_EQ(nfc_of(U"\u1113\u1161"), U"\u1113\u1161");         // L outside the modern 19
}

TEST(Nfc, NonScalarValuesPassThroughAsStarters) {
  const std::u32string surrogate_then_mark{char32_t{0xD800}, char32_t{0x0301}};
  EXPECT_EQ(nfc_of(surrogate_then_mark), surrogate_then_mark);
  const std::u32string beyond{U'e', char32_t{0x110000}, char32_t{0x0301}, char32_t{0xDFFF}, char32_t{0xFFFFFFFF}};
  EXPECT_EQ(nfc_of(beyond), beyond);
  // A non-scalar value ends a run of marks: the two runs sort separately.
  const std::u32string split_run{U'a', char32_t{0x0301}, char32_t{0x0323}, char32_t{0x110000}, char32_t{0x0301},
                                 char32_t{0x0323}};
  const std::u32string sorted_halves{char32_t{0x1EA1}, char32_t{0x0301}, char32_t{0x110000}, char32_t{0x0323},
                                     char32_t{0x0301}};
  EXPECT_EQ(nfc_of(split_run), sorted_halves);
}

TEST(Nfc, RefusesAnOutputBufferBelowTheContract) {
  std::vector<char32_t> out(nfc_buffer_size(2) - 1, U'?');
  EXPECT_EQ(to_nfc(U"ab", out), 0u);
  EXPECT_TRUE(std::all_of(out.begin(), out.end(), [](char32_t c) { return c == U'?'; }));
}

/// Deterministic mark sequences: several code points per combining class,
/// so the expected stable order differs from any unstable one.
std::u32string pseudo_random_marks(std::size_t count, std::uint32_t seed) {
  static const char32_t marks[] = {0x0316, 0x0317, 0x0318, 0x0301, 0x0302, 0x0303,
                                   0x0327, 0x0328, 0x05B0, 0x05B1, 0x0F71, 0x0F72};
  std::u32string s;
  for (std::size_t i = 0; i < count; ++i) {
    seed = seed * 1664525u + 1013904223u;
    s.push_back(marks[(seed >> 16) % std::size(marks)]);
  }
  return s;
}

/// first followed by rest (built by append: g++ 12 reports a false
/// -Wrestrict for literal + std::u32string).
std::u32string after(char32_t first, const std::u32string& rest) {
  std::u32string s(1, first);
  s.append(rest);
  return s;
}

std::u32string stably_sorted_by_class(std::u32string marks) {
  std::stable_sort(marks.begin(), marks.end(), [](char32_t a, char32_t b) {
    return puny::detail::ucd::combining_class(a) < puny::detail::ucd::combining_class(b);
  });
  return marks;
}

TEST(Nfc, RunsOfEveryLengthAroundTheMergeThresholdSortStably) {
  // U+4E00 composes with nothing, so the output is the starter plus the sorted run.
  for (std::size_t length = 0; length <= 300; ++length) {
    const std::u32string marks = pseudo_random_marks(length, static_cast<std::uint32_t>(length));
    EXPECT_EQ(nfc_of(after(0x4E00, marks)), after(0x4E00, stably_sorted_by_class(marks))) << "run length " << length;
  }
}

TEST(Nfc, HundredThousandMarkRunIsSortedStably) {
  const std::u32string marks = pseudo_random_marks(100000, 12345);
  const std::u32string result = nfc_of(after(0x4E00, marks).append(after(0x4E00, marks)));
  const std::u32string sorted = stably_sorted_by_class(marks);
  EXPECT_EQ(result, after(0x4E00, sorted).append(after(0x4E00, sorted)));
}

TEST(Nfc, TightestScratchCaseStaysInsideTheBuffer) {
  // U+1F82 decomposes to four code points (three marks) and U+0F73 to two
  // non-starters (129, 130): the run is as long as the buffer allows, and
  // ASan would see a write past nfc_buffer_size.
  std::u32string input = U"\u1F82";
  for (int i = 0; i < 5000; ++i) input += U"\u0F73";
  const std::u32string expected =
      after(0x1F82, std::u32string(5000, char32_t{0x0F71})).append(std::u32string(5000, char32_t{0x0F72}));
  EXPECT_EQ(nfc_of(input), expected);
  std::u32string diaereses = U"\u1F82";
  for (int i = 0; i < 5000; ++i) diaereses += U"\u0344";
  std::u32string pairs;
  for (int i = 0; i < 5000; ++i) pairs += U"\u0308\u0301";
  EXPECT_EQ(nfc_of(diaereses), after(0x1F82, pairs));
}

TEST(IsNfc, DecidesTheCasesItShortcuts) {
  std::vector<char32_t> scratch(nfc_buffer_size(8));
  auto is_nfc = [&](std::u32string_view s) { return puny::detail::is_nfc(s, scratch); };
  EXPECT_TRUE(is_nfc(U""));
  EXPECT_TRUE(is_nfc(U"b\u00FCcher"));
  EXPECT_FALSE(is_nfc(U"e\u0301"));              // composes with the starter
  EXPECT_TRUE(is_nfc(U"\u00E9\u0301"));          // é has no composite with another acute
  EXPECT_FALSE(is_nfc(U"\u212B"));                // NFC_QC=No
  EXPECT_FALSE(is_nfc(U"a\u05B1\u05B0"));         // not canonically ordered
  EXPECT_FALSE(is_nfc(U"\u09C7\u09BE"));          // Bengali O: a starter composes with a starter
  EXPECT_TRUE(is_nfc(U"\u0995\u09BE"));           // KA + AA sign: no composite
  EXPECT_TRUE(is_nfc(U"\u09C7x\u09BE"));          // not adjacent: blocked
  EXPECT_FALSE(is_nfc(U"\u1100\u1161"));          // Hangul L + V
  EXPECT_FALSE(is_nfc(U"\uAC00\u11A8"));          // Hangul LV + T
  EXPECT_TRUE(is_nfc(U"\uAC01\u11A8"));           // LVT + T: none
  EXPECT_TRUE(is_nfc(U"A\u0305\u0301"));          // blocked by a mark of the same class
  EXPECT_FALSE(is_nfc(U"A\u0323\u0301"));         // not blocked: class 220 then 230; Á composes
  // ô + dot below: in NFD the dot below moves before the circumflex and
  // composes first (ộ), though ô and U+0323 have no composite.
  EXPECT_FALSE(is_nfc(U"\u00F4\u0323"));
  EXPECT_TRUE(is_nfc(U"\u1ED9"));
}

// is_nfc against NFC itself on random strings of the code points where
// composition is decided: every NFC_Quick_Check Maybe code point, the
// decomposable ones and their parts, Hangul jamo and syllables, marks of
// many classes and plain starters.  Fixed seed.
TEST(IsNfc, AgreesWithNfcOnRandomCompositionHeavyStrings) {
  namespace ucd = puny::detail::ucd;
  std::vector<char32_t> maybe;
  std::vector<char32_t> decomposable;
  std::vector<char32_t> marks;
  for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    const ucd::properties p = ucd::lookup_properties(cp);
    if (p.nfc_qc == ucd::nfc_quick_check::maybe) maybe.push_back(cp);
    if (!ucd::canonical_decomposition(cp).empty()) {
      decomposable.push_back(cp);
      for (const char32_t part : ucd::canonical_decomposition(cp)) decomposable.push_back(part);
    }
    if (p.ccc != 0) marks.push_back(cp);
  }
  ASSERT_GT(maybe.size(), 50u);
  ASSERT_GT(decomposable.size(), 2000u);
  ASSERT_GT(marks.size(), 500u);
  const std::vector<char32_t> hangul = {0x1100, 0x1112, 0x1161, 0x1175, 0x11A8, 0x11C2, 0xAC00, 0xAC01, 0xD7A3, 0xD788};
  const std::vector<char32_t> plain = {U'a', U'e', U'o', U'A', U'x', 0x0915, 0x0995, 0x0B95, 0x3042, 0x05D0};
  const std::vector<const std::vector<char32_t>*> pools = {&maybe, &maybe, &decomposable, &marks, &hangul, &plain};

  std::uint64_t state = 0x9E3779B97F4A7C15u;
  auto next = [&state](std::uint64_t bound) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state % bound;
  };
  std::vector<char32_t> scratch(nfc_buffer_size(8));
  std::size_t in_nfc = 0;
  std::size_t reported = 0;
  for (int round = 0; round < 300000; ++round) {
    std::u32string s;
    const std::size_t length = 1 + next(8);
    for (std::size_t i = 0; i < length; ++i) {
      const std::vector<char32_t>& pool = *pools[next(pools.size())];
      s.push_back(pool[next(pool.size())]);
    }
    const bool expected = nfc_of(s) == s;
    in_nfc += expected ? 1 : 0;
    if (puny::detail::is_nfc(s, scratch) != expected && ++reported <= 20) {
      std::string hex;
      for (const char32_t cp : s) hex += std::to_string(static_cast<std::uint32_t>(cp)) + ' ';
      ADD_FAILURE() << "is_nfc says " << !expected << " for " << hex;
    }
  }
  EXPECT_EQ(reported, 0u);
  EXPECT_GT(in_nfc, 10000u);  // both answers are exercised
}

// The IDNA pipeline normalizes a label only from the last starter with
// NFC_Quick_Check=Yes before the first code point the quick check cannot
// clear (src/idna/process.cpp, stable_nfc_prefix).  That is sound only if
// every such starter is a normalization boundary (UAX #15 §9.1) whose full
// decomposition also begins with one: nothing before it can compose with or
// reorder around it.  Holds for all of Unicode 17.0; this guards the
// tables against a regeneration that breaks it.
TEST(Nfc, QuickCheckYesStartersDecomposeToQuickCheckYesStarters) {
  namespace ucd = puny::detail::ucd;
  std::size_t starters = 0;
  for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    const ucd::properties p = ucd::lookup_properties(cp);
    if (p.nfc_qc != ucd::nfc_quick_check::yes || p.ccc != 0) continue;
    ++starters;
    const std::u32string_view d = ucd::canonical_decomposition(cp);
    if (d.empty()) continue;
    const ucd::properties first = ucd::lookup_properties(d.front());
    EXPECT_EQ(first.ccc, 0) << std::hex << static_cast<std::uint32_t>(cp);
    EXPECT_NE(first.nfc_qc, ucd::nfc_quick_check::maybe) << std::hex << static_cast<std::uint32_t>(cp);
  }
  EXPECT_GT(starters, 100000u);
}

}  // namespace
