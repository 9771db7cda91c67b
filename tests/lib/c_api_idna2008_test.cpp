// The IDNA2008 C API of <puny/puny.h>: the same answers as the C++ API of
// <puny/idna2008.hpp> (output, codes, label, offset, code point), the flag
// bits and profile macros, the buffer conventions (size queries, nothing
// written past out_cap), argument checks, registration, the derived
// property and the code tables.
#include "puny/puny.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "c_api_standard_checks.hpp"
#include "puny/idna2008.hpp"

namespace {

namespace i8 = puny::idna2008;

using puny_test::text;

// Names with every kind of outcome: valid, each family of rule, empty
// labels, long names, A-labels good and bad, ill-formed UTF-8.
const std::vector<std::string> names = {
    text(u8"bücher.de"), "xn--bcher-kva.de", "EXAMPLE.com", text(u8"Bücher.de"), text(u8"l·l.cat"),
    text(u8"l·x.cat"), text(u8"a\u200Cb"), text(u8"0a.\u05D0"), "xn--7a.de", "XN--BCHER-KVA.de", "-ab.de",
    "ab--cd.x", "a_b.example", "a..b", "", ".", "example.com.", "xn--0.pt", "xn---9uc", "xn--example-.com",
    text(u8"e\u0301.de"), text(u8"a。b"), std::string(64, 'a').append(".com"), std::string(300, 'a'), "a\xFF",
    text(u8"\u0628\u0660\u06F0"), text(u8"faß.de")};

// Every flag alone, the profiles, and all of them.
const std::vector<puny_idna2008_flags> flag_sets = {
    PUNY_IDNA2008_LOOKUP, PUNY_IDNA2008_REGISTRATION, 0, PUNY_IDNA2008_LOOKUP & ~PUNY_IDNA2008_CHECK_CONTEXTO,
    PUNY_IDNA2008_LOOKUP & ~PUNY_IDNA2008_CHECK_BIDI, PUNY_IDNA2008_ALLOW_RESERVED_LDH,
    PUNY_IDNA2008_LOOKUP & ~PUNY_IDNA2008_ALLOW_TRAILING_DOT, 0xFF};

i8::options options_of(puny_idna2008_flags f) {
  i8::options o;
  o.check_contexto = (f & PUNY_IDNA2008_CHECK_CONTEXTO) != 0;
  o.check_bidi = (f & PUNY_IDNA2008_CHECK_BIDI) != 0;
  o.check_hostname = (f & PUNY_IDNA2008_CHECK_HOSTNAME) != 0;
  o.check_hyphens = (f & PUNY_IDNA2008_CHECK_HYPHENS) != 0;
  o.require_lowercase_alabels = (f & PUNY_IDNA2008_REQUIRE_LOWERCASE_ALABELS) != 0;
  o.allow_reserved_ldh = (f & PUNY_IDNA2008_ALLOW_RESERVED_LDH) != 0;
  o.verify_dns_length = (f & PUNY_IDNA2008_VERIFY_DNS_LENGTH) != 0;
  o.allow_trailing_dot = (f & PUNY_IDNA2008_ALLOW_TRAILING_DOT) != 0;
  return o;
}

TEST(CApiIdna2008, ProfileMacrosAreTheCppProfiles) {
  EXPECT_TRUE(options_of(PUNY_IDNA2008_LOOKUP) == i8::options::for_profile(i8::profile::lookup));
  EXPECT_TRUE(options_of(PUNY_IDNA2008_REGISTRATION) == i8::options::for_profile(i8::profile::registration));
}

template <class Cpp, class C>
void expect_same(const std::string& name, puny_idna2008_flags flags, Cpp cpp, C c, bool output_on_error) {
  puny_test::expect_c_as_cpp(name, flags, options_of, cpp, c, output_on_error);
}

TEST(CApiIdna2008, ToAsciiAndToUnicodeAnswerAsTheCppApi) {
  for (const std::string& name : names) {
    for (const puny_idna2008_flags flags : flag_sets) {
      expect_same(
          name, flags, [](const std::string& n, const i8::options& o) { return i8::to_ascii(n, o); },
          puny_idna2008_to_ascii, false);
      expect_same(
          name, flags, [](const std::string& n, const i8::options& o) { return i8::to_unicode(n, o); },
          puny_idna2008_to_unicode, true);
    }
  }
}

TEST(CApiIdna2008, KnownAnswers) {
  char out[256];
  puny_standard_result r;
  const std::string contexto = text(u8"l·x.cat");
  EXPECT_EQ(puny_idna2008_to_ascii(contexto.data(), contexto.size(), PUNY_IDNA2008_LOOKUP, out, sizeof out, &r),
            PUNY_IDNA_ERRORS);
  EXPECT_EQ(r.errors, PUNY_IDNA2008_BIT(PUNY_IDNA2008_CONTEXTO));
  EXPECT_EQ(r.label, 0u);
  EXPECT_EQ(r.offset, 1u);
  EXPECT_EQ(r.code_point, 0xB7u);
  EXPECT_EQ(r.written, 0u);
  // RFC 5891 §5.4 lets lookup skip the CONTEXTO rules.
  EXPECT_EQ(puny_idna2008_to_ascii(contexto.data(), contexto.size(),
                                   PUNY_IDNA2008_LOOKUP & ~PUNY_IDNA2008_CHECK_CONTEXTO, out, sizeof out, &r),
            PUNY_OK);
  EXPECT_EQ(std::string(out, r.written), "xn--lx-0ea.cat");
  EXPECT_EQ(r.label, PUNY_NO_LABEL);
  const std::string upper = text(u8"x.Bücher");
  EXPECT_EQ(puny_idna2008_to_ascii(upper.data(), upper.size(), PUNY_IDNA2008_LOOKUP, out, sizeof out, &r),
            PUNY_IDNA_ERRORS);
  EXPECT_EQ(r.errors, PUNY_IDNA2008_BIT(PUNY_IDNA2008_DISALLOWED));
  EXPECT_EQ(r.label, 1u);
  EXPECT_EQ(r.code_point, static_cast<std::uint32_t>('B'));
  // ToUnicode writes a bad label as it was given.
  const std::string bad = "xn--7a.de";
  EXPECT_EQ(puny_idna2008_to_unicode(bad.data(), bad.size(), PUNY_IDNA2008_LOOKUP, out, sizeof out, &r),
            PUNY_IDNA_ERRORS);
  EXPECT_EQ(std::string(out, r.written), bad);
  // A result may be NULL.
  EXPECT_EQ(puny_idna2008_to_ascii("a.de", 4, PUNY_IDNA2008_LOOKUP, out, sizeof out, nullptr), PUNY_OK);
  // Ill-formed UTF-8.
  EXPECT_EQ(puny_idna2008_to_ascii("ab\xC0\x80", 4, PUNY_IDNA2008_LOOKUP, out, sizeof out, &r), PUNY_INVALID_UTF8);
  EXPECT_EQ(r.position, 2u);
}

TEST(CApiIdna2008, ArgumentsAreChecked) {
  char out[16];
  puny_standard_result r;
  EXPECT_EQ(puny_idna2008_to_ascii(nullptr, 1, PUNY_IDNA2008_LOOKUP, out, sizeof out, &r), PUNY_INVALID_ARGUMENT);
  EXPECT_EQ(r.status, PUNY_INVALID_ARGUMENT);
  EXPECT_EQ(r.label, PUNY_NO_LABEL);
  EXPECT_EQ(puny_idna2008_to_unicode("a", 1, PUNY_IDNA2008_LOOKUP, nullptr, 4, &r), PUNY_INVALID_ARGUMENT);
  EXPECT_EQ(puny_idna2008_to_ascii("a", 1, 0x100, out, sizeof out, &r), PUNY_INVALID_ARGUMENT);
  EXPECT_EQ(puny_idna2008_to_ascii("a", 1, ~puny_idna2008_flags{0}, out, sizeof out, nullptr), PUNY_INVALID_ARGUMENT);
  // NULL with length 0 is the empty name.
  EXPECT_EQ(puny_idna2008_to_ascii(nullptr, 0, PUNY_IDNA2008_LOOKUP, out, sizeof out, &r), PUNY_IDNA_ERRORS);
  EXPECT_EQ(r.errors, PUNY_IDNA2008_BIT(PUNY_IDNA2008_EMPTY_LABEL));
  char a[8], u[8];
  puny_registration_result g;
  EXPECT_EQ(puny_idna2008_register_label(nullptr, 3, nullptr, 0, PUNY_IDNA2008_REGISTRATION, a, sizeof a, u, sizeof u,
                                         &g),
            PUNY_INVALID_ARGUMENT);
  EXPECT_EQ(puny_idna2008_register_label("ab", 2, nullptr, 0, 0x100, a, sizeof a, u, sizeof u, &g),
            PUNY_INVALID_ARGUMENT);
}

TEST(CApiIdna2008, RegisterLabel) {
  char a[PUNY_IDNA2008_A_LABEL_SIZE + 1];
  char u[PUNY_IDNA2008_U_LABEL_SIZE + 1];
  puny_registration_result r;
  auto reg = [&](const std::string& ulabel, const std::string& alabel, puny_idna2008_flags flags) {
    return puny_idna2008_register_label(ulabel.data(), ulabel.size(), alabel.data(), alabel.size(), flags, a,
                                        sizeof a - 1, u, sizeof u - 1, &r);
  };
  // Both forms given, and they agree.
  const std::string ll = text(u8"l·l");
  EXPECT_EQ(reg(ll, "xn--ll-0ea", PUNY_IDNA2008_REGISTRATION), PUNY_OK);
  EXPECT_EQ(std::string(a, r.a_written), "xn--ll-0ea");
  EXPECT_EQ(std::string(u, r.u_written), ll);
  // The U-label alone, the A-label alone.
  EXPECT_EQ(reg(text(u8"bücher"), "", PUNY_IDNA2008_REGISTRATION), PUNY_OK);
  EXPECT_EQ(std::string(a, r.a_written), "xn--bcher-kva");
  EXPECT_EQ(reg("", "xn--bcher-kva", PUNY_IDNA2008_REGISTRATION), PUNY_OK);
  EXPECT_EQ(std::string(u, r.u_written), text(u8"bücher"));
  // They disagree; an upper-case A-label; a hyphen at the end; neither.
  EXPECT_EQ(reg(text(u8"büchen"), "xn--bcher-kva", PUNY_IDNA2008_REGISTRATION), PUNY_IDNA_ERRORS);
  EXPECT_NE(r.errors & PUNY_IDNA2008_BIT(PUNY_IDNA2008_UALABEL_MISMATCH), 0u);
  EXPECT_EQ(reg("", "XN--BCHER-KVA", PUNY_IDNA2008_REGISTRATION), PUNY_IDNA_ERRORS);
  EXPECT_EQ(r.errors, PUNY_IDNA2008_BIT(PUNY_IDNA2008_ALABEL_UPPERCASE));
  EXPECT_EQ(reg("ab-", "", PUNY_IDNA2008_REGISTRATION), PUNY_IDNA_ERRORS);
  EXPECT_EQ(r.errors, PUNY_IDNA2008_BIT(PUNY_IDNA2008_HYPHEN_START_END));
  EXPECT_EQ(reg("", "", PUNY_IDNA2008_REGISTRATION), PUNY_IDNA_ERRORS);
  EXPECT_EQ(r.errors, PUNY_IDNA2008_BIT(PUNY_IDNA2008_EMPTY_LABEL));
  // The same answers as the C++ API, code point included.
  for (const auto& [ul, al] : std::vector<std::pair<std::string, std::string>>{
           {text(u8"l·x"), ""}, {text(u8"Bücher"), ""}, {"", "xn--7a"}, {text(u8"a\u200Cb"), ""}, {"", "xn---9uc"}}) {
    const i8::registered want = i8::register_label(ul, al);
    EXPECT_EQ(reg(ul, al, PUNY_IDNA2008_REGISTRATION), want.ok() ? PUNY_OK : PUNY_IDNA_ERRORS) << ul << al;
    EXPECT_EQ(r.errors, want.errors.bits()) << ul << al;
    EXPECT_EQ(r.offset, want.offset) << ul << al;
    EXPECT_EQ(r.code_point, static_cast<std::uint32_t>(want.code_point)) << ul << al;
  }
  // Too little room: the sizes needed.
  const std::string label = text(u8"bücher");
  EXPECT_EQ(puny_idna2008_register_label(label.data(), label.size(), nullptr, 0, PUNY_IDNA2008_REGISTRATION, nullptr,
                                         0, nullptr, 0, &r),
            PUNY_OUTPUT_TOO_SMALL);
  EXPECT_EQ(r.a_needed, 13u);
  EXPECT_EQ(r.u_needed, label.size());
}

TEST(CApiIdna2008, DerivedPropertyAndItsNames) {
  EXPECT_EQ(puny_idna2008_property('a'), PUNY_IDNA2008_PROPERTY_PVALID);
  EXPECT_EQ(puny_idna2008_property('A'), PUNY_IDNA2008_PROPERTY_DISALLOWED);
  EXPECT_EQ(puny_idna2008_property(0x00DF), PUNY_IDNA2008_PROPERTY_PVALID);
  EXPECT_EQ(puny_idna2008_property(0x200C), PUNY_IDNA2008_PROPERTY_CONTEXTJ);
  EXPECT_EQ(puny_idna2008_property(0x00B7), PUNY_IDNA2008_PROPERTY_CONTEXTO);
  EXPECT_EQ(puny_idna2008_property(0x0378), PUNY_IDNA2008_PROPERTY_UNASSIGNED);
  EXPECT_EQ(puny_idna2008_property(0x110000), PUNY_IDNA2008_PROPERTY_DISALLOWED);
  EXPECT_EQ(puny_idna2008_property(0xFFFFFFFF), PUNY_IDNA2008_PROPERTY_DISALLOWED);
  for (std::uint32_t cp = 0; cp < 0x110000; cp += 97) {
    EXPECT_EQ(puny_idna2008_property(cp), static_cast<int>(i8::property_of(static_cast<char32_t>(cp)))) << cp;
  }
  EXPECT_STREQ(puny_idna2008_property_name(PUNY_IDNA2008_PROPERTY_PVALID), "PVALID");
  EXPECT_STREQ(puny_idna2008_property_name(PUNY_IDNA2008_PROPERTY_UNASSIGNED), "UNASSIGNED");
  EXPECT_EQ(puny_idna2008_property_name(5), nullptr);
  EXPECT_EQ(puny_idna2008_property_name(-1), nullptr);
  for (int p = 0; p <= PUNY_IDNA2008_PROPERTY_UNASSIGNED; ++p) {
    EXPECT_EQ(std::string_view(puny_idna2008_property_name(p)), i8::name(static_cast<i8::derived_property>(p)));
  }
}

TEST(CApiIdna2008, CodeNamesMessagesAndRulesAreTheCppOnes) {
  for (int e = 0; e < PUNY_IDNA2008_ERROR_COUNT; ++e) {
    const auto cpp = static_cast<i8::error>(e);
    EXPECT_EQ(std::string_view(puny_idna2008_error_name(e)), i8::name(cpp));
    EXPECT_EQ(std::string_view(puny_idna2008_error_message(e)), i8::message(cpp));
    EXPECT_EQ(std::string_view(puny_idna2008_error_rule(e)), i8::rule(cpp));
  }
  EXPECT_STREQ(puny_idna2008_error_name(PUNY_IDNA2008_CONTEXTO), "CONTEXTO");
  EXPECT_STREQ(puny_idna2008_error_name(PUNY_IDNA2008_BIDI_1), "BIDI_1");
  for (int e : {-1, PUNY_IDNA2008_ERROR_COUNT, 1000}) {
    EXPECT_EQ(puny_idna2008_error_name(e), nullptr);
    EXPECT_EQ(puny_idna2008_error_message(e), nullptr);
    EXPECT_EQ(puny_idna2008_error_rule(e), nullptr);
  }
}

}  // namespace
