// puny — UTF-8 from scalar values, 8 at a time, on x86-64-v3 cores (AVX2:
// simd/avx2/target.hpp).  Private to the library: src/simd/avx2.cpp
// compiles it, and ToUnicode (src/idna/to_unicode.cpp) reaches it through
// simd_dispatch.hpp.
//
// Why: as for the AVX-512 writer, one code point at a time is a branch per
// code point on its length, which mixed ASCII and non-ASCII names
// mispredict.  Here each code point's UTF-8 is built in its 32-bit lane for
// all four lengths at once (RFC 3629 §3) and the lane keeps the one its
// value asks for.  AVX2 has no byte compress, so each 128-bit half packs
// its four lanes with one PSHUFB whose control comes from a table indexed
// by the four lengths (2 bits each, 256 entries).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "simd/avx2/target.hpp"
#include "simd/utf8_pack_table.hpp"

#if defined(PUNY_SIMD_AVX2)

namespace puny::detail {

// The packing controls (utf8_pack) are simd/utf8_pack_table.hpp's.

/// [m]: the 8 bits of m spread to bits 0, 2, 4, ... 14 — what PDEP with
/// 0x5555 gives, from a table because PDEP is microcoded (tens to hundreds
/// of cycles) on Zen 1 and Zen 2, AVX2 cores this writer is for.
struct utf8_spread_table {
  std::uint16_t v[256];
  static constexpr utf8_spread_table make() noexcept {
    utf8_spread_table t{};
    for (unsigned m = 0; m < 256; ++m) {
      for (unsigned bit = 0; bit < 8; ++bit) t.v[m] = static_cast<std::uint16_t>(t.v[m] | (((m >> bit) & 1u) << (2 * bit)));
    }
    return t;
  }
};

inline constexpr utf8_spread_table utf8_spread = utf8_spread_table::make();

/// The sign bits of eight 32-bit lanes, lane i's at bit 2i.
PUNY_AVX2_TARGET __attribute__((always_inline)) inline unsigned utf8_lanes_spread(__m256i mask) noexcept {
  return utf8_spread.v[static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(mask)))];
}

/// Writes the UTF-8 of the n scalar values at `in` to `out`, which has room
/// for 4 n bytes, and returns the bytes written; nothing past them is
/// touched.
PUNY_AVX2_TARGET inline std::size_t write_utf8_avx2(const char32_t* in, std::size_t n, char* out) noexcept {
  char* at = out;
  const __m256i six_bits = _mm256_set1_epi32(0x3F);
  const __m256i continuation = _mm256_set1_epi32(0x80);
  for (std::size_t i = 0; i < n; i += 8) {
    const std::size_t left = n - i;
    __m256i c;
    if (left >= 8) {
      c = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in + i));
    } else {
      // Lanes past the input read nothing and count for no byte below.
      const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
      const __m256i take = _mm256_cmpgt_epi32(_mm256_set1_epi32(static_cast<int>(left)), lane);
      c = _mm256_maskload_epi32(reinterpret_cast<const int*>(in + i), take);
    }
    // The continuation bytes 10xxxxxx of bits 0-5, 6-11 and 12-17.
    const __m256i b0 = _mm256_or_si256(_mm256_and_si256(c, six_bits), continuation);
    const __m256i b1 = _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi32(c, 6), six_bits), continuation);
    const __m256i b2 = _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi32(c, 12), six_bits), continuation);
    const __m256i two = _mm256_or_si256(_mm256_or_si256(_mm256_srli_epi32(c, 6), _mm256_set1_epi32(0xC0)),
                                        _mm256_slli_epi32(b0, 8));
    const __m256i three =
        _mm256_or_si256(_mm256_or_si256(_mm256_srli_epi32(c, 12), _mm256_set1_epi32(0xE0)),
                        _mm256_or_si256(_mm256_slli_epi32(b1, 8), _mm256_slli_epi32(b0, 16)));
    const __m256i four = _mm256_or_si256(
        _mm256_or_si256(_mm256_srli_epi32(c, 18), _mm256_set1_epi32(0xF0)),
        _mm256_or_si256(_mm256_slli_epi32(b2, 8), _mm256_or_si256(_mm256_slli_epi32(b1, 16), _mm256_slli_epi32(b0, 24))));
    // Scalar values are below 2^21: the signed compares are exact.
    const __m256i at_least2 = _mm256_cmpgt_epi32(c, _mm256_set1_epi32(0x7F));
    const __m256i at_least3 = _mm256_cmpgt_epi32(c, _mm256_set1_epi32(0x7FF));
    const __m256i is4 = _mm256_cmpgt_epi32(c, _mm256_set1_epi32(0xFFFF));
    __m256i bytes = _mm256_blendv_epi8(c, two, at_least2);
    bytes = _mm256_blendv_epi8(bytes, three, at_least3);
    bytes = _mm256_blendv_epi8(bytes, four, is4);
    // Lane i's length - 1 in bits 2i and 2i + 1: the three sign-bit masks
    // spread to two bits a lane and added (at most 3: no carry out).
    const unsigned index = utf8_lanes_spread(at_least2) + utf8_lanes_spread(at_least3) + utf8_lanes_spread(is4);
    const unsigned low = index & 0xFF;
    const unsigned high = index >> 8;
    const __m256i control = _mm256_inserti128_si256(
        _mm256_castsi128_si256(_mm_load_si128(reinterpret_cast<const __m128i*>(utf8_pack.control[low].data()))),
        _mm_load_si128(reinterpret_cast<const __m128i*>(utf8_pack.control[high].data())), 1);
    const __m256i packed = _mm256_shuffle_epi8(bytes, control);
    const std::size_t low_bytes = utf8_pack.bytes[low];
    // Lanes past the input are zero, one byte each, and are not counted.
    const std::size_t high_bytes = left >= 8 ? utf8_pack.bytes[high] : 0;
    std::size_t count = low_bytes + high_bytes;
    if (left < 8) {
      count = 0;
      for (std::size_t lane = 0; lane < left; ++lane) count += ((index >> (2 * lane)) & 3) + 1;
    }
    // Whole 16-byte stores leave up to 12 bytes of the next block's place
    // written: safe when at least 12 more code points follow, each of which
    // writes a byte there.  Otherwise exactly `count` bytes are copied, so
    // nothing past the result is touched.
    if (left >= 8 + 12) {
      _mm_storeu_si128(reinterpret_cast<__m128i*>(at), _mm256_castsi256_si128(packed));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(at + low_bytes), _mm256_extracti128_si256(packed, 1));
    } else {
      alignas(32) char staged[32];
      _mm_store_si128(reinterpret_cast<__m128i*>(staged), _mm256_castsi256_si128(packed));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(staged + low_bytes), _mm256_extracti128_si256(packed, 1));
      std::memcpy(at, staged, count);
    }
    at += count;
  }
  return static_cast<std::size_t>(at - out);
}

}  // namespace puny::detail

#endif
