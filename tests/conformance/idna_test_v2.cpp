// UTS #46 conformance: every line of IdnaTestV2.txt (Unicode 17.0.0), for
// the three operations the file defines — toUnicode, toAsciiN
// (nontransitional) and toAsciiT (transitional) — with the exact result
// string and the exact set of status codes.  Lines holding a lone
// surrogate go through the UTF-16 entry points, the rest through UTF-8.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "puny/idna.hpp"
#include "test_encoding.hpp"
#include "unicode_data.hpp"

namespace {

using puny_test::to_utf16;
using puny_test::to_utf8;

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// The file's column is UTF-8 with \uXXXX and \x{XXXX} escapes; "" is the
// empty string.  Escapes may name lone surrogates, so the result is code
// points, not UTF-8.
std::u32string unescape(std::string_view s) {
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

bool has_surrogate(const std::u32string& s) {
  for (const char32_t c : s) {
    if (c >= 0xD800 && c <= 0xDFFF) return true;
  }
  return false;
}



// "[B1, V6]" (or "[]") to a set; nullopt for a blank column.
std::optional<puny::idna_errors> parse_status(std::string_view s) {
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
    EXPECT_TRUE(known) << "unknown status code " << name;
    if (comma == std::string_view::npos) break;
    s.remove_prefix(comma + 1);
  }
  return set;
}

struct test_line {
  std::size_t line_number;
  std::u32string source;
  std::u32string to_unicode;
  puny::idna_errors to_unicode_status;
  std::u32string to_ascii_n;
  puny::idna_errors to_ascii_n_status;
  std::u32string to_ascii_t;
  puny::idna_errors to_ascii_t_status;
};

std::string show(const std::u32string& s) {
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

struct outcome {
  std::u32string value;
  puny::idna_errors errors;
  bool ok_status;
};

std::u32string widen(const std::string& s) { return std::u32string(s.begin(), s.end()); }

outcome run_to_unicode(const std::u32string& source) {
  if (has_surrogate(source)) {
    const auto r = puny::to_unicode(std::u16string_view(to_utf16(source)));
    std::u32string value;
    for (const char16_t u : r.value) value += u;  // the expected strings hold only BMP code points here
    return {value, r.errors, r.code == puny::status::success};
  }
  const auto r = puny::to_unicode(std::string_view(to_utf8(source)));
  return {unescape(r.value), r.errors, r.code == puny::status::success};
}

outcome run_to_ascii(const std::u32string& source, bool transitional) {
  puny::idna_options o;
  o.transitional_processing = transitional;
  if (has_surrogate(source)) {
    const auto r = puny::to_ascii(std::u16string_view(to_utf16(source)), o);
    return {widen(r.value), r.errors, r.code == puny::status::success};
  }
  const auto r = puny::to_ascii(std::string_view(to_utf8(source)), o);
  return {widen(r.value), r.errors, r.code == puny::status::success};
}

}  // namespace

TEST(IdnaTestV2, EveryLineAllThreeOperations) {
  PUNY_OPEN_UNICODE_FILE(file, "IdnaTestV2.txt");
  std::vector<test_line> lines;
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
    ASSERT_GE(columns.size(), 7u) << "line " << number;
    test_line t;
    t.line_number = number;
    t.source = unescape(columns[0]);
    // Blank columns default as the file's header says.
    t.to_unicode = columns[1].empty() ? t.source : unescape(columns[1]);
    t.to_unicode_status = parse_status(columns[2]).value_or(puny::idna_errors{});
    t.to_ascii_n = columns[3].empty() ? t.to_unicode : unescape(columns[3]);
    t.to_ascii_n_status = parse_status(columns[4]).value_or(t.to_unicode_status);
    t.to_ascii_t = columns[5].empty() ? t.to_ascii_n : unescape(columns[5]);
    t.to_ascii_t_status = parse_status(columns[6]).value_or(t.to_ascii_n_status);
    lines.push_back(std::move(t));
  }
  ASSERT_EQ(lines.size(), 6391u) << "IdnaTestV2.txt of Unicode 17.0.0 has 6391 test lines";

  std::size_t passed_unicode = 0;
  std::size_t passed_ascii_n = 0;
  std::size_t passed_ascii_t = 0;
  std::size_t reported = 0;
  constexpr std::size_t report_limit = 40;
  auto report = [&](const test_line& t, std::string_view op, const outcome& got, const std::u32string& want,
                    puny::idna_errors want_status) {
    if (reported++ >= report_limit) return;
    ADD_FAILURE() << "line " << t.line_number << " " << op << " of \"" << show(t.source) << "\": got \""
                  << show(got.value) << "\" [" << puny::to_string(got.errors) << "], want \"" << show(want)
                  << "\" [" << puny::to_string(want_status) << "]";
  };

  for (const test_line& t : lines) {
    // toUnicode always produces its string, errors or not.
    const outcome u = run_to_unicode(t.source);
    if (u.ok_status && u.errors == t.to_unicode_status && u.value == t.to_unicode) {
      ++passed_unicode;
    } else {
      report(t, "toUnicode", u, t.to_unicode, t.to_unicode_status);
    }
    // toASCII produces a string only without errors; the file's result
    // column is then the one to match.
    const outcome n = run_to_ascii(t.source, false);
    if (n.ok_status && n.errors == t.to_ascii_n_status &&
        (!n.errors.empty() ? n.value.empty() : n.value == t.to_ascii_n)) {
      ++passed_ascii_n;
    } else {
      report(t, "toAsciiN", n, t.to_ascii_n, t.to_ascii_n_status);
    }
    const outcome a = run_to_ascii(t.source, true);
    if (a.ok_status && a.errors == t.to_ascii_t_status &&
        (!a.errors.empty() ? a.value.empty() : a.value == t.to_ascii_t)) {
      ++passed_ascii_t;
    } else {
      report(t, "toAsciiT", a, t.to_ascii_t, t.to_ascii_t_status);
    }
  }
  std::cout << "IdnaTestV2: toUnicode " << passed_unicode << "/" << lines.size() << ", toAsciiN " << passed_ascii_n
            << "/" << lines.size() << ", toAsciiT " << passed_ascii_t << "/" << lines.size() << "\n";
  EXPECT_EQ(passed_unicode, lines.size());
  EXPECT_EQ(passed_ascii_n, lines.size());
  EXPECT_EQ(passed_ascii_t, lines.size());
}
