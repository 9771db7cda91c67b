// The JDNA IDN testbed (ICU's idna_conf.txt, ported to
// tests/data/idna2003/jdna_idn_testbed.tsv) through puny::idna2003
// ToASCII and ToUnicode: every record in UTF-32 and, where it can be
// written, in UTF-8, with UseSTD3ASCIIRules off and on (AllowUnassigned
// on) and with AllowUnassigned off; the failzones never appear.
#include <gtest/gtest.h>

#include <cstddef>
#include <iostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "puny/idna2003.hpp"
#include "puny/utf8.hpp"
#include "ported_columns.hpp"
#include "tsv_file.hpp"

namespace {

using puny::idna2003::options;

bool has_surrogate(std::u32string_view s) {
  for (const char32_t c : s) {
    if (c >= 0xD800 && c <= 0xDFFF) return true;
  }
  return false;
}

std::string utf8(std::u32string_view s) {
  std::string out(4 * s.size(), '\0');
  const auto r = puny::utf32_to_utf8(std::span<const char32_t>(s.data(), s.size()), out);
  out.resize(r.written);
  return out;
}

std::u32string utf32(std::string_view s) {
  std::u32string out(s.size(), U'\0');
  const auto r = puny::utf8_to_utf32(std::span<const char>(s.data(), s.size()), out);
  out.resize(r.written);
  return out;
}

struct outcome {
  std::u32string value;  // ToASCII: empty when it failed
  std::string errors;
};

/// The UTF-32 core function, sized by a first call with no room.
outcome run32(const std::string& type, std::u32string_view in, const options& o) {
  outcome out;
  if (type == "toascii") {
    const auto probe = puny::idna2003::to_ascii(in, std::span<char>(), o);
    std::string buffer(probe.code == puny::status::output_too_small ? probe.needed : 0, '\0');
    const auto r = puny::idna2003::to_ascii(in, std::span<char>(buffer), o);
    EXPECT_EQ(r.code, puny::status::success);
    if (probe.code == puny::status::output_too_small) {
      EXPECT_EQ(r.written, probe.needed);
    }
    out.errors = puny::idna2003::to_string(r.errors);
    if (r.ok()) out.value = utf32(buffer.substr(0, r.written));
  } else {
    const auto probe = puny::idna2003::to_unicode(in, std::span<char32_t>(), o);
    std::u32string buffer(probe.code == puny::status::output_too_small ? probe.needed : 0, U'\0');
    const auto r = puny::idna2003::to_unicode(in, std::span<char32_t>(buffer), o);
    EXPECT_EQ(r.code, puny::status::success);
    EXPECT_EQ(r.errors, probe.errors);
    out.errors = puny::idna2003::to_string(r.errors);
    out.value = buffer.substr(0, r.written);
  }
  return out;
}

/// The UTF-8 convenience functions.
outcome run8(const std::string& type, std::u32string_view in, const options& o) {
  outcome out;
  const auto c = type == "toascii" ? puny::idna2003::to_ascii(utf8(in), o) : puny::idna2003::to_unicode(utf8(in), o);
  EXPECT_EQ(c.code, puny::status::success);
  out.errors = puny::idna2003::to_string(c.errors);
  out.value = utf32(c.value);
  return out;
}

void expect(const outcome& got, const std::string& value, const std::string& errors, const char* what) {
  SCOPED_TRACE(what);
  EXPECT_EQ(got.errors, puny_test::error_names(errors));
  if (value == "(fails)") {
    EXPECT_TRUE(got.value.empty());
  } else {
    EXPECT_EQ(utf8(got.value), utf8(puny_test::unescape_code_points(value)));
  }
}

/// Failures recorded so far in the running test: a record passed when it
/// added none.
int failure_parts() {
  return ::testing::UnitTest::GetInstance()->current_test_info()->result()->total_part_count();
}

TEST(Idna2003Jdna, Testbed) {
  PUNY_REQUIRE_TEST_DATA("idna2003", "jdna_idn_testbed.tsv");
  const auto rows = puny_test::read_tsv("idna2003", "jdna_idn_testbed.tsv");
  ASSERT_EQ(rows.size(), 114u) << "113 records and the column line";
  options query;
  query.allow_unassigned = true;
  options query_std3 = query;
  query_std3.use_std3_ascii_rules = true;
  const options stored;
  std::size_t records = 0, passed = 0, runs = 0, toascii = 0, tounicode = 0;
  for (const auto& row : rows) {
    if (row[0] == "id") continue;
    ASSERT_EQ(row.size(), 13u) << "line " << row.line;
    SCOPED_TRACE(row[0] + " " + row[12]);
    ++records;
    const int parts_before = failure_parts();
    const std::string& type = row[1];
    (type == "toascii" ? toascii : tounicode) += 1;
    const std::u32string input = puny_test::unescape_code_points(row[2]);
    std::vector<std::u32string> results;
    for (const bool use_utf8 : {false, true}) {
      if (use_utf8 && has_surrogate(input)) continue;  // 4-3-7: no UTF-8 form
      const auto run = use_utf8 ? run8 : run32;
      const outcome off = run(type, input, query);
      const outcome on = run(type, input, query_std3);
      const outcome st = run(type, input, stored);
      runs += 3;
      expect(off, row[3], row[4], use_utf8 ? "UTF-8, STD3 off" : "UTF-32, STD3 off");
      expect(on, row[5], row[6], use_utf8 ? "UTF-8, STD3 on" : "UTF-32, STD3 on");
      EXPECT_EQ(st.errors, puny_test::error_names(row[7])) << "AllowUnassigned off";
      if (row[7] == "-") {
        EXPECT_EQ(st.value, off.value) << "AllowUnassigned off";
      }
      // failzone1/2 must not come out (with STD3 at least: 2-3-x give their
      // failzone1 exactly when STD3 is off, which is what they test).
      for (const std::string& zone : puny_test::split_fields(row[8], ' ')) {
        if (zone == "-") continue;
        EXPECT_NE(utf8(on.value), zone);
        if (row[12].find("UseSTD3ASCIIRules") == std::string::npos) {
          EXPECT_NE(utf8(off.value), zone);
        }
      }
    }
    if (failure_parts() == parts_before) ++passed;
  }
  std::cout << "[ported] JDNA IDN testbed (ICU idna_conf.txt), IDNA2003: " << records << " records (" << toascii
            << " ToASCII, " << tounicode << " ToUnicode), " << runs << " runs, " << passed << " records pass\n";
  EXPECT_EQ(records, 113u);
  EXPECT_EQ(passed, records);
}

}  // namespace
