// --profile idna2003 with to-ascii, to-unicode and check: RFC 3490 with
// Nameprep, --allow-unassigned and --std3, the four separators, and
// ToUnicode, which "never fails" (RFC 3490 §4.2) but whose given-back
// labels make their record fail with the reason.
#include <gtest/gtest.h>

#include <algorithm>

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "cli_process.hpp"
#include "cli_records.hpp"

namespace {

using namespace puny_cli_test;  // cli_process.hpp, cli_records.hpp

const std::vector<std::string> ascii = {"to-ascii", "--profile", "idna2003"};
const std::vector<std::string> unicode = {"to-unicode", "--profile", "idna2003"};

TEST(CliIdna2003, ToAsciiRunsNameprep) {
  // B.2 case folding with NFKC: ß becomes "ss", upper case is folded.
  EXPECT_EQ(convert(ascii, text(u8"faß.de")), "fass.de|");
  EXPECT_EQ(convert(ascii, text(u8"Bücher.de")), "xn--bcher-kva.de|");
  // An all-ASCII label skips Nameprep: its case is kept.
  EXPECT_EQ(convert(ascii, "EXAMPLE.com"), "EXAMPLE.com|");
  // The four separators of RFC 3490 §3.1 are written as U+002E.
  EXPECT_EQ(convert(ascii, text(u8"a。b．c｡d")), "a.b.c.d|");
  // Private use (table C.3) is prohibited.
  EXPECT_EQ(convert(ascii, text(u8"a\uE000")), "|PROHIBITED");
  EXPECT_EQ(convert(ascii, "a..b"), "|INVALID_LENGTH");
  // RFC 3454 §6: a RandALCat label must start and end with one.
  EXPECT_EQ(convert(ascii, text(u8"\u0627" "1")), "|BIDI_RAL_NOT_FIRST_LAST");
}

TEST(CliIdna2003, AllowUnassigned) {
  // U+0221 was unassigned in Unicode 3.2 (table A.1).
  EXPECT_EQ(convert(ascii, text(u8"a\u0221")), "|UNASSIGNED");
  EXPECT_EQ(convert(with(ascii, {"--allow-unassigned"}), text(u8"a\u0221")), "xn--a-4xa|");
  EXPECT_EQ(convert(with(ascii, {"--allow-unassigned", "--no-allow-unassigned"}), text(u8"a\u0221")), "|UNASSIGNED");
}

TEST(CliIdna2003, Std3) {
  EXPECT_EQ(convert(ascii, "a_b.example"), "a_b.example|");
  EXPECT_EQ(convert(with(ascii, {"--std3"}), "a_b.example"), "|NON_LDH_ASCII");
  EXPECT_EQ(convert(ascii, "-a.example"), "-a.example|");
  EXPECT_EQ(convert(with(ascii, {"--std3"}), "-a.example"), "|LEADING_OR_TRAILING_HYPHEN");
  // Step 3 comes after Nameprep: U+FF0B FULLWIDTH PLUS SIGN becomes "+".
  EXPECT_EQ(convert(with(ascii, {"--std3"}), text(u8"a\uFF0Bb")), "|NON_LDH_ASCII");
}

TEST(CliIdna2003, ToUnicodeGivesLabelsBackAndTheRecordFailsWithTheReason) {
  const auto r = run_puny(unicode, lines({"xn--mller-kva.de", "xn--zca.de", "XN--MLLER-KVA.de", text(u8"faß.de")}));
  // "xn--zca" decodes to ß, which ToASCII maps to "ss": given back as it was.
  // Basic letters keep their case; a label without the ACE prefix is
  // given back too, and that is no error.
  EXPECT_EQ(r.out, lines({text(u8"müller.de"), "xn--zca.de", text(u8"MüLLER.de"), text(u8"faß.de")}));
  EXPECT_EQ(r.err, "puny: line 2: label 1 \"xn--zca\": ROUNDTRIP_MISMATCH (RFC 3490 §4.2 step 7: ToASCII of the "
                   "decoded label does not give the label back)\n");
  EXPECT_EQ(r.status, 1);
  // The separators are written as U+002E.
  EXPECT_EQ(run_puny(with(unicode, {text(u8"xn--mller-kva。de")})).out, text(u8"müller.de\n"));
  EXPECT_EQ(convert(unicode, "xn--zca.de"), "xn--zca.de|ROUNDTRIP_MISMATCH");
  EXPECT_EQ(convert(unicode, "xn--mller-kva.de"), text(u8"müller.de|"));
}

TEST(CliIdna2003, JsonlNamesTheLabelOfTheReason) {
  const auto r = run_puny(with(unicode, {"--format", "jsonl", "a.xn--zca"}));
  EXPECT_EQ(r.out, R"({"input": "a.xn--zca", "output": "a.xn--zca", "ok": false, "errors": ["ROUNDTRIP_MISMATCH"], )"
                   R"("label": 1, "offset": null, "code_point": null})"
                   "\n");
  EXPECT_EQ(r.status, 1);
  const auto p = run_puny(with(ascii, {"--format", "jsonl", text(u8"ab\uE000")}));
  EXPECT_EQ(p.out, text(u8R"({"input": "ab)" u8"\uE000" u8R"(", "output": null, "ok": false, "errors": ["PROHIBITED"], )"
                        u8R"("label": 0, "offset": 2, "code_point": "U+E000"})"
                        u8"\n"));
  EXPECT_TRUE(contains(p.err, "label 1 \"ab")) << p.err;
  EXPECT_TRUE(contains(p.err, text(u8"U+E000 '\uE000' at position 3: PROHIBITED (RFC 3491 §5; RFC 3454 §5: "))) << p.err;
}

TEST(CliIdna2003, RecordRules) {
  const auto r = run_puny(ascii, std::string("fa\xC3\x9F.de\0\0a\xFF\0xn--zca", 19), {});
  // Without -0 that is one line holding NULs: one record.
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1);
  const auto z = run_puny(with(ascii, {"-0"}), std::string("fa\xC3\x9F.de\0\0a\xFF\0xn--zca", 19));
  EXPECT_EQ(z.out, std::string("fass.de\0\0\0xn--zca\0", 18));
  EXPECT_TRUE(contains(z.err, "puny: record 3: UTF8 at offset 1: invalid UTF-8\n")) << z.err;
  EXPECT_EQ(z.status, 1);
}

TEST(CliIdna2003, CheckCountsAGivenBackLabelAsInvalid) {
  const auto r = run_puny({"check", "--profile", "idna2003", "xn--zca.de", text(u8"faß.de")});
  EXPECT_TRUE(r.out.starts_with("xn--zca.de: invalid under IDNA2003 (ROUNDTRIP_MISMATCH)\n"
                                "  ASCII:   xn--zca.de\n"
                                "  Unicode: xn--zca.de  (labels that fail are given back as typed)\n"))
      << r.out;
  EXPECT_TRUE(contains(r.out, "  label 1  xn--zca  xn--zca  (ToUnicode gives it back as typed)\n"
                              "    ROUNDTRIP_MISMATCH: ToASCII of the decoded label does not give the label back "
                              "(RFC 3490 §4.2 step 7)\n"))
      << r.out;
  EXPECT_TRUE(contains(r.out, text(u8"faß.de: valid under IDNA2003\n  ASCII:   fass.de\n  Unicode: faß.de\n"))) << r.out;
  EXPECT_TRUE(contains(r.out, text(u8"  label 1  faß  fass\n"))) << r.out;
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(run_puny({"check", "--profile", "idna2003", text(u8"faß.de")}).status, 0);
}

TEST(CliIdna2003, FlagsThatDoNotApplyAreUsageErrors) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"--check-bidi", "Nameprep always applies the Bidi rules of RFC 3454 section 6"},
      {"--check-joiners", "Nameprep maps ZWJ and ZWNJ to nothing"},
      {"--check-hyphens", "IDNA2003 checks hyphens at the ends of a label only under --std3"},
      {"--transitional", "IDNA2003 is what transitional processing imitates"},
      {"--check-contexto", "it is a flag of IDNA2008"},
  };
  for (const auto& [flag, why] : cases) {
    const auto r = run_puny({"to-ascii", flag, "--profile", "idna2003", "a"});
    EXPECT_EQ(r.out, "");
    EXPECT_TRUE(r.err.starts_with("puny: option '" + flag + "' does not apply to --profile idna2003: " + why)) << r.err;
    EXPECT_TRUE(contains(r.err, "the flags of IDNA2003 are --[no-]std3, --[no-]verify-dns-length and "
                                "--[no-]allow-unassigned\n"))
        << r.err;
    EXPECT_EQ(r.status, 2);
  }
  // --allow-unassigned is IDNA2003's alone.
  for (const char* profile : {"uts46", "idna2008", "whatwg"}) {
    const auto r = run_puny({"to-unicode", "--profile", profile, "--allow-unassigned", "a"});
    EXPECT_TRUE(contains(r.err, "'--allow-unassigned' does not apply to --profile " + std::string(profile))) << r.err;
    EXPECT_EQ(r.status, 2);
  }
}

}  // namespace
