// puny — per-bias tables for the label-sized decode path.
// Not part of the public API: include <puny/punycode.hpp>.
#pragma once

#include <cstdint>

#include "arithmetic.hpp"

namespace puny::detail {

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
static_assert(sizeof(bias_entry) == 16, "the label decoder indexes entries by twice their number, scaled by 8");

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

}  // namespace puny::detail
