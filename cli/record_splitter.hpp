// puny CLI — cutting a batch into its records.
//
// A batch holds thousands of records of twenty-odd bytes, so finding each
// terminator with its own memchr call costs a call, its set-up and a
// mispredicted exit per record — a tenth of converting the record.
// Instead the terminators of each 64-byte block are found at once, with
// four 16-byte compares (src/simd/vector128.hpp: SSE2, NEON or SIMD128,
// each a baseline feature of its target), as a 64-bit mask that is then
// taken bit by bit.  The last block, shorter than 64 bytes, is compared
// byte by byte, so nothing past the data is read.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "simd/vector128.hpp"

namespace puny::cli {

/// The offsets of `terminator` in `data`, in order.
class terminator_finder {
 public:
  terminator_finder(std::string_view data, char terminator) noexcept : data_(data), terminator_(terminator) {}

  /// The offset of the next terminator, or data.size() when none is left.
  [[nodiscard]] std::size_t next() noexcept {
    while (found_ == 0) {
      if (next_block_ >= data_.size()) return data_.size();
      block_ = next_block_;
      next_block_ += 64;
      found_ = data_.size() - block_ >= 64 ? whole_block(data_.data() + block_) : last_block();
    }
    const std::size_t at = block_ + static_cast<std::size_t>(std::countr_zero(found_));
    found_ &= found_ - 1;
    return at;
  }

 private:
  // Bit i: byte i of the 64 at `p` is the terminator.
  [[nodiscard]] std::uint64_t whole_block(const char* p) const noexcept {
#if defined(PUNY_VECTOR128)
    namespace v = puny::detail::v128;
    const v::vec t = v::splat8(terminator_);
    std::uint64_t m = 0;
    for (int k = 0; k < 4; ++k) m |= std::uint64_t{v::bitmask8(v::eq8(v::load16(p + 16 * k), t))} << (16 * k);
    return m;
#else
    std::uint64_t m = 0;
    for (int k = 0; k < 64; ++k) m |= std::uint64_t{p[k] == terminator_} << k;
    return m;
#endif
  }

  [[nodiscard]] std::uint64_t last_block() const noexcept {
    std::uint64_t m = 0;
    for (std::size_t k = block_; k < data_.size(); ++k) m |= std::uint64_t{data_[k] == terminator_} << (k - block_);
    return m;
  }

  std::string_view data_;
  char terminator_;
  std::size_t block_ = 0;       // offset of the block `found_` is about
  std::size_t next_block_ = 0;  // offset of the block after it
  std::uint64_t found_ = 0;     // terminators of that block not yet returned
};

}  // namespace puny::cli
