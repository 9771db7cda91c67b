// puny — the table of next weights that the SIMD label decoders of every
// instruction set share (simd/avx512/, avx2/, neon/label_decoder.hpp):
// with it, the bias of RFC 3492 §6.1 for the integer after this one is one
// load instead of adapt's loop and divisions, which sit on the decoder's
// dependency chain from one integer to the next.  ISA-free constant data,
// so that a build with several decoders holds one copy (72 KiB).
#pragma once

#include <cstddef>
#include <cstdint>

#include "puny/detail/arithmetic.hpp"
#include "puny/detail/codec_common.hpp"
#include "puny/detail/label_tables.hpp"
#include "puny/detail/simd_dispatch.hpp"

namespace puny::detail {

/// The w1 of a bias, for Punycode's parameters; 0 when it is above 46.
[[nodiscard]] constexpr std::uint8_t punycode_w1_of_bias(std::uint64_t bias) noexcept {
  if (bias > 46) return 0;
  return static_cast<std::uint8_t>(bias < 10 ? 10 : bias > 35 ? 35 : bias);
}

/// next_w1.v[np][d]: the w1 after an integer of delta d, not the first, and
/// numpoints np — §6.1's "delta / 2" and "delta += delta / numpoints"
/// folded into the index.  For the first integer, index 2 * (d / damp)
/// gives the same adapted delta.  np <= 64 covers every label of up to 63
/// characters.  Entries, not rows: the length of one row, 1120 bytes.
struct punycode_next_w1 {
  static constexpr std::size_t max_np = decode_long_kernel_limit + 1;
  static constexpr std::size_t rows = 1120;
  std::uint8_t v[max_np + 1][rows];

  static constexpr punycode_next_w1 make() noexcept {
    punycode_next_w1 t{};
    // §6.1 after "delta += delta / numpoints" depends on that sum alone, at
    // most rows - 1 here: computed once per sum (adapt of twice the sum,
    // with numpoints so large that the quotient adds nothing), so that
    // compilers' constant-evaluation budgets hold.
    std::uint8_t by_sum[rows] = {};
    for (std::size_t s = 0; s < rows; ++s) {
      by_sum[s] = punycode_w1_of_bias(adapt(fixed_params<punycode_params>{}, 2 * s, rows, false));
    }
    for (std::size_t np = 1; np <= max_np; ++np) {
      for (std::size_t d = 0; d < rows; ++d) t.v[np][d] = by_sum[d / 2 + d / 2 / np];
    }
    return t;
  }
};

inline constexpr punycode_next_w1 punycode_next_w1_table = punycode_next_w1::make();

}  // namespace puny::detail
