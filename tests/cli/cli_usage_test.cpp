// Command line: help, version, usage errors and exit statuses.
#include <gtest/gtest.h>

#include <string>

#include "cli_process.hpp"

namespace {

using puny_cli_test::run_puny;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

const std::string hint = "Try 'puny --help' for more information.\n";

TEST(CliUsage, HelpGoesToStandardOutput) {
  for (const char* flag : {"--help", "-h"}) {
    const auto r = run_puny({flag});
    EXPECT_TRUE(contains(r.out, "Usage: puny encode [--codepoints] [--trace] [--] [STRING...]\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "puny decode [--codepoints] [--trace] [--] [STRING...]\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "--version")) << r.out;
    EXPECT_EQ(r.err, "");
    EXPECT_EQ(r.status, 0);
  }
}

TEST(CliUsage, CommandHelp) {
  const auto enc = run_puny({"encode", "--help"}, "not read\n");
  EXPECT_TRUE(contains(enc.out, "Usage: puny encode [--codepoints] [--trace] [--] [STRING...]\n")) << enc.out;
  EXPECT_FALSE(contains(enc.out, "puny decode")) << enc.out;
  EXPECT_EQ(enc.err, "");
  EXPECT_EQ(enc.status, 0);
  const auto dec = run_puny({"decode", "tda", "-h"});
  EXPECT_TRUE(contains(dec.out, "Usage: puny decode [--codepoints] [--trace] [--] [STRING...]\n")) << dec.out;
  EXPECT_EQ(dec.status, 0);
  // After "--", "--help" is a string.
  const auto str = run_puny({"encode", "--", "--help"});
  EXPECT_EQ(str.out, "--help-\n");
  EXPECT_EQ(str.status, 0);
}

TEST(CliUsage, Version) {
  const auto r = run_puny({"--version"});
  EXPECT_EQ(r.out, "puny 0.1.0\n");
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.status, 0);
}

TEST(CliUsage, MissingCommand) {
  const auto r = run_puny({}, "tda\n");
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "puny: missing command (encode or decode)\n" + hint);
  EXPECT_EQ(r.status, 2);
}

TEST(CliUsage, UnknownCommand) {
  const auto r = run_puny({"frobnicate", "x"});
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "puny: unknown command 'frobnicate' (expected encode or decode)\n" + hint);
  EXPECT_EQ(r.status, 2);
}

TEST(CliUsage, UnknownOptionBeforeTheCommand) {
  const auto r = run_puny({"--trace", "encode", "x"});
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "puny: unknown option '--trace'\n" + hint);
  EXPECT_EQ(r.status, 2);
}

TEST(CliUsage, UnknownOptionOfACommandConvertsNothing) {
  const auto r = run_puny({"encode", "a", "--bogus", "b"}, "c\n");
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err,
            "puny: unknown option '--bogus' for encode (use -- before strings that start with '-')\n" + hint);
  EXPECT_EQ(r.status, 2);
  const auto s = run_puny({"decode", "-x"});
  EXPECT_TRUE(contains(s.err, "unknown option '-x' for decode")) << s.err;
  EXPECT_EQ(s.status, 2);
}

TEST(CliUsage, ExitStatusIsZeroWhenEverythingConverts) {
  EXPECT_EQ(run_puny({"encode"}, "a\n\xC3\xBC\n").status, 0);
  EXPECT_EQ(run_puny({"decode"}, "a-\ntda").status, 0);
}

TEST(CliUsage, ExitStatusIsOneWhenAnyRecordFails) {
  const auto r = run_puny({"decode"}, "tda\n!\ntda\n");
  EXPECT_EQ(r.out, "\xC3\xBC\n\n\xC3\xBC\n");
  EXPECT_EQ(r.status, 1);
}

}  // namespace
