// Independent UTF-8 and UTF-16 encoders for the tests: they check nothing,
// so tests can build ill-formed text (lone surrogates) on purpose and do
// not lean on the library's own converters.
#pragma once

#include <string>
#include <string_view>

namespace puny_test {

/// Appends c in UTF-8 form, whatever its value (a surrogate becomes three
/// bytes, as CESU/WTF-8 would write it).
inline void append_utf8(std::string& out, char32_t c) {
  auto byte = [&](char32_t v) { out += static_cast<char>(static_cast<unsigned char>(v)); };
  if (c < 0x80) {
    byte(c);
  } else if (c < 0x800) {
    byte(0xC0 | (c >> 6));
    byte(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    byte(0xE0 | (c >> 12));
    byte(0x80 | ((c >> 6) & 0x3F));
    byte(0x80 | (c & 0x3F));
  } else {
    byte(0xF0 | (c >> 18));
    byte(0x80 | ((c >> 12) & 0x3F));
    byte(0x80 | ((c >> 6) & 0x3F));
    byte(0x80 | (c & 0x3F));
  }
}

inline std::string to_utf8(std::u32string_view s) {
  std::string out;
  for (const char32_t c : s) append_utf8(out, c);
  return out;
}

/// Code points to UTF-16, a lone surrogate staying a single unit.
inline std::u16string to_utf16(std::u32string_view s) {
  std::u16string out;
  for (const char32_t c : s) {
    if (c < 0x10000) {
      out += static_cast<char16_t>(c);
    } else {
      out += static_cast<char16_t>(0xD800 + ((c - 0x10000) >> 10));
      out += static_cast<char16_t>(0xDC00 + ((c - 0x10000) & 0x3FF));
    }
  }
  return out;
}

}  // namespace puny_test
