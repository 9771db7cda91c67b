// to-ascii / to-unicode output formats: plain, tsv and jsonl, on success and
// failure, byte for byte, with the diagnostics on standard error.
#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <string_view>

#include "cli_process.hpp"

namespace {

using namespace std::string_literals;
using puny_cli_test::run_puny;

std::string text(std::u8string_view s) { return std::string(s.begin(), s.end()); }

// IdnaTestV2.txt (Unicode 17.0.0) lines used here:
//   0à.\u05D0; ; [B1]; xn--0-sfa.xn--4db; ; ;
//   xn--0.pt; ; [P4]; ; ; ;
//   \u0308\u200C\u0308\u0628b; ; [B1, C1, V6]; xn--b-bcba413a2w8b; ; xn--b-bcba413a; [B1, V6]
const std::string bidi_fail = text(u8"0à.\u05D0");
const std::string three_codes = text(u8"\u0308\u200C\u0308\u0628b");
const std::string buecher = text(u8"bücher.de");
// How diagnostics quote three_codes' label: ZWNJ is invisible, so named.
const std::string three_codes_label = text(u8"\u0308") + "\\u{200C}" + text(u8"\u0308\u0628b");

const std::string b1_message = "B1 (Bidi rule 1: the first character is not of Bidi class L, R or AL)";
const std::string p4_message = "P4 (an xn-- label is not valid Punycode of a non-ASCII label)";
const std::string three_messages =
    "B1 (Bidi rule 1: the first character is not of Bidi class L, R or AL); "
    "C1 (ZERO WIDTH NON-JOINER not after a virama nor between joining letters); "
    "V6 (a label begins with a combining mark)";

// The lines given, each followed by '\n'.
std::string lines(std::initializer_list<std::string> each) {
  std::string out;
  for (const std::string& line : each) out += line + "\n";
  return out;
}

TEST(CliIdnaPlain, ToAsciiWritesAnEmptyLineForAFailure) {
  const auto r = run_puny({"to-ascii", buecher, bidi_fail, "Example.COM"});
  EXPECT_EQ(r.out, "xn--bcher-kva.de\n\nexample.com\n");
  EXPECT_EQ(r.err, "puny: argument 2: label 1 \"" + text(u8"0à") + "\": " + b1_message + "\n");
  EXPECT_EQ(r.status, 1);
}

TEST(CliIdnaPlain, ToUnicodeWritesItsResultEvenWithErrors) {
  const auto r = run_puny({"to-unicode"}, lines({"xn--bcher-kva.de", "www.xn--0.pt", three_codes}));
  EXPECT_EQ(r.out, lines({buecher, "www.xn--0.pt", three_codes}));
  EXPECT_EQ(r.err, lines({
                       "puny: line 2: label 2 \"xn--0\": " + p4_message,
                       "puny: line 3: label 1 \"" + three_codes_label + "\": " + three_messages,
                   }));
  EXPECT_EQ(r.status, 1);
}

TEST(CliIdnaPlain, AllConvertedIsExitZeroAndSilent) {
  const auto r = run_puny({"to-unicode", "--format", "plain"}, lines({"xn--bcher-kva.de", buecher}));
  EXPECT_EQ(r.out, lines({buecher, buecher}));
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.status, 0);
}

TEST(CliIdnaTsv, SuccessAndFailure) {
  const auto a = run_puny({"to-ascii", "--format", "tsv"}, lines({buecher, bidi_fail, three_codes}));
  EXPECT_EQ(a.out, lines({
                       buecher + "\txn--bcher-kva.de\t",
                       bidi_fail + "\t\tB1",
                       three_codes + "\t\tB1,C1,V6",
                   }));
  EXPECT_EQ(a.err, lines({
                       "puny: line 2: label 1 \"" + text(u8"0à") + "\": " + b1_message,
                       "puny: line 3: label 1 \"" + three_codes_label + "\": " + three_messages,
                   }));
  EXPECT_EQ(a.status, 1);
  const auto u = run_puny({"to-unicode", "--format=tsv", "xn--bcher-kva.de", "xn--0.pt"});
  EXPECT_EQ(u.out, "xn--bcher-kva.de\t" + buecher + "\t\nxn--0.pt\txn--0.pt\tP4\n");
  EXPECT_EQ(u.status, 1);
}

TEST(CliIdnaTsv, SeparatorsInsideFieldsAreEscaped) {
  // With UseSTD3ASCIIRules off, TAB and '\' are valid (IdnaMappingTable:
  // 0000..002C and 005B..0060 are valid, NV8).
  const auto r = run_puny({"to-unicode", "--no-std3", "--format", "tsv"}, "a\tb\\c\r\n");
  EXPECT_EQ(r.out, "a\\tb\\\\c\ta\\tb\\\\c\t\n");
  EXPECT_EQ(r.status, 0);
  // A line feed can only come from an argument.
  const auto lf = run_puny({"to-unicode", "--no-std3", "--format", "tsv", "a\nb\rc"});
  EXPECT_EQ(lf.out, "a\\nb\\rc\ta\\nb\\rc\t\n");
  EXPECT_EQ(lf.status, 0);
}

TEST(CliIdnaJsonl, ExactObjects) {
  const auto a = run_puny({"to-ascii", "--format", "jsonl"}, lines({buecher, bidi_fail, three_codes}));
  EXPECT_EQ(a.out, lines({
                       R"({"input": ")" + buecher + R"(", "output": "xn--bcher-kva.de", "ok": true, "errors": []})",
                       R"({"input": ")" + bidi_fail + R"(", "output": null, "ok": false, "errors": ["B1"]})",
                       R"({"input": ")" + three_codes +
                           R"(", "output": null, "ok": false, "errors": ["B1", "C1", "V6"]})",
                   }));
  EXPECT_EQ(a.status, 1);
  const auto u = run_puny({"to-unicode", "--format=jsonl"}, "xn--bcher-kva.de\nxn--0.pt\n" + three_codes);
  EXPECT_EQ(u.out, lines({
                       R"({"input": "xn--bcher-kva.de", "output": ")" + buecher + R"(", "ok": true, "errors": []})",
                       R"({"input": "xn--0.pt", "output": "xn--0.pt", "ok": false, "errors": ["P4"]})",
                       R"({"input": ")" + three_codes + R"(", "output": ")" + three_codes +
                           R"(", "ok": false, "errors": ["B1", "C1", "V6"]})",
                   }));
  EXPECT_EQ(u.err, lines({
                       "puny: line 2: label 1 \"xn--0\": " + p4_message,
                       "puny: line 3: label 1 \"" + three_codes_label + "\": " + three_messages,
                   }));
  EXPECT_EQ(u.status, 1);
}

TEST(CliIdnaJsonl, StringsAreEscaped) {
  // '"' and '\' are valid ASCII in IdnaMappingTable; with STD3 rules on
  // they are U1, and to-unicode still writes them back.
  const auto r = run_puny({"to-unicode", "--format", "jsonl"}, "a\"b\\c\td\x01\x1F\x7F.com\n");
  EXPECT_EQ(r.out,
            "{\"input\": \"a\\\"b\\\\c\\td\\u0001\\u001f\\u007f.com\", "
            "\"output\": \"a\\\"b\\\\c\\td\\u0001\\u001f\\u007f.com\", \"ok\": false, \"errors\": [\"U1\"]}\n");
  // The label is shown with its quote and backslash escaped and the
  // control characters named.
  EXPECT_EQ(r.err,
            "puny: line 1: label 1 \"a\\\"b\\\\c\\u{0009}d\\u{0001}\\u{001F}\\u{007F}\": "
            "U1 (ASCII character other than a-z, 0-9 and hyphen (STD3 rules))\n");
  EXPECT_EQ(r.status, 1);
  const auto lf = run_puny({"to-unicode", "--no-std3", "--format", "jsonl", "a\nb\r\b\f"});
  EXPECT_EQ(lf.out, "{\"input\": \"a\\nb\\r\\b\\f\", \"output\": \"a\\nb\\r\\b\\f\", \"ok\": true, \"errors\": []}\n");
  EXPECT_EQ(lf.status, 0);
}

TEST(CliIdnaJsonl, C1ControlsAreEscapedToo) {
  // IdnaTestV2: xn--a.pt; \u0080.pt; [V7]
  const auto r = run_puny({"to-unicode", "--format", "jsonl", "xn--a.pt", text(u8"\u0085\u009F\u00A0")});
  EXPECT_EQ(r.out,
            "{\"input\": \"xn--a.pt\", \"output\": \"\\u0080.pt\", \"ok\": false, \"errors\": [\"V7\"]}\n"
            "{\"input\": \"\\u0085\\u009f" +
                text(u8"\u00A0") +
                "\", \"output\": \"\\u0085\\u009f \", "
                "\"ok\": false, \"errors\": [\"U1\", \"V7\"]}\n");
  EXPECT_EQ(
      r.err,
      "puny: argument 1: label 1 \"xn--a\": V7 (a code point is disallowed)\n"
      "puny: argument 2: label 1 \"\\u{0085}\\u{009F}" +
          text(u8"\u00A0") +
          "\": U1 (ASCII character other than a-z, 0-9 and hyphen (STD3 rules)); V7 (a code point is disallowed)\n");
  EXPECT_EQ(r.status, 1);
}

TEST(CliIdnaDiagnostics, InvisibleCharactersAreNamed) {
  // Default_Ignorable_Code_Point characters, ZWNJ of code C1 among them.
  const auto r = run_puny({"to-ascii", text(u8"a\u200Cb"), text(u8"x.a\U000E0001b")});
  EXPECT_EQ(r.out, "\n\n");
  EXPECT_EQ(r.err,
            "puny: argument 1: label 1 \"a\\u{200C}b\": "
            "C1 (ZERO WIDTH NON-JOINER not after a virama nor between joining letters)\n"
            "puny: argument 2: label 2 \"a\\u{E0001}b\": V7 (a code point is disallowed)\n");
  EXPECT_EQ(r.status, 1);
}

TEST(CliIdnaJsonl, NonAsciiIsWrittenAsUtf8) {
  // U+FFFD given in the input is disallowed (V7) and written as it is.
  const std::string input = text(u8"日本語。ＪＰ.\uFFFD");
  const auto r = run_puny({"to-unicode", "--format", "jsonl", input});
  EXPECT_EQ(r.out, "{\"input\": \"" + input + "\", \"output\": \"" + text(u8"日本語.jp.\uFFFD") +
                       "\", \"ok\": false, \"errors\": [\"V7\"]}\n");
  EXPECT_EQ(r.err, "puny: argument 1: label 3 \"" + text(u8"\uFFFD") + "\": V7 (a code point is disallowed)\n");
  EXPECT_EQ(r.status, 1);
}

TEST(CliIdnaInvalidUtf8, EveryFormat) {
  const std::string input =
      "a\xFF"
      "b.com\n";
  const std::string message = "puny: line 1: UTF8 at offset 1: invalid UTF-8\n";
  const auto plain_a = run_puny({"to-ascii"}, input);
  EXPECT_EQ(plain_a.out, "\n");
  EXPECT_EQ(plain_a.err, message);
  EXPECT_EQ(plain_a.status, 1);
  const auto plain_u = run_puny({"to-unicode"}, input);
  EXPECT_EQ(plain_u.out, "\n");
  EXPECT_EQ(plain_u.err, message);
  EXPECT_EQ(plain_u.status, 1);
  // TSV keeps the bytes as they came.
  EXPECT_EQ(run_puny({"to-ascii", "--format", "tsv"}, input).out,
            "a\xFF"
            "b.com\t\tUTF8\n");
  EXPECT_EQ(run_puny({"to-unicode", "--format", "tsv"}, input).out,
            "a\xFF"
            "b.com\t\tUTF8\n");
  // JSON cannot hold them: each is written \ufffd.
  const auto json_a = run_puny({"to-ascii", "--format", "jsonl"}, input);
  EXPECT_EQ(json_a.out,
            "{\"input\": \"a\\ufffdb.com\", \"output\": null, \"ok\": false, \"errors\": [\"UTF8\"]}\n");
  EXPECT_EQ(json_a.err, message);
  EXPECT_EQ(json_a.status, 1);
  const auto json_u = run_puny({"to-unicode", "--format", "jsonl"}, input);
  EXPECT_EQ(json_u.out,
            "{\"input\": \"a\\ufffdb.com\", \"output\": \"\", \"ok\": false, \"errors\": [\"UTF8\"]}\n");
}

TEST(CliIdnaInvalidUtf8, OneReplacementPerMaximalSubpart) {
  // Unicode §3.9 "U+FFFD Substitution of Maximal Subparts" (Table 3-8):
  //   E0 80       E0 cannot be followed by 80: two subparts
  //   ED A0 80    a surrogate: three
  //   F0 9F 98    a truncated 4-byte sequence: one
  //   C0 AF       overlong: two
  //   F4 90 80 80 above U+10FFFF: four
  //   C3 at the end: one
  const std::string input = "\xE0\x80|\xED\xA0\x80|\xF0\x9F\x98|\xC0\xAF|\xF4\x90\x80\x80|\xC3";
  const auto r = run_puny({"to-ascii", "--format", "jsonl", input});
  EXPECT_EQ(
      r.out,
      "{\"input\": \"\\ufffd\\ufffd|\\ufffd\\ufffd\\ufffd|\\ufffd|\\ufffd\\ufffd|"
      "\\ufffd\\ufffd\\ufffd\\ufffd|\\ufffd\", \"output\": null, \"ok\": false, \"errors\": [\"UTF8\"]}\n");
  EXPECT_EQ(r.err, "puny: argument 1: UTF8 at offset 0: invalid UTF-8\n");
  EXPECT_EQ(r.status, 1);
}

TEST(CliIdnaPlain, ALineFeedInTheResultFailsTheRecord) {
  // Only plain output has to refuse it: the line would split in two.
  const auto r = run_puny({"to-unicode", "--no-std3", "ok.com", "a\nb", "c.com"});
  EXPECT_EQ(r.out, "ok.com\n\nc.com\n");
  EXPECT_EQ(r.err,
            "puny: argument 2: terminator_in_result at offset 1: the result would contain a line feed, which "
            "would split its output record\n");
  EXPECT_EQ(r.status, 1);
  const auto a = run_puny({"to-ascii", "--no-std3", "a\nb"});
  EXPECT_EQ(a.out, "\n");
  EXPECT_EQ(a.status, 1);
  const auto t = run_puny({"to-ascii", "--no-std3", "--format", "jsonl", "a\nb"});
  EXPECT_EQ(t.out, "{\"input\": \"a\\nb\", \"output\": \"a\\nb\", \"ok\": true, \"errors\": []}\n");
  EXPECT_EQ(t.status, 0);
}

TEST(CliIdnaDiagnostics, DomainLevelErrorsNameNoLabel) {
  // A4_1: longer than 253 without the trailing dot (4 × 63 + 3 dots = 255).
  const std::string label(63, 'a');
  const std::string domain = label + "." + label + "." + label + "." + label;
  const auto r = run_puny({"to-ascii", "--format", "tsv", domain});
  EXPECT_EQ(r.out, domain + "\t\tA4_1\n");
  EXPECT_EQ(r.err, "puny: argument 1: A4_1 (the domain name is empty or longer than 253 characters)\n");
  EXPECT_EQ(r.status, 1);
}

TEST(CliIdnaDiagnostics, LongLabelsAreCutShort) {
  const std::string label(70, 'a');
  const auto r = run_puny({"to-ascii", "x." + label});
  EXPECT_EQ(r.out, "\n");
  EXPECT_EQ(r.err, "puny: argument 1: label 2 \"" + std::string(63, 'a') +
                       "...\": A4_2 (a label is empty or longer than 63 characters)\n");
  EXPECT_EQ(r.status, 1);
}

TEST(CliIdnaDiagnostics, LabelsAreCountedAtEveryFullStop) {
  // U+3002, U+FF0E and U+FF61 separate labels as U+002E does (UTS #46 §4
  // step 1 maps them to it).
  const std::string input = text(u8"a。b．c｡xn--0.d");
  const auto r = run_puny({"to-unicode", input});
  EXPECT_EQ(r.out, "a.b.c.xn--0.d\n");
  EXPECT_EQ(r.err, "puny: argument 1: label 4 \"xn--0\": " + p4_message + "\n");
  EXPECT_EQ(r.status, 1);
}

}  // namespace
