// puny — Punycode label decoders for x86-64-v3 cores (AVX2, BMI1, BMI2,
// LZCNT: simd/avx2/target.hpp), chosen at run time.
// Private to the library: src/simd/avx2.cpp compiles it, and the codecs
// reach it through simd_dispatch.hpp.
//
// The design of the AVX-512 decoder (simd/avx512/label_decoder.hpp, whose
// comment gives the reasoning at length), with what AVX2 lacks replaced:
//
//  * The chain from one integer to the next (RFC 3492 §6.2: the integer
//    decides the bias of §6.1, the bias where the next integer ends) is
//    kept short the same way.  While the bias is at most 46, every
//    threshold after an integer's first is tmax, so an integer at p is
//    d0 + w1 * tails[p] (w1 = clamp(bias, 10, 35)), or d0 alone when
//    w1 < 36 - d0; the tails, where each integer of more than one digit
//    ends, and the thresholds are computed for every position before the
//    chain, here with byte shifts (VPALIGNR) and PMADDUBSW.  A table
//    indexed by (numpoints, delta) gives the next w1 in one load.  The
//    common step is assembly, as there, for the same reason: compiled, it
//    kept loop state in memory and took 55 instructions against 41.
//  * The input is read without touching a byte past its end (there are no
//    masked byte loads): VPMASKMOVD for its whole 32-bit words, which does
//    not fault on the words it leaves out, and one more load for the last
//    one to three bytes.
//  * §6.2's "insert n into output at position i" keeps no output order:
//    AVX2 has no cross-lane byte permute to insert into one.  Instead every
//    output element — the basic code points, then one per integer — holds
//    its current position, a signed byte: an insertion at s moves each
//    element at s or after it up one (a compare and a subtract over all of
//    them at once) and gives the new element position s (a signed maximum
//    with a row that is 0 in its lane and -128 elsewhere, ORed with s).
//    Elements yet to come hold negative positions, which no insertion
//    moves.
//    This runs beside the integer chain, not on it.  After the last
//    integer, out[position] = code point is one store per element, made
//    only once the whole label has been checked.
//
// Two widths share the code: inputs of 1 to 32 characters in one 32-byte
// vector, inputs of 33 to 63 (every Punycode label DNS allows) in two; the
// portable decoder takes the rest.  Anything unusual — an empty or
// non-basic literal, a bad digit, an integer of more than five digits (four
// while the bias is above 46), a truncated integer, a surrogate or a value past U+10FFFF, too little room
// — makes it return 0 having written nothing, and the portable decoder
// reports the error.  Uppercase digits are digits (§5): the codecs offer
// only inputs decoded without case flags, so their case is not kept.
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
#include "simd/avx2/target.hpp"
#include "simd/next_weight_table.hpp"

#if defined(PUNY_SIMD_AVX2)

namespace puny::detail {

/// Inputs of at most this many characters take the one-vector decoder,
/// those of one more up to the second limit the two-vector one.
inline constexpr std::size_t avx2_label_limit = decode_kernel_limit;
inline constexpr std::size_t avx2_long_label_limit = decode_long_kernel_limit;
static_assert(avx2_label_limit == 32 && avx2_long_label_limit == 63, "the widths of the two decoders");

// The next-weight table (punycode_next_w1_table) is simd/next_weight_table.hpp's,
// shared with the other decoders.

/// The constants of both widths, read through one register: m[np], the
/// reciprocals of §6.2's length + 1; `lane`, 0 at byte 63 and -128
/// elsewhere, read at (64 - W) + id to give the row that is 0 only in the
/// lane of output element `id` (elements are kept in reverse, id W-1-j in
/// byte j, so that the offset grows with the id); and the vector constants
/// of the scan, loaded rather than built from immediates.
struct avx2_decode_constants {
  std::uint64_t m[avx2_long_label_limit + 3];
  alignas(32) std::int8_t lane[128];
  alignas(32) std::uint8_t iota[32];        // 0, 1, …, 31
  alignas(32) std::uint8_t descending[64];  // 63, 62, …, 0
  alignas(32) std::uint8_t set[12][32];     // the byte constants below, repeated

  static constexpr std::uint8_t bytes[12] = {0x20, 'a', 25, '0', 9, '-', 26, 35, 36, 0xC0, 0x01, 0x0A};

  static constexpr avx2_decode_constants make() noexcept {
    avx2_decode_constants t{};
    for (std::size_t np = 1; np < avx2_long_label_limit + 3; ++np) t.m[np] = small_np_table.m[np];
    for (std::size_t j = 0; j < 128; ++j) t.lane[j] = static_cast<std::int8_t>(j == 63 ? 0 : -128);
    for (std::size_t j = 0; j < 32; ++j) t.iota[j] = static_cast<std::uint8_t>(j);
    for (std::size_t j = 0; j < 64; ++j) t.descending[j] = static_cast<std::uint8_t>(63 - j);
    for (std::size_t c = 0; c < 12; ++c) {
      for (std::size_t j = 0; j < 32; ++j) t.set[c][j] = bytes[c];
    }
    // PMADDUBSW's weights 1 and 10 for byte pairs (set[10], 16-bit lanes).
    for (std::size_t j = 0; j < 32; ++j) t.set[10][j] = j % 2 == 0 ? 1 : 10;
    // 100 in each 16-bit lane (set[11]).
    for (std::size_t j = 0; j < 32; ++j) t.set[11][j] = j % 2 == 0 ? 100 : 0;
    return t;
  }
};

inline constexpr avx2_decode_constants avx2_decode_constants_table = avx2_decode_constants::make();

/// Indices into avx2_decode_constants::set.
enum class avx2_byte : unsigned {
  case_bit,  // 0x20
  a,         // 'a'
  b25,       // 25
  zero,      // '0'
  b9,        // 9
  dash,      // '-'
  b26,       // 26
  b35,       // 35
  b36,       // 36
  c0,        // 0xC0
  weights,   // bytes 1, 10
  hundred,   // 16-bit 100
};

/// What the decoder for labels of up to W characters computes before its
/// loop and reads in it, at fixed offsets from one register (the assembly
/// below names them).  dv, nexts and tails have room past W for the reads
/// of the first integer past a short input.
template <std::size_t W>
struct avx2_decode_frame;

template <>
struct avx2_decode_frame<32> {
  alignas(32) std::uint8_t dv[64];  // digit-values; 35 past the end
  std::uint8_t thr[32];             // 36 - dv: the integer at p has one digit when w1 < thr[p]
  std::uint8_t nexts[64];           // where a multi-digit integer at p ends, plus one
  std::uint16_t tails[48];          // the digits after an integer's first, weighted
  std::int8_t pos[32];              // the position of each output element, in reverse
  std::uint32_t cps[36];            // the code point of each output element
  std::uint64_t size;               // the input's length
  std::uint64_t zero;               // a zero to move conditionally
};

template <>
struct avx2_decode_frame<64> {
  alignas(32) std::uint8_t dv[96];
  std::uint8_t thr[64];
  std::uint8_t nexts[96];
  std::uint16_t tails[80];
  std::int8_t pos[64];
  std::uint32_t cps[68];
  std::uint64_t size;
  std::uint64_t zero;
};

// The offsets written into avx2_fast_steps' assembly.
static_assert(offsetof(avx2_decode_frame<32>, thr) == 64 && offsetof(avx2_decode_frame<32>, nexts) == 96 &&
              offsetof(avx2_decode_frame<32>, tails) == 160 && offsetof(avx2_decode_frame<32>, pos) == 256 &&
              offsetof(avx2_decode_frame<32>, cps) == 288 && offsetof(avx2_decode_frame<32>, size) == 432 &&
              offsetof(avx2_decode_frame<32>, zero) == 440);
static_assert(offsetof(avx2_decode_frame<64>, thr) == 96 && offsetof(avx2_decode_frame<64>, nexts) == 160 &&
              offsetof(avx2_decode_frame<64>, tails) == 256 && offsetof(avx2_decode_frame<64>, pos) == 416 &&
              offsetof(avx2_decode_frame<64>, cps) == 480 && offsetof(avx2_decode_frame<64>, size) == 752 &&
              offsetof(avx2_decode_frame<64>, zero) == 760);
static_assert(offsetof(avx2_decode_constants, m) == 0 && offsetof(avx2_decode_constants, lane) == 544);
static_assert(punycode_next_w1::rows == 1120);

/// The number of 32-byte vectors of the W-character decoder.
template <std::size_t W>
inline constexpr std::size_t avx2_halves = W / 32;

/// The positions of the output elements: W signed bytes in W / 32 vectors,
/// element id in byte W - 1 - id.
template <std::size_t W>
struct avx2_positions {
  __m256i v[avx2_halves<W>];
};

/// The constants, through a pointer the compiler cannot see through: it
/// would otherwise build each vector constant from an immediate, three
/// instructions instead of one load.
PUNY_AVX2_TARGET __attribute__((always_inline)) inline const avx2_decode_constants* avx2_constants() noexcept {
  const avx2_decode_constants* c = &avx2_decode_constants_table;
  __asm__("" : "+r"(c));
  return c;
}

PUNY_AVX2_TARGET __attribute__((always_inline)) inline __m256i avx2_row(const std::uint8_t* row) noexcept {
  return _mm256_load_si256(reinterpret_cast<const __m256i*>(row));
}

PUNY_AVX2_TARGET __attribute__((always_inline)) inline __m256i avx2_set(const avx2_decode_constants* c,
                                                                        avx2_byte which) noexcept {
  return avx2_row(c->set[static_cast<unsigned>(which)]);
}

/// (x < limit) ? a : b into b, twice, on one compare and without a branch:
/// compilers turn such selects into branches, and here the condition is the
/// length of an integer, which follows the data.
PUNY_AVX2_TARGET __attribute__((always_inline)) inline void avx2_select_below(std::uint64_t x, std::uint64_t limit,
                                                                              std::uint64_t a1, std::uint64_t& b1,
                                                                              std::uint64_t a2,
                                                                              std::uint64_t& b2) noexcept {
  __asm__("cmpq %[lim], %[x]\n\tcmovbq %[a1], %[b1]\n\tcmovbq %[a2], %[b2]"
          : [b1] "+r"(b1), [b2] "+r"(b2)
          : [a1] "r"(a1), [a2] "r"(a2), [x] "r"(x), [lim] "r"(limit)
          : "cc");
}

/// i -= np and n += 1 when i >= np, without a branch.
PUNY_AVX2_TARGET __attribute__((always_inline)) inline void avx2_wrap(std::uint64_t& i, std::uint64_t np,
                                                                      std::uint64_t& n) noexcept {
  std::uint64_t t = i;
  __asm__("subq %[np], %[t]\n\tcmovbq %[i], %[t]\n\tsbbq $-1, %[n]"
          : [t] "+&r"(t), [n] "+r"(n)
          : [i] "r"(i), [np] "r"(np)
          : "cc");
  i = t;
}

/// The first n (1 to 32) bytes at p, zero after them, touching no byte past
/// them: VPMASKMOVD for the whole 32-bit words (the words left out do not
/// fault), and the last n % 4 bytes from a 32-bit load that ends at p + n.
PUNY_AVX2_TARGET __attribute__((always_inline)) inline __m256i avx2_load_prefix(const avx2_decode_constants* c,
                                                                                 const char* p,
                                                                                 std::size_t n) noexcept {
  const __m256i word = _mm256_cvtepu8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(c->iota)));
  const __m256i words = _mm256_set1_epi32(static_cast<int>(n >> 2));
  const __m256i x = _mm256_maskload_epi32(reinterpret_cast<const int*>(p), _mm256_cmpgt_epi32(words, word));
  const std::size_t rest = n & 3;
  std::uint64_t tail;
  if (n >= 4) [[likely]] {
    std::uint32_t last;
    std::memcpy(&last, p + n - 4, 4);
    // Shifted by 32 when n is a multiple of 4: nothing left.
    tail = std::uint64_t{last} >> (32 - 8 * rest);
  } else {
    tail = static_cast<unsigned char>(p[0]);
    if (n > 1) tail |= std::uint64_t{static_cast<unsigned char>(p[1])} << 8;
    if (n > 2) tail |= std::uint64_t{static_cast<unsigned char>(p[2])} << 16;
  }
  return _mm256_or_si256(x, _mm256_and_si256(_mm256_set1_epi32(static_cast<int>(tail)),
                                             _mm256_cmpeq_epi32(words, word)));
}

/// What both decoders learn from the input before filling their frame.
template <std::size_t W>
struct avx2_label_scan {
  std::uint64_t letter;                  // letters, anywhere
  std::uint64_t digits;                  // the bytes after the last delimiter
  unsigned first;                        // past the delimiter; 0 without one
  unsigned basic;                        // the basic code points before it
  bool ok;                               // false: the portable decoder decides
  __m256i x[avx2_halves<W>];             // the input, zero past its end
  __m256i values[avx2_halves<W>];        // digit-values; at most 35
  __m256i letter_bytes[avx2_halves<W>];  // letters as 0xFF bytes
};

/// Reads the input, splits it at the last delimiter (§6.2: the basic code
/// points are everything before it) and turns the digits into their
/// values (§5, case-insensitive).  Not ok for an empty literal (a delimiter
/// first), a non-basic literal, a character that is no digit, or nothing to
/// decode: the portable decoder says which.
template <std::size_t W>
PUNY_AVX2_TARGET __attribute__((always_inline)) inline avx2_label_scan<W> avx2_scan_label(
    const avx2_decode_constants* c, std::span<const char> in) noexcept {
  constexpr std::size_t H = avx2_halves<W>;
  avx2_label_scan<W> s;
  const std::size_t size = in.size();
  if constexpr (H == 1) {
    s.x[0] = avx2_load_prefix(c, in.data(), size);
  } else {
    s.x[0] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in.data()));
    s.x[1] = avx2_load_prefix(c, in.data() + 32, size - 32);
  }
  std::uint64_t dash = 0;
  std::uint64_t high = 0;
  std::uint64_t decimal = 0;
  s.letter = 0;
  for (std::size_t h = 0; h < H; ++h) {
    const __m256i x = s.x[h];
    const __m256i letter_value = _mm256_sub_epi8(_mm256_or_si256(x, avx2_set(c, avx2_byte::case_bit)), avx2_set(c, avx2_byte::a));
    const __m256i letter = _mm256_cmpeq_epi8(_mm256_min_epu8(letter_value, avx2_set(c, avx2_byte::b25)), letter_value);
    const __m256i number = _mm256_sub_epi8(x, avx2_set(c, avx2_byte::zero));
    const __m256i is_decimal = _mm256_cmpeq_epi8(_mm256_min_epu8(number, avx2_set(c, avx2_byte::b9)), number);
    const unsigned shift = static_cast<unsigned>(32 * h);
    // Zero past the end: no delimiter, letter or decimal there.
    dash |= std::uint64_t{static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(x, avx2_set(c, avx2_byte::dash))))}
            << shift;
    high |= std::uint64_t{static_cast<std::uint32_t>(_mm256_movemask_epi8(x))} << shift;
    s.letter |= std::uint64_t{static_cast<std::uint32_t>(_mm256_movemask_epi8(letter))} << shift;
    decimal |= std::uint64_t{static_cast<std::uint32_t>(_mm256_movemask_epi8(is_decimal))} << shift;
    // At most 35, which ends no integer: past the end (and at every byte
    // that is no digit, which the checks below reject), so that the first
    // integer's reads past a truncated input see no digit that ends it and
    // the general step's packed compare sees bytes below 0x80.
    s.values[h] = _mm256_min_epu8(
        _mm256_blendv_epi8(_mm256_add_epi8(number, avx2_set(c, avx2_byte::b26)), letter_value, letter), avx2_set(c, avx2_byte::b35));
    s.letter_bytes[h] = letter;
  }
  const std::uint64_t in_mask = _bzhi_u64(~std::uint64_t{0}, static_cast<unsigned>(size));
  s.first = static_cast<unsigned>(64 - _lzcnt_u64(dash));
  s.basic = s.first - (dash != 0 ? 1u : 0u);
  const std::uint64_t literal = _bzhi_u64(~std::uint64_t{0}, s.basic);
  s.digits = in_mask & ~_bzhi_u64(~std::uint64_t{0}, s.first);
  s.ok = !((dash == 1) | ((high & literal) != 0) | ((s.digits & ~(s.letter | decimal)) != 0) | (s.digits == 0));
  return s;
}

/// Fills the frame from the scan: digit-values, thresholds, tails and
/// nexts for every position, and the code points of the basic elements.
/// tails[p] = d[p+1] + 10 d[p+2] + 100 d[p+3] + 1000 d[p+4], cut after the
/// first letter: the digits after an integer's first, with their weights
/// over w1, when every threshold after the first is tmax.  nexts[p] is
/// past that letter, or 0xC0 and up when none of p+1..p+4 is a letter: an
/// integer of more than five digits, or one the input's end cuts short.
template <std::size_t W>
PUNY_AVX2_TARGET __attribute__((always_inline)) inline void avx2_fill_frame(avx2_decode_frame<W>& fr,
                                                                            const avx2_decode_constants* c,
                                                                            const avx2_label_scan<W>& s) noexcept {
  constexpr std::size_t H = avx2_halves<W>;
  const __m256i iota = avx2_row(c->iota);
  const __m256i pad = avx2_set(c, avx2_byte::b35);
  const __m256i none = _mm256_setzero_si256();
  const __m256i weights = avx2_set(c, avx2_byte::weights);
  const __m256i hundred = avx2_set(c, avx2_byte::hundred);
  const __m256i c0 = avx2_set(c, avx2_byte::c0);
  const __m256i thirty_six = avx2_set(c, avx2_byte::b36);
  for (std::size_t h = 0; h < H; ++h) {
    const __m256i v = s.values[h];
    const __m256i e = s.letter_bytes[h];
    // v:after and e:after shifted down by 1 to 4 bytes (VPALIGNR shifts
    // within 128-bit halves: each half takes the bytes of the one after).
    const __m256i v_cross = _mm256_permute2x128_si256(v, h + 1 < H ? s.values[h + 1] : pad, 0x21);
    const __m256i e_cross = _mm256_permute2x128_si256(e, h + 1 < H ? s.letter_bytes[h + 1] : none, 0x21);
    const __m256i v1 = _mm256_alignr_epi8(v_cross, v, 1);
    const __m256i v2 = _mm256_alignr_epi8(v_cross, v, 2);
    const __m256i v3 = _mm256_alignr_epi8(v_cross, v, 3);
    const __m256i v4 = _mm256_alignr_epi8(v_cross, v, 4);
    const __m256i e1 = _mm256_alignr_epi8(e_cross, e, 1);
    const __m256i e12 = _mm256_or_si256(e1, _mm256_alignr_epi8(e_cross, e, 2));
    const __m256i e123 = _mm256_or_si256(e12, _mm256_alignr_epi8(e_cross, e, 3));
    const __m256i e1234 = _mm256_or_si256(e123, _mm256_alignr_epi8(e_cross, e, 4));
    const __m256i k2 = _mm256_andnot_si256(e1, v2);
    const __m256i k3 = _mm256_andnot_si256(e12, v3);
    const __m256i k4 = _mm256_andnot_si256(e123, v4);
    // Pairs (d1, d2) and (d3, d4) per 16-bit lane; UNPCK works per 128-bit
    // half, so `low` holds positions 0-7 and 16-23, `high` 8-15 and 24-31.
    const __m256i a_low = _mm256_maddubs_epi16(_mm256_unpacklo_epi8(v1, k2), weights);
    const __m256i a_high = _mm256_maddubs_epi16(_mm256_unpackhi_epi8(v1, k2), weights);
    const __m256i b_low = _mm256_maddubs_epi16(_mm256_unpacklo_epi8(k3, k4), weights);
    const __m256i b_high = _mm256_maddubs_epi16(_mm256_unpackhi_epi8(k3, k4), weights);
    const __m256i t_low = _mm256_add_epi16(a_low, _mm256_mullo_epi16(b_low, hundred));
    const __m256i t_high = _mm256_add_epi16(a_high, _mm256_mullo_epi16(b_high, hundred));
    std::uint16_t* const tails = fr.tails + 32 * h;
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(tails), _mm256_permute2x128_si256(t_low, t_high, 0x20));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(tails + 16), _mm256_permute2x128_si256(t_low, t_high, 0x31));
    // p + 5, less one for each of p+1..p+3 at or after the first letter
    // (the masks are -1), or 0xC0 and up.
    const __m256i at5 = _mm256_add_epi8(iota, _mm256_set1_epi8(static_cast<char>(32 * h + 5)));
    const __m256i next = _mm256_add_epi8(_mm256_add_epi8(at5, e1), _mm256_add_epi8(e12, e123));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(fr.nexts + 32 * h),
                        _mm256_or_si256(next, _mm256_andnot_si256(e1234, c0)));
    _mm256_store_si256(reinterpret_cast<__m256i*>(fr.dv + 32 * h), v);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(fr.thr + 32 * h), _mm256_sub_epi8(thirty_six, v));
    // The basic code points' values, for every position (those past the
    // literal are overwritten by the integers').
    const __m128i x_low = _mm256_castsi256_si128(s.x[h]);
    const __m128i x_high = _mm256_extracti128_si256(s.x[h], 1);
    std::uint32_t* const cps = fr.cps + 32 * h;
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(cps), _mm256_cvtepu8_epi32(x_low));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(cps + 8), _mm256_cvtepu8_epi32(_mm_srli_si128(x_low, 8)));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(cps + 16), _mm256_cvtepu8_epi32(x_high));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(cps + 24), _mm256_cvtepu8_epi32(_mm_srli_si128(x_high, 8)));
  }
  // The padding: digit-value 35 after the input, no end after position W
  // (the first integer may read nexts[W] and tails[W] for a label of W).
  _mm256_store_si256(reinterpret_cast<__m256i*>(fr.dv + W), pad);
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(fr.nexts + W), c0);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(fr.tails + W), _mm_setzero_si128());
  fr.zero = 0;
}

/// §6.2's "insert n into output at position s" on the positions: every
/// element at s or after it moves up one, and element `id` (negative until
/// now) takes position s.
template <std::size_t W>
PUNY_AVX2_TARGET __attribute__((always_inline)) inline void avx2_insert(avx2_positions<W>& pos, std::uint64_t s,
                                                                        std::uint64_t id) noexcept {
  const __m256i at = _mm256_set1_epi8(static_cast<char>(s));
  const __m256i before = _mm256_add_epi8(at, _mm256_set1_epi8(-1));
  const std::int8_t* const lane = avx2_decode_constants_table.lane + (64 - W) + id;
  for (std::size_t h = 0; h < avx2_halves<W>; ++h) {
    const __m256i moved = _mm256_sub_epi8(pos.v[h], _mm256_cmpgt_epi8(pos.v[h], before));
    const __m256i placed = _mm256_or_si256(at, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(lane + 32 * h)));
    pos.v[h] = _mm256_max_epi8(moved, placed);
  }
}

/// §6.2 for one integer's delta outside the fast steps: the next code
/// point and index (delta below 2^27, so the exact reciprocal multiply
/// applies; n never decreases, so U+10FFFF and the surrogates are checked
/// once, at the end), the insertion, and the new element's code point.
template <std::size_t W>
PUNY_AVX2_TARGET __attribute__((always_inline)) inline void avx2_take(std::uint64_t delta, std::uint64_t& len,
                                                                      std::uint64_t& i, std::uint64_t& n,
                                                                      avx2_positions<W>& pos,
                                                                      std::uint32_t* cps) noexcept {
  const std::uint64_t np = len + 1;
  // The quotient and remainder of the delta alone, so that i's own chain
  // is an add and a conditional subtract: i < np before, the remainder too.
  const std::uint64_t q = (delta * small_np_table.m[np]) >> 34;
  n += q;
  i += delta - q * np;
  avx2_wrap(i, np, n);
  avx2_insert<W>(pos, i, len);
  cps[len] = static_cast<std::uint32_t>(n);
  ++i;
  ++len;
}

/// How avx2_fast_steps stopped.
enum class avx2_stop : std::uint64_t {
  done,         // the count ran out, or the input did
  general,      // an integer was taken and the next bias is above 46
  delta_large,  // an integer's delta is past the table: it is still to take
};

// The step in assembly, with the frame's fields at the offsets given and
// the insertion INSERT (one or two position vectors).  Per integer at p,
// with d0 = dv[p]:
//   delta = d0 + (w1 < thr[p] ? 0 : w1 * tails[p]),
//   p = w1 < thr[p] ? p + 1 : nexts[p],
//   (q, r) = delta divided by np = len + 1, s = i + r, and when s >= np,
//   s -= np and q += 1: §6.2's n += (i + delta) / np, i = (i + delta) % np,
//   the insertion at s, n stored as the code point of element len,
//   i = s + 1, len += 1, w1 = row[delta], row moved on by a row.
#define PUNY_AVX2_FAST_STEPS(NEXTS, THR, TAILS, CPS, SIZE, ZERO, INSERT)                                          \
  "1:\n\t" /* d0, the tail, and where a multi-digit integer ends. */                                              \
  "movzbl (%[fr],%[p]), %k[d]\n\t"                                                                                \
  "movzwl " TAILS "(%[fr],%[p],2), %k[t]\n\t"                                                                     \
  "movzbl " NEXTS "(%[fr],%[p]), %k[nx]\n\t"                                                                      \
  "imulq %[w1], %[t]\n\t" /* One digit when w1 < thr[p] = 36 - d0: no tail, and p + 1. */                         \
  "cmpb " THR "(%[fr],%[p]), %b[w1]\n\t"                                                                          \
  "leaq 1(%[p]), %[p]\n\t"                                                                                        \
  "cmovaeq %[nx], %[p]\n\t"                                                                                       \
  "cmovbq " ZERO "(%[fr]), %[t]\n\t" /* The next w1 at row + d0 + t, once delta is known to be in the row. */     \
  "leaq (%[row],%[d]), %[q]\n\t"                                                                                  \
  "addq %[t], %[d]\n\t"                                                                                           \
  "cmpq $1119, %[d]\n\t"                                                                                          \
  "ja 3f\n\t"                                                                                                     \
  "movzbl (%[q],%[t]), %k[w1]\n\t" /* delta = qd * np + rd, from the reciprocal of np. */                         \
  "movq 8(%[tb],%[len],8), %[nx]\n\t"                                                                             \
  "imulq %[d], %[nx]\n\t"                                                                                         \
  "shrq $34, %[nx]\n\t"                                                                                           \
  "addq %[nx], %[n]\n\t"                                                                                          \
  "leaq 1(%[len]), %[q]\n\t"                                                                                      \
  "imulq %[q], %[nx]\n\t"                                                                                         \
  "movq %[d], %[t]\n\t"                                                                                           \
  "subq %[nx], %[t]\n\t" /* s = i + rd, less np (and one more for n) when it reaches np. */                      \
  "addq %[t], %[i]\n\t"                                                                                           \
  "movq %[i], %[t]\n\t"                                                                                           \
  "subq %[q], %[t]\n\t"                                                                                           \
  "cmovbq %[i], %[t]\n\t"                                                                                         \
  "sbbq $-1, %[n]\n\t" /* The insertion at s, and the code point of element len. */                               \
  "vmovd %k[t], %x[at]\n\t"                                                                                       \
  "leaq 1(%[t]), %[i]\n\t"                                                                                        \
  "vpbroadcastb %x[at], %[at]\n\t"                                                                                \
  "vpaddb %[minus1], %[at], %[before]\n\t" INSERT "movl %k[n], " CPS "(%[fr],%[len],4)\n\t"                       \
  "incq %[len]\n\t"                                                                                               \
  "addq $1120, %[row]\n\t"                                                                                        \
  "testl %k[w1], %k[w1]\n\t"                                                                                      \
  "jz 2f\n\t"                                                                                                     \
  "decq %[left]\n\t"                                                                                              \
  "jz 4f\n\t"                                                                                                     \
  "cmpq " SIZE "(%[fr]), %[p]\n\t"                                                                                \
  "jb 1b\n\t"                                                                                                     \
  "4:\n\t"                                                                                                        \
  "xorl %k[q], %k[q]\n\t"                                                                                         \
  "jmp 5f\n\t"                                                                                                    \
  "2:\n\t"                                                                                                        \
  "decq %[left]\n\t"                                                                                              \
  "movl $1, %k[q]\n\t"                                                                                            \
  "jmp 5f\n\t"                                                                                                    \
  "3:\n\t"                                                                                                        \
  "movl $2, %k[q]\n\t"                                                                                            \
  "5:\n\t"

// One position vector, its lane row at 544 + 32 + len in the constants.
#define PUNY_AVX2_INSERT_32                                                                                       \
  "vpor 576(%[tb],%[len]), %[at], %[at]\n\t"                                                                      \
  "vpcmpgtb %[before], %[pos0], %[before]\n\t"                                                                    \
  "vpsubb %[before], %[pos0], %[pos0]\n\t"                                                                        \
  "vpmaxsb %[at], %[pos0], %[pos0]\n\t"

// Two position vectors, their lane rows at 544 + len and 576 + len.
#define PUNY_AVX2_INSERT_64                                                                                       \
  "vpor 544(%[tb],%[len]), %[at], %[at0]\n\t"                                                                     \
  "vpor 576(%[tb],%[len]), %[at], %[at]\n\t"                                                                      \
  "vpcmpgtb %[before], %[pos0], %[gt]\n\t"                                                                        \
  "vpcmpgtb %[before], %[pos1], %[before]\n\t"                                                                    \
  "vpsubb %[gt], %[pos0], %[pos0]\n\t"                                                                            \
  "vpsubb %[before], %[pos1], %[pos1]\n\t"                                                                        \
  "vpmaxsb %[at0], %[pos0], %[pos0]\n\t"                                                                          \
  "vpmaxsb %[at], %[pos1], %[pos1]\n\t"

/// The loop's common step, repeated while the bias stays at most 46 (w1 !=
/// 0), integers are left to count and the input lasts.  On delta_large,
/// delta is in `delta` and p has moved; the rest is the caller's.  On
/// general, delta is in `delta`, the integer is taken and w1 is 0.
template <std::size_t W>
PUNY_AVX2_TARGET __attribute__((always_inline)) inline avx2_stop avx2_fast_steps(
    avx2_decode_frame<W>& fr, std::uint64_t& p, std::uint64_t& w1, std::uint64_t& i, std::uint64_t& n,
    std::uint64_t& len, const std::uint8_t*& row, std::uint64_t& left, std::uint64_t& delta,
    avx2_positions<W>& pos) noexcept {
  std::uint64_t t;
  std::uint64_t nx;
  std::uint64_t q;
  __m256i at;
  __m256i before;
  const __m256i minus1 = _mm256_set1_epi8(-1);
  const avx2_decode_constants* const tb = &avx2_decode_constants_table;
  if constexpr (W == 32) {
    __asm__ volatile(PUNY_AVX2_FAST_STEPS("96", "64", "160", "288", "432", "440", PUNY_AVX2_INSERT_32)
                     : [p] "+r"(p), [w1] "+r"(w1), [i] "+r"(i), [n] "+r"(n), [len] "+r"(len), [row] "+r"(row),
                       [left] "+r"(left), [d] "=&r"(delta), [t] "=&r"(t), [nx] "=&r"(nx), [q] "=&r"(q),
                       [pos0] "+x"(pos.v[0]), [at] "=&x"(at), [before] "=&x"(before)
                     : [fr] "r"(&fr), [tb] "r"(tb), [minus1] "x"(minus1)
                     : "cc", "memory");
  } else {
    __m256i at0;
    __m256i gt;
    __asm__ volatile(PUNY_AVX2_FAST_STEPS("160", "96", "256", "480", "752", "760", PUNY_AVX2_INSERT_64)
                     : [p] "+r"(p), [w1] "+r"(w1), [i] "+r"(i), [n] "+r"(n), [len] "+r"(len), [row] "+r"(row),
                       [left] "+r"(left), [d] "=&r"(delta), [t] "=&r"(t), [nx] "=&r"(nx), [q] "=&r"(q),
                       [pos0] "+x"(pos.v[0]), [pos1] "+x"(pos.v[1]), [at] "=&x"(at), [before] "=&x"(before),
                       [at0] "=&x"(at0), [gt] "=&x"(gt)
                     : [fr] "r"(&fr), [tb] "r"(tb), [minus1] "x"(minus1)
                     : "cc", "memory");
  }
  return static_cast<avx2_stop>(q);
}

#undef PUNY_AVX2_FAST_STEPS
#undef PUNY_AVX2_INSERT_32
#undef PUNY_AVX2_INSERT_64

/// The integers of both widths: the first, the loop over the rest, and the
/// checks that need the whole input.  `ends` marks the letters among the
/// digits and a sentinel bit at the end.  Returns the number of code
/// points, or 0 to leave the input to the portable decoder; n is the last
/// code point's value and i one past the last insertion's index.
template <std::size_t W>
PUNY_AVX2_TARGET __attribute__((always_inline)) inline std::size_t avx2_decode_integers(
    avx2_decode_frame<W>& fr, std::uint64_t ends, std::uint64_t letters, std::size_t first, std::size_t basic,
    std::size_t size, avx2_positions<W>& pos, std::uint64_t& n, std::uint64_t& i) noexcept {
  using P = fixed_params<punycode_params>;
  const std::uint8_t* const dv = fr.dv;
  std::uint32_t* const cps = fr.cps;
  std::uint64_t p = first;
  std::uint64_t len = basic;
  n = P::initial_n;
  i = 0;
  std::uint64_t w1;
  std::uint64_t general_bias = 0;
  std::uint64_t bad;
  {
    // The first integer, with the initial bias 72: thresholds 1, 1, then 26,
    // weights 1, 35, 1225, 12250, 122500.  Its digits straight from dv, not
    // from the tails, so that the tails are computed beside it; its third
    // and later digits counted up to the first letter at p + 2 or after,
    // with masks rather than branches on the data.
    const std::uint64_t d0 = dv[p];
    const std::uint64_t d1 = dv[p + 1];
    // p + 2 may be 64 (a last digit at 62 of 63): shifted in two steps.
    const auto more = static_cast<std::uint64_t>(std::countr_zero((ends >> (p + 1)) >> 1));
    const std::uint64_t d3 = dv[p + 3] & (std::uint64_t{0} - static_cast<std::uint64_t>(more > 0));
    const std::uint64_t d4 = dv[p + 4] & (std::uint64_t{0} - static_cast<std::uint64_t>(more > 1));
    std::uint64_t delta = d0 + 35 * d1 + 1225 * (dv[p + 2] + 10 * d3 + 100 * d4);
    std::uint64_t next = p + 3 + more;
    bad = static_cast<std::uint64_t>(more > 2) & static_cast<std::uint64_t>(d1 != 0) &
          static_cast<std::uint64_t>(d0 != 0);
    // Rare: an integer of one or two digits.
    if ((d0 == 0) | (d1 == 0)) [[unlikely]] {
      avx2_select_below(d1, 1, d0, delta, p + 2, next);
      avx2_select_below(d0, 1, 0, delta, p + 1, next);
    }
    p = next;
    avx2_take<W>(delta, len, i, n, pos, cps);
    // §6.1 with firsttime: delta / damp, then the table at twice that (the
    // table halves its index, as §6.1 does after the first integer).
    const std::uint64_t h = (delta * first_divisor<P>::m[1]) >> 37;
    w1 = h < punycode_next_w1::rows / 2 ? punycode_next_w1_table.v[len][2 * h] : 0;
    if (w1 == 0) [[unlikely]] {
      general_bias = adapt_small(P{}, delta, len, true);
      w1 = punycode_w1_of_bias(general_bias);
    }
  }
  // The table row of the next integer's numpoints, moved on by a row per
  // integer instead of indexed by a multiply.
  const std::uint8_t* row = punycode_next_w1_table.v[len + 1];
  // Integers left: at most one per letter left, since every integer ends at
  // a letter.  p may be past the end (a truncated first integer): then the
  // loop does not run, and `& 63` only keeps the shift defined.
  std::uint64_t left = static_cast<std::uint64_t>(std::popcount(letters >> (p & 63)));
  fr.size = size;
  while ((left != 0) & (p < size)) {
    std::uint64_t delta;
    if (w1 != 0) [[likely]] {
      const avx2_stop stop = avx2_fast_steps<W>(fr, p, w1, i, n, len, row, left, delta, pos);
      if (stop == avx2_stop::done) break;
      if (stop == avx2_stop::delta_large) {
        avx2_take<W>(delta, len, i, n, pos, cps);
        row += punycode_next_w1::rows;
        --left;
      }
      general_bias = adapt_small(P{}, delta, len, false);
      w1 = punycode_w1_of_bias(general_bias);
      continue;
    }
    // A bias above 46: the first four thresholds from the portable
    // decoder's table, compared at once (dv's bytes are below 0x80).
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
    avx2_take<W>(delta, len, i, n, pos, cps);
    --left;
    w1 = delta < punycode_next_w1::rows ? row[delta] : 0;
    row += punycode_next_w1::rows;
    if (w1 == 0) [[unlikely]] {
      general_bias = adapt_small(P{}, delta, len, false);
      w1 = punycode_w1_of_bias(general_bias);
    }
  }
  // p past the end: the last integer was truncated, or too long; p short of
  // it: digits without a letter to end them.
  if ((bad != 0) | (p != size) | (n > max_code_point)) return 0;
  return static_cast<std::size_t>(len);
}

/// Both widths: scan, frame, integers, checks, and the output written once
/// all of them passed.
template <std::size_t W>
PUNY_AVX2_TARGET __attribute__((always_inline)) inline std::size_t avx2_decode_label(
    std::span<const char> in, std::span<char32_t> out) noexcept {
  const std::size_t size = in.size();
  const avx2_decode_constants* const c = avx2_constants();
  const avx2_label_scan<W> scan = avx2_scan_label<W>(c, in);
  if (!scan.ok) return 0;
  avx2_decode_frame<W> fr;
  avx2_fill_frame<W>(fr, c, scan);
  // Positions, in reverse: the basic code points at 0 .. basic-1, the
  // elements to come at -128 and up (negative).
  avx2_positions<W> pos;
  {
    const __m256i basic = _mm256_set1_epi8(static_cast<char>(scan.basic));
    for (std::size_t h = 0; h < avx2_halves<W>; ++h) {
      const __m256i id = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(c->descending + (64 - W) + 32 * h));
      pos.v[h] = _mm256_or_si256(id, _mm256_andnot_si256(_mm256_cmpgt_epi8(basic, id), _mm256_set1_epi8(-128)));
    }
  }
  const std::uint64_t letters = scan.letter & scan.digits;
  // The sentinel bit at size <= 63 fits.
  const std::uint64_t ends = letters | (std::uint64_t{1} << size);
  std::uint64_t n;
  std::uint64_t i;
  const std::size_t len = avx2_decode_integers<W>(fr, ends, letters, scan.first, scan.basic, size, pos, n, i);
  // Room for the code points is checked once their number is known: a
  // caller's buffer sized for the label's code points (not its length)
  // still takes this path.
  if ((len == 0) | (len > out.size())) return 0;
  // No element below a final n of U+D800 holds a surrogate: n never
  // decreases.
  if (n >= 0xD800) [[unlikely]] {
    for (std::size_t k = scan.basic; k < len; ++k) {
      if (fr.cps[k] - 0xD800u < 0x800u) return 0;
    }
  }
  // Four elements per round: the ones past the last, up to three, repeat
  // the last element — its position (i - 1: no insertion came after it)
  // and code point (n) — so that their stores write what is already there.
  const __m256i last = _mm256_set1_epi8(static_cast<char>(i - 1));
  for (std::size_t h = 0; h < avx2_halves<W>; ++h) {
    _mm256_store_si256(reinterpret_cast<__m256i*>(fr.pos + 32 * h), _mm256_blendv_epi8(pos.v[h], last, pos.v[h]));
  }
  _mm_storeu_si128(reinterpret_cast<__m128i*>(fr.cps + len), _mm_set1_epi32(static_cast<int>(n)));
  char32_t* const o = out.data();
  const std::int8_t* const at = fr.pos + (W - 1);
  for (std::size_t k = 0; k < len; k += 4) {
    o[static_cast<std::uint8_t>(at[-static_cast<std::ptrdiff_t>(k)])] = fr.cps[k];
    o[static_cast<std::uint8_t>(at[-static_cast<std::ptrdiff_t>(k) - 1])] = fr.cps[k + 1];
    o[static_cast<std::uint8_t>(at[-static_cast<std::ptrdiff_t>(k) - 2])] = fr.cps[k + 2];
    o[static_cast<std::uint8_t>(at[-static_cast<std::ptrdiff_t>(k) - 3])] = fr.cps[k + 3];
  }
  return len;
}

/// The one-vector decoder: Punycode (the §5 parameters) of 1 to 32
/// characters, without case flags.  Returns the number of code points,
/// exactly that many written; or 0, writing nothing, when the portable
/// decoder must decide, also when `out` has no room for them all.
PUNY_AVX2_TARGET inline std::size_t decode_label_avx2_32(std::span<const char> in, std::span<char32_t> out) noexcept {
  if (in.size() - 1 >= avx2_label_limit) return 0;
  return avx2_decode_label<32>(in, out);
}

/// The two-vector decoder: as decode_label_avx2_32, for 33 to 63 characters.
PUNY_AVX2_TARGET inline std::size_t decode_label_avx2_64(std::span<const char> in, std::span<char32_t> out) noexcept {
  if (in.size() - (avx2_label_limit + 1) >= avx2_long_label_limit - avx2_label_limit) return 0;
  return avx2_decode_label<64>(in, out);
}

}  // namespace puny::detail

#endif
