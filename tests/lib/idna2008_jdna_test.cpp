// The JDNA IDN testbed (ICU's idna_conf.txt) under IDNA2008 lookup: the
// idna2008/errors2008 columns of tests/data/idna2003/jdna_idn_testbed.tsv,
// derived by hand from RFC 5891-5893 (the reason column says where and why
// the verdict differs from IDNA2003), through puny::idna2008::to_ascii with
// the default lookup options, in UTF-32 and, where it can be written,
// UTF-8.
#include <gtest/gtest.h>

#include <cstddef>
#include <iostream>
#include <span>
#include <string>
#include <string_view>

#include "puny/idna2008.hpp"
#include "puny/utf8.hpp"
#include "ported_columns.hpp"
#include "tsv_file.hpp"

namespace {

TEST(Idna2008Jdna, TestbedUnderLookup) {
  PUNY_REQUIRE_TEST_DATA("idna2003", "jdna_idn_testbed.tsv");
  const auto rows = puny_test::read_tsv("idna2003", "jdna_idn_testbed.tsv");
  std::size_t records = 0, passed = 0, valid = 0, differ = 0;
  for (const auto& row : rows) {
    if (row[0] == "id") continue;
    ASSERT_EQ(row.size(), 13u) << "line " << row.line;
    SCOPED_TRACE(row[0] + " " + row[11]);
    ++records;
    const int parts_before = ::testing::UnitTest::GetInstance()->current_test_info()->result()->total_part_count();
    const std::u32string input = puny_test::unescape_code_points(row[2]);
    const std::string& expected = row[9];
    const std::string names = puny_test::error_names(row[10]);

    std::string buffer(4 * input.size() + 4 * (input.size() + 1), '\0');
    const auto r = puny::idna2008::to_ascii(input, std::span<char>(buffer));
    EXPECT_EQ(r.code, puny::status::success);
    EXPECT_EQ(puny::idna2008::to_string(r.errors), names);
    if (expected == "(fails)") {
      EXPECT_FALSE(r.ok());
    } else {
      EXPECT_TRUE(r.ok());
      EXPECT_EQ(buffer.substr(0, r.written), expected);
      ++valid;
    }
    bool surrogate = false;
    for (const char32_t c : input) surrogate = surrogate || (c >= 0xD800 && c <= 0xDFFF);
    if (!surrogate) {
      std::string utf8(4 * input.size(), '\0');
      utf8.resize(puny::utf32_to_utf8(std::span<const char32_t>(input.data(), input.size()), utf8).written);
      const auto c = puny::idna2008::to_ascii(utf8);
      EXPECT_EQ(c.errors, r.errors);
      EXPECT_EQ(c.value, expected == "(fails)" ? std::string() : expected);
    }
    // Against IDNA2003 ToASCII (AllowUnassigned on, STD3 off) of the same input.
    if (row[1] == "toascii" && row[3] != expected) ++differ;
    if (::testing::UnitTest::GetInstance()->current_test_info()->result()->total_part_count() == parts_before) {
      ++passed;
    }
  }
  std::cout << "[ported] JDNA IDN testbed (ICU idna_conf.txt), IDNA2008 lookup: " << records << " records, " << valid
            << " valid, " << differ << " of the ToASCII records differ from IDNA2003, " << passed << " pass\n";
  EXPECT_EQ(records, 113u);
  EXPECT_EQ(passed, records);
}

}  // namespace
