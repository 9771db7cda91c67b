// puny — where the label decoder's code points end up (RFC 3492 §6.2's
// "insert n into output at position i").
// Not part of the public API: include <puny/punycode.hpp>.
//
// Every element of a label's output has an id: the basic code points are
// 0 .. basic-1 in order, the decoded ones basic, basic+1, … in the order of
// their integers.  Both orders below end with out[position] = src[id],
// where src holds the basic code points followed by the decoded ones.
//
//  * index_order (any target) records each insertion index and computes
//    the final positions after the loop, four at a time: an element moves
//    right by one for each later insertion at an index <= its position.
//  * byte_order<Regs> keeps the output's ids as bytes in Regs 16-byte
//    vectors and inserts into them as §6.2 does, with a one-byte shift and
//    three masks: a few instructions per integer, off the integer chain,
//    and no branch that depends on the data.  It is written with the
//    compilers' generic vectors (vector_size, __builtin_shufflevector), not
//    an instruction set's intrinsics, so that this header builds for any
//    target; where 16-byte vectors are registers (x86-64's SSE2, AArch64's
//    Advanced SIMD, wasm's simd128) they compile to the same few
//    instructions, and elsewhere index_order is used.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

#include "codec_common.hpp"

namespace puny::detail {

class index_order {
 public:
  static constexpr std::size_t capacity = label_limit;

  explicit index_order(std::size_t /*basic*/) noexcept {}

  /// The next decoded code point was inserted at `at` (of `len` elements).
  void insert(std::size_t at) noexcept { index_[count_++] = static_cast<std::int32_t>(at); }

  /// out[final position of id] = src[id] for the `len` ids, and the same for
  /// the flags when `flags`.  The output has room for the input's length.
  void write(const char32_t* src, const bool* src_flag, bool flags, std::size_t basic, std::size_t len,
             std::span<char32_t> out, std::span<bool> upper) noexcept {
    using v4 = std::int32_t __attribute__((vector_size(16)));
    const std::size_t k = count_;
    // Indices are broadcast once.  Padding indices are far above any real
    // position, so they move no real element, and the padding lanes they do
    // move stay far from overflow.
    const std::size_t bound = (k + 3) & ~std::size_t{3};
    for (std::size_t j = k; j < bound; ++j) index_[j] = 1 << 30;
    v4 later[label_limit + 4];
    for (std::size_t f = 0; f < bound; ++f) later[f] = v4{index_[f], index_[f], index_[f], index_[f]};
    // Within a group of four, insertion a + d moves lanes below d only.
    const v4 below1 = {-1, 0, 0, 0};
    const v4 below2 = {-1, -1, 0, 0};
    const v4 below3 = {-1, -1, -1, 0};
    auto place = [&](v4 at, std::size_t first_id, std::size_t m) {
      std::int32_t final_pos[4];
      std::memcpy(final_pos, &at, sizeof final_pos);
      for (std::size_t j = 0; j < m; ++j) {
        out[static_cast<std::size_t>(final_pos[j])] = src[first_id + j];
        if (flags) upper[static_cast<std::size_t>(final_pos[j])] = src_flag[first_id + j];
      }
    };
    for (std::size_t a = 0; a < k; a += 4) {
      v4 at;
      std::memcpy(&at, index_ + a, sizeof at);
      at -= (later[a + 1] <= at) & below1;
      at -= (later[a + 2] <= at) & below2;
      at -= (later[a + 3] <= at) & below3;
      for (std::size_t f = a + 4; f < bound; ++f) at -= later[f] <= at;
      place(at, basic + a, k - a < 4 ? k - a : 4);
    }
    for (std::size_t a = 0; a < basic; a += 4) {
      const auto b = static_cast<std::int32_t>(a);
      v4 at = {b, b + 1, b + 2, b + 3};
      for (std::size_t f = 0; f < bound; ++f) at -= later[f] <= at;
      place(at, a, basic - a < 4 ? basic - a : 4);
    }
    (void)len;
  }

 private:
  std::int32_t index_[label_limit + 4];
  std::size_t count_ = 0;
};

/// Whether byte_order is the faster order on this target: where 16-byte
/// vectors are registers.
inline constexpr bool byte_order_pays =
#if defined(__SSE2__) || defined(__ARM_NEON) || defined(__wasm_simd128__)
    true;
#else
    false;
#endif

/// Byte masks read at an offset of 64 - at: 0xFF before, at and after the
/// index `at` of the output.
struct order_masks {
  alignas(64) std::uint8_t below[128];
  alignas(64) std::uint8_t at[128];
  alignas(64) std::uint8_t above[128];
};

[[nodiscard]] constexpr order_masks make_order_masks() noexcept {
  order_masks m{};
  for (std::size_t x = 0; x < 128; ++x) {
    m.below[x] = x < 64 ? 0xFF : 0;
    m.at[x] = x == 64 ? 0xFF : 0;
    m.above[x] = x > 64 ? 0xFF : 0;
  }
  return m;
}

inline constexpr order_masks order_mask_table = make_order_masks();

/// Outputs of at most 16 * Regs elements.
template <std::size_t Regs>
class byte_order {
  static_assert(Regs >= 1 && 16 * Regs <= label_limit);
  using bytes16 = std::uint8_t __attribute__((vector_size(16)));

  [[nodiscard]] static bytes16 load(const std::uint8_t* at) noexcept {
    bytes16 v;
    std::memcpy(&v, at, sizeof v);
    return v;
  }

 public:
  static constexpr std::size_t capacity = 16 * Regs;

  explicit byte_order(std::size_t basic) noexcept {
    // The identity: the basic code points in order.  Bytes past the output
    // hold ids below `capacity` too, so that reading them is harmless.
    const bytes16 iota = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    for (std::size_t r = 0; r < Regs; ++r) order_[r] = iota + static_cast<std::uint8_t>(16 * r);
    next_id_ = bytes16{} + static_cast<std::uint8_t>(basic);
  }

  /// The next decoded code point was inserted at `at` (of `len` elements).
  void insert(std::size_t at) noexcept {
    const std::uint8_t* below = order_mask_table.below + 64 - at;
    const std::uint8_t* here = order_mask_table.at + 64 - at;
    const std::uint8_t* above = order_mask_table.above + 64 - at;
    constexpr bytes16 zero = {};
    bytes16 previous = {};
    for (std::size_t r = 0; r < Regs; ++r) {
      const bytes16 current = order_[r];
      // Every id moves up one byte and the first takes the last of the
      // vector before: two one-source byte shifts (SSE2's PSLLDQ and
      // PSRLDQ), since g++ 12 lowers a two-source shuffle through memory.
      bytes16 shifted = __builtin_shufflevector(current, zero, 16, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14);
      if (r > 0) {
        shifted |= __builtin_shufflevector(previous, zero, 15, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
                                           16);
      }
      previous = current;
      order_[r] = (current & load(below + 16 * r)) | (shifted & load(above + 16 * r)) |
                  (next_id_ & load(here + 16 * r));
    }
    next_id_ += 1;
  }

  /// out[position] = src[id at position] for the first `len` positions, and
  /// the same for the flags when `flags`.  src and src_flag have `capacity`
  /// initialized elements.  With room for `capacity` elements the output is
  /// written four elements at a time, up to three past `len`.
  void write(const char32_t* src, const bool* src_flag, bool flags, std::size_t /*basic*/, std::size_t len,
             std::span<char32_t> out, std::span<bool> upper) const noexcept {
    alignas(16) std::uint8_t ids[capacity];
    std::memcpy(ids, order_, sizeof ids);
    if (out.size() >= capacity) {
      // Four at a time: fewer stores than the whole order, and a loop that
      // runs at most capacity / 4 times.
      for (std::size_t j = 0; j < len; j += 4) {
        out[j] = src[ids[j]];
        out[j + 1] = src[ids[j + 1]];
        out[j + 2] = src[ids[j + 2]];
        out[j + 3] = src[ids[j + 3]];
      }
    } else {
      for (std::size_t j = 0; j < len; ++j) out[j] = src[ids[j]];
    }
    if (flags) {
      for (std::size_t j = 0; j < len; ++j) upper[j] = src_flag[ids[j]];
    }
  }

 private:
  bytes16 order_[Regs];
  bytes16 next_id_;
};

}  // namespace puny::detail
