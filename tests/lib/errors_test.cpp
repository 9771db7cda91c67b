// Every failure status, reached by a crafted input, with its exact position,
// through every entry point that can report it.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "puny/punycode.hpp"
#include "puny/trace.hpp"
#include "test_support.hpp"

namespace {

using puny::status;
using puny_test::ref_encode_integer;

constexpr std::uint64_t u64_max = std::numeric_limits<std::uint64_t>::max();

std::string sname(status s) { return std::string(puny::name(s)); }

// Decodes `input` through the core (all four overloads, with and without
// case flags), the wrappers, the traced decoder and the reference, and
// expects the same status and position from all of them.
void expect_decode_error(std::string_view input, status code, std::size_t position) {
  SCOPED_TRACE("input \"" + std::string(input) + "\" (" + puny_test::hex_bytes(input) + ")");
  const std::span<const char> in(input.data(), input.size());
  std::vector<char32_t> out(input.size() + 1);
  puny_test::bool_array flags(input.size() + 1);
  std::vector<std::uint64_t> scratch(puny::decode_scratch_words(input.size()));

  auto check = [&](const puny::result& r, const char* what) {
    EXPECT_EQ(sname(r.code), sname(code)) << what;
    EXPECT_EQ(r.position, position) << what;
    EXPECT_FALSE(r.ok()) << what;
    EXPECT_FALSE(static_cast<bool>(r)) << what;
  };
  check(puny::decode(in, out, {}, scratch), "core decode");
  check(puny::decode(in, out, flags.span(), scratch), "core decode with flags");
  check(puny::decode(puny::punycode_params, in, out, {}, scratch), "run-time parameters");
  check(puny::decode<puny::punycode_params>(in, out, {}, scratch), "template parameters");

  auto check_wrapper = [&](const auto& r, const char* what) {
    EXPECT_EQ(sname(r.code), sname(code)) << what;
    EXPECT_EQ(r.position, position) << what;
    EXPECT_FALSE(r.ok()) << what;
  };
  check_wrapper(puny::decode(input), "decode");
  check_wrapper(puny::decode_annotated(input), "decode_annotated");
  check_wrapper(puny::decode_to_utf8(input), "decode_to_utf8");
  check_wrapper(puny::decode(puny::punycode_params, input), "decode(params)");
  std::string trace;
  check_wrapper(puny::decode_traced(input, trace), "decode_traced");

  const auto ref = puny_test::ref_decode(input);
  EXPECT_EQ(sname(ref.code), sname(code)) << "reference";
  EXPECT_EQ(ref.position, position) << "reference";
}

void expect_decodes_to(std::string_view input, std::u32string_view expected) {
  SCOPED_TRACE("input \"" + std::string(input) + "\"");
  const auto r = puny::decode(input);
  ASSERT_EQ(sname(r.code), "success");
  EXPECT_EQ(r.value, expected) << puny_test::hex(r.value);
}

// Encodes through the core and the wrappers, expecting the same failure.
void expect_encode_error(std::u32string_view input, status code, std::size_t position) {
  SCOPED_TRACE("input " + puny_test::hex(input));
  std::vector<char> out(4 * input.size() + 64);
  std::vector<std::uint64_t> scratch(puny::encode_scratch_words(input.size()));
  const std::span<const char32_t> in(input.data(), input.size());
  puny_test::bool_array flags(input.size());
  auto check = [&](const auto& r, const char* what) {
    EXPECT_EQ(sname(r.code), sname(code)) << what;
    EXPECT_EQ(r.position, position) << what;
    EXPECT_FALSE(r.ok()) << what;
  };
  check(puny::encode(in, out, {}, scratch), "core encode");
  check(puny::encode(in, out, flags.cspan(), scratch), "core encode with flags");
  check(puny::encode(puny::punycode_params, in, out, {}, scratch), "run-time parameters");
  check(puny::encode<puny::punycode_params>(in, out, {}, scratch), "template parameters");
  // Even a buffer too small to hold anything reports the input error.
  check(puny::encode(in, std::span<char>(), {}, scratch), "core encode, no output room");
  check(puny::encode(input), "encode");
  check(puny::encode(input, std::vector<bool>(input.size(), true)), "encode with flags");
  check(puny::encode(puny::punycode_params, input), "encode(params)");
  std::string trace;
  check(puny::encode_traced(input, {}, trace), "encode_traced");
  const auto ref = puny_test::ref_encode(input);
  EXPECT_EQ(sname(ref.code), sname(code)) << "reference";
  EXPECT_EQ(ref.position, position) << "reference";
}

std::u32string with(std::u32string s, std::size_t at, char32_t c) {
  s.insert(s.begin() + static_cast<std::ptrdiff_t>(at), c);
  return s;
}

// ---------------------------------------------------------------------------
// invalid_digit

TEST(DecodeErrors, InvalidDigitInTheExtendedPart) {
  expect_decode_error("ab!c", status::invalid_digit, 2);
  expect_decode_error("!", status::invalid_digit, 0);
  // After the last delimiter only digits may follow.
  expect_decode_error("abc-d=e", status::invalid_digit, 5);
  expect_decode_error("abc- ", status::invalid_digit, 4);
  expect_decode_error("abc-d_", status::invalid_digit, 5);
  // A non-ASCII byte after the delimiter is a non-digit, not a literal.
  expect_decode_error("abc-d\xC3\xA9", status::invalid_digit, 5);
  expect_decode_error(std::string_view("ab\0c", 4), status::invalid_digit, 2);
  // The last character of a valid string replaced.
  expect_decode_error("ihqwcrb4cv8a8dqg056pqjy.", status::invalid_digit, 23);
}

// ---------------------------------------------------------------------------
// truncated_integer: the position is the input size.

TEST(DecodeErrors, TruncatedInteger) {
  // 'b' (1) is not below t = tmin = 1, so the integer goes on.
  expect_decode_error("a-b", status::truncated_integer, 3);
  expect_decode_error("9", status::truncated_integer, 1);
  expect_decode_error("ihqwcrb4cv8a8dqg056pqjy", status::truncated_integer, 23);
  expect_decode_error("3B-ww4c5e180e575a65lsy2", status::truncated_integer, 23);
  expect_decode_error(std::string(17, '9'), status::truncated_integer, 17);
}

// ---------------------------------------------------------------------------
// non_basic_literal: at the first byte >= 0x80 before the last delimiter.

TEST(DecodeErrors, NonBasicLiteral) {
  expect_decode_error("ab\xC3\xA9-cd", status::non_basic_literal, 2);
  expect_decode_error("\x80-a", status::non_basic_literal, 0);
  expect_decode_error("abc\xFF-", status::non_basic_literal, 3);
  // Before an earlier delimiter too: everything before the last one counts.
  expect_decode_error("a\xC3\xA9-b-c", status::non_basic_literal, 1);
}

// ---------------------------------------------------------------------------
// empty_literal: "-" and "-abc", while "--" is the encoding of "-".

TEST(DecodeErrors, EmptyLiteral) {
  expect_decode_error("-", status::empty_literal, 0);
  expect_decode_error("-abc", status::empty_literal, 0);
  expect_decode_error("-a", status::empty_literal, 0);
  expect_decode_error("-ihqwcrb4cv8a8dqg056pqjye", status::empty_literal, 0);
  expect_decodes_to("--", U"-");
  expect_decodes_to("---", U"--");
  expect_decodes_to("--a", U"\u0080-");
  const auto dash = puny::encode(U"-");
  ASSERT_TRUE(dash.ok());
  EXPECT_EQ(dash.value, "--");
  const auto empty = puny::encode(U"");
  ASSERT_TRUE(empty.ok());
  EXPECT_EQ(empty.value, "");
  expect_decodes_to("", U"");
}

// ---------------------------------------------------------------------------
// overflow (§6.4, in 64-bit arithmetic)

TEST(DecodeErrors, OverflowOfTheIntegerOrItsWeight) {
  // '9' is digit 35, never below t: w grows 35, 35, 10, 10, ... and
  // 35 * w overflows 64 bits at the 18th digit (35 * 1225 * 10^15 > 2^64).
  expect_decode_error(std::string(18, '9'), status::overflow, 17);
  expect_decode_error(std::string(40, '9'), status::overflow, 17);
  expect_decode_error("abc-" + std::string(40, '9'), status::overflow, 4 + 17);
  // 'z' (25) ends an integer as soon as t = tmax = 26: "zzz" is the integer
  // 25 + 25 * 35 + 25 * 1225 = 31525, a valid first delta (n = U+7BA5).
  expect_decodes_to("zzz", U"\u7BA5");
  expect_decodes_to("ZZZ", U"\u7BA5");
}

TEST(DecodeErrors, OverflowOfN) {
  // A first delta of 2^64 - 1 fits in i, but n = 0x80 + i does not.
  const std::string max_delta = ref_encode_integer(puny::punycode_params, u64_max, 72);
  expect_decode_error(max_delta, status::overflow, 0);
  expect_decode_error(puny_test::ascii_upper(max_delta), status::overflow, 0);
  // The largest delta that leaves n representable is only an invalid code
  // point; one more overflows.
  const std::string fits = ref_encode_integer(puny::punycode_params, u64_max - 0x80, 72);
  expect_decode_error(fits, status::invalid_code_point, 0);
  const std::string over = ref_encode_integer(puny::punycode_params, u64_max - 0x7F, 72);
  expect_decode_error(over, status::overflow, 0);
  // After a literal portion, i is divided by length + 1 = 4 before n += .
  // i = 2^64 - 1 then gives n = 0x80 + 2^62 - 1: no overflow.
  expect_decode_error("abc-" + max_delta, status::invalid_code_point, 4);
}

// Values above 32 bits are not overflow in 64-bit arithmetic.
TEST(DecodeErrors, DeltasBetween2To32And2To64AreInvalidCodePointsNotOverflow) {
  for (const std::uint64_t delta :
       {std::uint64_t{1} << 32, (std::uint64_t{1} << 32) + 12345, std::uint64_t{1} << 40,
        std::uint64_t{1} << 63, u64_max - 0x80}) {
    const std::string s = ref_encode_integer(puny::punycode_params, delta, 72);
    SCOPED_TRACE(s);
    expect_decode_error(s, status::invalid_code_point, 0);
  }
}

// A valid string whose deltas need more than 32 bits: 5000 basic code
// points followed by U+10FFFF gives delta (0x10FFFF - 0x80) * 5001 + 5000.
TEST(DecodeErrors, ValidStringWithADeltaAbove2To32) {
  std::u32string text(5000, U'a');
  text += U'\U0010FFFF';
  constexpr std::uint64_t delta = (0x10FFFFull - 0x80) * 5001 + 5000;
  static_assert(delta > (std::uint64_t{1} << 32));
  const std::string expected = std::string(5000, 'a').append("-") + ref_encode_integer(puny::punycode_params, delta, 72);
  const auto enc = puny::encode(text);
  ASSERT_EQ(sname(enc.code), "success");
  EXPECT_TRUE(puny_test::same(enc.value, expected));
  const auto dec = puny::decode(expected);
  ASSERT_EQ(sname(dec.code), "success");
  EXPECT_TRUE(puny_test::same(dec.value, text));
  // The same at the front: U+10FFFF first, the basic code points after it.
  std::u32string front(1, U'\U0010FFFF');
  front.append(5000, U'b');
  const auto enc2 = puny::encode(front);
  ASSERT_TRUE(enc2.ok());
  EXPECT_TRUE(puny_test::same(enc2.value, puny_test::ref_encode(front).text));
  const auto dec2 = puny::decode(enc2.value);
  ASSERT_TRUE(dec2.ok());
  EXPECT_TRUE(puny_test::same(dec2.value, front));
}

// ---------------------------------------------------------------------------
// invalid_code_point, decoder side

TEST(DecodeErrors, InvalidCodePointAboveU10FFFF) {
  // A first delta d decodes to n = 0x80 + d.
  EXPECT_EQ(ref_encode_integer(puny::punycode_params, 0x10FFFF - 0x80, 72), "dn32g");
  expect_decodes_to("dn32g", U"\U0010FFFF");
  expect_decodes_to("DN32G", U"\U0010FFFF");
  expect_decode_error("en32g", status::invalid_code_point, 0);
  expect_decode_error("abc-" + ref_encode_integer(puny::punycode_params, (0x110000 - 0x80) * 4, 72),
                      status::invalid_code_point, 4);
}

TEST(DecodeErrors, InvalidCodePointSurrogateFirstDelta) {
  const std::string d800 = ref_encode_integer(puny::punycode_params, 0xD800 - 0x80, 72);
  const std::string dfff = ref_encode_integer(puny::punycode_params, 0xDFFF - 0x80, 72);
  EXPECT_EQ(d800, "ib9b");
  EXPECT_EQ(dfff, "zy0c");
  expect_decode_error(d800, status::invalid_code_point, 0);
  expect_decode_error(dfff, status::invalid_code_point, 0);
  // Just outside the surrogates both decode.
  expect_decodes_to(ref_encode_integer(puny::punycode_params, 0xD7FF - 0x80, 72), U"\uD7FF");
  expect_decodes_to(ref_encode_integer(puny::punycode_params, 0xE000 - 0x80, 72), U"\uE000");
  // After a literal portion of three: i = (n - 0x80) * 4 + position.
  expect_decode_error("abc-" + ref_encode_integer(puny::punycode_params, (0xD800 - 0x80) * 4 + 1, 72),
                      status::invalid_code_point, 4);
}

TEST(DecodeErrors, InvalidCodePointSurrogateSecondDelta) {
  // First U+D7FF (delta 0xD77F, then i = 1, length 1); a second delta of 1
  // makes i = 2, n = 0xD7FF + 2 / 2 = 0xD800.
  const std::string first = ref_encode_integer(puny::punycode_params, 0xD7FF - 0x80, 72);
  const std::uint64_t bias = puny_test::ref::adapt(puny::punycode_params, 0xD7FF - 0x80, 1, true);
  expect_decodes_to(first + ref_encode_integer(puny::punycode_params, 0, bias), U"\uD7FF\uD7FF");
  expect_decode_error(first + ref_encode_integer(puny::punycode_params, 1, bias), status::invalid_code_point,
                      first.size());
  // And the encoder skips the surrogates: U+D7FF then U+E000.
  const auto enc = puny::encode(U"\uD7FF\uE000");
  ASSERT_TRUE(enc.ok());
  // After U+D7FF: +1 at the bottom of the loop (n = 0xD800), then
  // (0xE000 - 0xD800) * (h + 1), then +1 for U+D7FF at position 0 < 1.
  const std::uint64_t jump = 1 + (0xE000 - 0xD800) * 2 + 1;
  EXPECT_EQ(enc.value, first + ref_encode_integer(puny::punycode_params, jump, bias));
  expect_decodes_to(enc.value, U"\uD7FF\uE000");
}

// A blind search over all digit strings of up to four characters: those of
// up to three are checked against the reference in full; among those of
// four, every one that is a single integer denoting a surrogate or a value
// above U+10FFFF must be refused at position 0.
TEST(DecodeErrors, BruteForceShortStringsNeverDecodeToNonScalars) {
  static constexpr char digits[] = "abcdefghijklmnopqrstuvwxyz0123456789";
  const puny::bootstring& p = puny::punycode_params;
  std::size_t surrogates = 0;
  std::size_t too_big = 0;
  std::size_t valid = 0;
  std::string first_surrogate;
  std::array<char32_t, 8> out{};
  std::string s;
  for (std::size_t len = 1; len <= 4; ++len) {
    s.assign(len, 'a');
    std::array<std::size_t, 4> idx{};
    for (;;) {
      for (std::size_t j = 0; j < len; ++j) s[j] = digits[idx[j]];
      const puny::result r = puny::decode(std::span<const char>(s), std::span<char32_t>(out));
      if (r.ok()) {
        ++valid;
        for (std::size_t j = 0; j < r.written; ++j) {
          ASSERT_TRUE(puny_test::is_scalar(out[j])) << s;
          ASSERT_GE(out[j], 0x80u) << s;
        }
      }
      if (len <= 3) {
        const auto ref = puny_test::ref_decode(s);
        ASSERT_EQ(sname(r.code), sname(ref.code)) << s;
        ASSERT_EQ(r.position, ref.position) << s;
        if (r.ok()) {
          ASSERT_EQ(std::u32string_view(out.data(), r.written), ref.code_points) << s;
        }
      } else {
        // Is s exactly one integer?  Its value gives n = 0x80 + value.
        std::uint64_t i = 0;
        std::uint64_t w = 1;
        std::size_t end = 0;
        for (std::size_t j = 0; j < len; ++j) {
          const std::uint64_t d = puny_test::ref::decode_digit(p, s[j]);
          i += d * w;
          const std::uint64_t t = puny_test::ref::threshold(p, p.base * (j + 1), p.initial_bias);
          if (d < t) {
            end = j + 1;
            break;
          }
          w *= p.base - t;
        }
        if (end == len) {
          const std::uint64_t n = 0x80 + i;
          if (n >= 0xD800 && n <= 0xDFFF) {
            ++surrogates;
            if (first_surrogate.empty()) first_surrogate = s;
            ASSERT_EQ(sname(r.code), "invalid_code_point") << s;
            ASSERT_EQ(r.position, 0u) << s;
          } else if (n > 0x10FFFF) {
            ++too_big;
            ASSERT_EQ(sname(r.code), "invalid_code_point") << s;
            ASSERT_EQ(r.position, 0u) << s;
          } else {
            ASSERT_TRUE(r.ok()) << s;
            ASSERT_EQ(r.written, 1u) << s;
            ASSERT_EQ(out[0], n) << s;
          }
        }
      }
      std::size_t j = len;
      while (j > 0 && ++idx[j - 1] == 36) idx[--j] = 0;
      if (j == 0) break;
    }
  }
  // Each of the 2048 surrogates has exactly one encoding, and it is one
  // integer of four lowercase digits.
  EXPECT_EQ(surrogates, 2048u);
  EXPECT_FALSE(first_surrogate.empty());
  // The largest single four-digit integer is 35 + 35 * 35 + 35 * 1225 +
  // 25 * 12250 = 350385, so nothing here goes above U+10FFFF.
  EXPECT_EQ(too_big, 0u);
  EXPECT_GT(valid, 0u);
}

// ---------------------------------------------------------------------------
// invalid_code_point, encoder side: at the index of the first bad one.

TEST(EncodeErrors, InvalidCodePoint) {
  expect_encode_error(with(U"abc", 2, 0xD800), status::invalid_code_point, 2);
  expect_encode_error(with(U"abc", 0, 0xDFFF), status::invalid_code_point, 0);
  expect_encode_error(with(U"\u00E9\u4E2D", 2, 0xDBFF), status::invalid_code_point, 2);
  expect_encode_error(with(U"abc", 3, 0x110000), status::invalid_code_point, 3);
  expect_encode_error(with(U"", 0, 0xFFFFFFFF), status::invalid_code_point, 0);
  // The first of several.
  expect_encode_error(with(with(U"x\u00E9y", 1, 0x110000), 3, 0xD800), status::invalid_code_point, 1);
  // Also in long inputs (the scratch path).
  std::u32string longer(2000, U'\u4E2D');
  longer[1500] = 0xDC00;
  expect_encode_error(longer, status::invalid_code_point, 1500);
  // The largest scalar value and the neighbours of the surrogates are fine.
  for (const char32_t c : {char32_t{0x10FFFF}, char32_t{0xD7FF}, char32_t{0xE000}, char32_t{0x80}}) {
    const std::u32string s(1, c);
    const auto r = puny::encode(s);
    ASSERT_TRUE(r.ok()) << puny_test::hex(s);
    const auto back = puny::decode(r.value);
    ASSERT_TRUE(back.ok());
    EXPECT_EQ(back.value, s);
  }
}

TEST(EncodeErrors, NonBasicBelowInitialN) {
  puny::bootstring p;
  p.initial_n = 0x100;
  ASSERT_TRUE(p.valid());
  std::array<char, 64> out{};
  const std::u32string s = U"ab\u00E9\u0100";
  const puny::result r = puny::encode(p, std::span<const char32_t>(s), std::span<char>(out));
  EXPECT_EQ(r.code, status::invalid_code_point);
  EXPECT_EQ(r.position, 2u);
  const auto w = puny::encode(p, s);
  EXPECT_EQ(w.code, status::invalid_code_point);
  EXPECT_EQ(w.position, 2u);
  EXPECT_EQ(puny_test::ref_encode(p, s).position, 2u);
  const std::u32string ok = U"ab\u0100\u0101";
  const auto fine = puny::encode(p, ok);
  ASSERT_TRUE(fine.ok());
  const auto back = puny::decode(p, fine.value);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back.value, ok);
}

// ---------------------------------------------------------------------------
// case_flags_size

TEST(EncodeErrors, CaseFlagsSize) {
  const std::u32string s = U"ab\u00E9";
  std::array<char, 64> out{};
  for (const std::size_t n : {std::size_t{1}, std::size_t{2}, std::size_t{4}, std::size_t{10}}) {
    puny_test::bool_array flags(n);
    const puny::result r = puny::encode(std::span<const char32_t>(s), std::span<char>(out), flags.cspan());
    EXPECT_EQ(r.code, status::case_flags_size) << n;
    EXPECT_EQ(r.position, 0u) << n;
    EXPECT_EQ(puny::encode(puny::punycode_params, std::span<const char32_t>(s), std::span<char>(out),
                           flags.cspan())
                  .code,
              status::case_flags_size);
    EXPECT_EQ(puny::encode<puny::punycode_params>(std::span<const char32_t>(s), std::span<char>(out),
                                                  flags.cspan())
                  .code,
              status::case_flags_size);
    const auto w = puny::encode(s, std::vector<bool>(n, false));
    EXPECT_EQ(w.code, status::case_flags_size) << n;
    EXPECT_EQ(w.position, 0u);
    std::string trace;
    EXPECT_EQ(puny::encode_traced(s, std::vector<bool>(n, false), trace).code, status::case_flags_size);
  }
  // The wrapper wants one flag per code point, so an empty vector for a
  // non-empty input is the wrong size too; for an empty input it is right.
  EXPECT_EQ(puny::encode(s, std::vector<bool>{}).code, status::case_flags_size);
  const auto empty = puny::encode(U"", std::vector<bool>{});
  ASSERT_TRUE(empty.ok());
  EXPECT_EQ(empty.value, "");
  // The right size works (and the core's empty span means "no flags").
  puny_test::bool_array three(3);
  const puny::result r = puny::encode(std::span<const char32_t>(s), std::span<char>(out), three.cspan());
  ASSERT_TRUE(r.ok());
  // Delta (0xE9 - 0x80) * 3 + 2 = 317: digit 1 + 316 % 35 = 2 'c', q = 9;
  // digit 1 + 8 % 35 = 9 'j', q = 0; then 0 < t = 26: 'a'.
  EXPECT_EQ(std::string_view(out.data(), r.written), "ab-cja");
}

// ---------------------------------------------------------------------------
// invalid_parameters

struct bad_params_case {
  const char* why;
  puny::bootstring params;
};

std::vector<bad_params_case> bad_parameter_sets() {
  std::vector<bad_params_case> v;
  auto add = [&](const char* why, auto change) {
    puny::bootstring p;
    change(p);
    v.push_back({why, p});
  };
  add("tmin > tmax", [](puny::bootstring& p) { p.tmin = 10, p.tmax = 9; });
  add("base > 36", [](puny::bootstring& p) { p.base = 37; });
  add("base = 1", [](puny::bootstring& p) { p.base = 1, p.tmin = 0, p.tmax = 0; });
  add("base = 0", [](puny::bootstring& p) { p.base = 0; });
  add("damp < 2", [](puny::bootstring& p) { p.damp = 1; });
  add("damp = 0", [](puny::bootstring& p) { p.damp = 0; });
  add("skew < 1", [](puny::bootstring& p) { p.skew = 0; });
  add("delimiter is a digit", [](puny::bootstring& p) { p.delimiter = 'a'; });
  add("delimiter is a digit (0)", [](puny::bootstring& p) { p.delimiter = '0'; });
  add("delimiter is an uppercase digit", [](puny::bootstring& p) { p.delimiter = 'Z'; });
  add("delimiter is not basic", [](puny::bootstring& p) { p.delimiter = static_cast<char>(0xC3); });
  add("initial_bias mod base > base - tmin", [](puny::bootstring& p) { p.tmin = 5, p.initial_bias = 32; });
  add("initial_bias mod base > base - tmin (wrapped)", [](puny::bootstring& p) { p.tmin = 5, p.initial_bias = 36 + 35; });
  add("tmax = 0", [](puny::bootstring& p) { p.tmin = 0, p.tmax = 0; });
  add("tmax > base - 1", [](puny::bootstring& p) { p.tmax = 36; });
  add("tmin = base - 1", [](puny::bootstring& p) { p.tmin = 35, p.tmax = 35, p.initial_bias = 0; });
  add("initial_n above U+10FFFF", [](puny::bootstring& p) { p.initial_n = 0x110000; });
  return v;
}

TEST(ParameterErrors, InvalidParametersAreRefusedEverywhere) {
  const std::u32string text = U"ab\u00E9\u4E2D";
  const std::string punycode = "ab-cja";
  for (const bad_params_case& c : bad_parameter_sets()) {
    SCOPED_TRACE(c.why);
    EXPECT_FALSE(c.params.valid());
    std::array<char, 64> out{};
    std::array<char32_t, 64> cps{};
    const puny::result e = puny::encode(c.params, std::span<const char32_t>(text), std::span<char>(out));
    EXPECT_EQ(sname(e.code), "invalid_parameters");
    EXPECT_EQ(e.position, 0u);
    const puny::result d = puny::decode(c.params, std::span<const char>(punycode), std::span<char32_t>(cps));
    EXPECT_EQ(sname(d.code), "invalid_parameters");
    EXPECT_EQ(d.position, 0u);
    EXPECT_EQ(sname(puny::encode(c.params, text).code), "invalid_parameters");
    EXPECT_EQ(sname(puny::decode(c.params, punycode).code), "invalid_parameters");
    // Even empty inputs: the parameters are checked first.
    EXPECT_EQ(sname(puny::encode(c.params, U"").code), "invalid_parameters");
    EXPECT_EQ(sname(puny::decode(c.params, "").code), "invalid_parameters");
  }
}

TEST(ParameterErrors, BoundaryParameterSetsAreValid) {
  // The edges of each §4 constraint, on the valid side.
  puny::bootstring p;
  EXPECT_TRUE(p.valid());
  EXPECT_EQ(p, puny::punycode_params);
  p.tmin = 0;
  EXPECT_TRUE(p.valid());
  p = {};
  p.tmin = 34;
  p.tmax = 35;
  p.initial_bias = 2;  // 2 <= base - tmin = 2
  EXPECT_TRUE(p.valid());
  p.initial_bias = 3;
  EXPECT_FALSE(p.valid());
  p = {};
  p.base = 2, p.tmin = 0, p.tmax = 1, p.initial_bias = 0;
  EXPECT_TRUE(p.valid());
  p = {};
  p.skew = 1, p.damp = 2;
  EXPECT_TRUE(p.valid());
  p = {};
  p.initial_n = 0x10FFFF;
  EXPECT_TRUE(p.valid());
  p = {};
  p.base = 10;
  p.tmax = 9;
  p.delimiter = 'k';  // digit-value 10: not a digit in base 10
  EXPECT_TRUE(p.valid());
  p.delimiter = 'j';
  EXPECT_FALSE(p.valid());
}

// Appendix A: annotation needs every digit-value below tmax to be a letter.
TEST(ParameterErrors, CaseFlagsNeedTmaxAtMost26) {
  puny::bootstring p;
  p.tmax = 30;
  ASSERT_TRUE(p.valid());
  EXPECT_FALSE(p.supports_case_flags());
  EXPECT_TRUE(puny::punycode_params.supports_case_flags());
  const std::u32string text = U"ab\u00E9";
  std::array<char, 64> out{};
  puny_test::bool_array flags(text.size());
  const puny::result r = puny::encode(p, std::span<const char32_t>(text), std::span<char>(out), flags.cspan());
  EXPECT_EQ(sname(r.code), "invalid_parameters");
  // Without flags the same parameters are fine.
  const puny::result plain = puny::encode(p, std::span<const char32_t>(text), std::span<char>(out));
  ASSERT_TRUE(plain.ok());
  EXPECT_EQ(std::string_view(out.data(), plain.written), puny_test::ref_encode(p, text).text);
  // The template API refuses it at run time too.
  static constexpr puny::bootstring wide = [] {
    puny::bootstring b;
    b.tmax = 30;
    return b;
  }();
  const puny::result t = puny::encode<wide>(std::span<const char32_t>(text), std::span<char>(out), flags.cspan());
  EXPECT_EQ(sname(t.code), "invalid_parameters");
}

// status.hpp: invalid_parameters is also "case flags were requested from a
// parameter set that cannot carry them (Appendix A)" -- for the decoder too.
TEST(ParameterErrors, DecodeWithCaseFlagsNeedsTmaxAtMost26) {
  puny::bootstring p;
  p.tmax = 30;
  ASSERT_TRUE(p.valid());
  const std::u32string text = U"ab\u00E9";
  const auto enc = puny::encode(p, text);
  ASSERT_TRUE(enc.ok());
  std::array<char32_t, 64> out{};
  puny_test::bool_array flags(out.size());
  const puny::result r =
      puny::decode(p, std::span<const char>(enc.value.data(), enc.value.size()), std::span<char32_t>(out), flags.span());
  EXPECT_EQ(sname(r.code), "invalid_parameters")
      << "decode(params with tmax = 30, \"" << enc.value << "\", flags) should refuse to annotate like encode does";
  // Without flags it decodes.
  const puny::result plain =
      puny::decode(p, std::span<const char>(enc.value.data(), enc.value.size()), std::span<char32_t>(out));
  ASSERT_TRUE(plain.ok());
  EXPECT_EQ(std::u32string_view(out.data(), plain.written), text);
}

// ---------------------------------------------------------------------------
// encoded_basic: only possible when initial_n is below 0x80.

TEST(DecodeErrors, EncodedBasic) {
  puny::bootstring p;
  p.initial_n = 0x40;
  ASSERT_TRUE(p.valid());
  std::array<char32_t, 64> out{};
  auto run = [&](std::string_view s) {
    return puny::decode(p, std::span<const char>(s.data(), s.size()), std::span<char32_t>(out));
  };
  // Delta 0 decodes to n = 0x40 '@', a basic code point.
  puny::result r = run("a");
  EXPECT_EQ(sname(r.code), "encoded_basic");
  EXPECT_EQ(r.position, 0u);
  r = run("xy-a");
  EXPECT_EQ(sname(r.code), "encoded_basic");
  EXPECT_EQ(r.position, 3u);
  EXPECT_EQ(puny::decode(p, "xy-a").code, status::encoded_basic);
  EXPECT_EQ(puny::decode(p, "xy-a").position, 3u);
  EXPECT_EQ(sname(puny_test::ref_decode(p, "xy-a").code), "encoded_basic");
  // The largest delta that is still basic (n = 0x7F), and the first that
  // is not (n = 0x80), for a first code point.
  const std::string last_basic = ref_encode_integer(p, 0x7F - 0x40, p.initial_bias);
  r = run(last_basic);
  EXPECT_EQ(sname(r.code), "encoded_basic") << last_basic;
  const std::string first_ok = ref_encode_integer(p, 0x80 - 0x40, p.initial_bias);
  r = run(first_ok);
  ASSERT_TRUE(r.ok()) << first_ok;
  EXPECT_EQ(std::u32string_view(out.data(), r.written), U"\u0080");
  // With Punycode's parameters it is unreachable: n starts at 0x80.
  EXPECT_TRUE(puny::decode("a").ok());
  EXPECT_EQ(puny::decode("a").value, U"\u0080");
  // And the encoder round-trips through this parameter set.
  const std::u32string text = U"AZ@\u0080\u00FF-\u4E2D";
  const auto enc = puny::encode(p, text);
  ASSERT_TRUE(enc.ok());
  EXPECT_EQ(enc.value, puny_test::ref_encode(p, text).text);
  const auto back = puny::decode(p, enc.value);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back.value, text);
}

// ---------------------------------------------------------------------------
// invalid_utf8 through encode_utf8: the byte offset of the bad sequence.

TEST(EncodeErrors, InvalidUtf8) {
  struct c {
    std::string_view text;
    std::size_t position;
  };
  for (const c& k : {c{"ab\xC0\x80", 2}, c{"\xED\xA0\x80", 0}, c{"x\xF4\x90\x80\x80", 1}, c{"\xE4\xB8\xAD\x80", 3},
                     c{"\xE4\xB8\xAD\xE4\xB8", 3}, c{"abc\xFF", 3}, c{"\xC3\xA9\xC3", 2}}) {
    const auto r = puny::encode_utf8(k.text);
    EXPECT_EQ(sname(r.code), "invalid_utf8") << puny_test::hex_bytes(k.text);
    EXPECT_EQ(r.position, k.position) << puny_test::hex_bytes(k.text);
    EXPECT_TRUE(r.value.empty());
  }
}

// ---------------------------------------------------------------------------
// Which error wins.

TEST(ErrorPrecedence, DecodeInputErrorsBeatOutputTooSmall) {
  // The output runs out long before the bad digit; the bad digit is what
  // gets reported, in both the in-place (short) and the two-pass (long) path.
  const std::string short_bad = "ihqwcrb4cv8a8dqg056pqjye!";
  std::array<char32_t, 2> tiny{};
  puny::result r = puny::decode(std::span<const char>(short_bad), std::span<char32_t>(tiny));
  EXPECT_EQ(sname(r.code), "invalid_digit");
  EXPECT_EQ(r.position, 24u);
  const std::string long_bad = std::string(300, 'a').append("-").append(150, 'a').append("9");
  r = puny::decode(std::span<const char>(long_bad), std::span<char32_t>(tiny));
  EXPECT_EQ(sname(r.code), "truncated_integer");
  EXPECT_EQ(r.position, long_bad.size());
}

TEST(ErrorPrecedence, EncodeInputErrorsBeatSizeErrors) {
  // With the scratch it needs but no output room, the bad code point (not
  // the output size) is reported.
  std::u32string text(3000, U'\u00E9');
  text[2999] = 0x110000;
  std::vector<std::uint64_t> scratch(puny::encode_scratch_words(text.size()));
  const puny::result r = puny::encode(std::span<const char32_t>(text), std::span<char>(), {}, scratch);
  EXPECT_EQ(sname(r.code), "invalid_code_point");
  EXPECT_EQ(r.position, 2999u);
}

TEST(ErrorClassification, IsBadInput) {
  EXPECT_TRUE(puny::is_bad_input(status::invalid_digit));
  EXPECT_TRUE(puny::is_bad_input(status::truncated_integer));
  EXPECT_TRUE(puny::is_bad_input(status::non_basic_literal));
  EXPECT_TRUE(puny::is_bad_input(status::empty_literal));
  EXPECT_TRUE(puny::is_bad_input(status::encoded_basic));
  EXPECT_FALSE(puny::is_bad_input(status::success));
  EXPECT_FALSE(puny::is_bad_input(status::overflow));
  EXPECT_FALSE(puny::is_bad_input(status::invalid_code_point));
  EXPECT_FALSE(puny::is_bad_input(status::invalid_utf8));
  EXPECT_FALSE(puny::is_bad_input(status::output_too_small));
  EXPECT_FALSE(puny::is_bad_input(status::scratch_too_small));
  EXPECT_FALSE(puny::is_bad_input(status::invalid_parameters));
  EXPECT_FALSE(puny::is_bad_input(status::case_flags_size));
}

}  // namespace
