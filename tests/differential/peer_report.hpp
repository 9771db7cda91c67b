// How the differential tests write code points and bytes in their failure
// messages and peer requests: upper-case hexadecimal, "U+" lists.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace puny_test {

/// `prefix` then `v` in upper-case hexadecimal, at least `digits` digits.
/// (Built by appending: g++ 12 warns falsely, -Wrestrict, about
/// "literal" + std::string temporaries.)
inline std::string hex(std::uint32_t v, int digits = 4, std::string_view prefix = {}) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  char buf[8];
  int n = 0;
  for (; v != 0 || n < digits; v >>= 4) buf[n++] = kHex[v & 0xF];
  std::string out(prefix);
  while (n > 0) out += buf[--n];
  return out;
}

/// "U+0061 U+00FC …", at most `limit` code points.
inline std::string code_points(std::u32string_view s, std::size_t limit = 40) {
  if (s.empty()) return "(empty)";
  std::string out;
  for (std::size_t j = 0; j < s.size() && j < limit; ++j) out += hex(s[j], 4, j == 0 ? "U+" : " U+");
  if (s.size() > limit) out += " ... (" + std::to_string(s.size()) + " code points)";
  return out;
}

}  // namespace puny_test
