// The buffer overloads: the three input encodings agree, output sizes,
// invalid UTF-8, the label index, and a huge hostile domain.
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "puny/idna.hpp"
#include "test_encoding.hpp"

namespace {

using puny::idna_code;
using puny::idna_errors;
using puny_test::to_utf16;


TEST(IdnaEncodings, Utf16AndUtf32AgreeWithUtf8) {
  const std::vector<std::pair<std::string, std::u32string>> domains = {
      {"bücher.de", U"bücher.de"},
      {"xn--bcher-kva.DE", U"xn--bcher-kva.DE"},
      {"日本語。ＪＰ", U"日本語。ＪＰ"},
      {"\xF0\x9F\x98\x80.a\u200Cb", U"\U0001F600.a\u200Cb"},  // outside the BMP, and a C1
      {"0à.\u05D0", U"0à.\u05D0"},
      {"", U""},
  };
  for (const auto& [u8, u32] : domains) {
    const auto a8 = puny::to_ascii(u8);
    const auto a16 = puny::to_ascii(std::u16string_view(to_utf16(u32)));
    const auto a32 = puny::to_ascii(std::u32string_view(u32));
    EXPECT_EQ(a8.value, a16.value) << u8;
    EXPECT_EQ(a8.value, a32.value) << u8;
    EXPECT_EQ(a8.errors, a16.errors) << u8;
    EXPECT_EQ(a8.errors, a32.errors) << u8;
    const auto u8r = puny::to_unicode(u8);
    const auto u16r = puny::to_unicode(std::u16string_view(to_utf16(u32)));
    const auto u32r = puny::to_unicode(std::u32string_view(u32));
    EXPECT_EQ(u8r.errors, u16r.errors) << u8;
    EXPECT_EQ(u8r.errors, u32r.errors) << u8;
    // Compare the UTF-16 and UTF-32 results through their code points.
    std::u32string from16;
    for (std::size_t i = 0; i < u16r.value.size(); ++i) {
      const char32_t c = u16r.value[i];
      if (c >= 0xD800 && c <= 0xDBFF) {
        from16 += 0x10000 + ((c - 0xD800) << 10) + (u16r.value[++i] - 0xDC00);
      } else {
        from16 += c;
      }
    }
    EXPECT_EQ(from16, u32r.value) << u8;
  }
  EXPECT_EQ(*puny::to_unicode(std::u32string_view(U"XN--BCHER-KVA.de")), U"bücher.de");
}

TEST(IdnaBuffers, OutputTooSmallReportsNeeded) {
  std::array<char, 64> out{};
  auto r = puny::to_ascii("bücher.de", std::span<char>(out.data(), 5));
  EXPECT_EQ(r.code, puny::status::output_too_small);
  EXPECT_EQ(r.needed, 16u);
  EXPECT_EQ(r.written, 0u);
  r = puny::to_ascii("bücher.de", std::span<char>(out.data(), 16));
  ASSERT_EQ(r.code, puny::status::success);
  EXPECT_EQ(std::string_view(out.data(), r.written), "xn--bcher-kva.de");

  r = puny::to_ascii("example.com", std::span<char>());  // fast path
  EXPECT_EQ(r.code, puny::status::output_too_small);
  EXPECT_EQ(r.needed, 11u);

  r = puny::to_unicode("xn--bcher-kva.de", std::span<char>(out.data(), 3));
  EXPECT_EQ(r.code, puny::status::output_too_small);
  EXPECT_EQ(r.needed, std::string_view("bücher.de").size());
  std::array<char16_t, 4> out16{};
  r = puny::to_unicode(std::u16string_view(u"\U0001F600\U0001F600\U0001F600"), out16);
  EXPECT_EQ(r.code, puny::status::output_too_small);
  EXPECT_EQ(r.needed, 6u);
}

TEST(IdnaBuffers, ToAsciiWritesNothingOnFailure) {
  std::array<char, 64> out;
  out.fill('#');
  const auto r = puny::to_ascii("ab--c.bücher", out);
  EXPECT_EQ(r.errors, (idna_errors{idna_code::V2}));
  EXPECT_EQ(r.written, 0u);
  EXPECT_EQ(out[0], '#');
}

TEST(IdnaBuffers, InvalidUtf8GivesItsOffset) {
  std::array<char, 64> out;
  auto r = puny::to_ascii(std::string_view("ab\xC3(.de"), out);
  EXPECT_EQ(r.code, puny::status::invalid_utf8);
  EXPECT_EQ(r.position, 2u);
  r = puny::to_unicode(std::string_view("bücher.\xED\xA0\x80"), out);  // an encoded surrogate
  EXPECT_EQ(r.code, puny::status::invalid_utf8);
  EXPECT_EQ(r.position, 8u);
  const auto c = puny::to_ascii(std::string_view("\xFF"));
  EXPECT_EQ(c.code, puny::status::invalid_utf8);
  EXPECT_FALSE(c.ok());
}

TEST(IdnaBuffers, LabelIsTheFirstLabelWithAnError) {
  EXPECT_EQ(puny::to_ascii("a.b.-c.d--").label, 2u);
  EXPECT_EQ(puny::to_unicode("ok.fine.xn---").label, 2u);
  EXPECT_EQ(puny::to_unicode("bücher.de").label, puny::idna_result::no_label);
  // The Bidi rule is checked after the labels, and can still name an
  // earlier one.
  EXPECT_EQ(puny::to_unicode("0à.\u05D0.a\u200Cb").label, 0u);
}

TEST(IdnaBuffers, HugeHostileDomain) {
  // 10^6 code points: many labels, long labels, a long combining run and
  // invalid Punycode; each call must return, not crash.
  std::string many_labels;
  for (int i = 0; i < 250000; ++i) many_labels += "ü.b.";
  auto r = puny::to_ascii(many_labels);
  EXPECT_EQ(r.code, puny::status::success);
  EXPECT_TRUE(r.errors.contains(idna_code::A4_1));
  EXPECT_TRUE(r.value.empty());
  auto u = puny::to_unicode(many_labels);
  EXPECT_TRUE(u.ok());
  EXPECT_EQ(u.value.size(), many_labels.size());

  std::string one_label = "a";
  for (int i = 0; i < 500000; ++i) one_label += "\u0301";  // one base, 500000 combining marks
  r = puny::to_ascii(one_label);
  EXPECT_EQ(r.code, puny::status::success);
  EXPECT_TRUE(r.errors.contains(idna_code::A4_2));

  std::string punycode = "xn--";
  punycode.append(1000000, '9');
  u = puny::to_unicode(punycode);
  EXPECT_EQ(u.errors, (idna_errors{idna_code::P4}));
  EXPECT_EQ(u.value, punycode);

  puny::idna_options no_lengths;
  no_lengths.verify_dns_length = false;
  std::u32string long_unicode(1000000, U'ü');
  const auto big = puny::to_ascii(std::u32string_view(long_unicode), no_lengths);
  EXPECT_TRUE(big.ok());
  EXPECT_TRUE(big.value.starts_with("xn--"));
  const auto back = puny::to_unicode(std::string_view(big.value), no_lengths);
  EXPECT_TRUE(back.ok());
  EXPECT_EQ(back.value.size(), 2000000u);
}

}  // namespace
