// IDNA2008 registration of one label (RFC 5891 §4): given a U-label, an
// A-label, or both (which must agree), into buffers and into strings.
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <string_view>

#include "puny/idna2008.hpp"

namespace {

namespace idna2008 = puny::idna2008;
using idna2008::error;
using idna2008::error_set;
using idna2008::options;

TEST(Idna2008Registration, ULabelOnly) {
  const auto r = idna2008::register_label("räksmörgås", "");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.a_label, "xn--rksmrgs-5wao1o");
  EXPECT_EQ(r.u_label, "räksmörgås");
  EXPECT_EQ(idna2008::register_label("faß", "").a_label, "xn--fa-hia");  // PVALID: no IDNA2003 mapping
  const auto bad = idna2008::register_label("a\u00B7b", "");
  EXPECT_EQ(bad.errors, (error_set{error::contexto}));
  EXPECT_EQ(bad.offset, 1u);
  EXPECT_EQ(bad.code_point, U'\u00B7');
  EXPECT_TRUE(bad.a_label.empty());
  EXPECT_TRUE(bad.u_label.empty());
}

TEST(Idna2008Registration, ALabelOnly) {
  const auto r = idna2008::register_label("", "xn--rksmrgs-5wao1o");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.a_label, "xn--rksmrgs-5wao1o");
  EXPECT_EQ(r.u_label, "räksmörgås");
  EXPECT_EQ(idna2008::register_label("", "xn--ab-0ea").errors, (error_set{error::contexto}));  // a·b
  EXPECT_EQ(idna2008::register_label("", "xn--example-").errors, (error_set{error::alabel_ascii_only}));
  EXPECT_EQ(idna2008::register_label("", "xn---9uc").errors, (error_set{error::alabel_not_canonical}));
}

TEST(Idna2008Registration, BothAgreeing) {
  const auto r = idna2008::register_label("l\u00B7l", "xn--ll-0ea");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.a_label, "xn--ll-0ea");
  EXPECT_EQ(r.u_label, "l·l");
  EXPECT_TRUE(idna2008::register_label("sharpß", "xn--sharp-pqa").ok());
}

TEST(Idna2008Registration, BothDisagreeing) {
  // §4.2.1: the decoded A-label must be the U-label given, exactly: no
  // case folding, no normalization.
  EXPECT_EQ(idna2008::register_label("foo", "xn--rksmrgs-5wao1o").errors, (error_set{error::ualabel_mismatch}));
  EXPECT_EQ(idna2008::register_label("bu\u0308cher", "xn--bcher-kva").errors, (error_set{error::ualabel_mismatch}));
  EXPECT_EQ(idna2008::register_label("sharpss", "xn--sharp-pqa").errors, (error_set{error::ualabel_mismatch}));
  EXPECT_EQ(idna2008::register_label("Foo", "foo").errors, (error_set{error::ualabel_mismatch}));
  // An A-label that does not decode has nothing to compare: its own error only.
  EXPECT_EQ(idna2008::register_label("bücher", "xn--X").errors,
            (error_set{error::alabel_uppercase, error::punycode_invalid}));
  // The A-label's own failures come with the mismatch.
  EXPECT_EQ(idna2008::register_label("b", "xn--ab-0ea").errors, (error_set{error::contexto, error::ualabel_mismatch}));
}

TEST(Idna2008Registration, LdhLabels) {
  // An NR-LDH label is returned as both, from either slot.
  for (const auto& r : {idna2008::register_label("example", ""), idna2008::register_label("", "example"),
                        idna2008::register_label("example", "example")}) {
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r.a_label, "example");
    EXPECT_EQ(r.u_label, "example");
  }
  EXPECT_EQ(idna2008::register_label("ab--cd", "").errors, (error_set{error::hyphen_3_4}));
  EXPECT_EQ(idna2008::register_label("-ab", "").errors, (error_set{error::hyphen_start_end}));
  EXPECT_EQ(idna2008::register_label("", "a_b").errors, (error_set{error::non_ldh_ascii}));
  // An XN-label given as the U-label is not decoded: it is one more label
  // with "--" at positions 3-4.
  EXPECT_EQ(idna2008::register_label("xn--bcher-kva", "").errors, (error_set{error::hyphen_3_4}));
}

TEST(Idna2008Registration, OneLabelOnly) {
  // U+002E is a DISALLOWED code point inside a label.
  const auto dot = idna2008::register_label("a.b", "");
  EXPECT_TRUE(dot.errors.contains(error::disallowed));
  EXPECT_EQ(dot.offset, 1u);
  EXPECT_EQ(dot.code_point, U'.');
  options no_hostname = options::for_profile(idna2008::profile::registration);
  no_hostname.check_hostname = false;
  EXPECT_EQ(idna2008::register_label("a.b", "", no_hostname).errors, (error_set{error::disallowed}));
  EXPECT_EQ(idna2008::register_label("bü.cher", "").errors, (error_set{error::disallowed}));
  EXPECT_TRUE(idna2008::register_label("", "xn--bcher-kva.de").errors.contains(error::disallowed));
}

TEST(Idna2008Registration, NothingGiven) {
  const auto r = idna2008::register_label("", "");
  EXPECT_EQ(r.errors, (error_set{error::empty_label}));
  EXPECT_EQ(r.code, puny::status::success);
}

TEST(Idna2008Registration, ALabelMustBeAscii) {
  const auto r = idna2008::register_label("", "xn--\xFF");
  EXPECT_EQ(r.errors, (error_set{error::punycode_invalid}));
  EXPECT_EQ(idna2008::register_label("", "xn--bücher").errors, (error_set{error::punycode_invalid}));
}

TEST(Idna2008Registration, InvalidUtf8InTheULabel) {
  const auto r = idna2008::register_label("ab\xC3", "");
  EXPECT_EQ(r.code, puny::status::invalid_utf8);
  EXPECT_EQ(r.position, 2u);
  EXPECT_TRUE(r.errors.empty());
  EXPECT_EQ(idna2008::register_label("b\xFFu", "xn--bcher-kva").position, 1u);
}

TEST(Idna2008Registration, Buffers) {
  std::array<char, 63> a_out;
  std::array<char, 252> u_out;
  const auto r = idna2008::register_label("bücher", "", a_out, u_out);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(std::string_view(a_out.data(), r.written), "xn--bcher-kva");
  EXPECT_EQ(std::string_view(u_out.data(), r.u_written), "bücher");
  EXPECT_EQ(r.label, idna2008::result::no_label);
  // Each buffer's room is reported exactly, and nothing is written.
  std::array<char, 4> small_a{'#', '#', '#', '#'};
  std::array<char, 4> small_u{'#', '#', '#', '#'};
  const auto t = idna2008::register_label("bücher", "", small_a, small_u);
  EXPECT_EQ(t.code, puny::status::output_too_small);
  EXPECT_EQ(t.needed, 13u);
  EXPECT_EQ(t.u_needed, 7u);
  EXPECT_EQ(small_a[0], '#');
  EXPECT_EQ(small_u[0], '#');
  const auto only_u = idna2008::register_label("bücher", "", a_out, small_u);
  EXPECT_EQ(only_u.code, puny::status::output_too_small);
  EXPECT_EQ(only_u.u_needed, 7u);
  // A failure names label 0.
  const auto f = idna2008::register_label("Bücher", "", a_out, u_out);
  EXPECT_EQ(f.errors, (error_set{error::disallowed}));
  EXPECT_EQ(f.label, 0u);
  EXPECT_EQ(f.written, 0u);
  EXPECT_EQ(f.u_written, 0u);
}

TEST(Idna2008Registration, LongestLabels) {
  // 63 octets of A-label; 59 code points of U-label at most.
  std::string u = "dominiomuylargoconmuchas";
  for (int i = 0; i < 32; ++i) u += "ñ";
  const auto r = idna2008::register_label(u, "xn--dominiomuylargoconmuchas-olcaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.u_label, u);
  EXPECT_EQ(idna2008::register_label(u + "ñ", "").errors, (error_set{error::label_too_long}));
  EXPECT_EQ(idna2008::register_label(std::string(64, 'a'), "").errors, (error_set{error::label_too_long}));
  EXPECT_TRUE(idna2008::register_label(std::string(63, 'a'), "").ok());
}

}  // namespace
