// puny — Punycode label decoders for AArch64's Advanced SIMD (NEON), in
// every Armv8-A core.  Private to the library: src/simd/neon.cpp compiles
// it, and the codecs reach it through simd_dispatch.hpp.
//
// The design of simd/avx512/label_decoder.hpp (read its comment first) on
// 16-byte vectors and general registers.  RFC 3492 §6.2 spends its time on
// the chain from one integer to the next; for the biases real labels reach
// (at most 46) every threshold after an integer's first is tmax, so:
//
//  * an integer at p has one digit when w1 < 36 - dv[p], and otherwise
//    ends at the first letter after p, with the value
//    dv[p] + w1 (d1 + 10 d2 + 100 d3 + 1000 d4): the tails in brackets,
//    where the next integer starts (the nexts) and 36 - dv (the thr) are
//    computed for every position at once with vector operations before the
//    chain, from shifted copies of the digit-values (EXT) and of the
//    positions where integers can end;
//  * the next w1 = clamp(bias, 10, 35) is one byte load from a table
//    indexed by numpoints and delta (0 for a bias above 46, which takes
//    the general four-threshold step instead).
//
// So each integer costs on its chain a compare, two conditional selects, a
// multiply-add that forms the table address, and a byte load; the common
// step is written in assembly (neon_fast_steps).  The output order is kept
// as byte ids in two registers (labels of up to 32 characters) or four,
// and each insertion at §6.2's index i is one table lookup (TBL) per 16
// ids and a select of the new id: no element moves in memory.  The code
// points are written once, in order, from the ids at the end.
//
// NEON has no masked load: the input is read with whole loads that stay
// inside it (overlapping ones at the end) and TBL shifts their bytes into
// place, padding past the end with zeros; nothing outside the input is
// read, nothing outside the code points returned is written.  Two widths:
// 1 to 32 characters, and 33 to 63 (every Punycode label DNS allows).
// Anything unusual — an empty or non-basic literal, no digits, a bad
// digit, an integer of more than five digits or truncated, a surrogate or
// a value past U+10FFFF, an output without room — makes it return 0, and
// the portable decoder reports the error or decodes the label.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

#include "puny/detail/arithmetic.hpp"
#include "puny/detail/codec_common.hpp"
#include "puny/detail/label_tables.hpp"
#include "puny/detail/simd_dispatch.hpp"
#include "simd/implementations.hpp"
#include "simd/next_weight_table.hpp"

#if defined(PUNY_SIMD_NEON)
#include <arm_neon.h>

namespace puny::detail {

static_assert(decode_kernel_limit == 32 && decode_long_kernel_limit == 63, "the widths of the two NEON decoders");

// The next-weight table (punycode_next_w1_table) is simd/next_weight_table.hpp's,
// shared with the other decoders.

/// v[at]: the TBL indices that insert an id at `at` into W ids (§6.2's
/// "insert n into output at position i"): the ids below `at` stay, the
/// others move up one, and index W, past the ids, marks the place of the
/// new id.
template <std::size_t W>
struct neon_insert_rows {
  alignas(16) std::uint8_t v[W][W];

  static constexpr neon_insert_rows make() noexcept {
    neon_insert_rows t{};
    for (std::size_t at = 0; at < W; ++at) {
      for (std::size_t j = 0; j < W; ++j) t.v[at][j] = static_cast<std::uint8_t>(j < at ? j : j == at ? W : j - 1);
    }
    return t;
  }
};

template <std::size_t W>
inline constexpr neon_insert_rows<W> neon_insert_table = neon_insert_rows<W>::make();

/// What the decoder of labels of up to W characters computes before its
/// chain, per input position p.
template <std::size_t W>
struct neon_decode_frame {
  alignas(16) std::uint8_t dv[W + 16];  // digit-values; 35 past the end, which ends no integer
  alignas(16) std::uint8_t thr[W];      // 36 - dv[p]: the integer at p has one digit when w1 < thr[p]
  alignas(16) std::uint8_t nexts[W];    // where a multi-digit integer at p ends, plus one; 0xC0 for none
  alignas(16) std::uint16_t tails[W];   // d[p+1] + 10 d[p+2] + 100 d[p+3] + 1000 d[p+4], cut after a letter
  alignas(16) std::uint32_t cps[W];     // the code point of each output id
};

/// The input (W / 16 vectors, zero past its end) and what the scan learns.
template <std::size_t W>
struct neon_label_scan {
  uint8x16_t x[W / 16];
  std::uint64_t letters;  // letters among the digits
  unsigned first;         // past the last delimiter; 0 without one
  unsigned basic;         // the basic code points before it
  bool ok;                // false: the portable decoder decides
};

/// 0xFF/0x00 byte masks of four vectors to one bit per byte: bits 0-15 from
/// a, 16-31 from b, 32-47 from c, 48-63 from d.  NEON has no movemask: each
/// byte keeps its bit's weight, and three rounds of pairwise adds sum each
/// group of eight bytes into one.
[[gnu::always_inline]] inline std::uint64_t neon_bits(uint8x16_t a, uint8x16_t b, uint8x16_t c,
                                                      uint8x16_t d) noexcept {
  static constexpr std::uint8_t weights[16] = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
  const uint8x16_t w = vld1q_u8(weights);
  const uint8x16_t ab = vpaddq_u8(vandq_u8(a, w), vandq_u8(b, w));
  const uint8x16_t cd = vpaddq_u8(vandq_u8(c, w), vandq_u8(d, w));
  const uint8x16_t abcd = vpaddq_u8(ab, cd);
  return vgetq_lane_u64(vreinterpretq_u64_u8(vpaddq_u8(abcd, abcd)), 0);
}

/// Byte j of the result is index + j.
[[gnu::always_inline]] inline uint8x16_t neon_iota(unsigned index) noexcept {
  static constexpr std::uint8_t iota[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
  return vaddq_u8(vld1q_u8(iota), vdupq_n_u8(static_cast<std::uint8_t>(index)));
}

/// The first `size` bytes at p (1 to 16), zero after them, read only
/// inside them: two overlapping loads of 8, 4 or 1 bytes, and TBL moves the
/// second load's bytes to their places (indices past the table give 0).
[[gnu::always_inline]] inline uint8x16_t neon_load_short(const char* p, std::size_t size) noexcept {
  const auto* u = reinterpret_cast<const std::uint8_t*>(p);
  if (size == 16) return vld1q_u8(u);
  const uint8x16_t iota = neon_iota(0);
  if (size >= 8) {
    // Byte j >= 8 is byte j - (size - 8) of the second load, at 16 + j - size.
    const uint8x16_t both = vcombine_u8(vld1_u8(u), vld1_u8(u + size - 8));
    const uint8x16_t high = vcgeq_u8(iota, vdupq_n_u8(8));
    return vqtbl1q_u8(both, vaddq_u8(iota, vandq_u8(high, vdupq_n_u8(static_cast<std::uint8_t>(16 - size)))));
  }
  if (size >= 4) {
    std::uint32_t a;
    std::uint32_t b;
    std::memcpy(&a, u, 4);
    std::memcpy(&b, u + size - 4, 4);
    const uint8x16_t both = vreinterpretq_u8_u64(vcombine_u64(vcreate_u64(a | std::uint64_t{b} << 32), vcreate_u64(0)));
    const uint8x16_t high = vcgeq_u8(iota, vdupq_n_u8(4));
    return vqtbl1q_u8(both, vaddq_u8(iota, vandq_u8(high, vdupq_n_u8(static_cast<std::uint8_t>(8 - size)))));
  }
  const std::size_t mid = size >> 1;
  const std::uint64_t bytes = std::uint64_t{u[0]} | std::uint64_t{u[mid]} << (8 * mid) |
                              std::uint64_t{u[size - 1]} << (8 * (size - 1));
  return vreinterpretq_u8_u64(vcombine_u64(vcreate_u64(bytes), vcreate_u64(0)));
}

/// Reads the input, splits it at the last delimiter (§6.2: the basic code
/// points are everything before it) and finds its letters.  Not ok for an
/// empty literal (a delimiter first), a non-basic literal, a character
/// that is no digit (§5, case-insensitive) or nothing to decode.
template <std::size_t W>
[[gnu::always_inline]] inline neon_label_scan<W> neon_scan_label(std::span<const char> in) noexcept {
  neon_label_scan<W> s;
  const std::size_t size = in.size();
  const auto* u = reinterpret_cast<const std::uint8_t*>(in.data());
  if constexpr (W == 32) {
    if (size >= 16) {
      // Bytes 16.. come from a load that ends with the input: byte 16 + j
      // is its byte 32 + j - size (TBL gives 0 from index 16 on).
      s.x[0] = vld1q_u8(u);
      s.x[1] = vqtbl1q_u8(vld1q_u8(u + size - 16), neon_iota(static_cast<unsigned>(32 - size)));
    } else {
      s.x[0] = neon_load_short(in.data(), size);
      s.x[1] = vdupq_n_u8(0);
    }
  } else {
    // 33 to 63 bytes: bytes 32.. from the two loads that end with the input.
    s.x[0] = vld1q_u8(u);
    s.x[1] = vld1q_u8(u + 16);
    const uint8x16x2_t tail = {{vld1q_u8(u + size - 32), vld1q_u8(u + size - 16)}};
    s.x[2] = vqtbl2q_u8(tail, neon_iota(static_cast<unsigned>(64 - size)));
    s.x[3] = vqtbl2q_u8(tail, neon_iota(static_cast<unsigned>(80 - size)));
  }
  uint8x16_t dash[4];
  uint8x16_t high[4];
  uint8x16_t letter[4];
  uint8x16_t decimal[4];
  for (std::size_t r = 0; r < 4; ++r) {
    if (r < W / 16) {
      const uint8x16_t x = s.x[r];
      dash[r] = vceqq_u8(x, vdupq_n_u8('-'));
      high[r] = vcgeq_u8(x, vdupq_n_u8(0x80));
      letter[r] = vcltq_u8(vsubq_u8(vorrq_u8(x, vdupq_n_u8(0x20)), vdupq_n_u8('a')), vdupq_n_u8(26));
      decimal[r] = vcltq_u8(vsubq_u8(x, vdupq_n_u8('0')), vdupq_n_u8(10));
    }
  }
  std::uint64_t dashes;
  std::uint64_t highs;
  std::uint64_t letters;
  std::uint64_t decimals;
  if constexpr (W == 32) {
    const std::uint64_t dh = neon_bits(dash[0], dash[1], high[0], high[1]);
    const std::uint64_t ld = neon_bits(letter[0], letter[1], decimal[0], decimal[1]);
    dashes = dh & 0xFFFFFFFFu;
    highs = dh >> 32;
    letters = ld & 0xFFFFFFFFu;
    decimals = ld >> 32;
  } else {
    dashes = neon_bits(dash[0], dash[1], dash[2], dash[3]);
    highs = neon_bits(high[0], high[1], high[2], high[3]);
    letters = neon_bits(letter[0], letter[1], letter[2], letter[3]);
    decimals = neon_bits(decimal[0], decimal[1], decimal[2], decimal[3]);
  }
  // The zero bytes past the end are neither dashes, letters nor decimals.
  const std::uint64_t in_mask = (std::uint64_t{1} << size) - 1;  // size <= 63
  s.first = dashes != 0 ? static_cast<unsigned>(64 - std::countl_zero(dashes)) : 0u;
  s.basic = s.first - (dashes != 0 ? 1u : 0u);
  const std::uint64_t literal = (std::uint64_t{1} << s.basic) - 1;
  const std::uint64_t digits = in_mask & ~((std::uint64_t{1} << s.first) - 1);
  s.letters = letters & digits;
  s.ok = !((dashes == 1) | ((highs & literal) != 0) | ((digits & ~(letters | decimals)) != 0) | (digits == 0));
  return s;
}

/// Fills the frame from the input's vectors: the digit-values, the thr,
/// the tails and the nexts for the positions of the first R vectors (the
/// input's), and the basic code points as the first ids' code points;
/// digit-values of 35 after them.
template <std::size_t W, std::size_t R>
[[gnu::always_inline]] inline void neon_fill_frame(neon_decode_frame<W>& fr, const neon_label_scan<W>& s,
                                                   std::size_t size) noexcept {
  static_assert(R <= W / 16);
  uint8x16_t dv[R + 1];
  uint8x16_t ends[R + 1];
  const uint8x16_t v35 = vdupq_n_u8(35);
  const uint8x16_t first = vdupq_n_u8(static_cast<std::uint8_t>(s.first));
  const uint8x16_t end = vdupq_n_u8(static_cast<std::uint8_t>(size));
  for (std::size_t r = 0; r <= R; ++r) {
    const uint8x16_t iota = neon_iota(static_cast<unsigned>(16 * r));
    if (r < R) {
      // §5: a-z and A-Z are 0-25, 0-9 are 26-35; 35 for anything else and
      // past the end (the scan has declined non-digits among the digits).
      const uint8x16_t x = s.x[r];
      const uint8x16_t letter_value = vsubq_u8(vorrq_u8(x, vdupq_n_u8(0x20)), vdupq_n_u8('a'));
      const uint8x16_t letter = vcltq_u8(letter_value, vdupq_n_u8(26));
      const uint8x16_t number = vsubq_u8(x, vdupq_n_u8('0'));
      const uint8x16_t decimal = vcltq_u8(number, vdupq_n_u8(10));
      dv[r] = vbslq_u8(letter, letter_value, vbslq_u8(decimal, vaddq_u8(number, vdupq_n_u8(26)), v35));
      // Where an integer can end: a letter among the digits, and a sentinel
      // at the end, which a truncated integer runs into.
      ends[r] = vorrq_u8(vandq_u8(letter, vcgeq_u8(iota, first)), vceqq_u8(iota, end));
      vst1q_u8(fr.dv + 16 * r, dv[r]);
      vst1q_u8(fr.thr + 16 * r, vsubq_u8(vdupq_n_u8(36), dv[r]));
    } else {
      dv[r] = v35;
      ends[r] = vceqq_u8(iota, end);
      for (std::size_t pad = r; pad <= W / 16; ++pad) vst1q_u8(fr.dv + 16 * pad, v35);
    }
  }
  for (std::size_t r = 0; r < R; ++r) {
    const uint8x16_t e1 = vextq_u8(ends[r], ends[r + 1], 1);  // an integer can end at p + 1
    const uint8x16_t e2 = vextq_u8(ends[r], ends[r + 1], 2);
    const uint8x16_t e3 = vextq_u8(ends[r], ends[r + 1], 3);
    const uint8x16_t e4 = vextq_u8(ends[r], ends[r + 1], 4);
    const uint8x16_t reach2 = vmvnq_u8(e1);  // a multi-digit integer at p has a digit at p + 2
    const uint8x16_t reach3 = vbicq_u8(reach2, e2);
    const uint8x16_t reach4 = vbicq_u8(reach3, e3);
    const uint8x16_t none = vbicq_u8(reach4, e4);  // more than five digits, or truncated
    const uint8x16_t d1 = vextq_u8(dv[r], dv[r + 1], 1);
    const uint8x16_t d2 = vandq_u8(vextq_u8(dv[r], dv[r + 1], 2), reach2);
    const uint8x16_t d3 = vandq_u8(vextq_u8(dv[r], dv[r + 1], 3), reach3);
    const uint8x16_t d4 = vandq_u8(vextq_u8(dv[r], dv[r + 1], 4), reach4);
    // At most 35 + 350 + 3500 + 35000: 16-bit lanes.  The four terms side
    // by side rather than by Horner's rule: the first integers wait for them.
    const uint8x16_t ten = vdupq_n_u8(10);
    const uint8x16_t hundred = vdupq_n_u8(100);
    uint16x8_t low = vmlal_u8(vmovl_u8(vget_low_u8(d1)), vget_low_u8(d2), vget_low_u8(ten));
    low = vmlal_u8(low, vget_low_u8(d3), vget_low_u8(hundred));
    low = vmlaq_n_u16(low, vmovl_u8(vget_low_u8(d4)), 1000);
    uint16x8_t high = vmlal_high_u8(vmovl_high_u8(d1), d2, ten);
    high = vmlal_high_u8(high, d3, hundred);
    high = vmlaq_n_u16(high, vmovl_high_u8(d4), 1000);
    vst1q_u16(fr.tails + 16 * r, low);
    vst1q_u16(fr.tails + 16 * r + 8, high);
    // p + 2 past a letter at p + 1, one more for each position reached.
    uint8x16_t next = vaddq_u8(neon_iota(static_cast<unsigned>(16 * r)), vdupq_n_u8(2));
    next = vsubq_u8(vsubq_u8(next, reach2), vaddq_u8(reach3, reach4));
    vst1q_u8(fr.nexts + 16 * r, vbslq_u8(none, vdupq_n_u8(0xC0), next));
    // The basic code points' ids are their positions.
    const uint8x16_t x = s.x[r];
    const uint16x8_t x_low = vmovl_u8(vget_low_u8(x));
    const uint16x8_t x_high = vmovl_high_u8(x);
    vst1q_u32(fr.cps + 16 * r, vmovl_u16(vget_low_u16(x_low)));
    vst1q_u32(fr.cps + 16 * r + 4, vmovl_high_u16(x_low));
    vst1q_u32(fr.cps + 16 * r + 8, vmovl_u16(vget_low_u16(x_high)));
    vst1q_u32(fr.cps + 16 * r + 12, vmovl_high_u16(x_high));
  }
}

/// The output's ids in §6.2's order: W bytes in W / 16 registers.
template <std::size_t W>
struct neon_ids;

template <>
struct neon_ids<32> {
  uint8x16x2_t v;

  /// Inserts id at `at`, moving the ids from there up one: TBL over the two
  /// registers (index 32, past them, gives 0), and the new id where the
  /// index is 32.  (A TBL over three registers with the new id's as the
  /// third made GCC 12 copy all three into place for every integer.)
  [[gnu::always_inline]] void insert(std::size_t at, std::uint64_t id) noexcept {
    const std::uint8_t* row = neon_insert_table<32>.v[at];
    const uint8x16_t fresh = vdupq_n_u8(static_cast<std::uint8_t>(id));
    const uint8x16_t past = vdupq_n_u8(32);
    const uint8x16_t low = vld1q_u8(row);
    const uint8x16_t high = vld1q_u8(row + 16);
    const uint8x16_t low_ids = vbslq_u8(vceqq_u8(low, past), fresh, vqtbl2q_u8(v, low));
    const uint8x16_t high_ids = vbslq_u8(vceqq_u8(high, past), fresh, vqtbl2q_u8(v, high));
    v.val[0] = low_ids;
    v.val[1] = high_ids;
  }
  [[gnu::always_inline]] uint8x16_t get(std::size_t r) const noexcept { return v.val[r]; }
  [[gnu::always_inline]] void set(std::size_t r, uint8x16_t x) noexcept { v.val[r] = x; }
};

template <>
struct neon_ids<64> {
  uint8x16x4_t v;

  /// As neon_ids<32>, over four registers, the new id where the index is 64.
  [[gnu::always_inline]] void insert(std::size_t at, std::uint64_t id) noexcept {
    const std::uint8_t* row = neon_insert_table<64>.v[at];
    const uint8x16_t fresh = vdupq_n_u8(static_cast<std::uint8_t>(id));
    const uint8x16_t past = vdupq_n_u8(64);
    uint8x16_t out[4];
    for (std::size_t r = 0; r < 4; ++r) {
      const uint8x16_t index = vld1q_u8(row + 16 * r);
      out[r] = vbslq_u8(vceqq_u8(index, past), fresh, vqtbl4q_u8(v, index));
    }
    v.val[0] = out[0];
    v.val[1] = out[1];
    v.val[2] = out[2];
    v.val[3] = out[3];
  }
  [[gnu::always_inline]] uint8x16_t get(std::size_t r) const noexcept { return v.val[r]; }
  [[gnu::always_inline]] void set(std::size_t r, uint8x16_t x) noexcept { v.val[r] = x; }
};

// The constants written into neon_fast_steps' assembly.
static_assert(punycode_next_w1::rows == 1120 && sizeof(small_np_table.m[0]) == 8);
static_assert(sizeof(neon_insert_rows<32>::v[0]) == 32 && sizeof(neon_insert_rows<64>::v[0]) == 64);
static_assert(sizeof(neon_decode_frame<32>::tails[0]) == 2 && sizeof(neon_decode_frame<32>::cps[0]) == 4);

/// How neon_fast_steps stopped.
enum class neon_fast_stop : std::uint64_t {
  done,         // the count ran out, or the input did
  general,      // an integer was taken and the next bias is above 46
  delta_large,  // an integer's delta is past the table: it is still to take
};

// The common step in assembly, as in the AVX-512 decoder: compiled from
// C++, GCC 12 spent about 60 instructions per integer on it (it copied the
// ids into fresh registers for every TBL, which needs consecutive ones,
// and made a flag of the loop's condition), against 41 here for 32-byte
// labels.  The ids live in v28-v29 (v24-v27 for 64-byte labels) while it
// runs, and the temporaries in fixed registers: GCC allows 30 operands.  Per integer at p, with d0 = dv[p]:
//   delta = d0 + (w1 < thr[p] ? 0 : w1 * tails[p]),
//   p = w1 < thr[p] ? p + 1 : nexts[p],
//   (q, r) = delta divided by np = len + 1, s = i + r, and when s >= np,
//   s -= np and q += 1: §6.2's n += (i + delta) / np, i = (i + delta) % np,
//   n stored as the code point of id len, the id inserted at s, i = s + 1,
//   len += 1, w1 = row[delta], row moved on by a row.
// Registers: x9 the tail, then s; x10 nexts[p], then np; x11 thr[p], then
// np's reciprocal; x12 d0, then s - np; v16-v23 the rows and the TBL
// results, v30 W, v31 the new id.
#define PUNY_NEON_FAST_STEP_HEAD                                                     \
  "1:\n\t"                                                                          \
  "ldrb w12, [%[dv], %[p]]\n\t"                                                     \
  "ldrh w9, [%[tails], %[p], lsl #1]\n\t"                                           \
  "ldrb w11, [%[thr], %[p]]\n\t"                                                    \
  "ldrb w10, [%[nexts], %[p]]\n\t"                                                  \
  "cmp %[w1], x11\n\t" /* one digit when w1 < thr[p]: p + 1, no tail */             \
  "csinc %[p], x10, %[p], hs\n\t"                                                   \
  "csel x9, x9, xzr, hs\n\t"                                                        \
  "madd %[d], x9, %[w1], x12\n\t"                                                   \
  "cmp %[d], #1119\n\t"                                                             \
  "b.hi 3f\n\t"                                                                     \
  "ldrb %w[w1], [%[row], %[d]]\n\t"                                                 \
  "add x10, %[len], #1\n\t" /* np, and delta = q np + r by its reciprocal */        \
  "ldr x11, [%[mt], x10, lsl #3]\n\t"                                               \
  "mul %[q], %[d], x11\n\t"                                                         \
  "lsr %[q], %[q], #34\n\t"                                                         \
  "msub x9, %[q], x10, %[d]\n\t"                                                    \
  "add x9, x9, %[i]\n\t" /* s = i + r, less np (and one more for n) from np on */   \
  "sub x12, x9, x10\n\t"                                                            \
  "cmp x9, x10\n\t"                                                                 \
  "csel x9, x12, x9, hs\n\t"                                                        \
  "cinc %[q], %[q], hs\n\t"                                                         \
  "add %[n], %[n], %[q]\n\t"                                                        \
  "str %w[n], [%[cps], %[len], lsl #2]\n\t"                                         \
  "add %[i], x9, #1\n\t"                                                            \
  "dup v31.16b, %w[len]\n\t"                                                        \
  "add %[len], %[len], #1\n\t"                                                      \
  "add %[row], %[row], #1120\n\t"

#define PUNY_NEON_FAST_STEP_TAIL   \
  "cbz %[w1], 2f\n\t"              \
  "subs %[left], %[left], #1\n\t"  \
  "b.eq 4f\n\t"                    \
  "cmp %[p], %[size]\n\t"          \
  "b.lo 1b\n\t"                    \
  "4:\n\t"                         \
  "mov %[q], #0\n\t"               \
  "b 5f\n\t"                       \
  "2:\n\t"                         \
  "sub %[left], %[left], #1\n\t"   \
  "mov %[q], #1\n\t"               \
  "b 5f\n\t"                       \
  "3:\n\t"                         \
  "mov %[q], #2\n\t"               \
  "5:\n\t"

/// The fast steps; see the comment above.  On delta_large, delta is in
/// `delta` and p has moved; the rest is the caller's.  On general, delta
/// is in `delta`, the integer is taken and w1 is 0.
template <std::size_t W>
[[gnu::always_inline]] inline neon_fast_stop neon_fast_steps(neon_decode_frame<W>& fr, std::uint64_t size,
                                                             std::uint64_t& p, std::uint64_t& w1, std::uint64_t& i,
                                                             std::uint64_t& n, std::uint64_t& len,
                                                             const std::uint8_t*& row, std::uint64_t& left,
                                                             std::uint64_t& delta, neon_ids<W>& ids) noexcept {
  std::uint64_t q;
  // The ids pass through memory: one load and one store of them per call.
  alignas(16) std::uint8_t order[W];
  for (std::size_t r = 0; r < W / 16; ++r) vst1q_u8(order + 16 * r, ids.get(r));
#define PUNY_NEON_FAST_STEP_OPERANDS                                                                         \
  [p] "+r"(p), [w1] "+r"(w1), [i] "+r"(i), [n] "+r"(n), [len] "+r"(len), [row] "+r"(row), [left] "+r"(left), \
      [d] "=&r"(delta), [q] "=&r"(q)
#define PUNY_NEON_FAST_STEP_INPUTS                                                                   \
  [dv] "r"(fr.dv), [tails] "r"(fr.tails), [thr] "r"(fr.thr), [nexts] "r"(fr.nexts), [cps] "r"(fr.cps), \
      [rows] "r"(neon_insert_table<W>.v), [mt] "r"(small_np_table.m), [size] "r"(size), [order] "r"(order)
  if constexpr (W == 32) {
    __asm__ volatile(
        "ld1 {v28.16b, v29.16b}, [%[order]]\n\t"
        "movi v30.16b, #32\n\t" PUNY_NEON_FAST_STEP_HEAD
        // The insertion at s: TBL by the row of s, and the new id where
        // the row says 32.
        "add x10, %[rows], x9, lsl #5\n\t"
        "ldp q16, q17, [x10]\n\t"
        "tbl v20.16b, {v28.16b, v29.16b}, v16.16b\n\t"
        "tbl v21.16b, {v28.16b, v29.16b}, v17.16b\n\t"
        "cmeq v16.16b, v16.16b, v30.16b\n\t"
        "cmeq v17.16b, v17.16b, v30.16b\n\t"
        "bsl v16.16b, v31.16b, v20.16b\n\t"
        "bsl v17.16b, v31.16b, v21.16b\n\t"
        "mov v28.16b, v16.16b\n\t"
        "mov v29.16b, v17.16b\n\t" PUNY_NEON_FAST_STEP_TAIL
        "st1 {v28.16b, v29.16b}, [%[order]]"
        : PUNY_NEON_FAST_STEP_OPERANDS
        : PUNY_NEON_FAST_STEP_INPUTS
        : "cc", "memory", "x9", "x10", "x11", "x12", "v16", "v17", "v20", "v21", "v28", "v29", "v30", "v31");
  } else {
    __asm__ volatile(
        "ld1 {v24.16b, v25.16b, v26.16b, v27.16b}, [%[order]]\n\t"
        "movi v30.16b, #64\n\t" PUNY_NEON_FAST_STEP_HEAD
        "add x10, %[rows], x9, lsl #6\n\t"
        "ldp q16, q17, [x10]\n\t"
        "ldp q18, q19, [x10, #32]\n\t"
        "tbl v20.16b, {v24.16b, v25.16b, v26.16b, v27.16b}, v16.16b\n\t"
        "tbl v21.16b, {v24.16b, v25.16b, v26.16b, v27.16b}, v17.16b\n\t"
        "tbl v22.16b, {v24.16b, v25.16b, v26.16b, v27.16b}, v18.16b\n\t"
        "tbl v23.16b, {v24.16b, v25.16b, v26.16b, v27.16b}, v19.16b\n\t"
        "cmeq v16.16b, v16.16b, v30.16b\n\t"
        "cmeq v17.16b, v17.16b, v30.16b\n\t"
        "cmeq v18.16b, v18.16b, v30.16b\n\t"
        "cmeq v19.16b, v19.16b, v30.16b\n\t"
        "bsl v16.16b, v31.16b, v20.16b\n\t"
        "bsl v17.16b, v31.16b, v21.16b\n\t"
        "bsl v18.16b, v31.16b, v22.16b\n\t"
        "bsl v19.16b, v31.16b, v23.16b\n\t"
        "mov v24.16b, v16.16b\n\t"
        "mov v25.16b, v17.16b\n\t"
        "mov v26.16b, v18.16b\n\t"
        "mov v27.16b, v19.16b\n\t" PUNY_NEON_FAST_STEP_TAIL
        "st1 {v24.16b, v25.16b, v26.16b, v27.16b}, [%[order]]"
        : PUNY_NEON_FAST_STEP_OPERANDS
        : PUNY_NEON_FAST_STEP_INPUTS
        : "cc", "memory", "x9", "x10", "x11", "x12", "v16", "v17", "v18", "v19", "v20", "v21", "v22", "v23", "v24",
          "v25", "v26", "v27", "v30", "v31");
  }
#undef PUNY_NEON_FAST_STEP_OPERANDS
#undef PUNY_NEON_FAST_STEP_INPUTS
  for (std::size_t r = 0; r < W / 16; ++r) ids.set(r, vld1q_u8(order + 16 * r));
  return static_cast<neon_fast_stop>(q);
}

#undef PUNY_NEON_FAST_STEP_HEAD
#undef PUNY_NEON_FAST_STEP_TAIL

/// The first integer, the chain over the rest and the checks that need
/// the whole input, once the frame is filled.  Returns the number of code
/// points, or 0 to leave the input to the portable decoder; n is the last
/// code point's value (n never decreases).
template <std::size_t W>
[[gnu::always_inline]] inline std::size_t neon_decode_integers(neon_decode_frame<W>& fr, std::uint64_t letters,
                                                               std::size_t first, std::size_t basic,
                                                               std::size_t size, neon_ids<W>& ids,
                                                               std::uint64_t& n) noexcept {
  using P = fixed_params<punycode_params>;
  constexpr std::size_t rows = punycode_next_w1::rows;
  const std::uint8_t* const dv = fr.dv;
  std::uint32_t* const cps = fr.cps;
  // Integers can end at the letters, and at a sentinel at the end (size <=
  // 63: the bit fits).
  const std::uint64_t ends = letters | (std::uint64_t{1} << size);
  std::uint64_t p = first;
  std::uint64_t len = basic;
  n = P::initial_n;
  std::uint64_t i = 0;
  std::uint64_t w1 = 0;
  std::uint64_t general_bias = 0;
  // §6.2's "n += i / (len + 1), i %= len + 1, insert n at i", the new
  // code point's id being len.  i <= len and the remainder of the delta
  // alone is at most len, so one conditional subtract finishes i.
  auto take = [&](std::uint64_t delta) __attribute__((always_inline)) {
    const std::uint64_t np = len + 1;
    std::uint64_t q = (delta * small_np_table.m[np]) >> 34;
    std::uint64_t s = i + (delta - q * np);
    // s >= np: one more round of n.  Selects, not a branch (it follows the
    // data), which GCC 12 makes of the C++ form.
    const std::uint64_t less = s - np;
    __asm__("cmp %[s], %[np]\n\t"
            "csel %[s], %[less], %[s], hs\n\t"
            "cinc %[q], %[q], hs"
            : [s] "+r"(s), [q] "+r"(q)
            : [np] "r"(np), [less] "r"(less)
            : "cc");
    n += q;
    ids.insert(static_cast<std::size_t>(s), len);
    cps[len] = static_cast<std::uint32_t>(n);
    i = s + 1;
    ++len;
  };
  // §6.1 by computation, where the table has no entry or says "above 46":
  // the bias for the general step, and the w1 that sends a bias of at
  // most 46 back to the fast steps.
  auto adapt_general = [&](std::uint64_t delta, bool firsttime) __attribute__((always_inline)) {
    general_bias = adapt_small(P{}, delta, len, firsttime);
    w1 = punycode_w1_of_bias(general_bias);
  };
  std::uint64_t bad = 0;
  {
    // The first integer, with the initial bias 72: thresholds 1, 1, then
    // 26; weights 1, 35, 1225, 12250, 122500.
    const std::uint64_t d0 = dv[p];
    const std::uint64_t d1 = dv[p + 1];
    // A shift in two steps: p + 2 may be 64 (a last digit at 62 of 63).
    const std::uint64_t above = (ends >> (p + 1)) >> 1;
    const std::uint64_t end = p + 2 + static_cast<std::uint64_t>(std::countr_zero(above));
    const std::uint64_t d3 = end > p + 2 ? dv[p + 3] : 0;
    const std::uint64_t d4 = end > p + 3 ? dv[p + 4] : 0;
    std::uint64_t delta = d0 + 35 * d1 + 1225 * (dv[p + 2] + 10 * d3 + 100 * d4);
    std::uint64_t next = end + 1;
    bad |= static_cast<std::uint64_t>(end > p + 4) & static_cast<std::uint64_t>(d1 != 0) &
           static_cast<std::uint64_t>(d0 != 0);
    // One or two digits: a digit 0 ends the integer at thresholds of 1.
    if (d1 == 0) {
      delta = d0;
      next = p + 2;
    }
    if (d0 == 0) {
      delta = 0;
      next = p + 1;
    }
    p = next;
    take(delta);
    // §6.1 with firsttime: delta / damp, then the table at twice that.
    const std::uint64_t h = (delta * first_divisor<P>::m[1]) >> 37;
    w1 = h < rows / 2 ? punycode_next_w1_table.v[len][2 * h] : 0;
    if (w1 == 0) [[unlikely]] adapt_general(delta, true);
  }
  // The table row of the next integer's numpoints, moved on by a row per
  // integer.
  const std::uint8_t* row = punycode_next_w1_table.v[len + 1];
  // At most one integer per letter left (every integer ends at a letter);
  // p may be past the end (a truncated first integer), and then the loop
  // does not run.
  std::uint64_t left = static_cast<std::uint64_t>(std::popcount(letters >> (p & 63)));
  while ((left != 0) & (p < size)) {
    std::uint64_t delta;
    if (w1 != 0) [[likely]] {
      // The fast steps, repeated while the bias stays at most 46, integers
      // are left to count and the input lasts.
      const neon_fast_stop stop = neon_fast_steps<W>(fr, size, p, w1, i, n, len, row, left, delta, ids);
      if (stop == neon_fast_stop::delta_large) {
        // Past the table: §6.1 by computation.
        take(delta);
        row += rows;
        --left;
        adapt_general(delta, false);
      } else if (stop == neon_fast_stop::general) {
        adapt_general(delta, false);
      }
      continue;
    }
    // A bias above 46: the first four thresholds from the portable
    // decoder's table (label_tables.hpp), compared at once.
    const bias_entry& e = label_tables<P>::for_bias(general_bias);
    std::uint32_t dw;
    std::memcpy(&dw, dv + p, 4);
    const std::uint32_t found = ((e.t_less_one | 0x80808080u) - dw) & 0x80808080u;
    if (found == 0) return 0;
    const auto bits = static_cast<unsigned>(std::countr_zero(found)) + 1;
    const auto kept = static_cast<std::uint32_t>(dw & ((std::uint64_t{1} << bits) - 1));
    delta = (kept & 0xFFu) + ((kept >> 8) & 0xFFu) * std::uint64_t{e.w1} +
            ((kept >> 16) & 0xFFu) * std::uint64_t{e.w2} + (kept >> 24) * std::uint64_t{e.w3};
    p += bits >> 3;
    take(delta);
    --left;
    w1 = delta < rows ? row[delta] : 0;
    row += rows;
    if (w1 == 0) [[unlikely]] adapt_general(delta, false);
  }
  // p past the end: the last integer was truncated, or too long; p short
  // of it: digits without a letter to end them.
  if ((bad != 0) | (p != size) | (n > max_code_point)) return 0;
  return static_cast<std::size_t>(len);
}

/// Both widths: Punycode (the §5 parameters) of 1 to 32 characters (W =
/// 32) or 33 to 63 (W = 64), without case flags.
template <std::size_t W>
[[gnu::always_inline]] inline std::size_t neon_decode_label(std::span<const char> in,
                                                            std::span<char32_t> out) noexcept {
  const std::size_t size = in.size();
  const neon_label_scan<W> scan = neon_scan_label<W>(in);
  if (!scan.ok) return 0;
  neon_decode_frame<W> fr;
  // Most labels have at most 16 characters: the frame's second half would
  // not be read.
  if (W == 32 && size <= 16) {
    neon_fill_frame<W, 1>(fr, scan, size);
  } else {
    neon_fill_frame<W, W / 16>(fr, scan, size);
  }
  neon_ids<W> ids;
  for (std::size_t r = 0; r < W / 16; ++r) ids.set(r, neon_iota(static_cast<unsigned>(16 * r)));
  std::uint64_t n;
  const std::size_t len = neon_decode_integers<W>(fr, scan.letters, scan.first, scan.basic, size, ids, n);
  // Room is checked once the number of code points is known: a buffer
  // sized for the label's code points (not its length) still takes this
  // path.
  if ((len == 0) | (len > out.size())) return 0;
  // No code point below a final n of U+D800 is a surrogate: n never
  // decreases.
  if (n >= 0xD800) [[unlikely]] {
    for (std::size_t j = 0; j < len; ++j) {
      if (fr.cps[j] - 0xD800u < 0x800u) return 0;
    }
  }
  alignas(16) std::uint8_t order[W];
  for (std::size_t r = 0; r < W / 16; ++r) vst1q_u8(order + 16 * r, ids.get(r));
  char32_t* const o = out.data();
  for (std::size_t j = 0; j < len; ++j) o[j] = fr.cps[order[j]];
  return len;
}

/// Punycode (the §5 parameters) of 1 to 32 characters, without case flags.
/// Returns the number of code points, exactly that many written; or 0,
/// writing nothing, when the portable decoder must decide, also when `out`
/// has no room for them all.
inline std::size_t decode_label_neon_32(std::span<const char> in, std::span<char32_t> out) noexcept {
  if (in.size() - 1 >= decode_kernel_limit) return 0;
  return neon_decode_label<32>(in, out);
}

/// As decode_label_neon_32, for 33 to 63 characters.
inline std::size_t decode_label_neon_64(std::span<const char> in, std::span<char32_t> out) noexcept {
  if (in.size() - (decode_kernel_limit + 1) >= decode_long_kernel_limit - decode_kernel_limit) return 0;
  return neon_decode_label<64>(in, out);
}

}  // namespace puny::detail

#endif
