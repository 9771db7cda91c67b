// RFC 3492 §7.1: the 19 sample strings (A to S), both directions, with the
// mixed-case annotation of Appendix A.
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "puny/punycode.hpp"
#include "test_support.hpp"

namespace {

using puny::status;
using puny_test::parse_sample;
using puny_test::rfc_sample;
using puny_test::rfc_samples;

// The transcription itself: 19 samples with the number of code points the
// RFC lists for each, so a dropped or doubled token cannot go unnoticed.
TEST(RfcSampleTable, HasAllNineteenSamplesWithTheirLengths) {
  ASSERT_EQ(puny_test::rfc_sample_count, 19u);
  constexpr std::array<std::size_t, 19> lengths = {17, 9, 9, 22, 22, 30, 18, 24, 28, 40,
                                                   31, 8, 24, 25, 8,  13, 9, 7,  11};
  for (std::size_t j = 0; j < 19; ++j) {
    EXPECT_EQ(rfc_samples[j].name, std::string(1, static_cast<char>('A' + j)));
    EXPECT_EQ(parse_sample(rfc_samples[j]).code_points.size(), lengths[j]) << rfc_samples[j].name;
  }
  // Spot checks of the notation: (D) starts with an uppercase-flagged 'P',
  // (I) with an uppercase-flagged U+043F, (B) has no flags at all.
  const auto d = parse_sample(rfc_samples[3]);
  EXPECT_EQ(d.code_points[0], U'P');
  EXPECT_TRUE(d.uppercase[0]);
  EXPECT_FALSE(d.uppercase[1]);
  const auto i = parse_sample(rfc_samples[8]);
  EXPECT_EQ(i.code_points[0], U'\u043F');
  EXPECT_TRUE(i.uppercase[0]);
  const auto b = parse_sample(rfc_samples[1]);
  EXPECT_EQ(b.code_points, U"\u4ED6\u4EEC\u4E3A\u4EC0\u4E48\u4E0D\u8BF4\u4E2D\u6587");
  for (const bool f : b.uppercase) EXPECT_FALSE(f);
}

class RfcSample : public ::testing::TestWithParam<rfc_sample> {};

TEST_P(RfcSample, CoreEncodeWithFlagsGivesTheRfcString) {
  const rfc_sample& s = GetParam();
  const auto parsed = parse_sample(s);
  puny_test::bool_array flags(parsed.uppercase);
  std::array<char, 256> out{};
  const puny::result r = puny::encode(std::span<const char32_t>(parsed.code_points), std::span<char>(out),
                                      flags.cspan());
  ASSERT_EQ(r.code, status::success) << puny::name(r.code);
  EXPECT_EQ(std::string_view(out.data(), r.written), s.punycode);
}

TEST_P(RfcSample, WrapperEncodeWithFlagsGivesTheRfcString) {
  const rfc_sample& s = GetParam();
  const auto parsed = parse_sample(s);
  const auto r = puny::encode(parsed.code_points, parsed.uppercase);
  ASSERT_EQ(r.code, status::success) << puny::name(r.code);
  EXPECT_EQ(r.value, s.punycode);
}

TEST_P(RfcSample, DecodeAnnotatedGivesTheCodePointsAndFlags) {
  const rfc_sample& s = GetParam();
  const auto parsed = parse_sample(s);
  const auto r = puny::decode_annotated(s.punycode);
  ASSERT_EQ(r.code, status::success) << puny::name(r.code);
  EXPECT_EQ(r.value.code_points, parsed.code_points) << puny_test::hex(r.value.code_points);
  EXPECT_EQ(r.value.uppercase, parsed.uppercase);
}

TEST_P(RfcSample, CoreDecodeWithFlagsGivesTheCodePointsAndFlags) {
  const rfc_sample& s = GetParam();
  const auto parsed = parse_sample(s);
  std::array<char32_t, 128> out{};
  puny_test::bool_array flags(out.size());
  const puny::result r = puny::decode(std::span<const char>(s.punycode.data(), s.punycode.size()),
                                      std::span<char32_t>(out), flags.span());
  ASSERT_EQ(r.code, status::success) << puny::name(r.code);
  EXPECT_EQ(std::u32string_view(out.data(), r.written), parsed.code_points);
  EXPECT_EQ(flags.first(r.written), parsed.uppercase);
}

TEST_P(RfcSample, DecodeWithoutFlagsGivesTheCodePoints) {
  const rfc_sample& s = GetParam();
  const auto parsed = parse_sample(s);
  const auto r = puny::decode(s.punycode);
  ASSERT_EQ(r.code, status::success) << puny::name(r.code);
  EXPECT_EQ(r.value, parsed.code_points);
}

// §5: a decoder MUST recognize digits in both cases.  Changing the case of
// the digits (after the last delimiter) changes only the annotation.
TEST_P(RfcSample, DigitCaseDoesNotChangeTheCodePoints) {
  const rfc_sample& s = GetParam();
  const auto parsed = parse_sample(s);
  for (const std::string& text : {puny_test::lower_digits(s.punycode), puny_test::upper_digits(s.punycode)}) {
    const auto r = puny::decode_annotated(text);
    ASSERT_EQ(r.code, status::success) << text;
    EXPECT_EQ(r.value.code_points, parsed.code_points) << text;
    // Basic code points keep their annotation; every decoded one now
    // carries the case of the rewritten digits.
    const bool all_upper = text == puny_test::upper_digits(s.punycode);
    for (std::size_t j = 0; j < parsed.code_points.size(); ++j) {
      if (parsed.code_points[j] < 0x80) {
        EXPECT_EQ(r.value.uppercase[j], parsed.uppercase[j]) << text << " at " << j;
      } else {
        EXPECT_EQ(r.value.uppercase[j], all_upper) << text << " at " << j;
      }
    }
  }
}

// Lowercasing the whole string (literal portion included) gives the same
// code points with their basic letters lowercased.
TEST_P(RfcSample, AllLowercaseFormDecodesToLowercasedBasics) {
  const rfc_sample& s = GetParam();
  const auto parsed = parse_sample(s);
  const std::string lower = puny_test::ascii_lower(s.punycode);
  const auto r = puny::decode(lower);
  ASSERT_EQ(r.code, status::success) << lower;
  EXPECT_EQ(r.value, puny_test::lower_basic(parsed.code_points));
  const auto a = puny::decode_annotated(lower);
  ASSERT_EQ(a.code, status::success);
  for (const bool f : a.value.uppercase) EXPECT_FALSE(f);
}

// Without annotation, basic code points are copied as they are and every
// digit is lowercase (§5: an encoder SHOULD output only one case).
TEST_P(RfcSample, EncodeWithoutFlagsGivesLowercaseDigits) {
  const rfc_sample& s = GetParam();
  const auto parsed = parse_sample(s);
  const std::string expected = puny_test::lower_digits(s.punycode);
  const auto r = puny::encode(parsed.code_points);
  ASSERT_EQ(r.code, status::success);
  EXPECT_EQ(r.value, expected);

  std::array<char, 256> out{};
  const puny::result c = puny::encode(std::span<const char32_t>(parsed.code_points), std::span<char>(out));
  ASSERT_EQ(c.code, status::success);
  EXPECT_EQ(std::string_view(out.data(), c.written), expected);

  // The all-lowercase code points encode to the all-lowercase string.
  const auto lowered = puny::encode(puny_test::lower_basic(parsed.code_points));
  ASSERT_EQ(lowered.code, status::success);
  EXPECT_EQ(lowered.value, puny_test::ascii_lower(s.punycode));
}

// Appendix A: the annotation does not alter the code points, only the case
// of ASCII letters in the output; all flags off gives the all-lowercase form.
TEST_P(RfcSample, AllFlagsOffGivesTheAllLowercaseString) {
  const rfc_sample& s = GetParam();
  const auto parsed = parse_sample(s);
  const auto r = puny::encode(parsed.code_points, std::vector<bool>(parsed.code_points.size(), false));
  ASSERT_EQ(r.code, status::success);
  EXPECT_EQ(r.value, puny_test::ascii_lower(s.punycode));
  // All flags on: the same string up to case, basic letters uppercase, and
  // it decodes back with every flag on.
  const auto u = puny::encode(parsed.code_points, std::vector<bool>(parsed.code_points.size(), true));
  ASSERT_EQ(u.code, status::success);
  EXPECT_EQ(puny_test::ascii_lower(u.value), puny_test::ascii_lower(s.punycode));
  const auto back = puny::decode_annotated(u.value);
  ASSERT_EQ(back.code, status::success);
  std::u32string upper = parsed.code_points;
  for (char32_t& c : upper) c = puny_test::to_upper(c);
  EXPECT_EQ(back.value.code_points, upper);
  for (std::size_t j = 0; j < upper.size(); ++j) {
    // A basic code point that is not a letter has no case to carry.
    const bool expected = upper[j] >= 0x80 || puny_test::is_letter(upper[j]);
    EXPECT_EQ(back.value.uppercase[j], expected) << j;
  }
}

TEST_P(RfcSample, MatchesTheReferenceImplementation) {
  const rfc_sample& s = GetParam();
  const auto parsed = parse_sample(s);
  const auto e = puny_test::ref_encode(parsed.code_points, &parsed.uppercase);
  ASSERT_EQ(e.code, status::success);
  EXPECT_EQ(e.text, s.punycode);
  const auto d = puny_test::ref_decode(s.punycode);
  ASSERT_EQ(d.code, status::success);
  EXPECT_EQ(d.code_points, parsed.code_points);
  EXPECT_EQ(d.uppercase, parsed.uppercase);
}

INSTANTIATE_TEST_SUITE_P(Rfc3492, RfcSample, ::testing::ValuesIn(rfc_samples),
                         [](const ::testing::TestParamInfo<rfc_sample>& info) {
                           return std::string(info.param.name);
                         });

}  // namespace
