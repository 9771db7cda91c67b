// puny — where the ASCII runs of a short UTF-8 domain stop, as bit masks,
// so that the pipeline finds the end of an xn-- label and whether it holds
// a capital with a count of trailing zeros rather than a loop over its
// bytes (whose exit mispredicts at every label).  Internal.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "simd/vector128.hpp"

namespace puny::detail {

/// Bit i stands for byte i of the domain.
struct ascii_stops {
  std::uint64_t stops = 0;  // U+002E, or a byte of 0x80 or more
  std::uint64_t upper = 0;  // A-Z
};

/// The domains find_ascii_stops takes: 8 to 64 bytes, in loads that
/// overlap at the end rather than run past it (as the ASCII fast path
/// reads, ascii_fast_path.cpp): two of 8 bytes below 16, two of 16 up to
/// 32, four of 16 beyond.  Without 128-bit vectors, none.
inline constexpr std::size_t ascii_stops_min = 8;
inline constexpr std::size_t ascii_stops_max = 64;

[[nodiscard]] constexpr bool ascii_stops_apply(std::size_t n) noexcept {
#if defined(PUNY_VECTOR128)
  return n >= ascii_stops_min && n <= ascii_stops_max;
#else
  (void)n;
  return false;
#endif
}

#if defined(PUNY_VECTOR128)

namespace stops_detail {

/// The two masks of the 16 bytes of v.
struct lanes {
  unsigned stops;
  unsigned upper;
};

[[gnu::always_inline]] inline lanes classify(v128::vec v) noexcept {
  // A byte of 0x80 or more is negative as a signed byte.
  const v128::vec stop = v128::or_(v128::eq8(v, v128::splat8('.')), v128::lt8(v, v128::zero()));
  // 'A' to 'Z': moved to -128..-103 by one add (modulo 256), which no other
  // byte reaches, and found by one signed compare.
  const v128::vec shifted = v128::add8(v, v128::splat8(static_cast<char>(0x80 - 'A')));
  const v128::vec upper = v128::lt8(shifted, v128::splat8(static_cast<char>(-128 + 26)));
  return {v128::bitmask8(stop), v128::bitmask8(upper)};
}

}  // namespace stops_detail

/// The masks of in[0, n), for n with ascii_stops_apply(n).
[[nodiscard]] inline ascii_stops find_ascii_stops(const char* in, std::size_t n) noexcept {
  ascii_stops s;
  if (n < 16) {
    // Bytes 0-7 in lanes 0-7, bytes n-8 to n-1 in lanes 8-15.
    const stops_detail::lanes l = stops_detail::classify(v128::low_halves(v128::load8(in), v128::load8(in + n - 8)));
    s.stops = std::uint64_t{l.stops & 0xFFu} | std::uint64_t{l.stops >> 8} << (n - 8);
    s.upper = std::uint64_t{l.upper & 0xFFu} | std::uint64_t{l.upper >> 8} << (n - 8);
    return s;
  }
  // Two loads up to 32 bytes (most domains), four beyond, each pulled back
  // to end at most at n.
  const std::size_t loads = n > 32 ? 4 : 2;
  for (std::size_t j = 0; j < loads; ++j) {
    const std::size_t at = j + 1 == loads ? n - 16 : std::min(16 * j, n - 16);
    const stops_detail::lanes l = stops_detail::classify(v128::load16(in + at));
    s.stops |= std::uint64_t{l.stops} << at;
    s.upper |= std::uint64_t{l.upper} << at;
  }
  return s;
}

#endif

}  // namespace puny::detail
