// `puny check` end to end: one explanation block per domain, in order, from
// arguments, standard input or -0 records; the exit status says whether all
// were valid.  The wording of each rule is tested in cli_unit/check_report.
#include <gtest/gtest.h>

#include <string>

#include "cli_process.hpp"

namespace {

using puny_cli_test::run_puny;

TEST(CliCheck, ValidDomainShowsBothFormsAndEveryLabel) {
  const auto r = run_puny({"check", "b\xC3\xBC" "cher.de"});
  EXPECT_EQ(r.out,
            "b\xC3\xBC" "cher.de: valid\n"
            "  ASCII:   xn--bcher-kva.de\n"
            "  Unicode: b\xC3\xBC" "cher.de\n"
            "  Display: b\xC3\xBC" "cher.de  (chromium policy)\n"
            "  label 1  b\xC3\xBC" "cher  xn--bcher-kva\n"
            "    display: shown in Unicode\n"
            "  label 2  de  de\n"
            "\n");
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.status, 0);
}

TEST(CliCheck, EveryBrokenRuleIsNamedWithItsReason) {
  const auto r = run_puny({"check", "a\xE2\x80\x8C" "b.com"});
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(r.out.starts_with("\"a\\u{200C}b.com\": invalid (C1)\n")) << r.out;
  EXPECT_NE(r.out.find("C1: U+200C ZERO WIDTH NON-JOINER at position 2"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Joining_Type U"), std::string::npos) << r.out;

  const auto b = run_puny({"check", "1.\xD7\x90\xD7\x91"});
  EXPECT_EQ(b.status, 1);
  EXPECT_NE(b.out.find("B1: the label begins with U+0031 '1' of Bidi_Class EN at position 1"), std::string::npos)
      << b.out;
}

TEST(CliCheck, BlocksInInputOrderSeparatedByABlankLineAndStatusOneIfAnyFails) {
  const auto s = run_puny({"check"}, "example.com\nfoo..bar\r\n\nxn--a.de");
  EXPECT_EQ(s.status, 1);
  const auto first = s.out.find("example.com: valid\n");
  const auto second = s.out.find("\n\nfoo..bar: invalid (A4_2)\n");
  const auto third = s.out.find("\n\n\"\": invalid (");
  const auto fourth = s.out.find("\n\nxn--a.de: invalid (V7)\n");
  ASSERT_NE(first, std::string::npos) << s.out;
  ASSERT_NE(second, std::string::npos) << s.out;
  ASSERT_NE(third, std::string::npos) << s.out;
  ASSERT_NE(fourth, std::string::npos) << s.out;
  EXPECT_EQ(first, 0u);
  EXPECT_LT(second, third);
  EXPECT_LT(third, fourth);

  const auto ok = run_puny({"check"}, "example.com\nb\xC3\xBC" "cher.de\n");
  EXPECT_EQ(ok.status, 0);
  EXPECT_NE(ok.out.find("\n\nb\xC3\xBC" "cher.de: valid\n"), std::string::npos) << ok.out;
}

TEST(CliCheck, InvalidUtf8RecordIsExplainedAlone) {
  const auto r = run_puny({"check"}, "a\n\xFF" "b\nc\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("\"\\xFFb\": not well-formed UTF-8 at byte offset 0\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\n\nc: valid\n"), std::string::npos) << r.out;
}

TEST(CliCheck, NullSeparatedBlocks) {
  const auto r = run_puny({"check", "-0"}, std::string("ab\0m\xC3\xBCnchen.de\0", 15));
  EXPECT_EQ(r.status, 0);
  const auto nul = r.out.find('\0');
  ASSERT_NE(nul, std::string::npos);
  EXPECT_EQ(r.out.substr(0, nul), "ab: valid\n  ASCII:   ab\n  Unicode: ab\n  label 1  ab  ab\n");
  EXPECT_TRUE(r.out.substr(nul + 1).starts_with("m\xC3\xBCnchen.de: valid\n  ASCII:   xn--mnchen-3ya.de\n"))
      << r.out;
  EXPECT_EQ(r.out.back(), '\0');
}

TEST(CliCheck, ProfileOptionsChangeTheVerdict) {
  // Under the default (nontransitional) profile ß stays; transitional maps it.
  const auto d = run_puny({"check", "stra\xC3\x9F" "e.de"});
  EXPECT_EQ(d.status, 0);
  EXPECT_NE(d.out.find("ASCII:   xn--strae-oqa.de\n"), std::string::npos) << d.out;
  const auto t = run_puny({"check", "--profile", "transitional", "stra\xC3\x9F" "e.de"});
  EXPECT_EQ(t.status, 0);
  EXPECT_NE(t.out.find("ASCII:   strasse.de\n"), std::string::npos) << t.out;
}

TEST(CliCheck, OptionsOfTheConvertersAreUsageErrors) {
  for (const char* option : {"--urls", "--emails", "--format=jsonl"}) {
    const auto r = run_puny({"check", option, "example.com"});
    EXPECT_EQ(r.status, 2) << option;
    EXPECT_EQ(r.out, "") << option;
    EXPECT_NE(r.err.find("does not apply to check"), std::string::npos) << option << ": " << r.err;
  }
}

}  // namespace
