// The UTF-8 writers of ToUnicode (src/simd/*/utf8_writer.hpp), each kernel
// set's called directly whatever PUNY_CPU says, against the one-code-point
// writer (encoded_text.hpp): every length class and its edges, runs that
// end anywhere in a block of 4, 8 or 16 lanes, and nothing written past
// the bytes it reports.
#include <gtest/gtest.h>

#include <cstddef>
#include <random>
#include <string>
#include <vector>

#include "idna/encoded_text.hpp"
#include "puny/detail/simd_dispatch.hpp"
#include "simd_test_support.hpp"

namespace {

using puny::detail::simd_level;

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

class Utf8Writer : public testing::TestWithParam<simd_level> {};

INSTANTIATE_TEST_SUITE_P(Simd, Utf8Writer, testing::ValuesIn(puny_test::simd_kernel_levels),
                         [](const testing::TestParamInfo<simd_level>& info) {
                           return std::string(puny::detail::simd_level_name(info.param));
                         });

TEST_P(Utf8Writer, MatchesTheScalarWriter) {
  if (const char* const why = puny_test::simd_kernels_missing(GetParam())) GTEST_SKIP() << why;
  const auto write_utf8 = puny::detail::simd_kernels_of(GetParam())->write_utf8;
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
    const std::size_t written = write_utf8(in.data(), n, out.data());
    ASSERT_EQ(std::string_view(out.data(), written), expected) << "n = " << n;
    for (std::size_t j = written; j < out.size(); ++j) ASSERT_EQ(out[j], untouched) << "n = " << n;
  }
  for (std::size_t units = 1; units <= 4; ++units) EXPECT_GT(bytes_of_each_length[units], 10000u) << units;
}

}  // namespace
