// puny CLI — the code point token form of RFC 3492's sample code.
#include "codepoint_tokens.hpp"

#include <cstdint>

namespace puny::cli {
namespace {

constexpr bool is_space(char c) noexcept {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

constexpr int hex_value(char c) noexcept {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

constexpr std::size_t max_hex_digits = 6;

// Checks one token; on success stores its value and flag.
std::optional<std::string_view> read_token(std::string_view token, char32_t& value, bool& upper) {
  if (token.size() < 3 || (token[0] != 'u' && token[0] != 'U') || token[1] != '+' ||
      token.size() - 2 > max_hex_digits) {
    return "is not u+ or U+ followed by 1 to 6 hexadecimal digits";
  }
  std::uint32_t v = 0;
  for (const char c : token.substr(2)) {
    const int d = hex_value(c);
    if (d < 0) return "is not u+ or U+ followed by 1 to 6 hexadecimal digits";
    v = v * 16 + static_cast<std::uint32_t>(d);
  }
  if (v > 0x10FFFF) return "is above U+10FFFF";
  if (v >= 0xD800 && v <= 0xDFFF) return "is a surrogate";
  value = static_cast<char32_t>(v);
  upper = token[0] == 'U';
  return std::nullopt;
}

}  // namespace

std::optional<token_error> parse_tokens(std::string_view line, token_line& out) {
  out.code_points.clear();
  out.uppercase.clear();
  out.offsets.clear();
  std::size_t pos = 0;
  while (true) {
    while (pos < line.size() && is_space(line[pos])) ++pos;
    if (pos == line.size()) return std::nullopt;
    const std::size_t start = pos;
    while (pos < line.size() && !is_space(line[pos])) ++pos;
    const std::string_view token = line.substr(start, pos - start);
    char32_t value = 0;
    bool upper = false;
    if (const auto reason = read_token(token, value, upper)) {
      return token_error{start, out.code_points.size() + 1, token, *reason};
    }
    out.code_points.push_back(value);
    out.uppercase.push_back(upper);
    out.offsets.push_back(start);
  }
}

void format_tokens(std::u32string_view code_points, const std::vector<bool>& uppercase, std::string& out) {
  static constexpr char digits[] = "0123456789ABCDEF";
  out.reserve(out.size() + code_points.size() * 7);
  for (std::size_t j = 0; j < code_points.size(); ++j) {
    if (j > 0) out += ' ';
    out += !uppercase.empty() && uppercase[j] ? 'U' : 'u';
    out += '+';
    const auto v = static_cast<std::uint32_t>(code_points[j]);
    int shift = v > 0xFFFFF ? 20 : v > 0xFFFF ? 16 : 12;
    for (; shift >= 0; shift -= 4) out += digits[(v >> shift) & 0xF];
  }
}

}  // namespace puny::cli
