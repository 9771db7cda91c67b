// Input and output as streams: long lines, many records, results that come
// back before the input ends, and I/O errors.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <string>

#include "cli_process.hpp"

namespace {

using namespace std::chrono_literals;
using puny_cli_test::puny_process;
using puny_cli_test::redirect;
using puny_cli_test::run_puny;

TEST(CliIo, OneMegabyteAsciiLine) {
  const std::string line(1 << 20, 'a');
  const auto enc = run_puny({"encode"}, line + "\nb\n");
  EXPECT_EQ(enc.out, line + "-\nb-\n");
  EXPECT_EQ(enc.status, 0);
  const auto dec = run_puny({"decode"}, line + "-\n");
  EXPECT_EQ(dec.out, line + "\n");
  EXPECT_EQ(dec.status, 0);
}

TEST(CliIo, OneMegabyteMixedLineRoundTrips) {
  // About 1 MB of "bücher-ü" text: 87381 copies of 8 code points.
  std::string line;
  while (line.size() < (1u << 20)) line += "b\xC3\xBC" "cher-\xC3\xBC";
  const auto enc = run_puny({"encode"}, "x\n" + line + "\ny\n");
  ASSERT_EQ(enc.status, 0) << enc.err.substr(0, 500);
  const std::size_t first = enc.out.find('\n');
  const std::size_t second = enc.out.find('\n', first + 1);
  ASSERT_NE(second, std::string::npos);
  EXPECT_EQ(enc.out.substr(0, first), "x-");
  EXPECT_EQ(enc.out.substr(second), "\ny-\n");
  const auto dec = run_puny({"decode"}, enc.out);
  EXPECT_EQ(dec.out, "x\n" + line + "\ny\n");
  EXPECT_EQ(dec.status, 0);
}

TEST(CliIo, LongLineAsArgument) {
  const std::string text(100000, 'q');
  const auto r = run_puny({"encode", text + "\xC3\xBC"});
  EXPECT_EQ(r.status, 0);
  const auto d = run_puny({"decode", r.out.substr(0, r.out.size() - 1)});
  EXPECT_EQ(d.out, text + "\xC3\xBC\n");
}

TEST(CliIo, InvalidUtf8DeepInsideALongLine) {
  const std::string line = std::string(300000, 'a').append("\xC0\xAF") + std::string(10, 'b');
  const auto r = run_puny({"encode"}, "ok\n" + line + "\nok\n");
  EXPECT_EQ(r.out, "ok-\n\nok-\n");
  EXPECT_EQ(r.err, "puny: line 2: UTF8 at offset 300000: invalid UTF-8\n");
  EXPECT_EQ(r.status, 1);
}

TEST(CliIo, ResultsComeBackBeforeTheInputEnds) {
  puny_process p({"encode"});
  p.write_input("b\xC3\xBC" "cher\n");
  EXPECT_EQ(p.read_line(20s), "bcher-kva");
  p.write_input("\xC3\xBC\n");
  EXPECT_EQ(p.read_line(20s), "tda");
  p.write_input("\xFF\n");
  EXPECT_EQ(p.read_line(20s), "");
  // The result of a complete line comes back even while the next line is
  // still incomplete.
  p.write_input("a\nb\xC3");
  EXPECT_EQ(p.read_line(20s), "a-");
  const auto r = p.finish("\xBC" "cher\nc");
  EXPECT_EQ(r.out, "bcher-kva\nc-\n");
  EXPECT_EQ(r.err, "puny: line 3: UTF8 at offset 0: invalid UTF-8\n");
  EXPECT_EQ(r.status, 1);
}

TEST(CliIo, ReadErrorIsReported) {
  // Reading a directory fails (EISDIR).
  const auto r = run_puny({"encode"}, {}, redirect{std::string("/"), std::nullopt});
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "puny: error reading standard input: Is a directory\n");
  EXPECT_EQ(r.status, 1);
}

TEST(CliIo, WriteErrorIsReported) {
  if (!std::filesystem::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  const auto r = run_puny({"encode", "a"}, {}, redirect{std::nullopt, std::string("/dev/full")});
  EXPECT_EQ(r.err, "puny: error writing standard output\n");
  EXPECT_EQ(r.status, 1);
  const auto s =
      run_puny({"encode"}, std::string(100000, 'x').append("\n"), redirect{std::nullopt, std::string("/dev/full")});
  EXPECT_EQ(s.err, "puny: error writing standard output\n");
  EXPECT_EQ(s.status, 1);
  const auto h = run_puny({"--help"}, {}, redirect{std::nullopt, std::string("/dev/full")});
  EXPECT_EQ(h.err, "puny: error writing standard output\n");
  EXPECT_EQ(h.status, 1);
}

}  // namespace
