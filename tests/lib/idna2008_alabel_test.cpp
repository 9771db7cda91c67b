// A-label validity (RFC 5890 §2.3.2.1; RFC 5891 §4.2.1, §5.3): length
// before decoding, RFC 3492 decoding, a non-ASCII code point, the U-label
// tests, and the round trip; the notes' examples one by one.
#include <gtest/gtest.h>

#include <initializer_list>
#include <string>

#include "puny/idna2008.hpp"
#include "unicode_text.hpp"

namespace {

using puny_test::cat;

namespace idna2008 = puny::idna2008;
using idna2008::error;
using idna2008::error_set;
using idna2008::options;
using idna2008::profile;

const options registration = options::for_profile(profile::registration);

error_set lookup_errors(const std::string& name) { return idna2008::to_ascii(name).errors; }

TEST(Idna2008ALabel, EmptyTail) {
  EXPECT_EQ(lookup_errors("xn--"), (error_set{error::punycode_invalid}));
  EXPECT_EQ(lookup_errors("xn---"), (error_set{error::punycode_invalid}));
  EXPECT_EQ(idna2008::register_label("", "xn--").errors, (error_set{error::punycode_invalid}));
}

TEST(Idna2008ALabel, BadDigit) {
  // 'X' decodes (digits are case-insensitive) but ends inside an integer;
  // '_' is no digit at all.
  EXPECT_EQ(lookup_errors("xn--X"), (error_set{error::punycode_invalid}));
  EXPECT_EQ(lookup_errors("xn--a_b-9"), (error_set{error::punycode_invalid}));
  EXPECT_EQ(idna2008::to_ascii("xn--X", registration).errors,
            (error_set{error::alabel_uppercase, error::punycode_invalid}));
  // Overflow and a value above U+10FFFF are RFC 3492 §6.2 failures too.
  EXPECT_EQ(lookup_errors("xn--99999999999999999999"), (error_set{error::punycode_invalid}));
}

TEST(Idna2008ALabel, AsciiOnlyIsAFakeALabel) {
  // "xn--example-" decodes to "example": no U-label has only ASCII.
  const auto r = idna2008::to_ascii("xn--example-.com");
  EXPECT_EQ(r.errors, (error_set{error::alabel_ascii_only}));
  EXPECT_EQ(r.label, 0u);
  EXPECT_EQ(r.offset, 0u);
  EXPECT_EQ(*idna2008::to_unicode("xn--example-.com"), "xn--example-.com");
}

TEST(Idna2008ALabel, DecodedLabelIsCheckedAsAULabel) {
  // xn--7a decodes to ¡, which is DISALLOWED.
  const auto d = idna2008::to_ascii("xn--7a");
  EXPECT_EQ(d.errors, (error_set{error::disallowed}));
  EXPECT_EQ(d.code_point, U'\u00A1');
  // xn--0ca24w decodes to àא: a left-to-right label with a right-to-left
  // letter in it (Bidi rule 5), which also ends in it (rule 6).
  const auto b = idna2008::to_ascii("xn--0ca24w");
  EXPECT_EQ(b.errors, (error_set{error::bidi_5, error::bidi_6}));
  EXPECT_EQ(b.offset, 1u);
  EXPECT_EQ(b.code_point, U'\u05D0');
  // The JSON-Schema suite's XN--aa---o47jg78q decodes to a label with
  // "--" at positions 3-4.
  EXPECT_EQ(lookup_errors("XN--aa---o47jg78q"), (error_set{error::hyphen_3_4}));
  // A decoded label not in NFC (u + U+0308).
  EXPECT_EQ(lookup_errors("xn--u-ccb"), (error_set{error::not_nfc}));
}

TEST(Idna2008ALabel, RoundTripMustGiveTheLabelBack) {
  // xn---9uc: the tail "-9uc" has a delimiter with nothing before it; the
  // rest decodes to U+0CF1, whose A-label is xn--9uc.
  const auto r = idna2008::to_ascii("xn---9uc");
  EXPECT_EQ(r.errors, (error_set{error::alabel_not_canonical}));
  EXPECT_EQ(*idna2008::to_unicode("xn---9uc"), "xn---9uc");
  EXPECT_TRUE(idna2008::to_ascii("xn--9uc").ok());
  EXPECT_EQ(*idna2008::to_unicode("xn--9uc"), "\u0CF1");
}

TEST(Idna2008ALabel, UpperCaseOnLookupAndRegistration) {
  // RFC 5891 §5.3: lookup lower-cases it; §4.2.1: registration rejects it.
  EXPECT_EQ(*idna2008::to_ascii("XN--BCHER-KVA"), "xn--bcher-kva");
  EXPECT_EQ(*idna2008::to_unicode("XN--BCHER-KVA"), "bücher");
  const auto r = idna2008::to_ascii("XN--BCHER-KVA", registration);
  EXPECT_EQ(r.errors, (error_set{error::alabel_uppercase}));
  EXPECT_EQ(r.offset, 0u);
  EXPECT_EQ(idna2008::register_label("", "XN--BCHER-KVA").errors, (error_set{error::alabel_uppercase}));
  EXPECT_EQ(idna2008::register_label("", "xn--bcher-KVA").errors, (error_set{error::alabel_uppercase}));
  // With the lookup options a registry may lower-case it first.
  const auto l = idna2008::register_label("", "XN--BCHER-KVA", options{});
  ASSERT_TRUE(l.ok());
  EXPECT_EQ(l.a_label, "xn--bcher-kva");
  EXPECT_EQ(l.u_label, "bücher");
}

TEST(Idna2008ALabel, SixtyThreeOctetsAndNoMore) {
  // libidn2's test-register.c boundary: 63 octets is an A-label, 64 is not
  // (and is not decoded: the length comes first).
  const std::string a63 = "xn--dominiomuylargoconmuchas-olcaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
  const std::string a64 = a63 + "a";
  ASSERT_EQ(a63.size(), 63u);
  const auto r63 = idna2008::to_ascii(a63);
  ASSERT_TRUE(r63.ok());
  EXPECT_EQ(*r63, a63);
  std::string u = "dominiomuylargoconmuchas";
  for (int i = 0; i < 32; ++i) u += "ñ";
  EXPECT_EQ(*idna2008::to_unicode(a63), u);
  EXPECT_EQ(*idna2008::to_ascii(u), a63);
  const auto r64 = idna2008::to_ascii(a64);
  EXPECT_EQ(r64.errors, (error_set{error::label_too_long}));
  EXPECT_EQ(*idna2008::to_unicode(a64), a64);
  // Over 63 octets, even a tail that is no Punycode is only too long.
  EXPECT_EQ(lookup_errors(cat({"xn--", std::string(100, '!')})), (error_set{error::label_too_long}));
}

TEST(Idna2008ALabel, NonAsciiInAnXnLabel) {
  // Not all ASCII, so no A-label: a putative U-label with "--" at 3-4.
  EXPECT_EQ(lookup_errors("xn--a-ä"), (error_set{error::hyphen_3_4}));
}

}  // namespace
