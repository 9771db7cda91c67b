// The core API is constexpr: RFC samples, errors, custom constant parameter
// sets and UTF-8 conversion, evaluated by the compiler (static_assert) and,
// the same functions, at run time.
#include <gtest/gtest.h>

#include <array>
#include <span>
#include <string_view>

#include "puny/punycode.hpp"
#include "puny/utf8.hpp"

namespace {

using puny::status;

// RFC 3492 §7.1 (B) and (L); in (L) U+0042 is flagged uppercase.
constexpr std::array<char32_t, 9> sample_b = {0x4ED6, 0x4EEC, 0x4E3A, 0x4EC0, 0x4E48,
                                              0x4E0D, 0x8BF4, 0x4E2D, 0x6587};
constexpr std::string_view sample_b_punycode = "ihqwcrb4cv8a8dqg056pqjye";
constexpr std::array<char32_t, 8> sample_l = {0x0033, 0x5E74, 0x0042, 0x7D44, 0x91D1, 0x516B, 0x5148, 0x751F};
constexpr std::array<bool, 8> sample_l_flags = {false, false, true, false, false, false, false, false};
constexpr std::string_view sample_l_punycode = "3B-ww4c5e180e575a65lsy2b";

template <std::size_t N>
constexpr bool encodes_to(const std::array<char32_t, N>& in, std::string_view expected,
                          std::span<const bool> flags = {}) {
  std::array<char, 64> out{};
  const puny::result r = puny::encode(std::span<const char32_t>(in), std::span<char>(out), flags);
  return r.ok() && r.written == expected.size() && std::string_view(out.data(), r.written) == expected;
}

template <std::size_t N>
constexpr bool decodes_to(std::string_view in, const std::array<char32_t, N>& expected,
                          const std::array<bool, N>* expected_flags = nullptr) {
  std::array<char32_t, 64> out{};
  std::array<bool, 64> flags{};
  const puny::result r = puny::decode(std::span<const char>(in.data(), in.size()), std::span<char32_t>(out),
                                      std::span<bool>(flags));
  if (!r.ok() || r.written != N) return false;
  for (std::size_t j = 0; j < N; ++j) {
    if (out[j] != expected[j]) return false;
    if (expected_flags != nullptr && flags[j] != (*expected_flags)[j]) return false;
  }
  return true;
}

constexpr auto encode_b = [] { return encodes_to(sample_b, sample_b_punycode); };
constexpr auto decode_b = [] { return decodes_to(sample_b_punycode, sample_b); };
constexpr auto encode_l = [] { return encodes_to(sample_l, sample_l_punycode, std::span<const bool>(sample_l_flags)); };
constexpr auto decode_l = [] { return decodes_to(sample_l_punycode, sample_l, &sample_l_flags); };
// Digits in uppercase decode the same code points.
constexpr auto decode_b_upper = [] { return decodes_to(std::string_view("IHQWCRB4CV8A8DQG056PQJYE"), sample_b); };

static_assert(encode_b());
static_assert(decode_b());
static_assert(encode_l());
static_assert(decode_l());
static_assert(decode_b_upper());

// Errors and sizes are reported at compile time too.
constexpr auto errors = [] {
  std::array<char32_t, 16> out{};
  auto dec = [&](std::string_view s) {
    return puny::decode(std::span<const char>(s.data(), s.size()), std::span<char32_t>(out));
  };
  const puny::result bad_digit = dec("abc-d=e");
  const puny::result truncated = dec("a-b");
  const puny::result empty = dec("-abc");
  const puny::result surrogate = dec("ib9b");
  std::array<char32_t, 3> tiny{};
  const puny::result small = puny::decode(std::span<const char>(sample_b_punycode.data(), sample_b_punycode.size()),
                                          std::span<char32_t>(tiny));
  std::array<char, 10> little{};
  const puny::result esmall = puny::encode(std::span<const char32_t>(sample_b), std::span<char>(little));
  const std::array<char32_t, 3> with_surrogate = {U'a', 0xDFFF, U'b'};
  std::array<char, 16> eout{};
  const puny::result ebad = puny::encode(std::span<const char32_t>(with_surrogate), std::span<char>(eout));
  return bad_digit.code == status::invalid_digit && bad_digit.position == 5 &&
         truncated.code == status::truncated_integer && truncated.position == 3 &&
         empty.code == status::empty_literal && empty.position == 0 &&
         surrogate.code == status::invalid_code_point && small.code == status::output_too_small &&
         small.needed == 9 && esmall.code == status::output_too_small && esmall.needed == 24 &&
         ebad.code == status::invalid_code_point && ebad.position == 1;
};
static_assert(errors());

// A custom constant parameter set: Punycode's base and digits with another
// skew, damp and initial bias, through the template API.
constexpr puny::bootstring custom = [] {
  puny::bootstring p;
  p.skew = 10;
  p.damp = 100;
  p.initial_bias = 36;
  return p;
}();
static_assert(custom.valid());
static_assert(!(custom == puny::punycode_params));

constexpr auto custom_round_trip = [] {
  std::array<char, 64> text{};
  const puny::result e = puny::encode<custom>(std::span<const char32_t>(sample_b), std::span<char>(text));
  if (!e.ok()) return false;
  // Not Punycode's encoding...
  if (std::string_view(text.data(), e.written) == sample_b_punycode) return false;
  // ...but it decodes back with the same parameters, template or run time.
  std::array<char32_t, 64> back{};
  const puny::result d =
      puny::decode<custom>(std::span<const char>(text.data(), e.written), std::span<char32_t>(back));
  if (!d.ok() || d.written != sample_b.size()) return false;
  for (std::size_t j = 0; j < sample_b.size(); ++j) {
    if (back[j] != sample_b[j]) return false;
  }
  std::array<char, 64> again{};
  const puny::result r = puny::encode(custom, std::span<const char32_t>(sample_b), std::span<char>(again));
  return r.ok() && std::string_view(again.data(), r.written) == std::string_view(text.data(), e.written);
};
static_assert(custom_round_trip());

// A base-10 parameter set with mixed-case annotation, at compile time.
constexpr puny::bootstring base10 = [] {
  puny::bootstring p;
  p.base = 10;
  p.tmin = 1;
  p.tmax = 8;
  p.skew = 3;
  p.damp = 50;
  p.initial_bias = 5;
  p.delimiter = 'z';
  return p;
}();
static_assert(base10.valid());

constexpr auto base10_round_trip = [] {
  std::array<char, 256> text{};
  const puny::result e = puny::encode<base10>(std::span<const char32_t>(sample_l), std::span<char>(text),
                                              std::span<const bool>(sample_l_flags));
  if (!e.ok()) return false;
  const std::string_view s(text.data(), e.written);
  if (s.substr(0, 3) != "3Bz") return false;
  for (const char c : s.substr(3)) {
    if (!((c >= 'a' && c <= 'j') || (c >= 'A' && c <= 'J'))) return false;
  }
  std::array<char32_t, 64> back{};
  std::array<bool, 64> flags{};
  const puny::result d =
      puny::decode<base10>(std::span<const char>(s.data(), s.size()), std::span<char32_t>(back), std::span<bool>(flags));
  if (!d.ok() || d.written != sample_l.size()) return false;
  for (std::size_t j = 0; j < sample_l.size(); ++j) {
    if (back[j] != sample_l[j] || flags[j] != sample_l_flags[j]) return false;
  }
  return true;
};
static_assert(base10_round_trip());

// A string longer than the in-place decoding limit (96 characters), so the
// two-pass decoder runs at compile time too.
constexpr auto long_round_trip = [] {
  std::array<char32_t, 120> in{};
  for (std::size_t j = 0; j < in.size(); ++j) in[j] = static_cast<char32_t>(j % 3 == 0 ? U'a' + j % 26 : 0x4E00 + 37 * j);
  std::array<char, 512> text{};
  const puny::result e = puny::encode(std::span<const char32_t>(in), std::span<char>(text));
  if (!e.ok() || e.written <= 96) return false;
  std::array<char32_t, 120> back{};
  const puny::result d = puny::decode(std::span<const char>(text.data(), e.written), std::span<char32_t>(back));
  if (!d.ok() || d.written != in.size()) return false;
  return back == in;
};
static_assert(long_round_trip());

// UTF-8 at compile time.
constexpr auto utf8_round_trip = [] {
  constexpr std::string_view text = "a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80";
  std::array<char32_t, 8> cps{};
  const puny::result d = puny::utf8_to_utf32(std::span<const char>(text.data(), text.size()), std::span<char32_t>(cps));
  if (!d.ok() || d.written != 4 || cps[0] != U'a' || cps[1] != 0xE9 || cps[2] != 0x20AC || cps[3] != 0x1F600) {
    return false;
  }
  std::array<char, 16> bytes{};
  const puny::result e = puny::utf32_to_utf8(std::span<const char32_t>(cps.data(), 4), std::span<char>(bytes));
  constexpr std::string_view bad = "ab\xED\xA0\x80";
  const puny::result v = puny::validate_utf8(std::span<const char>(bad.data(), bad.size()));
  return e.ok() && std::string_view(bytes.data(), e.written) == text && v.code == status::invalid_utf8 &&
         v.position == 2;
};
static_assert(utf8_round_trip());

static_assert(puny::digit_value('a') == 0 && puny::digit_value('Z') == 25 && puny::digit_value('0') == 26 &&
              puny::digit_value('9') == 35 && puny::digit_value('-') == 0xFF);
static_assert(puny::digit_char(0) == 'a' && puny::digit_char(25, true) == 'Z' && puny::digit_char(26) == '0' &&
              puny::digit_char(35, true) == '9');

// The same functions at run time give the same answers.
TEST(Constexpr, SameResultsAtRunTime) {
  EXPECT_TRUE(encode_b());
  EXPECT_TRUE(decode_b());
  EXPECT_TRUE(encode_l());
  EXPECT_TRUE(decode_l());
  EXPECT_TRUE(decode_b_upper());
  EXPECT_TRUE(errors());
  EXPECT_TRUE(custom_round_trip());
  EXPECT_TRUE(base10_round_trip());
  EXPECT_TRUE(long_round_trip());
  EXPECT_TRUE(utf8_round_trip());
}

TEST(Constexpr, DigitValues) {
  for (int c = 0; c < 256; ++c) {
    const char ch = static_cast<char>(c);
    const std::uint8_t v = puny::digit_value(ch);
    if (c >= 'a' && c <= 'z') {
      EXPECT_EQ(v, c - 'a');
      EXPECT_EQ(puny::digit_char(v), ch);
    } else if (c >= 'A' && c <= 'Z') {
      EXPECT_EQ(v, c - 'A');
      EXPECT_EQ(puny::digit_char(v, true), ch);
    } else if (c >= '0' && c <= '9') {
      EXPECT_EQ(v, c - '0' + 26);
      EXPECT_EQ(puny::digit_char(v), ch);
      EXPECT_EQ(puny::digit_char(v, true), ch);
    } else {
      EXPECT_EQ(v, 0xFF) << c;
    }
  }
}

}  // namespace
