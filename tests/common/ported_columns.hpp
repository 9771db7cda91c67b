// The notations of the ported IDNA2003/IDNA2008 tables' columns
// (tests/data/idna2003/*.tsv): code points escaped as <XXXX>, and sets of
// rule codes written "A,B" or "-".
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "tsv_file.hpp"

namespace puny_test {

/// "xn--m<00DF>-jma" -> U"xn--m\u00DF-jma": <XXXX> (4 to 6 hex digits) is a
/// code point, any other byte is itself.
inline std::u32string unescape_code_points(std::string_view s) {
  std::u32string out;
  for (std::size_t i = 0; i < s.size();) {
    if (s[i] == '<') {
      const std::size_t end = s.find('>', i);
      out.push_back(static_cast<char32_t>(std::stoul(std::string(s.substr(i + 1, end - i - 1)), nullptr, 16)));
      i = end + 1;
    } else {
      out.push_back(static_cast<unsigned char>(s[i++]));
    }
  }
  return out;
}

/// "A,B" -> "A, B" (the to_string form of an error set); "-" -> "".
inline std::string error_names(const std::string& names) {
  if (names == "-") return {};
  std::string out;
  for (const std::string& n : split_fields(names, ',')) {
    if (!out.empty()) out += ", ";
    out += n;
  }
  return out;
}

}  // namespace puny_test
