// T6: ICU's own UTS #39 vectors (icu4c/source/test/intltest/itspoof.cpp),
// ported to tests/data/security/icu_itspoof_*.tsv, run against puny:
// skeletons, restriction levels (15 strings × 6 levels), mixed numbers,
// hidden overlay, invisible (repeated) marks and the bug-number tests.
//
// ICU's checker allows every code point unless told otherwise; where a test
// relies on that, the profile here admits the test's own characters.  ICU's
// restriction test allows its Recommended set plus U+303C; here that is the
// Unicode 17.0 profile plus U+303C, and the rows whose expectation Unicode
// 17.0 changed are listed in kUnicode17Changes with the reason.  The four
// testBidiSkeleton rows need the Unicode Bidirectional Algorithm, which
// puny's skeleton (like ICU's uspoof_getSkeleton) does not apply; they are
// counted as not applicable.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "puny/security.hpp"
#include "tsv_file.hpp"
#include "unicode_data.hpp"
#include "unicode_text.hpp"

namespace {

using puny::identifier_finding;
using puny::restriction_level;

using puny_test::parse_u_plus_code_points;

/// A profile that admits `text` besides the Unicode 17.0 profile: what
/// ICU's default checker (every code point allowed) sees of it.
struct admitting {
  std::u32string extra;
  puny::identifier_profile profile;
  explicit admitting(std::u32string text) : extra(std::move(text)) { profile.extra_allowed = extra; }
};

restriction_level level_from_icu(const std::string& name) {
  static const std::map<std::string, restriction_level> levels = {
      {"USPOOF_ASCII", restriction_level::ascii_only},
      {"USPOOF_SINGLE_SCRIPT_RESTRICTIVE", restriction_level::single_script},
      {"USPOOF_HIGHLY_RESTRICTIVE", restriction_level::highly_restrictive},
      {"USPOOF_MODERATELY_RESTRICTIVE", restriction_level::moderately_restrictive},
      {"USPOOF_MINIMALLY_RESTRICTIVE", restriction_level::minimally_restrictive},
      {"USPOOF_UNRESTRICTIVE", restriction_level::unrestricted}};
  const auto it = levels.find(name);
  EXPECT_NE(it, levels.end()) << name;
  return it == levels.end() ? restriction_level::unrestricted : it->second;
}

#define PUNY_REQUIRE_DATA(name) PUNY_REQUIRE_TEST_DATA("security", name)

/// Runs `check` (true when the row passes) on each row of a table of
/// `columns` fields, prints the "[ported]" line, and asserts the number of
/// rows and that every row passes.
template <class Check>
void run_table(const std::string& name, std::size_t columns, const char* what, std::size_t expected_rows, Check check) {
  std::size_t rows = 0;
  std::size_t passed = 0;
  for (const puny_test::tsv_row& f : puny_test::read_tsv("security", name)) {
    ASSERT_EQ(f.size(), columns) << name << " line " << f.line;
    ++rows;
    passed += check(f) ? 1 : 0;
  }
  std::cout << "[ported] ICU itspoof.cpp " << what << ": " << rows << " rows, " << passed << " pass\n";
  EXPECT_EQ(rows, expected_rows);
  EXPECT_EQ(passed, rows);
}

TEST(IcuItspoof, Skeletons) {
  PUNY_REQUIRE_DATA("icu_itspoof_skeletons.tsv");
  run_table("icu_itspoof_skeletons.tsv", 5, "testSkeleton", 35, [](const puny_test::tsv_row& f) {
    const std::u32string input = parse_u_plus_code_points(f[3]);
    const std::u32string expected = parse_u_plus_code_points(f[4]);
    const auto got = puny::skeleton(input);
    const auto got8 = puny::skeleton(f[1]);
    EXPECT_TRUE(got.ok() && *got == expected) << f[0] << " " << f[3];
    EXPECT_TRUE(got8.ok() && *got8 == f[2]) << f[0] << " " << f[3];
    return got.ok() && *got == expected && got8.ok() && *got8 == f[2];
  });
}

// Rows of testRestrictionLevel whose expectation the Unicode 17.0 data
// moves, with the level it gives now and why.
struct changed_level {
  std::u32string input;
  restriction_level now;
  const char* why;
};
const changed_level kUnicode17Changes[] = {
    {U"a\u0904", restriction_level::unrestricted,
     "U+0904 DEVANAGARI LETTER SHORT A is Identifier_Type=Uncommon_Use (Restricted) in Unicode 17.0; ICU's "
     "Recommended set had it"},
};

TEST(IcuItspoof, RestrictionLevels) {
  PUNY_REQUIRE_DATA("icu_itspoof_restriction_levels.tsv");
  static const restriction_level checker_levels[] = {
      restriction_level::ascii_only,         restriction_level::single_script,
      restriction_level::highly_restrictive, restriction_level::moderately_restrictive,
      restriction_level::minimally_restrictive, restriction_level::unrestricted};
  puny::identifier_profile profile;
  profile.extra_allowed = U"\u303C";
  std::size_t rows = 0;
  std::size_t as_icu = 0;
  std::size_t changed = 0;
  std::size_t iterations = 0;
  std::size_t iterations_passed = 0;
  for (const puny_test::tsv_row& f : puny_test::read_tsv("security", "icu_itspoof_restriction_levels.tsv")) {
    ASSERT_EQ(f.size(), 9u);
    ++rows;
    const std::u32string input = parse_u_plus_code_points(f[1]);
    const restriction_level expected_icu = level_from_icu(f[2]);
    restriction_level expected = expected_icu;
    for (const changed_level& c : kUnicode17Changes) {
      if (c.input == input) {
        expected = c.now;
        ++changed;
        std::cout << "  Unicode 17.0 change: " << f[0] << " is " << puny::name(c.now) << ", ICU expects "
                  << puny::name(expected_icu) << ": " << c.why << "\n";
      }
    }
    const restriction_level got = puny::restriction_level_of(input, profile);
    EXPECT_EQ(got, expected) << f[0];
    EXPECT_EQ(puny::restriction_level_of(f[0], profile), got);
    EXPECT_EQ(puny::analyze_identifier(input, profile).level, got);
    as_icu += got == expected_icu;
    // The six checker levels: the check fails exactly when the string's
    // level is above the checker's (columns at_<L>, which hold ICU's view).
    for (std::size_t i = 0; i < 6; ++i) {
      ++iterations;
      const bool fails = got > checker_levels[i];
      const bool icu_fails = f[3 + i] == "fail";
      if (expected == expected_icu) {
        EXPECT_EQ(fails, icu_fails) << f[0] << " at " << puny::name(checker_levels[i]);
        iterations_passed += fails == icu_fails;
      } else {
        iterations_passed += fails == (expected > checker_levels[i]);
      }
    }
  }
  std::cout << "[ported] ICU itspoof.cpp testRestrictionLevel: " << rows << " strings, " << iterations
            << " string x level checks, " << iterations_passed << " pass; " << as_icu << " strings at ICU's level, "
            << changed << " moved by Unicode 17.0 data\n";
  EXPECT_EQ(rows, 15u);
  EXPECT_EQ(iterations, 90u);
  EXPECT_EQ(iterations_passed, iterations);
  EXPECT_EQ(changed, std::size(kUnicode17Changes));
}

TEST(IcuItspoof, MixedNumbers) {
  PUNY_REQUIRE_DATA("icu_itspoof_mixed_numbers.tsv");
  run_table("icu_itspoof_mixed_numbers.tsv", 5, "testMixedNumbers", 13, [](const puny_test::tsv_row& f) {
    const puny::identifier_analysis a = puny::analyze_identifier(parse_u_plus_code_points(f[1]));
    std::u32string zeros(a.zeros.begin(), a.zeros.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(a.zero_count, 4)));
    std::sort(zeros.begin(), zeros.end());
    const std::u32string expected = f[2] == "<none>" ? std::u32string() : parse_u_plus_code_points(f[2]);
    const bool mixed = f[3] == "yes";
    const bool ok = zeros == expected && a.zero_count == expected.size() &&
                    a.findings.contains(identifier_finding::mixed_numbers) == mixed;
    EXPECT_TRUE(ok) << f[1];
    return ok;
  });
}

TEST(IcuItspoof, HiddenOverlay) {
  PUNY_REQUIRE_DATA("icu_itspoof_hidden_overlay.tsv");
  run_table("icu_itspoof_hidden_overlay.tsv", 3, "testCombiningDot", 20, [](const puny_test::tsv_row& f) {
    const bool expected = f[0] == "true";
    const bool got = puny::analyze_identifier(parse_u_plus_code_points(f[2])).findings.contains(identifier_finding::hidden_overlay);
    const bool got8 = puny::analyze_identifier(f[1]).findings.contains(identifier_finding::hidden_overlay);
    EXPECT_EQ(got, expected) << f[2];
    EXPECT_EQ(got8, expected) << f[2];
    return got == expected && got8 == expected;
  });
}

/// ICU's default checker on `input`: every check the test's result covers,
/// with every code point allowed.  True when it would return 0.
bool passes_default_checker(const std::u32string& input) {
  const admitting all(input);
  const puny::identifier_analysis a = puny::analyze_identifier(input, all.profile);
  return a.ok() && a.level <= restriction_level::highly_restrictive &&
         !a.findings.contains(identifier_finding::mixed_numbers) &&
         !a.findings.contains(identifier_finding::hidden_overlay) &&
         !a.findings.contains(identifier_finding::repeated_mark);
}

TEST(IcuItspoof, Invisible) {
  PUNY_REQUIRE_DATA("icu_itspoof_invisible.tsv");
  run_table("icu_itspoof_invisible.tsv", 3, "testInvisible", 3, [](const puny_test::tsv_row& f) {
    const std::u32string input = parse_u_plus_code_points(f[1]);
    const bool repeated = puny::analyze_identifier(input).findings.contains(identifier_finding::repeated_mark);
    bool ok = false;
    if (f[2] == "USPOOF_INVISIBLE") {
      ok = repeated;
    } else {
      EXPECT_EQ(f[2], "0");
      ok = !repeated && passes_default_checker(input);
    }
    EXPECT_TRUE(ok) << f[1];
    return ok;
  });
}

TEST(IcuItspoof, BugsAndApi) {
  PUNY_REQUIRE_DATA("icu_itspoof_misc.tsv");
  std::size_t rows = 0;
  std::size_t passed = 0;
  std::size_t not_applicable = 0;
  for (const puny_test::tsv_row& f : puny_test::read_tsv("security", "icu_itspoof_misc.tsv")) {
    ASSERT_EQ(f.size(), 8u);
    ++rows;
    const std::string& test = f[0];
    const std::string& function = f[1];
    const std::string& expected = f[5];
    const std::u32string a = parse_u_plus_code_points(f[6]);
    const std::u32string b = parse_u_plus_code_points(f[7]);
    SCOPED_TRACE(test + " " + function + " " + f[6]);
    bool ok = false;
    if (function == "uspoof_getBidiSkeletonUnicodeString") {
      ++not_applicable;
      continue;
    }
    if (function == "uspoof_areConfusableUnicodeString") {
      const puny::confusability c = puny::confusable(a, b);
      const puny::confusability c8 = puny::confusable(f[2], f[3]);
      bool single = false;
      bool mixed = false;
      bool whole = false;
      std::istringstream bits(expected);
      std::string bit;
      while (std::getline(bits, bit, '|')) {
        single |= bit == "USPOOF_SINGLE_SCRIPT_CONFUSABLE";
        mixed |= bit == "USPOOF_MIXED_SCRIPT_CONFUSABLE";
        whole |= bit == "USPOOF_WHOLE_SCRIPT_CONFUSABLE";
      }
      ok = c.confusable && c.single_script == single && c.mixed_script == mixed && c.whole_script == whole &&
           c8.confusable == c.confusable && c8.whole_script == c.whole_script;
    } else if (function == "uspoof_getSkeletonUnicodeString") {
      ok = expected == "status U_ZERO_ERROR" && puny::skeleton(a).ok();
    } else if (test == "testBug8654") {
      ok = puny::analyze_identifier(a).findings.contains(identifier_finding::repeated_mark);
    } else if (test == "testBug12825") {
      const admitting all(a);
      ok = puny::analyze_identifier(a, all.profile).ok();
    } else if (test == "testBug13328_MixedCombiningMarks") {
      // Exactly RESTRICTION_LEVEL: above Highly Restrictive, nothing else.
      const admitting all(a);
      const puny::identifier_analysis r = puny::analyze_identifier(a, all.profile);
      ok = expected == "USPOOF_RESTRICTION_LEVEL" && r.level > restriction_level::highly_restrictive &&
           !r.findings.contains(identifier_finding::mixed_numbers) &&
           !r.findings.contains(identifier_finding::hidden_overlay) &&
           !r.findings.contains(identifier_finding::repeated_mark);
    } else if (expected == "0") {
      ok = passes_default_checker(a);
    } else {
      ADD_FAILURE() << "row not understood";
    }
    EXPECT_TRUE(ok);
    passed += ok;
  }
  std::cout << "[ported] ICU itspoof.cpp bug and API tests: " << rows << " rows, " << passed << " pass, "
            << not_applicable << " testBidiSkeleton rows not applicable (no bidiSkeleton in puny)\n";
  EXPECT_EQ(rows, 14u);
  EXPECT_EQ(passed + not_applicable, rows);
  EXPECT_EQ(not_applicable, 4u);
}

}  // namespace
