// Whole-name IDNA2003 cases in the style of libidn's tst_idna3.c and
// tst_idna4.c, the examples of the IDNA2003 notes, and libidn 1.41's
// measured outputs (tests/data/idna2003/libidn_cases.tsv): upper- and
// mixed-case ACE labels, empty labels and the root, the ACE prefix rules,
// STD3 after Nameprep, and the round trip of ToUnicode.
#include <gtest/gtest.h>

#include <cstddef>
#include <iostream>
#include <span>
#include <string>
#include <string_view>

#include "puny/idna2003.hpp"
#include "puny/utf8.hpp"
#include "ported_columns.hpp"
#include "tsv_file.hpp"

namespace {

using puny::idna2003::options;

std::string unescape_utf8(std::string_view s) {
  const std::u32string cps = puny_test::unescape_code_points(s);
  std::string out(4 * cps.size(), '\0');
  out.resize(puny::utf32_to_utf8(std::span<const char32_t>(cps.data(), cps.size()), out).written);
  return out;
}

TEST(Idna2003LibidnCases, Table) {
  PUNY_REQUIRE_TEST_DATA("idna2003", "libidn_cases.tsv");
  const auto rows = puny_test::read_tsv("idna2003", "libidn_cases.tsv");
  std::size_t cases = 0, passed = 0, same_as_libidn = 0;
  for (const auto& row : rows) {
    if (row[0] == "function") continue;
    ASSERT_EQ(row.size(), 7u) << "line " << row.line;
    SCOPED_TRACE(row[0] + " [" + row[1] + "] " + row[2] + " (" + row[6] + ")");
    ++cases;
    const int parts_before = ::testing::UnitTest::GetInstance()->current_test_info()->result()->total_part_count();
    options o;
    o.allow_unassigned = row[1] == "allow_unassigned";
    o.use_std3_ascii_rules = row[1] == "std3";
    const std::string input = unescape_utf8(row[2]);
    const bool ascii = row[0] == "to_ascii";
    const auto c = ascii ? puny::idna2003::to_ascii(input, o) : puny::idna2003::to_unicode(input, o);
    EXPECT_EQ(c.code, puny::status::success);
    EXPECT_EQ(puny::idna2003::to_string(c.errors), puny_test::error_names(row[4]));
    if (row[3] == "(fails)") {
      EXPECT_FALSE(c.ok());
      EXPECT_TRUE(c.value.empty());
    } else {
      EXPECT_EQ(c.value, unescape_utf8(row[3]));
    }
    // libidn's whole-name ToUnicode gives the same text (it reports no
    // reason); its ToASCII the same text or a failure.
    if (row[5].rfind("rc ", 0) == 0 ? row[3] == "(fails)" : row[5] == row[3]) ++same_as_libidn;
    if (::testing::UnitTest::GetInstance()->current_test_info()->result()->total_part_count() == parts_before) {
      ++passed;
    }
  }
  std::cout << "[ported] libidn-style IDNA2003 name cases: " << cases << " cases, " << passed << " pass, "
            << same_as_libidn << " agree with libidn 1.41\n";
  EXPECT_EQ(passed, cases);
  EXPECT_EQ(same_as_libidn, cases) << "every case of this table is one where libidn and the RFC agree";
}

}  // namespace
