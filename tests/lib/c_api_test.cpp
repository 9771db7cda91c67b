// The C API of <puny/puny.h>: the same answers as the C++ API, the buffer
// conventions (size queries, exact needed sizes, nothing written past
// out_cap), argument checks, and the status and code tables.
#include "puny/puny.h"

#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "puny/idna.hpp"
#include "puny/punycode.hpp"
#include "test_encoding.hpp"
#include "test_support.hpp"

namespace {

constexpr char canary = '\x5A';

// Domains with every outcome: valid, each kind of UTS #46 error, empty
// labels, profiles that differ, invalid UTF-8.
const std::vector<std::string> domains = {
    "bücher.de",      "xn--bcher-kva.de",  "EXAMPLE.com",       "a\u200Db.com", "ab--c.example", "-abc.de",
    "xn--a.de",       "日本語.jp",         "faß.de",            "a..b",         "",              ".",
    "a b.com",        "مثال.إختبار",       "1.\u0661",          "a\xC0\x80.de", "xn--abß.p",     "⒈.com",
    std::string(70, 'a').append(".com"),         "ÖBB.at",            "xn--ls8h.la",  "a\xFF",         "\xE2\x80"};

struct profile_case {
  int c_profile;
  puny::idna_profile profile;
};
constexpr profile_case profiles[] = {{PUNY_PROFILE_UTS46, puny::idna_profile::uts46},
                                     {PUNY_PROFILE_WHATWG, puny::idna_profile::whatwg},
                                     {PUNY_PROFILE_TRANSITIONAL, puny::idna_profile::transitional},
                                     {PUNY_PROFILE_DISPLAY, puny::idna_profile::display}};

TEST(CApi, VersionsMatchTheHeadersAndTheTables) {
  EXPECT_STREQ(puny_version(), PUNY_VERSION_STRING);
  EXPECT_EQ(std::string(PUNY_VERSION_STRING), std::to_string(PUNY_VERSION_MAJOR) + "." +
                                                  std::to_string(PUNY_VERSION_MINOR) + "." +
                                                  std::to_string(PUNY_VERSION_PATCH));
  EXPECT_EQ(PUNY_VERSION_NUMBER, PUNY_VERSION_MAJOR * 10000 + PUNY_VERSION_MINOR * 100 + PUNY_VERSION_PATCH);
  EXPECT_STREQ(puny_unicode_version(), "17.0.0");
}

TEST(CApi, StatusNamesAndMessagesAreTheCppOnes) {
  for (int s = PUNY_OK; s <= PUNY_CASE_FLAGS_SIZE; ++s) {
    if (s == PUNY_OUT_OF_MEMORY) continue;
    EXPECT_EQ(std::string_view(puny_status_name(s)), puny::name(static_cast<puny::status>(s)));
    EXPECT_EQ(std::string_view(puny_status_message(s)), puny::message(static_cast<puny::status>(s)));
  }
  EXPECT_STREQ(puny_status_name(PUNY_OUT_OF_MEMORY), "out_of_memory");
  EXPECT_STREQ(puny_status_name(PUNY_IDNA_ERRORS), "idna_errors");
  EXPECT_STREQ(puny_status_name(PUNY_INVALID_ARGUMENT), "invalid_argument");
  for (int s : {-1, 13, 63, 66, 1000}) {
    EXPECT_STREQ(puny_status_name(s), "unknown") << s;
    EXPECT_STREQ(puny_status_message(s), "unknown status") << s;
  }
}

TEST(CApi, IdnaCodeNamesAndMessagesAreTheCppOnes) {
  for (int c = 0; c < PUNY_IDNA_CODE_COUNT; ++c) {
    EXPECT_EQ(std::string_view(puny_idna_code_name(c)), puny::name(static_cast<puny::idna_code>(c)));
    EXPECT_EQ(std::string_view(puny_idna_code_message(c)), puny::message(static_cast<puny::idna_code>(c)));
  }
  EXPECT_STREQ(puny_idna_code_name(PUNY_IDNA_X4_2), "X4_2");
  EXPECT_EQ(puny_idna_code_name(-1), nullptr);
  EXPECT_EQ(puny_idna_code_name(PUNY_IDNA_CODE_COUNT), nullptr);
  EXPECT_EQ(puny_idna_code_message(PUNY_IDNA_CODE_COUNT), nullptr);
}

TEST(CApi, ProfileOptionsCarryEachFlag) {
  const puny_options uts46 = puny_profile_options(PUNY_PROFILE_UTS46);
  EXPECT_EQ(uts46, PUNY_OPT_USE_STD3_ASCII_RULES | PUNY_OPT_CHECK_HYPHENS | PUNY_OPT_CHECK_BIDI |
                       PUNY_OPT_CHECK_JOINERS | PUNY_OPT_VERIFY_DNS_LENGTH);
  EXPECT_EQ(puny_profile_options(PUNY_PROFILE_TRANSITIONAL), uts46 | PUNY_OPT_TRANSITIONAL_PROCESSING);
  EXPECT_EQ(puny_profile_options(PUNY_PROFILE_DISPLAY), uts46 | PUNY_OPT_DISPLAY_FALLBACK);
  EXPECT_EQ(puny_profile_options(PUNY_PROFILE_WHATWG),
            PUNY_OPT_CHECK_BIDI | PUNY_OPT_CHECK_JOINERS | PUNY_OPT_FORBID_DOMAIN_CODE_POINTS |
                PUNY_OPT_REJECT_EMPTY | PUNY_OPT_ASCII_INPUT_LOWERCASE_ONLY);
}

TEST(CApi, UnknownProfilesAndOptionBitsAreInvalidArguments) {
  char out[64];
  puny_result r;
  for (int p : {-1, 4, 100}) {
    EXPECT_EQ(puny_to_ascii_ex("a.de", 4, puny_profile_options(p), out, sizeof out, &r), PUNY_INVALID_ARGUMENT);
    EXPECT_EQ(r.status, PUNY_INVALID_ARGUMENT);
  }
  EXPECT_EQ(puny_to_unicode_ex("a.de", 4, PUNY_OPT_DISPLAY_FALLBACK << 1, out, sizeof out, &r),
            PUNY_INVALID_ARGUMENT);
}

TEST(CApi, NullPointersNeedZeroLengths) {
  char out[64];
  char32_t cps[8];
  size_t len = 7;
  EXPECT_EQ(puny_to_ascii(nullptr, 1, out, sizeof out, &len), PUNY_INVALID_ARGUMENT);
  EXPECT_EQ(puny_to_ascii("a.de", 4, nullptr, 1, &len), PUNY_INVALID_ARGUMENT);
  EXPECT_EQ(puny_to_unicode(nullptr, 3, out, sizeof out, nullptr), PUNY_INVALID_ARGUMENT);
  EXPECT_EQ(puny_encode(nullptr, 2, out, sizeof out, nullptr), PUNY_INVALID_ARGUMENT);
  EXPECT_EQ(puny_decode("abc-", 4, nullptr, 5, nullptr), PUNY_INVALID_ARGUMENT);
  EXPECT_EQ(puny_encode_utf32(nullptr, 1, out, sizeof out, nullptr), PUNY_INVALID_ARGUMENT);
  EXPECT_EQ(puny_decode_utf32("a-", 2, nullptr, 1, nullptr), PUNY_INVALID_ARGUMENT);
  // NULL with length 0 is the empty string.
  EXPECT_EQ(puny_encode(nullptr, 0, out, sizeof out, &len), PUNY_OK);
  EXPECT_EQ(len, 0u);
  EXPECT_EQ(puny_decode_utf32(nullptr, 0, cps, 8, nullptr), PUNY_OK);
  puny_result r;
  EXPECT_EQ(puny_to_ascii_ex(nullptr, 0, puny_profile_options(PUNY_PROFILE_UTS46), out, sizeof out, &r),
            PUNY_IDNA_ERRORS);
  EXPECT_TRUE(r.errors & PUNY_IDNA_BIT(PUNY_IDNA_A4_1));
}

// Every profile, every domain: the C result equals the C++ one.
TEST(CApi, DomainsAgreeWithTheCppApiUnderEveryProfile) {
  for (const profile_case& p : profiles) {
    const puny_options options = puny_profile_options(p.c_profile);
    const puny::idna_options cpp = puny::idna_options::for_profile(p.profile);
    for (const std::string& d : domains) {
      SCOPED_TRACE(d);
      for (const bool ascii : {true, false}) {
        std::array<char, 512> out;
        puny_result r;
        const int status = ascii ? puny_to_ascii_ex(d.data(), d.size(), options, out.data(), out.size(), &r)
                                 : puny_to_unicode_ex(d.data(), d.size(), options, out.data(), out.size(), &r);
        std::array<char, 512> expected_out;
        const puny::idna_result x = ascii ? puny::to_ascii(d, expected_out, cpp) : puny::to_unicode(d, expected_out, cpp);
        EXPECT_EQ(status, r.status);
        EXPECT_EQ(r.errors, x.errors.bits());
        EXPECT_EQ(r.label, x.label == puny::idna_result::no_label ? PUNY_NO_LABEL : x.label);
        if (x.code != puny::status::success) {
          EXPECT_EQ(status, static_cast<int>(x.code));
          EXPECT_EQ(r.position, x.position);
        } else {
          EXPECT_EQ(status, x.errors.empty() ? PUNY_OK : PUNY_IDNA_ERRORS);
          ASSERT_EQ(r.written, x.written);
          EXPECT_EQ(std::string_view(out.data(), r.written), std::string_view(expected_out.data(), x.written));
        }
      }
    }
  }
}

TEST(CApi, SimpleFormsReportLengthOrSizeNeeded) {
  char out[64];
  size_t len = 0;
  ASSERT_EQ(puny_to_ascii("bücher.de", std::strlen("bücher.de"), out, sizeof out, &len), PUNY_OK);
  EXPECT_EQ(std::string_view(out, len), "xn--bcher-kva.de");
  ASSERT_EQ(puny_to_unicode("xn--bcher-kva.de", 16, out, sizeof out, &len), PUNY_OK);
  EXPECT_EQ(std::string_view(out, len), "bücher.de");
  ASSERT_EQ(puny_encode("bücher", std::strlen("bücher"), out, sizeof out, &len), PUNY_OK);
  EXPECT_EQ(std::string_view(out, len), "bcher-kva");
  ASSERT_EQ(puny_decode("bcher-kva", 9, out, sizeof out, &len), PUNY_OK);
  EXPECT_EQ(std::string_view(out, len), "bücher");
  // A failure that is not about room leaves *out_len at 0.
  len = 99;
  EXPECT_EQ(puny_to_ascii("a\u200Db.com", std::strlen("a\u200Db.com"), out, sizeof out, &len), PUNY_IDNA_ERRORS);
  EXPECT_EQ(len, 0u);
  EXPECT_EQ(puny_decode("-abc", 4, out, sizeof out, nullptr), PUNY_EMPTY_LITERAL);
}

// For each function, every capacity from 0 up: below the needed size it is
// PUNY_OUTPUT_TOO_SMALL with the exact size and no byte past out_cap
// touched; at the needed size it succeeds with that length.
template <class Call>
void check_capacities(std::string_view what, Call call) {
  SCOPED_TRACE(what);
  size_t needed = 0;
  ASSERT_EQ(call(nullptr, 0, &needed), PUNY_OUTPUT_TOO_SMALL);
  ASSERT_GT(needed, 0u);
  for (size_t cap = 0; cap <= needed; ++cap) {
    std::vector<char> buffer(cap + 8, canary);
    size_t len = 0;
    const int status = call(buffer.data(), cap, &len);
    if (cap < needed) {
      EXPECT_EQ(status, PUNY_OUTPUT_TOO_SMALL) << cap;
      EXPECT_EQ(len, needed) << cap;
    } else {
      EXPECT_EQ(status, PUNY_OK) << cap;
      EXPECT_EQ(len, needed);
    }
    for (size_t i = cap; i < buffer.size(); ++i) ASSERT_EQ(buffer[i], canary) << cap;
  }
}

TEST(CApi, TooSmallBuffersGiveTheExactSizeAndStayInBounds) {
  const std::string u = "日本語.bücher.مثال";
  check_capacities("to_ascii", [&](char* o, size_t c, size_t* l) { return puny_to_ascii(u.data(), u.size(), o, c, l); });
  const std::string a = "xn--wgv71a119e.xn--bcher-kva.xn--mgbh0fb";
  check_capacities("to_unicode", [&](char* o, size_t c, size_t* l) { return puny_to_unicode(a.data(), a.size(), o, c, l); });
  check_capacities("encode", [&](char* o, size_t c, size_t* l) { return puny_encode(u.data(), u.size(), o, c, l); });
  const std::string p = "ihqwcrb4cv8a8dqg056pqjye";
  check_capacities("decode", [&](char* o, size_t c, size_t* l) { return puny_decode(p.data(), p.size(), o, c, l); });
}

TEST(CApi, RfcSamplesThroughUtf32AndUtf8) {
  for (const auto& sample : puny_test::rfc_samples) {
    SCOPED_TRACE(sample.name);
    const std::u32string cps = puny_test::parse_sample(sample).code_points;
    // Decoding is case-insensitive (§5): the sample's own mixed case decodes.
    std::vector<char32_t> decoded(cps.size());
    puny_result r;
    ASSERT_EQ(puny_decode_utf32(sample.punycode.data(), sample.punycode.size(), decoded.data(), decoded.size(), &r),
              PUNY_OK);
    EXPECT_EQ(std::u32string(decoded.begin(), decoded.end()), cps);
    // Encoding gives the C++ API's (lowercase) Punycode.
    const auto expected = puny::encode(cps);
    ASSERT_TRUE(expected.ok());
    std::string encoded(expected->size(), '\0');
    ASSERT_EQ(puny_encode_utf32(cps.data(), cps.size(), encoded.data(), encoded.size(), &r), PUNY_OK);
    EXPECT_EQ(r.written, expected->size());
    EXPECT_EQ(encoded, *expected);
    // And the same through UTF-8.
    const std::string utf8 = puny_test::to_utf8(cps);
    std::string via_utf8(64 + 4 * utf8.size(), '\0');
    size_t len = 0;
    ASSERT_EQ(puny_encode(utf8.data(), utf8.size(), via_utf8.data(), via_utf8.size(), &len), PUNY_OK);
    EXPECT_EQ(via_utf8.substr(0, len), *expected);
    std::string text(utf8.size(), '\0');
    ASSERT_EQ(puny_decode(expected->data(), expected->size(), text.data(), text.size(), &len), PUNY_OK);
    EXPECT_EQ(text.substr(0, len), utf8);
  }
}

TEST(CApi, PunycodeErrorsCarryTheirPositions) {
  struct bad_case {
    std::string_view input;
    int status;
  };
  char out[64];
  puny_result r;
  for (const bad_case& c : {bad_case{"-abc", PUNY_EMPTY_LITERAL}, bad_case{"abc-9", PUNY_TRUNCATED_INTEGER},
                            bad_case{"ab\xC3\xA9-d", PUNY_NON_BASIC_LITERAL}, bad_case{"abc-!", PUNY_INVALID_DIGIT},
                            bad_case{"99999999999999999999", PUNY_OVERFLOW}}) {
    SCOPED_TRACE(c.input);
    const auto cpp = puny::decode(c.input);
    EXPECT_EQ(puny_decode_ex(c.input.data(), c.input.size(), out, sizeof out, &r), c.status);
    EXPECT_EQ(static_cast<int>(cpp.code), c.status);
    EXPECT_EQ(r.position, cpp.position);
    EXPECT_EQ(r.errors, 0u);
    EXPECT_EQ(r.label, PUNY_NO_LABEL);
  }
  // Invalid UTF-8 to encode: its byte offset; a surrogate code point: its index.
  EXPECT_EQ(puny_encode_ex("ab\xED\xA0\x80", 5, out, sizeof out, &r), PUNY_INVALID_UTF8);
  EXPECT_EQ(r.position, 2u);
  const char32_t surrogate[] = {U'a', 0xD800, U'b'};
  EXPECT_EQ(puny_encode_utf32(surrogate, 3, out, sizeof out, &r), PUNY_INVALID_CODE_POINT);
  EXPECT_EQ(r.position, 1u);
  const char32_t too_big[] = {0x110000};
  EXPECT_EQ(puny_encode_utf32(too_big, 1, out, sizeof out, &r), PUNY_INVALID_CODE_POINT);
  EXPECT_EQ(r.position, 0u);
}

// Input past the inline limit takes heap scratch inside the C functions.
TEST(CApi, LongInputAgreesWithTheCppWrappers) {
  std::mt19937 rng(20261124);
  std::uniform_int_distribution<std::uint32_t> pick(0xA0, 0x2FFFF);
  std::u32string cps;
  while (cps.size() < 20000) {
    const char32_t c = pick(rng);
    if (c < 0xD800 || c > 0xDFFF) cps.push_back(c);
  }
  const auto expected = puny::encode(cps);
  ASSERT_TRUE(expected.ok());
  std::string encoded(expected->size(), '\0');
  puny_result r;
  ASSERT_EQ(puny_encode_utf32(cps.data(), cps.size(), encoded.data(), encoded.size(), &r), PUNY_OK);
  EXPECT_EQ(encoded, *expected);
  const std::string utf8 = puny_test::to_utf8(cps);
  std::string text(utf8.size(), '\0');
  ASSERT_EQ(puny_decode_ex(encoded.data(), encoded.size(), text.data(), text.size(), &r), PUNY_OK);
  EXPECT_EQ(r.written, utf8.size());
  EXPECT_EQ(text, utf8);
  std::vector<char32_t> back(cps.size());
  ASSERT_EQ(puny_decode_utf32(encoded.data(), encoded.size(), back.data(), back.size(), &r), PUNY_OK);
  EXPECT_EQ(std::u32string(back.begin(), back.end()), cps);
}

}  // namespace
