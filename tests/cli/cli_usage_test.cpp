// Command line: help, version, usage errors and exit statuses.
#include <gtest/gtest.h>

#include <string>

#include "cli_process.hpp"

namespace {

using puny_cli_test::run_puny;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

const std::string hint = "Try 'puny --help' for more information.\n";

const std::string encode_synopsis = "puny encode [--codepoints | --mixed-case] [--trace] [--] [STRING...]\n";
const std::string decode_synopsis = "puny decode [--codepoints | --mixed-case] [--trace] [--] [STRING...]\n";
const std::string to_ascii_synopsis =
    "puny to-ascii [--profile PROFILE] [FLAG...] [--format FORMAT] [--] [DOMAIN...]\n";
const std::string to_unicode_synopsis =
    "puny to-unicode [--profile PROFILE] [FLAG...] [--format FORMAT] [--] [DOMAIN...]\n";

// Every option each command takes, as --help spells it.
const char* const punycode_options[] = {"--codepoints", "--mixed-case", "--trace"};
const char* const idna_options[] = {"--profile PROFILE",
                                    "uts46",
                                    "whatwg",
                                    "transitional",
                                    "display",
                                    "--[no-]std3",
                                    "--[no-]check-hyphens",
                                    "--[no-]check-bidi",
                                    "--[no-]check-joiners",
                                    "--[no-]transitional",
                                    "--[no-]verify-dns-length",
                                    "--[no-]ignore-invalid-punycode",
                                    "--format FORMAT",
                                    "plain",
                                    "tsv",
                                    "jsonl"};

TEST(CliUsage, HelpGoesToStandardOutput) {
  for (const char* flag : {"--help", "-h"}) {
    const auto r = run_puny({flag});
    EXPECT_TRUE(contains(r.out, "Usage: " + encode_synopsis)) << r.out;
    EXPECT_TRUE(contains(r.out, "       " + decode_synopsis)) << r.out;
    EXPECT_TRUE(contains(r.out, "       " + to_ascii_synopsis)) << r.out;
    EXPECT_TRUE(contains(r.out, "       " + to_unicode_synopsis)) << r.out;
    for (const char* option : punycode_options) EXPECT_TRUE(contains(r.out, option)) << option;
    for (const char* option : idna_options) EXPECT_TRUE(contains(r.out, option)) << option;
    EXPECT_TRUE(contains(r.out, "--version")) << r.out;
    EXPECT_EQ(r.err, "");
    EXPECT_EQ(r.status, 0);
  }
}

TEST(CliUsage, CommandHelp) {
  const auto enc = run_puny({"encode", "--help"}, "not read\n");
  EXPECT_TRUE(contains(enc.out, "Usage: " + encode_synopsis)) << enc.out;
  EXPECT_FALSE(contains(enc.out, "puny decode")) << enc.out;
  EXPECT_FALSE(contains(enc.out, "--profile")) << enc.out;
  EXPECT_EQ(enc.err, "");
  EXPECT_EQ(enc.status, 0);
  const auto dec = run_puny({"decode", "tda", "-h"});
  EXPECT_TRUE(contains(dec.out, "Usage: " + decode_synopsis)) << dec.out;
  EXPECT_EQ(dec.status, 0);
  const auto asc = run_puny({"to-ascii", "--profile", "whatwg", "--help"});
  EXPECT_TRUE(contains(asc.out, "Usage: " + to_ascii_synopsis)) << asc.out;
  EXPECT_FALSE(contains(asc.out, "puny to-unicode")) << asc.out;
  EXPECT_FALSE(contains(asc.out, "--codepoints")) << asc.out;
  for (const char* option : idna_options) EXPECT_TRUE(contains(asc.out, option)) << option;
  EXPECT_EQ(asc.status, 0);
  const auto uni = run_puny({"to-unicode", "-h", "a.com"});
  EXPECT_TRUE(contains(uni.out, "Usage: " + to_unicode_synopsis)) << uni.out;
  EXPECT_EQ(uni.status, 0);
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
  EXPECT_EQ(r.err, "puny: missing command (encode, decode, to-ascii or to-unicode)\n" + hint);
  EXPECT_EQ(r.status, 2);
}

TEST(CliUsage, UnknownCommand) {
  const auto r = run_puny({"frobnicate", "x"});
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "puny: unknown command 'frobnicate' (expected encode, decode, to-ascii or to-unicode)\n" + hint);
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

TEST(CliUsage, UnknownProfileOrFormat) {
  for (const char* cmd : {"to-ascii", "to-unicode"}) {
    const auto p = run_puny({cmd, "--profile", "strict", "a.com"}, "b.com\n");
    EXPECT_EQ(p.out, "");
    EXPECT_EQ(p.err, "puny: unknown profile 'strict' (expected uts46, whatwg, transitional or display)\n" + hint);
    EXPECT_EQ(p.status, 2);
    const auto f = run_puny({cmd, "a.com", "--format=json"});
    EXPECT_EQ(f.out, "");
    EXPECT_EQ(f.err, "puny: unknown format 'json' (expected plain, tsv or jsonl)\n" + hint);
    EXPECT_EQ(f.status, 2);
    // Names are case-sensitive, and an empty value is no name.
    EXPECT_EQ(run_puny({cmd, "--profile=UTS46", "a.com"}).status, 2);
    EXPECT_EQ(run_puny({cmd, "--format=", "a.com"}).err,
              "puny: unknown format '' (expected plain, tsv or jsonl)\n" + hint);
  }
}

TEST(CliUsage, OptionWithoutItsValue) {
  const auto p = run_puny({"to-ascii", "a.com", "--profile"});
  EXPECT_EQ(p.out, "");
  EXPECT_EQ(p.err, "puny: option '--profile' needs a value (uts46, whatwg, transitional or display)\n" + hint);
  EXPECT_EQ(p.status, 2);
  const auto f = run_puny({"to-unicode", "--format"});
  EXPECT_EQ(f.err, "puny: option '--format' needs a value (plain, tsv or jsonl)\n" + hint);
  EXPECT_EQ(f.status, 2);
}

TEST(CliUsage, OptionsOfOtherCommandsDoNotApply) {
  const auto a = run_puny({"encode", "--format", "jsonl", "a"});
  EXPECT_EQ(a.out, "");
  EXPECT_EQ(a.err, "puny: option '--format' does not apply to encode\n" + hint);
  EXPECT_EQ(a.status, 2);
  EXPECT_EQ(run_puny({"decode", "--no-std3", "a-"}).err, "puny: option '--no-std3' does not apply to decode\n" + hint);
  EXPECT_EQ(run_puny({"decode", "--profile=uts46", "a-"}).status, 2);
  const auto b = run_puny({"to-unicode", "--codepoints", "a.com"});
  EXPECT_EQ(b.out, "");
  EXPECT_EQ(b.err, "puny: option '--codepoints' does not apply to to-unicode\n" + hint);
  EXPECT_EQ(b.status, 2);
  EXPECT_EQ(run_puny({"to-ascii", "--trace", "a.com"}).status, 2);
}

TEST(CliUsage, UnknownOptionOfADomainCommand) {
  const auto r = run_puny({"to-ascii", "a.com", "--no-such-check"});
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err,
            "puny: unknown option '--no-such-check' for to-ascii (use -- before strings that start with '-')\n" +
                hint);
  EXPECT_EQ(r.status, 2);
  // A domain that starts with '-' comes after "--".
  EXPECT_EQ(run_puny({"to-unicode", "-a.com"}).status, 2);
  const auto s = run_puny({"to-unicode", "--", "-a.com"});
  EXPECT_EQ(s.out, "-a.com\n");
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
