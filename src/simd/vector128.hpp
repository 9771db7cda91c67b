// puny — the 128-bit vector operations of the ASCII fast path
// (src/idna/ascii_fast_path.cpp), on the two instruction sets every build
// of its target has: SSE2 (every x86-64 CPU) and WebAssembly SIMD128 (the
// JS package's module, built with -msimd128).  Both are baseline features
// of their targets, so they need no run-time dispatch (src/simd/dispatch
// selects the optional kernels, AVX-512).  Internal.
//
// PUNY_VECTOR128 is defined when one of them is available.  Each function
// is one instruction, or two, on both; the names say what they do to the
// 16 bytes (or 8 16-bit lanes) of a vector.
#pragma once

#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#define PUNY_VECTOR128 1
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
