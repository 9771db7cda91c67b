// puny — Punycode label decoder for x86-64 cores with AVX-512 VBMI2
// (Ice Lake and later, Zen 4 and later), chosen at run time.
// Not part of the public API: include <puny/punycode.hpp>.
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
//  * §6.1 never yields a bias above 46 from a delta below 1120, so a table
//    indexed by (numpoints, delta) gives the next w1 in one load, with 0
//    for "bias above 46": those integers take the general four-threshold
//    step of the portable decoder.  The load's address is the row plus d0
//    (known from the integer's position) plus w1 * R, so neither the add
//    of d0 nor a shift waits on the chain.
//
// So each integer costs a multiply, a conditional move and a table load on
// the chain (about 8 cycles); the one-digit test compares w1 with a byte
// 36 - d0 computed for every position beforehand.  Everything else an integer needs is a byte or word
// load at its start: its first digit, its other digits with their weights
// (the tails), and where the next integer starts when it has more than one
// digit (the nexts, which also mark an integer of more than five digits).
// The output order is kept as byte ids in one register (a VPERMT2B from a
// table inserts at §6.2's index i) and the code points in a stack array, so
// the output is one permute and a masked store.  Anything unusual — an empty
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

#include "arithmetic.hpp"
#include "avx512.hpp"
#include "codec_common.hpp"
#include "label_tables.hpp"

namespace puny::detail {

/// Inputs of at most this many characters take the AVX-512 label decoder.
inline constexpr std::size_t avx512_label_limit = 32;

/// The w1 of a bias, for Punycode's parameters; 0 when it is above 46.
[[nodiscard]] constexpr std::uint8_t punycode_w1_of_bias(std::uint64_t bias) noexcept {
  if (bias > 46) return 0;
  return static_cast<std::uint8_t>(bias < 10 ? 10 : bias > 35 ? 35 : bias);
}

/// next_w1.v[np][d]: the w1 after an integer of delta d, not the first, and
/// numpoints np — §6.1's "delta / 2" and "delta += delta / numpoints"
/// folded into the index.  For the first integer, index 2 * (d / damp)
/// gives the same adapted delta.  np <= 33 covers every label of up to 32
/// characters.  Entries, not rows: the length of one row, 1120 bytes.
struct punycode_next_w1 {
  static constexpr std::size_t max_np = avx512_label_limit + 1;
  static constexpr std::size_t rows = 1120;
  std::uint8_t v[max_np + 1][rows];

  static constexpr punycode_next_w1 make() noexcept {
    punycode_next_w1 t{};
    for (std::size_t np = 1; np <= max_np; ++np) {
      for (std::size_t d = 0; d < rows; ++d) {
        t.v[np][d] = punycode_w1_of_bias(adapt(fixed_params<punycode_params>{}, d, np, false));
      }
    }
    return t;
  }
};

inline constexpr punycode_next_w1 punycode_next_w1_table = punycode_next_w1::make();

/// What the fast steps read from constant tables, at fixed offsets from one
/// register: m[np], the reciprocals of §6.2's length + 1 (np <= 33), and
/// order[at], the VPERMT2B index that inserts the second operand's byte at
/// `at` into the first operand, shifting the rest up — §6.2's "insert n into
/// output at position i" on the output's ids.
struct avx512_decode_constants {
  std::uint64_t m[avx512_label_limit + 2];
  alignas(32) std::uint8_t order[avx512_label_limit][avx512_label_limit];

  static constexpr avx512_decode_constants make() noexcept {
    avx512_decode_constants t{};
    for (std::size_t np = 1; np < avx512_label_limit + 2; ++np) t.m[np] = small_np_table.m[np];
    for (std::size_t at = 0; at < avx512_label_limit; ++at) {
      for (std::size_t j = 0; j < avx512_label_limit; ++j) {
        t.order[at][j] = static_cast<std::uint8_t>(j < at ? j : j == at ? avx512_label_limit : j - 1);
      }
    }
    return t;
  }
};

inline constexpr avx512_decode_constants avx512_decode_constants_table = avx512_decode_constants::make();

/// What the decoder computes before its loop and the fast steps read (and,
/// for cps, write), at fixed offsets from one register.
struct alignas(64) avx512_decode_frame {
  std::uint8_t dv[64];       // digit-values; 35 past the end
  std::uint8_t nexts[64];    // where a multi-digit integer at p ends, plus one
  std::uint16_t tails[64];   // the digits after an integer's first, weighted
  std::uint32_t cps[64];     // the code point of each output id
  std::uint64_t size;        // the input's length
  std::uint64_t zero;        // a zero to move conditionally
  std::uint8_t thr[32];      // 36 - dv: the integer at p has one digit when w1 < thr[p]
};

// The offsets written into avx512_fast_steps' assembly.
static_assert(offsetof(avx512_decode_constants, m) == 0 && offsetof(avx512_decode_constants, order) == 288);
static_assert(offsetof(avx512_decode_frame, nexts) == 64 && offsetof(avx512_decode_frame, tails) == 128 &&
              offsetof(avx512_decode_frame, cps) == 256 && offsetof(avx512_decode_frame, size) == 512 &&
              offsetof(avx512_decode_frame, zero) == 520 && offsetof(avx512_decode_frame, thr) == 528);
static_assert(punycode_next_w1::rows == 1120);

#if defined(PUNY_HAVE_AVX512)

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

/// The insertion itself: the id (every byte of `id`) goes into the order at
/// `at`.
PUNY_AVX512_TARGET __attribute__((always_inline)) inline void avx512_insert(std::uint64_t at, __m256i id,
                                                                            __m256i& ids) noexcept {
  const __m256i order =
      _mm256_load_si256(reinterpret_cast<const __m256i*>(avx512_decode_constants_table.order[at]));
  ids = _mm256_permutex2var_epi8(ids, order, id);
}

/// One integer's delta taken outside the fast steps: §6.2's next code point
/// and index, the insertion, and the code point of the new id.
PUNY_AVX512_TARGET __attribute__((always_inline)) inline void avx512_take(std::uint64_t delta, std::uint64_t& len,
                                                                          std::uint64_t& i, std::uint64_t& n,
                                                                          __m256i& id, __m256i& ids,
                                                                          std::uint32_t* cps) noexcept {
  avx512_next_code_point(delta, len, i, n);
  id = _mm256_add_epi8(id, _mm256_set1_epi8(1));
  avx512_insert(i, id, ids);
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

/// The loop's common step, repeated while the bias stays at most 46 (w1 !=
/// 0), integers are left to count and the input lasts; see the comment at
/// the top of the file.  Per integer at p, with d0 = dv[p]:
///   delta = d0 + (d0 + w1 < 36 ? 0 : w1 * tails[p]),
///   p = d0 + w1 < 36 ? p + 1 : nexts[p],
///   (q, r) = delta divided by np = len + 1, s = i + r, and when s >= np,
///   s -= np and q += 1: §6.2's n += (i + delta) / np, i = (i + delta) % np,
///   the id inserted at s, n stored as its code point, i = s + 1, len += 1,
///   w1 = row[delta], row moved on by a row.
/// On delta_large, delta is in `delta` and p has moved; the rest is the
/// caller's.  On general, delta is in `delta`, the integer is taken and
/// w1 is 0.
PUNY_AVX512_TARGET __attribute__((always_inline)) inline fast_stop avx512_fast_steps(
    avx512_decode_frame& fr, std::uint64_t& p, std::uint64_t& w1, std::uint64_t& i, std::uint64_t& n,
    std::uint64_t& len, const std::uint8_t*& row, std::uint64_t& left, std::uint64_t& delta, __m256i& ids,
    __m256i& id) noexcept {
  std::uint64_t t;
  std::uint64_t nx;
  std::uint64_t q;
  __m256i order;
  const __m256i one = _mm256_set1_epi8(1);
  __asm__ volatile(
      "1:\n\t"
      // d0, the tail, and where a multi-digit integer ends.
      "movzbl (%[fr],%[p]), %k[d]\n\t"
      "movzwl 128(%[fr],%[p],2), %k[t]\n\t"
      "movzbl 64(%[fr],%[p]), %k[nx]\n\t"
      "imulq %[w1], %[t]\n\t"
      // One digit when d0 < t0 = 36 - w1, that is w1 < thr[p]: no tail,
      // and p + 1.
      "cmpb 528(%[fr],%[p]), %b[w1]\n\t"
      "leaq 1(%[p]), %[p]\n\t"
      "cmovaeq %[nx], %[p]\n\t"
      "cmovbq 520(%[fr]), %[t]\n\t"
      // The next w1 from the row of this numpoints, at row + d0 + t: the
      // load is taken only once delta is known to be inside the row.
      "leaq (%[row],%[d]), %[q]\n\t"
      "addq %[t], %[d]\n\t"
      "cmpq $1119, %[d]\n\t"
      "ja 3f\n\t"
      "movzbl (%[q],%[t]), %k[w1]\n\t"
      // delta = qd * np + rd, from the reciprocal of np.
      "movq 8(%[tb],%[len],8), %[nx]\n\t"
      "imulq %[d], %[nx]\n\t"
      "shrq $34, %[nx]\n\t"
      "addq %[nx], %[n]\n\t"
      "leaq 1(%[len]), %[q]\n\t"
      "imulq %[q], %[nx]\n\t"
      "movq %[d], %[t]\n\t"
      "subq %[nx], %[t]\n\t"
      // s = i + rd, less np (and one more for n) when it reaches np.
      "addq %[t], %[i]\n\t"
      "movq %[i], %[t]\n\t"
      "subq %[q], %[t]\n\t"
      "cmovbq %[i], %[t]\n\t"
      "sbbq $-1, %[n]\n\t"
      "movq %[t], %[i]\n\t"
      // The insertion at s, and the code point of the new id.
      "shlq $5, %[t]\n\t"
      "vmovdqa 288(%[tb],%[t]), %[order]\n\t"
      "vpaddb %[one], %[id], %[id]\n\t"
      "vpermt2b %[id], %[order], %[ids]\n\t"
      "movl %k[n], 256(%[fr],%[len],4)\n\t"
      "incq %[i]\n\t"
      "incq %[len]\n\t"
      "addq $1120, %[row]\n\t"
      "testl %k[w1], %k[w1]\n\t"
      "jz 2f\n\t"
      "decq %[left]\n\t"
      "jz 4f\n\t"
      "cmpq 512(%[fr]), %[p]\n\t"
      "jb 1b\n\t"
      "4:\n\t"
      "xorl %k[q], %k[q]\n\t"
      "jmp 5f\n\t"
      "2:\n\t"
      "decq %[left]\n\t"
      "movl $1, %k[q]\n\t"
      "jmp 5f\n\t"
      "3:\n\t"
      "movl $2, %k[q]\n\t"
      "5:\n\t"
      : [p] "+r"(p), [w1] "+r"(w1), [i] "+r"(i), [n] "+r"(n), [len] "+r"(len), [row] "+r"(row),
        [left] "+r"(left), [d] "=&r"(delta), [t] "=&r"(t), [nx] "=&r"(nx), [q] "=&r"(q), [ids] "+v"(ids),
        [id] "+v"(id), [order] "=&v"(order)
      : [fr] "r"(&fr), [tb] "r"(&avx512_decode_constants_table), [one] "v"(one)
      : "cc", "memory");
  return static_cast<fast_stop>(q);
}

/// Decodes Punycode (the §5 parameters) of 1 to 32 characters into an
/// output with room for at least as many code points, without case flags.
/// Returns the number of code points, exactly that many written; or 0,
/// writing nothing, when the portable decoder must decide (what it takes
/// has at least one integer).  A count, not a result through a reference:
/// the caller reads it from a register, not from a store it cannot forward.
PUNY_AVX512_TARGET inline std::size_t decode_label_avx512(std::span<const char> in,
                                                          std::span<char32_t> out) noexcept {
  using P = fixed_params<punycode_params>;
  const std::size_t size = in.size();
  if (size - 1 >= avx512_label_limit || out.size() < size) return 0;
  const auto size32 = static_cast<unsigned>(size);
  // The input, read with a mask: nothing past its end is touched.
  const __mmask32 in_mask = _bzhi_u32(0xFFFFFFFFu, size32);
  const __m256i x = _mm256_maskz_loadu_epi8(in_mask, in.data());
  // §6.2: the basic code points are everything before the last delimiter.
  const std::uint32_t dash = _mm256_mask_cmpeq_epi8_mask(in_mask, x, _mm256_set1_epi8('-'));
  const std::uint32_t high = _mm256_movepi8_mask(x);
  const auto first = static_cast<unsigned>(32 - _lzcnt_u32(dash));  // past the delimiter; 0 without one
  const unsigned basic = first - (dash != 0 ? 1u : 0u);
  const std::uint32_t literal = _bzhi_u32(0xFFFFFFFFu, basic);
  const std::uint32_t digits = in_mask & ~_bzhi_u32(0xFFFFFFFFu, first);
  // §5: digit-values, case-insensitive.
  const __m256i lower = _mm256_or_si256(x, _mm256_set1_epi8(0x20));
  const __m256i letter_value = _mm256_sub_epi8(lower, _mm256_set1_epi8('a'));
  const std::uint32_t letter = _mm256_cmplt_epu8_mask(letter_value, _mm256_set1_epi8(26));
  const __m256i number = _mm256_sub_epi8(x, _mm256_set1_epi8('0'));
  const std::uint32_t decimal = _mm256_cmplt_epu8_mask(number, _mm256_set1_epi8(10));
  // An empty literal (a delimiter first), a non-basic literal, a character
  // that is no digit, or nothing to decode: the portable decoder says which.
  if ((dash == 1) | ((high & literal) != 0) | ((digits & ~(letter | decimal)) != 0) | (digits == 0)) return 0;
  // Digit-values; past the end 35, which ends no integer, so that a
  // truncated integer runs into the sentinel below.
  __m256i values = _mm256_mask_blend_epi8(letter, _mm256_add_epi8(number, _mm256_set1_epi8(26)), letter_value);
  values = _mm256_mask_blend_epi8(in_mask, _mm256_set1_epi8(35), values);
  avx512_decode_frame fr;
  std::uint8_t* const dv = fr.dv;
  _mm256_store_si256(reinterpret_cast<__m256i*>(dv), values);
  _mm256_store_si256(reinterpret_cast<__m256i*>(dv + 32), _mm256_set1_epi8(35));
  _mm256_store_si256(reinterpret_cast<__m256i*>(fr.thr), _mm256_sub_epi8(_mm256_set1_epi8(36), values));
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
  std::uint16_t* const tails = fr.tails;
  _mm512_store_si512(tails, _mm512_add_epi16(_mm512_add_epi16(next1, t2), _mm512_add_epi16(t3, t4)));
  _mm512_store_si512(tails + 32, pad16);
  // nexts[p]: where the next integer starts when the one at p has more than
  // one digit — past the first letter among p+1..p+4 — or, with no letter
  // there, 0xC0: an integer of more than five digits, or a truncated one
  // (the sentinel), which ends the loop with p past the end.
  const __m256i iota = _mm256_set_epi8(31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12,
                                       11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
  std::uint8_t* const nexts = fr.nexts;
  {
    const __m256i one8 = _mm256_set1_epi8(1);
    __m256i v = _mm256_add_epi8(iota, _mm256_set1_epi8(2));
    v = _mm256_mask_add_epi8(v, static_cast<__mmask32>(~e1), v, one8);
    v = _mm256_mask_add_epi8(v, static_cast<__mmask32>(~(e1 | e2)), v, one8);
    v = _mm256_mask_add_epi8(v, static_cast<__mmask32>(~(e1 | e2 | e3)), v, one8);
    v = _mm256_mask_mov_epi8(v, static_cast<__mmask32>(~(e1 | e2 | e3 | e4)),
                             _mm256_set1_epi8(static_cast<char>(0xC0)));
    _mm256_store_si256(reinterpret_cast<__m256i*>(nexts), v);
  }

  // Output ids (basic code points 0..basic-1, then one per integer) in the
  // order §6.2's insertions leave them, and the code points of the ids.
  __m256i ids = iota;
  std::uint32_t* const cps = fr.cps;
  _mm512_store_si512(cps, _mm512_maskz_cvtepu8_epi32(0xFFFF, _mm256_castsi256_si128(x)));
  _mm512_store_si512(cps + 16, _mm512_maskz_cvtepu8_epi32(0xFFFF, _mm256_extracti128_si256(x, 1)));
  std::uint64_t p = first;
  std::uint64_t len = basic;
  std::uint64_t n = P::initial_n;
  std::uint64_t i = 0;
  std::uint64_t bad = 0;
  std::uint64_t w1 = 0;
  std::uint64_t general_bias = 0;
  // The id of the next integer, less one (bytes wrap).
  __m256i id = _mm256_set1_epi8(static_cast<char>(len - 1));
  {
    // The first integer, with the initial bias 72: thresholds 1, 1, then 26,
    // weights 1, 35, 1225, 12250, 122500.
    // Its digits straight from dv, not from the tails: the tails' permutes
    // and multiplies then run beside this integer instead of before it.
    const std::uint64_t d0 = dv[p];
    const std::uint64_t d1 = dv[p + 1];
    const std::uint64_t end = p + 2 + static_cast<std::uint64_t>(std::countr_zero(ends >> (p + 2)));
    const std::uint64_t d3 = end > p + 2 ? dv[p + 3] : 0;
    const std::uint64_t d4 = end > p + 3 ? dv[p + 4] : 0;
    std::uint64_t delta = d0 + 35 * d1 + 1225 * (dv[p + 2] + 10 * d3 + 100 * d4);
    std::uint64_t next = end + 1;
    bad |= static_cast<std::uint64_t>(end > p + 4) & static_cast<std::uint64_t>(d1 != 0) &
           static_cast<std::uint64_t>(d0 != 0);
    select_below(d1, 1, d0, delta, p + 2, next);
    select_below(d0, 1, 0, delta, p + 1, next);
    p = next;
    avx512_take(delta, len, i, n, id, ids, cps);
    // §6.1 with firsttime: delta / damp, then the table at twice that (the
    // table halves its index, as §6.1 does after the first integer).
    const std::uint64_t h = (delta * first_divisor<P>::m[1]) >> 37;
    w1 = h < punycode_next_w1::rows / 2 ? punycode_next_w1_table.v[len][2 * h] : 0;
    if (w1 == 0) [[unlikely]] general_bias = adapt_small(P{}, delta, len, true);
  }
  // The table row of the next integer's numpoints, moved on by a row per
  // integer instead of indexed by a multiply.
  const std::uint8_t* row = punycode_next_w1_table.v[len + 1];
  // Integers left: at most one per letter left, since every integer ends at
  // a letter.  p may be past the end (a truncated first integer): then the
  // loop does not run, and `& 63` only keeps the shift defined.
  std::uint64_t left = static_cast<std::uint64_t>(std::popcount(std::uint64_t{letter & digits} >> (p & 63)));
  fr.size = size;
  fr.zero = 0;
  while ((left != 0) & (p < size)) {
    std::uint64_t delta;
    if (w1 != 0) [[likely]] {
      const fast_stop stop = avx512_fast_steps(fr, p, w1, i, n, len, row, left, delta, ids, id);
      if (stop == fast_stop::done) break;
      if (stop == fast_stop::delta_large) {
        avx512_take(delta, len, i, n, id, ids, cps);
        row += punycode_next_w1::rows;
        --left;
        w1 = 0;
      }
      general_bias = adapt_small(P{}, delta, len, false);
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
    avx512_take(delta, len, i, n, id, ids, cps);
    --left;
    w1 = delta < punycode_next_w1::rows ? row[delta] : 0;
    row += punycode_next_w1::rows;
    if (w1 == 0) [[unlikely]] general_bias = adapt_small(P{}, delta, len, false);
  }
  // p past the end: the last integer was truncated, or too long; p short of
  // it: digits without a letter to end them.
  if ((bad != 0) | (p != size) | (n > max_code_point)) return 0;
  const __m512i cps_low = _mm512_load_si512(cps);
  const __m512i cps_high = _mm512_load_si512(cps + 16);
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
  return static_cast<std::size_t>(len);
}

#else

inline std::size_t decode_label_avx512(std::span<const char>, std::span<char32_t>) noexcept { return 0; }

#endif

}  // namespace puny::detail
