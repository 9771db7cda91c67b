// RFC 3492 §7.2 and §7.3: the traces of samples B and L, exactly as the RFC
// prints them (without its indentation), from puny::encode_traced and
// puny::decode_traced.  The expected text is copied from the RFC into
// tests/common/rfc3492_data.hpp (shared with the CLI tests), so the test does
// not read the RFC at run time.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "puny/trace.hpp"
#include "rfc3492_data.hpp"
#include "test_support.hpp"

namespace {

using puny::status;

std::string sname(status s) { return std::string(puny::name(s)); }

// RFC 3492 §7.2 and §7.3, from tests/common/rfc3492_data.hpp.
using puny_test_data::rfc_decode_trace_b;
using puny_test_data::rfc_decode_trace_l;
using puny_test_data::rfc_encode_trace_b;
using puny_test_data::rfc_encode_trace_l;

const puny_test::rfc_sample& sample(char letter) { return puny_test_data::rfc_sample_named(letter); }

TEST(Trace, EncodeSampleB) {
  const auto b = puny_test::parse_sample(sample('B'));
  std::string trace;
  const auto r = puny::encode_traced(b.code_points, {}, trace);
  ASSERT_EQ(sname(r.code), "success");
  EXPECT_EQ(r.value, "ihqwcrb4cv8a8dqg056pqjye");
  EXPECT_EQ(trace, rfc_encode_trace_b);
  // With the (all-lowercase) annotation of the sample: the same.
  std::string flagged;
  const auto f = puny::encode_traced(b.code_points, b.uppercase, flagged);
  ASSERT_TRUE(f.ok());
  EXPECT_EQ(flagged, rfc_encode_trace_b);
}

TEST(Trace, EncodeSampleL) {
  const auto l = puny_test::parse_sample(sample('L'));
  std::string trace;
  const auto r = puny::encode_traced(l.code_points, l.uppercase, trace);
  ASSERT_EQ(sname(r.code), "success");
  EXPECT_EQ(r.value, "3B-ww4c5e180e575a65lsy2b");
  EXPECT_EQ(trace, rfc_encode_trace_l);
  // Without annotation 'B' (U+0042) is copied as it is: the same trace.
  std::string plain;
  const auto p = puny::encode_traced(l.code_points, {}, plain);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(plain, rfc_encode_trace_l);
}

// Decodes the sample's Punycode with a trace: its code points, its case
// flags and the RFC's decoding trace, to the letter.
void expect_decoding_trace(const puny_test::rfc_sample& s, std::string_view rfc_trace) {
  const auto parsed = puny_test::parse_sample(s);
  std::string trace;
  const auto r = puny::decode_traced(s.punycode, trace);
  ASSERT_EQ(sname(r.code), "success");
  EXPECT_EQ(r.value.code_points, parsed.code_points);
  EXPECT_EQ(r.value.uppercase, parsed.uppercase);
  EXPECT_EQ(trace, rfc_trace);
}

TEST(Trace, DecodeSampleB) { expect_decoding_trace(sample('B'), rfc_decode_trace_b); }

TEST(Trace, DecodeSampleL) { expect_decoding_trace(sample('L'), rfc_decode_trace_l); }

// The trace is appended to what the string already holds.
TEST(Trace, AppendsToTheString) {
  const auto b = puny_test::parse_sample(sample('B'));
  std::string trace = "previous\n";
  ASSERT_TRUE(puny::encode_traced(b.code_points, {}, trace).ok());
  ASSERT_TRUE(puny::decode_traced("ihqwcrb4cv8a8dqg056pqjye", trace).ok());
  EXPECT_EQ(trace, "previous\n" + std::string(rfc_encode_trace_b) + std::string(rfc_decode_trace_b));
}

// Every sample: the traced conversions give what the plain ones give, and
// each trace line ends in a newline.
TEST(Trace, TracedResultsMatchThePlainOnes) {
  for (const auto& s : puny_test::rfc_samples) {
    SCOPED_TRACE(std::string(s.name));
    const auto parsed = puny_test::parse_sample(s);
    std::string etrace;
    const auto e = puny::encode_traced(parsed.code_points, parsed.uppercase, etrace);
    ASSERT_TRUE(e.ok());
    EXPECT_EQ(e.value, s.punycode);
    ASSERT_FALSE(etrace.empty());
    EXPECT_EQ(etrace.back(), '\n');
    EXPECT_NE(etrace.find("output is \"" + std::string(s.punycode) + "\"\n"), std::string::npos);
    std::string dtrace;
    const auto d = puny::decode_traced(s.punycode, dtrace);
    ASSERT_TRUE(d.ok());
    EXPECT_EQ(d.value.code_points, parsed.code_points);
    EXPECT_EQ(d.value.uppercase, parsed.uppercase);
    EXPECT_EQ(dtrace.back(), '\n');
    EXPECT_EQ(dtrace.rfind("n is 128, i is 0, bias is 72\n", 0), 0u);
  }
}

// Literal portions of one and of several code points, and no non-basic ones.
TEST(Trace, LiteralPortionWording) {
  std::string one;
  ASSERT_TRUE(puny::encode_traced(U"a\u00E9", {}, one).ok());
  EXPECT_EQ(one.substr(0, one.find("next code point")),
            "bias is 72\n"
            "input is:\n"
            "0061 00E9\n"
            "basic code point (0061) is copied to literal portion: \"a-\"\n");
  std::string basic_only;
  const auto r = puny::encode_traced(U"ab", {}, basic_only);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.value, "ab-");
  EXPECT_EQ(basic_only,
            "bias is 72\n"
            "input is:\n"
            "0061 0062\n"
            "basic code points (0061, 0062) are copied to literal portion: \"ab-\"\n"
            "output is \"ab-\"\n");
  std::string decoded;
  const auto d = puny::decode_traced("ab-", decoded);
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(decoded,
            "n is 128, i is 0, bias is 72\n"
            "input is \"ab-\"\n"
            "literal portion is \"ab-\", so extended string starts as:\n"
            "0061 0062\n");
}

// On failure the decoding trace stops at the step that failed.
TEST(Trace, DecodeFailureStopsTheTrace) {
  std::string truncated;
  const auto t = puny::decode_traced("a-b", truncated);
  EXPECT_EQ(sname(t.code), "truncated_integer");
  EXPECT_EQ(t.position, 3u);
  EXPECT_EQ(truncated,
            "n is 128, i is 0, bias is 72\n"
            "input is \"a-b\"\n"
            "literal portion is \"a-\", so extended string starts as:\n"
            "0061\n");

  // The integer is read and applied, then n is out of range.
  std::string too_big;
  const auto b = puny::decode_traced("en32g", too_big);
  EXPECT_EQ(sname(b.code), "invalid_code_point");
  EXPECT_EQ(b.position, 0u);
  const std::uint64_t bias = puny_test::ref::adapt(puny::punycode_params, 0x110000 - 0x80, 1, true);
  EXPECT_EQ(too_big,
            "n is 128, i is 0, bias is 72\n"
            "input is \"en32g\"\n"
            "there is no delimiter, so extended string starts empty\n"
            "delta \"en32g\" decodes to 1113984\n"
            "bias becomes " +
                std::to_string(bias) + "\n");

  // A bad digit after two good steps: the good steps are there.
  std::string bad;
  const auto d = puny::decode_traced("ihqwc!", bad);
  EXPECT_EQ(sname(d.code), "invalid_digit");
  EXPECT_EQ(d.position, 5u);
  EXPECT_EQ(bad,
            "n is 128, i is 0, bias is 72\n"
            "input is \"ihqwc!\"\n"
            "there is no delimiter, so extended string starts empty\n"
            "delta \"ihq\" decodes to 19853\n"
            "bias becomes 21\n"
            "4E0D *\n"
            "delta \"wc\" decodes to 64\n"
            "bias becomes 20\n"
            "4E0D 4E2D *\n");
  EXPECT_TRUE(d.value.code_points.empty());
}

TEST(Trace, EncodeFailures) {
  std::string trace;
  std::u32string bad = U"ab";
  bad += char32_t{0xD800};
  const auto r = puny::encode_traced(bad, {}, trace);
  EXPECT_EQ(sname(r.code), "invalid_code_point");
  EXPECT_EQ(r.position, 2u);
  EXPECT_EQ(trace.find("output is"), std::string::npos);
  std::string sized;
  const auto s = puny::encode_traced(U"ab", std::vector<bool>(3, false), sized);
  EXPECT_EQ(sname(s.code), "case_flags_size");
  EXPECT_TRUE(sized.empty());
}

// Long inputs: the traced decoder (which decodes in place) agrees with the
// plain one (which uses the two-pass path above 96 characters).
TEST(Trace, LongInputs) {
  std::mt19937 rng(77);
  for (const std::size_t n : {100, 300, 700}) {
    const std::u32string x = puny_test::random_string(rng, puny_test::script::mixed, n);
    const auto flags = puny_test::random_flags(rng, n);
    std::string etrace;
    const auto e = puny::encode_traced(x, flags, etrace);
    ASSERT_TRUE(e.ok());
    ASSERT_TRUE(puny_test::same(e.value, puny::encode(x, flags).value));
    std::string dtrace;
    const auto d = puny::decode_traced(e.value, dtrace);
    ASSERT_TRUE(d.ok());
    const auto plain = puny::decode_annotated(e.value);
    ASSERT_TRUE(plain.ok());
    ASSERT_TRUE(puny_test::same(d.value.code_points, plain.value.code_points));
    ASSERT_TRUE(puny_test::same(d.value.uppercase, plain.value.uppercase));
  }
}

}  // namespace
