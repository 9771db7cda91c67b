// puny — Punycode label encoder for x86-64 cores with AVX-512 VBMI2 and
// VPOPCNTDQ (Ice Lake and later, Zen 4 and later), chosen at run time.
// Private to the library: src/simd/avx512.cpp compiles it, and the codecs
// reach it through simd_dispatch.hpp.
//
// Why another label encoder: RFC 3492 §6.3 is a loop over the non-basic
// code points in (value, position) order, and on real labels its time goes
// into that loop's branches and divisions, one integer after the other.
// But every quantity of the loop has a closed form that does not depend on
// the integers before it, so all of a label's integers can be computed at
// once, one per SIMD lane:
//
//  * Sorting the keys value << 5 | position (a bitonic network) gives the
//    order.  For the k-th key (c, p) the handled code points before p are
//    the basic ones and the earlier keys' positions below p (a prefix OR of
//    position bits, then a population count), and with the previous key's
//    (c', p') — initial_n and -1 before the first —
//      delta = (c - c') (h + 1) + pos - (pos' + 1),   h = basic + k.
//  * §6.1 depends only on that delta and on h, so every next bias is
//    computed at once too: the divisions are multiplies by reciprocals, the
//    loop's rounds a count of bounds, its last line a table.
//  * §6.3's digits are produced a round at a time for every integer, and a
//    byte permute and VPCOMPRESSB put them in order behind the literal.
//
// Labels of 1 to 32 code points take it (every corpus label that short);
// eight or fewer non-basic ones run on 256-bit registers, which cost half as
// much on cores that split 512-bit operations.  Anything else — an invalid
// code point, a delta too large, an output without room — makes it return
// 0, writing nothing, and the portable encoder decides.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>

#include "puny/detail/arithmetic.hpp"
#include "puny/detail/codec_common.hpp"
#include "simd/avx512/target.hpp"

#if defined(PUNY_SIMD_AVX512)

namespace puny::detail {

/// Punycode's parameters (§5), the only set this encoder serves, and the
/// constants of §6.1's loop: it divides by step while delta >= round_bound.
using encoder_params = fixed_params<punycode_params>;
inline constexpr std::uint32_t encoder_step = adapt_tail<encoder_params>::step;
inline constexpr std::uint32_t encoder_round_bound = adapt_tail<encoder_params>::limit + 1;

/// Quotients by multiplication (Granlund & Montgomery 1994): floor(x / y)
/// is mulhi32(x, m) >> s for every x with x * y <= 2^(32 + s), where
/// m = ceil(2^(32 + s) / y) and s = ceil(log2 y) - 1 keeps m below 2^32.
/// Every dividend here is below 2^27 (a label's deltas are below 2^26) and
/// every divisor at most 22400, well inside that bound.
struct reciprocal32 {
  std::uint32_t m;
  std::uint32_t s;
};

[[nodiscard]] constexpr reciprocal32 reciprocal32_for(std::uint64_t y) noexcept {
  std::uint32_t s = 0;
  while ((std::uint64_t{1} << (s + 1)) < y) ++s;
  return {static_cast<std::uint32_t>(((std::uint64_t{1} << (32 + s)) + y - 1) / y), s};
}

/// The AVX-512 label encoder's constants, for Punycode's parameters (§5).
struct label_encoder_tables {
  /// [np - 1]: x / (2 np), §6.1's "delta / 2, delta += delta / numpoints".
  alignas(64) std::uint32_t half_np_m[32];
  alignas(64) std::uint32_t half_np_s[32];
  /// [t]: x / (base - t) = mulhi32(x, m) >> 3, for the thresholds t = tmin..tmax.
  alignas(64) std::uint32_t digit_m[32];
  /// [d]: the last line of §6.1 (adapt_tail), for d < round_bound.
  alignas(64) std::uint8_t tail[512];
  /// Byte 8i + j <- 8j + i: rounds of 8 integers to integers of 8 digits.
  alignas(64) std::uint8_t transpose8[64];
  /// Byte 8i + j <- round j's byte i, rounds 0-3 at 16j and 4-7 at
  /// 64 + 16(j - 4) of two registers: rounds of 16 integers to integers.
  alignas(64) std::uint8_t transpose16[128];
  /// x / damp and [np - 1]: x / (damp np), for the first delta.
  reciprocal32 damp;
  reciprocal32 damp_np[32];

  static constexpr label_encoder_tables make() noexcept {
    label_encoder_tables t{};
    for (std::uint64_t np = 1; np <= 32; ++np) {
      t.half_np_m[np - 1] = reciprocal32_for(2 * np).m;
      t.half_np_s[np - 1] = reciprocal32_for(2 * np).s;
      t.damp_np[np - 1] = reciprocal32_for(encoder_params::damp * np);
    }
    t.damp = reciprocal32_for(encoder_params::damp);
    for (std::uint64_t th = encoder_params::tmin; th <= encoder_params::tmax; ++th) {
      const std::uint64_t y = encoder_params::base - th;
      t.digit_m[th] = static_cast<std::uint32_t>(((std::uint64_t{1} << 35) + y - 1) / y);
    }
    for (unsigned d = 0; d < encoder_round_bound; ++d) t.tail[d] = adapt_tail<encoder_params>::table.v[d];
    for (unsigned o = 0; o < 64; ++o) t.transpose8[o] = static_cast<std::uint8_t>(8 * (o % 8) + o / 8);
    for (unsigned o = 0; o < 128; ++o) {
      const unsigned i = o / 8;
      const unsigned j = o % 8;
      t.transpose16[o] = static_cast<std::uint8_t>(j < 4 ? 16 * j + i : 64 + 16 * (j - 4) + i);
    }
    return t;
  }
};

inline constexpr label_encoder_tables label_encoder_table = label_encoder_tables::make();

// The multiply bound above, for the largest dividend and divisors used.
static_assert((std::uint64_t{1} << 27) * encoder_params::damp * 32 <=
              std::uint64_t{1} << (32 + reciprocal32_for(encoder_params::damp * 32).s));
static_assert((std::uint64_t{1} << 27) * (encoder_params::base - encoder_params::tmin) <= std::uint64_t{1} << 35);
// The tail lookup covers 512 entries, the digit lookup 32 thresholds.
static_assert(encoder_round_bound <= 512 && encoder_params::tmax < 32);

#define PUNY_AVX512_INLINE PUNY_AVX512_TARGET __attribute__((always_inline)) inline

// GCC 12's intrinsics pass an "undefined" vector to the builtins of shifts
// and narrowing casts, which -Wmaybe-uninitialized reports once inlined.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

/// tail[d] for 32-bit lanes d < 512: four 128-byte lookups chosen by d / 128.
PUNY_AVX512_INLINE __m512i label_encoder_tail(__m512i d) noexcept {
  const auto* t = reinterpret_cast<const __m512i*>(label_encoder_table.tail);
  const __m512i q0 = _mm512_permutex2var_epi8(_mm512_load_si512(t), d, _mm512_load_si512(t + 1));
  const __m512i q1 = _mm512_permutex2var_epi8(_mm512_load_si512(t + 2), d, _mm512_load_si512(t + 3));
  const __m512i q2 = _mm512_permutex2var_epi8(_mm512_load_si512(t + 4), d, _mm512_load_si512(t + 5));
  const __m512i q3 = _mm512_permutex2var_epi8(_mm512_load_si512(t + 6), d, _mm512_load_si512(t + 7));
  const __mmask16 h1 = _mm512_test_epi32_mask(d, _mm512_set1_epi32(128));
  const __mmask16 h2 = _mm512_test_epi32_mask(d, _mm512_set1_epi32(256));
  const __m512i low = _mm512_mask_mov_epi32(q0, h1, q1);
  const __m512i high = _mm512_mask_mov_epi32(q2, h1, q3);
  return _mm512_and_si512(_mm512_mask_mov_epi32(low, h2, high), _mm512_set1_epi32(0xFF));
}

/// Lane i of a bitonic stage takes the maximum when it is the upper lane of
/// its pair in an ascending block (blocks of k lanes, pairs j apart).
[[nodiscard]] constexpr unsigned bitonic_max_lanes(unsigned k, unsigned j) noexcept {
  unsigned m = 0;
  for (unsigned i = 0; i < 16; ++i) {
    if (((i & j) != 0) == ((i & k) == 0)) m |= 1u << i;
  }
  return m;
}

/// The encoder's operations on 32-bit lanes: 8 in a ymm register, 16 in a
/// zmm register.
template <unsigned Lanes>
struct encoder_lanes;

template <>
struct encoder_lanes<8> {
  using V = __m256i;
  using M = __mmask8;
  static constexpr unsigned n = 8;
  static PUNY_AVX512_INLINE V set1(int x) noexcept { return _mm256_set1_epi32(x); }
  static PUNY_AVX512_INLINE V iota() noexcept { return _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7); }
  static PUNY_AVX512_INLINE V add(V a, V b) noexcept { return _mm256_add_epi32(a, b); }
  static PUNY_AVX512_INLINE V add(V src, M k, V a, V b) noexcept { return _mm256_mask_add_epi32(src, k, a, b); }
  static PUNY_AVX512_INLINE V sub(V a, V b) noexcept { return _mm256_sub_epi32(a, b); }
  static PUNY_AVX512_INLINE V mullo(V a, V b) noexcept { return _mm256_mullo_epi32(a, b); }
  static PUNY_AVX512_INLINE V and_(V a, V b) noexcept { return _mm256_and_si256(a, b); }
  static PUNY_AVX512_INLINE V or_(V a, V b) noexcept { return _mm256_or_si256(a, b); }
  static PUNY_AVX512_INLINE V srli(V a, unsigned s) noexcept { return _mm256_srli_epi32(a, static_cast<int>(s)); }
  static PUNY_AVX512_INLINE V maskz_srli(M k, V a, unsigned s) noexcept {
    return _mm256_maskz_srli_epi32(k, a, static_cast<int>(s));
  }
  static PUNY_AVX512_INLINE V sllv(V a, V s) noexcept { return _mm256_sllv_epi32(a, s); }
  static PUNY_AVX512_INLINE V srlv(V a, V s) noexcept { return _mm256_srlv_epi32(a, s); }
  static PUNY_AVX512_INLINE V min(V a, V b) noexcept { return _mm256_min_epi32(a, b); }
  static PUNY_AVX512_INLINE V max(V a, V b) noexcept { return _mm256_max_epi32(a, b); }
  static PUNY_AVX512_INLINE V minu(V a, V b) noexcept { return _mm256_min_epu32(a, b); }
  static PUNY_AVX512_INLINE V maxu(V a, V b) noexcept { return _mm256_max_epu32(a, b); }
  static PUNY_AVX512_INLINE V popcnt(V a) noexcept { return _mm256_popcnt_epi32(a); }
  static PUNY_AVX512_INLINE V mulhi(V x, V m) noexcept {
    const V even = _mm256_mul_epu32(x, m);
    const V odd = _mm256_mul_epu32(_mm256_srli_epi64(x, 32), _mm256_srli_epi64(m, 32));
    return _mm256_mask_mov_epi32(_mm256_srli_epi64(even, 32), 0xAA, odd);
  }
  static PUNY_AVX512_INLINE M ge(V a, V b) noexcept { return _mm256_cmpge_epu32_mask(a, b); }
  static PUNY_AVX512_INLINE M ge(M k, V a, V b) noexcept { return _mm256_mask_cmpge_epu32_mask(k, a, b); }
  static PUNY_AVX512_INLINE V mov(V src, M k, V a) noexcept { return _mm256_mask_mov_epi32(src, k, a); }
  static PUNY_AVX512_INLINE V maskz(M k, V a) noexcept { return _mm256_maskz_mov_epi32(k, a); }
  /// Lane i gets a[i - By], the lanes below By get fill's top lanes.
  template <int By>
  static PUNY_AVX512_INLINE V up(V a, V fill) noexcept {
    return _mm256_alignr_epi32(a, fill, 8 - By);
  }
  /// table[idx & 31]
  static PUNY_AVX512_INLINE V lookup32(const std::uint32_t* table, V idx) noexcept {
    return _mm512_castsi512_si256(_mm512_permutex2var_epi32(_mm512_load_si512(table), _mm512_castsi256_si512(idx),
                                                            _mm512_load_si512(table + 16)));
  }
  static PUNY_AVX512_INLINE V tail(V d) noexcept {
    return _mm512_castsi512_si256(label_encoder_tail(_mm512_castsi256_si512(d)));
  }
  /// The active lanes' low bytes, 0xFF for the others (8 bytes used).
  static PUNY_AVX512_INLINE __m128i pack(M k, V a) noexcept {
    return _mm256_mask_cvtepi32_epi8(_mm_set1_epi8(-1), k, a);
  }
  static PUNY_AVX512_INLINE V stage(V v, V partner, unsigned take_max) noexcept {
    return mov(minu(v, partner), static_cast<M>(take_max), maxu(v, partner));
  }
  /// Ascending, by a bitonic network.
  static PUNY_AVX512_INLINE V sort(V v) noexcept {
    v = stage(v, _mm256_shuffle_epi32(v, 0xB1), bitonic_max_lanes(2, 1));
    v = stage(v, _mm256_shuffle_epi32(v, 0x4E), bitonic_max_lanes(4, 2));
    v = stage(v, _mm256_shuffle_epi32(v, 0xB1), bitonic_max_lanes(4, 1));
    v = stage(v, _mm256_shuffle_i32x4(v, v, 1), bitonic_max_lanes(8, 4));
    v = stage(v, _mm256_shuffle_epi32(v, 0x4E), bitonic_max_lanes(8, 2));
    v = stage(v, _mm256_shuffle_epi32(v, 0xB1), bitonic_max_lanes(8, 1));
    return v;
  }
  static PUNY_AVX512_INLINE V from(__m512i keys) noexcept { return _mm512_castsi512_si256(keys); }
};

template <>
struct encoder_lanes<16> {
  using V = __m512i;
  using M = __mmask16;
  static constexpr unsigned n = 16;
  static PUNY_AVX512_INLINE V set1(int x) noexcept { return _mm512_set1_epi32(x); }
  static PUNY_AVX512_INLINE V iota() noexcept {
    return _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  }
  static PUNY_AVX512_INLINE V add(V a, V b) noexcept { return _mm512_add_epi32(a, b); }
  static PUNY_AVX512_INLINE V add(V src, M k, V a, V b) noexcept { return _mm512_mask_add_epi32(src, k, a, b); }
  static PUNY_AVX512_INLINE V sub(V a, V b) noexcept { return _mm512_sub_epi32(a, b); }
  static PUNY_AVX512_INLINE V mullo(V a, V b) noexcept { return _mm512_mullo_epi32(a, b); }
  static PUNY_AVX512_INLINE V and_(V a, V b) noexcept { return _mm512_and_si512(a, b); }
  static PUNY_AVX512_INLINE V or_(V a, V b) noexcept { return _mm512_or_si512(a, b); }
  static PUNY_AVX512_INLINE V srli(V a, unsigned s) noexcept { return _mm512_srli_epi32(a, s); }
  static PUNY_AVX512_INLINE V maskz_srli(M k, V a, unsigned s) noexcept { return _mm512_maskz_srli_epi32(k, a, s); }
  static PUNY_AVX512_INLINE V sllv(V a, V s) noexcept { return _mm512_sllv_epi32(a, s); }
  static PUNY_AVX512_INLINE V srlv(V a, V s) noexcept { return _mm512_srlv_epi32(a, s); }
  static PUNY_AVX512_INLINE V min(V a, V b) noexcept { return _mm512_min_epi32(a, b); }
  static PUNY_AVX512_INLINE V max(V a, V b) noexcept { return _mm512_max_epi32(a, b); }
  static PUNY_AVX512_INLINE V minu(V a, V b) noexcept { return _mm512_min_epu32(a, b); }
  static PUNY_AVX512_INLINE V maxu(V a, V b) noexcept { return _mm512_max_epu32(a, b); }
  static PUNY_AVX512_INLINE V popcnt(V a) noexcept { return _mm512_popcnt_epi32(a); }
  static PUNY_AVX512_INLINE V mulhi(V x, V m) noexcept {
    const V even = _mm512_mul_epu32(x, m);
    const V odd = _mm512_mul_epu32(_mm512_srli_epi64(x, 32), _mm512_srli_epi64(m, 32));
    return _mm512_mask_mov_epi32(_mm512_srli_epi64(even, 32), 0xAAAA, odd);
  }
  static PUNY_AVX512_INLINE M ge(V a, V b) noexcept { return _mm512_cmpge_epu32_mask(a, b); }
  static PUNY_AVX512_INLINE M ge(M k, V a, V b) noexcept { return _mm512_mask_cmpge_epu32_mask(k, a, b); }
  static PUNY_AVX512_INLINE V mov(V src, M k, V a) noexcept { return _mm512_mask_mov_epi32(src, k, a); }
  static PUNY_AVX512_INLINE V maskz(M k, V a) noexcept { return _mm512_maskz_mov_epi32(k, a); }
  template <int By>
  static PUNY_AVX512_INLINE V up(V a, V fill) noexcept {
    return _mm512_alignr_epi32(a, fill, 16 - By);
  }
  static PUNY_AVX512_INLINE V lookup32(const std::uint32_t* table, V idx) noexcept {
    return _mm512_permutex2var_epi32(_mm512_load_si512(table), idx, _mm512_load_si512(table + 16));
  }
  static PUNY_AVX512_INLINE V tail(V d) noexcept { return label_encoder_tail(d); }
  static PUNY_AVX512_INLINE __m128i pack(M k, V a) noexcept {
    return _mm512_mask_cvtepi32_epi8(_mm_set1_epi8(-1), k, a);
  }
  static PUNY_AVX512_INLINE V stage(V v, V partner, unsigned take_max) noexcept {
    return mov(minu(v, partner), static_cast<M>(take_max), maxu(v, partner));
  }
  static PUNY_AVX512_INLINE V sort(V v) noexcept {
    v = stage(v, _mm512_shuffle_epi32(v, _MM_PERM_CDAB), bitonic_max_lanes(2, 1));
    v = stage(v, _mm512_shuffle_epi32(v, _MM_PERM_BADC), bitonic_max_lanes(4, 2));
    v = stage(v, _mm512_shuffle_epi32(v, _MM_PERM_CDAB), bitonic_max_lanes(4, 1));
    v = stage(v, _mm512_shuffle_i64x2(v, v, _MM_SHUFFLE(2, 3, 0, 1)), bitonic_max_lanes(8, 4));
    v = stage(v, _mm512_shuffle_epi32(v, _MM_PERM_BADC), bitonic_max_lanes(8, 2));
    v = stage(v, _mm512_shuffle_epi32(v, _MM_PERM_CDAB), bitonic_max_lanes(8, 1));
    v = stage(v, _mm512_shuffle_i64x2(v, v, _MM_SHUFFLE(1, 0, 3, 2)), bitonic_max_lanes(16, 8));
    v = stage(v, _mm512_shuffle_i64x2(v, v, _MM_SHUFFLE(2, 3, 0, 1)), bitonic_max_lanes(16, 4));
    v = stage(v, _mm512_shuffle_epi32(v, _MM_PERM_BADC), bitonic_max_lanes(16, 2));
    v = stage(v, _mm512_shuffle_epi32(v, _MM_PERM_CDAB), bitonic_max_lanes(16, 1));
    return v;
  }
  static PUNY_AVX512_INLINE V from(__m512i keys) noexcept { return keys; }
  /// Ascending, from a bitonic sequence (the half-cleaners of a merge).
  static PUNY_AVX512_INLINE V merge(V v) noexcept {
    v = stage(v, _mm512_shuffle_i64x2(v, v, _MM_SHUFFLE(1, 0, 3, 2)), bitonic_max_lanes(32, 8));
    v = stage(v, _mm512_shuffle_i64x2(v, v, _MM_SHUFFLE(2, 3, 0, 1)), bitonic_max_lanes(32, 4));
    v = stage(v, _mm512_shuffle_epi32(v, _MM_PERM_BADC), bitonic_max_lanes(32, 2));
    v = stage(v, _mm512_shuffle_epi32(v, _MM_PERM_CDAB), bitonic_max_lanes(32, 1));
    return v;
  }
};

/// One round j of §6.3's digit loop for every integer: with
/// t = clamp(36 (j + 1) - bias, 1, 26) an integer q >= t goes on with
/// (q - t) / (36 - t), and its digit is t + (q - t) mod (36 - t), which is
/// q - (36 - t) q' — and q itself for the last digit, where q' is 0.  The
/// digit values come back as bytes, 0xFF for integers already ended.
template <class L>
PUNY_AVX512_INLINE __m128i encode_digit_round(unsigned j, typename L::V bias, typename L::V& q,
                                              typename L::M& active) noexcept {
  using V = typename L::V;
  constexpr int base = encoder_params::base;
  const V t = L::min(L::max(L::sub(L::set1(static_cast<int>(base * (j + 1))), bias), L::set1(encoder_params::tmin)),
                     L::set1(encoder_params::tmax));
  const typename L::M more = L::ge(active, q, t);
  const V next = L::maskz_srli(more, L::mulhi(L::sub(q, t), L::lookup32(label_encoder_table.digit_m, t)), 3);
  const V value = L::sub(q, L::mullo(next, L::sub(L::set1(base), t)));
  const __m128i packed = L::pack(active, value);
  q = next;
  active = more;
  return packed;
}

/// What a block of integers passes to the next one, in its top lanes: the
/// last key's code point and position + 1 and the bias after its integer,
/// and in every lane the positions of all the block's keys and of the
/// basic code points.  Before the first block: initial_n, 0, initial_bias
/// and the basic code points.
template <class L>
struct encoder_carry {
  typename L::V c;
  typename L::V pos_next;
  typename L::V bias;
  typename L::V handled;
};

template <class L>
PUNY_AVX512_INLINE encoder_carry<L> encoder_start(std::uint32_t basic_mask) noexcept {
  return {L::set1(static_cast<int>(encoder_params::initial_n)), L::set1(0), L::set1(encoder_params::initial_bias),
          L::set1(static_cast<int>(basic_mask))};
}

/// The integers of m (1..L::n) non-basic code points, given as their keys
/// value << 5 | position sorted (keys past m all ones), `first` integers
/// after the first one and after `basic` basic code points: their digit
/// values in output order, 8 bytes per integer, 0xFF past an integer's
/// end, in lo (integers 0-7) and hi (8-15).  False when a delta is beyond
/// this path.
template <class L>
PUNY_AVX512_INLINE bool encode_label_integers(typename L::V keys, unsigned m, unsigned first, unsigned basic,
                                              encoder_carry<L>& carry, __m512i& lo, __m512i& hi) noexcept {
  using V = typename L::V;
  using M = typename L::M;
  const auto& tab = label_encoder_table;
  const V one = L::set1(1);
  const V zero = L::set1(0);
  const V c = L::srli(keys, 5);
  const V bit = L::sllv(one, L::and_(keys, L::set1(31)));
  // Handled code points before p when (c, p) comes up: the basic ones and
  // the earlier keys' positions below p.
  V seen = L::template up<1>(bit, zero);
  seen = L::or_(seen, L::template up<1>(seen, zero));
  seen = L::or_(seen, L::template up<2>(seen, zero));
  seen = L::or_(seen, L::template up<4>(seen, zero));
  if constexpr (L::n == 16) seen = L::or_(seen, L::template up<8>(seen, zero));
  seen = L::or_(seen, carry.handled);
  const V pos = L::popcnt(L::and_(seen, L::sub(bit, one)));
  // §6.3's delta in closed form: h + 1 rounds per step of n, plus the
  // handled code points between the previous insertion and this one.
  const V np = L::add(L::iota(), L::set1(static_cast<int>(basic + first + 1)));
  const V pos_next = L::add(pos, one);
  const V delta = L::add(L::mullo(L::sub(c, L::template up<1>(c, carry.c)), np),
                         L::sub(pos, L::template up<1>(pos_next, carry.pos_next)));
  // §6.1 for every delta at once.  With D = damp for the first delta and 2
  // for the others, "delta /= D; delta += delta / numpoints" is
  // floor(delta / D) + floor(delta / (D numpoints)): two independent
  // multiplies.  (mulhi32 by 2^31 is the halving.)
  const V np_less_one = L::sub(np, one);
  const M damped{first == 0 ? M{1} : M{0}};
  const V m1 = L::mov(L::set1(static_cast<int>(0x80000000u)), damped, L::set1(static_cast<int>(tab.damp.m)));
  const V s1 = L::mov(zero, damped, L::set1(static_cast<int>(tab.damp.s)));
  const V m2 = L::mov(L::lookup32(tab.half_np_m, np_less_one), damped, L::set1(static_cast<int>(tab.damp_np[basic].m)));
  const V s2 = L::mov(L::lookup32(tab.half_np_s, np_less_one), damped, L::set1(static_cast<int>(tab.damp_np[basic].s)));
  V d = L::add(L::srlv(L::mulhi(delta, m1), s1), L::srlv(L::mulhi(delta, m2), s2));
  // The loop "while delta > 455: delta /= 35" runs r = #{j : d >= 456 35^j}
  // times; the candidate quotients are computed side by side.  r = 4 needs
  // a delta above 2^24 in a short label: the portable encoder takes those.
  const M valid = static_cast<M>(_bzhi_u32(0xFFFFu, m));
  constexpr std::uint32_t step = encoder_step;
  constexpr std::uint32_t bound = encoder_round_bound;
  const M r1 = L::ge(d, L::set1(bound));
  const M r2 = L::ge(d, L::set1(bound * step));
  const M r3 = L::ge(d, L::set1(bound * step * step));
  if (L::ge(valid, d, L::set1(bound * step * step * step)) != 0) return false;
  constexpr reciprocal32 by_step = reciprocal32_for(step);
  constexpr reciprocal32 by_step2 = reciprocal32_for(step * step);
  constexpr reciprocal32 by_step3 = reciprocal32_for(step * step * step);
  const V f1 = L::srli(L::mulhi(d, L::set1(static_cast<int>(by_step.m))), by_step.s);
  const V f2 = L::srli(L::mulhi(d, L::set1(static_cast<int>(by_step2.m))), by_step2.s);
  const V f3 = L::srli(L::mulhi(d, L::set1(static_cast<int>(by_step3.m))), by_step3.s);
  d = L::mov(L::mov(L::mov(d, r1, f1), r2, f2), r3, f3);
  const V base = L::set1(encoder_params::base);
  V rounds = L::maskz(r1, base);
  rounds = L::add(rounds, r2, rounds, base);
  rounds = L::add(rounds, r3, rounds, base);
  // Integer k's bias is §6.1 of delta k - 1; the first's is initial_bias.
  const V next_bias = L::add(rounds, L::tail(d));
  const V bias = L::template up<1>(next_bias, carry.bias);
  // Only the 32-integer path reads the carry of the last block; its top
  // lanes are right when the block is full.
  carry = {c, pos_next, next_bias, L::or_(seen, bit)};
  V q = delta;
  M active = valid;
  const __m128i d0 = encode_digit_round<L>(0, bias, q, active);
  const __m128i d1 = encode_digit_round<L>(1, bias, q, active);
  const __m128i d2 = encode_digit_round<L>(2, bias, q, active);
  // Real labels' integers have at most three digits (88 % of the corpus
  // labels) or four (10 %); at most eight in any label of this path.
  __m128i d3 = _mm_set1_epi8(-1);
  __m128i d4 = d3;
  __m128i d5 = d3;
  __m128i d6 = d3;
  __m128i d7 = d3;
  if (active != 0) {
    d3 = encode_digit_round<L>(3, bias, q, active);
    if (active != 0) {
      d4 = encode_digit_round<L>(4, bias, q, active);
      d5 = encode_digit_round<L>(5, bias, q, active);
      d6 = encode_digit_round<L>(6, bias, q, active);
      d7 = encode_digit_round<L>(7, bias, q, active);
      if (active != 0) return false;
    }
  }
  if constexpr (L::n == 8) {
    const __m256i a = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_unpacklo_epi64(d0, d1)),
                                              _mm_unpacklo_epi64(d2, d3), 1);
    const __m256i b = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_unpacklo_epi64(d4, d5)),
                                              _mm_unpacklo_epi64(d6, d7), 1);
    lo = _mm512_permutexvar_epi8(_mm512_load_si512(tab.transpose8),
                                 _mm512_inserti64x4(_mm512_castsi256_si512(a), b, 1));
    hi = _mm512_set1_epi8(-1);
  } else {
    __m512i a = _mm512_castsi128_si512(d0);
    a = _mm512_inserti32x4(a, d1, 1);
    a = _mm512_inserti32x4(a, d2, 2);
    a = _mm512_inserti32x4(a, d3, 3);
    __m512i b = _mm512_castsi128_si512(d4);
    b = _mm512_inserti32x4(b, d5, 1);
    b = _mm512_inserti32x4(b, d6, 2);
    b = _mm512_inserti32x4(b, d7, 3);
    lo = _mm512_permutex2var_epi8(a, _mm512_load_si512(tab.transpose16), b);
    hi = _mm512_permutex2var_epi8(a, _mm512_load_si512(tab.transpose16 + 64), b);
  }
  return true;
}

/// §5: digit values 0..25 are a..z, 26..35 are 0..9.
PUNY_AVX512_INLINE __m512i punycode_digit_chars(__m512i values) noexcept {
  const __m512i letters = _mm512_add_epi8(values, _mm512_set1_epi8('a'));
  return _mm512_mask_sub_epi8(letters, _mm512_cmpge_epu8_mask(values, _mm512_set1_epi8(26)), letters,
                              _mm512_set1_epi8('a' - '0' + 26));
}

/// Writes the basic code points of c0:c1 (at basic_mask), the delimiter
/// if there are any, and the digit values of `Regs` registers (0xFF for
/// none), when all of it fits: §6.3's output.  Its length, or 0 when it
/// does not fit.
template <unsigned Regs>
PUNY_AVX512_INLINE std::size_t store_encoded(__m512i c0, __m512i c1, std::uint32_t basic_mask, unsigned basic,
                                      const __m512i* digits, std::span<char> out) noexcept {
  const __m512i none = _mm512_set1_epi8(-1);
  std::uint64_t present[Regs];
  unsigned count[Regs];
  const unsigned start = basic + (basic != 0 ? 1u : 0u);
  std::size_t total = start;
  for (unsigned j = 0; j < Regs; ++j) {
    present[j] = _mm512_cmpneq_epi8_mask(digits[j], none);
    count[j] = static_cast<unsigned>(std::popcount(present[j]));
    total += count[j];
  }
  if (total > out.size()) return 0;
  const __m256i bytes = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm512_cvtepi32_epi8(c0)),
                                                _mm512_cvtepi32_epi8(c1), 1);
  const __m512i literal = _mm512_mask_mov_epi8(_mm512_maskz_compress_epi8(basic_mask, _mm512_castsi256_si512(bytes)),
                                               std::uint64_t{1} << basic, _mm512_set1_epi8('-'));
  const std::uint64_t all = ~std::uint64_t{0};
  _mm512_mask_storeu_epi8(out.data(), _bzhi_u64(all, start), literal);
  char* at = out.data() + start;
  for (unsigned j = 0; j < Regs; ++j) {
    _mm512_mask_storeu_epi8(at, _bzhi_u64(all, count[j]),
                            _mm512_maskz_compress_epi8(present[j], punycode_digit_chars(digits[j])));
    at += count[j];
  }
  return total;
}

/// encode_label_avx512 for 1 to 16 code points (Long false) or 17 to 32.
template <bool Long>
PUNY_AVX512_INLINE std::size_t encode_label_avx512_sized(std::span<const char32_t> in, std::span<char> out) noexcept {
  const auto n = static_cast<unsigned>(in.size());
  // The input, read with masks: nothing past its end is touched.
  const std::uint32_t in_mask = _bzhi_u32(0xFFFFFFFFu, n);
  const auto in0 = static_cast<__mmask16>(in_mask);
  const auto in1 = static_cast<__mmask16>(Long ? in_mask >> 16 : 0);
  const __m512i c0 = _mm512_maskz_loadu_epi32(in0, in.data());
  const __m512i c1 = Long ? _mm512_maskz_loadu_epi32(in1, in.data() + 16) : _mm512_setzero_si512();
  const __m512i x80 = _mm512_set1_epi32(0x80);
  const std::uint32_t basic_mask = std::uint32_t{_mm512_mask_cmplt_epu32_mask(in0, c0, x80)} |
                                   (std::uint32_t{_mm512_mask_cmplt_epu32_mask(in1, c1, x80)} << 16);
  const std::uint32_t extended = in_mask & ~basic_mask;
  const auto e0 = static_cast<__mmask16>(extended);
  const auto e1 = static_cast<__mmask16>(extended >> 16);
  // Surrogates and values past U+10FFFF: the portable encoder reports them.
  const __m512i top = _mm512_set1_epi32(0x10FFFF);
  const __m512i surrogates = _mm512_set1_epi32(0xD800);
  const __m512i surrogate_count = _mm512_set1_epi32(0x800);
  const std::uint32_t bad = _mm512_mask_cmpgt_epu32_mask(e0, c0, top) | _mm512_mask_cmpgt_epu32_mask(e1, c1, top) |
                            _mm512_mask_cmplt_epu32_mask(e0, _mm512_sub_epi32(c0, surrogates), surrogate_count) |
                            _mm512_mask_cmplt_epu32_mask(e1, _mm512_sub_epi32(c1, surrogates), surrogate_count);
  const auto m = static_cast<unsigned>(std::popcount(extended));
  if (bad != 0) return 0;
  const unsigned basic = n - m;
  // Keys of the non-basic code points, each half in position order, all
  // ones after.
  const __m512i iota = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  const __m512i ones = _mm512_set1_epi32(-1);
  const __m512i keys0 = _mm512_mask_compress_epi32(ones, e0, _mm512_or_si512(_mm512_slli_epi32(c0, 5), iota));
  const __m512i keys1 = _mm512_mask_compress_epi32(
      ones, e1, _mm512_or_si512(_mm512_slli_epi32(c1, 5), _mm512_add_epi32(iota, _mm512_set1_epi32(16))));
  const __m512i none = _mm512_set1_epi8(-1);
  __m512i digits[4] = {none, none, none, none};
  using L8 = encoder_lanes<8>;
  using L16 = encoder_lanes<16>;
  if (Long && m > 16) {
    // Two sorted halves merged by a bitonic network: the second reversed,
    // lane-wise minimum and maximum, then each half sorted by half-cleaners.
    const __m512i reversed = _mm512_permutexvar_epi32(_mm512_sub_epi32(_mm512_set1_epi32(15), iota), L16::sort(keys1));
    const __m512i sorted0 = L16::sort(keys0);
    encoder_carry<L16> carry = encoder_start<L16>(basic_mask);
    if (!encode_label_integers<L16>(L16::merge(_mm512_min_epu32(sorted0, reversed)), 16, 0, basic, carry, digits[0],
                                    digits[1])) {
      return 0;
    }
    carry.handled = _mm512_permutexvar_epi32(_mm512_set1_epi32(15), carry.handled);
    if (!encode_label_integers<L16>(L16::merge(_mm512_max_epu32(sorted0, reversed)), m - 16, 16, basic, carry,
                                    digits[2], digits[3])) {
      return 0;
    }
    return store_encoded<4>(c0, c1, basic_mask, basic, digits, out);
  }
  if (m != 0) {
    // The two halves' keys side by side.
    __m512i keys = keys0;
    if constexpr (Long) {
      const auto m0 = static_cast<unsigned>(std::popcount(extended & 0xFFFFu));
      keys = _mm512_mask_expand_epi32(keys0, static_cast<__mmask16>(_bzhi_u32(0xFFFFu, m) & ~_bzhi_u32(0xFFFFu, m0)),
                                      keys1);
    }
    bool ok;
    if (m <= 8) {
      encoder_carry<L8> carry = encoder_start<L8>(basic_mask);
      ok = encode_label_integers<L8>(L8::sort(L8::from(keys)), m, 0, basic, carry, digits[0], digits[1]);
    } else {
      encoder_carry<L16> carry = encoder_start<L16>(basic_mask);
      ok = encode_label_integers<L16>(L16::sort(keys), m, 0, basic, carry, digits[0], digits[1]);
    }
    if (!ok) return 0;
  }
  return store_encoded<2>(c0, c1, basic_mask, basic, digits, out);
}

/// Encodes 1 to 32 code points as Punycode (the §5 parameters) without case
/// flags.  Returns the length written, exactly that many characters; or 0,
/// writing nothing, when the portable encoder must decide (every encoding
/// of one or more code points has a character).  A length, not a result
/// through a reference: the caller reads it from a register, not from a
/// store it cannot forward.
PUNY_AVX512_TARGET inline std::size_t encode_label_avx512(std::span<const char32_t> in, std::span<char> out) noexcept {
  const std::size_t size = in.size();
  if (size - 1 >= 32) return 0;
  return size <= 16 ? encode_label_avx512_sized<false>(in, out) : encode_label_avx512_sized<true>(in, out);
}

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

#undef PUNY_AVX512_INLINE

}  // namespace puny::detail

#endif
