// --trace: the RFC 3492 §7.2 and §7.3 traces of samples B and L on standard
// error, exactly as the RFC prints them (indentation removed), with the
// result still on standard output.
#include <gtest/gtest.h>

#include <ostream>
#include <string>
#include <vector>

#include "cli_process.hpp"

namespace {

using puny_cli_test::run_puny;

const std::string b_tokens = "u+4ED6 u+4EEC u+4E3A u+4EC0 u+4E48 u+4E0D u+8BF4 u+4E2D u+6587";
const std::string b_utf8 = "\xE4\xBB\x96\xE4\xBB\xAC\xE4\xB8\xBA\xE4\xBB\x80\xE4\xB9\x88\xE4\xB8\x8D\xE8\xAF\xB4"
                           "\xE4\xB8\xAD\xE6\x96\x87";  // 他们为什么不说中文
const std::string b_punycode = "ihqwcrb4cv8a8dqg056pqjye";

const std::string l_tokens = "u+0033 u+5E74 U+0042 u+7D44 u+91D1 u+516B u+5148 u+751F";
// 3年B組金八先生
const std::string l_utf8 = "3\xE5\xB9\xB4" "B\xE7\xB5\x84\xE9\x87\x91\xE5\x85\xAB\xE5\x85\x88\xE7\x94\x9F";
const std::string l_punycode = "3B-ww4c5e180e575a65lsy2b";

// RFC 3492 §7.2, "Decoding trace of example B from section 7.1".
const std::string b_decoding_trace =
    "n is 128, i is 0, bias is 72\n"
    "input is \"ihqwcrb4cv8a8dqg056pqjye\"\n"
    "there is no delimiter, so extended string starts empty\n"
    "delta \"ihq\" decodes to 19853\n"
    "bias becomes 21\n"
    "4E0D *\n"
    "delta \"wc\" decodes to 64\n"
    "bias becomes 20\n"
    "4E0D 4E2D *\n"
    "delta \"rb\" decodes to 37\n"
    "bias becomes 13\n"
    "4E3A * 4E0D 4E2D\n"
    "delta \"4c\" decodes to 56\n"
    "bias becomes 17\n"
    "4E3A 4E48 * 4E0D 4E2D\n"
    "delta \"v8a\" decodes to 599\n"
    "bias becomes 32\n"
    "4E3A 4EC0 * 4E48 4E0D 4E2D\n"
    "delta \"8d\" decodes to 130\n"
    "bias becomes 23\n"
    "4ED6 * 4E3A 4EC0 4E48 4E0D 4E2D\n"
    "delta \"qg\" decodes to 154\n"
    "bias becomes 25\n"
    "4ED6 4EEC * 4E3A 4EC0 4E48 4E0D 4E2D\n"
    "delta \"056p\" decodes to 46301\n"
    "bias becomes 84\n"
    "4ED6 4EEC 4E3A 4EC0 4E48 4E0D 4E2D 6587 *\n"
    "delta \"qjye\" decodes to 88531\n"
    "bias becomes 90\n"
    "4ED6 4EEC 4E3A 4EC0 4E48 4E0D 8BF4 * 4E2D 6587\n";

// RFC 3492 §7.2, "Decoding trace of example L from section 7.1".
const std::string l_decoding_trace =
    "n is 128, i is 0, bias is 72\n"
    "input is \"3B-ww4c5e180e575a65lsy2b\"\n"
    "literal portion is \"3B-\", so extended string starts as:\n"
    "0033 0042\n"
    "delta \"ww4c\" decodes to 62042\n"
    "bias becomes 27\n"
    "0033 0042 5148 *\n"
    "delta \"5e\" decodes to 139\n"
    "bias becomes 24\n"
    "0033 0042 516B * 5148\n"
    "delta \"180e\" decodes to 16683\n"
    "bias becomes 67\n"
    "0033 5E74 * 0042 516B 5148\n"
    "delta \"575a\" decodes to 34821\n"
    "bias becomes 82\n"
    "0033 5E74 0042 516B 5148 751F *\n"
    "delta \"65l\" decodes to 14592\n"
    "bias becomes 67\n"
    "0033 5E74 0042 7D44 * 516B 5148 751F\n"
    "delta \"sy2b\" decodes to 42088\n"
    "bias becomes 84\n"
    "0033 5E74 0042 7D44 91D1 * 516B 5148 751F\n";

// RFC 3492 §7.3, "Encoding trace of example B from section 7.1".
const std::string b_encoding_trace =
    "bias is 72\n"
    "input is:\n"
    "4ED6 4EEC 4E3A 4EC0 4E48 4E0D 8BF4 4E2D 6587\n"
    "there are no basic code points, so no literal portion\n"
    "next code point to insert is 4E0D\n"
    "needed delta is 19853, encodes as \"ihq\"\n"
    "bias becomes 21\n"
    "next code point to insert is 4E2D\n"
    "needed delta is 64, encodes as \"wc\"\n"
    "bias becomes 20\n"
    "next code point to insert is 4E3A\n"
    "needed delta is 37, encodes as \"rb\"\n"
    "bias becomes 13\n"
    "next code point to insert is 4E48\n"
    "needed delta is 56, encodes as \"4c\"\n"
    "bias becomes 17\n"
    "next code point to insert is 4EC0\n"
    "needed delta is 599, encodes as \"v8a\"\n"
    "bias becomes 32\n"
    "next code point to insert is 4ED6\n"
    "needed delta is 130, encodes as \"8d\"\n"
    "bias becomes 23\n"
    "next code point to insert is 4EEC\n"
    "needed delta is 154, encodes as \"qg\"\n"
    "bias becomes 25\n"
    "next code point to insert is 6587\n"
    "needed delta is 46301, encodes as \"056p\"\n"
    "bias becomes 84\n"
    "next code point to insert is 8BF4\n"
    "needed delta is 88531, encodes as \"qjye\"\n"
    "bias becomes 90\n"
    "output is \"ihqwcrb4cv8a8dqg056pqjye\"\n";

// RFC 3492 §7.3, "Encoding trace of example L from section 7.1".
const std::string l_encoding_trace =
    "bias is 72\n"
    "input is:\n"
    "0033 5E74 0042 7D44 91D1 516B 5148 751F\n"
    "basic code points (0033, 0042) are copied to literal portion: \"3B-\"\n"
    "next code point to insert is 5148\n"
    "needed delta is 62042, encodes as \"ww4c\"\n"
    "bias becomes 27\n"
    "next code point to insert is 516B\n"
    "needed delta is 139, encodes as \"5e\"\n"
    "bias becomes 24\n"
    "next code point to insert is 5E74\n"
    "needed delta is 16683, encodes as \"180e\"\n"
    "bias becomes 67\n"
    "next code point to insert is 751F\n"
    "needed delta is 34821, encodes as \"575a\"\n"
    "bias becomes 82\n"
    "next code point to insert is 7D44\n"
    "needed delta is 14592, encodes as \"65l\"\n"
    "bias becomes 67\n"
    "next code point to insert is 91D1\n"
    "needed delta is 42088, encodes as \"sy2b\"\n"
    "bias becomes 84\n"
    "output is \"3B-ww4c5e180e575a65lsy2b\"\n";

struct trace_case {
  const char* name;
  std::vector<std::string> args;
  std::string input;  // stdin, when no string argument is given
  std::string out;
  std::string trace;
};

void PrintTo(const trace_case& c, std::ostream* os) { *os << c.name; }

class CliTrace : public testing::TestWithParam<trace_case> {};

TEST_P(CliTrace, ReproducesTheRfcTraceExactly) {
  const trace_case& c = GetParam();
  const auto r = run_puny(c.args, c.input);
  EXPECT_EQ(r.out, c.out);
  EXPECT_EQ(r.err, c.trace);
  EXPECT_EQ(r.status, 0);
}

INSTANTIATE_TEST_SUITE_P(
    Rfc3492, CliTrace,
    testing::Values(
        trace_case{"EncodeBCodepoints", {"encode", "--codepoints", "--trace"}, b_tokens + "\n", b_punycode + "\n",
                   b_encoding_trace},
        trace_case{"EncodeLCodepoints", {"encode", "--trace", "--codepoints"}, l_tokens + "\n", l_punycode + "\n",
                   l_encoding_trace},
        trace_case{"DecodeBCodepoints", {"decode", "--codepoints", "--trace"}, b_punycode + "\n", b_tokens + "\n",
                   b_decoding_trace},
        trace_case{"DecodeLCodepoints", {"decode", "--codepoints", "--trace"}, l_punycode + "\n", l_tokens + "\n",
                   l_decoding_trace},
        trace_case{"EncodeBUtf8", {"encode", "--trace"}, b_utf8 + "\n", b_punycode + "\n", b_encoding_trace},
        trace_case{"EncodeLUtf8", {"encode", "--trace"}, l_utf8 + "\n", l_punycode + "\n", l_encoding_trace},
        trace_case{"DecodeBUtf8", {"decode", "--trace"}, b_punycode + "\n", b_utf8 + "\n", b_decoding_trace},
        trace_case{"DecodeLUtf8", {"decode", "--trace"}, l_punycode + "\n", l_utf8 + "\n", l_decoding_trace},
        trace_case{"EncodeLArgument", {"encode", "--trace", l_utf8}, "", l_punycode + "\n", l_encoding_trace},
        trace_case{"DecodeBArgument", {"decode", b_punycode, "--trace"}, "", b_utf8 + "\n", b_decoding_trace}),
    [](const testing::TestParamInfo<trace_case>& info) { return std::string(info.param.name); });

TEST(CliTraces, SuccessiveTracesAreSeparatedByAnEmptyLine) {
  const auto r = run_puny({"decode", "--codepoints", "--trace"}, b_punycode + "\n" + l_punycode + "\n");
  EXPECT_EQ(r.out, b_tokens + "\n" + l_tokens + "\n");
  EXPECT_EQ(r.err, b_decoding_trace + "\n" + l_decoding_trace);
  EXPECT_EQ(r.status, 0);
}

TEST(CliTraces, WithoutTraceStandardErrorStaysEmpty) {
  const auto r = run_puny({"decode", "--codepoints"}, b_punycode + "\n" + l_punycode + "\n");
  EXPECT_EQ(r.out, b_tokens + "\n" + l_tokens + "\n");
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.status, 0);
}

TEST(CliTraces, FailingRecordTraceStopsAndIsFollowedByItsMessage) {
  // "ab-c!": the literal is copied, then '!' is not a digit.
  const auto r = run_puny({"decode", "--trace"}, "ab-c!\ntda\n");
  EXPECT_EQ(r.out, "\n\xC3\xBC\n");
  EXPECT_EQ(r.err,
            "n is 128, i is 0, bias is 72\n"
            "input is \"ab-c!\"\n"
            "literal portion is \"ab-\", so extended string starts as:\n"
            "0061 0062\n"
            "puny: line 1: invalid_digit at offset 4: character is not a Punycode digit\n"
            "\n"
            "n is 128, i is 0, bias is 72\n"
            "input is \"tda\"\n"
            "there is no delimiter, so extended string starts empty\n"
            "delta \"tda\" decodes to 124\n"
            "bias becomes 0\n"
            "00FC *\n");
  EXPECT_EQ(r.status, 1);
}

}  // namespace
