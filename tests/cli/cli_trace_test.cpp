// --trace: the RFC 3492 §7.2 and §7.3 traces of samples B and L on standard
// error, exactly as the RFC prints them (indentation removed), with the
// result still on standard output.
#include <gtest/gtest.h>

#include <ostream>
#include <string>
#include <vector>

#include "cli_process.hpp"
#include "rfc3492_data.hpp"

namespace {

using puny_cli_test::run_puny;

// Samples B and L of RFC 3492 §7.1 and their traces (§7.2, §7.3), shared
// with the library tests (tests/common/rfc3492_data.hpp).
const std::string b_tokens{puny_test_data::rfc_sample_named('B').rfc_code_points};
const std::string b_utf8 = "\xE4\xBB\x96\xE4\xBB\xAC\xE4\xB8\xBA\xE4\xBB\x80\xE4\xB9\x88\xE4\xB8\x8D\xE8\xAF\xB4"
                           "\xE4\xB8\xAD\xE6\x96\x87";  // 他们为什么不说中文
const std::string b_punycode{puny_test_data::rfc_sample_named('B').punycode};

const std::string l_tokens{puny_test_data::rfc_sample_named('L').rfc_code_points};
// 3年B組金八先生
const std::string l_utf8 = "3\xE5\xB9\xB4" "B\xE7\xB5\x84\xE9\x87\x91\xE5\x85\xAB\xE5\x85\x88\xE7\x94\x9F";
const std::string l_punycode{puny_test_data::rfc_sample_named('L').punycode};

const std::string b_decoding_trace{puny_test_data::rfc_decode_trace_b};
const std::string l_decoding_trace{puny_test_data::rfc_decode_trace_l};
const std::string b_encoding_trace{puny_test_data::rfc_encode_trace_b};
const std::string l_encoding_trace{puny_test_data::rfc_encode_trace_l};

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
