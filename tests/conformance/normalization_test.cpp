// NormalizationTest.txt (UAX #15 §15 conformance): every line's NFC
// invariants, and Part 1's implicit rule for the code points it omits.
#include <gtest/gtest.h>

#include <cstddef>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "nfc_of.hpp"
#include "unicode/nfc.hpp"
#include "unicode_data.hpp"
#include "unicode_text.hpp"

namespace {

using puny_test::hex_code_points;
using puny_test::nfc_of;
using puny_test::parse_hex_code_points;

using puny::detail::nfc_buffer_size;
using puny::detail::to_nfc;


struct test_line {
  int part;
  std::size_t line_number;
  std::u32string c[5];
};

// Reads all test lines; part is the number after "@Part".
std::vector<test_line> read_lines(std::istream& in) {
  std::vector<test_line> lines;
  std::string line;
  std::size_t number = 0;
  int part = -1;
  while (std::getline(in, line)) {
    ++number;
    if (line.rfind("@Part", 0) == 0) {
      part = std::stoi(line.substr(5));
      continue;
    }
    if (line.empty() || line[0] == '#') continue;
    test_line entry{part, number, {}};
    std::istringstream fields(line);
    std::string field;
    for (auto& column : entry.c) {
      std::getline(fields, field, ';');
      column = parse_hex_code_points(field);
    }
    lines.push_back(std::move(entry));
  }
  return lines;
}

TEST(NormalizationTest, EveryLineSatisfiesTheNfcInvariants) {
  PUNY_OPEN_UNICODE_FILE(file, "NormalizationTest.txt");
  const std::vector<test_line> lines = read_lines(file);
  ASSERT_GT(lines.size(), 19000u) << "NormalizationTest.txt looks truncated";
  std::size_t passed = 0;
  std::size_t reported = 0;
  for (const test_line& t : lines) {
    const auto& [c1, c2, c3, c4, c5] = t.c;
    const bool ok = nfc_of(c1) == c2 && nfc_of(c2) == c2 && nfc_of(c3) == c2 && nfc_of(c4) == c4 && nfc_of(c5) == c4;
    if (ok) {
      ++passed;
    } else if (++reported <= 20) {
      ADD_FAILURE() << "line " << t.line_number << ": c1 " << hex_code_points(c1) << " -> " << hex_code_points(nfc_of(c1)) << ", expected "
                    << hex_code_points(c2) << "; NFC(c4) " << hex_code_points(nfc_of(c4)) << ", NFC(c5) " << hex_code_points(nfc_of(c5));
    }
  }
  std::cout << "NormalizationTest.txt: " << passed << " of " << lines.size() << " lines passed\n";
  EXPECT_EQ(passed, lines.size());
}

// is_nfc decides most strings without normalizing (src/unicode/nfc.cpp);
// on every column of every line it must agree with NFC itself, both ways.
TEST(NormalizationTest, IsNfcAgreesWithNfcOnEveryColumn) {
  PUNY_OPEN_UNICODE_FILE(file, "NormalizationTest.txt");
  std::size_t in_nfc = 0;
  std::size_t not_in_nfc = 0;
  for (const test_line& t : read_lines(file)) {
    for (const auto& column : t.c) {
      std::vector<char32_t> scratch(nfc_buffer_size(column.size()));
      const bool expected = nfc_of(column) == column;
      EXPECT_EQ(puny::detail::is_nfc(column, scratch), expected) << "line " << t.line_number << ": " << hex_code_points(column);
      ++(expected ? in_nfc : not_in_nfc);
    }
  }
  EXPECT_GT(in_nfc, 10000u);
  EXPECT_GT(not_in_nfc, 10000u);
}

// UAX #15 / NormalizationTest.txt header: every code point not listed in
// Part 1 is unchanged by NFC (checked here for all of U+0000..U+10FFFF,
// surrogates included, which to_nfc passes through).
TEST(NormalizationTest, CodePointsMissingFromPart1AreUnchanged) {
  PUNY_OPEN_UNICODE_FILE(file, "NormalizationTest.txt");
  std::vector<bool> listed(0x110000, false);
  std::size_t part1 = 0;
  for (const test_line& t : read_lines(file)) {
    if (t.part != 1) continue;
    ASSERT_EQ(t.c[0].size(), 1u) << "line " << t.line_number;
    listed[t.c[0][0]] = true;
    ++part1;
  }
  ASSERT_GT(part1, 10000u);
  std::size_t checked = 0;
  std::size_t reported = 0;
  for (char32_t cp = 0; cp < 0x110000; ++cp) {
    if (listed[cp]) continue;
    const std::u32string one(1, cp);
    ++checked;
    if (nfc_of(one) != one && ++reported <= 20) ADD_FAILURE() << hex_code_points(one) << " -> " << hex_code_points(nfc_of(one));
  }
  std::cout << "NormalizationTest.txt Part 1: " << checked - reported << " of " << checked
            << " unlisted code points unchanged\n";
  EXPECT_EQ(reported, 0u);
}

}  // namespace
