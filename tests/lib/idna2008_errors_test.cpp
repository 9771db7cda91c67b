// Every puny::idna2008::error reached by a crafted input, under the lookup
// and the registration profile, and the names, messages and RFC sections
// that describe the codes.
#include <gtest/gtest.h>

#include <cstddef>
#include <set>
#include <string>
#include <string_view>

#include "idna2008/derived_property.hpp"
#include "puny/idna2008.hpp"

namespace {

namespace idna2008 = puny::idna2008;
using idna2008::error;
using idna2008::error_set;
using idna2008::options;
using idna2008::profile;

struct error_case {
  error code;             // the code this case is for
  std::string_view name;  // a name for lookup (to_ascii with each profile's options)
  error_set lookup;       // what the lookup profile records
  error_set registration; // what the registration profile's options record
};

// One name per code.  Where the profiles differ, the difference is the
// point: hyphens at the ends and upper-case A-labels are registration rules.
const error_case cases[] = {
    {error::alabel_ascii_only, "xn--example-", {error::alabel_ascii_only}, {error::alabel_ascii_only}},
    {error::alabel_not_canonical, "xn---9uc", {error::alabel_not_canonical}, {error::alabel_not_canonical}},
    {error::alabel_uppercase, "XN--BCHER-KVA", {}, {error::alabel_uppercase}},
    {error::bidi_1, "0a.\u05D0", {error::bidi_1}, {error::bidi_1}},
    {error::bidi_2, "\u05D0a\u05D1", {error::bidi_2}, {error::bidi_2}},
    {error::bidi_3, "\u05D0-", {error::bidi_3}, {error::bidi_3, error::hyphen_start_end}},
    {error::bidi_4, "\u05D00\u0660", {error::bidi_4}, {error::bidi_4}},
    {error::bidi_5, "a\u05D01", {error::bidi_5}, {error::bidi_5}},
    {error::bidi_6, "a-.\u05D0", {error::bidi_6}, {error::bidi_6, error::hyphen_start_end}},
    {error::contextj, "a\u200Cb", {error::contextj}, {error::contextj}},
    {error::contexto, "a\u00B7b", {error::contexto}, {error::contexto}},
    {error::disallowed, "\u2615.com", {error::disallowed}, {error::disallowed}},
    {error::empty_label, "a..b", {error::empty_label}, {error::empty_label}},
    {error::hyphen_3_4, "ab--cd", {error::hyphen_3_4}, {error::hyphen_3_4}},
    {error::hyphen_start_end, "-ab.ab-", {}, {error::hyphen_start_end}},
    {error::label_too_long, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.com",
     {error::label_too_long}, {error::label_too_long}},
    {error::leading_combining_mark, "\u0301a", {error::leading_combining_mark}, {error::leading_combining_mark}},
    {error::non_ldh_ascii, "a_b.com", {error::non_ldh_ascii}, {error::non_ldh_ascii}},
    {error::not_nfc, "e\u0301", {error::not_nfc}, {error::not_nfc}},
    {error::punycode_invalid, "xn--0a-9", {error::punycode_invalid}, {error::punycode_invalid}},
    {error::unassigned, "a\u0378", {error::unassigned}, {error::unassigned}},
};

TEST(Idna2008Errors, EachCodeUnderBothProfiles) {
  const options lookup = options::for_profile(profile::lookup);
  const options registration = options::for_profile(profile::registration);
  std::set<error> seen;
  for (const error_case& c : cases) {
    const auto l = idna2008::to_ascii(c.name, lookup);
    ASSERT_EQ(l.code, puny::status::success) << c.name;
    EXPECT_EQ(l.errors, c.lookup) << idna2008::name(c.code) << ": " << idna2008::to_string(l.errors);
    const auto r = idna2008::to_ascii(c.name, registration);
    EXPECT_EQ(r.errors, c.registration) << idna2008::name(c.code) << ": " << idna2008::to_string(r.errors);
    // ToUnicode records the same codes as ToASCII.
    EXPECT_EQ(idna2008::to_unicode(c.name, lookup).errors, c.lookup) << c.name;
    EXPECT_EQ(idna2008::to_unicode(c.name, registration).errors, c.registration) << c.name;
    EXPECT_TRUE(c.registration.contains(c.code)) << idna2008::name(c.code);
    seen.insert(c.code);
  }
  // Two more codes come from the name as a whole or from registration.
  std::string long_name;
  for (int i = 0; i < 4; ++i) long_name.append(63, 'a').append(".");
  long_name.pop_back();
  EXPECT_EQ(idna2008::to_ascii(long_name, lookup).errors, (error_set{error::name_too_long}));
  EXPECT_EQ(idna2008::to_ascii(long_name, registration).errors, (error_set{error::name_too_long}));
  seen.insert(error::name_too_long);
  const auto mismatch = idna2008::register_label("bucher", "xn--bcher-kva");
  EXPECT_EQ(mismatch.errors, (error_set{error::ualabel_mismatch}));
  EXPECT_EQ(idna2008::register_label("bucher", "xn--bcher-kva", lookup).errors, (error_set{error::ualabel_mismatch}));
  seen.insert(error::ualabel_mismatch);
  // context_no_rule needs a CONTEXTJ or CONTEXTO code point without an
  // Appendix A rule, and Unicode 17.0 has none: every one has a rule.
  for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
    const auto p = idna2008::property_of(cp);
    if (p == idna2008::derived_property::contextj || p == idna2008::derived_property::contexto) {
      EXPECT_TRUE(puny::detail::idna2008::has_context_rule(cp)) << std::hex << static_cast<unsigned>(cp);
    }
  }
  seen.insert(error::context_no_rule);
  EXPECT_EQ(seen.size(), idna2008::error_count);
}

TEST(Idna2008Errors, OptionsThatTurnAnErrorOff) {
  options o;
  o.check_contexto = false;
  EXPECT_TRUE(idna2008::to_ascii("a\u00B7b", o).ok());
  EXPECT_EQ(*idna2008::to_ascii("a\u00B7b", o), "xn--ab-0ea");
  // CONTEXTJ is a MUST on lookup too (RFC 5892 Appendix A: "Lookup: True").
  EXPECT_EQ(idna2008::to_ascii("a\u200Cb", o).errors, (error_set{error::contextj}));
  o = {};
  o.check_bidi = false;
  EXPECT_TRUE(idna2008::to_ascii("0a.\u05D0", o).ok());
  o = {};
  o.check_hostname = false;
  EXPECT_TRUE(idna2008::to_ascii("a_b.com", o).ok());
  o = {};
  o.allow_reserved_ldh = true;
  EXPECT_TRUE(idna2008::to_ascii("ab--cd", o).ok());
  o = {};
  o.verify_dns_length = false;
  std::string long_name;
  for (int i = 0; i < 4; ++i) long_name.append(63, 'a').append(".");
  EXPECT_TRUE(idna2008::to_ascii(long_name, o).ok());
  o = {};
  o.allow_trailing_dot = false;
  EXPECT_EQ(idna2008::to_ascii("a.", o).errors, (error_set{error::empty_label}));
}

TEST(Idna2008Errors, NamesMessagesAndRules) {
  std::set<std::string_view> names;
  std::string_view previous;
  for (std::size_t i = 0; i < idna2008::error_count; ++i) {
    const auto e = static_cast<error>(i);
    const std::string_view n = idna2008::name(e);
    EXPECT_FALSE(n.empty());
    EXPECT_LT(previous, n) << "names sort as the enumerators do";
    previous = n;
    names.insert(n);
    EXPECT_FALSE(idna2008::message(e).empty()) << n;
    EXPECT_NE(idna2008::rule(e).find("RFC "), std::string_view::npos) << n;
  }
  EXPECT_EQ(names.size(), idna2008::error_count);
  EXPECT_EQ(idna2008::name(error::contexto), "CONTEXTO");
  EXPECT_EQ(idna2008::name(error::bidi_1), "BIDI_1");
  EXPECT_EQ(idna2008::name(error::hyphen_3_4), "HYPHEN_3_4");
  EXPECT_EQ(idna2008::message(error::contexto), "a CONTEXTO code point is out of context");
  EXPECT_NE(idna2008::rule(error::contexto).find("RFC 5892 Appendix A.3-A.9"), std::string_view::npos);
  EXPECT_NE(idna2008::rule(error::bidi_4).find("RFC 5893"), std::string_view::npos);
  EXPECT_NE(idna2008::rule(error::alabel_uppercase).find("RFC 5891 §4.2.1"), std::string_view::npos);
  EXPECT_EQ(idna2008::to_string(error_set{}), "");
  EXPECT_EQ(idna2008::to_string(error_set{error::disallowed, error::contexto}), "CONTEXTO, DISALLOWED");
  EXPECT_EQ(idna2008::to_string(error_set{error::unassigned, error::alabel_ascii_only, error::bidi_6}),
            "ALABEL_ASCII_ONLY, BIDI_6, UNASSIGNED");
}

}  // namespace
