// The CONTEXTJ and CONTEXTO rules of RFC 5892 Appendix A (A.1-A.9) as
// detail::idna2008::check_context_rules applies them to one label.
#include <gtest/gtest.h>

#include <array>
#include <cstddef>
#include <cstdio>
#include <string>
#include <string_view>

#include "idna2008/context_rules.hpp"
#include "idna2008/derived_property.hpp"
#include "puny/idna2008.hpp"
#include "puny/security.hpp"
#include "unicode/ucd.hpp"

namespace {

using puny::idna2008::derived_property;
using puny::idna2008::error;
using puny::idna2008::error_set;
using puny::detail::idna2008::check_context_rules;
using puny::detail::idna2008::context_verdict;
using puny::detail::ucd::joining_type;

constexpr char32_t zwnj = 0x200C;
constexpr char32_t zwj = 0x200D;
constexpr char32_t middle_dot = 0x00B7;
constexpr char32_t keraia = 0x0375;
constexpr char32_t geresh = 0x05F3;
constexpr char32_t gershayim = 0x05F4;
constexpr char32_t katakana_middle_dot = 0x30FB;
constexpr char32_t devanagari_virama = 0x094D;  // ccc 9, Joining_Type T
constexpr char32_t beh = 0x0628;                // Joining_Type D
constexpr char32_t alef = 0x0627;               // Joining_Type R
constexpr char32_t phags_pa_ra = 0xA872;        // Joining_Type L
constexpr char32_t fatha = 0x064E;              // Joining_Type T, ccc 30

std::string hex(std::u32string_view label) {
  std::string s;
  for (const char32_t cp : label) {
    char buffer[12];
    std::snprintf(buffer, sizeof buffer, "%s%04X", s.empty() ? "" : " ", static_cast<unsigned>(cp));
    s += buffer;
  }
  return s;
}

// Passes: no error at all.
void expect_pass(std::u32string_view label, bool contexto = true) {
  const context_verdict v = check_context_rules(label, contexto);
  EXPECT_TRUE(v.errors.empty()) << hex(label) << ": " << puny::idna2008::to_string(v.errors);
  EXPECT_EQ(v.code_point, 0u) << hex(label);
  EXPECT_EQ(v.offset, 0u) << hex(label);
}

// Fails with exactly `e`, first at `offset`.
void expect_fail(std::u32string_view label, error e, std::size_t offset, bool contexto = true) {
  const context_verdict v = check_context_rules(label, contexto);
  EXPECT_EQ(v.errors, error_set{e}) << hex(label) << ": " << puny::idna2008::to_string(v.errors);
  EXPECT_EQ(v.offset, offset) << hex(label);
  ASSERT_LT(offset, label.size()) << hex(label);
  EXPECT_EQ(v.code_point, label[offset]) << hex(label);
}

// The pieces one after another (appending, never prepending to a temporary:
// g++ 12 warns on `literal + std::u32string&&` with -Wrestrict).
template <class... Pieces>
std::u32string cat(const Pieces&... pieces) {
  std::u32string s;
  (s.append(std::u32string_view(pieces)), ...);
  return s;
}

std::u32string repeat(std::u32string_view piece, std::size_t times) {
  std::u32string s;
  s.reserve(piece.size() * times);
  for (std::size_t i = 0; i < times; ++i) s += piece;
  return s;
}

TEST(Idna2008ContextRules, SamplesHaveTheirProperties) {
  using puny::detail::ucd::lookup_properties;
  EXPECT_EQ(lookup_properties(devanagari_virama).ccc, 9);
  EXPECT_EQ(lookup_properties(devanagari_virama).joining, joining_type::T);
  EXPECT_EQ(lookup_properties(beh).joining, joining_type::D);
  EXPECT_EQ(lookup_properties(alef).joining, joining_type::R);
  EXPECT_EQ(lookup_properties(phags_pa_ra).joining, joining_type::L);
  EXPECT_EQ(lookup_properties(fatha).joining, joining_type::T);
  EXPECT_EQ(lookup_properties(zwnj).joining, joining_type::U);
  EXPECT_EQ(lookup_properties(zwj).joining, joining_type::C);
  EXPECT_EQ(puny::script_of(katakana_middle_dot), puny::script::common);
  EXPECT_EQ(puny::script_of(0x30FC), puny::script::common);
  EXPECT_EQ(puny::script_of(0x0342), puny::script::inherited);
  EXPECT_EQ(puny::script_of(0x05B0), puny::script::hebrew);  // HEBREW POINT SHEVA
}

TEST(Idna2008ContextRules, LabelsWithoutRuleCodePoints) {
  expect_pass(U"");
  expect_pass(U"example");
  expect_pass(U"b\u00FCcher");
  expect_pass(U"\u0628\u0627");
  expect_pass(U"\u6F22\u5B57");
}

// A.1 ZERO WIDTH NON-JOINER.
TEST(Idna2008ContextRules, ZwnjAfterVirama) {
  expect_pass(U"\u0915\u094D\u200C\u0937");  // क्‌ष
  expect_pass(U"\u094D\u200C");              // at the end: A.1 needs nothing after a virama
  expect_pass(U"\u0915\u094D\u200C");
  expect_fail(U"\u200C\u094D", error::contextj, 0);  // at the start: no Before(cp)
  expect_fail(U"\u0915\u200C\u0937", error::contextj, 1);
}

TEST(Idna2008ContextRules, ZwnjJoiningContext) {
  expect_pass(U"\u0628\u200C\u0627");                 // D ZWNJ R
  expect_pass(U"\u0628\u200C\u0628");                 // D ZWNJ D
  expect_pass(U"\uA872\u200C\u0627");                 // L ZWNJ R
  expect_pass(U"\u0628\u064E\u064E\u200C\u064E\u0627");  // T on both sides
  expect_pass(U"x\u0628\u200C\u0627y");               // middle of a longer label
  expect_fail(U"\u200C\u0627", error::contextj, 0);   // start
  expect_fail(U"\u0628\u200C", error::contextj, 1);   // end
  expect_fail(U"\u0628\u064E\u200C\u064E", error::contextj, 2);  // end after T
  expect_fail(U"\u0627\u200C\u0628", error::contextj, 1);  // R on the left
  expect_fail(U"\u0628\u200C\uA872", error::contextj, 1);  // L on the right
  expect_fail(U"a\u200Cb", error::contextj, 1);
  expect_fail(U"\u0628\u200C\u200C\u0627", error::contextj, 1);  // the second ZWNJ (U) blocks the first
  // The notes' example: the first ZWNJ has D before and R after, the second
  // has R before.
  expect_fail(U"\u0628\u200C\u0627\u200C\u0627", error::contextj, 3);
}

// A.2 ZERO WIDTH JOINER.
TEST(Idna2008ContextRules, Zwj) {
  expect_pass(U"\u0915\u094D\u200D\u0937");  // middle
  expect_pass(U"\u0915\u094D\u200D");        // end
  expect_fail(U"\u200D\u0915", error::contextj, 0);  // start
  expect_fail(U"\u0915\u200D\u0937", error::contextj, 1);  // after a letter
  expect_fail(U"a\u200D", error::contextj, 1);
  expect_fail(U"\u0628\u200D\u0627", error::contextj, 1);  // the joining context is A.1 only
  expect_fail(U"\u0915\u094D\u200D\u200D", error::contextj, 3);  // the second follows a ZWJ
}

// A.3 MIDDLE DOT.
TEST(Idna2008ContextRules, MiddleDot) {
  expect_pass(U"l\u00B7l");
  expect_pass(U"col\u00B7legi");
  expect_fail(U"a\u00B7l", error::contexto, 1);
  expect_fail(U"\u00B7l", error::contexto, 0);
  expect_fail(U"l\u00B7", error::contexto, 1);
  expect_fail(U"l\u00B7L", error::contexto, 1);
  expect_fail(U"l\u00B7l\u00B7", error::contexto, 3);  // every occurrence is checked
}

// A.4 GREEK LOWER NUMERAL SIGN (KERAIA).
TEST(Idna2008ContextRules, Keraia) {
  expect_pass(U"\u03B1\u0375\u03B2");  // α͵β
  expect_pass(U"\u0375\u03B2");        // start: only After(cp) matters
  expect_fail(U"\u03B1\u0375S", error::contexto, 1);
  expect_fail(U"\u03B1\u0375", error::contexto, 1);
  expect_fail(U"\u0375", error::contexto, 0);
  // U+0342 is sc=Inherited (scx=Greek): fails under Script.
  expect_fail(U"\u03B1\u0375\u0342", error::contexto, 1);
}

// A.5 HEBREW PUNCTUATION GERESH, A.6 GERSHAYIM.
TEST(Idna2008ContextRules, GereshAndGershayim) {
  for (const char32_t mark : {geresh, gershayim}) {
    const std::u32string m(1, mark);
    expect_pass(cat(U"\u05D0", m, U"\u05D1"));  // א׳ב
    expect_pass(cat(U"\u05D0", m));             // end: only Before(cp) matters
    expect_pass(cat(U"\u05D0\u05B0", m));       // a pointed letter: points are sc=Hebrew
    expect_fail(cat(U"A", m, U"\u05D1"), error::contexto, 1);
    expect_fail(cat(m, U"\u05D1"), error::contexto, 0);
  }
}

// A.7 KATAKANA MIDDLE DOT.
TEST(Idna2008ContextRules, KatakanaMiddleDot) {
  expect_pass(U"\u30FB\u3041");  // ・ぁ
  expect_pass(U"\u30FB\u4E08");  // ・丈
  expect_pass(U"\u30A2\u30FB");  // end
  expect_pass(U"a\u30FB\u30A2b");  // middle
  expect_pass(U"\u30FB\u30FB\u30A2");
  expect_fail(U"\u30FB", error::contexto, 0);
  expect_fail(U"def\u30FBabc", error::contexto, 3);
  expect_fail(U"\u30FB\u30FC", error::contexto, 0);  // ・ー: U+30FC is sc=Common
  expect_fail(U"\u30FB\u3099", error::contexto, 0);  // sc=Inherited
  expect_fail(U"\u30FB\u30FB", error::contexto, 0);  // U+30FB does not count for itself
}

// A.8 ARABIC-INDIC DIGITS, A.9 EXTENDED ARABIC-INDIC DIGITS.
TEST(Idna2008ContextRules, ArabicIndicDigitsExclusive) {
  expect_pass(U"\u0628\u0660\u0628");  // ب٠ب
  expect_pass(U"\u06F00");             // ۰0
  expect_pass(U"\u0660\u0669");
  expect_pass(U"\u06F0\u06F9");
  expect_fail(U"\u0628\u0660\u06F0", error::contexto, 1);  // ب٠۰: both kinds fail, the first at 1
  expect_fail(U"\u06F0\u0628\u0660", error::contexto, 0);
  expect_fail(U"\u0669\u06F9", error::contexto, 0);
  expect_fail(U"ab\u0660\u06F0", error::contexto, 2);
  for (char32_t d = 0x0660; d <= 0x0669; ++d) expect_fail(std::u32string{d, 0x06F5}, error::contexto, 0);
  for (char32_t d = 0x06F0; d <= 0x06F9; ++d) expect_fail(std::u32string{0x0665, d}, error::contexto, 0);
}

TEST(Idna2008ContextRules, EveryRuleCodePointHasARule) {
  std::size_t contextj = 0;
  std::size_t contexto = 0;
  for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
    const derived_property p = puny::idna2008::property_of(cp);
    const bool context = p == derived_property::contextj || p == derived_property::contexto;
    EXPECT_EQ(context, puny::detail::idna2008::has_context_rule(cp)) << std::hex << static_cast<unsigned>(cp);
    contextj += p == derived_property::contextj;
    contexto += p == derived_property::contexto;
  }
  EXPECT_EQ(contextj, 2u);
  EXPECT_EQ(contexto, 25u);
}

TEST(Idna2008ContextRules, WithoutContextoOnlyContextj) {
  expect_pass(U"a\u00B7l", false);
  expect_pass(U"\u03B1\u0375S", false);
  expect_pass(U"A\u05F3", false);
  expect_pass(U"\u30FB", false);
  expect_pass(U"\u0628\u0660\u06F0", false);
  expect_fail(U"a\u200D", error::contextj, 1, false);
  expect_fail(U"a\u200Cb", error::contextj, 1, false);
  expect_fail(U"\u00B7\u200D", error::contextj, 1, false);
  // Both kinds at once, with CONTEXTO on: both codes, the earliest offset.
  const context_verdict v = check_context_rules(U"\u00B7a\u200D", true);
  EXPECT_EQ(v.errors, (error_set{error::contextj, error::contexto}));
  EXPECT_EQ(v.offset, 0u);
  EXPECT_EQ(v.code_point, middle_dot);
  const context_verdict w = check_context_rules(U"a\u200C\u00B7", true);
  EXPECT_EQ(w.errors, (error_set{error::contextj, error::contexto}));
  EXPECT_EQ(w.offset, 1u);
  EXPECT_EQ(w.code_point, zwnj);
}

// Appendix A read literally, per occurrence, scanning outwards: quadratic,
// the oracle for short labels only.
context_verdict reference(std::u32string_view label, bool contexto) {
  auto props = [&](std::size_t i) { return puny::detail::ucd::lookup_properties(label[i]); };
  auto sc = [&](std::size_t i) { return puny::script_of(label[i]); };
  context_verdict v;
  auto fail = [&](error e, std::size_t i) {
    if (v.errors.empty()) {
      v.offset = i;
      v.code_point = label[i];
    }
    v.errors.insert(e);
  };
  const std::size_t n = label.size();
  for (std::size_t i = 0; i < n; ++i) {
    const char32_t cp = label[i];
    if (cp == zwnj || cp == zwj) {
      if (i > 0 && props(i - 1).ccc == 9) continue;
      if (cp == zwj) {
        fail(error::contextj, i);
        continue;
      }
      std::size_t b = i;
      while (b > 0 && props(b - 1).joining == joining_type::T) --b;
      const bool left = b > 0 && (props(b - 1).joining == joining_type::L || props(b - 1).joining == joining_type::D);
      std::size_t a = i + 1;
      while (a < n && props(a).joining == joining_type::T) ++a;
      const bool right = a < n && (props(a).joining == joining_type::R || props(a).joining == joining_type::D);
      if (!(left && right)) fail(error::contextj, i);
      continue;
    }
    if (!contexto) continue;
    bool ok = true;
    if (cp == middle_dot) {
      ok = i > 0 && label[i - 1] == U'l' && i + 1 < n && label[i + 1] == U'l';
    } else if (cp == keraia) {
      ok = i + 1 < n && sc(i + 1) == puny::script::greek;
    } else if (cp == geresh || cp == gershayim) {
      ok = i > 0 && sc(i - 1) == puny::script::hebrew;
    } else if (cp == katakana_middle_dot) {
      ok = false;
      for (std::size_t j = 0; j < n; ++j) {
        const puny::script s = sc(j);
        ok |= s == puny::script::hiragana || s == puny::script::katakana || s == puny::script::han;
      }
    } else if (cp >= 0x0660 && cp <= 0x0669) {
      for (const char32_t c : label) ok &= !(c >= 0x06F0 && c <= 0x06F9);
    } else if (cp >= 0x06F0 && cp <= 0x06F9) {
      for (const char32_t c : label) ok &= !(c >= 0x0660 && c <= 0x0669);
    } else {
      continue;
    }
    if (!ok) fail(error::contexto, i);
  }
  return v;
}

// Every label of up to four code points over an alphabet holding each rule
// code point and each kind of neighbour the rules tell apart.
TEST(Idna2008ContextRules, MatchesTheLiteralRulesOnAllShortLabels) {
  constexpr std::array<char32_t, 17> alphabet = {
      U'l', U'a', middle_dot, keraia, 0x03B1, geresh, 0x05D0, katakana_middle_dot, 0x3041,
      0x0660, 0x06F0, zwnj, zwj, devanagari_virama, beh, alef, fatha};
  std::size_t labels = 0;
  std::size_t failing = 0;
  std::u32string label;
  for (std::size_t length = 0; length <= 4; ++length) {
    std::size_t total = 1;
    for (std::size_t k = 0; k < length; ++k) total *= alphabet.size();
    for (std::size_t index = 0; index < total; ++index) {
      label.clear();
      for (std::size_t k = 0, rest = index; k < length; ++k, rest /= alphabet.size()) {
        label += alphabet[rest % alphabet.size()];
      }
      for (const bool contexto : {true, false}) {
        const context_verdict expected = reference(label, contexto);
        const context_verdict got = check_context_rules(label, contexto);
        ASSERT_EQ(got.errors, expected.errors) << hex(label) << " contexto=" << contexto;
        ASSERT_EQ(got.offset, expected.offset) << hex(label) << " contexto=" << contexto;
        ASSERT_EQ(got.code_point, expected.code_point) << hex(label) << " contexto=" << contexto;
        failing += !got.errors.empty();
      }
      ++labels;
    }
  }
  EXPECT_EQ(labels, 1u + 17u + 289u + 4913u + 83521u);
  EXPECT_GT(failing, labels / 2);
}

// Hostile labels far beyond any DNS limit: linear in the label, so these
// finish at once (10x the length takes about 10x the time); a scan per
// occurrence would take 10^10 steps.
TEST(Idna2008ContextRules, LongAdversarialLabelsAreLinear) {
  constexpr std::size_t n = 100'000;
  // A.8 on every digit, all passing; then one A.9 digit at the end makes
  // every one of them fail, the first at 0.
  const std::u32string digits = repeat(U"\u0660", n);
  expect_pass(digits);
  expect_fail(cat(digits, U"\u06F0"), error::contexto, 0);
  // A.7 on every dot; the one Han at the end satisfies them all.
  const std::u32string dots = repeat(U"\u30FB", n);
  expect_pass(cat(dots, U"\u6F22"));
  expect_fail(dots, error::contexto, 0);
  expect_pass(dots, false);
  // Every ZWNJ fails (U on its left), the first at 0.
  expect_fail(repeat(U"\u200C", n), error::contextj, 0);
  expect_fail(repeat(U"\u200C", n), error::contextj, 0, false);
  // One ZWNJ between two long runs of T: passes between D and R, fails when
  // the right end is L.
  const std::u32string ts = repeat(U"\u064E", n);
  expect_pass(cat(U"\u0628", ts, U"\u200C", ts, U"\u0627"));
  expect_fail(cat(U"\u0628", ts, U"\u200C", ts, U"\uA872"), error::contextj, n + 1);
  expect_fail(cat(U"\u0628", ts, U"\u200C", ts), error::contextj, n + 1);
  // Alternating ZWNJ and T after a D: each ZWNJ's right side is the next
  // ZWNJ (U), so every one fails.
  expect_fail(cat(U"\u0628", repeat(U"\u064E\u200C", n)), error::contextj, 2);
  // D ZWNJ R repeated: every ZWNJ passes.
  expect_pass(repeat(U"\u0628\u200C\u0627", n));
  // Many ZWJ after viramas; many MIDDLE DOTs in l·l·l·...l.
  expect_pass(repeat(U"\u0915\u094D\u200D", n));
  expect_pass(cat(U"l", repeat(U"\u00B7l", n)));
  expect_fail(cat(U"l", repeat(U"\u00B7l", n), U"\u00B7"), error::contexto, 2 * n + 1);
}

}  // namespace
