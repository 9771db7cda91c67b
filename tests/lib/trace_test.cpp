// RFC 3492 §7.2 and §7.3: the traces of samples B and L, exactly as the RFC
// prints them (without its indentation), from puny::encode_traced and
// puny::decode_traced.  The expected text is embedded here, copied from the
// RFC, so the test does not read the RFC at run time.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "puny/trace.hpp"
#include "test_support.hpp"

namespace {

using puny::status;

std::string sname(status s) { return std::string(puny::name(s)); }

// RFC 3492 §7.2, decoding trace of example B (the RFC's 3-space indentation removed).
constexpr std::string_view rfc_decode_b =
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

// RFC 3492 §7.2, decoding trace of example L (the RFC's 3-space indentation removed).
constexpr std::string_view rfc_decode_l =
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

// RFC 3492 §7.3, encoding trace of example B (the RFC's 3-space indentation removed).
constexpr std::string_view rfc_encode_b =
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

// RFC 3492 §7.3, encoding trace of example L (the RFC's 3-space indentation removed).
constexpr std::string_view rfc_encode_l =
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

const puny_test::rfc_sample& sample(char letter) { return puny_test::rfc_samples[letter - 'A']; }

TEST(Trace, EncodeSampleB) {
  const auto b = puny_test::parse_sample(sample('B'));
  std::string trace;
  const auto r = puny::encode_traced(b.code_points, {}, trace);
  ASSERT_EQ(sname(r.code), "success");
  EXPECT_EQ(r.value, "ihqwcrb4cv8a8dqg056pqjye");
  EXPECT_EQ(trace, rfc_encode_b);
  // With the (all-lowercase) annotation of the sample: the same.
  std::string flagged;
  const auto f = puny::encode_traced(b.code_points, b.uppercase, flagged);
  ASSERT_TRUE(f.ok());
  EXPECT_EQ(flagged, rfc_encode_b);
}

TEST(Trace, EncodeSampleL) {
  const auto l = puny_test::parse_sample(sample('L'));
  std::string trace;
  const auto r = puny::encode_traced(l.code_points, l.uppercase, trace);
  ASSERT_EQ(sname(r.code), "success");
  EXPECT_EQ(r.value, "3B-ww4c5e180e575a65lsy2b");
  EXPECT_EQ(trace, rfc_encode_l);
  // Without annotation 'B' (U+0042) is copied as it is: the same trace.
  std::string plain;
  const auto p = puny::encode_traced(l.code_points, {}, plain);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(plain, rfc_encode_l);
}

TEST(Trace, DecodeSampleB) {
  const auto b = puny_test::parse_sample(sample('B'));
  std::string trace;
  const auto r = puny::decode_traced("ihqwcrb4cv8a8dqg056pqjye", trace);
  ASSERT_EQ(sname(r.code), "success");
  EXPECT_EQ(r.value.code_points, b.code_points);
  EXPECT_EQ(r.value.uppercase, b.uppercase);
  EXPECT_EQ(trace, rfc_decode_b);
}

TEST(Trace, DecodeSampleL) {
  const auto l = puny_test::parse_sample(sample('L'));
  std::string trace;
  const auto r = puny::decode_traced("3B-ww4c5e180e575a65lsy2b", trace);
  ASSERT_EQ(sname(r.code), "success");
  EXPECT_EQ(r.value.code_points, l.code_points);
  EXPECT_EQ(r.value.uppercase, l.uppercase);
  EXPECT_EQ(trace, rfc_decode_l);
}

// The trace is appended to what the string already holds.
TEST(Trace, AppendsToTheString) {
  const auto b = puny_test::parse_sample(sample('B'));
  std::string trace = "previous\n";
  ASSERT_TRUE(puny::encode_traced(b.code_points, {}, trace).ok());
  ASSERT_TRUE(puny::decode_traced("ihqwcrb4cv8a8dqg056pqjye", trace).ok());
  EXPECT_EQ(trace, "previous\n" + std::string(rfc_encode_b) + std::string(rfc_decode_b));
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
