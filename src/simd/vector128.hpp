// puny — the 128-bit vector operations of the ASCII fast path
// (src/idna/ascii_fast_path.cpp), on the three instruction sets every build
// of its target has: SSE2 (every x86-64 CPU), AArch64's Advanced SIMD
// (NEON, in every Armv8-A core) and WebAssembly SIMD128 (the JS package's
// module, built with -msimd128).  Each is a baseline feature of its target,
// so none needs run-time dispatch (src/simd/dispatch selects the optional
// kernels, AVX-512 and AVX2).  Internal.
//
// PUNY_VECTOR128 is defined when one of them is available.  Each function
// is one instruction, or two, on all three — but bitmask8, which NEON has
// no instruction for (no PMOVMSKB): five there; the names say what they do
// to the 16 bytes (or 8 16-bit lanes) of a vector.
#pragma once

#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#define PUNY_VECTOR128 1
#elif defined(__aarch64__) && defined(__ARM_NEON) && defined(__ORDER_LITTLE_ENDIAN__) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
// Little-endian only, as src/simd/implementations.hpp: the 64-bit lane
// views below take bytes 0-7 as the low half.
#include <arm_neon.h>
#define PUNY_VECTOR128 1
#define PUNY_VECTOR128_NEON 1
#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>
#define PUNY_VECTOR128 1
#endif

#if defined(PUNY_VECTOR128)

namespace puny::detail::v128 {

#if defined(__SSE2__)

using vec = __m128i;

[[gnu::always_inline]] inline vec splat8(char c) noexcept { return _mm_set1_epi8(c); }
[[gnu::always_inline]] inline vec zero() noexcept { return _mm_setzero_si128(); }
[[gnu::always_inline]] inline vec add8(vec a, vec b) noexcept { return _mm_add_epi8(a, b); }
/// 0xFF where the signed byte of a is less than b's.
[[gnu::always_inline]] inline vec lt8(vec a, vec b) noexcept { return _mm_cmplt_epi8(a, b); }
[[gnu::always_inline]] inline vec eq8(vec a, vec b) noexcept { return _mm_cmpeq_epi8(a, b); }
[[gnu::always_inline]] inline vec or_(vec a, vec b) noexcept { return _mm_or_si128(a, b); }
[[gnu::always_inline]] inline vec and_(vec a, vec b) noexcept { return _mm_and_si128(a, b); }
/// a & ~b.
[[gnu::always_inline]] inline vec and_not(vec a, vec b) noexcept { return _mm_andnot_si128(b, a); }
/// Bit i: the top bit of byte i.
[[gnu::always_inline]] inline unsigned bitmask8(vec a) noexcept { return static_cast<unsigned>(_mm_movemask_epi8(a)); }
/// The low 8 bytes of each, as one vector.
[[gnu::always_inline]] inline vec low_halves(vec a, vec b) noexcept { return _mm_unpacklo_epi64(a, b); }
/// The high 8 bytes of a in the low half.
[[gnu::always_inline]] inline vec high_half(vec a) noexcept { return _mm_unpackhi_epi64(a, a); }
[[gnu::always_inline]] inline vec load8(const void* p) noexcept {
  return _mm_loadl_epi64(static_cast<const __m128i*>(p));
}
[[gnu::always_inline]] inline vec load16(const void* p) noexcept {
  return _mm_loadu_si128(static_cast<const __m128i*>(p));
}
[[gnu::always_inline]] inline void store8(void* p, vec a) noexcept { _mm_storel_epi64(static_cast<__m128i*>(p), a); }
[[gnu::always_inline]] inline void store16(void* p, vec a) noexcept { _mm_storeu_si128(static_cast<__m128i*>(p), a); }
/// The 16 signed 16-bit lanes of a and b as unsigned bytes, saturated: a
/// lane of 0x100 to 0x7FFF gives 0xFF, a negative one (0x8000 to 0xFFFF) 0.
[[gnu::always_inline]] inline vec narrow16(vec a, vec b) noexcept { return _mm_packus_epi16(a, b); }
/// The low (high) 8 bytes of a, zero-extended to 16-bit lanes.
[[gnu::always_inline]] inline vec widen_low(vec a) noexcept { return _mm_unpacklo_epi8(a, zero()); }
[[gnu::always_inline]] inline vec widen_high(vec a) noexcept { return _mm_unpackhi_epi8(a, zero()); }

#elif defined(PUNY_VECTOR128_NEON)

using vec = uint8x16_t;

[[gnu::always_inline]] inline vec splat8(char c) noexcept { return vdupq_n_u8(static_cast<std::uint8_t>(c)); }
[[gnu::always_inline]] inline vec zero() noexcept { return vdupq_n_u8(0); }
[[gnu::always_inline]] inline vec add8(vec a, vec b) noexcept { return vaddq_u8(a, b); }
[[gnu::always_inline]] inline vec lt8(vec a, vec b) noexcept {
  return vcltq_s8(vreinterpretq_s8_u8(a), vreinterpretq_s8_u8(b));
}
[[gnu::always_inline]] inline vec eq8(vec a, vec b) noexcept { return vceqq_u8(a, b); }
[[gnu::always_inline]] inline vec or_(vec a, vec b) noexcept { return vorrq_u8(a, b); }
[[gnu::always_inline]] inline vec and_(vec a, vec b) noexcept { return vandq_u8(a, b); }
[[gnu::always_inline]] inline vec and_not(vec a, vec b) noexcept { return vbicq_u8(a, b); }
/// No movemask on NEON: each byte's top bit spread to the whole byte, kept
/// at its bit's weight within its half, and the halves summed by three
/// pairwise adds, which leave the two mask bytes at the bottom.
[[gnu::always_inline]] inline unsigned bitmask8(vec a) noexcept {
  static constexpr std::uint8_t weights[16] = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
  const vec top = vreinterpretq_u8_s8(vshrq_n_s8(vreinterpretq_s8_u8(a), 7));
  vec sum = vandq_u8(top, vld1q_u8(weights));
  sum = vpaddq_u8(sum, sum);
  sum = vpaddq_u8(sum, sum);
  sum = vpaddq_u8(sum, sum);
  return vgetq_lane_u16(vreinterpretq_u16_u8(sum), 0);
}
[[gnu::always_inline]] inline vec low_halves(vec a, vec b) noexcept {
  return vreinterpretq_u8_u64(vzip1q_u64(vreinterpretq_u64_u8(a), vreinterpretq_u64_u8(b)));
}
[[gnu::always_inline]] inline vec high_half(vec a) noexcept {
  return vreinterpretq_u8_u64(vdupq_laneq_u64(vreinterpretq_u64_u8(a), 1));
}
[[gnu::always_inline]] inline vec load8(const void* p) noexcept {
  return vcombine_u8(vld1_u8(static_cast<const std::uint8_t*>(p)), vdup_n_u8(0));
}
[[gnu::always_inline]] inline vec load16(const void* p) noexcept {
  return vld1q_u8(static_cast<const std::uint8_t*>(p));
}
[[gnu::always_inline]] inline void store8(void* p, vec a) noexcept {
  vst1_u8(static_cast<std::uint8_t*>(p), vget_low_u8(a));
}
[[gnu::always_inline]] inline void store16(void* p, vec a) noexcept { vst1q_u8(static_cast<std::uint8_t*>(p), a); }
/// SQXTUN: signed 16-bit lanes to unsigned bytes, saturated, as PACKUSWB.
[[gnu::always_inline]] inline vec narrow16(vec a, vec b) noexcept {
  return vcombine_u8(vqmovun_s16(vreinterpretq_s16_u8(a)), vqmovun_s16(vreinterpretq_s16_u8(b)));
}
[[gnu::always_inline]] inline vec widen_low(vec a) noexcept { return vreinterpretq_u8_u16(vmovl_u8(vget_low_u8(a))); }
[[gnu::always_inline]] inline vec widen_high(vec a) noexcept { return vreinterpretq_u8_u16(vmovl_high_u8(a)); }

#else  // __wasm_simd128__

using vec = v128_t;

[[gnu::always_inline]] inline vec splat8(char c) noexcept { return wasm_i8x16_splat(c); }
[[gnu::always_inline]] inline vec zero() noexcept { return wasm_i64x2_const(0, 0); }
[[gnu::always_inline]] inline vec add8(vec a, vec b) noexcept { return wasm_i8x16_add(a, b); }
[[gnu::always_inline]] inline vec lt8(vec a, vec b) noexcept { return wasm_i8x16_lt(a, b); }
[[gnu::always_inline]] inline vec eq8(vec a, vec b) noexcept { return wasm_i8x16_eq(a, b); }
[[gnu::always_inline]] inline vec or_(vec a, vec b) noexcept { return wasm_v128_or(a, b); }
[[gnu::always_inline]] inline vec and_(vec a, vec b) noexcept { return wasm_v128_and(a, b); }
[[gnu::always_inline]] inline vec and_not(vec a, vec b) noexcept { return wasm_v128_andnot(a, b); }
[[gnu::always_inline]] inline unsigned bitmask8(vec a) noexcept { return static_cast<unsigned>(wasm_i8x16_bitmask(a)); }
[[gnu::always_inline]] inline vec low_halves(vec a, vec b) noexcept { return wasm_i64x2_shuffle(a, b, 0, 2); }
[[gnu::always_inline]] inline vec high_half(vec a) noexcept { return wasm_i64x2_shuffle(a, a, 1, 1); }
[[gnu::always_inline]] inline vec load8(const void* p) noexcept { return wasm_v128_load64_zero(p); }
[[gnu::always_inline]] inline vec load16(const void* p) noexcept { return wasm_v128_load(p); }
[[gnu::always_inline]] inline void store8(void* p, vec a) noexcept { wasm_v128_store64_lane(p, a, 0); }
[[gnu::always_inline]] inline void store16(void* p, vec a) noexcept { wasm_v128_store(p, a); }
[[gnu::always_inline]] inline vec narrow16(vec a, vec b) noexcept { return wasm_u8x16_narrow_i16x8(a, b); }
[[gnu::always_inline]] inline vec widen_low(vec a) noexcept { return wasm_u16x8_extend_low_u8x16(a); }
[[gnu::always_inline]] inline vec widen_high(vec a) noexcept { return wasm_u16x8_extend_high_u8x16(a); }

#endif

}  // namespace puny::detail::v128

#endif  // PUNY_VECTOR128
