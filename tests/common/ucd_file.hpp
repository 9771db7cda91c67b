// The Unicode Character Database file format (UAX #44 §4.2): a code point
// or a range "XXXX..YYYY", then fields separated by ';', then an optional
// '#' comment; "# @missing:" lines give defaults.  Parsed here once for
// every conformance and differential test, deliberately independent of the
// table generators in tools/: a shared bug would hide in both.
#pragma once

#include <functional>
#include <istream>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace puny_test {

/// `s` without leading and trailing spaces and TABs.
inline std::string trim(const std::string& s) {
  const auto first = s.find_first_not_of(" \t");
  if (first == std::string::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

/// The fields of `s` between `separator`s, each trimmed; a trailing
/// separator gives a last, empty field.
inline std::vector<std::string> split_trimmed(const std::string& s, char separator) {
  std::vector<std::string> fields;
  std::string field;
  std::istringstream in(s);
  while (std::getline(in, field, separator)) fields.push_back(trim(field));
  if (!s.empty() && s.back() == separator) fields.emplace_back();
  return fields;
}

/// "0041" or "0041..005A" as [first, last].
inline std::pair<char32_t, char32_t> parse_range(const std::string& text) {
  const auto dots = text.find("..");
  const auto first = static_cast<char32_t>(std::stoul(text.substr(0, dots), nullptr, 16));
  const auto last =
      dots == std::string::npos ? first : static_cast<char32_t>(std::stoul(text.substr(dots + 2), nullptr, 16));
  return {first, last};
}

using ucd_line_handler = std::function<void(std::pair<char32_t, char32_t>, const std::vector<std::string>&)>;

/// Calls f(range, fields) for every data line (comment stripped, fields
/// trimmed, fields[0] the range); with `with_missing`, for every
/// "# @missing:" line too, in file order.
inline void for_each_line(std::istream& in, bool with_missing, const ucd_line_handler& f) {
  std::string line;
  while (std::getline(in, line)) {
    if (with_missing && line.rfind("# @missing:", 0) == 0) {
      const auto fields = split_trimmed(line.substr(11), ';');
      f(parse_range(fields[0]), fields);
      continue;
    }
    line = trim(line.substr(0, line.find('#')));
    if (line.empty()) continue;
    const auto fields = split_trimmed(line, ';');
    f(parse_range(fields[0]), fields);
  }
}

/// for_each_line without the "# @missing:" lines.
inline void for_each_line(std::istream& in, const ucd_line_handler& f) { for_each_line(in, false, f); }

/// The code points whose second field `keep` accepts
/// (DerivedCoreProperties.txt: the property name; DerivedAge.txt: the age).
inline std::set<char32_t> code_points_where(std::istream& in, const std::function<bool(const std::string&)>& keep) {
  std::set<char32_t> out;
  for_each_line(in, [&](std::pair<char32_t, char32_t> range, const std::vector<std::string>& fields) {
    if (fields.size() < 2 || !keep(fields[1])) return;
    for (char32_t c = range.first; c <= range.second; ++c) out.insert(c);
  });
  return out;
}

}  // namespace puny_test
