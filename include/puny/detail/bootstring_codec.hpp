// puny — implementation of the Bootstring encoder and decoder (RFC 3492 §6).
// Not part of the public API: include <puny/punycode.hpp>.
//
// Both directions are O(n log n) in the worst case:
//  * encode visits the non-basic code points sorted by (value, position) —
//    the order in which §6.3's loops emit them — and computes each delta from
//    counts of already-handled positions kept in a bitset with a Fenwick tree
//    over its word counts, instead of rescanning the input per value;
//  * decode parses every (code point, insertion index) pair first, then
//    places them back to front into the k-th free slot of the output found in
//    the same structure, instead of memmoving on every insertion.
// Label-sized input decodes in place (insertion by memmove), which is faster
// when the string is short and needs no scratch.
#pragma once

#include <algorithm>
#include <bit>
#include <cstring>
#include <type_traits>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <string_view>

#include "../bootstring.hpp"
#include "../status.hpp"

namespace puny::detail {

inline constexpr std::uint64_t u64_max = std::numeric_limits<std::uint64_t>::max();
inline constexpr char32_t max_code_point = 0x10FFFF;

/// Inputs up to this many elements use an internal stack arena; longer ones
/// need caller scratch.  The arena is sized so that both directions fit.
inline constexpr std::size_t arena_words = 512;
/// The longest input served by the arena (see puny::inline_limit).
inline constexpr std::size_t inline_length = 480;
static_assert(inline_length + 8 + 1 + 2 + 2 <= arena_words, "the arena holds the inline length's scratch");
/// Decoder input of at most this many characters takes the label path.
inline constexpr std::size_t label_limit = 64;
/// Decoder input of at most this many characters is decoded in place.
inline constexpr std::size_t in_place_decode_limit = 96;
/// Encoder input up to this long, with at most small_extended non-basic
/// code points, takes the label-sized path.
inline constexpr std::size_t small_length = 64;
inline constexpr std::size_t small_extended = 32;
/// Positions are packed into 64-bit keys next to a 21-bit code point.
inline constexpr std::size_t max_packed_length = std::size_t{1} << 40;

[[nodiscard]] constexpr std::size_t bitset_words(std::size_t n) noexcept { return (n + 63) / 64; }

/// Words of scratch for the O(n log n) paths on an input of n elements: one
/// key per code point, a bitset and a Fenwick tree over its words.
[[nodiscard]] constexpr std::size_t scratch_words_for(std::size_t n) noexcept {
  const std::size_t words = bitset_words(n);
  return n + words + (words + 7) / 8 + std::bit_ceil((words + 3) / 4) + 2;
}

/// The encoder's scratch beyond the inline length: the same, plus room for
/// the radix sort's second buffer.
[[nodiscard]] constexpr std::size_t encode_words_for(std::size_t n) noexcept {
  return n + scratch_words_for(n);
}

/// A fixed parameter set lifted into the type so that every field is a
/// compile-time constant in the hot loops.
template <bootstring P>
struct fixed_params {
  static constexpr std::uint32_t base = P.base;
  static constexpr std::uint32_t tmin = P.tmin;
  static constexpr std::uint32_t tmax = P.tmax;
  static constexpr std::uint32_t skew = P.skew;
  static constexpr std::uint32_t damp = P.damp;
  static constexpr std::uint32_t initial_bias = P.initial_bias;
  static constexpr char32_t initial_n = P.initial_n;
  static constexpr char delimiter = P.delimiter;
};

// ---------------------------------------------------------------------------
// Arithmetic.  Real labels spend most of their time in the divisions of §6.1
// and of the digit loops; divisors there are small (base - t, and the code
// point count of a label), so a multiply by a precomputed reciprocal replaces
// them whenever the dividend fits in 32 bits (Lemire, Kaser & Kurz, "Faster
// remainder by direct computation", 2019: ceil(2^64 / d) * n >> 64 == n / d
// for every 32-bit n and d).

__extension__ using u128 = unsigned __int128;

inline constexpr std::uint32_t reciprocal_limit = 64;

struct reciprocals {
  std::uint64_t c[reciprocal_limit + 1];
};

[[nodiscard]] constexpr reciprocals make_reciprocals() noexcept {
  reciprocals r{};
  for (std::uint32_t d = 2; d <= reciprocal_limit; ++d) r.c[d] = u64_max / d + 1;
  return r;
}

inline constexpr reciprocals reciprocal_table = make_reciprocals();

struct quotient {
  std::uint64_t quot;
  std::uint64_t rem;
};

[[nodiscard]] constexpr quotient divide(std::uint64_t n, std::uint64_t d) noexcept {
  if (n <= 0xFFFFFFFFu && d >= 2 && d <= reciprocal_limit) {
    const auto q = static_cast<std::uint64_t>((static_cast<u128>(reciprocal_table.c[d]) * n) >> 64);
    return {q, n - q * d};
  }
  if (n <= 0xFFFFFFFFu && d <= 0xFFFFFFFFu) {
    // A 32-bit divide is the faster instruction on most x86 cores.
    const auto n32 = static_cast<std::uint32_t>(n);
    const auto d32 = static_cast<std::uint32_t>(d);
    return {n32 / d32, n32 % d32};
  }
  return {n / d, n % d};
}

/// Population count that stays inline when the target has no POPCNT
/// instruction (std::popcount then calls a library routine).
[[nodiscard]] constexpr unsigned popcount64(std::uint64_t x) noexcept {
#if defined(__POPCNT__)
  return static_cast<unsigned>(std::popcount(x));
#else
  x = x - ((x >> 1) & 0x5555555555555555u);
  x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Fu;
  return static_cast<unsigned>((x * 0x0101010101010101u) >> 56);
#endif
}

struct digit_table_t {
  std::uint8_t v[256];
};

[[nodiscard]] constexpr digit_table_t make_digit_table() noexcept {
  digit_table_t t{};
  for (unsigned c = 0; c < 256; ++c) t.v[c] = digit_value(static_cast<char>(c));
  return t;
}

/// digit_value() as a lookup, for the decoder's inner loop.
inline constexpr digit_table_t digit_table = make_digit_table();

/// ceil(2^34 / d) for d <= 128: (n * m) >> 34 == n / d for every n < 2^27
/// (the error n * (m * d - 2^34) / (d * 2^34) stays below 2^-7 <= 1 / d).
struct np_reciprocals {
  std::uint64_t m[129];
};

[[nodiscard]] constexpr np_reciprocals make_np_reciprocals() noexcept {
  np_reciprocals r{};
  for (std::uint64_t d = 1; d <= 128; ++d) r.m[d] = ((std::uint64_t{1} << 34) + d - 1) / d;
  return r;
}

inline constexpr np_reciprocals small_np_table = make_np_reciprocals();

/// ceil(2^35 / (2 d)) for d <= 128: (n * m) >> 35 == n / (2 d) for every
/// n < 2^27 (2 d <= 256 = 2^8, and 27 + 8 = 35).
[[nodiscard]] constexpr np_reciprocals make_half_np_reciprocals() noexcept {
  np_reciprocals r{};
  for (std::uint64_t d = 1; d <= 128; ++d) r.m[d] = ((std::uint64_t{1} << 35) + 2 * d - 1) / (2 * d);
  return r;
}

inline constexpr np_reciprocals half_np_table = make_half_np_reciprocals();

template <class Params>
inline constexpr bool is_fixed = false;
template <bootstring P>
inline constexpr bool is_fixed<fixed_params<P>> = true;

/// For a constant parameter set: ceil(2^64 / step^r) for r = 1..5, with
/// step = base - tmin, so that (n * m) >> 64 == n / step^r for n < 2^32.
template <class Params>
struct power_reciprocal {
  struct table_t {
    std::uint64_t m[6];
  };
  static constexpr table_t make() noexcept {
    table_t t{};
    std::uint64_t d = 1;
    for (int r = 1; r <= 5; ++r) {
      d *= std::uint64_t{Params::base} - Params::tmin;
      t.m[r] = u64_max / d + 1;
    }
    return t;
  }
  static constexpr table_t table = make();
};

/// For a constant parameter set, the last line of §6.1 tabulated over every
/// delta the loop before it can leave (at most (base - tmin) * tmax / 2).
template <class Params>
struct adapt_tail {
  static constexpr std::uint64_t step = std::uint64_t{Params::base} - Params::tmin;
  static constexpr std::uint64_t limit = (step * Params::tmax) / 2;
  struct table_t {
    std::uint8_t v[limit + 1];
  };
  static constexpr table_t make() noexcept {
    table_t t{};
    for (std::uint64_t d = 0; d <= limit; ++d) {
      t.v[d] = static_cast<std::uint8_t>(((step + 1) * d) / (d + Params::skew));
    }
    return t;
  }
  static constexpr table_t table = make();
};

/// RFC 3492 §6.1.
template <class Params>
[[nodiscard]] constexpr std::uint64_t adapt(const Params& p, std::uint64_t delta,
                                            std::uint64_t numpoints, bool firsttime) noexcept {
  delta = firsttime ? delta / p.damp : delta / 2;
  delta += divide(delta, numpoints).quot;
  std::uint64_t k = 0;
  const std::uint64_t step = std::uint64_t{p.base} - p.tmin;
  const std::uint64_t limit = (step * p.tmax) / 2;
  while (delta > limit) {
    delta /= step;
    k += p.base;
  }
  if constexpr (is_fixed<Params>) {
    return k + adapt_tail<Params>::table.v[delta];
  } else {
    return k + ((step + 1) * delta) / (delta + p.skew);
  }
}

/// The threshold t of §6.2/§6.3, clamped to [tmin, tmax] with the "+ tmin"
/// the RFC says may be omitted kept in (it costs nothing and is exact for
/// every valid parameter set).
template <class Params>
[[nodiscard]] constexpr std::uint64_t threshold(const Params& p, std::uint64_t k,
                                                std::uint64_t bias) noexcept {
  // Written as a clamp so that it compiles to conditional moves; bias and k
  // stay far below 2^63 (k grows by base per digit of the input).
  auto t = static_cast<std::int64_t>(k) - static_cast<std::int64_t>(bias);
  t = t < static_cast<std::int64_t>(p.tmin) ? static_cast<std::int64_t>(p.tmin) : t;
  t = t > static_cast<std::int64_t>(p.tmax) ? static_cast<std::int64_t>(p.tmax) : t;
  return static_cast<std::uint64_t>(t);
}

[[nodiscard]] constexpr bool is_scalar_value(char32_t c) noexcept {
  return c <= max_code_point && (c < 0xD800 || c > 0xDFFF);
}

[[nodiscard]] constexpr char ascii_upper(char c) noexcept {
  return (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
}
[[nodiscard]] constexpr char ascii_lower(char c) noexcept {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}
[[nodiscard]] constexpr bool is_ascii_upper(char c) noexcept { return c >= 'A' && c <= 'Z'; }

// ---------------------------------------------------------------------------
// Counting bitset: a bitset over positions with a Fenwick tree over the
// population counts of its words.  prefix() and select() are O(log(n/64)).
// The tree has a power-of-two size (zero counts past the last word), so
// that select()'s descent needs no bounds test and compiles to conditional
// moves: on long random input its branches would mispredict half the time.

struct select_in_byte_t {
  std::uint8_t v[256][8];
};

[[nodiscard]] constexpr select_in_byte_t make_select_in_byte() noexcept {
  select_in_byte_t t{};
  for (unsigned b = 0; b < 256; ++b) {
    unsigned rank = 0;
    for (unsigned bit = 0; bit < 8; ++bit) {
      if ((b >> bit) & 1) t.v[b][rank++] = static_cast<std::uint8_t>(bit);
    }
  }
  return t;
}

/// Position of the set bit of each rank within a byte.
inline constexpr select_in_byte_t select_in_byte_table = make_select_in_byte();

/// 64-bit words of index a counting_bitset keeps for a bitset of the given
/// number of words: a byte per word (its population count) and a Fenwick
/// tree over blocks of four words, padded to a power of two.
[[nodiscard]] constexpr std::size_t index_words(std::size_t words) noexcept {
  return (words + 7) / 8 + std::bit_ceil((words + 3) / 4);
}

class counting_bitset {
 public:
  /// `index` has index_words(words) words.
  constexpr counting_bitset(std::uint64_t* bits, std::uint64_t* index, std::size_t words) noexcept
      : bits_(bits),
        counts_(index),
        tree_(index + (words + 7) / 8),
        words_(words),
        size_(std::bit_ceil((words + 3) / 4)) {}

  /// Builds the index from the bits already stored, in O(words).
  constexpr void build() noexcept {
    for (std::size_t g = 0; g < (words_ + 7) / 8; ++g) counts_[g] = 0;
    for (std::size_t w = 0; w < words_; ++w) counts_[w >> 3] |= std::uint64_t{popcount64(bits_[w])} << (8 * (w & 7));
    for (std::size_t b = 0; b < size_; ++b) tree_[b] = b < (words_ + 3) / 4 ? block_total(b) : 0;
    for (std::size_t i = 1; i <= size_; ++i) {
      const std::size_t parent = i + (i & (~i + 1));
      if (parent <= size_) tree_[parent - 1] += tree_[i - 1];
    }
  }

  constexpr void set(std::size_t pos) noexcept {
    bits_[pos >> 6] |= std::uint64_t{1} << (pos & 63);
    counts_[pos >> 9] += std::uint64_t{1} << (8 * ((pos >> 6) & 7));
    for (std::size_t i = (pos >> 8) + 1; i <= size_; i += i & (~i + 1)) ++tree_[i - 1];
  }

  constexpr void reset(std::size_t pos) noexcept {
    bits_[pos >> 6] &= ~(std::uint64_t{1} << (pos & 63));
    counts_[pos >> 9] -= std::uint64_t{1} << (8 * ((pos >> 6) & 7));
    for (std::size_t i = (pos >> 8) + 1; i <= size_; i += i & (~i + 1)) --tree_[i - 1];
  }

  /// Number of set bits at positions below pos.
  [[nodiscard]] constexpr std::uint64_t prefix(std::size_t pos) const noexcept {
    std::uint64_t sum = 0;
    for (std::size_t i = pos >> 8; i > 0; i -= i & (~i + 1)) sum += tree_[i - 1];
    const std::size_t word = pos >> 6;
    if (word < words_) {
      // Words of the block before this one, then bits of this word below pos.
      const std::uint64_t group = block_counts(pos >> 8) & ((std::uint64_t{1} << (8 * (word & 3))) - 1);
      sum += ((group * 0x01010101u) >> 24) & 0xFF;
      sum += popcount64(bits_[word] & ((std::uint64_t{1} << (pos & 63)) - 1));
    }
    return sum;
  }

  /// Position of the set bit of rank j (0-based); j must be below the count.
  [[nodiscard]] constexpr std::size_t select(std::uint64_t j) const noexcept {
    // Past the last block the counts are zero and the prefix there is the
    // total, which exceeds j: the descent never leaves the real blocks.
    // Two levels per round: the three entries either outcome of the first
    // level can need are loaded at once, so that each round waits for one
    // load rather than two.
    std::size_t block = 0;
    std::size_t step = size_;
    for (; step >= 2; step >>= 2) {
      const std::size_t half = step >> 1;
      const std::uint64_t c1 = entry(block + step);
      const std::uint64_t c_went = entry(block + step + half);
      const std::uint64_t c_stayed = entry(block + half);
      const bool go1 = c1 <= j;
      j -= go1 ? c1 : 0;
      block += go1 ? step : 0;
      const std::uint64_t c2 = go1 ? c_went : c_stayed;
      const bool go2 = c2 <= j;
      j -= go2 ? c2 : 0;
      block += go2 ? half : 0;
    }
    if (step == 1) {
      const std::uint64_t c = entry(block + 1);
      const bool go = c <= j;
      j -= go ? c : 0;
      block += go ? 1 : 0;
    }
    std::uint64_t counts = block_counts(block);
    std::size_t word = block << 2;
    for (int k = 0; k < 3; ++k) {
      const std::uint64_t c = counts & 0xFF;
      const bool go = j >= c;
      j -= go ? c : 0;
      word += go ? 1 : 0;
      // Once the word is found, 0xFF (above any j left) stops the scan.
      counts = go ? counts >> 8 : 0xFFFFFFFFu;
    }
    return (word << 6) + select_in_word(bits_[word], j);
  }

 private:
  /// Fenwick entry `next` (1-based), or a count no rank reaches past the end.
  [[nodiscard]] constexpr std::uint64_t entry(std::size_t next) const noexcept {
    return next <= size_ ? tree_[next - 1] : ~std::uint64_t{0};
  }

  /// The four count bytes of block b, low byte first.
  [[nodiscard]] constexpr std::uint64_t block_counts(std::size_t b) const noexcept {
    return (counts_[b >> 1] >> (32 * (b & 1))) & 0xFFFFFFFFu;
  }

  [[nodiscard]] constexpr std::uint64_t block_total(std::size_t b) const noexcept {
    const std::uint64_t g = block_counts(b);
    return (g & 0xFF) + ((g >> 8) & 0xFF) + ((g >> 16) & 0xFF) + (g >> 24);
  }

  /// Position of the set bit of rank j in w: byte counts summed by one
  /// multiply, the byte found by a bytewise compare, the bit by a table
  /// (Vigna, "Broadword implementation of rank/select queries", 2008).
  [[nodiscard]] static constexpr std::size_t select_in_word(std::uint64_t w, std::uint64_t j) noexcept {
    constexpr std::uint64_t ones = 0x0101010101010101u;
    std::uint64_t c = w - ((w >> 1) & 0x5555555555555555u);
    c = (c & 0x3333333333333333u) + ((c >> 2) & 0x3333333333333333u);
    c = (c + (c >> 4)) & 0x0F0F0F0F0F0F0F0Fu;
    const std::uint64_t cumulative = c * ones;  // byte i: bits set in bytes 0..i
    // Byte i's top bit: cumulative_i >= j + 1 (all values stay below 128).
    const std::uint64_t reached = ((cumulative | (ones << 7)) - (j + 1) * ones) & (ones << 7);
    const auto byte = static_cast<unsigned>(std::countr_zero(reached)) >> 3;
    const std::uint64_t before = ((cumulative << 8) >> (8 * byte)) & 0xFF;
    const auto in_byte = static_cast<unsigned>((w >> (8 * byte)) & 0xFF);
    return 8 * byte + select_in_byte_table.v[in_byte][j - before];
  }

  std::uint64_t* bits_;
  std::uint64_t* counts_;
  std::uint64_t* tree_;
  std::size_t words_;
  std::size_t size_;
};

// ---------------------------------------------------------------------------
// Observers receive the steps of §7.2/§7.3 traces.  The default does nothing
// and compiles away.

struct no_observer {
  static constexpr bool enabled = false;
  constexpr void encode_start(std::uint64_t, std::span<const char32_t>) noexcept {}
  constexpr void encode_literal(std::size_t, std::span<const char32_t>, std::string_view) noexcept {}
  constexpr void encode_next(char32_t) noexcept {}
  constexpr void encode_delta(std::uint64_t, std::string_view) noexcept {}
  constexpr void bias(std::uint64_t) noexcept {}
  constexpr void encode_done(std::string_view) noexcept {}
  constexpr void decode_start(std::uint64_t, std::uint64_t, std::uint64_t, std::string_view) noexcept {}
  constexpr void decode_literal(std::string_view, std::span<const char32_t>) noexcept {}
  constexpr void decode_delta(std::string_view, std::uint64_t) noexcept {}
  constexpr void decode_state(std::span<const char32_t>, std::size_t) noexcept {}
};

// ---------------------------------------------------------------------------
// Output writer: writes while there is room and keeps counting after, so a
// too-small buffer still learns the size it needs.

template <class T>
struct counting_writer {
  std::span<T> out;
  std::size_t count = 0;
  constexpr void put(T v) noexcept {
    if (count < out.size()) out[count] = v;
    ++count;
  }
  [[nodiscard]] constexpr bool fits() const noexcept { return count <= out.size(); }
};

[[nodiscard]] constexpr result fail(status s, std::size_t pos) noexcept {
  result r;
  r.code = s;
  r.position = pos;
  return r;
}

[[nodiscard]] constexpr result too_small(status s, std::size_t needed) noexcept {
  result r;
  r.code = s;
  r.needed = needed;
  return r;
}

// ---------------------------------------------------------------------------
// Encoder (§6.3)

/// Writes q as a generalized variable-length integer (§3.3) in the digits
/// of §5; the last digit carries the case flag (Appendix A).
inline constexpr char digit_chars[] = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

template <class Params>
constexpr void emit_integer(const Params& p, counting_writer<char>& w, std::uint64_t q,
                            std::uint64_t bias, bool upper) noexcept {
  for (std::uint64_t k = p.base;; k += p.base) {
    const std::uint64_t t = threshold(p, k, bias);
    if (q < t) break;
    const quotient qr = divide(q - t, p.base - t);
    w.put(digit_chars[t + qr.rem]);
    q = qr.quot;
  }
  w.put(digit_chars[q + (upper ? 36 : 0)]);
}

/// For each of the first nk keys (value << 6 | position, below 2^27, in
/// increasing order of position; the array is padded to a multiple of 4),
/// its rank among them and the number of smaller keys before it, which
/// are the smaller keys at smaller positions.  Stores both at the rank.
constexpr void rank_keys(const std::uint32_t* keys, std::size_t nk, std::uint32_t* sorted,
                         std::uint8_t* before) noexcept {
  if (!std::is_constant_evaluated()) {
    // Four keys a at a time against every key b broadcast, so the counts
    // accumulate in the lanes: no horizontal sums, and no branch that
    // depends on the data (a sort's would mispredict on most labels).
    using v4 = std::int32_t __attribute__((vector_size(16)));
    const std::size_t bound = (nk + 3) & ~std::size_t{3};  // keys are padded to here
    v4 broadcast[small_extended];
    for (std::size_t b = 0; b < bound; ++b) {
      const auto kb = static_cast<std::int32_t>(keys[b]);
      broadcast[b] = v4{kb, kb, kb, kb};
    }
    // Key a + d of a group is before lanes above d only.
    const v4 after0 = {0, -1, -1, -1};
    const v4 after1 = {0, 0, -1, -1};
    const v4 after2 = {0, 0, 0, -1};
    for (std::size_t a = 0; a < nk; a += 4) {
      v4 ka;
      std::memcpy(&ka, keys + a, sizeof ka);
      v4 rank = {0, 0, 0, 0};
      v4 left = {0, 0, 0, 0};
      for (std::size_t b = 0; b < a; ++b) {
        const v4 lt = broadcast[b] < ka;
        rank -= lt;
        left -= lt;
      }
      const v4 lt0 = broadcast[a] < ka;
      const v4 lt1 = broadcast[a + 1] < ka;
      const v4 lt2 = broadcast[a + 2] < ka;
      const v4 lt3 = broadcast[a + 3] < ka;
      rank -= lt0 + lt1 + lt2 + lt3;
      left -= (lt0 & after0) + (lt1 & after1) + (lt2 & after2);
      for (std::size_t b = a + 4; b < bound; ++b) rank -= broadcast[b] < ka;
      const std::size_t group_end = nk < a + 4 ? nk : a + 4;
      std::int32_t r[4];
      std::int32_t l[4];
      std::uint32_t k[4];
      std::memcpy(r, &rank, sizeof r);
      std::memcpy(l, &left, sizeof l);
      std::memcpy(k, &ka, sizeof k);
      for (std::size_t j = 0; j < group_end - a; ++j) {
        const auto at = static_cast<std::size_t>(r[j]);
        sorted[at] = k[j];
        before[at] = static_cast<std::uint8_t>(l[j]);
      }
    }
    return;
  }
  for (std::size_t a = 0; a < nk; ++a) {
    std::uint32_t r = 0;
    std::uint32_t left = 0;
    for (std::size_t b = 0; b < nk; ++b) {
      const std::uint32_t lt = keys[b] < keys[a] ? 1u : 0u;
      r += lt;
      left += b < a ? lt : 0u;
    }
    sorted[r] = keys[a];
    before[r] = static_cast<std::uint8_t>(left);
  }
}

/// Magic multipliers for n / d with n < 2^27 and d <= 36: ceil(2^33 / d),
/// exact over that range (Granlund & Montgomery), in one 64-bit multiply.
struct small_reciprocals {
  std::uint64_t m[37];
};

[[nodiscard]] constexpr small_reciprocals make_small_reciprocals() noexcept {
  small_reciprocals r{};
  for (std::uint64_t d = 1; d <= 36; ++d) r.m[d] = ((std::uint64_t{1} << 33) + d - 1) / d;
  return r;
}

inline constexpr small_reciprocals small_reciprocal_table = make_small_reciprocals();
inline constexpr std::uint64_t small_dividend_limit = std::uint64_t{1} << 27;

template <class Params>
[[nodiscard]] constexpr bool small_adapt_applies() noexcept {
  if constexpr (is_fixed<Params>) {
    const std::uint64_t step = std::uint64_t{Params::base} - Params::tmin;
    const std::uint64_t limit = (step * Params::tmax) / 2;
    return (limit + 1) * step * step * step * step * step >= (std::uint64_t{1} << 28);
  } else {
    return false;
  }
}

/// §6.1 for a delta below 2^27 and at most small_length + 1 points, as in
/// every label: the divisions become multiplies by exact reciprocals and
/// the loop a count of the thresholds it would cross, so that nothing here
/// branches on the data.
template <class Params>
[[nodiscard]] constexpr std::uint64_t adapt_small(const Params& p, std::uint64_t delta, std::uint64_t numpoints,
                                                  bool firsttime) noexcept {
  // Five rounds of the loop cover every label delta (below 2^28) when
  // (limit + 1) * step^5 exceeds it; other parameter sets take adapt().
  if constexpr (small_adapt_applies<Params>()) {
    constexpr std::uint64_t step = std::uint64_t{Params::base} - Params::tmin;
    constexpr std::uint64_t limit = (step * Params::tmax) / 2;
    delta = firsttime ? delta / Params::damp : delta / 2;
    delta += (delta * small_np_table.m[numpoints]) >> 34;
    // floor(delta / step^i) > limit  <=>  delta >= (limit + 1) * step^i.
    constexpr std::uint64_t b0 = limit + 1;
    constexpr std::uint64_t b1 = b0 * step;
    constexpr std::uint64_t b2 = b1 * step;
    constexpr std::uint64_t b3 = b2 * step;
    constexpr std::uint64_t b4 = b3 * step;
    const std::uint64_t rounds = (delta >= b0 ? 1u : 0u) + (delta >= b1 ? 1u : 0u) + (delta >= b2 ? 1u : 0u) +
                                 (delta >= b3 ? 1u : 0u) + (delta >= b4 ? 1u : 0u);
    if (rounds != 0) delta = static_cast<std::uint64_t>((static_cast<u128>(delta) * power_reciprocal<Params>::table.m[rounds]) >> 64);
    return rounds * Params::base + adapt_tail<Params>::table.v[delta];
  } else {
    return adapt(p, delta, numpoints, firsttime);
  }
}

/// Emits one delta and returns the new bias: §6.3's digit loop and the
/// adapt() call that follows it.  The first four digits are produced
/// without branches when the output has room, so that the loop's exit —
/// which depends on the data — costs no misprediction for typical deltas.
template <class Params>
constexpr void emit_delta(const Params& p, counting_writer<char>& w, std::uint64_t q, std::uint64_t bias,
                          bool upper) noexcept {
  const std::size_t room = w.out.size() - (w.count < w.out.size() ? w.count : w.out.size());
  if (q < small_dividend_limit && room >= 4 && !std::is_constant_evaluated()) {
    char chars[4];
    std::uint32_t stop = 0;
    std::uint64_t q32 = q;
    const std::uint64_t up = upper ? 36 : 0;
    for (std::uint32_t j = 0; j < 4; ++j) {
      const std::uint64_t t = threshold(p, std::uint64_t{p.base} * (j + 1), bias);
      const std::uint64_t span = p.base - t;
      // Wraps when q32 < t; the quotient is then unused.
      const std::uint64_t n = (q32 - t) & 0xFFFFFFFFu;
      const std::uint64_t quot = (n * small_reciprocal_table.m[span]) >> 33;
      const bool last = q32 < t;
      const std::uint64_t index = last ? q32 + up : t + (n - quot * span);
      chars[j] = digit_chars[index];
      stop |= static_cast<std::uint32_t>(last) << j;
      q32 = last ? 0 : quot;
    }
    const auto count = static_cast<std::size_t>(std::countr_zero(stop | 16u)) + 1;
    std::memcpy(w.out.data() + w.count, chars, 4);
    if (count <= 4) {
      w.count += count;
      return;
    }
    w.count += 4;
    q = q32;
    // More than four digits: the rest by the loop below, from k = 5 * base.
    for (std::uint64_t k = 5 * std::uint64_t{p.base};; k += p.base) {
      const std::uint64_t t = threshold(p, k, bias);
      if (q < t) break;
      const quotient qr = divide(q - t, p.base - t);
      w.put(digit_chars[t + qr.rem]);
      q = qr.quot;
    }
    w.put(digit_chars[q + up]);
    return;
  }
  emit_integer(p, w, q, bias, upper);
}

inline constexpr std::size_t radix_sort_threshold = 2048;

/// Stable LSD radix sort of keys on their code point (bits 40 to 60), in
/// two passes of 11 bits through `temp`; the result ends in `keys`.
// Out of line: its 16 KiB of counters stay off the encoder's stack frame.
[[gnu::noinline]] constexpr void radix_sort_by_value(std::uint64_t* keys, std::uint64_t* temp, std::size_t n) noexcept {
  std::uint64_t* from = keys;
  std::uint64_t* to = temp;
  for (unsigned pass = 0; pass < 2; ++pass) {
    const unsigned shift = 40 + 11 * pass;
    std::size_t offset[2048] = {};
    for (std::size_t j = 0; j < n; ++j) ++offset[(from[j] >> shift) & 2047];
    std::size_t sum = 0;
    for (std::size_t& o : offset) {
      const std::size_t c = o;
      o = sum;
      sum += c;
    }
    for (std::size_t j = 0; j < n; ++j) to[offset[(from[j] >> shift) & 2047]++] = from[j];
    std::uint64_t* swap = from;
    from = to;
    to = swap;
  }
}

template <class Params, class Observer>
constexpr result encode_impl(const Params& p, std::span<const char32_t> input, std::span<char> output,
                             std::span<const bool> upper, std::span<std::uint64_t> scratch,
                             Observer& obs) noexcept {
  const std::size_t n_in = input.size();
  const bool flags = !upper.empty();
  if (flags && upper.size() != n_in) return fail(status::case_flags_size, 0);
  if (flags && p.tmax > 26) return fail(status::invalid_parameters, 0);
  if (n_in >= max_packed_length) return fail(status::overflow, 0);

  // One pass: validate (§6.3's brace check for code points below initial_n
  // included), copy the basic code points, and for label-sized input also
  // build the keys and the count of basic code points before each position.
  const bool small_len = n_in <= small_length;
  std::uint32_t small_keys[small_length];
  std::uint8_t basic_before[small_length + 1];
  counting_writer<char> w{output};
  std::size_t basic = 0;
  bool scanned = false;
  if (small_len && !flags && output.size() > n_in && !std::is_constant_evaluated()) {
    // Labels: the same pass without a branch on the data (ASCII and
    // non-ASCII alternate unpredictably in mixed labels).  Every code point
    // is written to the output slot of the next basic one and to the next
    // key, and only the right counter advances; the slot after the last
    // basic code point is overwritten by what follows.
    std::size_t nk = 0;
    std::uint32_t bad = 0;
    char* o = output.data();
    for (std::size_t j = 0; j < n_in; ++j) {
      const char32_t c = input[j];
      basic_before[j] = static_cast<std::uint8_t>(basic);
      const std::uint32_t is_basic = c < 0x80 ? 1u : 0u;
      o[basic] = static_cast<char>(c);
      small_keys[nk] = static_cast<std::uint32_t>(c << 6 | j);
      bad |= (is_basic ^ 1u) & ((c > max_code_point ? 1u : 0u) | (c - 0xD800u < 0x800u ? 1u : 0u) |
                                (c < p.initial_n ? 1u : 0u));
      nk += is_basic ^ 1u;
      basic += is_basic;
    }
    if (bad == 0) {
      basic_before[n_in] = static_cast<std::uint8_t>(basic);
      w.count = basic;
      scanned = true;
    } else {
      basic = 0;
    }
  }
  for (std::size_t j = 0; j < n_in && !scanned; ++j) {
    const char32_t c = input[j];
    if (small_len) basic_before[j] = static_cast<std::uint8_t>(basic);
    if (c < 0x80) {
      auto ch = static_cast<char>(c);
      // Appendix A: with annotation, a basic letter takes the flag's case.
      if (flags) ch = upper[j] ? ascii_upper(ch) : ascii_lower(ch);
      w.put(ch);
      ++basic;
    } else if (!is_scalar_value(c) || c < p.initial_n) {
      return fail(status::invalid_code_point, j);
    } else if (small_len && j - basic < small_extended) {
      small_keys[j - basic] = static_cast<std::uint32_t>(c << 6 | j);
    }
  }
  if (small_len && !scanned) basic_before[n_in] = static_cast<std::uint8_t>(basic);
  const std::size_t extended = n_in - basic;
  const bool small = small_len && extended <= small_extended;

  std::uint64_t arena[arena_words];
  std::span<std::uint64_t> work;
  // The arena serves exactly the lengths encode_scratch_words() promises.
  const std::size_t need = (extended == 0 || small) ? 0 : encode_words_for(n_in);
  if (need == 0 || n_in <= inline_length) {
    work = std::span<std::uint64_t>(arena, arena_words);
  } else if (need <= scratch.size()) {
    work = scratch;
  } else {
    return too_small(status::scratch_too_small, need);
  }

  if (basic > 0) w.put(p.delimiter);
  if constexpr (Observer::enabled) {
    obs.encode_start(p.initial_bias, input);
    if (w.fits()) obs.encode_literal(basic, input, std::string_view(w.out.data(), w.count));
  }

  std::uint64_t bias = p.initial_bias;
  std::uint64_t h = basic;
  // One step of §6.3's inner loop for the code point at `pos`.  The delta
  // is what the scan would have counted: handled code points between the
  // previous position and this one (wrapping around once per new value),
  // plus (value - previous value) rounds of h + 1:
  //   delta = handled_left_of(pos) - handled_up_to(prev_pos)
  //           + (value - prev_value) * (h + 1),
  // which covers the same-value, new-value and first cases alike (for the
  // first, prev_value = initial_n - 1 and handled_up_to = h + 1).
  auto step = [&](std::uint64_t value, std::size_t pos, std::uint64_t delta) __attribute__((always_inline)) {
    if constexpr (Observer::enabled) obs.encode_next(static_cast<char32_t>(value));
    const std::size_t start = w.count;
    emit_delta(p, w, delta, bias, flags && upper[pos]);
    if constexpr (Observer::enabled) {
      if (w.fits()) obs.encode_delta(delta, std::string_view(output.data() + start, w.count - start));
    }
    bias = small ? adapt_small(p, delta, h + 1, h == basic) : adapt(p, delta, h + 1, h == basic);
    if constexpr (Observer::enabled) obs.bias(bias);
    ++h;
  };

  if (extended > 0 && small) {
    // Label-sized: positions below 64 and deltas below 2^27, so no
    // overflow checks; counts from one branch-free pairwise comparison.
    for (std::size_t j = extended; j < ((extended + 3) & ~std::size_t{3}); ++j) small_keys[j] = 0x7FFFFFFFu;
    std::uint32_t sorted[small_extended];
    std::uint8_t before[small_extended];
    rank_keys(small_keys, extended, sorted, before);
    std::uint64_t prev_value = std::uint64_t{p.initial_n} - 1;
    std::uint64_t upto_prev = h + 1;
    for (std::size_t e = 0; e < extended; ++e) {
      const std::uint64_t value = sorted[e] >> 6;
      const std::uint32_t pos = sorted[e] & 63;
      const std::uint64_t left = basic_before[pos] + before[e];
      const std::uint64_t delta = left - upto_prev + (value - prev_value) * (h + 1);
      step(value, pos, delta);
      prev_value = value;
      // Handled up to and including pos, once pos itself is handled.
      upto_prev = basic_before[pos + 1] + before[e] + 1;
    }
  } else if (extended > 0) {
    // Keys: code point in the high bits, position in the low 40, so a plain
    // sort yields §6.3's emission order.
    std::uint64_t* keys = work.data();
    std::size_t nk = 0;
    const std::size_t words = bitset_words(n_in);
    std::uint64_t* bits = keys + extended;
    std::uint64_t* tree = bits + words;
    for (std::size_t wd = 0; wd < words; ++wd) bits[wd] = 0;
    for (std::size_t j = 0; j < n_in; ++j) {
      const char32_t c = input[j];
      if (c < 0x80) {
        bits[j >> 6] |= std::uint64_t{1} << (j & 63);
      } else {
        keys[nk++] = (static_cast<std::uint64_t>(c) << 40) | j;
      }
    }
    // The keys are made in position order, so a stable sort on the code
    // point alone gives (value, position) order; past a few thousand keys a
    // two-pass radix sort (linear) beats comparison sorting.
    if (nk >= radix_sort_threshold && work.size() >= 2 * nk + words + index_words(words)) {
      radix_sort_by_value(keys, tree + index_words(words), nk);
    } else {
      std::sort(keys, keys + nk);
    }
    counting_bitset handled(bits, tree, words);
    handled.build();

    constexpr std::uint64_t pos_mask = (std::uint64_t{1} << 40) - 1;
    std::uint64_t prev_value = std::uint64_t{p.initial_n} - 1;
    std::uint64_t upto_prev = h + 1;
    for (std::size_t e = 0; e < nk; ++e) {
      const std::uint64_t value = keys[e] >> 40;
      const auto pos = static_cast<std::size_t>(keys[e] & pos_mask);
      const std::uint64_t left = handled.prefix(pos);
      std::uint64_t delta = 0;
      if (__builtin_mul_overflow(value - prev_value, h + 1, &delta) ||
          __builtin_add_overflow(delta, left, &delta)) {
        return fail(status::overflow, pos);
      }
      delta -= upto_prev;  // never below zero: see the comment on step()
      step(value, pos, delta);
      handled.set(pos);
      prev_value = value;
      // Handled up to and including pos, now that pos is handled.
      upto_prev = left + 1;
    }
  }

  if (!w.fits()) return too_small(status::output_too_small, w.count);
  if constexpr (Observer::enabled) obs.encode_done(std::string_view(output.data(), w.count));
  result r;
  r.written = w.count;
  return r;
}

// ---------------------------------------------------------------------------
// Decoder (§6.2)

struct decode_state {
  std::uint64_t n;
  std::uint64_t i;
  std::uint64_t bias;
  std::uint64_t length;  // code points in the output so far
  std::size_t pos;       // next input character
};

struct decoded_step {
  char32_t code_point;
  std::uint64_t index;  // insertion index into the output of `length` code points
  bool upper;           // Appendix A: case of the integer's last digit
};

/// Reads one variable-length integer and applies it to the state.
template <class Params, class Observer>
[[nodiscard]] constexpr result next_step(const Params& p, std::span<const char> in, decode_state& st,
                                         decoded_step& step, Observer& obs) noexcept {
  const std::size_t start = st.pos;
  const std::uint64_t oldi = st.i;
  std::uint64_t i = st.i;
  std::uint64_t w = 1;
  char last = 0;
  std::uint64_t k = p.base;
  // The first digits need no overflow checks: i starts at most at the
  // output length (below 2^40) and w grows by at most base <= 36 per digit,
  // so after 11 digits i < 2^40 + 36^11 < 2^58 and w <= 36^11.
  constexpr unsigned unchecked_digits = 11;
  bool w_overflow = false;
  for (unsigned d = 0;; ++d, k += p.base) {
    if (st.pos == in.size()) return fail(status::truncated_integer, st.pos);
    last = in[st.pos];
    const std::uint32_t digit = digit_table.v[static_cast<unsigned char>(last)];
    if (digit >= p.base) return fail(status::invalid_digit, st.pos);
    const std::uint64_t t = threshold(p, k, st.bias);
    if (d < unchecked_digits) {
      i += digit * w;
      ++st.pos;
      if (digit < t) break;
      w *= p.base - t;
    } else {
      // §6.4 with the value, not the bookkeeping, as the judge: w may pass
      // 2^64 while only zero digits follow (possible when tmin = 0, or for
      // a value above 2^64 / base), and the encoder produces such strings,
      // so only a non-zero digit times an oversized w is an overflow.
      if (digit != 0) {
        std::uint64_t add = 0;
        if (w_overflow || __builtin_mul_overflow(std::uint64_t{digit}, w, &add) ||
            __builtin_add_overflow(i, add, &i)) {
          return fail(status::overflow, st.pos);
        }
      }
      ++st.pos;
      if (digit < t) break;
      if (!w_overflow && __builtin_mul_overflow(w, p.base - t, &w)) w_overflow = true;
    }
  }
  const std::uint64_t len1 = st.length + 1;
  st.bias = adapt(p, i - oldi, len1, oldi == 0);
  if constexpr (Observer::enabled) {
    obs.decode_delta(std::string_view(in.data() + start, st.pos - start), i - oldi);
    obs.bias(st.bias);
  }
  // In long strings most deltas stay within the current code point (i
  // below the length): no division then.
  const quotient qr = i < len1 ? quotient{0, i} : divide(i, len1);
  if (__builtin_add_overflow(st.n, qr.quot, &st.n)) return fail(status::overflow, start);
  i = qr.rem;
  if (st.n > max_code_point || (st.n >= 0xD800 && st.n <= 0xDFFF)) {
    return fail(status::invalid_code_point, start);
  }
  if (st.n < 0x80) return fail(status::encoded_basic, start);
  step.code_point = static_cast<char32_t>(st.n);
  step.index = i;
  step.upper = is_ascii_upper(last);
  st.i = i + 1;
  st.length = len1;
  return {};
}

/// Index of the last occurrence of c in the input, or its size.  Eight
/// bytes at a time: this runs once per string and labels are short.
[[nodiscard]] constexpr std::size_t find_last(std::span<const char> in, char c) noexcept {
  std::size_t end = in.size();
  if (!std::is_constant_evaluated()) {
    constexpr std::uint64_t low7 = 0x7F7F7F7F7F7F7F7Fu;
    const std::uint64_t pattern = 0x0101010101010101u * static_cast<unsigned char>(c);
    while (end >= 8) {
      std::uint64_t x;
      std::memcpy(&x, in.data() + end - 8, 8);
      x ^= pattern;
      // Exact zero-byte test (no borrow between bytes): a byte's top bit is
      // set iff the byte is zero.
      const std::uint64_t zero = ~(((x & low7) + low7) | x | low7);
      if (zero != 0) {
        if constexpr (std::endian::native == std::endian::little) {
          return end - 8 + static_cast<std::size_t>((63 - std::countl_zero(zero)) >> 3);
        } else {
          return end - 8 + static_cast<std::size_t>(7 - (std::countr_zero(zero) >> 3));
        }
      }
      end -= 8;
    }
    if (end > 0 && in.size() >= 8) {
      // The head, as one overlapping load with the bytes already seen
      // masked off.
      std::uint64_t x;
      std::memcpy(&x, in.data(), 8);
      x ^= pattern;
      std::uint64_t zero = ~(((x & low7) + low7) | x | low7);
      if constexpr (std::endian::native == std::endian::little) {
        zero &= (std::uint64_t{1} << (8 * end)) - 1;
        return zero != 0 ? static_cast<std::size_t>((63 - std::countl_zero(zero)) >> 3) : in.size();
      } else {
        zero &= ~((std::uint64_t{1} << (64 - 8 * end)) - 1);
        return zero != 0 ? static_cast<std::size_t>(std::countr_zero(zero) >> 3) ^ 7 : in.size();
      }
    }
  }
  for (; end > 0; --end) {
    if (in[end - 1] == c) return end - 1;
  }
  return in.size();
}

/// Splits off the literal portion (§6.2's first two steps).  Returns the
/// number of basic code points and sets st.pos past the delimiter.
template <class Params>
[[nodiscard]] constexpr result split_literal(const Params& p, std::span<const char> in,
                                             decode_state& st) noexcept {
  const std::size_t last = find_last(in, p.delimiter);
  if (last == in.size()) {
    st.pos = 0;
    result r;
    r.written = 0;
    return r;
  }
  // Nothing before the last delimiter: §6.2 would read the delimiter as a
  // digit and fail; say why precisely.
  if (last == 0) return fail(status::empty_literal, 0);
  for (std::size_t j = 0; j < last; ++j) {
    if (static_cast<unsigned char>(in[j]) >= 0x80) return fail(status::non_basic_literal, j);
  }
  st.pos = last + 1;
  result r;
  r.written = last;
  return r;
}

template <class Params, class Observer>
constexpr result decode_in_place(const Params& p, std::span<const char> in, std::span<char32_t> out,
                                 std::span<bool> upper, std::size_t basic, decode_state st,
                                 Observer& obs) noexcept {
  // Runs while the output has room; on running out it keeps parsing to learn
  // the size needed (and any later error, which takes precedence).
  const bool flags = !upper.empty();
  std::size_t cap = out.size();
  if (flags && upper.size() < cap) cap = upper.size();
  const bool room = basic <= cap;
  if (room) {
    for (std::size_t j = 0; j < basic; ++j) {
      out[j] = static_cast<unsigned char>(in[j]);
      if (flags) upper[j] = is_ascii_upper(in[j]);
    }
  }
  if constexpr (Observer::enabled) {
    obs.decode_literal(std::string_view(in.data(), st.pos), std::span<const char32_t>(out.data(), basic));
  }
  bool fits = room;
  while (st.pos < in.size()) {
    decoded_step step{};
    if (result r = next_step(p, in, st, step, obs); !r) return r;
    const auto len = static_cast<std::size_t>(st.length);  // after insertion
    if (fits && len > cap) fits = false;
    if (fits) {
      const auto at = static_cast<std::size_t>(step.index);
      // Label-sized moves: carrying each element forward in a register is
      // cheaper than a call to memmove (which a plain shifting loop becomes).
      char32_t carry = step.code_point;
      for (std::size_t j = at; j + 1 < len; ++j) {
        const char32_t moved = out[j];
        out[j] = carry;
        carry = moved;
      }
      out[len - 1] = carry;
      if (flags) {
        bool carry_flag = step.upper;
        for (std::size_t j = at; j + 1 < len; ++j) {
          const bool moved = upper[j];
          upper[j] = carry_flag;
          carry_flag = moved;
        }
        upper[len - 1] = carry_flag;
      }
      if constexpr (Observer::enabled) obs.decode_state(std::span<const char32_t>(out.data(), len), at);
    }
  }
  if (!fits) return too_small(status::output_too_small, static_cast<std::size_t>(st.length));
  result r;
  r.written = static_cast<std::size_t>(st.length);
  return r;
}

template <class Params>
constexpr result decode_offline(const Params& p, std::span<const char> in, std::span<char32_t> out,
                                std::span<bool> upper, std::size_t basic, decode_state st,
                                std::span<std::uint64_t> work) noexcept {
  no_observer none;
  // Pass 1: every (code point, insertion index, flag), packed as
  // index << 22 | flag << 21 | code point.
  std::uint64_t* steps = work.data();
  std::size_t count = 0;
  while (st.pos < in.size()) {
    decoded_step step{};
    if (result r = next_step(p, in, st, step, none); !r) return r;
    steps[count++] = (step.index << 22) | (std::uint64_t{step.upper} << 21) | step.code_point;
  }
  const auto total = static_cast<std::size_t>(st.length);
  const bool flags = !upper.empty();
  if (total > out.size() || (flags && total > upper.size())) {
    return too_small(status::output_too_small, total);
  }
  // Pass 2: back to front, the step inserted at index k landed in the k-th
  // slot not taken by a later insertion.
  const std::size_t words = bitset_words(total);
  std::uint64_t* bits = steps + count;
  std::uint64_t* tree = bits + words;
  for (std::size_t wd = 0; wd < words; ++wd) bits[wd] = ~std::uint64_t{0};
  if ((total & 63) != 0) bits[words - 1] = (std::uint64_t{1} << (total & 63)) - 1;
  counting_bitset free_slots(bits, tree, words);
  free_slots.build();
  for (std::size_t e = count; e > 0; --e) {
    const std::uint64_t s = steps[e - 1];
    const std::size_t slot = free_slots.select(s >> 22);
    free_slots.reset(slot);
    out[slot] = static_cast<char32_t>(s & 0x1FFFFF);
    if (flags) upper[slot] = ((s >> 21) & 1) != 0;
  }
  // The basic code points fill the remaining slots in order.
  std::size_t next = 0;
  for (std::size_t wd = 0; wd < words && next < basic; ++wd) {
    for (std::uint64_t b = bits[wd]; b != 0; b &= b - 1) {
      const std::size_t slot = (wd << 6) + static_cast<std::size_t>(std::countr_zero(b));
      out[slot] = static_cast<unsigned char>(in[next]);
      if (flags) upper[slot] = is_ascii_upper(in[next]);
      ++next;
    }
  }
  result r;
  r.written = total;
  return r;
}

/// What the label decoder needs to know of a bias: the thresholds of the
/// first four digits of an integer, less one, packed one per byte (so that
/// four "digit < t" tests are one subtraction), and the weights w of the
/// second to fourth digits (§6.2).
struct bias_entry {
  std::uint32_t t_less_one;
  std::uint32_t w1;
  std::uint32_t w2;
  std::uint32_t w3;
};

template <class Params>
struct label_tables {
  static constexpr std::uint64_t step = std::uint64_t{Params::base} - Params::tmin;
  static constexpr std::uint64_t limit = (step * Params::tmax) / 2;
  /// From this bias on, the first four thresholds are all tmin.
  static constexpr std::uint64_t saturated = 4 * std::uint64_t{Params::base};

  static constexpr bias_entry entry(std::uint64_t bias) noexcept {
    const fixed_params<bootstring{Params::base, Params::tmin, Params::tmax, Params::skew, Params::damp,
                                  Params::initial_bias, Params::initial_n, Params::delimiter}>
        p{};
    std::uint64_t t[4];
    for (std::uint64_t j = 0; j < 4; ++j) t[j] = threshold(p, Params::base * (j + 1), bias);
    bias_entry e{};
    for (std::uint64_t j = 0; j < 4; ++j) e.t_less_one |= static_cast<std::uint32_t>((t[j] - 1) << (8 * j));
    e.w1 = static_cast<std::uint32_t>(Params::base - t[0]);
    e.w2 = static_cast<std::uint32_t>(e.w1 * (Params::base - t[1]));
    e.w3 = static_cast<std::uint32_t>(e.w2 * (Params::base - t[2]));
    return e;
  }

  struct by_bias_t {
    bias_entry e[saturated + 1];
  };
  struct by_tail_t {
    bias_entry e[limit + 1];
  };
  static constexpr by_bias_t make_by_bias() noexcept {
    by_bias_t t{};
    for (std::uint64_t b = 0; b <= saturated; ++b) t.e[b] = entry(b);
    return t;
  }
  /// Indexed by the delta that leaves §6.1's loop with no round: one load
  /// from the adapted delta to everything the next integer needs.
  static constexpr by_tail_t make_by_tail() noexcept {
    by_tail_t t{};
    for (std::uint64_t d = 0; d <= limit; ++d) t.e[d] = entry(((step + 1) * d) / (d + Params::skew));
    return t;
  }
  static constexpr by_bias_t by_bias = make_by_bias();
  static constexpr by_tail_t by_tail = make_by_tail();

  [[nodiscard]] static constexpr const bias_entry& for_bias(std::uint64_t bias) noexcept {
    return by_bias.e[bias < saturated ? bias : saturated];
  }
};

/// (delta * m[first]) >> 37 is delta / 2, or delta / damp the first time,
/// for every delta below 2^27 (damp < 2^10; Granlund & Montgomery).
template <class Params>
struct first_divisor {
  static constexpr std::uint64_t m[2] = {std::uint64_t{1} << 36,
                                         ((std::uint64_t{1} << 37) + Params::damp - 1) / Params::damp};
};

/// Digit-values of in[first..] into dv (which has room for eight more), or
/// false when one of them is not a digit below base.  Eight characters at a
/// time, with byte-wise range tests that cannot carry between bytes; the
/// last, partial word is read as the input's last eight bytes.
[[nodiscard]] inline bool digit_values(std::span<const char> in, std::size_t first, std::uint32_t base,
                                       std::uint8_t* dv) noexcept {
  const std::size_t count = in.size() - first;
  if (std::endian::native != std::endian::little || in.size() < 8) {
    std::uint32_t bad = 0;
    for (std::size_t j = 0; j < count; ++j) {
      const std::uint8_t d = digit_table.v[static_cast<unsigned char>(in[first + j])];
      dv[j] = d;
      bad |= d >= base ? 1u : 0u;
    }
    return bad == 0;
  }
  constexpr std::uint64_t ones = 0x0101010101010101u;
  constexpr std::uint64_t high = ones * 0x80;
  const std::uint64_t below_base = ones * (0x80 - base);
  auto convert = [&](std::uint64_t x, std::uint64_t& value) {
    const std::uint64_t x7 = x & ~high;
    const std::uint64_t lower = x7 | (ones * 0x20);
    // Top bit of each byte: the byte lies in the range (no carries: every
    // byte sum stays below 0x100).
    const std::uint64_t digit = ((x7 + ones * (0x80 - '0')) & ~(x7 + ones * (0x7F - '9'))) & high;
    const std::uint64_t letter = ((lower + ones * (0x80 - 'a')) & ~(lower + ones * (0x7F - 'z'))) & high;
    const std::uint64_t letter_value = ((lower | high) - ones * 'a') & ~high;
    const std::uint64_t digit_value = ((x7 | high) - ones * ('0' - 26)) & ~high;
    value = (letter_value & ((letter >> 7) * 0xFF)) | (digit_value & ((digit >> 7) * 0xFF));
    const std::uint64_t too_big = (value + below_base) & high;
    return (~(digit | letter) | (x & high) | too_big) & high;  // bad bytes
  };
  std::size_t j = 0;
  for (; j + 8 <= count; j += 8) {
    std::uint64_t x;
    std::memcpy(&x, in.data() + first + j, 8);
    std::uint64_t value;
    if (convert(x, value) != 0) return false;
    std::memcpy(dv + j, &value, 8);
  }
  if (j < count) {
    // The last 8 bytes of the input; the first `skip` of them are done.
    const std::size_t skip = 8 - (count - j);
    std::uint64_t x;
    std::memcpy(&x, in.data() + in.size() - 8, 8);
    std::uint64_t value;
    const std::uint64_t bad = convert(x, value) >> (8 * skip);
    if (bad != 0) return false;
    value >>= 8 * skip;
    std::memcpy(dv + j, &value, 8);
  }
  return true;
}

/// Parameter sets the label decoder handles: thresholds below 128 so that
/// the packed compare works, and adapt_small's range.
template <class Params>
[[nodiscard]] constexpr bool label_decoder_applies() noexcept {
  if constexpr (small_adapt_applies<Params>()) {
    return Params::tmin >= 1 && Params::tmax < 128 && Params::damp < 1024;
  } else {
    return false;
  }
}

/// Decodes label-sized input (at most label_limit characters) into an
/// output with room for it.  Each integer costs a handful of instructions
/// and no branch that depends on the data: the digit-values are looked up
/// once; the end of an integer is found by comparing its first four digits
/// with their thresholds at once; the weights and thresholds of the next
/// integer come from one table load indexed by the adapted delta; and the
/// final positions are computed after the loop from the insertion indices,
/// four at a time, instead of by moving elements on every insertion.
/// Returns false — leaving the work to decode_in_place, which then reports
/// the precise error — for a bad digit, an integer of more than four digits,
/// a truncated one, or a code point that is not a scalar value.
template <class Params>
[[nodiscard]] inline bool decode_label(const Params& p, std::span<const char> in, std::span<char32_t> out,
                                       std::span<bool> upper, std::size_t basic, std::size_t first,
                                       result& r) noexcept {
  using tables = label_tables<Params>;
  const std::size_t count = in.size() - first;
  std::uint8_t dv[label_limit + 8];
  if (!digit_values(in, first, p.base, dv)) return false;
  // Padding that never ends an integer (t <= tmax <= base - 1): an integer
  // still open at the end shows as one of more than four digits.
  const std::uint32_t pad = 0x01010101u * (p.base - 1);
  std::memcpy(dv + count, &pad, 4);

  char32_t cps[label_limit];
  std::int32_t index[label_limit + 4];
  bool flag[label_limit];
  std::size_t k = 0;
  const bool flags = !upper.empty();
  std::uint64_t n = p.initial_n;
  std::uint64_t i = 0;
  std::size_t len = basic;
  std::size_t pos = 0;
  std::uint32_t surrogate = 0;
  const bias_entry* e = &tables::for_bias(p.initial_bias);
  bool firsttime = true;
  while (pos < count) {
    std::uint32_t dw;
    std::memcpy(&dw, dv + pos, 4);
    if constexpr (std::endian::native == std::endian::big) dw = __builtin_bswap32(dw);
    // Byte j's top bit: d_j <= t_j - 1, i.e. the integer ends at digit j.
    const std::uint32_t ends = ((e->t_less_one | 0x80808080u) - dw) & 0x80808080u;
    if (ends == 0) return false;
    const auto digits = static_cast<std::size_t>(std::countr_zero(ends) >> 3) + 1;
    // Bytes up to and including the last digit: every bit up to the
    // lowest one set in `ends`.
    const std::uint32_t used = dw & (ends ^ (ends - 1));
    const std::uint64_t delta = (used & 0xFF) + ((used >> 8) & 0xFF) * std::uint64_t{e->w1} +
                                ((used >> 16) & 0xFF) * std::uint64_t{e->w2} + (used >> 24) * std::uint64_t{e->w3};
    pos += digits;
    const std::uint64_t len1 = len + 1;
    // §6.1 with its divisions as multiplies (delta < 2^27).  After the
    // first integer, delta / 2 + (delta / 2) / numpoints is computed as two
    // independent terms, floor(floor(d / 2) / np) being floor(d / (2 np)):
    // this is the loop's critical path, from one integer to the next.
    std::uint64_t x;
    if (__builtin_expect(firsttime, 0)) {
      x = (delta * first_divisor<Params>::m[1]) >> 37;
      x += (x * small_np_table.m[len1]) >> 34;
      firsttime = false;
    } else {
      x = (delta >> 1) + ((delta * half_np_table.m[len1]) >> 35);
    }
    if (x <= tables::limit) {
      e = &tables::by_tail.e[x];
    } else {
      e = &tables::for_bias(adapt_small(p, delta, len1, i == 0));
    }
    i += delta;
    const std::uint64_t q = (i * small_np_table.m[len1]) >> 34;
    i -= q * len1;
    n += q;
    // n never decreases, so one test after the loop catches values above
    // U+10FFFF; a surrogate can be passed over, so it is noted each time.
    surrogate |= n - 0xD800 < 0x800 ? 1u : 0u;
    cps[k] = static_cast<char32_t>(n);
    index[k] = static_cast<std::int32_t>(i);
    if (flags) flag[k] = is_ascii_upper(in[first + pos - 1]);
    ++k;
    ++i;
    len = len1;
  }
  if (surrogate != 0 || n > max_code_point || (p.initial_n < 0x80 && k > 0 && cps[0] < 0x80)) return false;
  // Final positions from the insertion indices, four at a time.  An
  // element at position x moves right by one for each later insertion at an
  // index <= x (§6.2's "insert n into output at position i").
  using v4 = std::int32_t __attribute__((vector_size(16)));
  // Indices are broadcast once.  Padding indices are far above any real
  // position, so they move no real element, and the padding lanes they do
  // move stay far from overflow.
  const std::size_t bound = (k + 3) & ~std::size_t{3};
  for (std::size_t j = k; j < bound; ++j) index[j] = 1 << 30;
  v4 later[label_limit + 4];
  for (std::size_t f = 0; f < bound; ++f) later[f] = v4{index[f], index[f], index[f], index[f]};
  // Within a group of four, insertion a + d moves lanes below d only.
  const v4 below1 = {-1, 0, 0, 0};
  const v4 below2 = {-1, -1, 0, 0};
  const v4 below3 = {-1, -1, -1, 0};
  for (std::size_t a = 0; a < k; a += 4) {
    v4 at;
    std::memcpy(&at, index + a, sizeof at);
    at -= (later[a + 1] <= at) & below1;
    at -= (later[a + 2] <= at) & below2;
    at -= (later[a + 3] <= at) & below3;
    for (std::size_t f = a + 4; f < bound; ++f) at -= later[f] <= at;
    std::int32_t final_pos[4];
    std::memcpy(final_pos, &at, sizeof final_pos);
    const std::size_t m = k - a < 4 ? k - a : 4;
    for (std::size_t j = 0; j < m; ++j) {
      out[static_cast<std::size_t>(final_pos[j])] = cps[a + j];
      if (flags) upper[static_cast<std::size_t>(final_pos[j])] = flag[a + j];
    }
  }
  for (std::size_t a = 0; a < basic; a += 4) {
    const auto b = static_cast<std::int32_t>(a);
    v4 at = {b, b + 1, b + 2, b + 3};
    for (std::size_t f = 0; f < bound; ++f) at -= later[f] <= at;
    std::int32_t final_pos[4];
    std::memcpy(final_pos, &at, sizeof final_pos);
    const std::size_t m = basic - a < 4 ? basic - a : 4;
    for (std::size_t j = 0; j < m; ++j) {
      out[static_cast<std::size_t>(final_pos[j])] = static_cast<unsigned char>(in[a + j]);
      if (flags) upper[static_cast<std::size_t>(final_pos[j])] = is_ascii_upper(in[a + j]);
    }
  }
  r.written = len;
  return true;
}

template <class Params, class Observer>
constexpr result decode_impl(const Params& p, std::span<const char> input, std::span<char32_t> output,
                             std::span<bool> upper, std::span<std::uint64_t> scratch,
                             Observer& obs) noexcept {
  if (input.size() >= max_packed_length) return fail(status::overflow, 0);
  // Appendix A: the annotation is only defined when every digit that can
  // end an integer is a letter.
  if (!upper.empty() && p.tmax > 26) return fail(status::invalid_parameters, 0);
  decode_state st{p.initial_n, 0, p.initial_bias, 0, 0};
  if constexpr (Observer::enabled) obs.decode_start(st.n, st.i, st.bias, std::string_view(input.data(), input.size()));
  const result lit = split_literal(p, input, st);
  if (!lit) return lit;
  const std::size_t basic = lit.written;
  st.length = basic;
  if constexpr (!Observer::enabled && label_decoder_applies<Params>()) {
    if (!std::is_constant_evaluated() && input.size() <= label_limit && output.size() >= input.size() &&
        (upper.empty() || upper.size() >= input.size())) {
      result r;
      if (decode_label(p, input, output, upper, basic, st.pos, r)) return r;
    }
  }
  if (Observer::enabled || input.size() <= in_place_decode_limit) {
    return decode_in_place(p, input, output, upper, basic, st, obs);
  }
  const std::size_t need = scratch_words_for(input.size());
  if (input.size() <= inline_length) {
    std::uint64_t arena[arena_words];
    return decode_offline(p, input, output, upper, basic, st, std::span<std::uint64_t>(arena, arena_words));
  }
  if (need <= scratch.size()) return decode_offline(p, input, output, upper, basic, st, scratch);
  return too_small(status::scratch_too_small, need);
}

}  // namespace puny::detail
