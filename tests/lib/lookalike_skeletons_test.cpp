// The pieces of Chromium's GetSkeletons (src/lookalike/chromium_skeletons.*):
// the LGC set, the extra mappings, diacritic removal, the variants of
// characters with several readings and their limits, and the ASCII fast
// path against the general one on the corpora.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <set>
#include <string>
#include <vector>

#include "lookalike/chromium_skeletons.hpp"
#include "puny/idna.hpp"
#include "puny/lookalike.hpp"
#include "puny/utf8.hpp"

#ifndef PUNY_CORPUS_DIR
#define PUNY_CORPUS_DIR "../shared/corpus"
#endif

namespace {

namespace lk = puny::detail::lookalike;

/// Concatenation by append (g++ 12 -O3 misreads literal + std::string as an
/// overlapping copy: -Wrestrict).
template <class... Parts>
std::string cat(const Parts&... parts) {
  std::string s;
  (s.append(parts), ...);
  return s;
}

std::set<std::string> skeleton_set(std::u32string_view host) {
  std::set<std::string> all;
  lk::for_each_skeleton(host, [&](std::string_view s) noexcept {
    all.emplace(s);
    return false;
  });
  return all;
}

std::set<std::string> ascii_skeleton_set(std::string_view host) {
  std::set<std::string> all;
  lk::for_each_skeleton_ascii(host, [&](std::string_view s) noexcept {
    all.emplace(s);
    return false;
  });
  return all;
}

std::vector<std::u32string> variants(std::u32string_view input, std::size_t most) {
  std::vector<std::u32string> all;
  lk::for_each_variant(input, most, [&](std::u32string_view v) noexcept {
    all.emplace_back(v);
    return false;
  });
  return all;
}

std::string one(std::string_view unicode_host) {
  const auto all = puny::lookalike_index::skeletons(unicode_host);
  return all.size() == 1 ? all[0] : cat("<", std::to_string(all.size()), " skeletons>");
}

TEST(LookalikeSkeletons, LgcSet) {
  EXPECT_TRUE(lk::is_lgc_host(U""));
  EXPECT_TRUE(lk::is_lgc_host(U"example-1_2.com"));
  EXPECT_TRUE(lk::is_lgc_host(U"\u00E9\u03B1\u0431\u0301\u0339"));  // é α б, U+0301, U+0339
  EXPECT_FALSE(lk::is_lgc_host(U"a\u033A"));                          // U+033A is past the range
  EXPECT_FALSE(lk::is_lgc_host(U"a b"));
  EXPECT_FALSE(lk::is_lgc_host(U"a\u4E00"));
  EXPECT_FALSE(lk::is_lgc_host(U"\u00B7"));  // Common
}

TEST(LookalikeSkeletons, ExtraMappings) {
  EXPECT_EQ(lk::extra_confusable(U'\u00E6'), "ae");
  EXPECT_EQ(lk::extra_confusable(U'\u00DF'), "b");   // ß, the newer table
  EXPECT_EQ(lk::extra_confusable(U'\u1005'), "o");   // စ, the newer table
  EXPECT_EQ(lk::extra_confusable(U'\u0A5C'), "3");   // ੜ, the newer table
  EXPECT_EQ(lk::extra_confusable(U'\u10D9'), "3");   // კ, the newer table
  EXPECT_EQ(lk::extra_confusable(U'\u4E00'), "-");
  EXPECT_EQ(lk::extra_confusable(U'\u2E3B'), "-");
  EXPECT_EQ(lk::extra_confusable(U'\u03B8'), "0");
  EXPECT_EQ(lk::extra_confusable(U'a'), "");
  EXPECT_EQ(lk::extra_confusable(U'\u00E9'), "");
  EXPECT_EQ(lk::extra_confusable(0x10FFFF), "");
}

TEST(LookalikeSkeletons, Readings) {
  EXPECT_EQ(lk::other_readings(U'\u00FE').first, U"b");
  EXPECT_EQ(lk::other_readings(U'\u0153').second, U"oe");
  EXPECT_EQ(lk::other_readings(U'\u0142').second, U"t");
  EXPECT_EQ(lk::other_readings(U'\u0131').first, U"l");
  EXPECT_TRUE(lk::other_readings(U'p').first.empty());
}

TEST(LookalikeSkeletons, VariantOrderAndLimits) {
  // Breadth-first: the first character with readings varies slowest.
  const auto v = variants(U"\u00FEa\u0153", 100);
  ASSERT_EQ(v.size(), 9u);
  EXPECT_EQ(v[0], U"\u00FEa\u0153");
  EXPECT_EQ(v[1], U"\u00FEace");
  EXPECT_EQ(v[2], U"\u00FEaoe");
  EXPECT_EQ(v[3], U"ba\u0153");
  EXPECT_EQ(v[8], U"paoe");
  EXPECT_EQ(variants(U"\u00FE\u00FE\u00FE\u00FE\u00FE", 1000).size(), 243u);
  EXPECT_EQ(variants(U"\u00FE\u00FE\u00FE\u00FE\u00FE", lk::max_variants).size(), 128u);  // GetSkeletons' cap
  EXPECT_EQ(variants(U"\u00FE\u00FE\u00FE\u00FE\u00FE\u00FE", 1000).size(), 0u);  // 6: none
  EXPECT_EQ(variants(std::u32string(32, U'a'), 10).size(), 1u);
  EXPECT_EQ(variants(std::u32string(33, U'a'), 10).size(), 0u);
  EXPECT_EQ(variants(std::u32string(16, U'\U0001F600'), 10).size(), 1u);  // 32 UTF-16 units
  EXPECT_EQ(variants(std::u32string(17, U'\U0001F600'), 10).size(), 0u);  // 34
}

TEST(LookalikeSkeletons, DiacriticRemoval) {
  EXPECT_EQ(one("t\u00E9st.net"), "test.net");  // é
  EXPECT_EQ(one("te\u0301st.net"), "test.net");  // e + U+0301
  EXPECT_EQ(one("\u00F8d\u0111.com"), "odd.corn");  // ø đ
  // Not LGC (Han): the diacritic stays, and so does its skeleton.
  EXPECT_NE(one("t\u00E9st\u4E2D.net"), "test\u4E2D.net");
  // ł: both the stripped host (l) and the host as given (ł → l, t) count.
  const auto stroke = puny::lookalike_index::skeletons("te\u0142.net");
  EXPECT_TRUE(std::find(stroke.begin(), stroke.end(), "tel.net") != stroke.end());
  EXPECT_TRUE(std::find(stroke.begin(), stroke.end(), "tet.net") != stroke.end());
}

TEST(LookalikeSkeletons, Palochka) {
  // ӏ U+04CF: its UTS #39 skeleton, and the host with ӏ read as l
  // (AddSkeletonMapping); with Unicode 17's confusables.txt both are l.
  const auto all = puny::lookalike_index::skeletons("\u0430\u0440\u0440\u04CF\u0435.com");
  EXPECT_EQ(all, std::vector<std::string>{"apple.corn"});
  // In a variant with a character ExtraConf maps, the l reading is added to
  // whatever the skeleton of ӏ is.
  const auto mapped = puny::lookalike_index::skeletons("\u04CF\u043D.com");  // ӏн: н → h
  EXPECT_TRUE(std::find(mapped.begin(), mapped.end(), "lh.corn") != mapped.end());
}

TEST(LookalikeSkeletons, LongHostsHaveNone) {
  EXPECT_EQ(puny::lookalike_index::skeletons(std::string(32, 'a')).size(), 1u);
  EXPECT_EQ(puny::lookalike_index::skeletons(cat(std::string(32, 'a'), ".")).size(), 1u);  // the dot does not count
  EXPECT_EQ(puny::lookalike_index::skeletons(std::string(33, 'a')).size(), 0u);
  // Marks removed first: 30 letters with 2 marks each is 90 code points, 30 after removal.
  std::string marked;
  for (int i = 0; i < 30; ++i) marked += "a\xCC\x81\xCC\x82";
  EXPECT_EQ(one(marked), std::string(30, 'a'));
  std::string too_many;
  for (int i = 0; i < 33; ++i) too_many += "a\xCC\x81";
  EXPECT_EQ(puny::lookalike_index::skeletons(too_many).size(), 0u);
}

// The ASCII fast path must give what the general path gives, on every line
// of the corpora that converts to ASCII, and on every ASCII character.
TEST(LookalikeSkeletons, AsciiPathAgreesWithGeneralPath) {
  std::size_t compared = 0;
  for (const char* file : {"ascii.txt", "mixed.txt"}) {
    std::ifstream in(cat(std::string(PUNY_CORPUS_DIR), "/", file));
    if (!in) GTEST_SKIP() << "corpus not found in " << PUNY_CORPUS_DIR;
    std::string line;
    for (int n = 0; n < 20000 && std::getline(in, line); ++n) {
      const auto u = puny::to_unicode(line);
      bool ascii = true;
      for (char c : u.value) ascii = ascii && static_cast<unsigned char>(c) < 0x80;
      if (!ascii) continue;
      std::u32string wide(u.value.begin(), u.value.end());
      ASSERT_EQ(ascii_skeleton_set(u.value), skeleton_set(wide)) << line;
      ++compared;
    }
  }
  for (char32_t c = 1; c < 0x80; ++c) {
    const std::string ch(1, static_cast<char>(c));
    const std::string host = cat("a", ch, "b.c", ch);
    const std::u32string wide(host.begin(), host.end());
    EXPECT_EQ(ascii_skeleton_set(host), skeleton_set(wide)) << "U+" << std::hex << static_cast<unsigned>(c);
    ++compared;
  }
  for (const char* edge : {"", ".", "..", "a..", "a.", "abc...", "0123456789.com", "MiXeD.Case"}) {
    const std::string host(edge);
    const std::u32string wide(host.begin(), host.end());
    EXPECT_EQ(ascii_skeleton_set(host), skeleton_set(wide)) << '"' << host << '"';
  }
  std::cout << "[lookalike] ASCII fast path checked on " << compared << " hosts\n";
}

}  // namespace
