// puny — Punycode label encoder for AArch64's Advanced SIMD (NEON), in
// every Armv8-A core.  Private to the library: src/simd/neon.cpp compiles
// it, and the codecs reach it through simd_dispatch.hpp.
//
// The closed form of simd/avx512/label_encoder.hpp (read its comment
// first) on 4 x 32-bit lanes: RFC 3492 §6.3's loop over the non-basic code
// points in (value, position) order computes one integer after the other,
// but every quantity of it has a closed form, so the integers are computed
// four at a time, one per lane, each group of four taking from the one
// before only its last lane (EXT):
//
//  * The keys value << 5 | position are ranked by comparing each group of
//    four with every key broadcast (LD1R), and stored in rank order.  For
//    the k-th key (c, p) the handled code points before p are the basic
//    ones and the earlier keys' positions below p (a prefix OR of position
//    bits, then a population count: CNT and two pairwise adds), and with
//    the previous key's (c', p') — initial_n and -1 before the first —
//      delta = (c - c') (h + 1) + pos - (pos' + 1),   h = basic + k.
//  * §6.1 depends only on that delta and on h, so every next bias is
//    computed at once: the divisions are multiplies by reciprocals (UMULL
//    and UZP2 give the high halves), the loop's rounds a count of bounds,
//    and its last line, 36 d / (d + 38) with d <= 455, a float division,
//    exact there (the quotient is at least 1 / 493 from an integer, far
//    beyond the float's error).
//  * §6.3's digits come a round at a time for the four integers; the
//    reciprocal of each lane's 36 - t comes from a 128-byte table by TBL
//    and TBX, and each round's digit is shifted into its lane's next byte
//    (SLI), so that the lanes end up holding their integers' digits in
//    order.
//
// The literal part is packed by TBL from a table indexed by 8 bits of the
// basic mask.  Everything is built in a buffer on the stack and copied out
// only once it is known to fit, with stores that stay inside the output;
// the input is read with whole loads that stay inside it.  Labels of 1 to
// 32 code points take it.  An invalid code point, a delta of 456 * 35^3
// or more after §6.1's halving, an integer of more than eight digits or an
// output without room makes it return 0, writing nothing, and the portable
// encoder decides.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

#include "puny/detail/arithmetic.hpp"
#include "puny/detail/codec_common.hpp"
#include "puny/detail/simd_dispatch.hpp"
#include "simd/implementations.hpp"

#if defined(PUNY_SIMD_NEON)
#include <arm_neon.h>

namespace puny::detail {

/// Punycode's parameters (§5), the only set this encoder serves.
using neon_encoder_params = fixed_params<punycode_params>;

/// floor(x / y) = mulhi32(x, m) >> s for every x with x * y <= 2^(32 + s),
/// where m = ceil(2^(32 + s) / y) and s = ceil(log2 y) - 1 keeps m below
/// 2^32 (Granlund & Montgomery 1994).  Every dividend here is below 2^26
/// (a delta of a label of at most 32 code points) and every divisor at
/// most 42875, inside that bound.
struct neon_reciprocal {
  std::uint32_t m;
  std::uint32_t s;
};

[[nodiscard]] constexpr neon_reciprocal neon_reciprocal_for(std::uint64_t y) noexcept {
  std::uint32_t s = 0;
  while ((std::uint64_t{1} << (s + 1)) < y) ++s;
  return {static_cast<std::uint32_t>(((std::uint64_t{1} << (32 + s)) + y - 1) / y), s};
}

/// The NEON label encoder's constants.
struct neon_encoder_tables {
  static constexpr std::size_t max_np = 40;  // numpoints of a group's lanes: up to 32 + 3
  /// [np]: x / (2 np), §6.1's "delta / 2, delta += delta / numpoints"
  /// after the first; the shift negated, for USHL.
  alignas(16) std::uint32_t half_np_m[max_np];
  alignas(16) std::int32_t half_np_shift[max_np];
  /// [t]: x / (base - t) = mulhi32(x, m) >> 3, for the thresholds t = tmin..tmax.
  alignas(16) std::uint8_t digit_m[128];
  /// [mask]: TBL indices that pack the bytes of 8 lanes selected by mask.
  alignas(16) std::uint8_t pack8[256][8];
  /// [mask]: TBL indices that pack the 32-bit lanes of 4 selected by mask.
  alignas(16) std::uint8_t pack4x32[16][16];

  static constexpr neon_encoder_tables make() noexcept {
    neon_encoder_tables t{};
    for (std::uint64_t np = 1; np < max_np; ++np) {
      t.half_np_m[np] = neon_reciprocal_for(2 * np).m;
      t.half_np_shift[np] = -static_cast<std::int32_t>(neon_reciprocal_for(2 * np).s);
    }
    for (std::uint64_t th = neon_encoder_params::tmin; th <= neon_encoder_params::tmax; ++th) {
      const std::uint64_t y = neon_encoder_params::base - th;
      const auto m = static_cast<std::uint32_t>(((std::uint64_t{1} << 35) + y - 1) / y);
      for (unsigned b = 0; b < 4; ++b) t.digit_m[4 * th + b] = static_cast<std::uint8_t>(m >> (8 * b));
    }
    for (unsigned mask = 0; mask < 256; ++mask) {
      unsigned at = 0;
      for (unsigned j = 0; j < 8; ++j) {
        if ((mask >> j) & 1) t.pack8[mask][at++] = static_cast<std::uint8_t>(j);
      }
      for (; at < 8; ++at) t.pack8[mask][at] = 0xFF;
    }
    for (unsigned mask = 0; mask < 16; ++mask) {
      unsigned at = 0;
      for (unsigned j = 0; j < 4; ++j) {
        if ((mask >> j) & 1) {
          for (unsigned b = 0; b < 4; ++b) t.pack4x32[mask][at++] = static_cast<std::uint8_t>(4 * j + b);
        }
      }
      for (; at < 16; ++at) t.pack4x32[mask][at] = 0xFF;
    }
    return t;
  }
};

inline constexpr neon_encoder_tables neon_encoder_table = neon_encoder_tables::make();

// The multiply bounds above, for the largest dividend (2^26) and divisors.
static_assert(neon_encoder_params::base == 36 && neon_encoder_params::tmin == 1 && neon_encoder_params::tmax == 26 &&
              neon_encoder_params::skew == 38 && neon_encoder_params::damp == 700 &&
              neon_encoder_params::initial_bias == 72 && neon_encoder_params::initial_n == 0x80);
static_assert((std::uint64_t{1} << 26) * 2 * (neon_encoder_tables::max_np - 1) <=
              std::uint64_t{1} << (32 + neon_reciprocal_for(2 * (neon_encoder_tables::max_np - 1)).s));
static_assert((std::uint64_t{1} << 26) * 35 * 35 * 35 <= std::uint64_t{1} << (32 + neon_reciprocal_for(42875).s));
static_assert((std::uint64_t{1} << 26) * 35 <= std::uint64_t{1} << 35);

/// The high halves of the lanes' 64-bit products.
[[gnu::always_inline]] inline uint32x4_t neon_mulhi(uint32x4_t x, uint32x4_t m) noexcept {
  const uint64x2_t low = vmull_u32(vget_low_u32(x), vget_low_u32(m));
  const uint64x2_t high = vmull_high_u32(x, m);
  return vuzp2q_u32(vreinterpretq_u32_u64(low), vreinterpretq_u32_u64(high));
}

/// floor(x / y) for a constant y, lane by lane.
template <std::uint64_t Y>
[[gnu::always_inline]] inline uint32x4_t neon_divide(uint32x4_t x) noexcept {
  constexpr neon_reciprocal r = neon_reciprocal_for(Y);
  return vshlq_u32(neon_mulhi(x, vdupq_n_u32(r.m)), vdupq_n_s32(-static_cast<std::int32_t>(r.s)));
}

/// Lane j of the result is first + j.
[[gnu::always_inline]] inline uint32x4_t neon_lane_index(std::uint32_t first) noexcept {
  static constexpr std::uint32_t iota[4] = {0, 1, 2, 3};
  return vaddq_u32(vld1q_u32(iota), vdupq_n_u32(first));
}

/// Copies n bytes (1 to 320) with stores inside them: whole 16-byte
/// blocks and one that ends with the data, or two overlapping shorter ones.
[[gnu::always_inline]] inline void neon_copy_exact(char* to, const std::uint8_t* from, std::size_t n) noexcept {
  auto* out = reinterpret_cast<std::uint8_t*>(to);
  if (n >= 16) {
    for (std::size_t j = 0; j + 16 <= n; j += 16) vst1q_u8(out + j, vld1q_u8(from + j));
    vst1q_u8(out + n - 16, vld1q_u8(from + n - 16));
  } else if (n >= 8) {
    vst1_u8(out, vld1_u8(from));
    vst1_u8(out + n - 8, vld1_u8(from + n - 8));
  } else if (n >= 4) {
    std::memcpy(out, from, 4);
    std::memcpy(out + n - 4, from + n - 4, 4);
  } else {
    out[0] = from[0];
    out[n >> 1] = from[n >> 1];
    out[n - 1] = from[n - 1];
  }
}

/// Encodes 1 to 32 code points as Punycode (the §5 parameters) without case
/// flags.  Returns the length written, exactly that many characters; or 0,
/// writing nothing, when the portable encoder must decide (every encoding
/// of one or more code points has a character).
inline std::size_t encode_label_neon(std::span<const char32_t> in, std::span<char> out) noexcept {
  const std::size_t n = in.size();
  if (n - 1 >= encode_kernel_limit) return 0;
  const auto& tab = neon_encoder_table;
  const auto* src = reinterpret_cast<const std::uint32_t*>(in.data());
  const unsigned groups = static_cast<unsigned>((n + 3) / 4);

  // The input in groups of four lanes, read inside it: the last, partial
  // group from a load that ends with the input, its lanes moved down by
  // TBL, or lane by lane below four code points.  Lanes past the end are
  // masked below.
  uint32x4_t c[8];
  for (unsigned g = 0; g + 1 < groups; ++g) c[g] = vld1q_u32(src + 4 * g);
  {
    const std::size_t rest = n - 4 * (groups - 1);  // 1..4
    uint32x4_t last;
    if (rest == 4) {
      last = vld1q_u32(src + n - 4);
    } else if (n >= 4) {
      static constexpr std::uint8_t iota[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
      const uint8x16_t from = vaddq_u8(vld1q_u8(iota), vdupq_n_u8(static_cast<std::uint8_t>(4 * (4 - rest))));
      last = vreinterpretq_u32_u8(vqtbl1q_u8(vreinterpretq_u8_u32(vld1q_u32(src + n - 4)), from));
    } else {
      last = vld1q_dup_u32(src);
      last = vsetq_lane_u32(src[n > 1 ? 1 : 0], last, 1);
      last = vsetq_lane_u32(src[n > 2 ? 2 : 0], last, 2);
    }
    c[groups - 1] = last;
    if (groups < 8) c[groups] = vdupq_n_u32(0);  // read by the byte packing below
  }

  // Which code points are basic, which are not, and whether any is a
  // surrogate or past U+10FFFF (the portable encoder reports those).  The
  // masks have one bit per position, from lane weights summed across.
  const uint32x4_t x80 = vdupq_n_u32(0x80);
  uint32x4_t weight = {1, 2, 4, 8};
  uint32x4_t basic_bits = vdupq_n_u32(0);
  uint32x4_t bad = vdupq_n_u32(0);
  for (unsigned g = 0; g < groups; ++g) {
    const uint32x4_t valid = vcltq_u32(neon_lane_index(4 * g), vdupq_n_u32(static_cast<std::uint32_t>(n)));
    const uint32x4_t low = vcltq_u32(c[g], x80);
    const uint32x4_t extended = vbicq_u32(valid, low);
    const uint32x4_t invalid = vorrq_u32(vcgtq_u32(c[g], vdupq_n_u32(max_code_point)),
                                         vcltq_u32(vsubq_u32(c[g], vdupq_n_u32(0xD800)), vdupq_n_u32(0x800)));
    bad = vorrq_u32(bad, vandq_u32(extended, invalid));
    basic_bits = vorrq_u32(basic_bits, vandq_u32(vandq_u32(valid, low), weight));
    weight = vshlq_n_u32(weight, 4);
  }
  if (vmaxvq_u32(bad) != 0) return 0;
  const std::uint32_t in_mask = static_cast<std::uint32_t>((std::uint64_t{1} << n) - 1);
  const std::uint32_t basic_mask = vaddvq_u32(basic_bits);
  const std::uint32_t extended_mask = in_mask & ~basic_mask;
  const auto m = static_cast<unsigned>(std::popcount(extended_mask));
  const auto basic = static_cast<unsigned>(n) - m;

  // §6.3's output is built here: the basic code points in order, the
  // delimiter if there are any, then 8 bytes per integer of which its
  // digits are kept (at most 32 + 1 + 8 * 32, and 8 of slack).
  alignas(16) std::uint8_t stage[320];
  std::size_t at = 0;
  for (unsigned h = 0; 2 * h < groups; ++h) {
    const uint16x8_t halves = vmovn_high_u32(vmovn_u32(c[2 * h]), c[2 * h + 1]);
    const unsigned mask = (basic_mask >> (8 * h)) & 0xFFu;
    vst1_u8(stage + at, vtbl1_u8(vmovn_u16(halves), vld1_u8(tab.pack8[mask])));
    at += static_cast<unsigned>(std::popcount(mask));
  }
  if (basic != 0) stage[at++] = '-';

  if (m != 0) {
    // The keys of the non-basic code points, packed in position order,
    // then all ones (after every key) to a multiple of four.
    alignas(16) std::uint32_t keys[32 + 4];
    unsigned count = 0;
    for (unsigned g = 0; g < groups; ++g) {
      const uint32x4_t key = vorrq_u32(vshlq_n_u32(c[g], 5), neon_lane_index(4 * g));
      const unsigned mask = (extended_mask >> (4 * g)) & 0xFu;
      vst1q_u32(keys + count, vreinterpretq_u32_u8(vqtbl1q_u8(vreinterpretq_u8_u32(key), vld1q_u8(tab.pack4x32[mask]))));
      count += static_cast<unsigned>(std::popcount(mask));
    }
    const uint32x4_t all_ones = vdupq_n_u32(0xFFFFFFFFu);
    vst1q_u32(keys + m, all_ones);
    // Sorted by rank: the keys are distinct (their positions are), and a
    // key's rank is the number of keys below it, counted against four keys
    // at a time, each broadcast from its lane; the padding is below none.
    // The padding lanes' ranks are m or more: they store past the keys,
    // where the padding is written again below.
    alignas(16) std::uint32_t sorted[32 + 8];
    for (unsigned a = 0; a < m; a += 4) {
      const uint32x4_t mine = vld1q_u32(keys + a);
      uint32x4_t rank = vdupq_n_u32(0);
      for (unsigned b = 0; b < m; b += 4) {
        const uint32x4_t theirs = vld1q_u32(keys + b);
        rank = vsubq_u32(rank, vcltq_u32(vdupq_laneq_u32(theirs, 0), mine));
        rank = vsubq_u32(rank, vcltq_u32(vdupq_laneq_u32(theirs, 1), mine));
        rank = vsubq_u32(rank, vcltq_u32(vdupq_laneq_u32(theirs, 2), mine));
        rank = vsubq_u32(rank, vcltq_u32(vdupq_laneq_u32(theirs, 3), mine));
      }
      // A padding lane stores at m: inside `sorted`.
      sorted[vgetq_lane_u32(rank, 0)] = vgetq_lane_u32(mine, 0);
      sorted[vgetq_lane_u32(rank, 1)] = vgetq_lane_u32(mine, 1);
      sorted[vgetq_lane_u32(rank, 2)] = vgetq_lane_u32(mine, 2);
      sorted[vgetq_lane_u32(rank, 3)] = vgetq_lane_u32(mine, 3);
    }
    vst1q_u32(sorted + m, all_ones);

    // What each group passes to the next in its top lane, and before the
    // first: the previous code point (initial_n), the previous position
    // plus one (0), the bias (initial_bias); and the positions handled
    // before the group, the basic ones first.
    uint32x4_t c_carry = vdupq_n_u32(neon_encoder_params::initial_n);
    uint32x4_t pos_carry = vdupq_n_u32(0);
    uint32x4_t bias_carry = vdupq_n_u32(neon_encoder_params::initial_bias);
    std::uint32_t handled = basic_mask;
    const uint32x4_t zero = vdupq_n_u32(0);
    const uint32x4_t one = vdupq_n_u32(1);
    const uint8x16x4_t digit_m_low = vld1q_u8_x4(tab.digit_m);
    const uint8x16x4_t digit_m_high = vld1q_u8_x4(tab.digit_m + 64);
    for (unsigned g = 0; 4 * g < m; ++g) {
      const uint32x4_t key = vld1q_u32(sorted + 4 * g);
      const uint32x4_t valid = vcltq_u32(neon_lane_index(4 * g), vdupq_n_u32(m));
      const uint32x4_t cp = vshrq_n_u32(key, 5);
      const uint32x4_t bit = vshlq_u32(one, vreinterpretq_s32_u32(vandq_u32(key, vdupq_n_u32(31))));
      const uint32x4_t own = vandq_u32(bit, valid);
      // Handled code points before p when (c, p) comes up: the basic ones
      // and the earlier keys' positions below p.
      uint32x4_t seen = vextq_u32(zero, own, 3);
      seen = vorrq_u32(seen, vextq_u32(zero, seen, 3));
      seen = vorrq_u32(seen, vextq_u32(zero, seen, 2));
      seen = vorrq_u32(seen, vdupq_n_u32(handled));
      const uint8x16_t below = vcntq_u8(vreinterpretq_u8_u32(vandq_u32(seen, vsubq_u32(bit, one))));
      const uint32x4_t pos = vpaddlq_u16(vpaddlq_u8(below));
      // §6.3's delta in closed form: h + 1 rounds per step of n, plus the
      // handled code points between the previous insertion and this one.
      const unsigned np0 = basic + 4 * g + 1;
      const uint32x4_t np = neon_lane_index(np0);
      const uint32x4_t pos_next = vaddq_u32(pos, one);
      const uint32x4_t delta = vaddq_u32(vmulq_u32(vsubq_u32(cp, vextq_u32(c_carry, cp, 3)), np),
                                         vsubq_u32(pos, vextq_u32(pos_carry, pos_next, 3)));
      // §6.1 for every delta at once: "delta /= 2; delta += delta /
      // numpoints" is floor(delta / 2) + floor(delta / (2 numpoints)), two
      // independent operations; the first delta divides by damp instead.
      uint32x4_t d = vaddq_u32(vshrq_n_u32(delta, 1),
                               vshlq_u32(neon_mulhi(delta, vld1q_u32(tab.half_np_m + np0)),
                                         vld1q_s32(tab.half_np_shift + np0)));
      if (g == 0) {
        const std::uint64_t first = vgetq_lane_u32(delta, 0) / neon_encoder_params::damp;
        d = vsetq_lane_u32(static_cast<std::uint32_t>(first + ((first * small_np_table.m[np0]) >> 34)), d, 0);
      }
      // The loop "while delta > 455: delta /= 35" runs r = #{j : d >= 456
      // 35^j} times; the candidate quotients side by side.  r = 4 needs a
      // delta above 2^24: the portable encoder takes those.
      constexpr std::uint32_t bound = 456;  // ((base - tmin) tmax) / 2 + 1
      const uint32x4_t r1 = vcgeq_u32(d, vdupq_n_u32(bound));
      const uint32x4_t r2 = vcgeq_u32(d, vdupq_n_u32(bound * 35));
      const uint32x4_t r3 = vcgeq_u32(d, vdupq_n_u32(bound * 35 * 35));
      const uint32x4_t r4 = vcgeq_u32(d, vdupq_n_u32(bound * 35 * 35 * 35));
      if (vmaxvq_u32(vandq_u32(r4, valid)) != 0) return 0;
      const uint32x4_t reduced =
          vbslq_u32(r3, neon_divide<35 * 35 * 35>(d),
                    vbslq_u32(r2, neon_divide<35 * 35>(d), vbslq_u32(r1, neon_divide<35>(d), d)));
      // Each round adds base; the masks are all ones (-1) where it runs.
      const uint32x4_t rounds = vmulq_u32(vaddq_u32(vaddq_u32(r1, r2), r3),
                                          vdupq_n_u32(0u - neon_encoder_params::base));
      const float32x4_t numerator = vcvtq_f32_u32(vmulq_n_u32(reduced, 36));  // (base - tmin + 1) d
      const float32x4_t denominator = vcvtq_f32_u32(vaddq_u32(reduced, vdupq_n_u32(neon_encoder_params::skew)));
      const uint32x4_t next_bias = vaddq_u32(rounds, vcvtq_u32_f32(vdivq_f32(numerator, denominator)));
      // Integer k's bias is §6.1 of delta k - 1; the first's is initial_bias.
      const int32x4_t bias = vreinterpretq_s32_u32(vextq_u32(bias_carry, next_bias, 3));
      c_carry = cp;
      pos_carry = pos_next;
      bias_carry = next_bias;
      handled |= vaddvq_u32(own);

      // §6.3's digits, a round j for every integer: with t = clamp(36 (j +
      // 1) - bias, 1, 26) an integer q >= t goes on with (q - t) / (36 - t),
      // and its digit is t + (q - t) mod (36 - t), which is q - (36 - t) q';
      // its last digit is q itself (q' is 0).
      uint32x4_t q = delta;
      uint32x4_t active = valid;
      uint32x4_t length = vandq_u32(valid, one);  // digits, for the lanes of integers
      // Each lane's digits gather in its bytes as they come, by shift-left-
      // and-insert: rounds 0-3 in `early`, 4-7 in `late` (digits are below
      // 36, and a lane's higher bytes above its digits are don't-cares).
      uint32x4_t early = zero;
      uint32x4_t late = zero;
      auto round = [&](unsigned j) __attribute__((always_inline)) {
        const int32x4_t k = vdupq_n_s32(static_cast<std::int32_t>(neon_encoder_params::base * (j + 1)));
        const uint32x4_t t = vreinterpretq_u32_s32(
            vminq_s32(vmaxq_s32(vsubq_s32(k, bias), vdupq_n_s32(neon_encoder_params::tmin)),
                      vdupq_n_s32(neon_encoder_params::tmax)));
        const uint32x4_t more = vandq_u32(active, vcgeq_u32(q, t));
        // The reciprocal of 36 - t, its four bytes at 4 t .. 4 t + 3 of the
        // table: TBL over the first 64 bytes, TBX over the rest.
        const uint8x16_t index =
            vreinterpretq_u8_u32(vmlaq_u32(vdupq_n_u32(0x03020100u), t, vdupq_n_u32(0x04040404u)));
        const uint8x16_t m_bytes =
            vqtbx4q_u8(vqtbl4q_u8(digit_m_low, index), digit_m_high, vsubq_u8(index, vdupq_n_u8(64)));
        const uint32x4_t next =
            vandq_u32(more, vshrq_n_u32(neon_mulhi(vsubq_u32(q, t), vreinterpretq_u32_u8(m_bytes)), 3));
        const uint32x4_t digit = vmlsq_u32(q, next, vsubq_u32(vdupq_n_u32(neon_encoder_params::base), t));
        switch (j) {
          case 0: early = digit; break;
          case 1: early = vsliq_n_u32(early, digit, 8); break;
          case 2: early = vsliq_n_u32(early, digit, 16); break;
          case 3: early = vsliq_n_u32(early, digit, 24); break;
          case 4: late = digit; break;
          case 5: late = vsliq_n_u32(late, digit, 8); break;
          case 6: late = vsliq_n_u32(late, digit, 16); break;
          default: late = vsliq_n_u32(late, digit, 24); break;
        }
        length = vsubq_u32(length, more);
        q = next;
        active = more;
      };
      round(0);
      round(1);
      round(2);
      // Real labels' integers have at most three digits, or four; at most
      // eight here.
      if (vmaxvq_u32(active) != 0) {
        round(3);
        if (vmaxvq_u32(active) != 0) {
          round(4);
          round(5);
          round(6);
          round(7);
          if (vmaxvq_u32(active) != 0) return 0;
        }
      }
      // 8 bytes per lane, as characters (§5: 0..25 are a..z, 26..35 are
      // 0..9).
      auto characters = [](uint32x4_t v32) __attribute__((always_inline)) {
        const uint8x16_t v = vreinterpretq_u8_u32(v32);
        const uint8x16_t letters = vaddq_u8(v, vdupq_n_u8('a'));
        return vsubq_u8(letters, vandq_u8(vcgeq_u8(v, vdupq_n_u8(26)), vdupq_n_u8('a' - '0' + 26)));
      };
      const uint32x4_t a = vreinterpretq_u32_u8(characters(early));
      const uint32x4_t b = vreinterpretq_u32_u8(characters(late));
      const uint8x16_t lanes01 = vreinterpretq_u8_u32(vzip1q_u32(a, b));
      const uint8x16_t lanes23 = vreinterpretq_u8_u32(vzip2q_u32(a, b));
      // Lanes past the last integer have length 0: their bytes are
      // overwritten or past the end.
      vst1_u8(stage + at, vget_low_u8(lanes01));
      at += vgetq_lane_u32(length, 0);
      vst1_u8(stage + at, vget_high_u8(lanes01));
      at += vgetq_lane_u32(length, 1);
      vst1_u8(stage + at, vget_low_u8(lanes23));
      at += vgetq_lane_u32(length, 2);
      vst1_u8(stage + at, vget_high_u8(lanes23));
      at += vgetq_lane_u32(length, 3);
    }
  }
  if (at > out.size()) return 0;
  neon_copy_exact(out.data(), stage, at);
  return at;
}

}  // namespace puny::detail

#endif
