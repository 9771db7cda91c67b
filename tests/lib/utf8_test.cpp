// Strict UTF-8 (Unicode Table 3-7): validate_utf8, utf8_to_utf32,
// utf32_to_utf8, and the UTF-8 wrappers encode_utf8 / decode_to_utf8.
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "puny/punycode.hpp"
#include "puny/utf8.hpp"
#include "test_encoding.hpp"
#include "test_support.hpp"

namespace {

using puny::status;
using puny_test::append_utf8;

std::string sname(status s) { return std::string(puny::name(s)); }


std::string utf8(std::u32string_view s) {
  std::string out;
  for (const char32_t c : s) append_utf8(out, c);
  return out;
}

// An independent validator: the byte offset of the first ill-formed
// sequence (decode the bit pattern, then reject overlong forms, surrogates,
// values above U+10FFFF, bad continuation bytes and truncation), or npos.
std::size_t first_invalid(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto b = static_cast<unsigned char>(s[i]);
    std::size_t len = 0;
    char32_t v = 0;
    char32_t min = 0;
    if (b < 0x80) {
      ++i;
      continue;
    } else if ((b & 0xE0) == 0xC0) {
      len = 2, v = b & 0x1F, min = 0x80;
    } else if ((b & 0xF0) == 0xE0) {
      len = 3, v = b & 0x0F, min = 0x800;
    } else if ((b & 0xF8) == 0xF0) {
      len = 4, v = b & 0x07, min = 0x10000;
    } else {
      return i;
    }
    if (i + len > s.size()) return i;
    for (std::size_t k = 1; k < len; ++k) {
      const auto c = static_cast<unsigned char>(s[i + k]);
      if ((c & 0xC0) != 0x80) return i;
      v = (v << 6) | (c & 0x3F);
    }
    if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) return i;
    i += len;
  }
  return std::string_view::npos;
}

puny::result validate(std::string_view s) { return puny::validate_utf8(std::span<const char>(s.data(), s.size())); }

// Checks one ill-formed input through every UTF-8 entry point.
void expect_invalid(std::string_view s, std::size_t position) {
  SCOPED_TRACE(puny_test::hex_bytes(s));
  ASSERT_EQ(first_invalid(s), position) << "the test's own validator disagrees";
  const puny::result v = validate(s);
  EXPECT_EQ(sname(v.code), "invalid_utf8");
  EXPECT_EQ(v.position, position);
  std::vector<char32_t> out(s.size());
  const puny::result u = puny::utf8_to_utf32(std::span<const char>(s.data(), s.size()), out);
  EXPECT_EQ(sname(u.code), "invalid_utf8");
  EXPECT_EQ(u.position, position);
  // Even with no room for output, the bad byte is what gets reported.
  const puny::result none = puny::utf8_to_utf32(std::span<const char>(s.data(), s.size()), std::span<char32_t>());
  EXPECT_EQ(sname(none.code), "invalid_utf8");
  EXPECT_EQ(none.position, position);
  const auto e = puny::encode_utf8(s);
  EXPECT_EQ(sname(e.code), "invalid_utf8");
  EXPECT_EQ(e.position, position);
}

TEST(Utf8, EveryClassOfIllFormedInput) {
  // Overlong forms.
  expect_invalid("\xC0\x80", 0);
  expect_invalid("\xC1\xBF", 0);
  expect_invalid("\xE0\x80\x80", 0);
  expect_invalid("\xE0\x9F\xBF", 0);
  expect_invalid("\xF0\x80\x80\x80", 0);
  expect_invalid("\xF0\x8F\xBF\xBF", 0);
  // Surrogates, encoded as if they were scalar values.
  expect_invalid("\xED\xA0\x80", 0);
  expect_invalid("\xED\xAF\xBF", 0);
  expect_invalid("\xED\xB0\x80", 0);
  expect_invalid("\xED\xBF\xBF", 0);
  // Above U+10FFFF.
  expect_invalid("\xF4\x90\x80\x80", 0);
  expect_invalid("\xF4\xBF\xBF\xBF", 0);
  for (unsigned b = 0xF5; b <= 0xFF; ++b) {
    std::string s(1, static_cast<char>(b));
    expect_invalid(s, 0);
    s += "\x80\x80\x80";
    expect_invalid(s, 0);
  }
  // Truncated at the end.
  expect_invalid("\xC3", 0);
  expect_invalid("\xE2\x82", 0);
  expect_invalid("\xE2", 0);
  expect_invalid("\xF0\x9F\x98", 0);
  expect_invalid("\xF0\x9F", 0);
  expect_invalid("abc\xF0\x9F\x98", 3);
  // Truncated in the middle (a non-continuation byte follows).
  expect_invalid("\xE2\x82" "a", 0);
  expect_invalid("\xC3" "a", 0);
  expect_invalid("\xF0\x9F\x98\xC3\xA9", 0);
  // Stray continuation bytes.
  expect_invalid("\x80", 0);
  expect_invalid("\xBF", 0);
  expect_invalid("a\x80", 1);
  expect_invalid("\xC3\xA9\xA9", 2);
  expect_invalid("\xE2\x82\xAC\x80", 3);
  // The position is that of the first bad sequence after good ones of every length.
  expect_invalid("a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80\xC0\x80", 10);
  expect_invalid("\xF0\x9F\x98\x80\xED\xA0\x80", 4);
}

TEST(Utf8, BoundariesOfTable3_7AreAccepted) {
  for (const std::string_view s :
       {std::string_view("\xC2\x80"), std::string_view("\xDF\xBF"), std::string_view("\xE0\xA0\x80"),
        std::string_view("\xED\x9F\xBF"), std::string_view("\xEE\x80\x80"), std::string_view("\xEF\xBF\xBF"),
        std::string_view("\xF0\x90\x80\x80"), std::string_view("\xF4\x8F\xBF\xBF"), std::string_view("\x7F"),
        std::string_view("\0", 1)}) {
    const puny::result r = validate(s);
    EXPECT_TRUE(r.ok()) << puny_test::hex_bytes(s);
    EXPECT_EQ(r.written, 1u) << puny_test::hex_bytes(s);
  }
  const puny::result empty = validate("");
  EXPECT_TRUE(empty.ok());
  EXPECT_EQ(empty.written, 0u);
  const puny::result mixed = validate("a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80");
  EXPECT_TRUE(mixed.ok());
  EXPECT_EQ(mixed.written, 4u);
}

// Every sequence of a lead byte, any second byte, and third and fourth bytes
// from a set that covers each case, against the independent validator.
TEST(Utf8, AgreesWithAnIndependentValidator) {
  static constexpr unsigned rest[] = {0x41, 0x80, 0xBF, 0xC3};
  std::vector<char32_t> out(4);
  std::size_t valid = 0;
  for (unsigned b0 = 0; b0 < 256; ++b0) {
    for (unsigned b1 = 0; b1 < 256; ++b1) {
      for (const unsigned b2 : rest) {
        for (const unsigned b3 : rest) {
          const char bytes[4] = {static_cast<char>(b0), static_cast<char>(b1), static_cast<char>(b2),
                                 static_cast<char>(b3)};
          const std::string_view s(bytes, 4);
          const std::size_t expected = first_invalid(s);
          const puny::result v = validate(s);
          const puny::result u = puny::utf8_to_utf32(std::span<const char>(bytes, 4), out);
          if (expected == std::string_view::npos) {
            ++valid;
            ASSERT_TRUE(v.ok()) << puny_test::hex_bytes(s);
            ASSERT_TRUE(u.ok()) << puny_test::hex_bytes(s);
            ASSERT_EQ(v.written, u.written);
            // Round trip back to the same bytes.
            std::array<char, 8> back{};
            const puny::result b = puny::utf32_to_utf8(std::span<const char32_t>(out.data(), u.written), back);
            ASSERT_TRUE(b.ok());
            ASSERT_EQ(std::string_view(back.data(), b.written), s);
          } else {
            ASSERT_EQ(v.code, status::invalid_utf8) << puny_test::hex_bytes(s);
            ASSERT_EQ(v.position, expected) << puny_test::hex_bytes(s);
            ASSERT_EQ(u.code, status::invalid_utf8) << puny_test::hex_bytes(s);
            ASSERT_EQ(u.position, expected) << puny_test::hex_bytes(s);
          }
        }
      }
    }
  }
  EXPECT_GT(valid, 0u);
}

// Every scalar value, one by one against the independent encoder, and all
// of them at once through both directions.
TEST(Utf8, EveryScalarValueRoundTrips) {
  std::u32string all;
  all.reserve(0x110000 - 0x800);
  for (char32_t c = 0; c <= 0x10FFFF; ++c) {
    if (c >= 0xD800 && c <= 0xDFFF) continue;
    all += c;
  }
  ASSERT_EQ(all.size(), 0x110000u - 0x800u);
  const std::string expected = utf8(all);
  std::string bytes(all.size() * 4, '\0');
  const puny::result e = puny::utf32_to_utf8(std::span<const char32_t>(all), std::span<char>(bytes));
  ASSERT_TRUE(e.ok()) << sname(e.code);
  ASSERT_EQ(e.written, expected.size());
  ASSERT_TRUE(std::string_view(bytes.data(), e.written) == expected) << "bytes differ from the reference encoder";
  const puny::result v = validate(expected);
  ASSERT_TRUE(v.ok()) << "at " << v.position;
  ASSERT_EQ(v.written, all.size());
  std::u32string back(all.size(), U'\0');
  const puny::result d = puny::utf8_to_utf32(std::span<const char>(expected), std::span<char32_t>(back));
  ASSERT_TRUE(d.ok()) << sname(d.code) << " at " << d.position;
  ASSERT_EQ(d.written, all.size());
  ASSERT_TRUE(back == all);

  // One at a time: the exact length per range and the same bytes.
  std::array<char, 4> one{};
  std::array<char32_t, 1> cp{};
  for (const char32_t c : all) {
    const puny::result r = puny::utf32_to_utf8(std::span<const char32_t>(&c, 1), one);
    const std::size_t len = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
    ASSERT_TRUE(r.ok());
    ASSERT_EQ(r.written, len) << std::hex << static_cast<unsigned>(c);
    const puny::result rr = puny::utf8_to_utf32(std::span<const char>(one.data(), len), cp);
    ASSERT_TRUE(rr.ok());
    ASSERT_EQ(rr.written, 1u);
    ASSERT_EQ(cp[0], c);
  }
}

TEST(Utf8, Utf32ToUtf8RejectsNonScalarValues) {
  std::array<char, 64> out{};
  for (char32_t c = 0xD800; c <= 0xDFFF; ++c) {
    const std::u32string s = std::u32string(U"ab") + c;
    const puny::result r = puny::utf32_to_utf8(std::span<const char32_t>(s), out);
    ASSERT_EQ(sname(r.code), "invalid_code_point");
    ASSERT_EQ(r.position, 2u);
  }
  for (const char32_t c : {char32_t{0x110000}, char32_t{0x1FFFFF}, char32_t{0x7FFFFFFF}, char32_t{0xFFFFFFFF}}) {
    const std::u32string s = std::u32string(U"\u00E9\U0010FFFF") + c + U"z";
    const puny::result r = puny::utf32_to_utf8(std::span<const char32_t>(s), out);
    EXPECT_EQ(sname(r.code), "invalid_code_point");
    EXPECT_EQ(r.position, 2u);
    // Also when the output is too small to hold what comes before.
    const puny::result small = puny::utf32_to_utf8(std::span<const char32_t>(s), std::span<char>());
    EXPECT_EQ(sname(small.code), "invalid_code_point");
    EXPECT_EQ(small.position, 2u);
  }
}

TEST(Utf8, OutputTooSmallReportsTheWholeSize) {
  const std::string text = "a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80z";  // 5 code points, 11 bytes
  const std::u32string cps = U"a\u00E9\u20AC\U0001F600z";
  for (std::size_t k = 0; k < cps.size(); ++k) {
    std::vector<char32_t> out(k);
    const puny::result r = puny::utf8_to_utf32(std::span<const char>(text), out);
    EXPECT_EQ(sname(r.code), "output_too_small") << k;
    EXPECT_EQ(r.needed, cps.size()) << k;
  }
  std::vector<char32_t> exact(cps.size());
  const puny::result ok = puny::utf8_to_utf32(std::span<const char>(text), exact);
  ASSERT_TRUE(ok.ok());
  EXPECT_EQ(std::u32string_view(exact.data(), ok.written), cps);

  for (std::size_t k = 0; k < text.size(); ++k) {
    std::vector<char> out(k);
    const puny::result r = puny::utf32_to_utf8(std::span<const char32_t>(cps), out);
    EXPECT_EQ(sname(r.code), "output_too_small") << k;
    EXPECT_EQ(r.needed, text.size()) << k;
  }
  std::vector<char> bytes(text.size());
  const puny::result ok8 = puny::utf32_to_utf8(std::span<const char32_t>(cps), bytes);
  ASSERT_TRUE(ok8.ok());
  EXPECT_EQ(std::string_view(bytes.data(), ok8.written), text);
}

// The UTF-8 wrappers on the RFC samples: encode_utf8 gives the encoding
// without annotation (lowercase digits), decode_to_utf8 the text.
TEST(Utf8, WrappersOnTheRfcSamples) {
  for (const auto& s : puny_test::rfc_samples) {
    SCOPED_TRACE(std::string(s.name));
    const auto parsed = puny_test::parse_sample(s);
    const std::string text = utf8(parsed.code_points);
    const auto e = puny::encode_utf8(text);
    ASSERT_EQ(sname(e.code), "success");
    EXPECT_EQ(e.value, puny_test::lower_digits(s.punycode));
    const auto d = puny::decode_to_utf8(s.punycode);
    ASSERT_EQ(sname(d.code), "success");
    EXPECT_EQ(d.value, text);
    const auto dl = puny::decode_to_utf8(puny_test::ascii_lower(s.punycode));
    ASSERT_TRUE(dl.ok());
    EXPECT_EQ(dl.value, utf8(puny_test::lower_basic(parsed.code_points)));
  }
  // Sample B spelled out in UTF-8.
  const auto b = puny::encode_utf8("\xE4\xBB\x96\xE4\xBB\xAC\xE4\xB8\xBA\xE4\xBB\x80\xE4\xB9\x88\xE4\xB8\x8D"
                                   "\xE8\xAF\xB4\xE4\xB8\xAD\xE6\x96\x87");
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(b.value, "ihqwcrb4cv8a8dqg056pqjye");
  // Empty, and decoder errors pass through with their byte position.
  EXPECT_EQ(puny::encode_utf8("").value, "");
  EXPECT_TRUE(puny::encode_utf8("").ok());
  const auto bad = puny::decode_to_utf8("abc-d=e");
  EXPECT_EQ(sname(bad.code), "invalid_digit");
  EXPECT_EQ(bad.position, 5u);
  EXPECT_TRUE(bad.value.empty());
}

TEST(Utf8, WrappersRoundTripRandomText) {
  std::mt19937 rng(8);
  for (int iter = 0; iter < 300; ++iter) {
    const auto sc = puny_test::all_scripts[static_cast<std::size_t>(iter) % std::size(puny_test::all_scripts)];
    const std::u32string x = puny_test::random_string(rng, sc, static_cast<std::size_t>(iter) * 3);
    const std::string text = utf8(x);
    const auto e = puny::encode_utf8(text);
    ASSERT_TRUE(e.ok());
    ASSERT_TRUE(puny_test::same(e.value, puny::encode(x).value));
    const auto d = puny::decode_to_utf8(e.value);
    ASSERT_TRUE(d.ok());
    ASSERT_TRUE(puny_test::same(d.value, text));
  }
}

}  // namespace
