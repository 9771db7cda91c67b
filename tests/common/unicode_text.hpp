// Code points as the test tables and the Unicode data files write them
// ("0041 0301", "U+0069 U+0307"), as failure messages show them, and UTF-8
// read back into code points, for every test suite.  Independent of the
// library's own converters, like test_encoding.hpp.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <iomanip>
#include <sstream>
#include <string>
#include <string_view>

namespace puny_test {

/// "U+0041": at least four upper-case hex digits.
inline std::string hex_code_point(char32_t c) {
  std::ostringstream out;
  out << "U+" << std::hex << std::uppercase << std::setw(4) << std::setfill('0') << static_cast<unsigned long>(c);
  return out.str();
}

/// "U+0061 U+0301"; "(empty)" for the empty string.
inline std::string hex_code_points(std::u32string_view s) {
  std::string out;
  for (const char32_t c : s) {
    if (!out.empty()) out += ' ';
    out += hex_code_point(c);
  }
  return out.empty() ? "(empty)" : out;
}

/// Space-separated hex numbers, as the Unicode data files write code point
/// sequences ("0041 0301"): UnicodeData.txt field 5, NormalizationTest.txt.
inline std::u32string parse_hex_code_points(std::string_view text) {
  std::u32string out;
  std::istringstream in{std::string(text)};
  std::string word;
  while (in >> word) out.push_back(static_cast<char32_t>(std::stoul(word, nullptr, 16)));
  return out;
}

/// The "U+XXXX" words of a ported-table column ("U+0069 U+0307"), up to a
/// "->" (skeleton rows append "-> expected"); other words ("n/a") are
/// skipped.
inline std::u32string parse_u_plus_code_points(std::string_view text) {
  std::u32string out;
  std::istringstream in{std::string(text)};
  std::string word;
  while (in >> word) {
    if (word == "->") break;
    if (word.rfind("U+", 0) == 0) out.push_back(static_cast<char32_t>(std::stoul(word.substr(2), nullptr, 16)));
  }
  return out;
}

/// The code points of UTF-8 text, decoded without any check (the text is
/// the test's own, or came well-formed from a library): a lead byte says
/// the length, a truncated sequence ends the text.
inline std::u32string code_points_of(std::string_view utf8) {
  std::u32string out;
  for (std::size_t i = 0; i < utf8.size();) {
    const auto b = static_cast<unsigned char>(utf8[i]);
    const std::size_t n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
    char32_t c = n == 1 ? b : b & (0xFFu >> (n + 1));
    for (std::size_t k = 1; k < n && i + k < utf8.size(); ++k)
      c = c << 6 | (static_cast<unsigned char>(utf8[i + k]) & 0x3Fu);
    out += c;
    i += n;
  }
  return out;
}

/// "U+0070 U+0430" of UTF-8 text.
inline std::string hex_code_points(std::string_view utf8) { return hex_code_points(code_points_of(utf8)); }

/// Concatenation by append: g++ 12 at -O3 misreads `literal + std::string`
/// as an overlapping copy (-Wrestrict).
template <class... Parts>
std::string cat(const Parts&... parts) {
  std::string s;
  (s.append(parts), ...);
  return s;
}

/// The same over a braced list: cat({"error: ", codes}).
inline std::string cat(std::initializer_list<std::string_view> parts) {
  std::string s;
  for (const std::string_view p : parts) s += p;
  return s;
}

}  // namespace puny_test
