// Reading UTS #46's IdnaTestV2.txt for the conformance tests: its lines with
// every blank column resolved as the file's header says, and the helpers to
// show code points in a failure message.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <istream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "puny/idna.hpp"

namespace puny_test {

/// One test line; blank columns already hold what they default to.
struct idna_test_v2_line {
  std::size_t line_number = 0;
  std::u32string source;
  std::u32string to_unicode;
  puny::idna_errors to_unicode_status;
  std::u32string to_ascii_n;
  puny::idna_errors to_ascii_n_status;
  std::u32string to_ascii_t;
  puny::idna_errors to_ascii_t_status;
};

namespace idna_test_v2_detail {

inline std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// A column is UTF-8 with \uXXXX and \x{XXXX} escapes; "" is the empty
// string.  Escapes may name lone surrogates, so the result is code points,
// not UTF-8.
inline std::u32string unescape(std::string_view s) {
  if (s == "\"\"") return {};
  std::u32string out;
  std::size_t i = 0;
  while (i < s.size()) {
    if (s[i] == '\\' && i + 1 < s.size() && s[i + 1] == 'u') {
      out.push_back(static_cast<char32_t>(std::stoul(std::string(s.substr(i + 2, 4)), nullptr, 16)));
      i += 6;
      continue;
    }
    if (s[i] == '\\' && i + 2 < s.size() && s[i + 1] == 'x' && s[i + 2] == '{') {
      const std::size_t close = s.find('}', i);
      out.push_back(static_cast<char32_t>(std::stoul(std::string(s.substr(i + 3, close - i - 3)), nullptr, 16)));
      i = close + 1;
      continue;
    }
    const auto b = static_cast<unsigned char>(s[i]);
    const std::size_t n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
    char32_t cp = n == 1 ? b : n == 2 ? (b & 0x1Fu) : n == 3 ? (b & 0x0Fu) : (b & 0x07u);
    for (std::size_t k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3Fu);
    out.push_back(cp);
    i += n;
  }
  return out;
}

// "[B1, V6]" (or "[]") to a set; nullopt for a blank column.
inline std::optional<puny::idna_errors> parse_status(std::string_view s, std::size_t line_number) {
  if (s.empty()) return std::nullopt;
  puny::idna_errors set;
  s.remove_prefix(1);
  s.remove_suffix(1);
  while (!s.empty()) {
    const std::size_t comma = s.find(',');
    const std::string_view name = trim(s.substr(0, comma));
    bool known = false;
    for (std::size_t i = 0; i < puny::idna_code_count; ++i) {
      const auto c = static_cast<puny::idna_code>(i);
      if (puny::name(c) == name) {
        set.insert(c);
        known = true;
      }
    }
    EXPECT_TRUE(known) << "line " << line_number << ": unknown status code " << name;
    if (comma == std::string_view::npos) break;
    s.remove_prefix(comma + 1);
  }
  return set;
}

}  // namespace idna_test_v2_detail

/// Every test line of the file, in order; a line with fewer than 7
/// columns is a test failure and left out.
inline std::vector<idna_test_v2_line> read_idna_test_v2(std::istream& file) {
  using idna_test_v2_detail::parse_status;
  using idna_test_v2_detail::trim;
  using idna_test_v2_detail::unescape;
  std::vector<idna_test_v2_line> lines;
  std::string text;
  for (std::size_t number = 1; std::getline(file, text); ++number) {
    std::string_view data(text);
    data = data.substr(0, data.find('#'));
    if (trim(data).empty()) continue;
    std::vector<std::string_view> columns;
    while (true) {
      const std::size_t semi = data.find(';');
      columns.push_back(trim(data.substr(0, semi)));
      if (semi == std::string_view::npos) break;
      data.remove_prefix(semi + 1);
    }
    if (columns.size() < 7) {
      ADD_FAILURE() << "IdnaTestV2.txt line " << number << " has " << columns.size() << " columns";
      continue;
    }
    idna_test_v2_line t;
    t.line_number = number;
    t.source = unescape(columns[0]);
    // Blank columns default as the file's header says.
    t.to_unicode = columns[1].empty() ? t.source : unescape(columns[1]);
    t.to_unicode_status = parse_status(columns[2], number).value_or(puny::idna_errors{});
    t.to_ascii_n = columns[3].empty() ? t.to_unicode : unescape(columns[3]);
    t.to_ascii_n_status = parse_status(columns[4], number).value_or(t.to_unicode_status);
    t.to_ascii_t = columns[5].empty() ? t.to_ascii_n : unescape(columns[5]);
    t.to_ascii_t_status = parse_status(columns[6], number).value_or(t.to_ascii_n_status);
    lines.push_back(std::move(t));
  }
  return lines;
}

/// Lines holding a lone surrogate can only go through the UTF-16 and
/// UTF-32 entry points.
inline bool has_surrogate(std::u32string_view s) {
  for (const char32_t c : s) {
    if (c >= 0xD800 && c <= 0xDFFF) return true;
  }
  return false;
}

/// Printable ASCII as it is, anything else as \u{XXXX}.
inline std::string show(std::u32string_view s) {
  std::ostringstream o;
  for (const char32_t c : s) {
    if (c >= 0x20 && c < 0x7F) {
      o << static_cast<char>(c);
    } else {
      o << "\\u{" << std::hex << static_cast<std::uint32_t>(c) << std::dec << "}";
    }
  }
  return o.str();
}

/// UTF-8 (as the library writes it) to code points, for comparing with
/// the file's columns.
inline std::u32string code_points_of(std::string_view utf8) { return idna_test_v2_detail::unescape(utf8); }

}  // namespace puny_test
