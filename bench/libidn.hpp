// puny benchmarks — the GNU libidn Punycode functions used for comparison,
// behind an interface that exists whether or not libidn was found.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#if defined(PUNY_BENCH_HAVE_LIBIDN)
#include <punycode.h>
#include <stringprep.h>
#endif

namespace puny_bench::idn {

#if defined(PUNY_BENCH_HAVE_LIBIDN)
inline constexpr bool available = true;

static_assert(sizeof(punycode_uint) == sizeof(std::uint32_t));

/// libidn's version string ("1.41").
inline std::string version() {
  const char* v = stringprep_check_version(nullptr);
  return v != nullptr ? v : "?";
}

/// punycode_encode into `out`; the number of characters, or nothing on error.
inline std::optional<std::size_t> encode(std::span<const std::uint32_t> in, std::span<char> out) noexcept {
  std::size_t len = out.size();
  if (punycode_encode(in.size(), in.data(), nullptr, &len, out.data()) != PUNYCODE_SUCCESS) return std::nullopt;
  return len;
}

/// punycode_decode into `out`; the number of code points, or nothing on error.
inline std::optional<std::size_t> decode(std::span<const char> in, std::span<std::uint32_t> out) noexcept {
  std::size_t len = out.size();
  if (punycode_decode(in.size(), in.data(), &len, out.data(), nullptr) != PUNYCODE_SUCCESS) return std::nullopt;
  return len;
}
#else
inline constexpr bool available = false;
inline std::string version() { return "not built in"; }
inline std::optional<std::size_t> encode(std::span<const std::uint32_t>, std::span<char>) noexcept {
  return std::nullopt;
}
inline std::optional<std::size_t> decode(std::span<const char>, std::span<std::uint32_t>) noexcept {
  return std::nullopt;
}
#endif

}  // namespace puny_bench::idn
