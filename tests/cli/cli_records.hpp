// What the CLI tests of the conversion commands share: UTF-8 literals as
// std::string, expected text written line by line, and one domain run
// through a command whose tsv record is read back as "OUTPUT|CODES".
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "cli_process.hpp"

namespace puny_cli_test {

/// UTF-8 literal text as a std::string.
inline std::string text(std::u8string_view s) { return std::string(s.begin(), s.end()); }

inline bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

/// The lines given, each followed by '\n'.
inline std::string lines(std::initializer_list<std::string> each) {
  std::string out;
  for (const std::string& line : each) out += line + "\n";
  return out;
}

/// `base` with `more` appended.
inline std::vector<std::string> with(std::vector<std::string> base, std::initializer_list<std::string> more) {
  base.insert(base.end(), more);
  return base;
}

/// Runs `args --format=tsv -- domain` (the format put after the command
/// name) and returns "OUTPUT|CODES" from its record, e.g. "a_b.com|" or
/// "|U1", checking that the exit status agrees with it.
inline std::string convert(std::vector<std::string> args, const std::string& domain) {
  args.insert(args.begin() + 1, "--format=tsv");
  args.push_back("--");
  args.push_back(domain);
  const auto r = run_puny(args);
  const std::size_t first = r.out.find('\t');
  const std::size_t second = first == std::string::npos ? first : r.out.find('\t', first + 1);
  if (second == std::string::npos || r.out.empty() || r.out.back() != '\n') {
    return "unexpected output: " + r.out + r.err;
  }
  const std::string codes = r.out.substr(second + 1, r.out.size() - second - 2);
  EXPECT_EQ(r.status, codes.empty() ? 0 : 1) << domain << '\n' << r.err;
  return r.out.substr(first + 1, second - first - 1) + "|" + codes;
}

}  // namespace puny_cli_test
