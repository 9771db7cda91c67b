// Chromium's IDN display tests, ported as data files (tests/data/display/,
// each names its source), run through the public puny::display with the
// chromium policy:
//  - T1 kIdnCases (phantom-browser-core @e3540440, Unicode 17 / ICU 78.2
//    expectations) with T2 idn_test_domains.list as the protected list,
//    exactly as IDNSpoofCheckerTest's fixture swaps that list in; the Linux
//    rows (puny ports the Linux tables);
//  - the companion tables IDNToUnicodeDeviationCharacters and
//    UnsafeIDNToUnicodeWithDetails.
//
// RunIDNToUnicodeTest asserts, per row: IDNToUnicode(input) is the
// unicode_output for kSafe and the input otherwise; and
// UnsafeIDNToUnicodeWithDetails(input) (every valid label in Unicode, the
// spoof checks ignored) is the unicode_output, the input for kInvalid, with
// rows whose unicode_output starts with "xn--" exempt.  puny's counterparts:
// display_outcome::value, and the labels' `unicode` forms joined by dots.
#include <gtest/gtest.h>

#include <cstddef>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "puny/display.hpp"
#include "puny/lookalike.hpp"
#include "tsv_file.hpp"

namespace {

using row = puny_test::tsv_row;

std::vector<row> read_table(const std::string& name) { return puny_test::read_tsv("display", name); }

// IDNSpoofCheckerTest::SetUp swaps in the trie of
// top_domains/idn_test_domains.skeletons, which make_top_domain_skeletons
// generated and which is checked in beside idn_test_domains.list: it holds
// the list's 37 domains and one more, google.com, in its top bucket
// (chromium/chromium @61169ed3 idn_test_domains.skeletons: "google.corn,
// googlecorn, google.com"; the .list no longer names it).  kIdnCases
// relies on it: "Check that ı has multiple skeletons" (googıe.com, unsafe)
// matches no domain of the .list.  So: the list, and google.com.
const puny::lookalike_index& test_domains() {
  static const puny::lookalike_index index = [] {
    puny::lookalike_index i;
    std::vector<puny::lookalike_list_error> errors;
    const std::size_t added = i.add_list(puny_test::read_text_file(puny_test::test_data_file("display", "chromium_idn_test_domains.list")), &errors);
    EXPECT_EQ(added, 37u);
    EXPECT_TRUE(errors.empty());
    EXPECT_TRUE(i.add("google.com", true));
    return i;
  }();
  return index;
}

puny::display_outcome chromium(std::string_view name, const puny::lookalike_index* protect) {
  puny::display_options o;
  o.policy = puny::display_policy::chromium;
  o.protect = protect;
  return puny::display(name, o);
}

// UnsafeIDNToUnicodeWithDetails' result: each label's Unicode form (the
// label as given when it is invalid).
std::string unsafe_unicode(const puny::display_outcome& d) {
  std::string s;
  for (std::size_t i = 0; i < d.labels.size(); ++i) {
    if (i > 0) s += '.';
    s += d.labels[i].unicode;
  }
  return s;
}

std::string reasons_of(const puny::display_outcome& d) {
  std::string s;
  for (const puny::label_display& l : d.labels) {
    for (const puny::display_reason r : l.reasons) {
      if (!s.empty()) s += ' ';
      s += puny::name(r);
    }
    if (!l.detail.empty()) s += " (" + l.detail + ")";
  }
  if (d.lookalike_of) s += " lookalike_of=" + *d.lookalike_of;
  return s;
}

bool has_reason_other_than_invalid(const puny::display_outcome& d) {
  for (const puny::display_reason r : d.reasons)
    if (r != puny::display_reason::invalid) return true;
  return false;
}

// One row of a kIdnCases-shaped table; true when every assertion holds.
bool check_row(const std::string& table, const row& r) {
  const std::string& input = r.fields.at(0);
  const std::string& unicode_output = r.fields.at(1);
  const std::string& expected = r.fields.at(2);
  const puny::display_outcome d = chromium(input, &test_domains());
  const std::string want = expected == "safe" ? unicode_output : input;
  bool pass = true;
  EXPECT_EQ(d.value, want) << table << " line " << r.line << ": " << input << " (" << expected << ") — "
                           << reasons_of(d);
  pass = pass && d.value == want;
  if (expected == "invalid") {
    EXPECT_TRUE(d.reasons.contains(puny::display_reason::invalid)) << table << " line " << r.line << ": " << input;
    pass = pass && d.reasons.contains(puny::display_reason::invalid);
    EXPECT_EQ(unsafe_unicode(d), input) << table << " line " << r.line;
    pass = pass && unsafe_unicode(d) == input;
  } else {
    if (expected == "unsafe") {
      EXPECT_TRUE(has_reason_other_than_invalid(d)) << table << " line " << r.line << ": " << input;
      pass = pass && has_reason_other_than_invalid(d);
    }
    if (unicode_output.rfind("xn--", 0) != 0) {
      EXPECT_EQ(unsafe_unicode(d), unicode_output) << table << " line " << r.line << ": " << input;
      pass = pass && unsafe_unicode(d) == unicode_output;
    }
  }
  return pass;
}

TEST(ChromiumIdnCases, EveryLinuxRowReproduces) {
  const std::vector<row> rows = read_table("chromium_idn_cases.tsv");
  std::size_t run = 0, passed = 0, skipped = 0, safe = 0, unsafe = 0, invalid = 0;
  for (const row& r : rows) {
    ASSERT_EQ(r.fields.size(), 4u) << "line " << r.line;
    const std::string& platform = r.fields[3];
    // Linux: the rows for every platform and the IS_LINUX ones; not the
    // IS_APPLE rows nor the #else of IS_LINUX.
    if (platform == "apple" || platform == "not_linux") {
      ++skipped;
      continue;
    }
    ASSERT_TRUE(platform == "all" || platform == "linux") << "line " << r.line;
    // nullptr outputs occur only in kInvalid rows, where they are not compared.
    if (r.fields[1] == "<nullptr>") {
      EXPECT_EQ(r.fields[2], "invalid") << "line " << r.line;
    }
    ++run;
    if (r.fields[2] == "safe") ++safe;
    if (r.fields[2] == "unsafe") ++unsafe;
    if (r.fields[2] == "invalid") ++invalid;
    if (check_row("chromium_idn_cases.tsv", r)) ++passed;
  }
  EXPECT_EQ(run + skipped, 489u);
  EXPECT_EQ(skipped, 5u);
  EXPECT_EQ(passed, run);
  std::cout << "[ported] chromium kIdnCases: " << run << " Linux rows (" << safe << " safe, " << unsafe
            << " unsafe, " << invalid << " invalid), " << passed << " pass; " << skipped
            << " rows of other platforms not run\n";
}

TEST(ChromiumIdnCases, DeviationCharacters) {
  const std::vector<row> rows = read_table("chromium_deviation_characters.tsv");
  std::size_t passed = 0;
  for (const row& r : rows) {
    ASSERT_EQ(r.fields.size(), 3u) << "line " << r.line;
    if (check_row("chromium_deviation_characters.tsv", r)) ++passed;
  }
  EXPECT_EQ(rows.size(), 3u);
  EXPECT_EQ(passed, rows.size());
  std::cout << "[ported] chromium IDNToUnicodeDeviationCharacters: " << rows.size() << " rows, " << passed
            << " pass\n";
}

// UnsafeIDNToUnicodeWithDetails runs on Chromium's production top-domain
// list, where apple.com and google.com are top-bucket domains: those two
// stand for it here.
TEST(ChromiumIdnCases, UnsafeIdnToUnicodeWithDetails) {
  puny::lookalike_index production;
  ASSERT_TRUE(production.add("google.com", true));
  ASSERT_TRUE(production.add("apple.com", true));
  const std::vector<row> rows = read_table("chromium_unsafe_idn_details.tsv");
  std::size_t passed = 0;
  for (const row& r : rows) {
    ASSERT_EQ(r.fields.size(), 6u) << "line " << r.line;
    const std::string& input = r.fields[0];
    const std::string& expected_unicode = r.fields[1];
    const bool expected_has_idn = r.fields[2] == "true";
    const std::string& expected_domain = r.fields[3];
    const bool expected_top_bucket = r.fields[4] == "true";
    const std::string& spoof_result = r.fields[5];
    const puny::display_outcome d = chromium(input, &production);
    bool has_idn = false;
    puny::display_reasons label_reasons;
    for (const puny::label_display& l : d.labels) {
      has_idn = has_idn || (l.non_ascii && l.errors.empty());
      label_reasons |= l.reasons;
    }
    label_reasons = puny::display_reasons::from_bits(
        label_reasons.bits() & ~puny::display_reasons{puny::display_reason::lookalike_of_protected}.bits());
    // IDNSpoofCheckerResult onto puny's reasons: kNone (no IDN label),
    // kSafe (no label reason), kWholeScriptConfusable, kICUSpoofChecks (one
    // of the four findings of uspoof_check).
    bool result_ok = false;
    if (spoof_result == "kNone") result_ok = !has_idn && label_reasons.empty();
    if (spoof_result == "kSafe") result_ok = has_idn && label_reasons.empty();
    if (spoof_result == "kWholeScriptConfusable")
      result_ok = label_reasons == puny::display_reasons{puny::display_reason::whole_script_confusable};
    if (spoof_result == "kICUSpoofChecks") {
      const puny::display_reasons icu{puny::display_reason::character_not_allowed,
                                      puny::display_reason::restriction_level, puny::display_reason::mixed_numbers,
                                      puny::display_reason::invisible_or_hidden_marks};
      result_ok = !label_reasons.empty() && (label_reasons.bits() & ~icu.bits()) == 0;
    }
    const std::string domain = d.lookalike_of.value_or("");
    // matching_top_domain.is_top_bucket: from the index itself.
    bool top_bucket = false;
    if (const auto m = production.find(input)) top_bucket = m->top_bucket;
    const bool pass = unsafe_unicode(d) == expected_unicode && has_idn == expected_has_idn &&
                      domain == expected_domain && result_ok && top_bucket == expected_top_bucket;
    EXPECT_TRUE(pass) << "line " << r.line << ": " << input << " → " << unsafe_unicode(d) << " has_idn=" << has_idn
                      << " lookalike_of=" << domain << " reasons: " << reasons_of(d);
    if (pass) ++passed;
  }
  EXPECT_EQ(rows.size(), 5u);
  EXPECT_EQ(passed, rows.size());
  std::cout << "[ported] chromium UnsafeIDNToUnicodeWithDetails: " << rows.size() << " rows, " << passed
            << " pass\n";
}

}  // namespace
