// Round-trip properties over random strings from many scripts and many
// lengths (fixed seeds): decode(encode(x)) == x, encode(decode(s)) == s for
// the encoder's output, case flags survive, and every internal path (in
// place, internal arena, caller scratch) agrees with the others and with the
// reference implementation.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "puny/punycode.hpp"
#include "puny/trace.hpp"
#include "test_support.hpp"

namespace {

using puny::status;
using puny_test::script;

std::string sname(status s) { return std::string(puny::name(s)); }

std::vector<std::size_t> lengths() {
  std::vector<std::size_t> v;
  for (std::size_t n = 0; n <= 65; ++n) v.push_back(n);
  for (const std::size_t n : {95, 96, 97, 479, 480, 481, 494, 495, 1000, 10000, 100000}) v.push_back(n);
  return v;
}

// What decode_annotated must return for x encoded with flags: basic letters
// take the flag's case (Appendix A), other basic code points cannot carry a
// flag, non-basic code points carry it unchanged.
void expected_annotation(const std::u32string& x, const std::vector<bool>& flags, std::u32string& cps,
                         std::vector<bool>& out_flags) {
  cps = x;
  out_flags = flags;
  for (std::size_t j = 0; j < x.size(); ++j) {
    if (x[j] >= 0x80) continue;
    if (puny_test::is_letter(x[j])) {
      cps[j] = flags[j] ? puny_test::to_upper(x[j]) : puny_test::to_lower(x[j]);
    } else {
      out_flags[j] = false;
    }
  }
}

class RoundTrip : public ::testing::TestWithParam<script> {};

TEST_P(RoundTrip, DecodeOfEncodeIsIdentity) {
  const script sc = GetParam();
  std::mt19937 rng(1000 + static_cast<unsigned>(sc));
  for (const std::size_t n : lengths()) {
    SCOPED_TRACE(std::string(puny_test::script_name(sc)) + " length " + std::to_string(n));
    const std::u32string x = puny_test::random_string(rng, sc, n);
    const auto e = puny::encode(x);
    ASSERT_EQ(sname(e.code), "success");
    // Lowercase digits only; never longer than needed for a sane string.
    ASSERT_TRUE(puny_test::same(puny_test::lower_digits(e.value), e.value));
    const auto d = puny::decode(e.value);
    ASSERT_EQ(sname(d.code), "success") << "at " << d.position;
    ASSERT_TRUE(puny_test::same(d.value, x));
    // The encoder's own output re-encodes to itself.
    const auto again = puny::encode(d.value);
    ASSERT_TRUE(again.ok());
    ASSERT_TRUE(puny_test::same(again.value, e.value));
    // Its digits in uppercase decode the same.
    const auto upper = puny::decode(puny_test::upper_digits(e.value));
    ASSERT_TRUE(upper.ok());
    ASSERT_TRUE(puny_test::same(upper.value, x));
  }
}

TEST_P(RoundTrip, CaseFlagsSurvive) {
  const script sc = GetParam();
  std::mt19937 rng(2000 + static_cast<unsigned>(sc));
  for (const std::size_t n : lengths()) {
    SCOPED_TRACE(std::string(puny_test::script_name(sc)) + " length " + std::to_string(n));
    const std::u32string x = puny_test::random_string(rng, sc, n);
    const std::vector<bool> flags = puny_test::random_flags(rng, n);
    const auto e = puny::encode(x, flags);
    ASSERT_EQ(sname(e.code), "success");
    // The annotation changes only the case of the output.
    const auto plain = puny::encode(x);
    ASSERT_TRUE(plain.ok());
    ASSERT_TRUE(puny_test::same(puny_test::ascii_lower(e.value), puny_test::ascii_lower(plain.value)));
    const auto d = puny::decode_annotated(e.value);
    ASSERT_EQ(sname(d.code), "success");
    std::u32string cps;
    std::vector<bool> expected_flags;
    expected_annotation(x, flags, cps, expected_flags);
    ASSERT_EQ(d.value.code_points, cps);
    ASSERT_TRUE(puny_test::same(d.value.uppercase, expected_flags));
    // Re-encoding the decoded code points with the decoded flags gives the
    // same string back; without flags, the same string with lowercase digits.
    const auto again = puny::encode(d.value.code_points, d.value.uppercase);
    ASSERT_TRUE(again.ok());
    ASSERT_TRUE(puny_test::same(again.value, e.value));
    const auto lowered = puny::encode(d.value.code_points);
    ASSERT_TRUE(lowered.ok());
    ASSERT_TRUE(puny_test::same(lowered.value, puny_test::lower_digits(e.value)));
  }
}

// The wrapper against the core with exactly the advertised buffers and
// scratch, with and without flags.
TEST_P(RoundTrip, CoreWithExactBuffersMatchesTheWrapper) {
  const script sc = GetParam();
  std::mt19937 rng(3000 + static_cast<unsigned>(sc));
  for (const std::size_t n : lengths()) {
    SCOPED_TRACE(std::string(puny_test::script_name(sc)) + " length " + std::to_string(n));
    const std::u32string x = puny_test::random_string(rng, sc, n);
    const std::vector<bool> flags = puny_test::random_flags(rng, n);
    const auto wrapped = puny::encode(x, flags);
    ASSERT_TRUE(wrapped.ok());

    std::vector<std::uint64_t> scratch(puny::encode_scratch_words(n), ~std::uint64_t{0});
    std::vector<char> out(wrapped.value.size());
    const puny_test::bool_array f(flags);
    puny::result r = puny::encode(std::span<const char32_t>(x), out, f.cspan(), scratch);
    ASSERT_TRUE(r.ok()) << sname(r.code);
    ASSERT_TRUE(puny_test::same(std::string_view(out.data(), r.written), wrapped.value));

    const std::string& s = wrapped.value;
    std::vector<std::uint64_t> dscratch(puny::decode_scratch_words(s.size()), ~std::uint64_t{0});
    std::vector<char32_t> cps(n);
    puny_test::bool_array dflags(n);
    r = puny::decode(std::span<const char>(s), cps, dflags.span(), dscratch);
    ASSERT_TRUE(r.ok()) << sname(r.code);
    const auto annotated = puny::decode_annotated(s);
    ASSERT_TRUE(annotated.ok());
    ASSERT_EQ(std::u32string_view(cps.data(), r.written), annotated.value.code_points);
    ASSERT_TRUE(puny_test::same(dflags.first(r.written), annotated.value.uppercase));
  }
}

// Up to 1000 code points: the reference (quadratic, Appendix C) agrees, and
// the in-place decoder (which the traced decoder always uses) agrees with
// the two-pass one used for long input.
TEST_P(RoundTrip, AgreesWithReferenceAndInPlaceDecoder) {
  const script sc = GetParam();
  std::mt19937 rng(4000 + static_cast<unsigned>(sc));
  for (const std::size_t n : lengths()) {
    if (n > 1000) continue;
    SCOPED_TRACE(std::string(puny_test::script_name(sc)) + " length " + std::to_string(n));
    const std::u32string x = puny_test::random_string(rng, sc, n);
    const std::vector<bool> flags = puny_test::random_flags(rng, n);
    const auto e = puny::encode(x, flags);
    ASSERT_TRUE(e.ok());
    const auto ref = puny_test::ref_encode(x, &flags);
    ASSERT_EQ(sname(ref.code), "success");
    ASSERT_TRUE(puny_test::same(e.value, ref.text));
    const auto ref_plain = puny_test::ref_encode(x);
    ASSERT_TRUE(puny_test::same(puny::encode(x).value, ref_plain.text));

    const auto d = puny::decode_annotated(e.value);
    ASSERT_TRUE(d.ok());
    const auto rd = puny_test::ref_decode(e.value);
    ASSERT_EQ(sname(rd.code), "success");
    ASSERT_EQ(d.value.code_points, rd.code_points);
    ASSERT_TRUE(puny_test::same(d.value.uppercase, rd.uppercase));

    if (n <= 481) {
      std::string trace;
      const auto traced = puny::decode_traced(e.value, trace);
      ASSERT_TRUE(traced.ok());
      ASSERT_EQ(traced.value.code_points, d.value.code_points);
      ASSERT_TRUE(puny_test::same(traced.value.uppercase, d.value.uppercase));
      std::string etrace;
      const auto etraced = puny::encode_traced(x, flags, etrace);
      ASSERT_TRUE(etraced.ok());
      ASSERT_TRUE(puny_test::same(etraced.value, e.value));
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Scripts, RoundTrip, ::testing::ValuesIn(puny_test::all_scripts),
                         [](const ::testing::TestParamInfo<script>& info) {
                           return std::string(puny_test::script_name(info.param));
                         });

// Structured worst cases that random strings rarely hit.
TEST(RoundTripEdgeCases, StructuredStrings) {
  std::vector<std::u32string> cases;
  // The same non-basic code point many times, at the start and at the end.
  cases.push_back(std::u32string(5000, U'\u00E9'));
  cases.push_back(std::u32string(3000, U'\U0010FFFF') + std::u32string(3000, U'a'));
  cases.push_back(std::u32string(3000, U'a') + std::u32string(3000, U'\U0010FFFF'));
  // Strictly decreasing and strictly increasing code points.
  std::u32string down;
  std::u32string up;
  for (char32_t c = 0x10FFFF; c > 0x10FFFF - 4000; --c) down += c;
  for (char32_t c = 0x80; c < 0x80 + 4000; ++c) up += c;
  cases.push_back(down);
  cases.push_back(up);
  // Alternating basic and extreme non-basic; all 128 basic code points.
  std::u32string alt;
  for (int j = 0; j < 3000; ++j) alt += j % 2 ? U'\U0010FFFF' : U'-';
  cases.push_back(alt);
  std::u32string basics;
  for (char32_t c = 0; c < 0x80; ++c) basics += c;
  cases.push_back(basics);
  cases.push_back(basics + U"\u0080");
  // Around the surrogates and at the ends of the range.
  cases.push_back(U"\uD7FF\uE000\u0080\U0010FFFF\U00010000\uFFFF");
  // Lengths around the 64-bit words of the internal bitsets.
  for (const std::size_t n : {63, 64, 65, 127, 128, 129, 4095, 4096, 4097}) {
    std::u32string s;
    for (std::size_t j = 0; j < n; ++j) s += (j % 3 == 0) ? U'x' : static_cast<char32_t>(0x4E00 + (j * 7919) % 20000);
    cases.push_back(s);
  }
  for (const auto& x : cases) {
    SCOPED_TRACE("length " + std::to_string(x.size()));
    const auto e = puny::encode(x);
    ASSERT_TRUE(e.ok());
    if (x.size() <= 6000) {
      ASSERT_TRUE(puny_test::same(e.value, puny_test::ref_encode(x).text));
    }
    const auto d = puny::decode(e.value);
    ASSERT_TRUE(d.ok()) << sname(d.code) << " at " << d.position;
    ASSERT_TRUE(puny_test::same(d.value, x));
  }
}

}  // namespace
