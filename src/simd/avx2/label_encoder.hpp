// puny — Punycode label encoder for x86-64-v3 cores (AVX2, BMI2:
// simd/avx2/target.hpp), chosen at run time.  Private to the library:
// src/simd/avx2.cpp compiles it, and the codecs reach it through
// simd_dispatch.hpp.
//
// The scheme is the AVX-512 encoder's (simd/avx512/label_encoder.hpp says
// why it works): every quantity of RFC 3492 §6.3's loop has a closed form,
// so all of a label's integers are computed at once, one per 32-bit lane,
// eight to a ymm register.  What AVX2 lacks is replaced thus:
//
//  * VPCOMPRESSD/B: a 256-entry table of lane indices by an 8-bit mask, for
//    VPERMD (keys) and PSHUFB (the literal's bytes).
//  * VPOPCNTD: for labels of at most 8 code points, the handled code points
//    before each are counted by compares in input order, while the keys are
//    sorted, and travel in the keys; for longer ones, PSHUFB's nibble
//    counts of the position bits.
//  * Byte permutes over 512 bytes for §6.1's last line: the line itself,
//    36 d / (d + 38), by one single-precision division, exact for such
//    operands.
//  * Reciprocal lookups by the per-lane threshold of the digit loop: every
//    round's quotient in closed form, one single-precision division each,
//    all side by side (exact below 2^24; a delta of 2^23 or more takes the
//    portable encoder, and in the BMP a label's deltas stay below 2^22).
//  * VPCOMPRESSB for the digits: rounds 0-3 of four integers sit in one
//    128-bit half, and a PSHUFB table indexed by their digit counts packs
//    them.
//
// Labels of 1 to 32 code points take it (every corpus label that short):
// up to 8 non-basic code points in one register, up to 16, 24 or 32 in two
// to four, sorted by bitonic networks, then encoded eight integers to a
// block, each stage for all blocks before the next so that their
// dependency chains overlap.  Anything else — an invalid code point, a
// delta of 2^23 or more, no room in the output — makes it return 0,
// writing nothing, and the portable encoder decides.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

#include "puny/detail/codec_common.hpp"
#include "simd/avx2/target.hpp"

#if defined(PUNY_SIMD_AVX2)

namespace puny::detail {
namespace avx2_label_encoder {

/// Punycode's parameters (§5), the only set this encoder serves.
using params = fixed_params<punycode_params>;

/// Deltas at or above this take the portable encoder: below it every
/// quotient of the digit loop is exact in single precision (a dividend
/// x < 2^24 - 36 and a divisor y <= 36: x / y is at least 1 / y from the
/// next integer, more than half an ulp of it).
inline constexpr std::uint32_t delta_limit = std::uint32_t{1} << 23;

// Below delta_limit an integer has at most seven digits: the smallest one
// of eight, with the thresholds that grow it slowest (26 from the first
// digit on), is 26 (10^7 - 1) / 9.
static_assert(delta_limit <= 26 * (10'000'000 - 1) / 9);

/// Constants of §6.1 for this parameter set: the loop "while delta >
/// limit: delta /= step" and the bounds its rounds start at.
inline constexpr std::uint32_t step = params::base - params::tmin;
inline constexpr std::uint32_t round_bound = (step * params::tmax) / 2 + 1;
// A delta below delta_limit leaves at most three rounds: after the halving
// it is below delta_limit, under round_bound * step^3.
static_assert(delta_limit < round_bound * step * step * step);

/// The encoder's constants, for Punycode's parameters (§5).
struct tables {
  /// [mask]: the indices of mask's set bits in increasing order, then the
  /// index of its lowest clear bit (7 when none is): a VPERMD or PSHUFB
  /// control that compresses eight lanes or bytes.
  alignas(64) std::uint8_t lanes[256][8];
  /// [np]: ceil(2^31 / np).  floor(x m / 2^32) is floor(x / (2 np)) for
  /// every x < 2^25 and np <= 33: with m np = 2^31 + e, e < np, the error
  /// x e / 2^31 stays below the 1 / (2 np) that floor needs.
  alignas(64) std::uint32_t np_m[48];
  /// [np0]: np_m's row for the first integers, whose lane 0 has the
  /// multiplier of damp np0 instead, floor(x m / 2^41) (x e < 2^23 * 22400
  /// < 2^41).
  alignas(64) std::uint32_t first_np_m[34][8];
  /// [i] = i, for the lanes' numpoints.
  alignas(64) std::uint32_t counting[48];
  /// Eight all-ones lanes, then eight zero ones: the mask of the first k
  /// lanes starts 8 - k in.
  alignas(64) std::int32_t lane_mask[16];
  /// [index]: the PSHUFB control that packs the digits of four integers,
  /// given as rounds (byte 4 j + i is round j's digit of integer i), in
  /// integer order.  Integer i has 1 + (index >> i & 1) + 2 (index >> (4 +
  /// i) & 1) digits.
  alignas(64) std::uint8_t pack[256][16];

  static constexpr tables make() noexcept {
    tables t{};
    for (unsigned mask = 0; mask < 256; ++mask) {
      unsigned at = 0;
      unsigned clear = 7;
      for (unsigned i = 8; i-- > 0;) {
        if ((mask >> i & 1) == 0) clear = i;
      }
      for (unsigned i = 0; i < 8; ++i) {
        if ((mask >> i & 1) != 0) t.lanes[mask][at++] = static_cast<std::uint8_t>(i);
      }
      for (; at < 8; ++at) t.lanes[mask][at] = static_cast<std::uint8_t>(clear);
    }
    t.np_m[0] = 0;
    for (std::uint64_t np = 1; np < 48; ++np) {
      t.np_m[np] = static_cast<std::uint32_t>(((std::uint64_t{1} << 31) + np - 1) / np);
    }
    for (std::uint64_t np0 = 1; np0 < 34; ++np0) {
      const std::uint64_t y = params::damp * np0;
      t.first_np_m[np0][0] = static_cast<std::uint32_t>(((std::uint64_t{1} << 41) + y - 1) / y);
      for (unsigned k = 1; k < 8; ++k) t.first_np_m[np0][k] = t.np_m[np0 + k];
    }
    for (unsigned i = 0; i < 48; ++i) t.counting[i] = i;
    for (unsigned i = 0; i < 16; ++i) t.lane_mask[i] = i < 8 ? -1 : 0;
    for (unsigned index = 0; index < 256; ++index) {
      unsigned at = 0;
      for (unsigned i = 0; i < 4; ++i) {
        const unsigned digits = 1 + (index >> i & 1) + 2 * (index >> (4 + i) & 1);
        for (unsigned j = 0; j < digits; ++j) t.pack[index][at++] = static_cast<std::uint8_t>(4 * j + i);
      }
      for (; at < 16; ++at) t.pack[index][at] = 0x80;
    }
    return t;
  }
};

inline constexpr tables table = tables::make();

/// floor(x / damp) = (x * m) >> 41 for x < 2^23, like first_np_m's lane 0
/// (Granlund & Montgomery 1994: m = ceil(2^41 / y) < 2^32, and
/// x (m y - 2^41) < 2^41).
inline constexpr std::uint32_t damp_shift = 41;
inline constexpr std::uint32_t damp_m =
    static_cast<std::uint32_t>(((std::uint64_t{1} << damp_shift) + params::damp - 1) / params::damp);
static_assert((std::uint64_t{1} << damp_shift) < std::uint64_t{params::damp} << 32);
static_assert((std::uint64_t{delta_limit} * params::damp * 33) < std::uint64_t{1} << damp_shift);

#define PUNY_AVX2_INLINE PUNY_AVX2_TARGET __attribute__((always_inline)) inline

// GCC 12's intrinsics pass an "undefined" vector to some builtins, which
// -Wmaybe-uninitialized reports once inlined.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

PUNY_AVX2_INLINE __m256i iota() noexcept { return _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7); }

/// V in every 32-bit lane, loaded from memory.  GCC 12 builds a constant
/// vector of equal integers in a general register and moves and broadcasts
/// it (three instructions, two of them on the vector ports this code keeps
/// busy) unless it cannot see the value, which the empty asm hides.
template <std::uint32_t V>
inline constexpr std::uint32_t lane_value = V;

template <std::uint32_t V>
PUNY_AVX2_INLINE __m256i splat() noexcept {
  const std::uint32_t* at = &lane_value<V>;
  asm("" : "+r"(at));
  return _mm256_set1_epi32(static_cast<int>(*at));
}

/// The first k lanes all ones, the others zero (k <= 8).
PUNY_AVX2_INLINE __m256i first_lanes(unsigned k) noexcept {
  return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(table.lane_mask + 8 - k));
}

/// Lane i gets a[i - 1], lane 0 gets fill's lane 7.
PUNY_AVX2_INLINE __m256i up1(__m256i a, __m256i fill) noexcept {
  const __m256i rotate = _mm256_setr_epi32(7, 0, 1, 2, 3, 4, 5, 6);
  return _mm256_blend_epi32(_mm256_permutevar8x32_epi32(a, rotate), _mm256_permutevar8x32_epi32(fill, rotate), 1);
}

PUNY_AVX2_INLINE __m256 up1(__m256 a, __m256 fill) noexcept {
  const __m256i rotate = _mm256_setr_epi32(7, 0, 1, 2, 3, 4, 5, 6);
  return _mm256_blend_ps(_mm256_permutevar8x32_ps(a, rotate), _mm256_permutevar8x32_ps(fill, rotate), 1);
}

/// Lane i gets a[i - By], the lanes below By get 0.
template <int By>
PUNY_AVX2_INLINE __m256i up_zero(__m256i a) noexcept {
  const __m256i low = _mm256_permute2x128_si256(a, a, 0x08);  // (0, a's low half)
  if constexpr (By == 4) {
    return low;
  } else if constexpr (By > 4) {
    return _mm256_slli_si256(low, 4 * (By - 4));
  } else {
    return _mm256_alignr_epi8(a, low, 16 - 4 * By);
  }
}

/// For eight code points in input order: how many of those before each are
/// not above it — for a non-basic one, §6.3's handled code points before
/// it when it comes up (the basic ones, and the smaller or equal non-basic
/// ones, which come up first).
PUNY_AVX2_INLINE __m256i handled_before(__m256i c) noexcept {
  // Earlier lanes above it count -1 each; lanes shifted in are 0, never
  // above a code point.
  const __m256i a = _mm256_add_epi32(_mm256_cmpgt_epi32(up_zero<1>(c), c), _mm256_cmpgt_epi32(up_zero<2>(c), c));
  const __m256i b = _mm256_add_epi32(_mm256_cmpgt_epi32(up_zero<3>(c), c), _mm256_cmpgt_epi32(up_zero<4>(c), c));
  const __m256i e = _mm256_add_epi32(_mm256_cmpgt_epi32(up_zero<5>(c), c), _mm256_cmpgt_epi32(up_zero<6>(c), c));
  const __m256i f = _mm256_cmpgt_epi32(up_zero<7>(c), c);
  return _mm256_add_epi32(iota(), _mm256_add_epi32(_mm256_add_epi32(a, b), _mm256_add_epi32(e, f)));
}

/// The population count of every 32-bit lane, of lanes below 2^16 when
/// Half.
template <bool Half>
PUNY_AVX2_INLINE __m256i popcount32(__m256i x) noexcept {
  const __m256i nibbles = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1,
                                           2, 2, 3, 2, 3, 3, 4);
  const __m256i low4 = splat<0x0F0F0F0F>();
  const __m256i bytes = _mm256_add_epi8(_mm256_shuffle_epi8(nibbles, _mm256_and_si256(x, low4)),
                                        _mm256_shuffle_epi8(nibbles, _mm256_and_si256(_mm256_srli_epi16(x, 4), low4)));
  const __m256i pairs = _mm256_maddubs_epi16(bytes, splat<0x01010101>());
  if constexpr (Half) {
    return pairs;
  } else {
    return _mm256_madd_epi16(pairs, splat<0x00010001>());
  }
}

/// Lane i of a bitonic stage takes the maximum when it is the upper lane of
/// its pair in an ascending block (blocks of k lanes, pairs j apart).
[[nodiscard]] constexpr int bitonic_max_lanes(unsigned k, unsigned j) noexcept {
  int m = 0;
  for (unsigned i = 0; i < 8; ++i) {
    if (((i & j) != 0) == ((i & k) == 0)) m |= 1 << i;
  }
  return m;
}

template <int TakeMax>
PUNY_AVX2_INLINE __m256i stage(__m256i v, __m256i partner) noexcept {
  return _mm256_blend_epi32(_mm256_min_epu32(v, partner), _mm256_max_epu32(v, partner), TakeMax);
}

/// Eight keys ascending (unsigned), by a bitonic network.
PUNY_AVX2_INLINE __m256i sort8(__m256i v) noexcept {
  v = stage<bitonic_max_lanes(2, 1)>(v, _mm256_shuffle_epi32(v, 0xB1));
  v = stage<bitonic_max_lanes(4, 2)>(v, _mm256_shuffle_epi32(v, 0x4E));
  v = stage<bitonic_max_lanes(4, 1)>(v, _mm256_shuffle_epi32(v, 0xB1));
  v = stage<bitonic_max_lanes(8, 4)>(v, _mm256_permute4x64_epi64(v, 0x4E));
  v = stage<bitonic_max_lanes(8, 2)>(v, _mm256_shuffle_epi32(v, 0x4E));
  v = stage<bitonic_max_lanes(8, 1)>(v, _mm256_shuffle_epi32(v, 0xB1));
  return v;
}

/// Eight keys ascending from a bitonic sequence (the half-cleaners).
PUNY_AVX2_INLINE __m256i clean8(__m256i v) noexcept {
  v = stage<bitonic_max_lanes(16, 4)>(v, _mm256_permute4x64_epi64(v, 0x4E));
  v = stage<bitonic_max_lanes(16, 2)>(v, _mm256_shuffle_epi32(v, 0x4E));
  v = stage<bitonic_max_lanes(16, 1)>(v, _mm256_shuffle_epi32(v, 0xB1));
  return v;
}

/// Sixteen keys ascending, lo then hi: each half sorted, then merged.
PUNY_AVX2_INLINE void sort16(__m256i& lo, __m256i& hi) noexcept {
  const __m256i a = sort8(lo);
  const __m256i b = _mm256_permutevar8x32_epi32(sort8(hi), _mm256_setr_epi32(7, 6, 5, 4, 3, 2, 1, 0));
  lo = clean8(_mm256_min_epu32(a, b));
  hi = clean8(_mm256_max_epu32(a, b));
}

/// Thirty-two keys ascending, v[0] to v[3]: each half sorted, then merged.
PUNY_AVX2_INLINE void sort32(__m256i* v) noexcept {
  sort16(v[0], v[1]);
  sort16(v[2], v[3]);
  const __m256i reverse = _mm256_setr_epi32(7, 6, 5, 4, 3, 2, 1, 0);
  const __m256i b0 = _mm256_permutevar8x32_epi32(v[3], reverse);
  const __m256i b1 = _mm256_permutevar8x32_epi32(v[2], reverse);
  const __m256i low0 = _mm256_min_epu32(v[0], b0);
  const __m256i low1 = _mm256_min_epu32(v[1], b1);
  const __m256i high0 = _mm256_max_epu32(v[0], b0);
  const __m256i high1 = _mm256_max_epu32(v[1], b1);
  v[0] = clean8(_mm256_min_epu32(low0, low1));
  v[1] = clean8(_mm256_max_epu32(low0, low1));
  v[2] = clean8(_mm256_min_epu32(high0, high1));
  v[3] = clean8(_mm256_max_epu32(high0, high1));
}

/// The lanes of `mask` moved to the bottom in order, the others' values
/// after them (lanes outside `mask` hold all ones in every caller).
PUNY_AVX2_INLINE __m256i compress_lanes(__m256i v, unsigned mask) noexcept {
  const __m256i index =
      _mm256_cvtepu8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(table.lanes[mask & 0xFF])));
  return _mm256_permutevar8x32_epi32(v, index);
}

/// Register `o` of the concatenation of compressed registers, given one
/// that starts `start` lanes into it: lane i takes v[8 o + i - start] when
/// that is one of v's lanes, all ones otherwise.
PUNY_AVX2_INLINE __m256i place(__m256i v, int start, int o) noexcept {
  const int shift = 8 * o - start;
  const __m256i index = _mm256_add_epi32(iota(), _mm256_set1_epi32(shift));
  // Lanes whose index is outside 0..7.
  const __m256i outside = _mm256_cmpgt_epi32(_mm256_srli_epi32(index, 3), _mm256_setzero_si256());
  return _mm256_or_si256(_mm256_permutevar8x32_epi32(v, index), outside);
}

/// §5: digit values 0..25 are a..z, 26..35 are 0..9.
PUNY_AVX2_INLINE __m256i to_chars(__m256i v) noexcept {
  const __m256i letters = _mm256_add_epi8(v, splat<0x61616161>());  // 'a'
  return _mm256_sub_epi8(letters,
                         _mm256_and_si256(_mm256_cmpgt_epi8(v, splat<0x19191919>()), splat<0x4B4B4B4B>()));
}

/// §6.3's digit loop for eight integers (see encode_integers): step(j)
/// and divide(j) compute quotient j + 1, digit(j) digit j.
struct digit_rounds {
  __m256 bias;
  unsigned valid;
  /// q - T_j and Y_j of the last round.
  __m256 rest;
  __m256 product_y;
  __m256 quotient[8];
  __m256 t[7];
  __m256 y[7];
  /// Digit values, in lanes whose integer has that digit.
  __m256i value[8];
  /// Bit i after step(j): q - T_j+1 >= 0 in lane i, which holds an integer
  /// with a digit after digit j if it holds one.
  unsigned going_on[6];

  PUNY_AVX2_INLINE void start(__m256 q, __m256 bias_, unsigned valid_) noexcept {
    bias = bias_;
    valid = valid_;
    rest = q;
    product_y = _mm256_set1_ps(1.0f);
    quotient[0] = q;
  }

  /// Threshold j, and which integers go on after digit j: those with
  /// q - T_j+1 >= 0, known before the division.
  PUNY_AVX2_INLINE void step(unsigned j) noexcept {
    t[j] = _mm256_min_ps(
        _mm256_max_ps(_mm256_sub_ps(_mm256_set1_ps(static_cast<float>(params::base * (j + 1))), bias),
                      _mm256_set1_ps(static_cast<float>(params::tmin))),
        _mm256_set1_ps(static_cast<float>(params::tmax)));
    rest = _mm256_fnmadd_ps(t[j], product_y, rest);
    // A compare rather than the sign bit: an exact zero is +0 from the
    // FMA, but not from every emulator of it.
    going_on[j] = static_cast<unsigned>(_mm256_movemask_ps(_mm256_cmp_ps(rest, _mm256_setzero_ps(), _CMP_GE_OQ)));
  }

  /// Bit i: integer i has a digit after digit j.
  [[nodiscard]] PUNY_AVX2_INLINE unsigned more(unsigned j) const noexcept {
    return going_on[j] & valid;
  }

  /// Quotient j + 1, after step(j).
  PUNY_AVX2_INLINE void divide(unsigned j) noexcept {
    y[j] = _mm256_sub_ps(_mm256_set1_ps(static_cast<float>(params::base)), t[j]);
    product_y = j == 0 ? y[0] : _mm256_mul_ps(product_y, y[j]);
    quotient[j + 1] = _mm256_floor_ps(_mm256_div_ps(rest, product_y));
  }

  /// Digit j of the integers that have one after it, and of those that end
  /// with it (where quotient j + 1 is negative).
  PUNY_AVX2_INLINE void digit(unsigned j) noexcept {
    const __m256 next = _mm256_max_ps(quotient[j + 1], _mm256_setzero_ps());
    value[j] = _mm256_cvttps_epi32(_mm256_fnmadd_ps(next, y[j], quotient[j]));
  }

  /// Digit j of the integers that end with it.
  PUNY_AVX2_INLINE void last_digit(unsigned j) noexcept { value[j] = _mm256_cvttps_epi32(quotient[j]); }
};

/// Eight integers of a label, the k-th key's in lane k mod 8 of block
/// k / 8.
struct block {
  /// The code point of each key, and how many code points are handled
  /// before its position when it comes up.
  __m256i c;
  __m256i pos;
  /// Every lane: the positions handled once the block's keys are (bits).
  __m256i handled;
  __m256i delta;
  /// §6.1 after each integer.
  __m256 next_bias;
  /// The lanes that hold integers.
  unsigned valid;
};

/// c and pos of a block from its keys (value << 5 | position, or for a
/// label of at most 8 code points, Short, value << 10 | position << 5 |
/// handled_before), given the positions handled before it.  Half: a label
/// of at most 16 code points, whose position bits fit in 16.
template <bool Short, bool Half>
PUNY_AVX2_INLINE void positions(block& b, __m256i keys, __m256i handled) noexcept {
  if constexpr (Short) {
    b.c = _mm256_srli_epi32(keys, 10);
    b.pos = _mm256_and_si256(keys, splat<31>());
    b.handled = handled;
  } else {
    const __m256i one = splat<1>();
    b.c = _mm256_srli_epi32(keys, 5);
    const __m256i bit = _mm256_sllv_epi32(one, _mm256_and_si256(keys, splat<31>()));
    // Handled before p when (c, p) comes up: the basic code points, the
    // earlier blocks' keys and the earlier lanes' positions below p.  The
    // OR of the earlier lanes as a tree of seven independent shifts.
    const __m256i seen = _mm256_or_si256(
        _mm256_or_si256(_mm256_or_si256(up_zero<1>(bit), up_zero<2>(bit)),
                        _mm256_or_si256(up_zero<3>(bit), up_zero<4>(bit))),
        _mm256_or_si256(_mm256_or_si256(up_zero<5>(bit), up_zero<6>(bit)), _mm256_or_si256(up_zero<7>(bit), handled)));
    b.pos = popcount32<Half>(_mm256_and_si256(seen, _mm256_sub_epi32(bit, one)));
    b.handled = _mm256_permutevar8x32_epi32(_mm256_or_si256(seen, bit), splat<7>());
  }
}

/// §6.3's delta in closed form: h + 1 rounds per step of n, plus the
/// handled code points between the previous insertion and this one.  The
/// previous key of lane 0 is the last of the block before, or (initial_n,
/// position -1) for the first block; np0 is h + 1 of lane 0.
template <bool First>
PUNY_AVX2_INLINE void deltas(block& b, const block& before, unsigned np0) noexcept {
  const __m256i one = splat<1>();
  const __m256i np = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(table.counting + np0));
  const __m256i c_before = First ? splat<params::initial_n>() : before.c;
  const __m256i next_before = First ? _mm256_setzero_si256() : _mm256_add_epi32(before.pos, one);
  b.delta = _mm256_add_epi32(_mm256_mullo_epi32(_mm256_sub_epi32(b.c, up1(b.c, c_before)), np),
                             _mm256_sub_epi32(b.pos, up1(_mm256_add_epi32(b.pos, one), next_before)));
}

/// §6.1 for every delta of a block at once.
template <bool First>
PUNY_AVX2_INLINE void adapt(block& b, unsigned np0) noexcept {
  const __m256i delta = b.delta;
  // "delta /= D; delta += delta / numpoints" (D = damp the first time,
  // else 2) is floor(delta / D) + floor(delta / (D numpoints)): two
  // independent multiplies by reciprocals.
  __m256i d = _mm256_srli_epi32(delta, 1);
  __m256i even_q;
  if constexpr (First) {
    const __m256i damped = _mm256_srli_epi64(_mm256_mul_epu32(delta, splat<damp_m>()), damp_shift);
    d = _mm256_blend_epi32(d, damped, 1);
    const __m256i even_m = _mm256_load_si256(reinterpret_cast<const __m256i*>(table.first_np_m[np0]));
    even_q = _mm256_srlv_epi64(_mm256_mul_epu32(delta, even_m), _mm256_setr_epi64x(damp_shift, 32, 32, 32));
  } else {
    const __m256i even_m = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(table.np_m + np0));
    even_q = _mm256_srli_epi64(_mm256_mul_epu32(delta, even_m), 32);
  }
  const __m256i odd_m = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(table.np_m + np0 + 1));
  const __m256i odd_q = _mm256_mul_epu32(_mm256_srli_epi64(delta, 32), odd_m);
  d = _mm256_add_epi32(d, _mm256_blend_epi32(even_q, odd_q, 0xAA));
  // "while delta > 455: delta /= 35" runs r = #{j : d >= 456 35^j} times
  // (at most 3 here); then the last line, floor(36 d / (d + 38)), whose
  // operands are small enough for a single-precision division to be exact.
  const __m256i r1 = _mm256_cmpgt_epi32(d, splat<round_bound - 1>());
  const __m256i r2 = _mm256_cmpgt_epi32(d, splat<round_bound * step - 1>());
  const __m256i r3 = _mm256_cmpgt_epi32(d, splat<round_bound * step * step - 1>());
  const __m256i rounds = _mm256_sub_epi32(_mm256_setzero_si256(), _mm256_add_epi32(_mm256_add_epi32(r1, r2), r3));
  const __m256 powers = _mm256_setr_ps(1.0f, 35.0f, 1225.0f, 42875.0f, 1.0f, 1.0f, 1.0f, 1.0f);
  const __m256 rounds_k = _mm256_setr_ps(0.0f, 36.0f, 72.0f, 108.0f, 0.0f, 0.0f, 0.0f, 0.0f);
  const __m256 tail_d =
      _mm256_floor_ps(_mm256_div_ps(_mm256_cvtepi32_ps(d), _mm256_permutevar8x32_ps(powers, rounds)));
  const __m256 tail = _mm256_floor_ps(_mm256_div_ps(_mm256_mul_ps(tail_d, _mm256_set1_ps(36.0f)),
                                                    _mm256_add_ps(tail_d, _mm256_set1_ps(38.0f))));
  b.next_bias = _mm256_add_ps(tail, _mm256_permutevar8x32_ps(rounds_k, rounds));
}

/// write_digits for blocks with an integer of five to seven digits, out of
/// line: rare, and the same for every block of every path.  The rounds are
/// passed by value, so that the common path keeps them in registers.
[[gnu::noinline, gnu::cold]] PUNY_AVX2_TARGET inline unsigned write_long_digits(digit_rounds dr, char* at) noexcept {
  dr.divide(3);
  for (unsigned j = 4; j < 6; ++j) {
    dr.step(j);
    dr.divide(j);
  }
  for (unsigned j = 3; j < 6; ++j) dr.digit(j);
  dr.last_digit(6);
  dr.value[7] = _mm256_setzero_si256();
  // The rounds laid out as bytes and copied one digit at a time: byte
  // 16 h + 4 j + i is round j's digit of integer 4 h + i.
  alignas(32) std::uint8_t rounds03[32];
  alignas(32) std::uint8_t rounds47[32];
  _mm256_store_si256(reinterpret_cast<__m256i*>(rounds03),
                     to_chars(_mm256_packs_epi16(_mm256_packs_epi32(dr.value[0], dr.value[1]),
                                                 _mm256_packs_epi32(dr.value[2], dr.value[3]))));
  _mm256_store_si256(reinterpret_cast<__m256i*>(rounds47),
                     to_chars(_mm256_packs_epi16(_mm256_packs_epi32(dr.value[4], dr.value[5]),
                                                 _mm256_packs_epi32(dr.value[6], dr.value[7]))));
  unsigned written = 0;
  for (unsigned i = 0; (dr.valid >> i & 1) != 0; ++i) {
    const unsigned half = 16 * (i >> 2);
    at[written++] = static_cast<char>(rounds03[half + (i & 3)]);
    for (unsigned j = 0; j < 6 && (dr.more(j) >> i & 1) != 0; ++j) {
      const unsigned round = j + 1;
      const std::uint8_t* src = round < 4 ? rounds03 : rounds47;
      at[written++] = static_cast<char>(src[half + 4 * (round & 3) + (i & 3)]);
    }
  }
  return written;
}

/// The digits of a block's integers, in output order, at `at` (up to 32
/// bytes written past them); their number.
PUNY_AVX2_INLINE unsigned write_digits(digit_rounds& dr, char* at) noexcept {
  if (dr.more(3) != 0) return write_long_digits(dr, at);
  dr.last_digit(3);
  // Rounds 0-3 as bytes: byte 4 j + i of each half is round j's digit of
  // the half's integer i.
  const __m256i chars = to_chars(_mm256_packs_epi16(_mm256_packs_epi32(dr.value[0], dr.value[1]),
                                                    _mm256_packs_epi32(dr.value[2], dr.value[3])));
  // Integer i has 1 + [i in more(0)] + [i in more(1)] + [i in more(2)]
  // digits; the masks are nested, so that count - 1 is their parity plus
  // twice more(1) (the pack table's index).
  const unsigned more0 = dr.more(0);
  const unsigned more1 = dr.more(1);
  const unsigned more2 = dr.more(2);
  const unsigned odd = more0 ^ more1 ^ more2;
  const unsigned low = (odd & 0xF) | (more1 & 0xF) << 4;
  const unsigned high = (odd >> 4) | (more1 & 0xF0);
  const std::uint32_t counted = dr.valid | more0 << 8 | more1 << 16 | more2 << 24;
  const unsigned low_digits = static_cast<unsigned>(std::popcount(counted & 0x0F0F0F0Fu));
  const auto* pack = reinterpret_cast<const __m128i*>(table.pack);
  const __m256i control =
      _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_load_si128(pack + low)), _mm_load_si128(pack + high), 1);
  const __m256i packed = _mm256_shuffle_epi8(chars, control);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(at), _mm256_castsi256_si128(packed));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(at + low_digits), _mm256_extracti128_si256(packed, 1));
  return static_cast<unsigned>(std::popcount(counted));
}

/// The digits of the m integers of the sorted keys (see positions), in
/// `Blocks` registers, after `basic` basic code points at the positions of
/// basic_mask, in output order at `at` (up to 32 bytes written past them);
/// their number, or 0 when a delta is beyond this path.  Each stage runs
/// for all blocks before the next: a block needs only the last lane of the
/// one before, and the blocks' long dependency chains then overlap (18 %
/// faster on labels of 9 to 16 non-basic code points than block by block).
template <unsigned Blocks, bool Short, bool Half>
PUNY_AVX2_INLINE unsigned encode_integers(const __m256i* keys, unsigned m, unsigned basic, std::uint32_t basic_mask,
                                          char* at) noexcept {
  block b[Blocks];
  __m256i handled = _mm256_set1_epi32(static_cast<int>(basic_mask));
  for (unsigned k = 0; k < Blocks; ++k) {
    b[k].valid = _bzhi_u32(0xFF, m - 8 * k);
    positions<Short, Half>(b[k], keys[k], handled);
    handled = b[k].handled;
  }
  unsigned large = 0;
  for (unsigned k = 0; k < Blocks; ++k) {
    if (k == 0) {
      deltas<true>(b[0], b[0], basic + 1);  // no block before: unused
    } else {
      deltas<false>(b[k], b[k - 1], basic + 8 * k + 1);
    }
    large |= static_cast<unsigned>(_mm256_movemask_ps(
                 _mm256_castsi256_ps(_mm256_cmpgt_epi32(b[k].delta, splat<delta_limit - 1>())))) &
             b[k].valid;
  }
  if (large != 0) return 0;
  for (unsigned k = 0; k < Blocks; ++k) {
    if (k == 0) {
      adapt<true>(b[0], basic + 1);
    } else {
      adapt<false>(b[k], basic + 8 * k + 1);
    }
  }
  // §6.3's digits.  With t_j = clamp(36 (j + 1) - bias, 1, 26) the loop
  // goes on from round j while q_j >= t_j, with q_j+1 = (q_j - t_j) / y_j,
  // y_j = 36 - t_j, and writes the digit q_j - y_j q_j+1 (q_j itself for
  // the last one).  Nested floors of quotients are one floor, so that
  //   q_j = floor((q - T_j) / Y_j),  Y_j = y_0 ... y_j-1,
  //   T_j = t_0 + t_1 Y_1 + ... + t_j-1 Y_j-1,
  // every round's quotient is one division, all of them side by side; and
  // an integer goes on after round j exactly when q - T_j+1 >= 0, so that a
  // lane that ended before has a negative q_j.
  // Exact in single precision: |q - T_j| < 2^24 (larger T_j only when
  // Y_j > q, where the quotient is 0 or -1 either way).
  // Real labels' integers have at most three digits (88 % of the corpus
  // labels) or four (10 %): those of five to seven take a slower path
  // (write_long_digits).  Integer i's bias is §6.1 of delta i - 1.
  digit_rounds dr[Blocks];
  for (unsigned k = 0; k < Blocks; ++k) {
    const __m256 before =
        k == 0 ? _mm256_set1_ps(static_cast<float>(params::initial_bias)) : b[k - 1].next_bias;
    dr[k].start(_mm256_cvtepi32_ps(b[k].delta), up1(b[k].next_bias, before), b[k].valid);
  }
  for (unsigned j = 0; j < 3; ++j) {
    for (unsigned k = 0; k < Blocks; ++k) {
      dr[k].step(j);
      dr[k].divide(j);
    }
  }
  for (unsigned k = 0; k < Blocks; ++k) dr[k].step(3);
  for (unsigned j = 0; j < 3; ++j) {
    for (unsigned k = 0; k < Blocks; ++k) dr[k].digit(j);
  }
  unsigned written = 0;
  for (unsigned k = 0; k < Blocks; ++k) written += write_digits(dr[k], at + written);
  return written;
}

/// Copies n bytes (1..320) from `from`, which has at least 16 readable, to
/// `to`, and writes no other byte of `to`.  Between 4 and 16 bytes without
/// a branch on n, which the lengths of real labels' encodings would
/// mispredict: pairs of overlapping copies of 4 and of 8 bytes, the latter
/// sent to a local sink when n is below 8.
PUNY_AVX2_INLINE void copy_exact(char* to, const char* from, std::size_t n) noexcept {
  if (n <= 16) {
    if (n < 4) {
      to[0] = from[0];
      to[n / 2] = from[n / 2];
      to[n - 1] = from[n - 1];
      return;
    }
    char sink[8];
    char* const to8 = n >= 8 ? to : sink;
    const std::size_t end8 = n >= 8 ? n - 8 : 0;
    std::uint64_t a;
    std::uint64_t b;
    std::memcpy(&a, from, 8);
    std::memcpy(&b, from + end8, 8);
    std::memcpy(to8, &a, 8);
    std::memcpy(to8 + end8, &b, 8);
    std::uint32_t c;
    std::uint32_t d;
    std::memcpy(&c, from, 4);
    std::memcpy(&d, from + n - 4, 4);
    std::memcpy(to, &c, 4);
    std::memcpy(to + n - 4, &d, 4);
    return;
  }
  if (n <= 32) {
    const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(from));
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(from + n - 16));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(to), a);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(to + n - 16), b);
    return;
  }
  const __m256i last = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(from + n - 32));
  for (std::size_t i = 0; i + 32 < n; i += 32) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(to + i),
                        _mm256_loadu_si256(reinterpret_cast<const __m256i*>(from + i)));
  }
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(to + n - 32), last);
}

/// encode_label_avx2 for 8 (Regs - 1) + 1 to 8 Regs code points.
template <unsigned Regs>
PUNY_AVX2_INLINE std::size_t encode_sized(std::span<const char32_t> in, std::span<char> out) noexcept {
  const auto n = static_cast<unsigned>(in.size());
  // The input, read with masks: nothing past its end is touched.
  __m256i c[Regs];
  __m256i basic_lanes[Regs];
  unsigned basic_bits[Regs];
  __m256i bad = _mm256_setzero_si256();
  for (unsigned r = 0; r < Regs; ++r) {
    const __m256i take = first_lanes(n - 8 * r < 8 ? n - 8 * r : 8);
    c[r] = _mm256_maskload_epi32(reinterpret_cast<const int*>(in.data() + 8 * r), take);
    // Lanes past the input are zero: basic, and never bad.
    basic_lanes[r] = _mm256_cmpeq_epi32(_mm256_srli_epi32(c[r], 7), _mm256_setzero_si256());
    basic_bits[r] = static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(basic_lanes[r]))) &
                    _bzhi_u32(0xFF, n - 8 * r);
    // Surrogates and values past U+10FFFF: the portable encoder reports them.
    bad = _mm256_or_si256(bad, _mm256_or_si256(_mm256_cmpgt_epi32(_mm256_srli_epi32(c[r], 16), splat<0x10>()),
                                               _mm256_cmpeq_epi32(_mm256_srli_epi32(c[r], 11), splat<0x1B>())));
  }
  if (!_mm256_testz_si256(bad, bad)) return 0;
  unsigned basic = 0;
  std::uint32_t basic_mask = 0;
  for (unsigned r = 0; r < Regs; ++r) {
    basic += static_cast<unsigned>(std::popcount(basic_bits[r]));
    basic_mask |= basic_bits[r] << (8 * r);
  }
  const unsigned m = n - basic;

  // The output is staged: the literal, then the digits, then copied.
  char staged[320];
  {
    unsigned at = 0;
    const __m256i low_bytes = _mm256_setr_epi8(0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0, 4,
                                               8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);
    for (unsigned r = 0; r < Regs; ++r) {
      const __m128i bytes = _mm256_castsi256_si128(
          _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(c[r], low_bytes), _mm256_setr_epi32(0, 4, 0, 0, 0, 0, 0, 0)));
      const __m128i control = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(table.lanes[basic_bits[r]]));
      _mm_storel_epi64(reinterpret_cast<__m128i*>(staged + at), _mm_shuffle_epi8(bytes, control));
      at += static_cast<unsigned>(std::popcount(basic_bits[r]));
    }
    staged[basic] = params::delimiter;
  }
  const unsigned start = basic + (basic != 0 ? 1u : 0u);
  unsigned total = start;

  if (m != 0) {
    // Keys value << 5 | position (for at most 8 code points value << 10 |
    // position << 5 | handled_before); all ones for basic code points and
    // lanes past the input, which sort last.
    __m256i keys[Regs];
    if constexpr (Regs == 1) {
      // The handled code points before each go with it, computed while the
      // keys are sorted.
      keys[0] = _mm256_or_si256(
          _mm256_or_si256(_mm256_slli_epi32(c[0], 10), _mm256_setr_epi32(0, 32, 64, 96, 128, 160, 192, 224)),
          _mm256_or_si256(handled_before(c[0]), basic_lanes[0]));
    } else {
      for (unsigned r = 0; r < Regs; ++r) {
        const __m256i position = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(table.counting + 8 * r));
        keys[r] = _mm256_or_si256(_mm256_or_si256(_mm256_slli_epi32(c[r], 5), position), basic_lanes[r]);
      }
    }
    // Sorted, eight integers to a register.
    __m256i sorted[4];
    if constexpr (Regs == 1) {
      sorted[0] = sort8(keys[0]);
    } else if constexpr (Regs == 2) {
      if (m <= 8) {
        // The non-basic keys side by side, then sorted.
        const unsigned ext0 = ~basic_bits[0] & 0xFF;
        const __m256i second = compress_lanes(keys[1], ~basic_bits[1] & 0xFF);
        sorted[0] = sort8(_mm256_min_epu32(compress_lanes(keys[0], ext0), place(second, std::popcount(ext0), 0)));
      } else {
        sorted[0] = keys[0];
        sorted[1] = keys[1];
        sort16(sorted[0], sorted[1]);
      }
    } else if (m > 16) {
      for (unsigned r = 0; r < 4; ++r) sorted[r] = r < Regs ? keys[r] : _mm256_set1_epi32(-1);
      sort32(sorted);
    } else {
      // The non-basic keys side by side, then sorted.
      __m256i packed[Regs];
      int starts[Regs];
      int s = 0;
      for (unsigned r = 0; r < Regs; ++r) {
        const unsigned ext = ~basic_bits[r] & _bzhi_u32(0xFF, n - 8 * r);
        packed[r] = compress_lanes(keys[r], ext);
        starts[r] = s;
        s += std::popcount(ext);
      }
      sorted[0] = packed[0];
      for (unsigned r = 1; r < Regs; ++r) sorted[0] = _mm256_min_epu32(sorted[0], place(packed[r], starts[r], 0));
      if (m <= 8) {
        sorted[0] = sort8(sorted[0]);
      } else {
        sorted[1] = _mm256_set1_epi32(-1);
        for (unsigned r = 0; r < Regs; ++r) sorted[1] = _mm256_min_epu32(sorted[1], place(packed[r], starts[r], 1));
        sort16(sorted[0], sorted[1]);
      }
    }
    unsigned digits;
    if constexpr (Regs == 1) {
      digits = encode_integers<1, true, true>(sorted, m, basic, basic_mask, staged + start);
    } else if (m <= 8) {
      digits = encode_integers<1, false, Regs == 2>(sorted, m, basic, basic_mask, staged + start);
    } else if (m <= 16) {
      digits = encode_integers<2, false, Regs == 2>(sorted, m, basic, basic_mask, staged + start);
    } else if (m <= 24) {
      digits = encode_integers<3, false, false>(sorted, m, basic, basic_mask, staged + start);
    } else {
      digits = encode_integers<4, false, false>(sorted, m, basic, basic_mask, staged + start);
    }
    if (digits == 0) return 0;
    total += digits;
  }
  if (total > out.size()) return 0;
  copy_exact(out.data(), staged, total);
  return total;
}

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

#undef PUNY_AVX2_INLINE

}  // namespace avx2_label_encoder

/// Encodes 1 to 32 code points as Punycode (the §5 parameters) without case
/// flags.  Returns the length written, exactly that many characters; or 0,
/// writing nothing, when the portable encoder must decide (every encoding
/// of one or more code points has a character): an invalid code point, a
/// delta of 2^23 or more, too little room.
PUNY_AVX2_TARGET inline std::size_t encode_label_avx2(std::span<const char32_t> in, std::span<char> out) noexcept {
  using namespace avx2_label_encoder;
  const std::size_t size = in.size();
  if (size - 1 >= 32) return 0;
  switch ((size - 1) / 8) {
    case 0: return encode_sized<1>(in, out);
    case 1: return encode_sized<2>(in, out);
    case 2: return encode_sized<3>(in, out);
    default: return encode_sized<4>(in, out);
  }
}

}  // namespace puny::detail

#endif
