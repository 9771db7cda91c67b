// The 128-bit vector operations of the ASCII fast path (src/simd/
// vector128.hpp), byte by byte against what their comments promise, on
// whichever of SSE2, NEON or SIMD128 this build has: random vectors with
// fixed seeds, and every byte value in each lane position, so that the
// signed compares, the saturating narrowing and the bit order of bitmask8
// are pinned on every target.
#include <gtest/gtest.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <random>

#include "simd/vector128.hpp"

namespace {

#if defined(PUNY_VECTOR128)

using puny::detail::v128::vec;
namespace v = puny::detail::v128;
using bytes = std::array<std::uint8_t, 16>;

vec from(const bytes& b) { return v::load16(b.data()); }

bytes to(vec x) {
  bytes b;
  v::store16(b.data(), x);
  return b;
}

bytes random_bytes(std::mt19937& rng) {
  bytes b;
  // Now and then only the edges of the signed and unsigned ranges.
  static constexpr std::uint8_t edges[] = {0x00, 0x01, 0x7E, 0x7F, 0x80, 0x81, 0xFE, 0xFF};
  const bool edgy = std::uniform_int_distribution<int>(0, 3)(rng) == 0;
  for (std::uint8_t& x : b) {
    x = edgy ? edges[std::uniform_int_distribution<std::size_t>(0, std::size(edges) - 1)(rng)]
             : static_cast<std::uint8_t>(std::uniform_int_distribution<int>(0, 255)(rng));
  }
  return b;
}

std::int16_t lane16(const bytes& b, std::size_t k) {
  std::int16_t x;
  std::memcpy(&x, b.data() + 2 * k, 2);  // little-endian on every target of vector128.hpp
  return x;
}

TEST(Vector128, BytewiseOperationsMatchScalar) {
  std::mt19937 rng(20261127);
  for (int iter = 0; iter < 20000; ++iter) {
    const bytes a = random_bytes(rng);
    const bytes b = random_bytes(rng);
    const bytes add = to(v::add8(from(a), from(b)));
    const bytes lt = to(v::lt8(from(a), from(b)));
    const bytes eq = to(v::eq8(from(a), from(b)));
    const bytes eq_self = to(v::eq8(from(a), from(a)));
    const bytes any = to(v::or_(from(a), from(b)));
    const bytes both = to(v::and_(from(a), from(b)));
    const bytes but = to(v::and_not(from(a), from(b)));
    unsigned mask = 0;
    for (std::size_t j = 0; j < 16; ++j) {
      ASSERT_EQ(add[j], static_cast<std::uint8_t>(a[j] + b[j])) << j;
      const bool less = static_cast<std::int8_t>(a[j]) < static_cast<std::int8_t>(b[j]);
      ASSERT_EQ(lt[j], less ? 0xFF : 0x00) << j;
      ASSERT_EQ(eq[j], a[j] == b[j] ? 0xFF : 0x00) << j;
      ASSERT_EQ(eq_self[j], 0xFF) << j;
      ASSERT_EQ(any[j], a[j] | b[j]) << j;
      ASSERT_EQ(both[j], a[j] & b[j]) << j;
      ASSERT_EQ(but[j], a[j] & static_cast<std::uint8_t>(~b[j])) << j;
      mask |= static_cast<unsigned>(a[j] >> 7) << j;
    }
    ASSERT_EQ(v::bitmask8(from(a)), mask);
  }
}

TEST(Vector128, SplatAndZero) {
  for (int c = 0; c < 256; ++c) {
    const bytes s = to(v::splat8(static_cast<char>(c)));
    for (const std::uint8_t x : s) ASSERT_EQ(x, c);
  }
  for (const std::uint8_t x : to(v::zero())) ASSERT_EQ(x, 0);
  EXPECT_EQ(v::bitmask8(v::zero()), 0U);
  EXPECT_EQ(v::bitmask8(v::splat8(static_cast<char>(0x80))), 0xFFFFU);
}

// Each bit of bitmask8 comes from its own byte: one set byte at a time.
TEST(Vector128, BitmaskBitOrder) {
  for (std::size_t j = 0; j < 16; ++j) {
    for (int value = 0; value < 256; ++value) {
      bytes b{};
      b[j] = static_cast<std::uint8_t>(value);
      ASSERT_EQ(v::bitmask8(from(b)), value >= 0x80 ? 1U << j : 0U) << j << " " << value;
    }
  }
}

TEST(Vector128, HalvesLoadsAndStores) {
  std::mt19937 rng(7);
  for (int iter = 0; iter < 2000; ++iter) {
    const bytes a = random_bytes(rng);
    const bytes b = random_bytes(rng);
    const bytes low = to(v::low_halves(from(a), from(b)));
    const bytes high = to(v::high_half(from(a)));
    for (std::size_t j = 0; j < 8; ++j) {
      ASSERT_EQ(low[j], a[j]);
      ASSERT_EQ(low[8 + j], b[j]);
      ASSERT_EQ(high[j], a[8 + j]);
    }
    // load8 reads 8 bytes and clears the rest; store8 writes 8 bytes only.
    const bytes l8 = to(v::load8(a.data()));
    for (std::size_t j = 0; j < 16; ++j) ASSERT_EQ(l8[j], j < 8 ? a[j] : 0) << j;
    bytes out;
    out.fill(0x5A);
    v::store8(out.data() + 3, from(b));
    for (std::size_t j = 0; j < 16; ++j) ASSERT_EQ(out[j], j >= 3 && j < 11 ? b[j - 3] : 0x5A) << j;
    // Unaligned 16-byte loads and stores.
    std::uint8_t buffer[40];
    std::memset(buffer, 0x33, sizeof buffer);
    v::store16(buffer + 5, from(a));
    const bytes back = to(v::load16(buffer + 5));
    ASSERT_EQ(back, a);
    ASSERT_EQ(buffer[4], 0x33);
    ASSERT_EQ(buffer[21], 0x33);
  }
}

// narrow16 saturates signed 16-bit lanes to 0..255 (a negative lane is 0);
// widen_low and widen_high zero-extend bytes to 16-bit lanes.
TEST(Vector128, NarrowAndWiden) {
  std::mt19937 rng(11);
  for (int iter = 0; iter < 20000; ++iter) {
    const bytes a = random_bytes(rng);
    const bytes b = random_bytes(rng);
    const bytes narrow = to(v::narrow16(from(a), from(b)));
    for (std::size_t k = 0; k < 16; ++k) {
      const std::int16_t x = k < 8 ? lane16(a, k) : lane16(b, k - 8);
      const int expected = x < 0 ? 0 : x > 255 ? 255 : x;
      ASSERT_EQ(narrow[k], expected) << k << " " << x;
    }
    const bytes low = to(v::widen_low(from(a)));
    const bytes high = to(v::widen_high(from(a)));
    for (std::size_t k = 0; k < 8; ++k) {
      ASSERT_EQ(lane16(low, k), a[k]) << k;
      ASSERT_EQ(lane16(high, k), a[8 + k]) << k;
    }
  }
  // The UTF-16 units the ASCII fast path narrows: ASCII stays, every other
  // unit becomes 0x00 or 0xFF, never an ASCII byte.
  for (std::uint32_t unit = 0; unit < 0x10000; ++unit) {
    std::array<std::uint16_t, 8> units;
    units.fill(static_cast<std::uint16_t>(unit));
    bytes b;
    std::memcpy(b.data(), units.data(), 16);
    const std::uint8_t x = to(v::narrow16(from(b), v::zero()))[0];
    if (unit < 0x80) {
      ASSERT_EQ(x, unit);
    } else {
      ASSERT_TRUE(x == 0x00 || x == 0xFF || (x >= 0x80 && unit < 0x100)) << unit;
    }
  }
}

#else

TEST(Vector128, NotBuiltOnThisTarget) { GTEST_SKIP() << "no 128-bit vector set for this target"; }

#endif

}  // namespace
