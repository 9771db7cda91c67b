// puny — the arithmetic of RFC 3492 §6.1 and of the digit loops, with
// divisions replaced by exact reciprocal multiplies where operands are small.
// Not part of the public API: include <puny/punycode.hpp>.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>

#include "codec_common.hpp"

namespace puny::detail {

// ---------------------------------------------------------------------------
// Arithmetic.  Real labels spend most of their time in the divisions of §6.1
// and of the digit loops; divisors there are small (base - t, and the code
// point count of a label), so a multiply by a precomputed reciprocal replaces
// them whenever the dividend fits in 32 bits (Lemire, Kaser & Kurz, "Faster
// remainder by direct computation", 2019: ceil(2^64 / d) * n >> 64 == n / d
// for every 32-bit n and d).

/// The high 64 bits of a * b.  Where the compiler has a 128-bit integer
/// (every 64-bit target of g++ and clang) it is one multiply instruction;
/// elsewhere (i386, armhf, wasm32) it is formed from four 32-bit products,
/// exactly.
[[nodiscard]] constexpr std::uint64_t mulhi64(std::uint64_t a, std::uint64_t b) noexcept {
#if defined(__SIZEOF_INT128__)
  __extension__ using u128 = unsigned __int128;
  return static_cast<std::uint64_t>((static_cast<u128>(a) * b) >> 64);
#else
  const std::uint64_t a_lo = a & 0xFFFFFFFFu;
  const std::uint64_t a_hi = a >> 32;
  const std::uint64_t b_lo = b & 0xFFFFFFFFu;
  const std::uint64_t b_hi = b >> 32;
  const std::uint64_t lo_lo = a_lo * b_lo;
  const std::uint64_t hi_lo = a_hi * b_lo;
  const std::uint64_t lo_hi = a_lo * b_hi;
  const std::uint64_t cross = (lo_lo >> 32) + (hi_lo & 0xFFFFFFFFu) + lo_hi;
  return a_hi * b_hi + (hi_lo >> 32) + (cross >> 32);
#endif
}

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
    const auto q = mulhi64(reciprocal_table.c[d], n);
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

/// Exact division by small divisors as a multiply and a shift: m[d] is
/// ceil(2^Shift / (Scale * d)), and (n * m[d]) >> Shift == n / (Scale * d)
/// for every n < 2^27 as long as Scale * d <= 2^(Shift - 27): the error
/// n * (m * Scale * d - 2^Shift) / (Scale * d * 2^Shift) then stays below
/// 1 / (Scale * d) (Granlund & Montgomery, 1994).
template <unsigned Shift, std::uint64_t Scale, std::size_t Max>
struct exact_reciprocals {
  static_assert(Scale * Max <= (std::uint64_t{1} << (Shift - 27)));
  std::uint64_t m[Max + 1];

  static constexpr exact_reciprocals make() noexcept {
    exact_reciprocals r{};
    for (std::uint64_t d = 1; d <= Max; ++d) r.m[d] = ((std::uint64_t{1} << Shift) + Scale * d - 1) / (Scale * d);
    return r;
  }
};

/// n / numpoints, numpoints <= 128 (every label's, and then some).
inline constexpr auto small_np_table = exact_reciprocals<34, 1, 128>::make();
/// n / (2 numpoints): §6.1's delta / 2 / numpoints in one step.
inline constexpr auto half_np_table = exact_reciprocals<35, 2, 128>::make();

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

/// n / (base - t), the digit loops' divisors (at most 36).
inline constexpr auto small_reciprocal_table = exact_reciprocals<33, 1, 36>::make();
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
    if (rounds != 0) delta = mulhi64(delta, power_reciprocal<Params>::table.m[rounds]);
    return rounds * Params::base + adapt_tail<Params>::table.v[delta];
  } else {
    return adapt(p, delta, numpoints, firsttime);
  }
}

/// (delta * m[first]) >> 37 is delta / 2, or delta / damp the first time,
/// for every delta below 2^27 (damp < 2^10; Granlund & Montgomery).
template <class Params>
struct first_divisor {
  static constexpr std::uint64_t m[2] = {std::uint64_t{1} << 36,
                                         ((std::uint64_t{1} << 37) + Params::damp - 1) / Params::damp};
};

}  // namespace puny::detail
