// The RFC 3492 §7.1 samples (tests/data/idna2003/rfc3492_samples.tsv)
// through IDNA2003 ToASCII, with AllowUnassigned on as libidn's
// tst_idna.c runs them and off, and back through ToUnicode from the ACE
// form exactly as the RFC prints it (mixed case).
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

/// "U+0050 u+0072" -> U"Pr": the RFC's notation, case flag ignored.
std::u32string parse_rfc_code_points(std::string_view s) {
  std::u32string out;
  for (const std::string& item : puny_test::split_fields(s, ' ')) {
    if (item.size() > 2) out.push_back(static_cast<char32_t>(std::stoul(item.substr(2), nullptr, 16)));
  }
  return out;
}

std::string utf8(std::u32string_view s) {
  std::string out(4 * s.size(), '\0');
  out.resize(puny::utf32_to_utf8(std::span<const char32_t>(s.data(), s.size()), out).written);
  return out;
}

TEST(Idna2003Rfc3492, SamplesThroughToAsciiAndToUnicode) {
  PUNY_REQUIRE_TEST_DATA("idna2003", "rfc3492_samples.tsv");
  const auto rows = puny_test::read_tsv("idna2003", "rfc3492_samples.tsv");
  options query;
  query.allow_unassigned = true;
  options query_std3 = query;
  query_std3.use_std3_ascii_rules = true;
  const options stored;
  std::size_t samples = 0, passed = 0, encoded = 0, decoded = 0;
  for (const auto& row : rows) {
    if (row[0] == "sample") continue;
    ASSERT_EQ(row.size(), 10u) << "line " << row.line;
    SCOPED_TRACE("sample " + row[0] + " " + row[1]);
    ++samples;
    const int parts_before = ::testing::UnitTest::GetInstance()->current_test_info()->result()->total_part_count();
    const std::u32string input = parse_rfc_code_points(row[2]);

    // ToASCII, UTF-32 core and UTF-8 wrapper.
    std::string buffer(64 * 4, '\0');
    const auto r32 = puny::idna2003::to_ascii(input, std::span<char>(buffer), query);
    const auto r8 = puny::idna2003::to_ascii(utf8(input), query);
    EXPECT_EQ(puny::idna2003::to_string(r32.errors), puny_test::error_names(row[5]));
    EXPECT_EQ(r8.errors, r32.errors);
    if (row[4] == "(fails)") {
      EXPECT_FALSE(r8.ok());
      EXPECT_TRUE(r8.value.empty());
    } else {
      EXPECT_EQ(buffer.substr(0, r32.written), row[4]);
      EXPECT_EQ(r8.value, row[4]);
      // The ACE label is the RFC's Punycode in lower case (§7.1 prints
      // Appendix A annotation that Nameprep's lower-casing undoes).
      if (row[0] != "S") {
        std::string lowered = "xn--" + row[3];
        for (char& c : lowered) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
        EXPECT_EQ(r8.value, lowered);
      }
      ++encoded;
    }
    // No sample needs AllowUnassigned: stored strings give the same.
    const auto st = puny::idna2003::to_ascii(utf8(input), stored);
    EXPECT_EQ(st.value, r8.value);
    EXPECT_EQ(st.errors, r8.errors);
    EXPECT_EQ(puny::idna2003::to_string(puny::idna2003::to_ascii(utf8(input), query_std3).errors),
              puny_test::error_names(row[6]));

    // ToUnicode of the ACE form as the RFC prints it.
    const std::string ace = row[0] == "S" ? row[4] : "xn--" + row[3];
    const auto u = puny::idna2003::to_unicode(ace, query);
    EXPECT_EQ(u.code, puny::status::success);
    EXPECT_EQ(puny::idna2003::to_string(u.errors), puny_test::error_names(row[8]));
    if (row[7] == "input") {
      EXPECT_EQ(u.value, ace);
    } else {
      EXPECT_EQ(u.value, utf8(parse_rfc_code_points(row[7])));
      EXPECT_EQ(u.value, utf8(input)) << "the original, basic letters in their case";
      ++decoded;
    }
    if (::testing::UnitTest::GetInstance()->current_test_info()->result()->total_part_count() == parts_before) {
      ++passed;
    }
  }
  std::cout << "[ported] RFC 3492 §7.1 samples through IDNA2003: " << samples << " samples, " << encoded
            << " encoded by ToASCII, " << decoded << " decoded back by ToUnicode, " << passed << " pass\n";
  EXPECT_EQ(samples, 19u);
  EXPECT_EQ(encoded, 18u) << "all but H (73 characters)";
  EXPECT_EQ(decoded, 18u);
  EXPECT_EQ(passed, samples);
}

}  // namespace
