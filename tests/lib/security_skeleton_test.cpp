// UTS #39 §4 skeleton: known values, the buffer contract (exact `needed`,
// empty span as a size query), ill-formed UTF-8 positions, hostile runs of
// marks, and fixed-seed properties against a naive reference built here
// from the normalization tables (full decomposition, a bubble sort for
// canonical ordering, the pieces, the bubble sort again).  The pieces
// themselves are checked line by line against confusables.txt in
// tests/conformance/confusables_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "puny/security.hpp"
#include "puny/utf8.hpp"
#include "security/security_data.hpp"
#include "reference_nfd.hpp"
#include "test_encoding.hpp"
#include "unicode/ucd.hpp"

namespace {

using puny_test::to_utf8;
namespace ucd = puny::detail::ucd;
namespace sec = puny::detail::security;

// ---------------------------------------------------------------------------
// The naive reference.

std::u32string nfd(std::u32string_view s) {
  return puny_test::reference_nfd(
      s, [](char32_t c) { return ucd::canonical_decomposition(c); }, [](char32_t c) { return ucd::combining_class(c); });
}

std::u32string reference_skeleton(std::u32string_view s) {
  std::u32string mapped;
  for (const char32_t c : nfd(s)) {
    char32_t self = 0;
    mapped += sec::mapped_piece(c, self);
  }
  return nfd(mapped);
}

std::u32string skeleton32(std::u32string_view s) {
  const auto r = puny::skeleton(s);
  EXPECT_TRUE(r.ok());
  return r.value;
}

std::string skeleton8(std::string_view s) {
  const auto r = puny::skeleton(s);
  EXPECT_TRUE(r.ok());
  return r.value;
}

/// Random text weighted towards what makes skeletons interesting: marks of
/// many classes, mapped characters, decomposable ones, ignorables, ASCII.
std::u32string random_text(std::mt19937& rng, std::size_t max_length) {
  static const std::u32string pool =
      U"aeilmoIO01|%\"`-. "                              // ASCII with pieces
      U"\u00E9\u00C5\u01C4\u01C5\u0142\u00F8\u1E09\u1EC7\u0344\u0F73\u0F75"  // decomposable, stroked
      U"\u0301\u0300\u0316\u0323\u0327\u0321\u0335\u0338\u0307\u030C\u0345\u05B4\u093C\u0E38\U0001D16D\u0EB8"
      U"\u034F\u200B\u200D\u00AD\u3164\u180E"             // Default_Ignorable
      U"\u0430\u0440\u0443\u04CF\u0455\u03B1\u03BF\u13CF\u017F\uFDFB\u2A74\u247E\u0C83\u1D6A4\uAC00\uD7A3"
      U"\u05C2\u05BA\u0651\u0670\u064B\u0BCD\u3099\u309A";
  std::uniform_int_distribution<std::size_t> length(0, max_length);
  std::uniform_int_distribution<std::size_t> pick(0, pool.size() - 1);
  std::uniform_int_distribution<char32_t> any(0x20, 0x2FFFF);
  std::uniform_int_distribution<int> coin(0, 9);
  std::u32string s;
  const std::size_t n = length(rng);
  for (std::size_t i = 0; i < n; ++i) {
    char32_t c = coin(rng) == 0 ? any(rng) : pool[pick(rng)];
    if (c >= 0xD800 && c <= 0xDFFF) c = U'x';
    s += c;
  }
  return s;
}

// ---------------------------------------------------------------------------

TEST(SecuritySkeleton, KnownValues) {
  EXPECT_EQ(skeleton8(""), "");
  EXPECT_EQ(skeleton8("paypal"), "paypal");
  EXPECT_EQ(skeleton8("\u0440\u0430\u0443\u0440\u0430l"), "paypal");  // Cyrillic р, а, у
  EXPECT_EQ(skeleton8("google.com"), "google.corn");                  // m -> rn
  EXPECT_EQ(skeleton8("I1l0O"), "lllOO");
  EXPECT_EQ(skeleton8("\u0430\u0440\u0440\u04CF\u0435"), "apple");    // аррӏе
  EXPECT_EQ(skeleton8("%"), "\u00BA/\u2080");
  EXPECT_EQ(skeleton8("\""), "''");
  // U+FDFB maps to text holding a space (notes §1.3).
  EXPECT_EQ(skeleton32(U"\uFDFB"), U"\u062C\u0644 \u062C\u0644l\u0644o");
}

TEST(SecuritySkeleton, SourcesMapToTheNfdOfTheirTargets) {
  // Lines of Unicode 17.0 confusables.txt (all 5,499 applicable lines are
  // checked in tests/conformance/confusables_test.cpp), here in random
  // context: in ASCII surroundings the skeleton is the concatenation.
  struct line {
    char32_t source;
    std::u32string_view target;
  };
  const line lines[] = {{0x0C83, U"\u0983"}, {0x2A74, U"::="},     {0x2460, U"\u2780"}, {0x0430, U"a"},
                        {0x13CF, U"b"},      {0x0192, U"f"},       {0x017F, U"f"},      {0x0261, U"g"},
                        {0x1D6A4, U"i"},     {0x0031, U"l"},       {0x0399, U"l"},      {0x04CF, U"l"},
                        {0x00FE, U"p"},      {0x006D, U"rn"}};
  std::mt19937 rng(41);
  std::uniform_int_distribution<int> letter(0, 25);
  std::uniform_int_distribution<int> length(0, 4);
  auto word = [&] {
    std::u32string w;
    for (int n = length(rng); n > 0; --n) w += static_cast<char32_t>(U'a' + letter(rng));
    return w;
  };
  for (int round = 0; round < 50; ++round) {
    for (const line& l : lines) {
      EXPECT_EQ(skeleton32(std::u32string(1, l.source)), nfd(l.target));
      const std::u32string before = word();
      const std::u32string after = word();
      EXPECT_EQ(skeleton32(before + l.source + after), skeleton32(before) + nfd(l.target) + skeleton32(after));
    }
  }
}

TEST(SecuritySkeleton, RemovesDefaultIgnorablesBeforeMapping) {
  EXPECT_EQ(skeleton8("pay\u200Bpal"), "paypal");
  EXPECT_EQ(skeleton8("a\u00ADb\u034Fc\u200Dd"), "abcd");
  // U+3164 HANGUL FILLER is a confusables.txt source and Default_Ignorable:
  // step 2 comes first, so it vanishes.
  EXPECT_EQ(skeleton32(U"\u3164"), U"");
  // CGJ blocks canonical reordering in NFD, but not in the skeleton: once it
  // is removed, the marks around it are reordered (step 4).
  EXPECT_EQ(skeleton32(U"a\u0301\u034F\u0316"), U"a\u0316\u0301");
}

TEST(SecuritySkeleton, IsComputedOnceNotIterated) {
  // U+01C4 -> "DŽ" (D Z U+030C); U+030C is itself a source (-> U+0306), but
  // the skeleton is not iterated (notes §1.3: 13 sources are not idempotent).
  EXPECT_EQ(skeleton32(U"\u01C4"), U"DZ\u030C");
  EXPECT_EQ(skeleton32(U"Z\u030C"), U"Z\u0306");
  EXPECT_NE(skeleton32(skeleton32(U"\u01C4")), skeleton32(U"\u01C4"));
}

TEST(SecuritySkeleton, MapsAfterCanonicalOrdering) {
  // U+0327 (ccc 202) maps to U+0326 (ccc 220); U+0316 has ccc 220.  NFD
  // first puts U+0327 before U+0316, so its image comes first too.
  EXPECT_EQ(skeleton32(U"a\u0316\u0327"), reference_skeleton(U"a\u0316\u0327"));
  EXPECT_EQ(skeleton32(U"a\u0316\u0327"), U"a\u0326\u0316");
  // A stroke from a starter's piece reorders with the marks that follow:
  // ł -> l + U+0338 (ccc 1).
  EXPECT_EQ(skeleton32(U"\u0142\u0301"), U"l\u0338\u0301");
  EXPECT_EQ(skeleton32(U"\u0142\u0334"), reference_skeleton(U"\u0142\u0334"));
}

TEST(SecuritySkeleton, NonScalarUtf32MapsToItself) {
  EXPECT_EQ(skeleton32(std::u32string{U'a', char32_t(0xD800), char32_t(0x110000), char32_t(0xFFFFFFFF)}),
            (std::u32string{U'a', char32_t(0xD800), char32_t(0x110000), char32_t(0xFFFFFFFF)}));
}

TEST(SecuritySkeleton, MatchesTheNaiveReference) {
  std::mt19937 rng(20251126);
  for (int i = 0; i < 20000; ++i) {
    const std::u32string s = random_text(rng, 16);
    ASSERT_EQ(skeleton32(s), reference_skeleton(s)) << "input " << to_utf8(s);
  }
}

TEST(SecuritySkeleton, Utf8AndUtf32Agree) {
  std::mt19937 rng(7);
  for (int i = 0; i < 20000; ++i) {
    const std::u32string s = random_text(rng, 24);
    ASSERT_EQ(skeleton8(to_utf8(s)), to_utf8(skeleton32(s))) << "input " << to_utf8(s);
  }
}

TEST(SecuritySkeleton, SkeletonOfNfdIsTheSkeleton) {
  std::mt19937 rng(11);
  for (int i = 0; i < 20000; ++i) {
    const std::u32string s = random_text(rng, 24);
    ASSERT_EQ(skeleton32(nfd(s)), skeleton32(s)) << "input " << to_utf8(s);
    // The skeleton is in NFD.
    const std::u32string k = skeleton32(s);
    ASSERT_EQ(nfd(k), k) << "input " << to_utf8(s);
  }
}

TEST(SecuritySkeleton, StaysWithinTheGrowthBounds) {
  std::mt19937 rng(13);
  for (int i = 0; i < 5000; ++i) {
    const std::u32string s = random_text(rng, 24);
    const std::string u = to_utf8(s);
    EXPECT_LE(skeleton32(s).size(), puny::skeleton_buffer_size(s.size()));
    EXPECT_LE(skeleton8(u).size(), puny::skeleton_utf8_buffer_size(u.size()));
  }
  // The code points that reach the bounds.
  EXPECT_EQ(skeleton32(U"\uFDFA").size(), puny::max_skeleton_growth);
  std::size_t worst = 0;
  for (char32_t c = 0; c < 0x110000; ++c) {
    if (c >= 0xD800 && c <= 0xDFFF) continue;
    const std::string u = to_utf8(std::u32string(1, c));
    worst = std::max(worst, (skeleton8(u).size() + u.size() - 1) / u.size());
  }
  EXPECT_EQ(worst, puny::max_skeleton_utf8_growth);
}

// ---------------------------------------------------------------------------
// Buffers.

void expect_exact_sizing_utf8(const std::string& input) {
  SCOPED_TRACE(input);
  const std::string expected = to_utf8(reference_skeleton([&] {
    std::u32string s;
    for (std::size_t i = 0; i < input.size();) {
      const auto seq = puny::detail::read_utf8(std::span<const char>(input.data(), input.size()), i);
      s += seq.value;
      i += seq.length;
    }
    return s;
  }()));
  // An empty span asks for the size.
  const puny::result query = puny::skeleton(input, std::span<char>());
  if (expected.empty()) {
    EXPECT_TRUE(query.ok());
    EXPECT_EQ(query.written, 0u);
    return;
  }
  ASSERT_EQ(query.code, puny::status::output_too_small);
  EXPECT_EQ(query.needed, expected.size());
  // One byte short still reports the exact size.
  std::vector<char> short_buffer(expected.size() - 1);
  const puny::result shorter = puny::skeleton(input, short_buffer);
  ASSERT_EQ(shorter.code, puny::status::output_too_small);
  EXPECT_EQ(shorter.needed, expected.size());
  // Exactly enough works.
  std::vector<char> exact(expected.size());
  const puny::result r = puny::skeleton(input, exact);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(std::string(exact.data(), r.written), expected);
}

void expect_exact_sizing_utf32(const std::u32string& input) {
  SCOPED_TRACE(to_utf8(input));
  const std::u32string expected = reference_skeleton(input);
  const puny::result query = puny::skeleton(input, std::span<char32_t>());
  if (expected.empty()) {
    EXPECT_TRUE(query.ok());
    return;
  }
  ASSERT_EQ(query.code, puny::status::output_too_small);
  EXPECT_EQ(query.needed, expected.size());
  std::vector<char32_t> short_buffer(expected.size() - 1);
  EXPECT_EQ(puny::skeleton(input, short_buffer).needed, expected.size());
  std::vector<char32_t> exact(expected.size());
  const puny::result r = puny::skeleton(input, exact);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(std::u32string(exact.data(), r.written), expected);
}

TEST(SecuritySkeleton, ReportsTheExactSizeNeeded) {
  for (const char* s : {"a", "paypal", "google.com", "mmmm", "%%", "I1l0O\"", "\u0440\u0430\u0443\u0440\u0430l",
                        "\uFDFA\uFDFB", "\u01C4\u0142\u0301", "a\u200B", "\u3164", "\u3164x"}) {
    expect_exact_sizing_utf8(s);
    std::u32string u;
    const std::string text = s;
    for (std::size_t i = 0; i < text.size();) {
      const auto seq = puny::detail::read_utf8(std::span<const char>(text.data(), text.size()), i);
      u += seq.value;
      i += seq.length;
    }
    expect_exact_sizing_utf32(u);
  }
  // A skeleton longer than the first window of the writer, and one made
  // of long runs (the streaming path).
  std::string long_ascii(1000, 'm');
  expect_exact_sizing_utf8(long_ascii);
  expect_exact_sizing_utf8("x" + std::string(1000, 'm').append("\u00E9"));
  std::u32string marks = U"a";
  for (int i = 0; i < 100; ++i) marks += i % 2 == 0 ? U'\u0301' : U'\u0316';
  expect_exact_sizing_utf32(marks);
  expect_exact_sizing_utf8(to_utf8(marks));
}

TEST(SecuritySkeleton, WrappersAndTheCoreAgree) {
  std::mt19937 rng(17);
  for (int i = 0; i < 2000; ++i) {
    const std::u32string s = random_text(rng, 40);
    std::vector<char32_t> out(puny::skeleton_buffer_size(s.size()));
    const puny::result r = puny::skeleton(s, out);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(std::u32string(out.data(), r.written), skeleton32(s));
    const std::string u = to_utf8(s);
    std::vector<char> out8(puny::skeleton_utf8_buffer_size(u.size()));
    const puny::result r8 = puny::skeleton(u, out8);
    ASSERT_TRUE(r8.ok());
    EXPECT_EQ(std::string(out8.data(), r8.written), skeleton8(u));
  }
}

// ---------------------------------------------------------------------------
// Ill-formed UTF-8.

TEST(SecuritySkeleton, IllFormedUtf8IsReportedAtItsOffset) {
  const std::vector<std::string> bad = {"\x80", "\xC0\xAF", "\xC2", "\xE0\x80\x80", "\xED\xA0\x80",
                                        "\xF4\x90\x80\x80", "\xF5", "\xFF", "\xE2\x82"};
  for (const std::string& b : bad) {
    for (const std::string& prefix : {std::string(), std::string("abc"), std::string("\u0440\u00E9"),
                                      std::string("a\u0301\u0301"), std::string(300, 'm')}) {
      const std::string text = prefix + b + "xyz";
      SCOPED_TRACE(testing::PrintToString(text));
      std::vector<char> out(4096);
      for (const std::span<char> room : {std::span<char>(out), std::span<char>()}) {
        const puny::result r = puny::skeleton(text, room);
        EXPECT_EQ(r.code, puny::status::invalid_utf8);
        EXPECT_EQ(r.position, prefix.size());
      }
      const auto w = puny::skeleton(std::string_view(text));
      EXPECT_EQ(w.code, puny::status::invalid_utf8);
      EXPECT_EQ(w.position, prefix.size());
      EXPECT_TRUE(w.value.empty());
    }
  }
  // The first of two bad sequences, past a run long enough for the
  // streaming path.
  std::string marks = "a";
  for (int i = 0; i < 100; ++i) marks += "\u0301\u0316";
  const auto r = puny::skeleton(std::string_view(marks + "\xC0" + "b\xFF"));
  EXPECT_EQ(r.code, puny::status::invalid_utf8);
  EXPECT_EQ(r.position, marks.size());
}

// ---------------------------------------------------------------------------
// Hostile input.

TEST(SecuritySkeleton, AMillionMarksOnOneBase) {
  // One base and a million marks of two classes, interleaved: the runs of
  // both NFDs are long, and the result is every 220 before every 230.
  const std::size_t n = 1 << 20;
  std::u32string s = U"a";
  for (std::size_t i = 0; i < n; ++i) s += i % 2 == 0 ? U'\u0301' : U'\u0316';
  const std::u32string k = skeleton32(s);
  ASSERT_EQ(k.size(), n + 1);
  EXPECT_EQ(k[0], U'a');
  EXPECT_TRUE(std::all_of(k.begin() + 1, k.begin() + 1 + n / 2, [](char32_t c) { return c == U'\u0316'; }));
  EXPECT_TRUE(std::all_of(k.begin() + 1 + n / 2, k.end(), [](char32_t c) { return c == U'\u0301'; }));
  EXPECT_EQ(skeleton8(to_utf8(s)), to_utf8(k));
}

TEST(SecuritySkeleton, IgnorablesJoiningRunsOfMarks) {
  // CGJ (a starter, Default_Ignorable) between marks: NFD keeps each pair,
  // the skeleton joins them all into one run and sorts it (step 4), and
  // U+0327 -> U+0326 changes class on the way.
  // NFD sorts each run between two CGJ: U+0327 U+0316 U+0301 after the
  // first, so the class-220 marks come as U+0326, then pairs U+0326 U+0316,
  // then the last U+0316.
  std::u32string s = U"e";
  std::u32string expected_220 = U"\u0326";
  std::u32string expected_230;
  for (int i = 0; i < 5000; ++i) {
    s += U"\u0301\u0327\u034F\u0316";
    expected_230 += U'\u0301';
    expected_220 += i + 1 < 5000 ? U"\u0326\u0316" : U"\u0316";
  }
  const std::u32string k = skeleton32(s);
  EXPECT_TRUE(k == U"e" + expected_220 + expected_230) << "length " << k.size();
  const std::u32string shorter = s.substr(0, 1 + 4 * 20);
  EXPECT_EQ(skeleton32(shorter), reference_skeleton(shorter));
}

TEST(SecuritySkeleton, LongRunsAgreeWithTheReference) {
  std::mt19937 rng(23);
  const std::u32string marks = U"\u0301\u0300\u0316\u0323\u0327\u0321\u0335\u0338\u0307\u030C\u0345\u05B4"
                               U"\u093C\u0E38\u0EB8\U0001D16D\u0F73\u0344\u034F\u200B\u0142\u01C4";
  std::uniform_int_distribution<std::size_t> pick(0, marks.size() - 1);
  for (int i = 0; i < 200; ++i) {
    std::u32string s = U"a";
    const std::size_t n = 30 + static_cast<std::size_t>(i) * 3;
    for (std::size_t k = 0; k < n; ++k) s += marks[pick(rng)];
    ASSERT_EQ(skeleton32(s), reference_skeleton(s)) << "input " << to_utf8(s);
    ASSERT_EQ(skeleton8(to_utf8(s)), to_utf8(reference_skeleton(s)));
  }
}

TEST(SecuritySkeleton, ConcurrentFirstUse) {
  // The per-block cache behind the passes fills itself on first use, from
  // any thread: four threads walk the blocks of planes 2 and 3 (which the
  // other tests leave cold) in different orders and must all agree with
  // the reference.
  std::vector<std::size_t> blocks;
  for (std::size_t b = 0x20000 >> 8; b < 0x40000 >> 8; ++b) blocks.push_back(b);
  std::vector<std::thread> threads;
  std::vector<int> mismatches(4, 0);
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      std::vector<std::size_t> order = blocks;
      std::shuffle(order.begin(), order.end(), std::mt19937(static_cast<unsigned>(t)));
      for (const std::size_t b : order) {
        for (char32_t c = static_cast<char32_t>(b << 8); c < static_cast<char32_t>((b + 1) << 8); c += 7) {
          const std::u32string one(1, c);
          const auto r = puny::skeleton(one);
          // One Allowed code point outside ASCII is Single Script (its
          // augmented set is never empty), anything else Unrestricted.
          const auto a = puny::analyze_identifier(one);
          const auto expected_level = puny::identifier_status_of(c) == puny::identifier_status::allowed
                                          ? puny::restriction_level::single_script
                                          : puny::restriction_level::unrestricted;
          if (!r.ok() || *r != reference_skeleton(one) || a.level != expected_level)
            ++mismatches[static_cast<std::size_t>(t)];
        }
      }
    });
  }
  for (std::thread& th : threads) th.join();
  EXPECT_EQ(mismatches, std::vector<int>(4, 0));
}

TEST(SecuritySkeleton, HostileRunsOfManyClasses) {
  // Many classes in one run, ignorables merging runs (its time is measured
  // in bench/adversarial_bench.cpp, class ignorable_runs).
  auto hostile = [](std::size_t n) {
    const std::u32string cycle = U"\u0301\u0316\u034F\u05B4\u0327\u093C\u0E38\u0345\U0001D16D\u0335";
    std::u32string s = U"a";
    while (s.size() < n) s += cycle;
    return s;
  };
  for (const std::size_t n : {std::size_t{1} << 14, std::size_t{1} << 18}) {
    const std::u32string s = hostile(n);
    const auto r = puny::skeleton(s);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(skeleton8(to_utf8(s)), to_utf8(r.value));
  }
  const std::u32string shorter = hostile(200);
  EXPECT_EQ(skeleton32(shorter), reference_skeleton(shorter));
}

}  // namespace
