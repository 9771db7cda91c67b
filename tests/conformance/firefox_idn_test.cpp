// Firefox's IDN display tests, ported as data files (tests/data/display/,
// each names its source), run through the public puny::display with the
// firefox policy:
//  - T4 test_idn_urls.js (gecko-dev @429a8e16): both directions, as the JS
//    test checks them;
//  - T5 test_idn_blacklist.js (gecko-dev @429a8e16);
//  - T3 test_idn_spoof.js (gecko-dev @77852411): Chromium's table as Firefox
//    runs it, with its DISABLED rows (where Firefox differs from Chromium),
//    its platform rows (puny takes Linux) and its Cyrillic-pref rows
//    (network.idn.punycode_cyrillic_confusables, default true), plus the
//    file's two extra checks.
//
// Mapping of the JS tests onto puny: convertToDisplayIDN "throws" exactly
// when the name is invalid under UTS #46 (display_outcome::errors), as
// Gecko's Rust idna glue runs with ErrorPolicy::FailFast.
#include <gtest/gtest.h>

#include <cstddef>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "puny/display.hpp"
#include "tsv_file.hpp"

namespace {

// Rows split on LF only (the blocklist file holds U+2028 and U+2029 as
// data); a row's group is the last '#' comment line above it.
using row = puny_test::tsv_row;

std::vector<row> read_table(const std::string& name) { return puny_test::read_tsv("display", name); }

puny::display_outcome firefox(std::string_view name, puny::han_bopomofo cjk = puny::han_bopomofo::strict17) {
  puny::display_options o;
  o.policy = puny::display_policy::firefox;
  o.cjk = cjk;
  return puny::display(name, o);
}

// What convertToDisplayIDN returns, with U+FFFD standing for an exception
// (test_idn_spoof.js does the same).
const std::string thrown = "\xEF\xBF\xBD";
std::string firefox_result(std::string_view name, puny::han_bopomofo cjk = puny::han_bopomofo::strict17) {
  const puny::display_outcome d = firefox(name, cjk);
  return d.errors.empty() ? d.value : thrown;
}

std::string reasons_of(const puny::display_outcome& d) {
  std::string s;
  for (const puny::label_display& l : d.labels)
    for (const puny::display_reason r : l.reasons) {
      if (!s.empty()) s += ' ';
      s += puny::name(r);
    }
  if (!d.errors.empty()) s += " [UTS #46: " + puny::to_string(d.errors) + "]";
  return s;
}

bool is_punycode_name(std::string_view s) {
  return s.substr(0, 4) == "xn--" || s.find(".xn--") != std::string_view::npos;
}

// ---------------------------------------------------------------------------
// T4: test_idn_urls.js

// Rows whose expectation rests on Han or Bopomofo being in Gecko's
// identifier profile, as they were before Unicode 17.0 (Bopomofo is
// Limited_Use in 17.0, Han outside the URO's common set Uncommon_Use): they
// run with display_options::cjk = han_bopomofo::cjk_compat.  The row groups
// (the source's comments): "Han and Latin and Bopomofo" and the five
// orderings after it, "Han, bopomofo and katakana" and its five orderings
// (false either way; with cjk_compat they fail on the script mix, Gecko's
// reason), "Han from Plane 2" (twice), and the four rows of "Effect of
// adding valid or invalid subdomains (bug 1399540)" (䕮䕵䕶䕱 is CJK
// Extension A).
const std::set<std::string> cjk_compat_rows = {
    "注音符号bopomofoㄅㄆㄇㄈ", "注音符号ㄅbopomofo", "bopomofo注音符号ㄅㄆㄇㄈ", "bopomofoㄅㄆㄇㄈ注音符号",
    "ㄅㄆㄇㄈ注音符号bopomofo", "ㄅbopomofo注音符号",
    "注音符号ㄅㄆㄇㄈボポモフォ", "注音符号ボポモフォㄅㄆㄇㄈ", "ㄅㄆㄇㄈ注音符号ボポモフォ",
    "ㄅㄆㄇㄈボポモフォ注音符号", "ボポモフォ注音符号ㄅㄆㄇㄈ", "ボポモフォㄅㄆㄇㄈ注音符号",
    "𠀀𠀁𠀂",
    "䕮䕵䕶䕱.ascii", "ascii.䕮䕵䕶䕱", "中国123.䕮䕵䕶䕱", "䕮䕵䕶䕱.中国123",
};

TEST(FirefoxIdnUrls, EveryRowBothDirections) {
  const std::vector<row> rows = read_table("firefox_idn_urls.tsv");
  std::size_t pass = 0, compat = 0, both_ways = 0;
  std::set<std::string> compat_seen;
  for (const row& r : rows) {
    ASSERT_EQ(r.fields.size(), 3u) << "line " << r.line;
    const std::string& unicode = r.fields[0];
    const std::string& punycode = r.fields[1];
    ASSERT_TRUE(r.fields[2] == "true" || r.fields[2] == "false") << "line " << r.line;
    const bool expected = r.fields[2] == "true";
    const bool use_compat = cjk_compat_rows.count(unicode) != 0;
    const puny::han_bopomofo cjk = use_compat ? puny::han_bopomofo::cjk_compat : puny::han_bopomofo::strict17;
    const std::string url = unicode + ".com";
    const std::string punycode_url = punycode + ".com";
    // The JS test: an exception gives ".com".
    const auto result = [&](const std::string& name) {
      const puny::display_outcome d = firefox(name, cjk);
      return d.errors.empty() ? d.value : std::string(".com");
    };
    bool ok = true;
    if (is_punycode_name(punycode_url)) {
      ++both_ways;
      const std::string& want = expected ? url : punycode_url;
      const std::string from_unicode = result(url);
      const std::string from_punycode = result(punycode_url);
      EXPECT_EQ(from_unicode, want) << "line " << r.line << ": " << url << " — " << reasons_of(firefox(url, cjk));
      EXPECT_EQ(from_punycode, want) << "line " << r.line << ": " << punycode_url << " — "
                                     << reasons_of(firefox(punycode_url, cjk));
      ok = from_unicode == want && from_punycode == want;
    } else {
      const std::string got = result(url);
      EXPECT_EQ(got, punycode_url) << "line " << r.line << ": " << url;
      ok = got == punycode_url;
    }
    if (use_compat) {
      ++compat;
      compat_seen.insert(unicode);
      // Under Unicode 17.0's own profile the Bopomofo and rare-Han rows are
      // not shown, for the characters alone.
      const puny::display_outcome strict = firefox(url);
      EXPECT_FALSE(strict.ok()) << "line " << r.line << ": " << url << " needs no cjk_compat";
      if (expected) {
        bool not_allowed = false;
        for (const puny::label_display& l : strict.labels)
          not_allowed |= l.reasons.contains(puny::display_reason::character_not_allowed);
        EXPECT_TRUE(not_allowed) << "line " << r.line << ": " << reasons_of(strict);
      }
    }
    pass += ok ? 1 : 0;
  }
  EXPECT_EQ(rows.size(), 87u);
  EXPECT_EQ(compat_seen.size(), cjk_compat_rows.size()) << "a cjk_compat row is no longer in the table";
  std::cout << "[ported] firefox test_idn_urls.js: " << rows.size() << " rows, " << pass << " pass (" << both_ways
            << " checked from both the Unicode and the punycode side; " << compat
            << " run with cjk = cjk_compat, pre-17 Han/Bopomofo)\n";
}

// ---------------------------------------------------------------------------
// T5: test_idn_blacklist.js

TEST(FirefoxIdnBlacklist, EveryRow) {
  const std::vector<row> rows = read_table("firefox_idn_blacklist.tsv");
  std::size_t pass = 0, skipped = 0, punycode_rows = 0, mapped_rows = 0;
  for (const row& r : rows) {
    ASSERT_EQ(r.fields.size(), 3u) << "line " << r.line;
    const std::string url = r.fields[0] + ".com";
    const std::string want = r.fields[2] + ".com";
    const puny::display_outcome d = firefox(url);
    // "If convertToDisplayIDN(URL) throws, the row is skipped."
    if (!d.errors.empty()) {
      ++skipped;
      continue;
    }
    if (is_punycode_name(want)) {
      ++punycode_rows;
      EXPECT_EQ(d.value, want) << "line " << r.line << " " << r.fields[1] << ": " << reasons_of(d);
      const puny::display_outcome back = firefox(want);
      EXPECT_EQ(back.value, want) << "line " << r.line << " " << r.fields[1] << ": " << reasons_of(back);
      // Kept as punycode by the blocklist or the profile, never by chance.
      ASSERT_FALSE(d.labels.empty());
      const puny::display_reasons why = d.labels[0].reasons;
      EXPECT_TRUE(why.contains(puny::display_reason::deny_listed_character) ||
                  why.contains(puny::display_reason::character_not_allowed))
          << "line " << r.line << ": " << reasons_of(d);
      pass += d.value == want && back.value == want ? 1 : 0;
    } else {
      ++mapped_rows;
      EXPECT_EQ(d.value, want) << "line " << r.line << " " << r.fields[1];
      pass += d.value == want ? 1 : 0;
    }
  }
  EXPECT_EQ(rows.size(), 106u);
  std::cout << "[ported] firefox test_idn_blacklist.js: " << rows.size() << " rows, " << pass << " pass ("
            << punycode_rows << " kept as punycode, " << mapped_rows << " mapped to ASCII), " << skipped
            << " skipped as the JS test skips them (invalid under UTS #46: convertToDisplayIDN throws)\n";
}

// ---------------------------------------------------------------------------
// T3: test_idn_spoof.js

// Rows whose Firefox expectation rests on pre-17 data (the table is
// Chromium's @e5448379 on an older ICU; Gecko has its own IdentifierStatus
// copy) and that differ from puny only because Unicode 17.0 made a character
// Restricted.  Each lists those characters, all of them Allowed in Unicode
// 15.0 (ICU 72's uspoof recommended and inclusion sets, checked with the
// Debian ICU) and Restricted in 17.0 (IdentifierStatus.txt).  The test checks
// that puny keeps the row as punycode for character_not_allowed, and that
// with exactly those characters in display_options::allowed_characters it
// gives what Firefox gives: the difference is the data and nothing else.
struct unicode17_exception {
  std::string_view ascii;
  std::u32string_view restricted_in_17;
  std::string_view characters;
};
const std::vector<unicode17_exception> unicode17_exceptions = {
    {"xn--3bkxe.jp", U"\u309A", "U+309A combining katakana-hiragana semi-voiced sound mark"},
    {"xn--occe.com", U"\u0A66\u0A68", "U+0A66 gurmukhi digit zero, U+0A68 gurmukhi digit two"},
    {"xn--pcca.com", U"\u0A67", "U+0A67 gurmukhi digit one"},
    {"xn--zjca.com", U"\u0B66", "U+0B66 oriya digit zero"},
    {"xn--b1atsw03i.com", U"\u0527", "U+0527 cyrillic small letter shha with descender"},
    {"xn--mxar4bh6w.com", U"\u03FC", "U+03FC greek rho with stroke symbol"},
    {"xn--j1afq4bxw.com", U"\u048F", "U+048F cyrillic small letter er with tick"},
    {"xn--j1aq4a7cvo.com", U"\u048F", "U+048F cyrillic small letter er with tick"},
    {"xn--j1aq4azund.com", U"\u048F", "U+048F cyrillic small letter er with tick"},
    {"xn--j1aq4azuxd.com", U"\u048F", "U+048F cyrillic small letter er with tick"},
    {"xn--j1aq4azuyj.com", U"\u048F\u04C8", "U+048F cyrillic small letter er with tick, U+04C8 cyrillic small letter en with hook"},
    {"xn--j1aq4azu9z.com", U"\u048F\u0527", "U+048F cyrillic small letter er with tick, U+0527 cyrillic small letter shha with descender"},
    {"xn--j1aq4azuq0a.com", U"\u048F\u0529", "U+048F cyrillic small letter er with tick, U+0529 cyrillic small letter en with left hook"},
    {"xn--m1ak4azu6b.com", U"\u048F", "U+048F cyrillic small letter er with tick"},
    {"xn--m1ak4azunc.com", U"\u048F\u049D", "U+048F cyrillic small letter er with tick, U+049D cyrillic small letter ka with vertical stroke"},
    {"xn--m1ak4azuxc.com", U"\u048F", "U+048F cyrillic small letter er with tick"},
    {"xn--m1ak4azu7c.com", U"\u048F", "U+048F cyrillic small letter er with tick"},
    {"xn--m1ak4azu8i.com", U"\u048F\u04C4", "U+048F cyrillic small letter er with tick, U+04C4 cyrillic small letter ka with hook"},
    {"xn--m1ak4azuzy.com", U"\u048F\u051F", "U+048F cyrillic small letter er with tick, U+051F cyrillic small letter aleut ka"},
    {"xn--m1a4a4nnery.com", U"\u048F\u051F", "U+048F cyrillic small letter er with tick, U+051F cyrillic small letter aleut ka"},
    {"xn--m1a4ne5jry.com", U"\u048D\u048F\u051F", "U+048D cyrillic small letter semisoft sign, U+048F cyrillic small letter er with tick, U+051F cyrillic small letter aleut ka"},
    {"xn--b1av9v8dry.com", U"\u048F\u051F", "U+048F cyrillic small letter er with tick, U+051F cyrillic small letter aleut ka"},
    {"xn--b1a9p8c1e8r.com", U"\u048F\u04CA\u051F", "U+048F cyrillic small letter er with tick, U+04CA cyrillic small letter en with tail, U+051F cyrillic small letter aleut ka"},
    {"xn--o1at1tsi.com", U"\u04CE", "U+04CE cyrillic small letter em with tail"},
    {"xn--03a6s.com", U"\u04FB", "U+04FB cyrillic small letter ghe with stroke and hook"},
    {"xn--r4am0b8r.com", U"\u04FD", "U+04FD cyrillic small letter ha with hook"},
    {"xn--r4am0b3s.com", U"\u04FF", "U+04FF cyrillic small letter ha with stroke"},
    {"xn--r4am6b4p.com", U"\u04FF", "U+04FF cyrillic small letter ha with stroke"},
    {"xn--91a7osa62a.com", U"\u04FF", "U+04FF cyrillic small letter ha with stroke"},
    {"xn--ridq5c9hnd.com", U"\u1054", "U+1054 myanmar letter vocalic l"},
    {"xn--wwwtest-2be.com", U"\u02EC", "U+02EC modifier letter voicing"},
    {"xn--gpd3ag.com", U"\u10FD\u10FF", "U+10FD georgian letter aen, U+10FF georgian letter labial sign"},
    {"xn--gpd3ag.ge", U"\u10FD\u10FF", "U+10FD georgian letter aen, U+10FF georgian letter labial sign"},
    {"xn--gpd3ag.xn--node", U"\u10FD\u10FF", "U+10FD georgian letter aen, U+10FF georgian letter labial sign"},
    {"xn--rmdcmef.com", U"\u1090\u1091\u1095\u1096\u1097", "U+1090 myanmar shan digit zero, U+1091 myanmar shan digit one, U+1095 myanmar shan digit five, U+1096 myanmar shan digit six, U+1097 myanmar shan digit seven"},
    {"xn--rmdcmef.mm", U"\u1090\u1091\u1095\u1096\u1097", "U+1090 myanmar shan digit zero, U+1091 myanmar shan digit one, U+1095 myanmar shan digit five, U+1096 myanmar shan digit six, U+1097 myanmar shan digit seven"},
    {"xn--rmdcmef.xn--7idjb0f4ck", U"\u1090\u1091\u1095\u1096\u1097", "U+1090 myanmar shan digit zero, U+1091 myanmar shan digit one, U+1095 myanmar shan digit five, U+1096 myanmar shan digit six, U+1097 myanmar shan digit seven"},
    {"xn--62ba6j.com", U"\u093D", "U+093D devanagari sign avagraha"},
    {"xn--occacb.com", U"\u0A66\u0A67", "U+0A66 gurmukhi digit zero, U+0A67 gurmukhi digit one"},
    {"xn--stca6jf.com", U"\u0CBD", "U+0CBD kannada sign avagraha"},
    {"xn--zhca6ub.com", U"\u0B6E", "U+0B6E oriya digit eight"},
    {"xn--brcaabbb.com", U"\u0C66\u0C67", "U+0C66 telugu digit zero, U+0C67 telugu digit one"},
};

// Rows that depend on Bopomofo (Limited_Use since Unicode 17.0, Allowed
// before): they run with display_options::cjk = han_bopomofo::cjk_compat,
// the pre-17 profile, and under strict17 they must be kept as punycode for
// character_not_allowed.
const std::set<std::string> spoof_cjk_compat_rows = {
    "xn--5ekcde0577e87tc.tw",  "xn--bopo-ty4cghi8509kk7xd.tw", "xn--bopomofo-hj5gkalm.tw",
    "xn--gamer-f94d4426b.com", "xn--gamer-k94d3426b.com",      "xn--4fkv10r.com",
};

// Rows where puny's UTS #46 step differs from Gecko's Rust idna glue, which
// runs Hyphens::Allow, no VerifyDnsLength and denies only glyphless ASCII
// (netwerk/base/idna_glue/src/lib.rs): "." and "" (empty labels), `!` in a
// label (UseSTD3ASCIIRules) and "ру--авто" (CheckHyphens).  Nothing a
// display policy decides: when puny's display takes Firefox's settings these
// rows are checked like the others, otherwise they must be invalid under
// UTS #46 (and are counted apart).
const std::set<std::string> uts46_setting_rows = {".", "", "xn--!-257eu42c.kr", "xn-----8kci4dhsd"};

struct spoof_counts {
  std::size_t rows = 0, pass = 0, equal = 0, differ = 0, compat = 0, unicode17 = 0, uts46 = 0;
};

bool has_reason(const puny::display_outcome& d, puny::display_reason r) {
  for (const puny::label_display& l : d.labels)
    if (l.reasons.contains(r)) return true;
  return false;
}

void check_spoof_row(const row& r, std::size_t first_field, spoof_counts& counts) {
  ASSERT_GE(r.fields.size(), first_field + 3) << "line " << r.line;
  const std::string& ascii = r.fields[first_field];
  const std::string& unicode = r.fields[first_field + 1];
  const std::string& expected = r.fields[first_field + 2];
  const std::string flag = r.fields.size() > first_field + 3 ? r.fields[first_field + 3] : std::string();
  ++counts.rows;

  std::string want;
  std::string firefox_gives;  // for rows Firefox is expected to fail: what it shows instead
  if (expected == "safe") {
    want = unicode;
    firefox_gives = ascii;
  } else if (expected == "unsafe") {
    want = ascii;
    firefox_gives = unicode;
  } else {
    ASSERT_EQ(expected, "invalid") << "line " << r.line;
    want = thrown;
    firefox_gives = unicode;
  }
  // expectedFail: DISABLED, or a platform that is not Linux; the Cyrillic
  // rows hold with the pref's default (on).
  ASSERT_TRUE(flag.empty() || flag == "disabled" || flag == "linux" || flag == "macosx" || flag == "cyrillic_pref")
      << "line " << r.line << ": flag " << flag;
  const bool expected_fail = flag == "disabled" || flag == "macosx";
  // What Firefox shows for this row.
  const std::string& firefox_shows = expected_fail ? firefox_gives : want;

  puny::display_options options;
  options.policy = puny::display_policy::firefox;
  const bool compat = spoof_cjk_compat_rows.count(ascii) != 0;
  if (compat) {
    ++counts.compat;
    const puny::display_outcome strict = puny::display(ascii, options);
    EXPECT_EQ(strict.value, ascii) << "line " << r.line << ": " << ascii << " needs no cjk_compat";
    EXPECT_TRUE(has_reason(strict, puny::display_reason::character_not_allowed)) << "line " << r.line;
    options.cjk = puny::han_bopomofo::cjk_compat;
  }
  const puny::display_outcome d = puny::display(ascii, options);
  const std::string got = d.errors.empty() ? d.value : thrown;
  const std::string context = "line " + std::to_string(r.line) + ": " + ascii + " (" + unicode + ", " + expected +
                              (flag.empty() ? "" : ", " + flag) + ") gives " + got + " — " + reasons_of(d);

  for (const unicode17_exception& e : unicode17_exceptions) {
    if (e.ascii != ascii) continue;
    ++counts.unicode17;
    EXPECT_NE(got, firefox_shows) << context << " [Unicode 17.0: " << e.characters << "]";
    EXPECT_TRUE(has_reason(d, puny::display_reason::character_not_allowed)) << context;
    options.allowed_characters = e.restricted_in_17;
    const puny::display_outcome pre17 = puny::display(ascii, options);
    EXPECT_EQ(pre17.errors.empty() ? pre17.value : thrown, firefox_shows)
        << context << " [with " << e.characters << " allowed: " << reasons_of(pre17) << "]";
    return;
  }
  if (uts46_setting_rows.count(ascii) != 0 && !d.errors.empty()) {
    ++counts.uts46;
    return;
  }
  if (!expected_fail) {
    EXPECT_EQ(got, want) << context;
    if (got == want) {
      ++counts.pass;
      ++counts.equal;
    }
  } else {
    // Firefox must differ from Chromium's expectation, and show what Firefox
    // shows: the other form.
    EXPECT_NE(got, want) << context;
    EXPECT_EQ(got, firefox_gives) << context;
    if (got == firefox_gives) {
      ++counts.pass;
      ++counts.differ;
    }
  }
}

TEST(FirefoxIdnSpoof, EveryRow) {
  const std::vector<row> rows = read_table("firefox_idn_spoof.tsv");
  spoof_counts counts;
  for (const row& r : rows) check_spoof_row(r, 0, counts);
  EXPECT_EQ(rows.size(), 458u);
  std::cout << "[ported] firefox test_idn_spoof.js: " << counts.rows << " rows, " << counts.pass << " pass ("
            << counts.equal << " as expected, " << counts.differ
            << " DISABLED/other-platform rows differing from Chromium as Firefox does; " << counts.compat
            << " of them with cjk = cjk_compat), " << counts.unicode17
            << " listed Unicode 17.0 data exceptions (Firefox's result with the pre-17 characters allowed), "
            << counts.uts46 << " listed UTS #46 setting exceptions\n";
  EXPECT_EQ(counts.unicode17, unicode17_exceptions.size()) << "a listed exception is no longer in the table";
}

TEST(FirefoxIdnSpoof, ExtraChecks) {
  const std::vector<row> rows = read_table("firefox_idn_spoof_extra.tsv");
  ASSERT_EQ(rows.size(), 2u);
  spoof_counts counts;
  for (const row& r : rows) {
    if (r.fields[0] == "additionalTestcases") {
      check_spoof_row(r, 1, counts);
    } else {
      ASSERT_EQ(r.fields[0], "test_interpuncts_fqdn");
      // Unconditional: the fully qualified name keeps its trailing dot and
      // .cat is still its TLD for the l·l rule.
      EXPECT_EQ(firefox_result(r.fields[1]), r.fields[2]);
      ++counts.rows;
      counts.pass += firefox_result(r.fields[1]) == r.fields[2] ? 1 : 0;
    }
  }
  EXPECT_EQ(counts.pass, 2u);
  std::cout << "[ported] firefox test_idn_spoof.js extras: " << counts.rows << " rows, " << counts.pass << " pass\n";
}

}  // namespace
