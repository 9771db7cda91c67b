// puny — the three encodings a domain comes in and goes out as (UTF-8,
// UTF-16, UTF-32), read and written one code point at a time.  Internal.
//
// UTF-16 and UTF-32 are taken as they are: a lone surrogate is the code
// point it names (UTS #46 then finds it disallowed, V7, as IdnaTestV2
// expects), and ToUnicode writes it back as the same single unit.
#pragma once

#include <cstddef>
#include <string_view>

#include "puny/utf8.hpp"

namespace puny::detail {

/// One code point read from the input, or length 0 for ill-formed UTF-8.
struct read_code_point {
  std::size_t length;  // code units consumed
  char32_t value;
};

[[nodiscard]] inline read_code_point read_at(std::string_view in, std::size_t pos) noexcept {
  const auto seq = read_utf8(std::span<const char>(in.data(), in.size()), pos);
  return {seq.length, seq.value};
}

[[nodiscard]] inline read_code_point read_at(std::u16string_view in, std::size_t pos) noexcept {
  const char32_t u = in[pos];
  if (u >= 0xD800 && u <= 0xDBFF && pos + 1 < in.size()) {
    const char32_t v = in[pos + 1];
    if (v >= 0xDC00 && v <= 0xDFFF) return {2, 0x10000 + ((u - 0xD800) << 10) + (v - 0xDC00)};
  }
  return {1, u};
}

[[nodiscard]] inline read_code_point read_at(std::u32string_view in, std::size_t pos) noexcept {
  return {1, in[pos]};
}

/// The code point at `at` (at < end), whose first code unit is 0x80 or
/// more, for process_domain's loop (process.cpp), which reads by pointer.
/// UTF-8: the two- and three-byte sequences of nearly every label, in few
/// enough registers that the loop keeps its own (around read_utf8 it
/// spilled them, and one came back through a load wider than the store
/// that spilled it: a stall on every code point); anything else (four
/// bytes, ill-formed, the last two bytes) goes to read_utf8.
[[nodiscard]] inline read_code_point read_non_ascii(const char* at, const char* end) noexcept {
  if (end - at >= 3) {
    const unsigned b0 = static_cast<unsigned char>(at[0]);
    // A continuation byte (80..BF) becomes 00..3F.
    const unsigned c1 = static_cast<unsigned char>(at[1]) ^ 0x80u;
    const unsigned c2 = static_cast<unsigned char>(at[2]) ^ 0x80u;
    // Unicode §3.9 Table 3-7: C2..DF then one continuation byte; E0..EF
    // then two, with nothing below U+0800 (E0 80..9F) and no surrogate
    // (ED A0..BF).
    if (b0 < 0xE0) {
      if (b0 >= 0xC2 && c1 < 0x40) return {2, (b0 & 0x1Fu) << 6 | c1};
    } else if (b0 < 0xF0) {
      const char32_t value = (b0 & 0x0Fu) << 12 | c1 << 6 | c2;
      if ((c1 | c2) < 0x40 && value >= 0x800 && value - 0xD800 >= 0x800) return {3, value};
    }
  }
  const auto seq = read_utf8(std::span<const char>(at, static_cast<std::size_t>(end - at)), 0);
  return {seq.length, seq.value};
}

[[nodiscard]] inline read_code_point read_non_ascii(const char16_t* at, const char16_t* end) noexcept {
  return read_at(std::u16string_view(at, static_cast<std::size_t>(end - at)), 0);
}

[[nodiscard]] inline read_code_point read_non_ascii(const char32_t* at, const char32_t*) noexcept { return {1, *at}; }

/// Code units that write_at puts out for cp.
[[nodiscard]] constexpr std::size_t units_of(char, char32_t cp) noexcept {
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}
[[nodiscard]] constexpr std::size_t units_of(char16_t, char32_t cp) noexcept { return cp < 0x10000 ? 1 : 2; }
[[nodiscard]] constexpr std::size_t units_of(char32_t, char32_t) noexcept { return 1; }

/// Writes cp at out (room for units_of(cp) units is the caller's to check).
inline void write_at(char* out, char32_t cp) noexcept {
  auto byte = [](char32_t v) { return static_cast<char>(static_cast<unsigned char>(v)); };
  if (cp < 0x80) {
    out[0] = byte(cp);
  } else if (cp < 0x800) {
    out[0] = byte(0xC0 | (cp >> 6));
    out[1] = byte(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out[0] = byte(0xE0 | (cp >> 12));
    out[1] = byte(0x80 | ((cp >> 6) & 0x3F));
    out[2] = byte(0x80 | (cp & 0x3F));
  } else {
    out[0] = byte(0xF0 | (cp >> 18));
    out[1] = byte(0x80 | ((cp >> 12) & 0x3F));
    out[2] = byte(0x80 | ((cp >> 6) & 0x3F));
    out[3] = byte(0x80 | (cp & 0x3F));
  }
}

inline void write_at(char16_t* out, char32_t cp) noexcept {
  if (cp < 0x10000) {
    out[0] = static_cast<char16_t>(cp);
  } else {
    out[0] = static_cast<char16_t>(0xD800 + ((cp - 0x10000) >> 10));
    out[1] = static_cast<char16_t>(0xDC00 + ((cp - 0x10000) & 0x3FF));
  }
}

inline void write_at(char32_t* out, char32_t cp) noexcept { out[0] = cp; }

}  // namespace puny::detail
