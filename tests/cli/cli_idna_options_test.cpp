// to-ascii / to-unicode options: every UTS #46 flag on and off, the
// profiles, and flags overriding the profile whatever their order.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "cli_process.hpp"
#include "cli_records.hpp"

namespace {

using namespace puny_cli_test;  // cli_process.hpp, cli_records.hpp

TEST(CliIdnaFlags, Std3) {
  EXPECT_EQ(convert({"to-ascii"}, "a_b.com"), "|U1");
  EXPECT_EQ(convert({"to-ascii", "--no-std3"}, "a_b.com"), "a_b.com|");
  EXPECT_EQ(convert({"to-ascii", "--no-std3", "--std3"}, "a_b.com"), "|U1");
  EXPECT_EQ(convert({"to-unicode", "--no-std3"}, "a_b.com"), "a_b.com|");
  EXPECT_EQ(convert({"to-unicode"}, "a_b.com"), "a_b.com|U1");
}

TEST(CliIdnaFlags, CheckHyphens) {
  EXPECT_EQ(convert({"to-ascii"}, "ab--c.com"), "|V2");
  EXPECT_EQ(convert({"to-ascii"}, "-ab.com"), "|V3");
  EXPECT_EQ(convert({"to-ascii", "--no-check-hyphens"}, "ab--c.com"), "ab--c.com|");
  EXPECT_EQ(convert({"to-ascii", "--no-check-hyphens"}, "-ab.com"), "-ab.com|");
  EXPECT_EQ(convert({"to-ascii", "--no-check-hyphens", "--check-hyphens"}, "ab--c.com"), "|V2");
}

TEST(CliIdnaFlags, CheckBidi) {
  // IdnaTestV2: 0à.\u05D0; ; [B1]; xn--0-sfa.xn--4db
  const std::string domain = text(u8"0à.\u05D0");
  EXPECT_EQ(convert({"to-ascii"}, domain), "|B1");
  EXPECT_EQ(convert({"to-ascii", "--no-check-bidi"}, domain), "xn--0-sfa.xn--4db|");
  EXPECT_EQ(convert({"to-unicode", "--no-check-bidi"}, "xn--0-sfa.xn--4db"), domain + "|");
  EXPECT_EQ(convert({"to-ascii", "--check-bidi"}, domain), "|B1");
}

TEST(CliIdnaFlags, CheckJoiners) {
  // IdnaTestV2: a\u200Cb; ; [C1]; xn--ab-j1t; ; ab; []
  const std::string domain = text(u8"a\u200Cb");
  EXPECT_EQ(convert({"to-ascii"}, domain), "|C1");
  EXPECT_EQ(convert({"to-ascii", "--no-check-joiners"}, domain), "xn--ab-j1t|");
  EXPECT_EQ(convert({"to-unicode", "--no-check-joiners"}, "xn--ab-j1t"), domain + "|");
  EXPECT_EQ(convert({"to-unicode"}, "xn--ab-j1t"), domain + "|C1");
}

TEST(CliIdnaFlags, Transitional) {
  const std::string domain = text(u8"ß.de");
  EXPECT_EQ(convert({"to-ascii"}, domain), "xn--zca.de|");
  EXPECT_EQ(convert({"to-ascii", "--transitional"}, domain), "ss.de|");
  EXPECT_EQ(convert({"to-ascii", "--transitional", "--no-transitional"}, domain), "xn--zca.de|");
  // IdnaTestV2: a\u200Cb gives "ab" with no error in transitional ToASCII.
  EXPECT_EQ(convert({"to-ascii", "--transitional"}, text(u8"a\u200Cb")), "ab|");
}

TEST(CliIdnaFlags, VerifyDnsLength) {
  const std::string long_label = std::string(64, 'a').append(".com");
  EXPECT_EQ(convert({"to-ascii"}, long_label), "|A4_2");
  EXPECT_EQ(convert({"to-ascii", "--no-verify-dns-length"}, long_label), long_label + "|");
  // IdnaTestV2: a.b.c.d.; ; ; ; [A4_2] — the empty root label counts.
  EXPECT_EQ(convert({"to-ascii"}, "a.b.c.d."), "|A4_2");
  EXPECT_EQ(convert({"to-ascii", "--no-verify-dns-length"}, "a.b.c.d."), "a.b.c.d.|");
  EXPECT_EQ(convert({"to-ascii", "--no-verify-dns-length", "--verify-dns-length"}, "a.b.c.d."), "|A4_2");
  // to-unicode never checks lengths.
  EXPECT_EQ(convert({"to-unicode"}, long_label), long_label + "|");
}

TEST(CliIdnaFlags, IgnoreInvalidPunycode) {
  // IdnaTestV2: xn--0.pt; ; [P4]
  EXPECT_EQ(convert({"to-ascii"}, "xn--0.pt"), "|P4");
  EXPECT_EQ(convert({"to-unicode"}, "xn--0.pt"), "xn--0.pt|P4");
  // The label that does not decode is kept and validated as it is: with
  // CheckHyphens, "xn--" has hyphens in the 3rd and 4th positions (V2).
  EXPECT_EQ(convert({"to-unicode", "--ignore-invalid-punycode"}, "xn--0.pt"), "xn--0.pt|V2");
  EXPECT_EQ(convert({"to-ascii", "--ignore-invalid-punycode"}, "xn--0.pt"), "|V2");
  EXPECT_EQ(convert({"to-unicode", "--ignore-invalid-punycode", "--no-ignore-invalid-punycode"}, "xn--0.pt"),
            "xn--0.pt|P4");
}

TEST(CliIdnaProfiles, Uts46IsTheDefault) {
  for (const std::string domain : {"xn--a", "a_b.com", "ab--c.com", "EXAMPLE.com", "xn--0.pt"}) {
    EXPECT_EQ(convert({"to-ascii", "--profile", "uts46"}, domain), convert({"to-ascii"}, domain)) << domain;
  }
  // IdnaTestV2: xn--a.pt; \u0080.pt; [V7]
  EXPECT_EQ(convert({"to-ascii"}, "xn--a"), "|V7");
}

TEST(CliIdnaProfiles, Whatwg) {
  // All-ASCII input is only lowercased and checked for forbidden domain
  // code points (uts46-notes.md, "WHATWG URL").
  EXPECT_EQ(convert({"to-ascii", "--profile", "whatwg"}, "xn--a"), "xn--a|");
  EXPECT_EQ(convert({"to-ascii", "--profile=whatwg"}, "EXAMPLE.com"), "example.com|");
  EXPECT_EQ(convert({"to-ascii", "--profile", "whatwg"}, "a_b.com"), "a_b.com|");
  EXPECT_EQ(convert({"to-ascii", "--profile", "whatwg"}, "a b.com"), "|W1");
  EXPECT_EQ(convert({"to-ascii", "--profile", "whatwg"}, ""), "|W2");
  // Input with non-ASCII gets UTS #46 processing without STD3 rules, hyphen
  // or length checks.
  EXPECT_EQ(convert({"to-ascii", "--profile", "whatwg"}, text(u8"ab--c.ß")), "ab--c.xn--zca|");
  EXPECT_EQ(convert({"to-ascii", "--profile", "whatwg"}, text(u8"a_b.ß")), "a_b.xn--zca|");
}

TEST(CliIdnaProfiles, FlagsOverrideTheProfileInAnyOrder) {
  const std::string hyphens = text(u8"ab--c.ß");
  EXPECT_EQ(convert({"to-ascii", "--profile", "whatwg", "--check-hyphens"}, hyphens), "|V2");
  EXPECT_EQ(convert({"to-ascii", "--check-hyphens", "--profile", "whatwg"}, hyphens), "|V2");
  const std::string underscore = text(u8"a_b.ß");
  EXPECT_EQ(convert({"to-ascii", "--std3", "--profile=whatwg"}, underscore), "|U1");
  EXPECT_EQ(convert({"to-ascii", "--no-transitional", "--profile", "transitional"}, text(u8"ß.de")), "xn--zca.de|");
  // The last profile given is the one used.
  EXPECT_EQ(convert({"to-ascii", "--profile", "whatwg", "--profile", "uts46"}, "a_b.com"), "|U1");
}

TEST(CliIdnaProfiles, Transitional) {
  EXPECT_EQ(convert({"to-ascii", "--profile", "transitional"}, text(u8"ß.de")), "ss.de|");
  EXPECT_EQ(convert({"to-ascii", "--profile", "transitional"}, text(u8"Bücher.de")), "xn--bcher-kva.de|");
}

TEST(CliIdnaProfiles, DisplayKeepsABadLabelAsItIs) {
  EXPECT_EQ(convert({"to-unicode", "--profile", "display"}, "xn--0.pt"), "xn--0.pt|");
  EXPECT_EQ(convert({"to-unicode", "--profile", "display"}, "xn--bcher-kva.de"), text(u8"bücher.de|"));
  EXPECT_EQ(convert({"to-unicode", "--profile", "display"}, "xn--bcher-kva.xn--0"), text(u8"bücher.xn--0|"));
  // The same domains with the uts46 profile report the bad label.
  EXPECT_EQ(convert({"to-unicode"}, "xn--bcher-kva.xn--0"), text(u8"bücher.xn--0|P4"));
}

}  // namespace
