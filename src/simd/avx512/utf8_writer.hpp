// puny — UTF-8 from scalar values, 16 at a time, on cores with AVX-512
// VBMI2 (the label codecs' requirement, simd/avx512/target.hpp).
// Private to the library: src/simd/avx512.cpp compiles it, and ToUnicode
// (src/idna/to_unicode.cpp) reaches it through simd_dispatch.hpp.
//
// ToUnicode writes every processed domain out as UTF-8; one code point at
// a time that is a branch per code point on its length, which mixed
// ASCII and non-ASCII domains mispredict.  Here each code point's UTF-8 is
// built in its 32-bit lane for all four lengths at once, the lane keeps
// the one its value asks for, and VPCOMPRESSB packs the bytes in order.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>

#include "simd/avx512/target.hpp"

#if defined(PUNY_SIMD_AVX512)

namespace puny::detail {

// GCC 12's intrinsics pass an "undefined" vector to the builtins of shifts,
// which -Wmaybe-uninitialized reports once inlined.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

/// Writes the UTF-8 of the n scalar values at `in` to `out`, which has room
/// for 4 n bytes, and returns the bytes written; nothing past them is
/// touched.
PUNY_AVX512_TARGET inline std::size_t write_utf8_avx512(const char32_t* in, std::size_t n, char* out) noexcept {
  char* at = out;
  const __m512i six_bits = _mm512_set1_epi32(0x3F);
  const __m512i continuation = _mm512_set1_epi32(0x80);
  for (std::size_t i = 0; i < n; i += 16) {
    const auto take = static_cast<__mmask16>(_bzhi_u32(0xFFFFu, static_cast<unsigned>(n - i < 16 ? n - i : 16)));
    const __m512i c = _mm512_maskz_loadu_epi32(take, in + i);
    // The continuation bytes 10xxxxxx of bits 0-5, 6-11 and 12-17.
    const __m512i b0 = _mm512_or_si512(_mm512_and_si512(c, six_bits), continuation);
    const __m512i b1 = _mm512_or_si512(_mm512_and_si512(_mm512_srli_epi32(c, 6), six_bits), continuation);
    const __m512i b2 = _mm512_or_si512(_mm512_and_si512(_mm512_srli_epi32(c, 12), six_bits), continuation);
    // Lead byte first (RFC 3629 §3), one dword per code point.
    const __m512i two = _mm512_or_si512(_mm512_or_si512(_mm512_srli_epi32(c, 6), _mm512_set1_epi32(0xC0)),
                                        _mm512_slli_epi32(b0, 8));
    const __m512i three =
        _mm512_or_si512(_mm512_or_si512(_mm512_srli_epi32(c, 12), _mm512_set1_epi32(0xE0)),
                        _mm512_or_si512(_mm512_slli_epi32(b1, 8), _mm512_slli_epi32(b0, 16)));
    const __m512i four = _mm512_or_si512(
        _mm512_or_si512(_mm512_srli_epi32(c, 18), _mm512_set1_epi32(0xF0)),
        _mm512_or_si512(_mm512_slli_epi32(b2, 8), _mm512_or_si512(_mm512_slli_epi32(b1, 16), _mm512_slli_epi32(b0, 24))));
    const __mmask16 at_least2 = _mm512_cmpge_epu32_mask(c, _mm512_set1_epi32(0x80));
    const __mmask16 at_least3 = _mm512_cmpge_epu32_mask(c, _mm512_set1_epi32(0x800));
    const __mmask16 is4 = _mm512_cmpge_epu32_mask(c, _mm512_set1_epi32(0x10000));
    __m512i bytes = _mm512_mask_mov_epi32(c, at_least2, two);
    bytes = _mm512_mask_mov_epi32(bytes, at_least3, three);
    bytes = _mm512_mask_mov_epi32(bytes, is4, four);
    __m512i used = _mm512_maskz_mov_epi32(take, _mm512_set1_epi32(0xFF));
    used = _mm512_mask_mov_epi32(used, at_least2, _mm512_set1_epi32(0xFFFF));
    used = _mm512_mask_mov_epi32(used, at_least3, _mm512_set1_epi32(0xFFFFFF));
    used = _mm512_mask_mov_epi32(used, is4, _mm512_set1_epi32(-1));
    const std::uint64_t keep = _mm512_test_epi8_mask(used, used);
    const auto count = static_cast<unsigned>(std::popcount(keep));
    _mm512_mask_storeu_epi8(at, _bzhi_u64(~std::uint64_t{0}, count), _mm512_maskz_compress_epi8(keep, bytes));
    at += count;
  }
  return static_cast<std::size_t>(at - out);
}

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

}  // namespace puny::detail

#endif
