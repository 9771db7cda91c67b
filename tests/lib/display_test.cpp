// puny::display, the framework: labels, forms, reasons, the caller's
// options, the look-alike check, the core function's buffers and the
// names.  The chromium policy's rules are in display_chromium_test.cpp.
#include <gtest/gtest.h>

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "display/labels.hpp"
#include "puny/display.hpp"
#include "puny/idna.hpp"
#include "puny/lookalike.hpp"
#include "unicode/ucd.hpp"

namespace {

using puny::display_policy;
using puny::display_reason;
using puny::display_reasons;

// --- Names ---------------------------------------------------------------

TEST(DisplayNames, PoliciesRoundTrip) {
  for (std::size_t i = 0; i < puny::display_policy_count; ++i) {
    const auto p = static_cast<display_policy>(i);
    EXPECT_EQ(puny::display_policy_from_name(puny::name(p)), p);
  }
  EXPECT_EQ(puny::name(display_policy::chromium), "chromium");
  EXPECT_EQ(puny::name(display_policy::uts39_moderately_restrictive), "uts39-moderately-restrictive");
  EXPECT_EQ(puny::display_policy_from_name("Chromium"), std::nullopt);
  EXPECT_EQ(puny::display_policy_from_name(""), std::nullopt);
}

TEST(DisplayNames, EveryReasonHasANameAndAMessage) {
  for (std::size_t i = 0; i < puny::display_reason_count; ++i) {
    const auto r = static_cast<display_reason>(i);
    EXPECT_FALSE(puny::name(r).empty()) << i;
    EXPECT_FALSE(puny::message(r).empty()) << i;
  }
  EXPECT_EQ(puny::name(display_reason::whole_script_confusable), "whole_script_confusable");
  EXPECT_EQ(puny::name(display_reason::lookalike_of_protected), "lookalike_of_protected");
}

// --- Labels and forms ------------------------------------------------------

TEST(Display, EachLabelIsDecidedOnItsOwn) {
  // xn--googl-3we.xn--3e0b707e: googlе (Cyrillic е) stays ASCII, 한국 is shown.
  const auto d = puny::display("xn--googl-3we.xn--3e0b707e");
  EXPECT_EQ(d.value, "xn--googl-3we.\uD55C\uAD6D");
  ASSERT_EQ(d.labels.size(), 2u);
  EXPECT_FALSE(d.labels[0].shown_unicode);
  EXPECT_TRUE(d.labels[0].non_ascii);
  EXPECT_EQ(d.labels[0].reasons, display_reasons{display_reason::restriction_level});
  EXPECT_EQ(d.labels[0].unicode, "googl\u0435");
  EXPECT_EQ(d.labels[0].ascii, "xn--googl-3we");
  EXPECT_TRUE(d.labels[1].shown_unicode);
  EXPECT_TRUE(d.labels[1].detail.empty());
  EXPECT_FALSE(d.ok());
  EXPECT_EQ(d.reasons, display_reasons{display_reason::restriction_level});
}

TEST(Display, AnyInputFormAndTheSeparatorsOfUts46) {
  for (const std::string_view in : {"b\u00FCcher.de", "XN--BCHER-KVA.DE", "xn--bcher-kva\u3002de", "B\u00DCCHER\uFF0Ede"}) {
    const auto d = puny::display(in);
    EXPECT_EQ(d.value, "b\u00FCcher.de") << in;
    ASSERT_EQ(d.labels.size(), 2u) << in;
    EXPECT_EQ(d.labels[0].ascii, "xn--bcher-kva") << in;
    EXPECT_EQ(d.labels[0].unicode, "b\u00FCcher") << in;
    EXPECT_TRUE(d.ok()) << in;
  }
  // A label not shown goes to its ACE form whatever form it was given in.
  EXPECT_EQ(puny::display("\u0430\u0440\u0440\u04CF\u0435.com").value, "xn--80ak6aa92e.com");
  EXPECT_EQ(puny::display("XN--80AK6AA92E.COM").value, "xn--80ak6aa92e.com");
}

TEST(Display, AsciiNamesAndEmptyLabels) {
  for (const std::string_view in : {"www.google.com", "www.google.com.", ".", "", "a..b", "a-b.c_d"}) {
    const auto d = puny::display(in);
    EXPECT_EQ(d.value, in);
  }
  EXPECT_TRUE(puny::display("www.google.com.").ok());
  EXPECT_TRUE(puny::display("").ok());
  EXPECT_EQ(puny::display("www.google.com.").labels.size(), 4u);
  // Uppercase ASCII is mapped, as ToUnicode maps it.
  EXPECT_EQ(puny::display("WWW.Example.COM").value, "www.example.com");
  // A label UTS #46 rejects is shown as given, with its codes.
  const auto u = puny::display("a_b.com", display_policy::uts39_highly_restrictive);
  EXPECT_EQ(u.value, "a_b.com");
  EXPECT_EQ(u.labels[0].reasons, display_reasons{display_reason::invalid});
  EXPECT_EQ(u.labels[0].errors, puny::idna_errors{puny::idna_code::U1});
  EXPECT_FALSE(u.ok());
  // Chromium's ToUnicode (ICU with UIDNA_CHECK_BIDI alone) does not apply
  // the STD3 rules, and an ASCII label needs no decision.
  EXPECT_TRUE(puny::display("a_b.com").ok());
}

TEST(Display, InvalidLabelsStayAsGiven) {
  const auto p4 = puny::display("xn--hello?world.com");
  EXPECT_EQ(p4.value, "xn--hello?world.com");
  EXPECT_TRUE(p4.labels[0].reasons.contains(display_reason::invalid));
  EXPECT_TRUE(p4.labels[0].errors.contains(puny::idna_code::P4));
  EXPECT_NE(p4.labels[0].detail.find("P4"), std::string::npos) << p4.labels[0].detail;
  // Bidi: an RTL label that ends in L fails (B2/B3); per label, as
  // uidna_labelToUnicode checks it, so an LTR label beside it is fine.
  EXPECT_EQ(puny::display("xn--x-ymcov.eg").value, "xn--x-ymcov.eg");
  EXPECT_EQ(puny::display("1a.xn--mgba1fmg.eg").value, "1a.\u0627\u0641\u0644\u0627\u0645.eg");
  EXPECT_TRUE(puny::display("1a.xn--mgba1fmg.eg").ok());
  // Not NFC after decoding (á + U+0301 + U+0301, kIdnCases kInvalid).
  EXPECT_EQ(puny::display("xn--a-xbba.com").value, "xn--a-xbba.com");
}

TEST(Display, IllFormedUtf8) {
  const auto d = puny::display("ab\xC3.com");
  EXPECT_EQ(d.code, puny::status::invalid_utf8);
  EXPECT_EQ(d.position, 2u);
  EXPECT_FALSE(d.ok());
}

TEST(Display, DisplayConvertsBackToTheToAsciiOfTheInput) {
  for (const std::string_view in :
       {"xn--80ak6aa92e.com", "b\u00FCcher.de", "xn--googl-3we.xn--3e0b707e", "xn--ll-0ea.cat", "xn--ll-0ea.com",
        "www.xn--hello-9n1hm04c.com", "\u03BF\u03C4.com", "XN--BCHER-KVA.DE"}) {
    for (std::size_t p = 0; p < puny::display_policy_count; ++p) {
      const auto d = puny::display(in, static_cast<display_policy>(p));
      const auto want = puny::to_ascii(in);
      ASSERT_TRUE(want.ok()) << in;
      EXPECT_EQ(*puny::to_ascii(d.value), *want) << in << " " << p;
    }
  }
}

// --- The ascii policy and the caller's options --------------------------------

TEST(Display, AsciiPolicyKeepsEveryIdnLabelInAce) {
  const auto d = puny::display("b\u00FCcher.xn--p1ai", display_policy::ascii);
  EXPECT_EQ(d.value, "xn--bcher-kva.xn--p1ai");
  EXPECT_EQ(d.labels[0].reasons, display_reasons{display_reason::ascii_policy});
  EXPECT_EQ(d.labels[1].reasons, display_reasons{display_reason::ascii_policy});
  EXPECT_TRUE(puny::display("example.com", display_policy::ascii).ok());
}

TEST(Display, BlockedCharactersComeFirst) {
  puny::display_options o;
  o.blocked_characters = U"\u00FC";
  o.allowed_characters = U"\u00FC";  // blocked wins
  const auto d = puny::display("b\u00FCcher.de", o);
  EXPECT_EQ(d.value, "xn--bcher-kva.de");
  EXPECT_EQ(d.labels[0].reasons, display_reasons{display_reason::deny_listed_character});
  EXPECT_EQ(d.labels[0].code_point, U'\u00FC');
  EXPECT_EQ(d.labels[0].code_point_index, 1u);
  EXPECT_NE(d.labels[0].detail.find("U+00FC"), std::string::npos) << d.labels[0].detail;
}

TEST(Display, AllowedScripts) {
  puny::display_options o;
  o.allowed_scripts = puny::script_set{puny::script::latin};
  EXPECT_TRUE(puny::display("b\u00FCcher.de", o).ok());
  const auto d = puny::display("xn--n1aeec9b.ru", o);  // торты
  EXPECT_EQ(d.value, "xn--n1aeec9b.ru");
  EXPECT_EQ(d.labels[0].reasons, display_reasons{display_reason::script_not_allowed});
  EXPECT_NE(d.labels[0].detail.find("Cyrillic"), std::string::npos) << d.labels[0].detail;
}

// --- The protected domains ----------------------------------------------------

TEST(Display, LookalikeOfAProtectedDomainRevertsTheWholeName) {
  puny::lookalike_index index;
  ASSERT_TRUE(index.add("test.net"));
  ASSERT_TRUE(index.add("paypal.com"));
  puny::display_options o;
  o.protect = &index;
  // tést.net reverts (the named case).
  const auto d = puny::display("xn--tst-bma.net", o);
  EXPECT_EQ(d.value, "xn--tst-bma.net");
  EXPECT_EQ(d.lookalike_of, "test.net");
  EXPECT_EQ(d.reasons, display_reasons{display_reason::lookalike_of_protected});
  EXPECT_EQ(d.labels[0].reasons, display_reasons{display_reason::lookalike_of_protected});
  EXPECT_FALSE(d.labels[0].shown_unicode);
  EXPECT_NE(d.labels[0].detail.find("test.net"), std::string::npos);
  // A subdomain of the protected domain is not a look-alike of it ...
  EXPECT_TRUE(puny::display("\u00E9xample.test.net", o).ok());
  // ... but under a look-alike TLD it is, and every label reverts.
  const auto nét = puny::display("\u00E9xample.test.n\u00E9t", o);
  EXPECT_EQ(nét.value, "xn--xample-9ua.test.xn--nt-bja");
  EXPECT_EQ(nét.lookalike_of, "test.net");
  // Without the list, the same names are shown.
  EXPECT_TRUE(puny::display("xn--tst-bma.net").ok());
  // An ASCII name is never looked up (Chromium: has_idn_component).
  EXPECT_TRUE(puny::display("test.net", o).ok());
  // A name kept in ASCII for another reason still names what it imitates:
  // раураl.com (Cyrillic) is a whole-script confusable and a look-alike.
  const auto p = puny::display("\u0440\u0430\u0443\u0440\u0430l.com", o);
  EXPECT_EQ(p.value, *puny::to_ascii("\u0440\u0430\u0443\u0440\u0430l.com"));
  EXPECT_EQ(p.lookalike_of, "paypal.com");
  EXPECT_TRUE(p.reasons.contains(display_reason::lookalike_of_protected));
  // The ascii policy does not look up.
  o.policy = display_policy::ascii;
  EXPECT_FALSE(puny::display("xn--tst-bma.net", o).lookalike_of.has_value());
}

// --- The core function -----------------------------------------------------------

TEST(DisplayCore, VerdictsAndOffsets) {
  std::array<char, 128> out{};
  std::array<puny::label_verdict, 8> verdicts{};
  const auto r = puny::display("www.xn--80ak6aa92e.b\u00FCcher.com", out, verdicts);
  ASSERT_EQ(r.code, puny::status::success);
  const std::string_view value(out.data(), r.written);
  EXPECT_EQ(value, "www.xn--80ak6aa92e.b\u00FCcher.com");
  EXPECT_EQ(r.labels, 4u);
  EXPECT_EQ(value.substr(verdicts[1].offset, verdicts[1].length), "xn--80ak6aa92e");
  EXPECT_EQ(value.substr(verdicts[2].offset, verdicts[2].length), "b\u00FCcher");
  EXPECT_TRUE(verdicts[2].shown_unicode);
  EXPECT_FALSE(verdicts[0].non_ascii);
  EXPECT_EQ(verdicts[1].reasons, display_reasons{display_reason::whole_script_confusable});
  EXPECT_EQ(r.reasons, display_reasons{display_reason::whole_script_confusable});
  EXPECT_EQ(r.lookalike, puny::display_result::no_lookalike);
  // Fewer verdicts than labels: the rest are not written, the count is.
  std::array<puny::label_verdict, 1> one{};
  const auto r1 = puny::display("a.b.c", out, one);
  EXPECT_EQ(r1.labels, 3u);
  EXPECT_EQ(r1.written, 5u);
}

TEST(DisplayCore, OutputTooSmallSaysHowMuchIsEnough) {
  puny::lookalike_index index;
  ASSERT_TRUE(index.add("test.net"));
  puny::display_options o;
  o.protect = &index;
  for (const std::string_view in : {"b\u00FCcher.de", "xn--tst-bma.net", "\u00FC.test.n\u00E9t"}) {
    const auto small = puny::display(in, std::span<char>{}, {}, o);
    ASSERT_EQ(small.code, puny::status::output_too_small) << in;
    std::vector<char> out(small.needed);
    const auto r = puny::display(in, out, {}, o);
    ASSERT_EQ(r.code, puny::status::success) << in;
    EXPECT_LE(r.written, small.needed);
    EXPECT_EQ(std::string_view(out.data(), r.written), puny::display(in, o).value);
  }
}

TEST(DisplayCore, LongAndHostileInputIsLinearAndSafe) {
  // A million-code-point label and a million labels: no crash, ASCII form.
  const std::string long_label(1 << 20, 'a');
  EXPECT_EQ(puny::display(long_label + ".com").value, long_label + ".com");
  std::string many;
  for (int i = 0; i < 100000; ++i) many += "\u00FC.";
  const auto d = puny::display(many);
  EXPECT_EQ(d.labels.size(), 100001u);
  EXPECT_TRUE(d.ok());
  std::string combining = "a";
  for (int i = 0; i < 50000; ++i) combining += "\u0301";
  const auto c = puny::display(combining + ".com");
  EXPECT_FALSE(c.ok());
  puny::idna_options no_length;
  no_length.verify_dns_length = false;
  EXPECT_EQ(*puny::to_ascii(c.value, no_length), *puny::to_ascii(combining + ".com", no_length));
}

// The prefilter of the per-label Bidi rule holds every R, AL and AN.
TEST(DisplayCore, MayBeRtlCoversEveryRightToLeftCodePoint) {
  namespace ucd = puny::detail::ucd;
  for (char32_t c = 0; c <= 0x10FFFF; ++c) {
    const auto b = ucd::bidi(c);
    if (b == ucd::bidi_class::R || b == ucd::bidi_class::AL || b == ucd::bidi_class::AN) {
      ASSERT_TRUE(puny::detail::display::may_be_rtl(c)) << std::hex << +c;
    }
  }
}

}  // namespace
