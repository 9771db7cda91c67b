// Bootstring with parameter sets other than Punycode's: the run-time API
// (puny::encode(params, ...)), the template API (puny::encode<params>(...))
// and the reference agree, and everything round-trips.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "puny/punycode.hpp"
#include "test_support.hpp"

namespace {

using puny::status;
using puny_test::script;

std::string sname(status s) { return std::string(puny::name(s)); }

constexpr puny::bootstring make(std::uint32_t base, std::uint32_t tmin, std::uint32_t tmax, std::uint32_t skew,
                                std::uint32_t damp, std::uint32_t bias, char32_t initial_n, char delimiter) {
  puny::bootstring p;
  p.base = base;
  p.tmin = tmin;
  p.tmax = tmax;
  p.skew = skew;
  p.damp = damp;
  p.initial_bias = bias;
  p.initial_n = initial_n;
  p.delimiter = delimiter;
  return p;
}

// Base 10: digits a..j only; 'z' (digit-value 25) is a valid delimiter.
constexpr puny::bootstring base10 = make(10, 1, 9, 3, 50, 5, 0x80, 'z');
// The smallest base: one binary digit per step.
constexpr puny::bootstring base2 = make(2, 0, 1, 1, 2, 0, 0x80, '-');
// Punycode with a different skew, damp and initial bias.
constexpr puny::bootstring reskewed = make(36, 1, 26, 10, 100, 36, 0x80, '-');
// tmin = 0 (allowed by §4) and tmin = tmax.
constexpr puny::bootstring tmin0 = make(36, 0, 26, 38, 700, 72, 0x80, '-');
constexpr puny::bootstring flat = make(36, 13, 13, 5, 20, 23, 0x80, '.');
// A larger initial n and a delimiter that is not '-'.
constexpr puny::bootstring cjk_start = make(36, 1, 26, 38, 700, 72, 0x4E00, '_');
// initial_n below 0x80 (encoded_basic becomes possible) and at 0.
constexpr puny::bootstring low_n = make(36, 1, 26, 38, 700, 72, 0x41, '-');
constexpr puny::bootstring zero_n = make(36, 1, 26, 38, 700, 72, 0, '-');
// tmax = 35: valid, but cannot carry case flags.
constexpr puny::bootstring wide_t = make(36, 1, 35, 38, 700, 72, 0x80, '-');

static_assert(base10.valid() && base2.valid() && reskewed.valid() && tmin0.valid() && flat.valid() &&
              cjk_start.valid() && low_n.valid() && zero_n.valid() && wide_t.valid());
static_assert(!wide_t.supports_case_flags() && base10.supports_case_flags());

std::u32string text_for(std::mt19937& rng, const puny::bootstring& p, std::size_t n) {
  const script sc = puny_test::all_scripts[std::uniform_int_distribution<std::size_t>(
      0, std::size(puny_test::all_scripts) - 1)(rng)];
  std::u32string x = puny_test::random_string(rng, sc, n);
  for (char32_t& c : x) {
    if (c >= 0x80 && c < p.initial_n) c = p.initial_n + c % 97;
  }
  return x;
}

// Runs random strings through the run-time core, the template core, the
// wrappers and the reference, and checks that they agree and round-trip.
template <puny::bootstring P>
void check_parameter_set(unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<std::size_t> sizes;
  for (std::size_t n = 0; n < 40; ++n) sizes.push_back(n);
  for (const std::size_t n : {63, 64, 65, 200, 480, 481, 1500}) sizes.push_back(n);
  for (const std::size_t n : sizes) {
    SCOPED_TRACE("length " + std::to_string(n));
    const std::u32string x = text_for(rng, P, n);
    const std::vector<bool> flags = puny_test::random_flags(rng, n);
    const puny_test::bool_array f(flags);
    const std::span<const char32_t> in(x);

    const auto ref = puny_test::ref_encode(P, x);
    ASSERT_EQ(sname(ref.code), "success");
    std::vector<char> out(ref.text.size());
    std::vector<std::uint64_t> scratch(puny::encode_scratch_words(n));
    puny::result r = puny::encode(P, in, out, {}, scratch);
    ASSERT_EQ(sname(r.code), "success");
    const std::string runtime(out.data(), r.written);
    ASSERT_TRUE(puny_test::same(runtime, ref.text));
    r = puny::encode<P>(in, out, {}, scratch);
    ASSERT_EQ(sname(r.code), "success");
    ASSERT_TRUE(puny_test::same(std::string_view(out.data(), r.written), runtime));
    const auto wrapped = puny::encode(P, x);
    ASSERT_TRUE(wrapped.ok());
    ASSERT_TRUE(puny_test::same(wrapped.value, runtime));

    // Only digit-values below base appear after the last delimiter.
    const std::size_t last = runtime.rfind(P.delimiter);
    for (std::size_t j = last == std::string::npos ? 0 : last + 1; j < runtime.size(); ++j) {
      ASSERT_LT(puny::digit_value(runtime[j]), P.base) << runtime;
      ASSERT_FALSE(runtime[j] >= 'A' && runtime[j] <= 'Z') << runtime;
    }

    std::vector<char32_t> cps(runtime.size());
    std::vector<std::uint64_t> dscratch(puny::decode_scratch_words(runtime.size()));
    const std::span<const char> s(runtime);
    r = puny::decode(P, s, cps, {}, dscratch);
    ASSERT_EQ(sname(r.code), "success") << "at " << r.position;
    ASSERT_TRUE(puny_test::same(std::u32string_view(cps.data(), r.written), x));
    r = puny::decode<P>(s, cps, {}, dscratch);
    ASSERT_EQ(sname(r.code), "success");
    ASSERT_TRUE(puny_test::same(std::u32string_view(cps.data(), r.written), x));
    const auto back = puny::decode(P, runtime);
    ASSERT_TRUE(back.ok());
    ASSERT_TRUE(puny_test::same(back.value, x));
    // Uppercase digits decode the same (§5 case-insensitivity carries over).
    const auto upper = puny::decode(P, puny_test::upper_digits(runtime, P.delimiter));
    ASSERT_TRUE(upper.ok());
    ASSERT_TRUE(puny_test::same(upper.value, x));

    // Case flags, when the parameter set can carry them.
    if constexpr (P.supports_case_flags()) {
      const auto fref = puny_test::ref_encode(P, x, &flags);
      ASSERT_EQ(sname(fref.code), "success");
      std::vector<char> fout(fref.text.size());
      r = puny::encode<P>(in, fout, f.cspan(), scratch);
      ASSERT_TRUE(r.ok());
      ASSERT_TRUE(puny_test::same(std::string_view(fout.data(), r.written), fref.text));
      r = puny::encode(P, in, fout, f.cspan(), scratch);
      ASSERT_TRUE(r.ok());
      ASSERT_TRUE(puny_test::same(std::string_view(fout.data(), r.written), fref.text));
      const std::string annotated(fout.data(), r.written);
      std::vector<char32_t> acps(annotated.size());
      puny_test::bool_array aflags(annotated.size());
      std::vector<std::uint64_t> ascratch(puny::decode_scratch_words(annotated.size()));
      r = puny::decode<P>(std::span<const char>(annotated), acps, aflags.span(), ascratch);
      ASSERT_TRUE(r.ok());
      const auto rd = puny_test::ref_decode(P, annotated);
      ASSERT_EQ(std::u32string_view(acps.data(), r.written), rd.code_points);
      ASSERT_TRUE(puny_test::same(aflags.first(r.written), rd.uppercase));
      for (std::size_t j = 0; j < n; ++j) {
        if (x[j] >= 0x80) {
          ASSERT_EQ(rd.uppercase[j], flags[j]) << j;
        }
      }
    }
  }
}

TEST(Parameters, Base10) { check_parameter_set<base10>(10); }
TEST(Parameters, Base2) { check_parameter_set<base2>(2); }
TEST(Parameters, DifferentSkewDampAndBias) { check_parameter_set<reskewed>(36); }
TEST(Parameters, TminZero) { check_parameter_set<tmin0>(0); }
TEST(Parameters, TminEqualsTmax) { check_parameter_set<flat>(13); }
TEST(Parameters, InitialNAboveAscii) { check_parameter_set<cjk_start>(0x4E00); }
TEST(Parameters, InitialNBelow0x80) { check_parameter_set<low_n>(0x41); }
TEST(Parameters, TmaxAbove26WithoutFlags) { check_parameter_set<wide_t>(35); }

// §4 allows initial_n = 0 ("cannot be greater than the minimum non-basic
// code point").
TEST(Parameters, InitialNZero) {
  const std::u32string x = U"\u0080";
  // delta = 0x80 - 0 = 128: digit 1 + 127 % 35 = 23 'x', q = 3; digit
  // 1 + 2 % 35 = 3 'd', q = 0; then 0 < t = 26: 'a'.
  const auto ref = puny_test::ref_encode(zero_n, x);
  ASSERT_TRUE(ref.code == status::success);
  EXPECT_EQ(ref.text, "xda");
  const auto e = puny::encode(zero_n, x);
  ASSERT_EQ(sname(e.code), "success");
  EXPECT_EQ(e.value, "xda") << "encode({.initial_n = 0}, U\"\\u0080\")";
  const auto d = puny::decode(zero_n, "xda");
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d.value, x);
  check_parameter_set<zero_n>(0);
}

// The run-time API with Punycode's own parameters is the fast path.
TEST(Parameters, RuntimePunycodeParamsMatchTheFastPath) {
  for (const auto& s : puny_test::rfc_samples) {
    const auto parsed = puny_test::parse_sample(s);
    const auto fast = puny::encode(parsed.code_points);
    const auto slow = puny::encode(puny::punycode_params, parsed.code_points);
    ASSERT_TRUE(fast.ok() && slow.ok());
    EXPECT_TRUE(puny_test::same(fast.value, slow.value)) << s.name;
    const auto d = puny::decode(puny::punycode_params, s.punycode);
    ASSERT_TRUE(d.ok());
    EXPECT_EQ(d.value, parsed.code_points) << s.name;
  }
  check_parameter_set<puny::punycode_params>(72);
}

TEST(Parameters, DigitsOutsideTheBaseAreInvalid) {
  // In base 10 only a..j (and A..J) are digits.
  for (const char* bad : {"k", "y", "0", "9", "ak", "aaK"}) {
    const std::string s = bad;
    const auto r = puny::decode(base10, s);
    EXPECT_EQ(sname(r.code), "invalid_digit") << s;
    EXPECT_EQ(r.position, s.size() - 1) << s;
    EXPECT_EQ(sname(puny_test::ref_decode(base10, s).code), "invalid_digit");
  }
  // 'z' is the delimiter there: "abcz" is the literal "abc".
  const auto lit = puny::decode(base10, "abcz");
  ASSERT_TRUE(lit.ok());
  EXPECT_EQ(lit.value, U"abc");
  EXPECT_EQ(puny::encode(base10, U"abc").value, "abcz");
  // And '-' is a plain basic code point.
  const auto dash = puny::encode(base10, U"-\u00E9-");
  ASSERT_TRUE(dash.ok());
  EXPECT_EQ(dash.value, puny_test::ref_encode(base10, U"-\u00E9-").text);
  EXPECT_EQ(dash.value.substr(0, 3), "--z");
  EXPECT_EQ(puny::decode(base10, dash.value).value, U"-\u00E9-");
  // The empty literal with another delimiter.
  EXPECT_EQ(sname(puny::decode(base10, "zabc").code), "empty_literal");
  EXPECT_EQ(sname(puny::decode(cjk_start, "_").code), "empty_literal");
}

// Parameter sets are compared field by field.
TEST(Parameters, Equality) {
  EXPECT_EQ(puny::punycode_params, puny::bootstring{});
  EXPECT_EQ(make(36, 1, 26, 38, 700, 72, 0x80, '-'), puny::punycode_params);
  EXPECT_NE(reskewed, puny::punycode_params);
  EXPECT_NE(make(36, 1, 26, 38, 700, 72, 0x80, '_'), puny::punycode_params);
  EXPECT_NE(make(36, 1, 26, 38, 700, 72, 0x81, '-'), puny::punycode_params);
}

// Whatever encode() returns with a valid parameter set, decode() with the
// same set must accept.  With tmin = 0 no digit ends an integer while
// k <= bias, so a large initial bias makes the encoder emit more leading
// digits than the decoder's 64-bit weight w can follow.
TEST(Parameters, EncoderOutputAlwaysDecodes) {
  puny::bootstring p = tmin0;
  p.initial_bias = 36 * 13;  // 468 mod 36 = 0 <= base - tmin: valid per §4
  ASSERT_TRUE(p.valid());
  const std::u32string x = U"\u0080";
  const auto e = puny::encode(p, x);
  if (e.ok()) {
    const auto d = puny::decode(p, e.value);
    EXPECT_EQ(sname(d.code), "success")
        << "encode({tmin = 0, initial_bias = 468}, U+0080) gave \"" << e.value << "\", which decode() rejects at "
        << d.position;
    EXPECT_TRUE(puny_test::same(d.value, x));
  } else {
    // Refusing to encode (as overflow) would be consistent too.
    EXPECT_EQ(sname(e.code), "overflow");
  }
}

}  // namespace
