// puny — Punycode label decoder for x86-64 cores with AVX-512 VBMI2
// (Ice Lake and later, Zen 4 and later), chosen at run time.
// Private to the library: src/simd/avx512.cpp compiles it, and the codecs
// reach it through simd_dispatch.hpp.
//
// Why another label decoder: on real labels the time of RFC 3492 §6.2 goes
// into the chain from one integer to the next (the integer decides the bias
// of §6.1, the bias decides where the next integer ends).  This decoder
// makes that chain short by using what the thresholds are for the biases
// real labels reach:
//
//  * For a bias b <= 46, t = clamp(36 - b, 1, 26) for the first digit and
//    26 (tmax) for every later one (§6.2: t(k) = k - bias clamped, k = 72,
//    108, …).  An integer then ends at its first digit when d0 < t0, and
//    otherwise at the first letter after it (letters are the digit-values
//    0..25, the only ones below tmax).  Its value is d0 + w1 * R, where
//    w1 = 36 - t0 = clamp(b, 10, 35) and R = d1 + 10 d2 + 100 d3 does not
//    depend on the bias: R and the letter positions are computed for every
//    position at once, before the chain.
//  * A table indexed by (numpoints, delta), for deltas below 1120, gives
//    the next w1 in one load, with 0 for "bias above 46" (which deltas
//    near 1120 reach when numpoints is small): those integers take the
//    general four-threshold step of the portable decoder.  A delta past
//    the table is adapted by §6.1 itself; a bias of at most 46 then sends
//    the next integer back to the fast steps.  The load's address is the
//    row plus d0 (known from the integer's position) plus w1 * R, so
//    neither the add of d0 nor a shift waits on the chain.
//
// So each integer costs a multiply, a conditional move and a table load on
// the chain (about 8 cycles); the one-digit test compares w1 with a byte
// 36 - d0 computed for every position beforehand.  Everything else an integer needs is a byte or word
// load at its start: its first digit, its other digits with their weights
// (the tails), and where the next integer starts when it has more than one
// digit (the nexts, which also mark an integer of more than five digits).
// The output order is kept as byte ids in one register (a VPERMT2B from a
// table inserts at §6.2's index i) and the code points in a stack array, so
// the output is a permute and a masked store per 16 code points.
//
// Two widths share the frame, the step and the loop: inputs of 1 to 32
// characters work on 32-byte vectors, inputs of 33 to 63 (every Punycode
// label DNS allows) on 64-byte ones; the portable decoder takes the rest.  Anything unusual — an empty
// or non-basic literal, a bad digit, an integer of more than five digits, a
// truncated integer, a surrogate or a value past U+10FFFF — makes it return
// 0 and the portable decoder reports the error.
//
// Two things about the loop over the integers after the first:
//
//  * It counts down from the letters left (every integer ends at a letter,
//    so there are at most that many), and stops early only when the input
//    runs out.  The count is exact for 69 % of the corpus labels; for those
//    the loop's exit branch no longer waits for the chain, so the next
//    label's work starts while this one's chain runs.
//  * Its common step is written in assembly (avx512_fast_steps).  Compiled
//    from C++, GCC 12 spilled the table addresses and the count to memory
//    and copied registers around the insertion: about 50 instructions per
//    integer against 38 here, and the chain waited on a reload.  The step
//    also splits §6.2's "i mod (length + 1)" so that i's own chain is an
//    add and a conditional subtract: the quotient and remainder of the
//    delta alone hang off the delta, not off i.
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
#include "simd/avx512/target.hpp"
#include "simd/next_weight_table.hpp"

#if defined(PUNY_SIMD_AVX512)

namespace puny::detail {

/// Inputs of at most this many characters take the 32-byte decoder.
inline constexpr std::size_t avx512_label_limit = decode_kernel_limit;
/// Inputs of 33 up to this many characters take the 64-byte one (one less
/// than 64, so that the sentinel bit after the input fits in a mask).
inline constexpr std::size_t avx512_long_label_limit = decode_long_kernel_limit;
static_assert(avx512_label_limit == 32 && avx512_long_label_limit == 63, "the widths of the two decoders");

// The next-weight table (punycode_next_w1_table) is simd/next_weight_table.hpp's.

/// What the fast steps read from constant tables, at fixed offsets from one
/// register, for labels of up to W characters: m[np], the reciprocals of
/// §6.2's length + 1, and order[at], the VPERMT2B index that inserts the
/// second operand's byte at `at` into the first operand, shifting the rest
/// up — §6.2's "insert n into output at position i" on the output's ids.
template <std::size_t W>
struct avx512_decode_constants {
  std::uint64_t m[W + 2];
  alignas(W) std::uint8_t order[W][W];

  static constexpr avx512_decode_constants make() noexcept {
    avx512_decode_constants t{};
    for (std::size_t np = 1; np < W + 2; ++np) t.m[np] = small_np_table.m[np];
    for (std::size_t at = 0; at < W; ++at) {
      for (std::size_t j = 0; j < W; ++j) t.order[at][j] = static_cast<std::uint8_t>(j < at ? j : j == at ? W : j - 1);
    }
    return t;
  }
};

template <std::size_t W>
inline constexpr avx512_decode_constants<W> avx512_decode_constants_table = avx512_decode_constants<W>::make();

/// What the decoder for labels of up to W characters computes before its
/// loop and the fast steps read (and, for cps, write), at fixed offsets
/// from one register.  The 32-byte decoder keeps thr beside size and zero,
/// which every step reads too: its figures were 0.35 ns per label better so
/// than with the 64-byte layout.
/// (alignas on the first member: compilers do not all honour it on an
/// explicit specialization.)
template <std::size_t W>
struct avx512_decode_frame;

template <>
struct avx512_decode_frame<32> {
  alignas(64) std::uint8_t dv[64];  // digit-values; 35 past the end
  std::uint8_t nexts[64];    // where a multi-digit integer at p ends, plus one
  std::uint16_t tails[64];   // the digits after an integer's first, weighted
  std::uint32_t cps[64];     // the code point of each output id
  std::uint64_t size;        // the input's length
  std::uint64_t zero;        // a zero to move conditionally
  std::uint8_t thr[32];      // 36 - dv: the integer at p has one digit when w1 < thr[p]
};

template <>
struct avx512_decode_frame<64> {
  alignas(64) std::uint8_t dv[128];
  std::uint8_t nexts[64];
  std::uint8_t thr[64];
  std::uint16_t tails[64];
  std::uint32_t cps[64];
  std::uint64_t size;
  std::uint64_t zero;
};

// The offsets written into avx512_fast_steps' assembly.
static_assert(offsetof(avx512_decode_constants<32>, m) == 0 && offsetof(avx512_decode_constants<32>, order) == 288);
static_assert(offsetof(avx512_decode_constants<64>, m) == 0 && offsetof(avx512_decode_constants<64>, order) == 576);
static_assert(offsetof(avx512_decode_frame<32>, nexts) == 64 && offsetof(avx512_decode_frame<32>, tails) == 128 &&
              offsetof(avx512_decode_frame<32>, cps) == 256 && offsetof(avx512_decode_frame<32>, size) == 512 &&
              offsetof(avx512_decode_frame<32>, zero) == 520 && offsetof(avx512_decode_frame<32>, thr) == 528);
static_assert(alignof(avx512_decode_frame<32>) == 64 && alignof(avx512_decode_frame<64>) == 64);
static_assert(offsetof(avx512_decode_frame<64>, nexts) == 128 && offsetof(avx512_decode_frame<64>, thr) == 192 &&
              offsetof(avx512_decode_frame<64>, tails) == 256 && offsetof(avx512_decode_frame<64>, cps) == 384 &&
              offsetof(avx512_decode_frame<64>, size) == 640 && offsetof(avx512_decode_frame<64>, zero) == 648);
static_assert(punycode_next_w1::rows == 1120);

// GCC 12's intrinsics pass an "undefined" vector to the builtins of the
// 512-bit extracts and widening casts, which -Wmaybe-uninitialized reports
// once inlined (as in label_encoder.hpp).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

/// The vector of W byte ids: 32 or 64 bytes.
template <std::size_t W>
struct avx512_ids_of;
template <>
struct avx512_ids_of<32> {
  using type = __m256i;
};
template <>
struct avx512_ids_of<64> {
  using type = __m512i;
};
template <std::size_t W>
using avx512_ids = typename avx512_ids_of<W>::type;

/// (x < limit) ? a : b into b, twice, on one compare and without a branch:
/// compilers turn such selects into branches, and here the condition is the
/// length of an integer, which follows the data.
inline void select_below(std::uint64_t x, std::uint64_t limit, std::uint64_t a1, std::uint64_t& b1, std::uint64_t a2,
                         std::uint64_t& b2) noexcept {
  __asm__("cmpq %[lim], %[x]\n\tcmovbq %[a1], %[b1]\n\tcmovbq %[a2], %[b2]"
          : [b1] "+r"(b1), [b2] "+r"(b2)
          : [a1] "r"(a1), [a2] "r"(a2), [x] "r"(x), [lim] "r"(limit)
          : "cc");
}

/// §6.2's "n += i / (length + 1), i %= length + 1" after adding a delta.
/// Deltas stay below 2^27 here, so the exact reciprocal multiply applies.
/// n never decreases, so U+10FFFF and the surrogates are checked once, at
/// the end.
__attribute__((always_inline)) inline void avx512_next_code_point(std::uint64_t delta, std::uint64_t len,
                                                                  std::uint64_t& i, std::uint64_t& n) noexcept {
  const std::uint64_t np = len + 1;
  i += delta;
  const std::uint64_t q = (i * small_np_table.m[np]) >> 34;
  i -= q * np;
  n += q;
}

/// One integer's delta taken outside the fast steps: §6.2's next code point
/// and index, the insertion of the new id (every byte of `id`) at i, and
/// its code point.
template <std::size_t W>
PUNY_AVX512_TARGET __attribute__((always_inline)) inline void avx512_take(std::uint64_t delta, std::uint64_t& len,
                                                                          std::uint64_t& i, std::uint64_t& n,
                                                                          avx512_ids<W>& id, avx512_ids<W>& ids,
                                                                          std::uint32_t* cps) noexcept {
  avx512_next_code_point(delta, len, i, n);
  const std::uint8_t* const order = avx512_decode_constants_table<W>.order[i];
  if constexpr (W == 32) {
    id = _mm256_add_epi8(id, _mm256_set1_epi8(1));
    ids = _mm256_permutex2var_epi8(ids, _mm256_load_si256(reinterpret_cast<const __m256i*>(order)), id);
  } else {
    id = _mm512_add_epi8(id, _mm512_set1_epi8(1));
    ids = _mm512_permutex2var_epi8(ids, _mm512_load_si512(order), id);
  }
  cps[len] = static_cast<std::uint32_t>(n);
  ++i;
  ++len;
}

/// How avx512_fast_steps stopped.
enum class fast_stop : std::uint64_t {
  done,         // the count ran out, or the input did
  general,      // an integer was taken and the next bias is above 46
  delta_large,  // an integer's delta is past the table: it is still to take
};

// The step in assembly, for order rows at ORDER bytes into the constants,
// 2^SHIFT bytes long and loaded by LOAD (the 32-byte rows keep the shorter
// VEX load), and the frame's fields at the offsets given.
#define PUNY_AVX512_FAST_STEPS(ORDER, SHIFT, LOAD, NEXTS, THR, TAILS, CPS, SIZE, ZERO)                                                                      \
  "1:\n\t" /* d0, the tail, and where a multi-digit integer ends. */                                          \
  "movzbl (%[fr],%[p]), %k[d]\n\t"                                                                            \
  "movzwl " TAILS "(%[fr],%[p],2), %k[t]\n\t"                                                                       \
  "movzbl " NEXTS "(%[fr],%[p]), %k[nx]\n\t"                                                                        \
  "imulq %[w1], %[t]\n\t" /* One digit when w1 < thr[p] = 36 - d0: no tail, and p + 1. */                     \
  "cmpb " THR "(%[fr],%[p]), %b[w1]\n\t"                                                                          \
  "leaq 1(%[p]), %[p]\n\t"                                                                                    \
  "cmovaeq %[nx], %[p]\n\t"                                                                                   \
  "cmovbq " ZERO "(%[fr]), %[t]\n\t" /* The next w1 at row + d0 + t, once delta is known to be in the row. */      \
  "leaq (%[row],%[d]), %[q]\n\t"                                                                              \
  "addq %[t], %[d]\n\t"                                                                                       \
  "cmpq $1119, %[d]\n\t"                                                                                      \
  "ja 3f\n\t"                                                                                                 \
  "movzbl (%[q],%[t]), %k[w1]\n\t" /* delta = qd * np + rd, from the reciprocal of np. */                     \
  "movq 8(%[tb],%[len],8), %[nx]\n\t"                                                                         \
  "imulq %[d], %[nx]\n\t"                                                                                     \
  "shrq $34, %[nx]\n\t"                                                                                       \
  "addq %[nx], %[n]\n\t"                                                                                      \
  "leaq 1(%[len]), %[q]\n\t"                                                                                  \
  "imulq %[q], %[nx]\n\t"                                                                                     \
  "movq %[d], %[t]\n\t"                                                                                       \
  "subq %[nx], %[t]\n\t" /* s = i + rd, less np (and one more for n) when it reaches np. */                  \
  "addq %[t], %[i]\n\t"                                                                                       \
  "movq %[i], %[t]\n\t"                                                                                       \
  "subq %[q], %[t]\n\t"                                                                                       \
  "cmovbq %[i], %[t]\n\t"                                                                                     \
  "sbbq $-1, %[n]\n\t"                                                                                        \
  "movq %[t], %[i]\n\t" /* The insertion at s, and the code point of the new id. */                           \
  "shlq $" SHIFT ", %[t]\n\t"                                                                                 \
  LOAD " " ORDER "(%[tb],%[t]), %[order]\n\t"                                                                  \
  "vpaddb %[one], %[id], %[id]\n\t"                                                                           \
  "vpermt2b %[id], %[order], %[ids]\n\t"                                                                      \
  "movl %k[n], " CPS "(%[fr],%[len],4)\n\t"                                                                       \
  "incq %[i]\n\t"                                                                                             \
  "incq %[len]\n\t"                                                                                           \
  "addq $1120, %[row]\n\t"                                                                                    \
  "testl %k[w1], %k[w1]\n\t"                                                                                  \
  "jz 2f\n\t"                                                                                                 \
  "decq %[left]\n\t"                                                                                          \
  "jz 4f\n\t"                                                                                                 \
  "cmpq " SIZE "(%[fr]), %[p]\n\t"                                                                                 \
  "jb 1b\n\t"                                                                                                 \
  "4:\n\t"                                                                                                    \
  "xorl %k[q], %k[q]\n\t"                                                                                     \
  "jmp 5f\n\t"                                                                                                \
  "2:\n\t"                                                                                                    \
  "decq %[left]\n\t"                                                                                          \
  "movl $1, %k[q]\n\t"                                                                                        \
  "jmp 5f\n\t"                                                                                                \
  "3:\n\t"                                                                                                    \
  "movl $2, %k[q]\n\t"                                                                                        \
  "5:\n\t"

/// The loop's common step, repeated while the bias stays at most 46 (w1 !=
/// 0), integers are left to count and the input lasts; see the comment at
/// the top of the file.  Per integer at p, with d0 = dv[p]:
///   delta = d0 + (w1 < thr[p] ? 0 : w1 * tails[p]),
///   p = w1 < thr[p] ? p + 1 : nexts[p],
///   (q, r) = delta divided by np = len + 1, s = i + r, and when s >= np,
///   s -= np and q += 1: §6.2's n += (i + delta) / np, i = (i + delta) % np,
///   the id inserted at s, n stored as its code point, i = s + 1, len += 1,
///   w1 = row[delta], row moved on by a row.
/// On delta_large, delta is in `delta` and p has moved; the rest is the
/// caller's.  On general, delta is in `delta`, the integer is taken and
/// w1 is 0.
template <std::size_t W>
PUNY_AVX512_TARGET __attribute__((always_inline)) inline fast_stop avx512_fast_steps(
    avx512_decode_frame<W>& fr, std::uint64_t& p, std::uint64_t& w1, std::uint64_t& i, std::uint64_t& n,
    std::uint64_t& len, const std::uint8_t*& row, std::uint64_t& left, std::uint64_t& delta, avx512_ids<W>& ids,
    avx512_ids<W>& id) noexcept {
  std::uint64_t t;
  std::uint64_t nx;
  std::uint64_t q;
  avx512_ids<W> order;
  avx512_ids<W> one;
  if constexpr (W == 32) {
    one = _mm256_set1_epi8(1);
  } else {
    one = _mm512_set1_epi8(1);
  }
#define PUNY_AVX512_FAST_STEPS_OPERANDS                                                                      \
  : [p] "+r"(p), [w1] "+r"(w1), [i] "+r"(i), [n] "+r"(n), [len] "+r"(len), [row] "+r"(row), [left] "+r"(left), \
    [d] "=&r"(delta), [t] "=&r"(t), [nx] "=&r"(nx), [q] "=&r"(q), [ids] "+v"(ids), [id] "+v"(id),             \
    [order] "=&v"(order)                                                                                      \
  : [fr] "r"(&fr), [tb] "r"(&avx512_decode_constants_table<W>), [one] "v"(one)                              \
  : "cc", "memory"
  if constexpr (W == 32) {
    __asm__ volatile(PUNY_AVX512_FAST_STEPS("288", "5", "vmovdqa", "64", "528", "128", "256", "512", "520") PUNY_AVX512_FAST_STEPS_OPERANDS);
  } else {
    __asm__ volatile(PUNY_AVX512_FAST_STEPS("576", "6", "vmovdqa64", "128", "192", "256", "384", "640", "648") PUNY_AVX512_FAST_STEPS_OPERANDS);
  }
#undef PUNY_AVX512_FAST_STEPS_OPERANDS
  return static_cast<fast_stop>(q);
}

#undef PUNY_AVX512_FAST_STEPS

/// Byte-vector operations of one width, so that the scan below is written
/// once for both decoders.
template <std::size_t W>
struct avx512_bytes;

template <>
struct avx512_bytes<32> {
  using vec = __m256i;
  using mask = std::uint32_t;
  PUNY_AVX512_TARGET __attribute__((always_inline)) static vec load(mask m, const char* p) noexcept {
    return _mm256_maskz_loadu_epi8(m, p);
  }
  PUNY_AVX512_TARGET __attribute__((always_inline)) static vec set1(char c) noexcept { return _mm256_set1_epi8(c); }
  PUNY_AVX512_TARGET __attribute__((always_inline)) static mask equal(mask m, vec a, vec b) noexcept {
    return _mm256_mask_cmpeq_epi8_mask(m, a, b);
  }
  PUNY_AVX512_TARGET __attribute__((always_inline)) static mask below(vec a, vec b) noexcept {
    return _mm256_cmplt_epu8_mask(a, b);
  }
  PUNY_AVX512_TARGET __attribute__((always_inline)) static mask high(vec a) noexcept { return _mm256_movepi8_mask(a); }
  PUNY_AVX512_TARGET __attribute__((always_inline)) static vec either(vec a, vec b) noexcept {
    return _mm256_or_si256(a, b);
  }
  PUNY_AVX512_TARGET __attribute__((always_inline)) static vec add(vec a, vec b) noexcept { return _mm256_add_epi8(a, b); }
  PUNY_AVX512_TARGET __attribute__((always_inline)) static vec sub(vec a, vec b) noexcept { return _mm256_sub_epi8(a, b); }
  PUNY_AVX512_TARGET __attribute__((always_inline)) static vec blend(mask m, vec a, vec b) noexcept {
    return _mm256_mask_blend_epi8(m, a, b);
  }
  PUNY_AVX512_TARGET __attribute__((always_inline)) static mask low_bits(unsigned n) noexcept {
    return _bzhi_u32(0xFFFFFFFFu, n);
  }
  PUNY_AVX512_TARGET __attribute__((always_inline)) static unsigned past_last(mask m) noexcept {
    return static_cast<unsigned>(32 - _lzcnt_u32(m));
  }
};

template <>
struct avx512_bytes<64> {
  using vec = __m512i;
  using mask = std::uint64_t;
  PUNY_AVX512_TARGET __attribute__((always_inline)) static vec load(mask m, const char* p) noexcept {
    return _mm512_maskz_loadu_epi8(m, p);
  }
  PUNY_AVX512_TARGET __attribute__((always_inline)) static vec set1(char c) noexcept { return _mm512_set1_epi8(c); }
  PUNY_AVX512_TARGET __attribute__((always_inline)) static mask equal(mask m, vec a, vec b) noexcept {
    return _mm512_mask_cmpeq_epi8_mask(m, a, b);
  }
  PUNY_AVX512_TARGET __attribute__((always_inline)) static mask below(vec a, vec b) noexcept {
    return _mm512_cmplt_epu8_mask(a, b);
  }
  PUNY_AVX512_TARGET __attribute__((always_inline)) static mask high(vec a) noexcept { return _mm512_movepi8_mask(a); }
  PUNY_AVX512_TARGET __attribute__((always_inline)) static vec either(vec a, vec b) noexcept {
    return _mm512_or_si512(a, b);
  }
  PUNY_AVX512_TARGET __attribute__((always_inline)) static vec add(vec a, vec b) noexcept { return _mm512_add_epi8(a, b); }
  PUNY_AVX512_TARGET __attribute__((always_inline)) static vec sub(vec a, vec b) noexcept { return _mm512_sub_epi8(a, b); }
  PUNY_AVX512_TARGET __attribute__((always_inline)) static vec blend(mask m, vec a, vec b) noexcept {
    return _mm512_mask_blend_epi8(m, a, b);
  }
  PUNY_AVX512_TARGET __attribute__((always_inline)) static mask low_bits(unsigned n) noexcept {
    return _bzhi_u64(~std::uint64_t{0}, n);
  }
  PUNY_AVX512_TARGET __attribute__((always_inline)) static unsigned past_last(mask m) noexcept {
    return static_cast<unsigned>(64 - _lzcnt_u64(m));
  }
};

/// What both decoders learn from the input before filling their frame.
template <std::size_t W>
struct avx512_label_scan {
  typename avx512_bytes<W>::mask in_mask;  // the input's bytes
  typename avx512_bytes<W>::mask letter;   // letters, anywhere
  typename avx512_bytes<W>::mask digits;   // the bytes after the last delimiter
  unsigned first;                          // past the delimiter; 0 without one
  unsigned basic;                          // the basic code points before it
  typename avx512_bytes<W>::vec x;         // the input, zero past its end
  typename avx512_bytes<W>::vec values;    // digit-values; 35 past the end
  bool ok;                                 // false: the portable decoder decides
};

/// Reads the input (with a mask: nothing past its end is touched), splits
/// it at the last delimiter (§6.2: the basic code points are everything
/// before it) and turns the digits into their values (§5, case-
/// insensitive).  Not ok for an empty literal (a delimiter first), a
/// non-basic literal, a character that is no digit, or nothing to decode:
/// the portable decoder says which.
template <std::size_t W>
PUNY_AVX512_TARGET __attribute__((always_inline)) inline avx512_label_scan<W> avx512_scan_label(
    std::span<const char> in) noexcept {
  using B = avx512_bytes<W>;
  avx512_label_scan<W> s;
  s.in_mask = B::low_bits(static_cast<unsigned>(in.size()));
  s.x = B::load(s.in_mask, in.data());
  const typename B::mask dash = B::equal(s.in_mask, s.x, B::set1('-'));
  const typename B::mask high = B::high(s.x);
  s.first = B::past_last(dash);
  s.basic = s.first - (dash != 0 ? 1u : 0u);
  const typename B::mask literal = B::low_bits(s.basic);
  s.digits = s.in_mask & ~B::low_bits(s.first);
  const typename B::vec letter_value = B::sub(B::either(s.x, B::set1(0x20)), B::set1('a'));
  s.letter = B::below(letter_value, B::set1(26));
  const typename B::vec number = B::sub(s.x, B::set1('0'));
  const typename B::mask decimal = B::below(number, B::set1(10));
  s.ok = !((dash == 1) | ((high & literal) != 0) | ((s.digits & ~(s.letter | decimal)) != 0) | (s.digits == 0));
  // Past the end 35, which ends no integer, so that a truncated integer
  // runs into the sentinel.
  s.values = B::blend(s.in_mask, B::set1(35), B::blend(s.letter, B::add(number, B::set1(26)), letter_value));
  return s;
}

/// What both widths do once the frame is filled: the first integer, the
/// loop over the rest, and the checks that need the whole input.  `ends`
/// marks the letters among the digits and a sentinel bit at the end;
/// `first` is where the digits start and `basic` how many code points come
/// before.  Returns the number of code points, or 0 to leave the input to
/// the portable decoder; n is the last code point's value.
template <std::size_t W>
PUNY_AVX512_TARGET __attribute__((always_inline)) inline std::size_t avx512_decode_integers(
    avx512_decode_frame<W>& fr, std::uint64_t ends, std::uint64_t letters, std::size_t first, std::size_t basic,
    std::size_t size, avx512_ids<W>& ids, std::uint64_t& n) noexcept {
  using P = fixed_params<punycode_params>;
  const std::uint8_t* const dv = fr.dv;
  std::uint32_t* const cps = fr.cps;
  std::uint64_t p = first;
  std::uint64_t len = basic;
  n = P::initial_n;
  std::uint64_t i = 0;
  std::uint64_t bad = 0;
  std::uint64_t w1 = 0;
  std::uint64_t general_bias = 0;
  // §6.1 by computation, where the table has no entry or says "above 46":
  // the bias for the general step, and the w1 that sends a bias of at most
  // 46 back to the fast steps.
  auto adapt_general = [&](std::uint64_t delta, bool firsttime) noexcept {
    general_bias = adapt_small(P{}, delta, len, firsttime);
    w1 = punycode_w1_of_bias(general_bias);
  };
  // The id of the next integer, less one (bytes wrap).
  avx512_ids<W> id;
  if constexpr (W == 32) {
    id = _mm256_set1_epi8(static_cast<char>(len - 1));
  } else {
    id = _mm512_set1_epi8(static_cast<char>(len - 1));
  }
  {
    // The first integer, with the initial bias 72: thresholds 1, 1, then 26,
    // weights 1, 35, 1225, 12250, 122500.
    // Its digits straight from dv, not from the tails: the tails' permutes
    // and multiplies then run beside this integer instead of before it.
    const std::uint64_t d0 = dv[p];
    const std::uint64_t d1 = dv[p + 1];
    // For 64 bytes p + 2 may be 64 (a last digit at 62 of 63): shifted in
    // two steps there.
    const std::uint64_t above = W == 32 ? ends >> (p + 2) : (ends >> (p + 1)) >> 1;
    const std::uint64_t end = p + 2 + static_cast<std::uint64_t>(std::countr_zero(above));
    const std::uint64_t d3 = end > p + 2 ? dv[p + 3] : 0;
    const std::uint64_t d4 = end > p + 3 ? dv[p + 4] : 0;
    std::uint64_t delta = d0 + 35 * d1 + 1225 * (dv[p + 2] + 10 * d3 + 100 * d4);
    std::uint64_t next = end + 1;
    bad |= static_cast<std::uint64_t>(end > p + 4) & static_cast<std::uint64_t>(d1 != 0) &
           static_cast<std::uint64_t>(d0 != 0);
    // Rare: an integer of one or two digits.  A branch, so that where the
    // loop starts does not wait for the digits' loads.
    if ((d0 == 0) | (d1 == 0)) [[unlikely]] {
      select_below(d1, 1, d0, delta, p + 2, next);
      select_below(d0, 1, 0, delta, p + 1, next);
      __asm__ volatile("" : "+r"(next), "+r"(delta));
    }
    p = next;
    avx512_take<W>(delta, len, i, n, id, ids, cps);
    // §6.1 with firsttime: delta / damp, then the table at twice that (the
    // table halves its index, as §6.1 does after the first integer).
    const std::uint64_t h = (delta * first_divisor<P>::m[1]) >> 37;
    w1 = h < punycode_next_w1::rows / 2 ? punycode_next_w1_table.v[len][2 * h] : 0;
    if (w1 == 0) [[unlikely]] adapt_general(delta, true);
  }
  // The table row of the next integer's numpoints, moved on by a row per
  // integer instead of indexed by a multiply.
  const std::uint8_t* row = punycode_next_w1_table.v[len + 1];
  // Integers left: at most one per letter left, since every integer ends at
  // a letter.  p may be past the end (a truncated first integer): then the
  // loop does not run, and `& 63` only keeps the shift defined.
  std::uint64_t left = static_cast<std::uint64_t>(std::popcount(letters >> (p & 63)));
  fr.size = size;
  fr.zero = 0;
  while ((left != 0) & (p < size)) {
    std::uint64_t delta;
    if (w1 != 0) [[likely]] {
      const fast_stop stop = avx512_fast_steps<W>(fr, p, w1, i, n, len, row, left, delta, ids, id);
      if (stop == fast_stop::done) break;
      if (stop == fast_stop::delta_large) {
        avx512_take<W>(delta, len, i, n, id, ids, cps);
        row += punycode_next_w1::rows;
        --left;
      }
      adapt_general(delta, false);
      continue;
    }
    // A bias above 46: the first four thresholds from the portable
    // decoder's table, compared at once.
    const bias_entry& e = label_tables<P>::for_bias(general_bias);
    std::uint32_t dw;
    std::memcpy(&dw, dv + p, 4);
    const std::uint32_t found = ((e.t_less_one | 0x80808080u) - dw) & 0x80808080u;
    if (found == 0) return 0;
    // The integer's digits kept and the rest cleared, rather than a branch
    // on its length, which follows the data.
    const auto bits = static_cast<unsigned>(std::countr_zero(found)) + 1;
    const std::uint32_t kept = _bzhi_u32(dw, bits);
    delta = (kept & 0xFFu) + ((kept >> 8) & 0xFFu) * std::uint64_t{e.w1} +
            ((kept >> 16) & 0xFFu) * std::uint64_t{e.w2} + (kept >> 24) * std::uint64_t{e.w3};
    p += bits >> 3;
    avx512_take<W>(delta, len, i, n, id, ids, cps);
    --left;
    w1 = delta < punycode_next_w1::rows ? row[delta] : 0;
    row += punycode_next_w1::rows;
    if (w1 == 0) [[unlikely]] adapt_general(delta, false);
  }
  // p past the end: the last integer was truncated, or too long; p short of
  // it: digits without a letter to end them.
  if ((bad != 0) | (p != size) | (n > max_code_point)) return 0;
  return static_cast<std::size_t>(len);
}

/// The 32-byte decoder: Punycode (the §5 parameters) of 1 to 32 characters,
/// without case flags.  Returns the number of code points, exactly that
/// many written; or 0, writing nothing, when the portable decoder must
/// decide (what it takes has at least one integer), also when `out` has no
/// room for them all.  A count, not a result through a reference: the
/// caller reads it from a register, not from a store it cannot forward.
PUNY_AVX512_TARGET inline std::size_t decode_label_avx512_32(std::span<const char> in,
                                                             std::span<char32_t> out) noexcept {
  const std::size_t size = in.size();
  if (size - 1 >= avx512_label_limit) return 0;
  const avx512_label_scan<32> scan = avx512_scan_label<32>(in);
  if (!scan.ok) return 0;
  const std::uint32_t letter = scan.letter;
  const std::uint32_t digits = scan.digits;
  const unsigned first = scan.first;
  const unsigned basic = scan.basic;
  const __m256i x = scan.x;
  const __m256i values = scan.values;
  avx512_decode_frame<32> fr;
  _mm256_store_si256(reinterpret_cast<__m256i*>(fr.dv), values);
  _mm256_store_si256(reinterpret_cast<__m256i*>(fr.dv + 32), _mm256_set1_epi8(35));
  // thr sits at 528, 16 bytes past a 32-byte boundary: an unaligned store.
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(fr.thr), _mm256_sub_epi8(_mm256_set1_epi8(36), values));
  // Positions where an integer can end (a letter), plus a sentinel at the end.
  const std::uint64_t ends = std::uint64_t{letter & digits} | (std::uint64_t{1} << size);
  // tail[p] = d[p+1] + 10 d[p+2] + 100 d[p+3] + 1000 d[p+4], cut after the
  // first letter: the digits after an integer's first, with their weights
  // over w1, when every threshold after the first is tmax (bias <= 46).
  // The four terms are formed side by side, not by Horner's rule: the first
  // integers wait for these.
  const __m512i d16 = _mm512_cvtepu8_epi16(values);
  const __m512i index = _mm512_set_epi16(31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13,
                                         12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
  const __m512i one16 = _mm512_set1_epi16(1);
  const __m512i index1 = _mm512_add_epi16(index, one16);
  const __m512i index2 = _mm512_add_epi16(index1, one16);
  const __m512i index3 = _mm512_add_epi16(index2, one16);
  const __m512i index4 = _mm512_add_epi16(index3, one16);
  const __m512i pad16 = _mm512_set1_epi16(35);
  const __m512i next1 = _mm512_mask_permutexvar_epi16(pad16, 0x7FFFFFFFu, index1, d16);
  const __m512i next2 = _mm512_mask_permutexvar_epi16(pad16, 0x3FFFFFFFu, index2, d16);
  const __m512i next3 = _mm512_mask_permutexvar_epi16(pad16, 0x1FFFFFFFu, index3, d16);
  const __m512i next4 = _mm512_mask_permutexvar_epi16(pad16, 0x0FFFFFFFu, index4, d16);
  const auto e1 = static_cast<__mmask32>(ends >> 1);  // a letter at p + 1
  const auto e2 = static_cast<__mmask32>(ends >> 2);
  const auto e3 = static_cast<__mmask32>(ends >> 3);
  const auto e4 = static_cast<__mmask32>(ends >> 4);
  const __m512i t2 = _mm512_maskz_mullo_epi16(static_cast<__mmask32>(~e1), next2, _mm512_set1_epi16(10));
  const __m512i t3 = _mm512_maskz_mullo_epi16(static_cast<__mmask32>(~(e1 | e2)), next3, _mm512_set1_epi16(100));
  const __m512i t4 = _mm512_maskz_mullo_epi16(static_cast<__mmask32>(~(e1 | e2 | e3)), next4, _mm512_set1_epi16(1000));
  _mm512_store_si512(fr.tails, _mm512_add_epi16(_mm512_add_epi16(next1, t2), _mm512_add_epi16(t3, t4)));
  // nexts[p]: where the next integer starts when the one at p has more than
  // one digit — past the first letter among p+1..p+4 — or, with no letter
  // there, 0xC0: an integer of more than five digits, or a truncated one
  // (the sentinel), which ends the loop with p past the end.
  const __m256i iota = _mm256_set_epi8(31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12,
                                       11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
  {
    const __m256i one8 = _mm256_set1_epi8(1);
    __m256i v = _mm256_add_epi8(iota, _mm256_set1_epi8(2));
    v = _mm256_mask_add_epi8(v, static_cast<__mmask32>(~e1), v, one8);
    v = _mm256_mask_add_epi8(v, static_cast<__mmask32>(~(e1 | e2)), v, one8);
    v = _mm256_mask_add_epi8(v, static_cast<__mmask32>(~(e1 | e2 | e3)), v, one8);
    v = _mm256_mask_mov_epi8(v, static_cast<__mmask32>(~(e1 | e2 | e3 | e4)),
                             _mm256_set1_epi8(static_cast<char>(0xC0)));
    _mm256_store_si256(reinterpret_cast<__m256i*>(fr.nexts), v);
  }

  // Output ids (basic code points 0..basic-1, then one per integer) in the
  // order §6.2's insertions leave them, and the code points of the ids.
  __m256i ids = iota;
  _mm512_store_si512(fr.cps, _mm512_maskz_cvtepu8_epi32(0xFFFF, _mm256_castsi256_si128(x)));
  _mm512_store_si512(fr.cps + 16, _mm512_maskz_cvtepu8_epi32(0xFFFF, _mm256_extracti128_si256(x, 1)));
  std::uint64_t n;
  const std::size_t len = avx512_decode_integers<32>(fr, ends, std::uint64_t{letter & digits}, first, basic, size,
                                                     ids, n);
  // Room for the code points is checked once their number is known: a
  // caller's buffer sized for the label's code points (not its length)
  // still takes this path.
  if ((len == 0) | (len > out.size())) return 0;
  const __m512i cps_low = _mm512_load_si512(fr.cps);
  const __m512i cps_high = _mm512_load_si512(fr.cps + 16);
  // No lane below a final n of U+D800 holds a surrogate: n never decreases.
  if (n >= 0xD800) [[unlikely]] {
    const __m512i from = _mm512_set1_epi32(0xD800);
    const __m512i count = _mm512_set1_epi32(0x800);
    if ((_mm512_cmplt_epu32_mask(_mm512_sub_epi32(cps_low, from), count) |
         _mm512_cmplt_epu32_mask(_mm512_sub_epi32(cps_high, from), count)) != 0) {
      return 0;
    }
  }
  const std::uint32_t written = _bzhi_u32(0xFFFFFFFFu, static_cast<unsigned>(len));
  const __m512i order_low = _mm512_maskz_cvtepu8_epi32(0xFFFF, _mm256_castsi256_si128(ids));
  const __m512i order_high = _mm512_maskz_cvtepu8_epi32(0xFFFF, _mm256_extracti128_si256(ids, 1));
  _mm512_mask_storeu_epi32(out.data(), static_cast<__mmask16>(written),
                           _mm512_permutex2var_epi32(cps_low, order_low, cps_high));
  _mm512_mask_storeu_epi32(out.data() + 16, static_cast<__mmask16>(written >> 16),
                           _mm512_permutex2var_epi32(cps_low, order_high, cps_high));
  return len;
}

/// The 64-byte decoder: as decode_label_avx512_32, for 33 to 63 characters.
PUNY_AVX512_TARGET inline std::size_t decode_label_avx512_64(std::span<const char> in,
                                                             std::span<char32_t> out) noexcept {
  const std::size_t size = in.size();
  if (size - (avx512_label_limit + 1) >= avx512_long_label_limit - avx512_label_limit) return 0;
  const avx512_label_scan<64> scan = avx512_scan_label<64>(in);
  if (!scan.ok) return 0;
  const std::uint64_t letter = scan.letter;
  const std::uint64_t digits = scan.digits;
  const unsigned first = scan.first;
  const unsigned basic = scan.basic;
  const __m512i x = scan.x;
  const __m512i values = scan.values;
  avx512_decode_frame<64> fr;
  _mm512_store_si512(fr.dv, values);
  _mm512_store_si512(fr.dv + 64, _mm512_set1_epi8(35));
  _mm512_store_si512(fr.thr, _mm512_sub_epi8(_mm512_set1_epi8(36), values));
  // The sentinel bit at size <= 63 fits.
  const std::uint64_t ends = (letter & digits) | (std::uint64_t{1} << size);
  // The tails as in the 32-byte decoder, in two halves of 32 positions: the
  // low half's later digits come from the high half, the high half's from
  // the padding.
  const __m512i pad16 = _mm512_set1_epi16(35);
  const __m512i d_low = _mm512_cvtepu8_epi16(_mm512_castsi512_si256(values));
  const __m512i d_high = _mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64(values, 1));
  const __m512i index = _mm512_set_epi16(31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13,
                                         12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
  const __m512i one16 = _mm512_set1_epi16(1);
  const __m512i index1 = _mm512_add_epi16(index, one16);
  const __m512i index2 = _mm512_add_epi16(index1, one16);
  const __m512i index3 = _mm512_add_epi16(index2, one16);
  const __m512i index4 = _mm512_add_epi16(index3, one16);
  const std::uint64_t e1 = ends >> 1;  // a letter at p + 1
  const std::uint64_t e2 = ends >> 2;
  const std::uint64_t e3 = ends >> 3;
  const std::uint64_t e4 = ends >> 4;
  const std::uint64_t keep2 = ~e1;
  const std::uint64_t keep3 = ~(e1 | e2);
  const std::uint64_t keep4 = ~(e1 | e2 | e3);
  for (unsigned half = 0; half < 2; ++half) {
    const __m512i a = half == 0 ? d_low : d_high;
    const __m512i b = half == 0 ? d_high : pad16;
    const unsigned shift = 32 * half;
    const __m512i next1 = _mm512_permutex2var_epi16(a, index1, b);
    const __m512i next2 = _mm512_permutex2var_epi16(a, index2, b);
    const __m512i next3 = _mm512_permutex2var_epi16(a, index3, b);
    const __m512i next4 = _mm512_permutex2var_epi16(a, index4, b);
    const __m512i t2 = _mm512_maskz_mullo_epi16(static_cast<__mmask32>(keep2 >> shift), next2, _mm512_set1_epi16(10));
    const __m512i t3 = _mm512_maskz_mullo_epi16(static_cast<__mmask32>(keep3 >> shift), next3, _mm512_set1_epi16(100));
    const __m512i t4 = _mm512_maskz_mullo_epi16(static_cast<__mmask32>(keep4 >> shift), next4, _mm512_set1_epi16(1000));
    _mm512_store_si512(fr.tails + shift, _mm512_add_epi16(_mm512_add_epi16(next1, t2), _mm512_add_epi16(t3, t4)));
  }
  // The nexts as in the 32-byte decoder.
  const __m512i iota = _mm512_set_epi8(63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45, 44,
                                       43, 42, 41, 40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 29, 28, 27, 26, 25, 24,
                                       23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2,
                                       1, 0);
  {
    const __m512i one8 = _mm512_set1_epi8(1);
    __m512i v = _mm512_add_epi8(iota, _mm512_set1_epi8(2));
    v = _mm512_mask_add_epi8(v, keep2, v, one8);
    v = _mm512_mask_add_epi8(v, keep3, v, one8);
    v = _mm512_mask_add_epi8(v, keep4, v, one8);
    v = _mm512_mask_mov_epi8(v, ~(e1 | e2 | e3 | e4), _mm512_set1_epi8(static_cast<char>(0xC0)));
    _mm512_store_si512(fr.nexts, v);
  }
  __m512i ids = iota;
  _mm512_store_si512(fr.cps, _mm512_cvtepu8_epi32(_mm512_castsi512_si128(x)));
  _mm512_store_si512(fr.cps + 16, _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(x, 1)));
  _mm512_store_si512(fr.cps + 32, _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(x, 2)));
  _mm512_store_si512(fr.cps + 48, _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(x, 3)));
  std::uint64_t n;
  const std::size_t len = avx512_decode_integers<64>(fr, ends, letter & digits, first, basic, size, ids, n);
  if ((len == 0) | (len > out.size())) return 0;
  __m512i c[4];
  for (std::size_t g = 0; g < 4; ++g) c[g] = _mm512_load_si512(fr.cps + 16 * g);
  if (n >= 0xD800) [[unlikely]] {
    const __m512i from = _mm512_set1_epi32(0xD800);
    const __m512i count = _mm512_set1_epi32(0x800);
    std::uint32_t surrogate = 0;
    for (std::size_t g = 0; g < 4; ++g) surrogate |= _mm512_cmplt_epu32_mask(_mm512_sub_epi32(c[g], from), count);
    if (surrogate != 0) return 0;
  }
  // out[j] = cps[ids[j]], ids below 64: a permute over each pair of code
  // point vectors, and a blend on the index's bit 5.
  const std::uint64_t written = _bzhi_u64(~std::uint64_t{0}, static_cast<unsigned>(len));
  const __m512i bit5 = _mm512_set1_epi32(32);
  const __m128i groups[4] = {_mm512_castsi512_si128(ids), _mm512_extracti32x4_epi32(ids, 1),
                              _mm512_extracti32x4_epi32(ids, 2), _mm512_extracti32x4_epi32(ids, 3)};
  for (unsigned g = 0; g < 4; ++g) {
    const __m512i idx = _mm512_cvtepu8_epi32(groups[g]);
    const __m512i v = _mm512_mask_blend_epi32(_mm512_test_epi32_mask(idx, bit5),
                                              _mm512_permutex2var_epi32(c[0], idx, c[1]),
                                              _mm512_permutex2var_epi32(c[2], idx, c[3]));
    _mm512_mask_storeu_epi32(out.data() + 16 * g, static_cast<__mmask16>(written >> (16 * g)), v);
  }
  return len;
}

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

}  // namespace puny::detail

#endif
