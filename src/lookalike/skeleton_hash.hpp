// puny — the 64-bit hash of skeleton strings in the look-alike index.
// Internal.
//
// A fixed-seed multiply-mix hash in the manner of wyhash (Wang Yi, public
// domain): 16 bytes per round, each folded in by one 64 × 64 → 128-bit
// multiply whose halves are xored.  Skeleton keys are short (a domain's
// last labels), so the tail handling matters more than the loop.  The hash
// only has to spread keys over the table and give a 32-bit tag to compare
// before the exact check; it is not exposed and not stable across builds.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "puny/detail/arithmetic.hpp"

namespace puny::detail::lookalike {

namespace hashing {

inline constexpr std::uint64_t s0 = 0xa0761d6478bd642fULL;
inline constexpr std::uint64_t s1 = 0xe7037ed1a0b428dbULL;
inline constexpr std::uint64_t s2 = 0x8ebc6af09c88c6e3ULL;

/// Both halves of a × b, xored.
[[nodiscard]] inline std::uint64_t mix(std::uint64_t a, std::uint64_t b) noexcept {
  return (a * b) ^ mulhi64(a, b);
}

[[nodiscard]] inline std::uint64_t read64(const unsigned char* p) noexcept {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}

[[nodiscard]] inline std::uint64_t read32(const unsigned char* p) noexcept {
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

}  // namespace hashing

/// The hash of `key`.
[[nodiscard]] inline std::uint64_t skeleton_hash(std::string_view key) noexcept {
  using namespace hashing;
  const auto* p = reinterpret_cast<const unsigned char*>(key.data());
  std::size_t n = key.size();
  std::uint64_t seed = s0;
  std::uint64_t a = 0;
  std::uint64_t b = 0;
  if (n <= 16) {
    if (n >= 4) {
      // Two overlapping pairs of 4-byte words cover 4..16 bytes.
      const std::size_t step = (n >> 3) << 2;
      a = (read32(p) << 32) | read32(p + step);
      b = (read32(p + n - 4) << 32) | read32(p + n - 4 - step);
    } else if (n > 0) {
      a = (std::uint64_t{p[0]} << 16) | (std::uint64_t{p[n >> 1]} << 8) | p[n - 1];
    }
  } else {
    const unsigned char* q = p;
    std::size_t rest = n;
    while (rest > 16) {
      seed = mix(read64(q) ^ s1, read64(q + 8) ^ seed);
      q += 16;
      rest -= 16;
    }
    // The last 16 bytes (they may overlap the last round's).
    a = read64(p + n - 16);
    b = read64(p + n - 8);
  }
  a ^= s1;
  b ^= seed;
  const std::uint64_t lo = a * b;
  const std::uint64_t hi = mulhi64(a, b);
  return mix(lo ^ s0 ^ n, hi ^ s2);
}

}  // namespace puny::detail::lookalike
