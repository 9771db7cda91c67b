// The AVX-512 UTF-8 writer of ToUnicode (src/idna/utf8_writer_avx512.hpp)
// against the one-code-point writer (encoded_text.hpp): every length class
// and its edges, runs that end anywhere in a 16-lane block, and nothing
// written past the bytes it reports.
#include <gtest/gtest.h>

#include <cstddef>
#include <random>
#include <string>
#include <vector>

#include "idna/encoded_text.hpp"
#include "idna/utf8_writer_avx512.hpp"

namespace {

#if defined(PUNY_HAVE_AVX512)

char32_t scalar_value(std::mt19937& rng) {
  static constexpr char32_t edges[] = {0x00, 0x2E, 0x7F, 0x80, 0xFF, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFD,
                                       0xFFFF, 0x10000, 0x1F600, 0xFFFFF, 0x100000, 0x10FFFF};
  static constexpr char32_t ranges[][2] = {{0x00, 0x7F}, {0x80, 0x7FF}, {0x800, 0xD7FF}, {0xE000, 0xFFFF},
                                           {0x10000, 0x10FFFF}};
  if (std::uniform_int_distribution<int>(0, 3)(rng) == 0) {
    return edges[std::uniform_int_distribution<std::size_t>(0, std::size(edges) - 1)(rng)];
  }
  const auto& r = ranges[std::uniform_int_distribution<std::size_t>(0, std::size(ranges) - 1)(rng)];
  return std::uniform_int_distribution<char32_t>(r[0], r[1])(rng);
}

TEST(Utf8WriterAvx512, MatchesTheScalarWriter) {
  if (!puny::detail::avx512_label_codecs_available()) GTEST_SKIP() << "this CPU has no AVX-512 VBMI2";
  std::mt19937 rng(20261124);
  std::size_t bytes_of_each_length[5] = {};
  for (int iter = 0; iter < 20000; ++iter) {
    const std::size_t n = std::uniform_int_distribution<std::size_t>(0, 40)(rng);
    std::u32string in(n, U'\0');
    for (char32_t& c : in) c = scalar_value(rng);
    std::string expected;
    for (const char32_t c : in) {
      char buf[4];
      puny::detail::write_at(buf, c);
      const std::size_t units = puny::detail::units_of(char{}, c);
      expected.append(buf, units);
      ++bytes_of_each_length[units];
    }
    constexpr char untouched = '\x5A';
    std::string out(4 * n + 64, untouched);
    const std::size_t written = puny::detail::write_utf8_avx512(in.data(), n, out.data());
    ASSERT_EQ(std::string_view(out.data(), written), expected) << "n = " << n;
    for (std::size_t j = written; j < out.size(); ++j) ASSERT_EQ(out[j], untouched) << "n = " << n;
  }
  for (std::size_t units = 1; units <= 4; ++units) EXPECT_GT(bytes_of_each_length[units], 10000u) << units;
}

#else

TEST(Utf8WriterAvx512, MatchesTheScalarWriter) { GTEST_SKIP() << "built without the AVX-512 paths"; }

#endif

}  // namespace
