// puny — UTF-8 from scalar values, 4 at a time, with AArch64's Advanced
// SIMD.  Private to the library: src/simd/neon.cpp compiles it, and
// ToUnicode (src/idna/to_unicode.cpp) reaches it through simd_dispatch.hpp.
//
// The scheme of simd/avx2/utf8_writer.hpp on one 128-bit register: each
// code point's UTF-8 is built in its 32-bit lane for all four lengths at
// once (RFC 3629 §3), the lane keeps the one its value asks for, and one
// TBL whose control comes from a table indexed by the four lengths packs
// the bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "simd/implementations.hpp"
#include "simd/utf8_pack_table.hpp"

#if defined(PUNY_SIMD_NEON)
#include <arm_neon.h>

namespace puny::detail {

// The packing controls (utf8_pack) are simd/utf8_pack_table.hpp's.

/// The UTF-8 of four code points (RFC 3629 §3), packed: its bytes and
/// their number.  Lanes of 0 count one byte each.
struct utf8_block {
  uint8x16_t bytes;
  std::size_t count;
};

[[gnu::always_inline]] inline utf8_block utf8_neon_block(uint32x4_t c) noexcept {
  const uint32x4_t six_bits = vdupq_n_u32(0x3F);
  const uint32x4_t continuation = vdupq_n_u32(0x80);
  // Lane i's length - 1 shifted to bits 2i: a multiply-add across lanes.
  const uint32x4_t lane_weight = {1, 4, 16, 64};
  const uint32x4_t b0 = vorrq_u32(vandq_u32(c, six_bits), continuation);
  const uint32x4_t b1 = vorrq_u32(vandq_u32(vshrq_n_u32(c, 6), six_bits), continuation);
  const uint32x4_t b2 = vorrq_u32(vandq_u32(vshrq_n_u32(c, 12), six_bits), continuation);
  const uint32x4_t two = vorrq_u32(vorrq_u32(vshrq_n_u32(c, 6), vdupq_n_u32(0xC0)), vshlq_n_u32(b0, 8));
  const uint32x4_t three = vorrq_u32(vorrq_u32(vshrq_n_u32(c, 12), vdupq_n_u32(0xE0)),
                                     vorrq_u32(vshlq_n_u32(b1, 8), vshlq_n_u32(b0, 16)));
  const uint32x4_t four =
      vorrq_u32(vorrq_u32(vshrq_n_u32(c, 18), vdupq_n_u32(0xF0)),
                vorrq_u32(vshlq_n_u32(b2, 8), vorrq_u32(vshlq_n_u32(b1, 16), vshlq_n_u32(b0, 24))));
  const uint32x4_t at_least2 = vcgtq_u32(c, vdupq_n_u32(0x7F));
  const uint32x4_t at_least3 = vcgtq_u32(c, vdupq_n_u32(0x7FF));
  const uint32x4_t is4 = vcgtq_u32(c, vdupq_n_u32(0xFFFF));
  uint32x4_t bytes = vbslq_u32(at_least2, two, c);
  bytes = vbslq_u32(at_least3, three, bytes);
  bytes = vbslq_u32(is4, four, bytes);
  // Each all-ones mask is -1: their negated sum is the length - 1.
  const uint32x4_t length_less_one =
      vreinterpretq_u32_s32(vnegq_s32(vreinterpretq_s32_u32(vaddq_u32(vaddq_u32(at_least2, at_least3), is4))));
  const unsigned index = vaddvq_u32(vmulq_u32(length_less_one, lane_weight));
  return {vqtbl1q_u8(vreinterpretq_u8_u32(bytes), vld1q_u8(utf8_pack.control[index].data())), utf8_pack.bytes[index]};
}

/// Writes the UTF-8 of the n scalar values at `in` to `out`, which has room
/// for 4 n bytes, and returns the bytes written; nothing past them is
/// touched.
inline std::size_t write_utf8_neon(const char32_t* in, std::size_t n, char* out) noexcept {
  const auto* src = reinterpret_cast<const std::uint32_t*>(in);
  auto* at = reinterpret_cast<std::uint8_t*>(out);
  std::size_t i = 0;
  // A whole 16-byte store leaves up to 12 bytes of the next block's place
  // written: safe while at least 12 more code points follow, each of which
  // writes a byte there.
  for (; i + 16 <= n; i += 4) {
    const utf8_block b = utf8_neon_block(vld1q_u32(src + i));
    vst1q_u8(at, b.bytes);
    at += b.count;
  }
  if (i == n) return static_cast<std::size_t>(at - reinterpret_cast<std::uint8_t*>(out));
  // The last 1 to 15 code points: the same whole stores into a buffer here,
  // then exactly their bytes to the output.  The last block's lanes past
  // the input are 0 (TBL gives 0 from index 16 on), one byte each, not
  // counted.
  alignas(16) std::uint8_t tail[64];
  std::size_t t = 0;
  for (; i < n; i += 4) {
    const std::size_t left = n - i;
    uint32x4_t c;
    if (left >= 4) {
      c = vld1q_u32(src + i);
    } else if (n >= 4) {
      // The four code points that end the input, moved down 4 - left lanes.
      static constexpr std::uint8_t iota[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
      const uint8x16_t from = vaddq_u8(vld1q_u8(iota), vdupq_n_u8(static_cast<std::uint8_t>(4 * (4 - left))));
      c = vreinterpretq_u32_u8(vqtbl1q_u8(vreinterpretq_u8_u32(vld1q_u32(src + n - 4)), from));
    } else {
      c = vsetq_lane_u32(src[i], vdupq_n_u32(0), 0);
      if (left > 1) c = vsetq_lane_u32(src[i + 1], c, 1);
      if (left > 2) c = vsetq_lane_u32(src[i + 2], c, 2);
    }
    const utf8_block b = utf8_neon_block(c);
    vst1q_u8(tail + t, b.bytes);
    t += b.count - (left < 4 ? 4 - left : 0);
  }
  // 1 to 60 bytes, with stores inside them: whole 16-byte blocks and one
  // that ends with the bytes, or two overlapping shorter ones.
  if (t >= 16) {
    for (std::size_t j = 0; j + 16 <= t; j += 16) vst1q_u8(at + j, vld1q_u8(tail + j));
    vst1q_u8(at + t - 16, vld1q_u8(tail + t - 16));
  } else if (t >= 8) {
    vst1_u8(at, vld1_u8(tail));
    vst1_u8(at + t - 8, vld1_u8(tail + t - 8));
  } else if (t >= 4) {
    std::memcpy(at, tail, 4);
    std::memcpy(at + t - 4, tail + t - 4, 4);
  } else {
    at[0] = tail[0];
    at[t >> 1] = tail[t >> 1];
    at[t - 1] = tail[t - 1];
  }
  return static_cast<std::size_t>(at + t - reinterpret_cast<std::uint8_t*>(out));
}

}  // namespace puny::detail

#endif
