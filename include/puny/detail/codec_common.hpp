// puny — what the encoder and the decoder share: limits, scratch sizes,
// parameter sets lifted into types, trace observers and the output writer.
// Not part of the public API: include <puny/punycode.hpp>.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <span>
#include <string_view>
#include <type_traits>

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
/// Decoder input of at most this many characters takes the label path.
inline constexpr std::size_t label_limit = 64;
/// Decoder input of at most this many characters is decoded in place.
inline constexpr std::size_t in_place_decode_limit = 96;
/// Encoder input up to this long, with at most small_extended non-basic
/// code points, takes the label-sized path.
inline constexpr std::size_t small_length = 64;
inline constexpr std::size_t small_extended = 32;
/// Positions are packed into 64-bit keys next to a 21-bit code point.  A
/// 64-bit value: where size_t has 32 bits no input reaches it.
inline constexpr std::uint64_t max_packed_length = std::uint64_t{1} << 40;

[[nodiscard]] constexpr std::size_t bitset_words(std::size_t n) noexcept { return (n + 63) / 64; }

/// Words of scratch for the O(n log n) paths on an input of n elements: one
/// key per code point, a bitset and a Fenwick tree over its words.
[[nodiscard]] constexpr std::size_t scratch_words_for(std::size_t n) noexcept {
  const std::size_t words = bitset_words(n);
  return n + words + (words + 7) / 8 + std::bit_ceil((words + 3) / 4) + 2;
}

static_assert(scratch_words_for(inline_length) <= arena_words, "the arena holds the inline length's scratch");

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

[[nodiscard]] constexpr result succeeded(std::size_t written) noexcept {
  result r;
  r.written = written;
  return r;
}

[[nodiscard]] constexpr result too_small(status s, std::size_t needed) noexcept {
  result r;
  r.code = s;
  r.needed = needed;
  return r;
}

}  // namespace puny::detail
