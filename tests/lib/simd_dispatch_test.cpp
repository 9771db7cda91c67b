// The choice of the SIMD kernels (src/simd/dispatch.cpp): how PUNY_CPU is
// read, how it caps what this build and this CPU support, and that what the
// codecs call is what the queries report.  ctest also runs the codec tests
// with PUNY_CPU=portable (tests/CMakeLists.txt), where the last test checks
// that the cap took.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <string_view>

#include "puny/detail/simd_dispatch.hpp"
#include "simd/dispatch.hpp"

namespace {

using puny::detail::capped_simd_level;
using puny::detail::parse_simd_cap;
using puny::detail::simd_cap;
using puny::detail::simd_level;

constexpr bool is(simd_cap c, simd_cap::source from, simd_level level) { return c.from == from && c.level == level; }

TEST(SimdDispatch, ReadsPunyCpu) {
  using src = simd_cap::source;
  // Unset or empty: no cap.
  static_assert(is(parse_simd_cap(nullptr), src::unset, simd_level::avx512));
  static_assert(is(parse_simd_cap(""), src::unset, simd_level::avx512));
  static_assert(is(parse_simd_cap("portable"), src::named, simd_level::portable));
  static_assert(is(parse_simd_cap("avx2"), src::named, simd_level::avx2));
  static_assert(is(parse_simd_cap("neon"), src::named, simd_level::neon));
  static_assert(is(parse_simd_cap("NEON"), src::named, simd_level::neon));
  static_assert(is(parse_simd_cap("avx512"), src::named, simd_level::avx512));
  static_assert(is(parse_simd_cap("AVX512"), src::named, simd_level::avx512));
  static_assert(is(parse_simd_cap("Portable"), src::named, simd_level::portable));
  // Anything else takes the portable path, the one right on every CPU.
  for (const char* v : {"avx", "avx5120", "avx-512", " avx512", "avx512 ", "sse4.2", "native", "1", "0"}) {
    EXPECT_TRUE(is(parse_simd_cap(v), src::unknown, simd_level::portable)) << v;
  }
}

TEST(SimdDispatch, CapsTheSupportedLevel) {
  // x86-64: every level with kernels runs up to the cap.
  static_assert(capped_simd_level(simd_level::avx512, simd_level::avx512) == simd_level::avx512);
  static_assert(capped_simd_level(simd_level::avx512, simd_level::avx2) == simd_level::avx2);
  static_assert(capped_simd_level(simd_level::avx512, simd_level::portable) == simd_level::portable);
  static_assert(capped_simd_level(simd_level::avx2, simd_level::avx512) == simd_level::avx2);
  static_assert(capped_simd_level(simd_level::avx2, simd_level::avx2) == simd_level::avx2);
  static_assert(capped_simd_level(simd_level::portable, simd_level::avx512) == simd_level::portable);
  // neon, below avx2 in the order, is no level of x86-64: capped there, the
  // portable code runs.
  static_assert(capped_simd_level(simd_level::avx512, simd_level::neon) == simd_level::portable);
  static_assert(capped_simd_level(simd_level::avx2, simd_level::neon) == simd_level::portable);
  // AArch64: an x86-64 cap leaves neon, its one level.
  static_assert(capped_simd_level(simd_level::neon, simd_level::avx512) == simd_level::neon);
  static_assert(capped_simd_level(simd_level::neon, simd_level::avx2) == simd_level::neon);
  static_assert(capped_simd_level(simd_level::neon, simd_level::neon) == simd_level::neon);
  static_assert(capped_simd_level(simd_level::neon, simd_level::portable) == simd_level::portable);
}

TEST(SimdDispatch, SupportedIsWhatIsBuiltAndRuns) {
  const simd_level supported = puny::detail::supported_simd_level();
  EXPECT_LE(supported, puny::detail::built_simd_level());
  EXPECT_EQ(puny::detail::simd_kernels_of(simd_level::portable), nullptr);
  EXPECT_FALSE(puny::detail::simd_level_built(simd_level::portable));
  for (const simd_level level : {simd_level::neon, simd_level::avx2, simd_level::avx512}) {
    SCOPED_TRACE(std::string(puny::detail::simd_level_name(level)));
    // A level's kernels can be called where they are built and supported;
    // supporting avx512 implies supporting avx2.
    const bool runs = puny::detail::simd_level_built(level) &&
                      (supported == level || (level == simd_level::avx2 && supported == simd_level::avx512));
    EXPECT_EQ(puny::detail::simd_kernels_of(level) != nullptr, runs);
  }
#if defined(__x86_64__) && !defined(__ILP32__)
  EXPECT_FALSE(puny::detail::simd_level_built(simd_level::neon));
#endif
#if defined(__aarch64__)
  EXPECT_FALSE(puny::detail::simd_level_built(simd_level::avx2));
  EXPECT_FALSE(puny::detail::simd_level_built(simd_level::avx512));
#endif
}

// What this process runs follows PUNY_CPU as the process started with it.
TEST(SimdDispatch, FollowsPunyCpu) {
  const char* const env = std::getenv("PUNY_CPU");
  const simd_level active = puny::detail::active_simd_level();
  EXPECT_EQ(active, capped_simd_level(puny::detail::supported_simd_level(), parse_simd_cap(env).level));
  // The codecs' copy of the kernels is the active set's, or all null.
  const puny::detail::simd_kernels& in_use = puny::detail::active_simd_kernels;
  const puny::detail::simd_kernels* const expected = puny::detail::simd_kernels_of(active);
  EXPECT_EQ(in_use.encode_label, expected != nullptr ? expected->encode_label : nullptr);
  EXPECT_EQ(in_use.decode_label, expected != nullptr ? expected->decode_label : nullptr);
  EXPECT_EQ(in_use.decode_long_label, expected != nullptr ? expected->decode_long_label : nullptr);
  EXPECT_EQ(in_use.write_utf8, expected != nullptr ? expected->write_utf8 : nullptr);
  const std::string summary = puny::detail::simd_dispatch_summary();
  EXPECT_TRUE(summary.starts_with(std::string(puny::detail::simd_level_name(active)) + " (PUNY_CPU")) << summary;
  EXPECT_TRUE(summary.ends_with(")")) << summary;
  if (env != nullptr && std::string_view(env) == "portable") {
    EXPECT_EQ(active, simd_level::portable);
    EXPECT_EQ(in_use.encode_label, nullptr);
    EXPECT_EQ(summary, "portable (PUNY_CPU=portable)");
  }
  if (env == nullptr) {
    EXPECT_EQ(active, puny::detail::supported_simd_level());
  }
}

}  // namespace
