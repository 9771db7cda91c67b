// puny compare: ToASCII under UTS #46 (nontransitional and transitional),
// IDNA2008 and IDNA2003 side by side, in plain, tsv and jsonl, with the
// record rules, and an exit status of 1 only for records that cannot be
// processed.
#include <gtest/gtest.h>

#include <algorithm>

#include <cstddef>
#include <fstream>
#include <initializer_list>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "cli_process.hpp"
#include "cli_records.hpp"

namespace {

using namespace puny_cli_test;  // cli_process.hpp, cli_records.hpp

std::vector<std::string> fields(const std::string& line) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t tab = line.find('\t', start);
    out.push_back(line.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
    if (tab == std::string::npos) return out;
    start = tab + 1;
  }
}

TEST(CliCompare, PlainShowsTheFourResultsAndWhetherTheyDiffer) {
  const auto r = run_puny({"compare", text(u8"faß.de"), text(u8"Bücher.de"), "EXAMPLE.com", "a..b",
                           text(u8"l·x.cat")});
  EXPECT_EQ(r.out,
            lines({
                text(u8"faß.de: differ: uts46=xn--fa-hia.de transitional=fass.de idna2008=xn--fa-hia.de "
                     u8"idna2003=fass.de"),
                text(u8"Bücher.de: differ: uts46=xn--bcher-kva.de transitional=xn--bcher-kva.de "
                     u8"idna2008=[DISALLOWED] idna2003=xn--bcher-kva.de"),
                // ASCII case is ignored, as the DNS ignores it.
                "EXAMPLE.com: same: uts46=example.com transitional=example.com idna2008=EXAMPLE.com "
                "idna2003=EXAMPLE.com",
                // All four fail: no difference, whatever the codes.
                "a..b: same: uts46=[A4_2] transitional=[A4_2] idna2008=[EMPTY_LABEL] idna2003=[INVALID_LENGTH]",
                text(u8"l·x.cat: differ: uts46=xn--lx-0ea.cat transitional=xn--lx-0ea.cat idna2008=[CONTEXTO] "
                     u8"idna2003=xn--lx-0ea.cat"),
            }));
  // Differences and rejections are the answer, not failures.
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.status, 0);
}

TEST(CliCompare, Idna2003RunsWithAllowUnassignedAndWithoutStd3) {
  // U+0221 was unassigned in Unicode 3.2: a query string lets it through.
  const auto r = run_puny({"compare", "--format=tsv", text(u8"a\u0221.de"), "a_b.de"});
  const std::vector<std::string> out = [&] {
    std::vector<std::string> v;
    std::istringstream in(r.out);
    for (std::string line; std::getline(in, line);) v.push_back(line);
    return v;
  }();
  ASSERT_EQ(out.size(), 2u) << r.out;
  const std::vector<std::string> unassigned = fields(out[0]);
  ASSERT_EQ(unassigned.size(), 10u) << out[0];
  EXPECT_EQ(unassigned[8], "xn--a-4xa.de");  // idna2003
  EXPECT_EQ(unassigned[9], "");
  const std::vector<std::string> underscore = fields(out[1]);
  ASSERT_EQ(underscore.size(), 10u) << out[1];
  EXPECT_EQ(underscore[1], "differ");
  EXPECT_EQ(underscore[2], "");  // uts46: STD3 rules
  EXPECT_EQ(underscore[3], "U1");
  EXPECT_EQ(underscore[6], "");  // idna2008: not a host name
  EXPECT_EQ(underscore[7], "NON_LDH_ASCII");
  EXPECT_EQ(underscore[8], "a_b.de");  // idna2003 without UseSTD3ASCIIRules
  EXPECT_EQ(r.status, 0);
}

TEST(CliCompare, TsvHasTenFields) {
  const auto r = run_puny({"compare", "--format", "tsv"}, lines({text(u8"faß.de"), "a\tb", ""}));
  EXPECT_EQ(r.out, lines({
                       text(u8"faß.de\tdiffer\txn--fa-hia.de\t\tfass.de\t\txn--fa-hia.de\t\tfass.de\t"),
                       "a\\tb\tdiffer\t\tU1\t\tU1\t\tNON_LDH_ASCII\ta\\tb\t",
                       // IDNA2003 has no length rule for the whole name: "" is "".
                       "\tdiffer\t\tA4_1,A4_2\t\tA4_1,A4_2\t\tEMPTY_LABEL\t\t",
                   }));
  EXPECT_EQ(r.status, 0);
}

TEST(CliCompare, JsonlHasAnObjectPerStandard) {
  const auto r = run_puny({"compare", "--format", "jsonl", text(u8"l·x.cat"), "example.com"});
  EXPECT_EQ(r.out,
            lines({
                text(u8R"({"input": "l·x.cat", "differ": true, )"
                     u8R"("uts46": {"output": "xn--lx-0ea.cat", "ok": true, "errors": []}, )"
                     u8R"("transitional": {"output": "xn--lx-0ea.cat", "ok": true, "errors": []}, )"
                     u8R"("idna2008": {"output": null, "ok": false, "errors": ["CONTEXTO"]}, )"
                     u8R"("idna2003": {"output": "xn--lx-0ea.cat", "ok": true, "errors": []}})"),
                R"({"input": "example.com", "differ": false, )"
                R"("uts46": {"output": "example.com", "ok": true, "errors": []}, )"
                R"("transitional": {"output": "example.com", "ok": true, "errors": []}, )"
                R"("idna2008": {"output": "example.com", "ok": true, "errors": []}, )"
                R"("idna2003": {"output": "example.com", "ok": true, "errors": []}})",
            }));
  EXPECT_EQ(r.status, 0);
}

TEST(CliCompare, ARecordThatCannotBeProcessedFailsAlone) {
  const auto r = run_puny({"compare"}, "a.de\nb\xFF.de\nc.de\n");
  EXPECT_EQ(r.out, lines({
                       "a.de: same: uts46=a.de transitional=a.de idna2008=a.de idna2003=a.de",
                       "\"b\\xFF.de\": error: uts46=[UTF8] transitional=[UTF8] idna2008=[UTF8] idna2003=[UTF8]",
                       "c.de: same: uts46=c.de transitional=c.de idna2008=c.de idna2003=c.de",
                   }));
  EXPECT_EQ(r.err, "puny: line 2: UTF8 at offset 1: invalid UTF-8\n");
  EXPECT_EQ(r.status, 1);
  const auto j = run_puny({"compare", "--format=jsonl", "-q"}, "b\xFF\n");
  EXPECT_EQ(j.out, R"({"input": "b\ufffd", "differ": null, "uts46": {"output": null, "ok": false, "errors": ["UTF8"]}, )"
                   R"("transitional": {"output": null, "ok": false, "errors": ["UTF8"]}, )"
                   R"("idna2008": {"output": null, "ok": false, "errors": ["UTF8"]}, )"
                   R"("idna2003": {"output": null, "ok": false, "errors": ["UTF8"]}})"
                   "\n");
  EXPECT_EQ(j.err, "");
  EXPECT_EQ(j.status, 1);
  const auto t = run_puny({"compare", "--format=tsv", "-q"}, "b\xFF\n");
  EXPECT_EQ(t.out, "b\xFF\terror\t\tUTF8\t\tUTF8\t\tUTF8\t\tUTF8\n");
}

TEST(CliCompare, RecordRules) {
  // CRLF, empty records, a last line without LF; NUL-separated records.
  const auto r = run_puny({"compare", "--format=tsv"}, "a.de\r\n\nb.de");
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 3) << r.out;
  EXPECT_TRUE(r.out.starts_with("a.de\tsame\t")) << r.out;
  const auto z = run_puny({"compare", "-0", "--format=tsv"}, std::string("a.de\0b\nc\0", 9));
  EXPECT_EQ(std::count(z.out.begin(), z.out.end(), '\0'), 2);
  EXPECT_TRUE(contains(z.out, std::string("\0b\\nc\tdiffer\t", 13))) << z.out;
  // Plain output shows a line feed as an escape: a record stays one line.
  const auto p = run_puny({"compare", "--", "a\nb"});
  EXPECT_EQ(std::count(p.out.begin(), p.out.end(), '\n'), 1) << p.out;
  EXPECT_TRUE(p.out.starts_with("\"a\\u{000A}b\": ")) << p.out;
  // Files given with -f, in turn; every thread count gives the same output.
  std::string many;
  for (int i = 0; i < 2000; ++i) {
    // (Appended piece by piece: g++ 12 warns falsely about "x" + std::string.)
    if (i % 2 == 0) {
      many += text(u8"faß.de");
    } else {
      many += 'x';
      many += std::to_string(i);
      many += ".de";
    }
    many += '\n';
  }
  const auto one = run_puny({"compare", "-j1"}, many);
  const auto three = run_puny({"compare", "-j3", "-f", "-"}, many);
  EXPECT_EQ(one.out, three.out);
  EXPECT_EQ(std::count(one.out.begin(), one.out.end(), '\n'), 2000);
  EXPECT_EQ(one.status, 0);
}

TEST(CliCompare, OptionsOfOtherCommandsAreUsageErrors) {
  for (const char* option : {"--profile=idna2008", "--std3", "--urls", "--emails", "--codepoints", "--policy=ascii",
                             "--allow-unassigned"}) {
    const auto r = run_puny({"compare", option, "a.de"});
    EXPECT_EQ(r.out, "") << option;
    EXPECT_TRUE(contains(r.err, "does not apply to compare")) << option << ": " << r.err;
    EXPECT_EQ(r.status, 2) << option;
  }
  EXPECT_EQ(run_puny({"compare", "--format=json", "a"}).status, 2);
  EXPECT_TRUE(contains(run_puny({"frobnicate"}).err, "check, display or compare")) << run_puny({"frobnicate"}).err;
}

TEST(CliCompare, HelpSaysWhatIsComparedAndWhenItExitsOne) {
  const auto r = run_puny({"compare", "--help"});
  EXPECT_TRUE(r.out.starts_with("Usage: puny compare [--format FORMAT] [COMMON...] [--] [DOMAIN...]\n")) << r.out;
  for (const char* part : {"uts46", "transitional", "idna2008", "idna2003", "AllowUnassigned on",
                           "query strings", "UseSTD3ASCIIRules off", "ASCII case", "exit status is 1 only",
                           "same, differ or error", "ten fields", "\"differ\"", "-f FILE", "-0, --null"}) {
    EXPECT_TRUE(contains(r.out, part)) << part;
  }
  std::size_t start = 0;
  while (start < r.out.size()) {
    const std::size_t end = r.out.find('\n', start);
    ASSERT_NE(end, std::string::npos);
    EXPECT_LT(end - start, 80u) << r.out.substr(start, end - start);
    start = end + 1;
  }
  EXPECT_EQ(r.status, 0);
  EXPECT_TRUE(contains(run_puny({"--help"}).out, "\n  compare     ToASCII under UTS #46, IDNA2008 and IDNA2003"));
}

TEST(CliCompare, TheManualPageDescribesIt) {
  std::ifstream in(PUNY_SOURCE_DIR "/docs/puny.1");
  std::ostringstream page;
  page << in.rdbuf();
  const std::string p = page.str();
  EXPECT_TRUE(contains(p, "\\fBpuny compare\\fR")) << "synopsis";
  EXPECT_TRUE(contains(p, "\n.B compare\n")) << "commands";
  EXPECT_TRUE(contains(p, "The formats of\n.BR compare :")) << "output formats";
  EXPECT_TRUE(contains(p, "$ puny compare ")) << "an example";
}

}  // namespace
