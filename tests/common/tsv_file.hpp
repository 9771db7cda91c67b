// The ported test tables of tests/data/ (display/*.tsv, security/*.tsv,
// the domain lists): TAB-separated, LF lines, `#` comment lines naming the
// source.  One reader for every suite, so that the tables are split the
// same way everywhere.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "unicode_data.hpp"

namespace puny_test {

/// tests/data/<folder>/<name>.
inline std::filesystem::path test_data_file(std::string_view folder, std::string_view name) {
  return std::filesystem::path(PUNY_TEST_DATA_DIR) / folder / name;
}

/// The bytes of a file; an empty string, and a test failure, when it
/// cannot be read (the tables are part of the source tree).
inline std::string read_text_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in) << "missing test data file " << path;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// `line` split on `separator`, every field kept as it is (empty ones too).
inline std::vector<std::string> split_fields(std::string_view line, char separator = '\t') {
  std::vector<std::string> fields;
  for (std::size_t start = 0;;) {
    const std::size_t at = line.find(separator, start);
    fields.emplace_back(line.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start));
    if (at == std::string_view::npos) break;
    start = at + 1;
  }
  return fields;
}

/// One data row of a table.
struct tsv_row {
  std::vector<std::string> fields;
  std::string group;      ///< the last `#` comment line above the row
  std::size_t line = 0;   ///< its line number, from 1

  const std::string& operator[](std::size_t i) const { return fields[i]; }
  [[nodiscard]] std::size_t size() const { return fields.size(); }
};

/// The data rows of a table: lines split on LF only (U+2028 and U+2029 are
/// data in some tables), a CR before the LF dropped, empty lines and `#`
/// lines skipped, fields split on TAB with no trimming.
inline std::vector<tsv_row> read_tsv(const std::filesystem::path& path) {
  const std::string text = read_text_file(path);
  std::vector<tsv_row> rows;
  std::string group;
  std::size_t line_number = 0;
  for (std::size_t start = 0; start < text.size();) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string_view line(text.data() + start, end - start);
    start = end + 1;
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty()) continue;
    if (line[0] == '#') {
      group = line;
      continue;
    }
    rows.push_back({split_fields(line), group, line_number});
  }
  return rows;
}

/// read_tsv of tests/data/<folder>/<name>.
inline std::vector<tsv_row> read_tsv(std::string_view folder, std::string_view name) {
  return read_tsv(test_data_file(folder, name));
}

}  // namespace puny_test

/// Skips the test when tests/data/<folder>/<name> is absent (a tree
/// without the ported tables), except under CI=true, where that fails it:
/// the rule of unicode_data.hpp for the Unicode files.
#define PUNY_REQUIRE_TEST_DATA(folder, name)                                                        \
  if (!std::filesystem::exists(puny_test::test_data_file((folder), (name)))) {                      \
    if (puny_test::running_in_ci()) FAIL() << "missing " << puny_test::test_data_file((folder), (name)); \
    GTEST_SKIP() << "missing " << puny_test::test_data_file((folder), (name));                      \
  }
