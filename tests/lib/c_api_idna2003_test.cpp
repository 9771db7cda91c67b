// The IDNA2003 C API of <puny/puny.h>: the same answers as the C++ API of
// <puny/idna2003.hpp>, the flag bits (numbered as libidn, Java and ICU
// number AllowUnassigned and UseSTD3ASCIIRules), ToUnicode's output on
// PUNY_IDNA_ERRORS, Nameprep, the buffer conventions and the code tables.
#include "puny/puny.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "c_api_standard_checks.hpp"
#include "puny/idna2003.hpp"

namespace {

namespace i3 = puny::idna2003;

constexpr char canary = puny_test::c_api_canary;
using puny_test::text;

const std::vector<std::string> names = {
    text(u8"faß.de"), text(u8"Bücher.de"), "EXAMPLE.com", "xn--zca.de", "xn--mller-kva.de", "XN--MLLER-KVA.de",
    text(u8"a。b．c｡d"), text(u8"a\uE000"), text(u8"a\u0221"), "a_b.example", "-a.example", "a..b", "", ".",
    text(u8"\u0627" "1"), text(u8"\u0627" "b\u0628"), text(u8"\uFDFA.com"), std::string(70, 'a'), "a\xFF",
    text(u8"xn--ädn"), std::string(300, 'a'), text(u8"\u1100\u0300\u1161")};

const std::vector<puny_idna2003_flags> flag_sets = {
    0,
    PUNY_IDNA2003_ALLOW_UNASSIGNED,
    PUNY_IDNA2003_USE_STD3_ASCII_RULES,
    PUNY_IDNA2003_VERIFY_DNS_LENGTH,
    PUNY_IDNA2003_NFKC_UNICODE_3_2_TEXT,
    PUNY_IDNA2003_ALLOW_UNASSIGNED | PUNY_IDNA2003_USE_STD3_ASCII_RULES | PUNY_IDNA2003_VERIFY_DNS_LENGTH |
        PUNY_IDNA2003_NFKC_UNICODE_3_2_TEXT};

i3::options options_of(puny_idna2003_flags f) {
  i3::options o;
  o.allow_unassigned = (f & PUNY_IDNA2003_ALLOW_UNASSIGNED) != 0;
  o.use_std3_ascii_rules = (f & PUNY_IDNA2003_USE_STD3_ASCII_RULES) != 0;
  o.verify_dns_length = (f & PUNY_IDNA2003_VERIFY_DNS_LENGTH) != 0;
  o.nfkc = (f & PUNY_IDNA2003_NFKC_UNICODE_3_2_TEXT) != 0 ? i3::composition::unicode_3_2_text
                                                          : i3::composition::corrected;
  return o;
}

TEST(CApiIdna2003, FlagValuesAreLibidns) {
  // libidn's IDNA_ALLOW_UNASSIGNED = 1 and IDNA_USE_STD3_ASCII_RULES = 2.
  EXPECT_EQ(PUNY_IDNA2003_ALLOW_UNASSIGNED, 1u);
  EXPECT_EQ(PUNY_IDNA2003_USE_STD3_ASCII_RULES, 2u);
}

template <class Cpp, class C>
void expect_same(const std::string& name, puny_idna2003_flags flags, Cpp cpp, C c, bool output_on_error) {
  puny_test::expect_c_as_cpp(name, flags, options_of, cpp, c, output_on_error);
}

TEST(CApiIdna2003, ToAsciiToUnicodeAndNameprepAnswerAsTheCppApi) {
  for (const std::string& name : names) {
    for (const puny_idna2003_flags flags : flag_sets) {
      expect_same(
          name, flags, [](const std::string& n, const i3::options& o) { return i3::to_ascii(n, o); },
          puny_idna2003_to_ascii, false);
      expect_same(
          name, flags, [](const std::string& n, const i3::options& o) { return i3::to_unicode(n, o); },
          puny_idna2003_to_unicode, true);
      expect_same(
          name, flags, [](const std::string& n, const i3::options& o) { return i3::nameprep(n, o); }, puny_nameprep,
          false);
    }
  }
}

TEST(CApiIdna2003, KnownAnswers) {
  char out[256];
  puny_standard_result r;
  const std::string fass = text(u8"faß.de");
  EXPECT_EQ(puny_idna2003_to_ascii(fass.data(), fass.size(), 0, out, sizeof out, &r), PUNY_OK);
  EXPECT_EQ(std::string(out, r.written), "fass.de");
  EXPECT_EQ(r.label, PUNY_NO_LABEL);
  // ToUnicode "never fails": the label is given back, the reason given.
  EXPECT_EQ(puny_idna2003_to_unicode("xn--zca.de", 10, 0, out, sizeof out, &r), PUNY_IDNA_ERRORS);
  EXPECT_EQ(std::string(out, r.written), "xn--zca.de");
  EXPECT_EQ(r.errors, PUNY_IDNA2003_BIT(PUNY_IDNA2003_ROUNDTRIP_MISMATCH));
  EXPECT_EQ(r.label, 0u);
  EXPECT_EQ(puny_idna2003_to_unicode("XN--MLLER-KVA.de", 16, 0, out, sizeof out, &r), PUNY_OK);
  EXPECT_EQ(std::string(out, r.written), text(u8"MüLLER.de"));
  // AllowUnassigned: U+0221 was unassigned in Unicode 3.2.
  const std::string unassigned = text(u8"a\u0221");
  EXPECT_EQ(puny_idna2003_to_ascii(unassigned.data(), unassigned.size(), 0, out, sizeof out, &r), PUNY_IDNA_ERRORS);
  EXPECT_EQ(r.errors, PUNY_IDNA2003_BIT(PUNY_IDNA2003_UNASSIGNED));
  EXPECT_EQ(r.code_point, 0x221u);
  EXPECT_EQ(puny_idna2003_to_ascii(unassigned.data(), unassigned.size(), PUNY_IDNA2003_ALLOW_UNASSIGNED, out,
                                   sizeof out, &r),
            PUNY_OK);
  // UseSTD3ASCIIRules.
  EXPECT_EQ(puny_idna2003_to_ascii("a_b", 3, 0, out, sizeof out, &r), PUNY_OK);
  EXPECT_EQ(puny_idna2003_to_ascii("a_b", 3, PUNY_IDNA2003_USE_STD3_ASCII_RULES, out, sizeof out, &r),
            PUNY_IDNA_ERRORS);
  EXPECT_EQ(r.errors, PUNY_IDNA2003_BIT(PUNY_IDNA2003_NON_LDH_ASCII));
  // Nameprep of one label: B.2 case folding and NFKC.
  const std::string label = text(u8"Faß\uFB01");
  EXPECT_EQ(puny_nameprep(label.data(), label.size(), 0, out, sizeof out, &r), PUNY_OK);
  EXPECT_EQ(std::string(out, r.written), "fassfi");
  const std::string prohibited = text(u8"a\uE000");
  EXPECT_EQ(puny_nameprep(prohibited.data(), prohibited.size(), 0, out, sizeof out, nullptr), PUNY_IDNA_ERRORS);
}

TEST(CApiIdna2003, ArgumentsAreChecked) {
  char out[16];
  puny_standard_result r;
  EXPECT_EQ(puny_idna2003_to_ascii(nullptr, 2, 0, out, sizeof out, &r), PUNY_INVALID_ARGUMENT);
  EXPECT_EQ(r.label, PUNY_NO_LABEL);
  EXPECT_EQ(puny_idna2003_to_unicode("a", 1, 0, nullptr, 3, &r), PUNY_INVALID_ARGUMENT);
  EXPECT_EQ(puny_nameprep("a", 1, 0x10, out, sizeof out, &r), PUNY_INVALID_ARGUMENT);
  EXPECT_EQ(puny_idna2003_to_ascii("a", 1, ~puny_idna2003_flags{0}, out, sizeof out, nullptr),
            PUNY_INVALID_ARGUMENT);
  EXPECT_EQ(puny_idna2003_to_ascii("ab\xFF", 3, 0, out, sizeof out, &r), PUNY_INVALID_UTF8);
  EXPECT_EQ(r.position, 2u);
  // Too little room: nothing past out_cap, and the size needed.
  char small[4] = {canary, canary, canary, canary};
  EXPECT_EQ(puny_idna2003_to_ascii("example.com", 11, 0, small, 3, &r), PUNY_OUTPUT_TOO_SMALL);
  EXPECT_EQ(r.needed, 11u);
  EXPECT_EQ(small[3], canary);
}

TEST(CApiIdna2003, CodeNamesMessagesAndRulesAreTheCppOnes) {
  for (int e = 0; e < PUNY_IDNA2003_ERROR_COUNT; ++e) {
    const auto cpp = static_cast<i3::error>(e);
    EXPECT_EQ(std::string_view(puny_idna2003_error_name(e)), i3::name(cpp));
    EXPECT_EQ(std::string_view(puny_idna2003_error_message(e)), i3::message(cpp));
    EXPECT_EQ(std::string_view(puny_idna2003_error_rule(e)), i3::rule(cpp));
  }
  EXPECT_STREQ(puny_idna2003_error_name(PUNY_IDNA2003_PROHIBITED), "PROHIBITED");
  EXPECT_STREQ(puny_idna2003_error_name(PUNY_IDNA2003_ROUNDTRIP_MISMATCH), "ROUNDTRIP_MISMATCH");
  for (int e : {-1, PUNY_IDNA2003_ERROR_COUNT, 64}) {
    EXPECT_EQ(puny_idna2003_error_name(e), nullptr);
    EXPECT_EQ(puny_idna2003_error_message(e), nullptr);
    EXPECT_EQ(puny_idna2003_error_rule(e), nullptr);
  }
}

}  // namespace
