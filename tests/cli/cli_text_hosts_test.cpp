// --urls and --emails end to end: only hosts and mail domains change, every
// other byte of the line stays, and a failing host is left as it was.
#include <gtest/gtest.h>

#include <string>

#include "cli_process.hpp"

namespace {

using puny_cli_test::run_puny;

TEST(CliTextHosts, TheIssueExample) {
  const auto r = run_puny({"to-ascii", "--urls"}, "see https://B\xC3\xBC" "cher.de/stra\xC3\x9F" "e?x=\xC3\xBC#f\n");
  EXPECT_EQ(r.out, "see https://xn--bcher-kva.de/stra\xC3\x9F" "e?x=\xC3\xBC#f\n");
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.status, 0);
}

TEST(CliTextHosts, UrlsBothWaysWithUserinfoAndPort) {
  const std::string unicode = "<a href=\"http://user:pw@b\xC3\xBC" "cher.example:8080/x\">b\xC3\xBC" "cher.example</a>";
  const std::string ascii = "<a href=\"http://user:pw@xn--bcher-kva.example:8080/x\">b\xC3\xBC" "cher.example</a>";
  const auto a = run_puny({"to-ascii", "--urls"}, unicode + "\n");
  EXPECT_EQ(a.out, ascii + "\n");
  const auto u = run_puny({"to-unicode", "--urls"}, ascii + "\n");
  EXPECT_EQ(u.out, unicode + "\n");
}

TEST(CliTextHosts, LinesWithoutHostsPassThroughUnchanged) {
  const std::string in = std::string("no url here: b\xC3\xBC" "cher.de\n" "\n" "  \t spaces kept \t\n" "path://\n");
  const auto r = run_puny({"to-ascii", "--urls", "-j", "2"}, in);
  EXPECT_EQ(r.out, in);
  EXPECT_EQ(r.status, 0);
}

TEST(CliTextHosts, FailingHostIsLeftAsItWasAndReported) {
  const std::string in = "ok https://b\xC3\xBC" "cher.de bad https://xn--0.com/p end\n";
  const auto r = run_puny({"to-ascii", "--urls"}, in);
  EXPECT_EQ(r.out, "ok https://xn--bcher-kva.de bad https://xn--0.com/p end\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(r.err.starts_with("puny: line 1: host 2 \"xn--0.com\": label 1 \"xn--0\": P4 (")) << r.err;
  const auto j = run_puny({"to-ascii", "--urls", "--format", "jsonl"}, in);
  EXPECT_NE(j.out.find("\"ok\": false, \"errors\": [\"P4\"]"), std::string::npos) << j.out;
}

TEST(CliTextHosts, Emails) {
  const auto a = run_puny({"to-ascii", "--emails"},
                          "From: J\xC3\xBCrgen <j\xC3\xBCrgen@b\xC3\xBC" "cher.de>, mailto:x@\xE4\xBE\x8B.jp\n");
  EXPECT_EQ(a.out, "From: J\xC3\xBCrgen <j\xC3\xBCrgen@xn--bcher-kva.de>, mailto:x@xn--fsq.jp\n");
  EXPECT_EQ(a.status, 0);
  const auto u = run_puny({"to-unicode", "--emails"}, "info@xn--bcher-kva.de.\n");
  // The final dot ends the sentence, not the domain.
  EXPECT_EQ(u.out, "info@b\xC3\xBC" "cher.de.\n");
}

TEST(CliTextHosts, UrlsAndEmailsTogether) {
  const auto r = run_puny({"to-ascii", "--urls", "--emails"},
                          "https://me@b\xC3\xBC" "cher.de/a@b\xC3\xBC" "cher.de and me@b\xC3\xBC" "cher.de\n");
  // The path's "a@..." is not a mail address of the URL's authority, but
  // it is text of the line: --emails finds it.
  EXPECT_EQ(r.out, "https://me@xn--bcher-kva.de/a@xn--bcher-kva.de and me@xn--bcher-kva.de\n");
}

TEST(CliTextHosts, InvalidUtf8RecordFailsAlone) {
  const auto r = run_puny({"to-ascii", "--urls"}, "http://b\xC3\xBC" "cher.de \xFF\nhttp://b\xC3\xBC" "cher.de\n");
  EXPECT_EQ(r.out, "http://b\xC3\xBC" "cher.de \xFF\nhttp://xn--bcher-kva.de\n");
  EXPECT_EQ(r.err, "puny: line 1: UTF8 at offset 18: invalid UTF-8\n");
  EXPECT_EQ(r.status, 1);
}

}  // namespace
