// Record handling: one output line per input record, in order, whatever
// fails; records kept exactly as they came; messages with line numbers;
// arguments versus standard input; exit statuses.
#include <gtest/gtest.h>

#include <string>

#include "cli_process.hpp"

namespace {

using namespace std::string_literals;
using puny_cli_test::run_puny;

const std::string u_umlaut = "\xC3\xBC";  // ü
const std::string buecher = "b\xC3\xBC" "cher";

TEST(CliUtf8, EncodesAndDecodesTheBasics) {
  const auto enc = run_puny({"encode"}, buecher + "\n" + u_umlaut + "\n\n");
  EXPECT_EQ(enc.out, "bcher-kva\ntda\n\n");
  EXPECT_EQ(enc.err, "");
  EXPECT_EQ(enc.status, 0);
  const auto dec = run_puny({"decode"}, "bcher-kva\ntda\n\n");
  EXPECT_EQ(dec.out, buecher + "\n" + u_umlaut + "\n\n");
  EXPECT_EQ(dec.err, "");
  EXPECT_EQ(dec.status, 0);
}

TEST(CliUtf8, ArgumentsIncludingTheEmptyString) {
  const auto enc = run_puny({"encode", buecher, "", u_umlaut});
  EXPECT_EQ(enc.out, "bcher-kva\n\ntda\n");
  EXPECT_EQ(enc.status, 0);
  const auto dec = run_puny({"decode", "bcher-kva", "", "tda"});
  EXPECT_EQ(dec.out, buecher + "\n\n" + u_umlaut + "\n");
  EXPECT_EQ(dec.status, 0);
}

TEST(CliUtf8, NoPrefixIsAddedOrRemovedAndCaseIsKept) {
  EXPECT_EQ(run_puny({"encode", "B\xC3\xBC" "cher"}).out, "Bcher-kva\n");
  EXPECT_EQ(run_puny({"decode", "Bcher-KVA"}).out, "B\xC3\xBC" "cher\n");
  // "xn--" is not special: it is a literal portion ending in a delimiter.
  EXPECT_EQ(run_puny({"decode", "xn--"}).out, "xn-\n");
}

TEST(CliUtf8, EmptyInputGivesNoOutput) {
  const auto r = run_puny({"encode"}, "");
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.status, 0);
}

TEST(CliRecords, EncodeKeepsAlignmentWithBadRecordsMixedIn) {
  const std::string input =
      buecher + "\n"           // 1
      "\n"                     // 2 empty record
      "\xFF\n"                 // 3 invalid UTF-8 at offset 0
      "  a b\t\n"              // 4 spaces and tabs belong to the record
      + u_umlaut + "\r\n"      // 5 CRLF
      "a\0b\n"s                // 6 NUL inside the line
      "ab\xC3\n"               // 7 truncated sequence at offset 2
      "\t" + u_umlaut + " \r\n"  // 8 tab and space kept, CRLF removed
      + u_umlaut;              // 9 no final newline
  const auto r = run_puny({"encode"}, input);
  EXPECT_EQ(r.out,
            "bcher-kva\n"
            "\n"
            "\n"
            "  a b\t-\n"
            "tda\n"
            "a\0b-\n"s
            "\n"
            "\t -xka\n"
            "tda\n");
  EXPECT_EQ(r.err,
            "puny: line 3: UTF8 at offset 0: invalid UTF-8\n"
            "puny: line 7: UTF8 at offset 2: invalid UTF-8\n");
  EXPECT_EQ(r.status, 1);
}

TEST(CliRecords, DecodeKeepsAlignmentWithBadRecordsMixedIn) {
  const std::string input =
      "bcher-kva\n"   // 1
      "ab-c!\n"       // 2 '!' is not a digit (offset 4)
      "\n"            // 3 empty record
      "\t x-\n"       // 4 literal with a tab and a space
      "-\n"           // 5 delimiter with nothing before it
      "tda\r\n"       // 6 CRLF
      "a\0-\n"s       // 7 NUL in the literal
      "ab\0c\n"s      // 8 NUL where a digit is expected (offset 2)
      "tda \n"        // 9 a trailing space is part of the record: not a digit
      "b\xC3\xBC-a\n" // 10 non-basic code point in the literal
      "9999999999999999999999999\n"  // 11 overflow (offset 17)
      "tda";          // 12 no final newline
  const auto r = run_puny({"decode"}, input);
  EXPECT_EQ(r.out,
            buecher + "\n"
            "\n"
            "\n"
            "\t x\n"
            "\n"
            + u_umlaut + "\n"
            "a\0\n"s
            "\n"
            "\n"
            "\n"
            "\n"
            + u_umlaut + "\n");
  EXPECT_EQ(r.err,
            "puny: line 2: invalid_digit at offset 4: character is not a Punycode digit\n"
            "puny: line 5: empty_literal at offset 0: delimiter with nothing before it\n"
            "puny: line 8: invalid_digit at offset 2: character is not a Punycode digit\n"
            "puny: line 9: invalid_digit at offset 3: character is not a Punycode digit\n"
            "puny: line 10: non_basic_literal at offset 1: non-basic code point before the last delimiter\n"
            "puny: line 11: overflow at offset 17: integer overflow (RFC 3492 section 6.4)\n");
  EXPECT_EQ(r.status, 1);
}

TEST(CliRecords, LineCountAndOrderOverManyRecords) {
  std::string input;
  for (int j = 0; j < 5000; ++j) {
    if (j % 7 == 3) {
      input += "bad!\n";
    } else {
      // (Appending piece by piece avoids a GCC 12 -Wrestrict false positive.)
      input += 'a';
      input += std::to_string(j);
      input += "-tda\n";
    }
  }
  const auto r = run_puny({"decode"}, input);
  EXPECT_EQ(r.status, 1);
  // Expected decodings: "aN-tda" inserts ü somewhere; compare line count
  // and the failing lines' positions instead of the text.
  std::size_t lines = 0, empty = 0;
  std::size_t start = 0;
  for (std::size_t eol; (eol = r.out.find('\n', start)) != std::string::npos; start = eol + 1) {
    const bool is_empty = eol == start;
    EXPECT_EQ(is_empty, lines % 7 == 3) << "line " << lines + 1;
    empty += is_empty;
    ++lines;
  }
  EXPECT_EQ(start, r.out.size());
  EXPECT_EQ(lines, 5000u);
  EXPECT_EQ(empty, 714u);
  EXPECT_NE(r.err.find("puny: line 4: invalid_digit at offset 3"), std::string::npos);
  EXPECT_NE(r.err.find("puny: line 4995: invalid_digit at offset 3"), std::string::npos);
}

TEST(CliRecords, CarriageReturnsOtherThanCrlfAreKept) {
  // A CR not followed by LF is data; a final CR without LF too.
  const auto r = run_puny({"encode"}, "a\rb\r\r\nc\r");
  EXPECT_EQ(r.out, "a\rb\r-\nc\r-\n");
  EXPECT_EQ(r.status, 0);
}

TEST(CliRecords, OnlyEmptyLines) {
  const auto r = run_puny({"decode"}, "\n\r\n\n");
  EXPECT_EQ(r.out, "\n\n\n");
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.status, 0);
}

TEST(CliRecords, ArgumentsWinOverStandardInput) {
  const auto r = run_puny({"encode", u_umlaut}, "ignored\n");
  EXPECT_EQ(r.out, "tda\n");
  EXPECT_EQ(r.status, 0);
}

TEST(CliRecords, ArgumentFailuresAreNumberedByArgument) {
  const auto r = run_puny({"decode", "--", "tda", "-", "ab-c!", "tda"});
  EXPECT_EQ(r.out, u_umlaut + "\n\n\n" + u_umlaut + "\n");
  EXPECT_EQ(r.err,
            "puny: argument 2: empty_literal at offset 0: delimiter with nothing before it\n"
            "puny: argument 3: invalid_digit at offset 4: character is not a Punycode digit\n");
  EXPECT_EQ(r.status, 1);
}

TEST(CliRecords, ArgumentsKeepSpacesAndTabs) {
  const auto r = run_puny({"encode", " a\t", u_umlaut + " "});
  EXPECT_EQ(r.out, " a\t-\n -dha\n");
  EXPECT_EQ(r.status, 0);
}

TEST(CliRecords, OptionsMayFollowStrings) {
  const auto r = run_puny({"decode", "A-", "--codepoints"});
  EXPECT_EQ(r.out, "U+0041\n");
  EXPECT_EQ(r.status, 0);
}

TEST(CliRecords, DoubleDashEndsOptions) {
  const auto r = run_puny({"encode", "--", "--trace", "-", "--"});
  EXPECT_EQ(r.out, "--trace-\n--\n---\n");
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.status, 0);
  // "--" with nothing after it: records come from standard input.
  const auto s = run_puny({"encode", "--"}, u_umlaut + "\n");
  EXPECT_EQ(s.out, "tda\n");
  EXPECT_EQ(s.status, 0);
}

TEST(CliRecords, ResultWithALineFeedFailsInsteadOfSplittingTheRecord) {
  // Only possible from an argument or a u+000A token.
  const auto r = run_puny({"encode", "a\nb", "ok"});
  EXPECT_EQ(r.out, "\nok-\n");
  EXPECT_EQ(r.err,
            "puny: argument 1: terminator_in_result at offset 1: the result would contain a line feed, which "
            "would split its output record\n");
  EXPECT_EQ(r.status, 1);
  const auto d = run_puny({"decode", "a\nb-", "a\rb-"});
  EXPECT_EQ(d.out, "\na\rb\n");
  EXPECT_EQ(d.status, 1);
  const auto c = run_puny({"encode", "--codepoints"}, "u+0061 u+000A\nu+000D\n");
  EXPECT_EQ(c.out, "\n\r-\n");
  EXPECT_EQ(c.err,
            "puny: line 1: terminator_in_result at offset 7: the result would contain a line feed, which "
            "would split its output record\n");
  EXPECT_EQ(c.status, 1);
}

}  // namespace
