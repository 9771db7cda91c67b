// IDNA2008 lookup of a whole name (RFC 5891 §5): the header's examples,
// the label types of RFC 5890 §2.3, lengths, empty labels, the result's
// label / offset / code_point, buffer sizes, UTF-8 errors and UTF-32.
#include <gtest/gtest.h>

#include <array>
#include <initializer_list>
#include <string>
#include <string_view>

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

TEST(Idna2008Lookup, HeaderExamples) {
  const auto r = idna2008::to_ascii("bücher.de");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(*r, "xn--bcher-kva.de");
  const auto bad = idna2008::to_ascii("Bücher.de");
  EXPECT_EQ(bad.errors, (error_set{error::disallowed}));
  EXPECT_EQ(bad.label, 0u);
  EXPECT_EQ(bad.offset, 0u);
  EXPECT_EQ(bad.code_point, U'B');
  EXPECT_TRUE(bad.value.empty());
  const auto reg = idna2008::register_label("l·l", "xn--ll-0ea");
  ASSERT_TRUE(reg.ok());
  EXPECT_EQ(reg.a_label, "xn--ll-0ea");
  EXPECT_EQ(reg.u_label, "l·l");
}

TEST(Idna2008Lookup, ToUnicodeDecodesALabels) {
  const auto u = idna2008::to_unicode("xn--bcher-kva.de");
  ASSERT_TRUE(u.ok());
  EXPECT_EQ(*u, "bücher.de");
  EXPECT_EQ(*idna2008::to_unicode("bücher.de"), "bücher.de");
  EXPECT_EQ(*idna2008::to_unicode("xn--ll-0ea.xn--wva6w"), "l·l.͵ϳ");
}

TEST(Idna2008Lookup, NrLdhLabelsKeepTheirCase) {
  // RFC 5890 §2.3.1: IDNA does not touch an NR-LDH label, and the DNS
  // ignores ASCII case.
  EXPECT_EQ(*idna2008::to_ascii("Example.COM"), "Example.COM");
  EXPECT_EQ(*idna2008::to_unicode("Example.COM"), "Example.COM");
  EXPECT_EQ(*idna2008::to_ascii("WWW.bücher.DE"), "WWW.xn--bcher-kva.DE");
  EXPECT_EQ(*idna2008::to_ascii("a-b.1.x9", registration), "a-b.1.x9");
}

TEST(Idna2008Lookup, XnLabelsAreLowerCasedOnLookup) {
  // RFC 5891 §5.3: lower-cased, decoded, checked and re-encoded.
  EXPECT_EQ(*idna2008::to_ascii("XN--BCHER-KVA.de"), "xn--bcher-kva.de");
  EXPECT_EQ(*idna2008::to_ascii("Xn--Bcher-Kva.de"), "xn--bcher-kva.de");
  EXPECT_EQ(*idna2008::to_unicode("XN--BCHER-KVA.de"), "bücher.de");
}

TEST(Idna2008Lookup, ReservedLdhLabels) {
  // RFC 5890 §2.3.1: an R-LDH label that is not an XN-label is reserved.
  const auto r = idna2008::to_ascii("ab--cd.example");
  EXPECT_EQ(r.errors, (error_set{error::hyphen_3_4}));
  EXPECT_EQ(r.label, 0u);
  EXPECT_EQ(r.offset, 0u);
  EXPECT_EQ(r.code_point, U'\0');
  options o;
  o.allow_reserved_ldh = true;  // golang/go#27059's names
  EXPECT_EQ(*idna2008::to_ascii("r4---sn-abc.example", o), "r4---sn-abc.example");
  EXPECT_EQ(*idna2008::to_unicode("r4---sn-abc.example", o), "r4---sn-abc.example");
  // An XN-label stays an A-label to check.
  EXPECT_EQ(idna2008::to_ascii("xn--X", o).errors, (error_set{error::punycode_invalid}));
}

TEST(Idna2008Lookup, NonLdhAsciiLabels) {
  const auto r = idna2008::to_ascii("_tcp.example.com");
  EXPECT_EQ(r.errors, (error_set{error::non_ldh_ascii}));
  EXPECT_EQ(r.label, 0u);
  EXPECT_EQ(r.offset, 0u);
  EXPECT_EQ(r.code_point, U'_');
  const auto space = idna2008::to_ascii("ok.a b");
  EXPECT_EQ(space.label, 1u);
  EXPECT_EQ(space.offset, 1u);
  EXPECT_EQ(space.code_point, U' ');
  options dns;
  dns.check_hostname = false;  // a DNS label, not a host name
  EXPECT_EQ(*idna2008::to_ascii("_tcp.example.com", dns), "_tcp.example.com");
  EXPECT_EQ(*idna2008::to_ascii("_sip._tcp.bücher.de", dns), "_sip._tcp.xn--bcher-kva.de");
  // In a U-label, '_' is a DISALLOWED code point whatever check_hostname says.
  EXPECT_EQ(idna2008::to_ascii("_bücher", dns).errors, (error_set{error::disallowed}));
}

TEST(Idna2008Lookup, OnlyFullStopSeparatesLabels) {
  for (const std::string_view dot : {"\u3002", "\uFF0E", "\uFF61"}) {
    const std::string name = cat({"a", dot, "b"});
    const auto r = idna2008::to_ascii(name);
    EXPECT_EQ(r.errors, (error_set{error::disallowed})) << name;
    EXPECT_EQ(r.label, 0u);
    EXPECT_EQ(r.offset, 1u);
  }
}

TEST(Idna2008Lookup, LabelLengthIsMeasuredOnTheAsciiForm) {
  const std::string ldh63(63, 'a');
  EXPECT_TRUE(idna2008::to_ascii(ldh63 + ".com").ok());
  const auto ldh64 = idna2008::to_ascii(std::string(64, 'a').append(".com"));
  EXPECT_EQ(ldh64.errors, (error_set{error::label_too_long}));
  EXPECT_EQ(ldh64.label, 0u);
  // ü×60 is 60 code points, but its A-label is 66 octets.
  std::string u60;
  for (int i = 0; i < 60; ++i) u60 += "ü";
  EXPECT_EQ(idna2008::to_ascii(u60).errors, (error_set{error::label_too_long}));
  EXPECT_EQ(idna2008::to_unicode(u60).errors, (error_set{error::label_too_long}));
  // The longest U-label of ü: 57 of them make xn-- and 59 Punycode digits.
  std::string u57;
  for (int i = 0; i < 57; ++i) u57 += "ü";
  const auto a57 = idna2008::to_ascii(u57);
  ASSERT_TRUE(a57.ok()) << idna2008::to_string(a57.errors);
  EXPECT_EQ(a57->size(), 63u);
  EXPECT_EQ(*idna2008::to_unicode(*a57), u57);
  EXPECT_EQ(idna2008::to_ascii(u57 + "ü").errors, (error_set{error::label_too_long}));
  // Labels are never too long to measure: verify_dns_length is about the name.
  options o;
  o.verify_dns_length = false;
  EXPECT_EQ(idna2008::to_ascii(u60, o).errors, (error_set{error::label_too_long}));
}

std::string name_of_length(std::size_t n) {
  // Labels of 63 'a' separated by dots, then a shorter last label.
  std::string s;
  while (s.size() + 64 < n) s.append(63, 'a').append(".");
  s += std::string(n - s.size(), 'b');
  return s;
}

TEST(Idna2008Lookup, NameLength) {
  const std::string n253 = name_of_length(253);
  ASSERT_EQ(n253.size(), 253u);
  EXPECT_TRUE(idna2008::to_ascii(n253).ok());
  EXPECT_TRUE(idna2008::to_ascii(n253 + ".").ok());  // the root dot is not counted
  const auto n254 = idna2008::to_ascii(name_of_length(254));
  EXPECT_EQ(n254.errors, (error_set{error::name_too_long}));
  EXPECT_EQ(n254.label, idna2008::result::no_label);  // about the whole name
  EXPECT_EQ(idna2008::to_unicode(name_of_length(254)).errors, (error_set{error::name_too_long}));
  options o;
  o.verify_dns_length = false;
  const std::string long_name = name_of_length(1000);
  const auto r = idna2008::to_ascii(long_name, o);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(*r, long_name);
  // The ASCII form counts: 4 labels of 56 code points whose A-labels are
  // 63 octets make 255.
  std::string u;
  for (int label = 0; label < 4; ++label) {
    if (label > 0) u += '.';
    u += cat({"ü", std::string(55, 'a')});
  }
  ASSERT_LT(u.size(), 253u);
  const auto a = idna2008::to_ascii(u);
  EXPECT_EQ(a.errors, (error_set{error::name_too_long})) << idna2008::to_string(a.errors);
}

TEST(Idna2008Lookup, EmptyLabels) {
  struct empty_case {
    std::string_view name;
    std::size_t label;
  };
  for (const empty_case c : {empty_case{"", 0}, empty_case{".", 0}, empty_case{"a..b", 1},
                             empty_case{".a", 0}, empty_case{"a.b..", 2}}) {
    const auto r = idna2008::to_ascii(c.name);
    EXPECT_EQ(r.errors, (error_set{error::empty_label})) << c.name;
    EXPECT_EQ(r.label, c.label) << c.name;
    EXPECT_EQ(idna2008::to_unicode(c.name).errors, (error_set{error::empty_label})) << c.name;
  }
  EXPECT_EQ(*idna2008::to_ascii("a.b."), "a.b.");
  EXPECT_EQ(*idna2008::to_ascii("bücher.de."), "xn--bcher-kva.de.");
  EXPECT_EQ(*idna2008::to_unicode("xn--bcher-kva.de."), "bücher.de.");
  options strict;
  strict.allow_trailing_dot = false;  // the JSON Schema "idn-hostname" format
  const auto r = idna2008::to_ascii("a.b.", strict);
  EXPECT_EQ(r.errors, (error_set{error::empty_label}));
  EXPECT_EQ(r.label, 2u);
}

TEST(Idna2008Lookup, FirstLabelAtFaultAndItsCodePoint) {
  // Every label's codes are recorded; the first label at fault is named,
  // with the offset of its first code point at fault in its Unicode form.
  const auto r = idna2008::to_ascii("ok.xn--bcher-kva.aBc\u00B7d.x\u2615");
  EXPECT_EQ(r.errors, (error_set{error::disallowed, error::contexto}));
  EXPECT_EQ(r.label, 2u);
  EXPECT_EQ(r.offset, 1u);
  EXPECT_EQ(r.code_point, U'B');
  // In a decoded A-label the offset is into the U-label, not the Punycode.
  const auto d = idna2008::to_ascii("a.xn--a-6ba.b");  // a¡
  EXPECT_EQ(d.label, 1u);
  EXPECT_EQ(d.errors, (error_set{error::disallowed}));
  EXPECT_EQ(d.offset, 1u);
  EXPECT_EQ(d.code_point, U'\u00A1');
  // A whole-label rule names no code point.
  const auto h = idna2008::to_ascii("a.b.cd--e");
  EXPECT_EQ(h.label, 2u);
  EXPECT_EQ(h.offset, 0u);
  EXPECT_EQ(h.code_point, U'\0');
  // When a label breaks both kinds, the code point is named.
  const auto both = idna2008::to_ascii("-äB", registration);
  EXPECT_EQ(both.errors, (error_set{error::disallowed, error::hyphen_start_end}));
  EXPECT_EQ(both.offset, 2u);
  EXPECT_EQ(both.code_point, U'B');
}

TEST(Idna2008Lookup, ToUnicodeWritesFailingLabelsAsGiven) {
  const auto r = idna2008::to_unicode("xn--bcher-kva.XN--X.B\u00FCcher.xn--ll-0ea");
  EXPECT_EQ(r.code, puny::status::success);
  EXPECT_EQ(r.errors, (error_set{error::punycode_invalid, error::disallowed}));
  EXPECT_EQ(r.label, 1u);
  EXPECT_EQ(*r, "bücher.XN--X.Bücher.l·l");
  // A label that fails only the Bidi rule of the name is written as given
  // too; the other labels are decoded.
  const auto b = idna2008::to_unicode("0a.xn--4db");
  EXPECT_EQ(b.errors, (error_set{error::bidi_1}));
  EXPECT_EQ(*b, "0a.א");
  const auto c = idna2008::to_unicode("xn--0a-9.xn--4db");  // not Punycode: opaque, no Bidi rule
  EXPECT_EQ(c.errors, (error_set{error::punycode_invalid}));
  EXPECT_EQ(*c, "xn--0a-9.א");
  // A valid XN-label is lower-cased and decoded; a failing one keeps its case.
  EXPECT_EQ(idna2008::to_unicode("XN--BCHER-KVA", registration).value, "XN--BCHER-KVA");
}

TEST(Idna2008Lookup, OutputTooSmallSaysExactlyWhatIsNeeded) {
  const std::string name = "bücher.example.xn--ll-0ea.";
  const std::string ascii = "xn--bcher-kva.example.xn--ll-0ea.";
  const auto r0 = idna2008::to_ascii(name, std::span<char>());
  EXPECT_EQ(r0.code, puny::status::output_too_small);
  EXPECT_EQ(r0.needed, ascii.size());
  std::string out(ascii.size() - 1, '\0');
  EXPECT_EQ(idna2008::to_ascii(name, out).code, puny::status::output_too_small);
  out.assign(ascii.size(), '#');
  const auto r = idna2008::to_ascii(name, out);
  ASSERT_EQ(r.code, puny::status::success);
  EXPECT_EQ(r.written, ascii.size());
  EXPECT_EQ(out, ascii);

  const std::string unicode = "bücher.example.l·l.";
  const auto u0 = idna2008::to_unicode(name, std::span<char>());
  EXPECT_EQ(u0.code, puny::status::output_too_small);
  EXPECT_EQ(u0.needed, unicode.size());
  std::string uout(unicode.size(), '\0');
  const auto u = idna2008::to_unicode(name, uout);
  ASSERT_EQ(u.code, puny::status::success);
  EXPECT_EQ(u.written, unicode.size());
  EXPECT_EQ(uout, unicode);

  const auto w0 = idna2008::to_unicode(std::u32string_view(U"xn--bcher-kva.de"), std::span<char32_t>());
  EXPECT_EQ(w0.needed, 9u);
  // A name that fails writes nothing and asks for nothing.
  std::array<char, 4> tiny{'#', '#', '#', '#'};
  const auto f = idna2008::to_ascii("Bücher", tiny);
  EXPECT_EQ(f.code, puny::status::success);
  EXPECT_FALSE(f.errors.empty());
  EXPECT_EQ(f.written, 0u);
  EXPECT_EQ(tiny[0], '#');
}

TEST(Idna2008Lookup, LongNamesWithoutDnsLengthAreWrittenOnlyWhenTheyPass) {
  options o;
  o.verify_dns_length = false;
  std::string name;
  for (int i = 0; i < 40; ++i) name += "bücher.";
  name += "de";
  std::string expected;
  for (int i = 0; i < 40; ++i) expected += "xn--bcher-kva.";
  expected += "de";
  ASSERT_GT(expected.size(), 254u);
  std::string out(expected.size(), '\0');
  const auto r = idna2008::to_ascii(name, out, o);
  ASSERT_EQ(r.code, puny::status::success);
  EXPECT_EQ(out, expected);
  EXPECT_EQ(*idna2008::to_ascii(name, o), expected);
  // A failure in the last label leaves the buffer untouched.
  std::string untouched(expected.size(), '#');
  const auto f = idna2008::to_ascii(name + "\u2615", untouched, o);
  EXPECT_EQ(f.errors, (error_set{error::disallowed}));
  EXPECT_EQ(f.label, 40u);
  EXPECT_EQ(untouched, std::string(expected.size(), '#'));
}

TEST(Idna2008Lookup, InvalidUtf8IsReportedByBytePosition) {
  const auto a = idna2008::to_ascii("ab\xFF" "cd");
  EXPECT_EQ(a.code, puny::status::invalid_utf8);
  EXPECT_EQ(a.position, 2u);
  EXPECT_TRUE(a.errors.empty());
  EXPECT_TRUE(a.value.empty());
  const auto u = idna2008::to_unicode("bücher.\xC3");
  EXPECT_EQ(u.code, puny::status::invalid_utf8);
  EXPECT_EQ(u.position, 8u);
  // An overlong encoding and a surrogate are not UTF-8 either.
  EXPECT_EQ(idna2008::to_ascii("a.\xC0\xAE").position, 2u);
  EXPECT_EQ(idna2008::to_ascii("\xED\xA0\x80").code, puny::status::invalid_utf8);
}

TEST(Idna2008Lookup, Utf32) {
  std::array<char, 64> out;
  const auto a = idna2008::to_ascii(std::u32string_view(U"bücher.de"), out);
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(std::string_view(out.data(), a.written), "xn--bcher-kva.de");
  std::array<char32_t, 64> wide;
  const auto u = idna2008::to_unicode(std::u32string_view(U"xn--bcher-kva.XN--X"), wide);
  EXPECT_EQ(u.errors, (error_set{error::punycode_invalid}));
  EXPECT_EQ(std::u32string_view(wide.data(), u.written), U"bücher.XN--X");
  // A surrogate or a value past U+10FFFF is no code point: DISALLOWED,
  // and written back as given.
  const std::u32string bad = {U'a', char32_t{0xD800}, U'.', U'b', char32_t{0x110000}};
  const auto s = idna2008::to_unicode(std::u32string_view(bad), wide);
  EXPECT_EQ(s.errors, (error_set{error::disallowed}));
  EXPECT_EQ(s.label, 0u);
  EXPECT_EQ(s.offset, 1u);
  EXPECT_EQ(s.code_point, char32_t{0xD800});
  EXPECT_EQ(std::u32string_view(wide.data(), s.written), std::u32string_view(bad));
  EXPECT_EQ(idna2008::to_ascii(std::u32string_view(bad), out).errors, (error_set{error::disallowed}));
}

TEST(Idna2008Lookup, ProfileShorthands) {
  EXPECT_EQ(idna2008::to_ascii("-ab", profile::lookup).errors, error_set{});
  EXPECT_EQ(idna2008::to_ascii("-ab", profile::registration).errors, (error_set{error::hyphen_start_end}));
  EXPECT_EQ(idna2008::to_unicode("XN--BCHER-KVA", profile::lookup).value, "bücher");
  EXPECT_EQ(idna2008::to_unicode("XN--BCHER-KVA", profile::registration).errors,
            (error_set{error::alabel_uppercase}));
  EXPECT_EQ(options::for_profile(profile::lookup), options{});
  EXPECT_TRUE(registration.check_hyphens && registration.require_lowercase_alabels);
}

}  // namespace
