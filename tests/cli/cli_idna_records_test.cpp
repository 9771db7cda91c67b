// to-ascii / to-unicode records: arguments or standard input lines, one
// output record per input record whatever fails, exit statuses, streaming.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <string_view>

#include "cli_process.hpp"

namespace {

using namespace std::chrono_literals;
using puny_cli_test::puny_process;
using puny_cli_test::run_puny;

std::string text(std::u8string_view s) { return std::string(s.begin(), s.end()); }

std::size_t count_lines(const std::string& s) {
  std::size_t n = 0;
  for (const char c : s) n += c == '\n' ? 1 : 0;
  return n;
}

TEST(CliIdnaRecords, StandardInputLinesAreKeptExactly) {
  // CRLF and LF, an empty line, spaces kept (U1 with STD3 rules), no final
  // newline.
  const std::string input = text(u8"Bücher.de\r\n\n a.com\nxn--bcher-kva.de");
  const auto u = run_puny({"to-unicode", "--format", "jsonl"}, input);
  EXPECT_EQ(u.out, text(u8R"({"input": "Bücher.de", "output": "bücher.de", "ok": true, "errors": []})"
                        "\n"
                        R"({"input": "", "output": "", "ok": false, "errors": ["X4_2"]})"
                        "\n"
                        R"({"input": " a.com", "output": " a.com", "ok": false, "errors": ["U1"]})"
                        "\n"
                        R"({"input": "xn--bcher-kva.de", "output": "bücher.de", "ok": true, "errors": []})"
                        "\n"));
  EXPECT_EQ(u.status, 1);
  const auto a = run_puny({"to-ascii"}, input);
  EXPECT_EQ(a.out, "xn--bcher-kva.de\n\n\nxn--bcher-kva.de\n");
  EXPECT_EQ(a.status, 1);
  EXPECT_EQ(count_lines(a.err), 2u) << a.err;
  EXPECT_EQ(a.err.find("puny: line 2: "), 0u) << a.err;
  EXPECT_NE(a.err.find("puny: line 3: label 1 \" a\": U1 ("), std::string::npos) << a.err;
}

TEST(CliIdnaRecords, EmptyDomain) {
  // IdnaTestV2: ""; ; [X4_2]; ; [A4_1, A4_2]
  const auto a = run_puny({"to-ascii", "--format", "tsv", ""});
  EXPECT_EQ(a.out, "\t\tA4_1,A4_2\n");
  EXPECT_EQ(a.status, 1);
  const auto u = run_puny({"to-unicode", "--format", "tsv", ""});
  EXPECT_EQ(u.out, "\t\tX4_2\n");
  EXPECT_EQ(u.status, 1);
}

TEST(CliIdnaRecords, OneOutputPerInputInOrder) {
  // 3000 records, every third one failing.
  std::string input, expected;
  for (int j = 0; j < 1000; ++j) {
    const std::string n = std::to_string(j);
    input += "Host" + n + ".example\n" + text(u8"ü.de") + "\na_" + n + "\n";
    expected += "host" + n + ".example\nxn--tda.de\n\n";
  }
  const auto r = run_puny({"to-ascii"}, input);
  EXPECT_EQ(r.out, expected);
  EXPECT_EQ(count_lines(r.err), 1000u);
  EXPECT_NE(r.err.find("puny: line 3000: label 1 \"a_999\": U1 ("), std::string::npos);
  EXPECT_EQ(r.status, 1);
}

TEST(CliIdnaRecords, ArgumentsAreNumbered) {
  const auto r = run_puny({"to-ascii", "ok.com", "", "a_b"});
  EXPECT_EQ(r.out, "ok.com\n\n\n");
  EXPECT_EQ(count_lines(r.err), 2u);
  EXPECT_EQ(r.err.find("puny: argument 2: "), 0u) << r.err;
  EXPECT_NE(r.err.find("puny: argument 3: label 1 \"a_b\": U1 ("), std::string::npos) << r.err;
  EXPECT_EQ(r.status, 1);
  // Arguments win over standard input, which is not read.
  EXPECT_EQ(run_puny({"to-unicode", "a.com"}, "b.com\n").out, "a.com\n");
}

TEST(CliIdnaRecords, ExitStatus) {
  EXPECT_EQ(run_puny({"to-ascii"}, "a.com\nxn--bcher-kva.de\n").status, 0);
  EXPECT_EQ(run_puny({"to-unicode"}, "a.com\nxn--bcher-kva.de\n").status, 0);
  EXPECT_EQ(run_puny({"to-ascii"}, "").status, 0);
  EXPECT_EQ(run_puny({"to-ascii"}, "a.com\nxn--0\n").status, 1);
  EXPECT_EQ(run_puny({"to-unicode"}, "xn--0\na.com\n").status, 1);
  EXPECT_EQ(run_puny({"to-unicode", "--profile", "nope"}, "a.com\n").status, 2);
}

TEST(CliIdnaRecords, ResultsComeBackBeforeTheInputEnds) {
  puny_process p({"to-ascii", "--format", "jsonl"});
  p.write_input(text(u8"bücher.de\n"));
  EXPECT_EQ(p.read_line(20s), "{\"input\": \"" + text(u8"bücher.de") +
                                  "\", \"output\": \"xn--bcher-kva.de\", \"ok\": true, \"errors\": []}");
  p.write_input("a_b\n");
  EXPECT_EQ(p.read_line(20s), "{\"input\": \"a_b\", \"output\": null, \"ok\": false, \"errors\": [\"U1\"]}");
  const auto r = p.finish("x.com");
  EXPECT_EQ(r.out, "{\"input\": \"x.com\", \"output\": \"x.com\", \"ok\": true, \"errors\": []}\n");
  EXPECT_EQ(r.status, 1);
}

TEST(CliIdnaRecords, OneMegabyteRecord) {
  std::string domain;
  while (domain.size() < (1u << 20)) domain += text(u8"bücher.");
  domain.pop_back();  // no empty root label: A4_1 is the only error
  const auto a = run_puny({"to-ascii", "--format", "tsv"}, "a.com\n" + domain + "\nb.com\n");
  EXPECT_EQ(a.out, "a.com\ta.com\t\n" + domain + "\t\tA4_1\nb.com\tb.com\t\n");
  EXPECT_EQ(a.status, 1);
  // to-unicode checks no length: the labels come back as they are.
  const auto u = run_puny({"to-unicode"}, domain + "\n");
  EXPECT_EQ(u.out, domain + "\n");
  EXPECT_EQ(u.err, "");
  EXPECT_EQ(u.status, 0);
}

}  // namespace
