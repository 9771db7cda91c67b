// puny — a bitset over positions with rank (prefix) and select in O(log n),
// for the O(n log n) paths of both directions.
// Not part of the public API: include <puny/punycode.hpp>.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>

#include "arithmetic.hpp"

namespace puny::detail {

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

}  // namespace puny::detail
