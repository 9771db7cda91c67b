// T9: the expectations of the unicode-rs/unicode-security test module
// (src/tests.rs), ported to tests/data/security/unicode_security_tests.tsv:
// the General Security Profile, single-script strings and resolved script
// sets (UTS #39 §5.1), skeletons (§4), the "potential mixed-script
// confusable" character test and the augmented script sets, whose Debug and
// Display texts are compared as sets of scripts.
//
// is_potential_mixed_script_confusable_char(c) is, by the crate's
// definition, "confusable with a character of another script that is not
// restricted": here, a non-empty whole-script set for the one-character
// label (find_label_confusables).
#include <gtest/gtest.h>

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "puny/script.hpp"
#include "puny/security.hpp"
#include "test_encoding.hpp"
#include "tsv_file.hpp"
#include "unicode_data.hpp"
#include "unicode_text.hpp"

namespace {

using puny::script_set;

/// "{Hanb, Jpan, Kore, Hani}", "{ALL}", "{∅}" (Debug) or "Han with
/// Bopomofo, Japanese", "All", "Empty" (Display) as a set.
std::optional<script_set> parse_set(std::string text) {
  if (text.rfind("AugmentedScriptSet {", 0) == 0) text = text.substr(20, text.size() - 21);
  if (text == "ALL" || text == "All") return script_set::all();
  if (text == "\xE2\x88\x85" || text == "Empty") return script_set{};
  script_set s;
  std::istringstream in(text);
  std::string name;
  while (std::getline(in, name, ',')) {
    name.erase(0, name.find_first_not_of(' '));
    for (char& c : name)
      if (c == ' ') c = '_';
    const auto sc = puny::script_from_name(name);
    if (!sc) return std::nullopt;
    s.insert(*sc);
  }
  return s;
}

TEST(UnicodeSecurityCrate, Expectations) {
  PUNY_REQUIRE_TEST_DATA("security", "unicode_security_tests.tsv");
  std::size_t rows = 0;
  std::size_t passed = 0;
  for (const puny_test::tsv_row& f : puny_test::read_tsv("security", "unicode_security_tests.tsv")) {
    SCOPED_TRACE(testing::Message() << "line " << f.line);
    ASSERT_EQ(f.size(), 5u);
    ++rows;
    const std::string& kind = f[0];
    const std::string& expected = f[3];
    // The code point column is authoritative (the U+0000 rows hold "\x00").
    const std::u32string s = f[2] == "<default>" ? std::u32string() : puny_test::parse_u_plus_code_points(f[4]);
    SCOPED_TRACE(kind + " " + f[4]);
    bool ok = false;
    if (kind == "identifier_allowed") {
      ASSERT_EQ(s.size(), 1u);
      const bool allowed = puny::identifier_status_of(s[0]) == puny::identifier_status::allowed;
      ok = allowed == (expected == "true") && puny::identifier_profile{}.allows(s[0]) == allowed;
    } else if (kind == "is_single_script") {
      ok = !puny::resolved_script_set(s).empty() == (expected == "true");
    } else if (kind == "resolve_script_set_is_empty") {
      ok = puny::resolved_script_set(s).empty() == (expected == "true");
    } else if (kind == "resolve_script_set_is_all") {
      ok = puny::resolved_script_set(s).is_all() == (expected == "true");
    } else if (kind == "skeleton") {
      const auto k = puny::skeleton(puny_test::to_utf8(s));
      ok = k.ok() && *k == expected && f[2] == puny_test::to_utf8(s);
    } else if (kind == "is_potential_mixed_script_confusable") {
      ASSERT_EQ(s.size(), 1u);
      ok = !puny::find_label_confusables(s).whole_script.empty() == (expected == "true");
    } else if (kind == "augmented_script_set_debug" || kind == "augmented_script_set_display") {
      const auto want = parse_set(expected);
      ASSERT_TRUE(want.has_value()) << expected;
      const script_set got = s.size() == 1 && f[1].find("from(char)") != std::string::npos
                                 ? puny::augmented_script_set_of(s[0])
                                 : puny::resolved_script_set(s);
      ok = got == *want;
      EXPECT_TRUE(ok) << puny::to_string(got) << " != " << expected;
    } else {
      ADD_FAILURE() << "unknown kind " << kind;
    }
    EXPECT_TRUE(ok);
    passed += ok;
  }
  std::cout << "[ported] unicode-rs/unicode-security src/tests.rs (T9): " << rows << " rows, " << passed
            << " pass\n";
  EXPECT_EQ(rows, 70u);
  EXPECT_EQ(passed, rows);
}

}  // namespace
