// UTS #46 ToASCII / ToUnicode: the README example, and each status code
// reached by a crafted input (examples from IdnaTestV2.txt where it has a
// line with that code alone).
#include <gtest/gtest.h>

#include <string>

#include "puny/idna.hpp"

namespace {

using puny::idna_code;
using puny::idna_errors;

idna_errors ascii_errors(std::string_view s, const puny::idna_options& o = {}) { return puny::to_ascii(s, o).errors; }
idna_errors unicode_errors(std::string_view s, const puny::idna_options& o = {}) {
  return puny::to_unicode(s, o).errors;
}

TEST(IdnaReadme, BucherDe) {
  const auto r = puny::to_ascii("bücher.de");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(*r, "xn--bcher-kva.de");
  const auto u = puny::to_unicode("xn--bcher-kva.de");
  ASSERT_TRUE(u.ok());
  EXPECT_EQ(*u, "bücher.de");
}

TEST(IdnaMapping, CaseFoldWidthAndSeparators) {
  EXPECT_EQ(*puny::to_ascii("EXAMPLE.COM"), "example.com");
  EXPECT_EQ(*puny::to_ascii("ＥＸＡＭＰＬＥ。ｃｏｍ"), "example.com");  // fullwidth, ideographic full stop
  EXPECT_EQ(*puny::to_ascii("a\u00ADb.c"), "ab.c");                      // SOFT HYPHEN is ignored
  EXPECT_EQ(*puny::to_unicode("Faß.de"), "faß.de");                      // deviation kept (nontransitional)
  EXPECT_EQ(*puny::to_ascii("faß.de"), "xn--fa-hia.de");
}

TEST(IdnaMapping, TransitionalMapsDeviations) {
  const auto t = puny::idna_options::for_profile(puny::idna_profile::transitional);
  EXPECT_EQ(*puny::to_ascii("faß.de", t), "fass.de");
  EXPECT_EQ(*puny::to_ascii("\u1E9E.de", t), "ss.de");  // capital sharp s: mapped to ß, then to ss
  EXPECT_EQ(*puny::to_ascii("a\u200Cb", t), "ab");      // ZWNJ removed, so no C1
}

TEST(IdnaCodes, Normalization) {
  EXPECT_EQ(*puny::to_ascii("a\u0308.de"), "xn--4ca.de");  // composed by NFC before encoding
  EXPECT_EQ(unicode_errors("xn--u-ccb"), (idna_errors{idna_code::V1}));
  EXPECT_EQ(*puny::to_unicode("xn--u-ccb"), "u\u0308");
}

TEST(IdnaCodes, Hyphens) {
  EXPECT_EQ(ascii_errors("a.bc--de.f"), (idna_errors{idna_code::V2}));
  EXPECT_EQ(ascii_errors("-a.b"), (idna_errors{idna_code::V3}));
  EXPECT_EQ(ascii_errors("a-.b"), (idna_errors{idna_code::V3}));
  EXPECT_EQ(unicode_errors("xn--xn---epa"), (idna_errors{idna_code::V2, idna_code::V4}));
}

TEST(IdnaCodes, MarksDisallowedAndStd3) {
  EXPECT_EQ(unicode_errors("\u0308a"), (idna_errors{idna_code::V6}));
  EXPECT_EQ(unicode_errors("a\u2488b"), (idna_errors{idna_code::V7}));  // ⒈ is disallowed
  EXPECT_EQ(unicode_errors("a_b"), (idna_errors{idna_code::U1}));
  EXPECT_EQ(unicode_errors("$"), (idna_errors{idna_code::U1}));
}

TEST(IdnaCodes, Punycode) {
  EXPECT_EQ(unicode_errors("xn---"), (idna_errors{idna_code::P4}));
  EXPECT_EQ(unicode_errors("xn--abc-"), (idna_errors{idna_code::P4}));  // decodes to ASCII only
  // A label that is not Punycode stays as it was (after mapping).
  const auto u = puny::to_unicode("XN--A-Ä.pt");
  EXPECT_EQ(u.errors, (idna_errors{idna_code::P4}));
  EXPECT_EQ(*u, "xn--a-ä.pt");
  EXPECT_EQ(puny::to_ascii("xn--a-ä.pt").errors, (idna_errors{idna_code::P4}));
}

TEST(IdnaCodes, Bidi) {
  EXPECT_EQ(unicode_errors("0à.\u05D0"), (idna_errors{idna_code::B1}));
  EXPECT_EQ(unicode_errors("xn--t-zhc3f"), (idna_errors{idna_code::B2}));
  EXPECT_EQ(unicode_errors("\u05D0ˇ"), (idna_errors{idna_code::B3}));
  EXPECT_EQ(unicode_errors("xn--0-zhc74b"), (idna_errors{idna_code::B4}));
  EXPECT_EQ(unicode_errors("à\u05D0"), (idna_errors{idna_code::B5, idna_code::B6}));
  EXPECT_EQ(unicode_errors("àˇ.\u05D0"), (idna_errors{idna_code::B6}));
  // Not a Bidi domain name: no rule applies to "0à" alone.
  EXPECT_TRUE(unicode_errors("0à").empty());
}

TEST(IdnaCodes, Joiners) {
  EXPECT_EQ(unicode_errors("a\u200Cb"), (idna_errors{idna_code::C1}));
  EXPECT_EQ(unicode_errors("a\u200Db"), (idna_errors{idna_code::C2}));
  EXPECT_TRUE(unicode_errors("a\u094D\u200Cb").empty());  // after a virama
}

TEST(IdnaCodes, Lengths) {
  const std::string label63(63, 'a');
  EXPECT_TRUE(puny::to_ascii(label63 + ".b").ok());
  EXPECT_EQ(ascii_errors(label63 + "a.b"), (idna_errors{idna_code::A4_2}));
  EXPECT_EQ(ascii_errors("a..b"), (idna_errors{idna_code::A4_2}));
  EXPECT_EQ(ascii_errors("a.b."), (idna_errors{idna_code::A4_2}));  // IdnaTestV2: the root label counts
  EXPECT_EQ(ascii_errors(""), (idna_errors{idna_code::A4_1, idna_code::A4_2}));
  const std::string domain253 = label63 + "." + label63 + "." + label63 + "." + std::string(61, 'a');
  ASSERT_EQ(domain253.size(), 253u);
  EXPECT_TRUE(puny::to_ascii(domain253).ok());
  EXPECT_EQ(ascii_errors(domain253 + "a"), (idna_errors{idna_code::A4_1}));
  // A Unicode label is measured in its xn-- form: 61 code points, but
  // "xn--" + 60 letters + "-" + at least one digit is more than 63.
  EXPECT_EQ(ascii_errors(std::string(60, 'a').append("ü")), (idna_errors{idna_code::A4_2}));
  EXPECT_EQ(puny::to_unicode(std::string(60, 'a').append("ü")).errors, (idna_errors{}));  // ToUnicode has no lengths
}

TEST(IdnaCodes, EncodingFailureOfALoneSurrogate) {
  const auto r = puny::to_ascii(std::u16string_view(u"a\xD900z"));
  EXPECT_EQ(r.errors, (idna_errors{idna_code::A3, idna_code::V7}));
  EXPECT_TRUE(r.value.empty());
  const auto u = puny::to_unicode(std::u16string_view(u"a\xD900z"));
  EXPECT_EQ(u.errors, (idna_errors{idna_code::V7}));
  EXPECT_EQ(*u, u"a\xD900z");
}

TEST(IdnaCodes, EmptyLabelInToUnicode) {
  EXPECT_EQ(unicode_errors("a..b"), (idna_errors{idna_code::X4_2}));
  EXPECT_EQ(unicode_errors("。"), (idna_errors{idna_code::X4_2}));
  EXPECT_EQ(unicode_errors(""), (idna_errors{idna_code::X4_2}));
  EXPECT_TRUE(unicode_errors("a.b.").empty());  // the root label
}

TEST(IdnaCodes, ToStringNamesInOrder) {
  EXPECT_EQ(puny::to_string(idna_errors{idna_code::V6, idna_code::B1}), "B1, V6");
  EXPECT_EQ(puny::to_string(idna_errors{}), "");
  EXPECT_EQ(puny::to_string(idna_errors{idna_code::X4_2, idna_code::A4_1}), "A4_1, X4_2");
}

}  // namespace
