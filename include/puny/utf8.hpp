/// \file
/// puny — strict UTF-8 <-> UTF-32 conversion over caller buffers.
///
/// Well-formedness is Unicode's Table 3-7 (Unicode §3.9, D92): overlong
/// forms, surrogates (ED A0..BF), values above U+10FFFF, truncated sequences
/// and stray continuation bytes are rejected with status::invalid_utf8 and
/// the byte offset of the sequence that is wrong.  Nothing is replaced.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "status.hpp"

namespace puny {

namespace detail {

/// Length of the well-formed sequence starting at in[pos] and its value, or
/// a length of 0 when the sequence is ill-formed.
struct utf8_sequence {
  std::size_t length;
  char32_t value;
};

[[nodiscard]] constexpr utf8_sequence read_utf8(std::span<const char> in, std::size_t pos) noexcept {
  const auto b0 = static_cast<unsigned char>(in[pos]);
  if (b0 < 0x80) return {1, b0};
  const std::size_t left = in.size() - pos;
  auto cont = [&](std::size_t k, unsigned lo, unsigned hi) {
    if (k >= left) return false;
    const auto b = static_cast<unsigned char>(in[pos + k]);
    return b >= lo && b <= hi;
  };
  auto byte = [&](std::size_t k) { return static_cast<char32_t>(static_cast<unsigned char>(in[pos + k]) & 0x3F); };
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    if (!cont(1, 0x80, 0xBF)) return {0, 0};
    return {2, ((b0 & 0x1Fu) << 6) | byte(1)};
  }
  if (b0 >= 0xE0 && b0 <= 0xEF) {
    // Table 3-7: E0 needs A0..BF (no overlong), ED needs 80..9F (no surrogate).
    const unsigned lo = b0 == 0xE0 ? 0xA0 : 0x80;
    const unsigned hi = b0 == 0xED ? 0x9F : 0xBF;
    if (!cont(1, lo, hi) || !cont(2, 0x80, 0xBF)) return {0, 0};
    return {3, ((b0 & 0x0Fu) << 12) | (byte(1) << 6) | byte(2)};
  }
  if (b0 >= 0xF0 && b0 <= 0xF4) {
    // F0 needs 90..BF (no overlong), F4 needs 80..8F (nothing above U+10FFFF).
    const unsigned lo = b0 == 0xF0 ? 0x90 : 0x80;
    const unsigned hi = b0 == 0xF4 ? 0x8F : 0xBF;
    if (!cont(1, lo, hi) || !cont(2, 0x80, 0xBF) || !cont(3, 0x80, 0xBF)) return {0, 0};
    return {4, ((b0 & 0x07u) << 18) | (byte(1) << 12) | (byte(2) << 6) | byte(3)};
  }
  return {0, 0};
}

}  // namespace detail

/// Checks UTF-8; on success `written` is the number of code points.
[[nodiscard]] constexpr result validate_utf8(std::span<const char> in) noexcept {
  result r;
  std::size_t pos = 0;
  while (pos < in.size()) {
    const auto seq = detail::read_utf8(in, pos);
    if (seq.length == 0) {
      r.code = status::invalid_utf8;
      r.position = pos;
      return r;
    }
    pos += seq.length;
    ++r.written;
  }
  return r;
}

/// Decodes UTF-8 into code points.  On output_too_small, `needed` is the
/// number of code points of the whole input (when it is valid).
[[nodiscard]] constexpr result utf8_to_utf32(std::span<const char> in, std::span<char32_t> out) noexcept {
  result r;
  std::size_t pos = 0;
  std::size_t count = 0;
  while (pos < in.size()) {
    const auto seq = detail::read_utf8(in, pos);
    if (seq.length == 0) {
      r.code = status::invalid_utf8;
      r.position = pos;
      return r;
    }
    if (count < out.size()) out[count] = seq.value;
    ++count;
    pos += seq.length;
  }
  if (count > out.size()) {
    r.code = status::output_too_small;
    r.needed = count;
    return r;
  }
  r.written = count;
  return r;
}

/// Encodes code points as UTF-8; a surrogate or a value above U+10FFFF gives
/// status::invalid_code_point at its index.  On output_too_small, `needed`
/// is the byte length of the whole result.
[[nodiscard]] constexpr result utf32_to_utf8(std::span<const char32_t> in, std::span<char> out) noexcept {
  result r;
  std::size_t count = 0;
  auto put = [&](unsigned v) {
    if (count < out.size()) out[count] = static_cast<char>(static_cast<unsigned char>(v));
    ++count;
  };
  for (std::size_t j = 0; j < in.size(); ++j) {
    const char32_t c = in[j];
    if (c < 0x80) {
      put(static_cast<unsigned>(c));
    } else if (c < 0x800) {
      put(0xC0 | (c >> 6));
      put(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      if (c >= 0xD800 && c <= 0xDFFF) {
        r.code = status::invalid_code_point;
        r.position = j;
        return r;
      }
      put(0xE0 | (c >> 12));
      put(0x80 | ((c >> 6) & 0x3F));
      put(0x80 | (c & 0x3F));
    } else if (c <= 0x10FFFF) {
      put(0xF0 | (c >> 18));
      put(0x80 | ((c >> 12) & 0x3F));
      put(0x80 | ((c >> 6) & 0x3F));
      put(0x80 | (c & 0x3F));
    } else {
      r.code = status::invalid_code_point;
      r.position = j;
      return r;
    }
  }
  if (count > out.size()) {
    r.code = status::output_too_small;
    r.needed = count;
    return r;
  }
  r.written = count;
  return r;
}

}  // namespace puny
