// UTS #46 flags and puny's profiles: each flag off drops exactly its codes;
// whatwg (URL Standard "domain to ASCII", beStrict = false) and display.
#include <gtest/gtest.h>

#include <string>

#include "puny/idna.hpp"

namespace {

using puny::idna_code;
using puny::idna_errors;
using puny::idna_options;
using puny::idna_profile;

TEST(IdnaOptions, ProfilesSetTheirFlags) {
  EXPECT_EQ(idna_options::for_profile(idna_profile::uts46), idna_options{});
  const auto w = idna_options::for_profile(idna_profile::whatwg);
  EXPECT_FALSE(w.use_std3_ascii_rules);
  EXPECT_FALSE(w.check_hyphens);
  EXPECT_FALSE(w.verify_dns_length);
  EXPECT_TRUE(w.check_bidi);
  EXPECT_TRUE(w.check_joiners);
  EXPECT_TRUE(w.forbid_domain_code_points && w.reject_empty && w.ascii_input_lowercase_only);
  EXPECT_TRUE(idna_options::for_profile(idna_profile::transitional).transitional_processing);
  EXPECT_TRUE(idna_options::for_profile(idna_profile::display).display_fallback);
}

TEST(IdnaOptions, EachFlagOffDropsItsCodes) {
  idna_options o;
  o.use_std3_ascii_rules = false;
  EXPECT_TRUE(puny::to_ascii("a_b.c", o).ok());
  EXPECT_EQ(*puny::to_ascii("a_b.c", o), "a_b.c");

  o = {};
  o.check_hyphens = false;
  EXPECT_EQ(*puny::to_ascii("-ab--c-.d", o), "-ab--c-.d");

  o = {};
  o.check_bidi = false;
  EXPECT_TRUE(puny::to_unicode("0à.\u05D0", o).ok());

  o = {};
  o.check_joiners = false;
  EXPECT_EQ(*puny::to_ascii("a\u200Cb", o), "xn--ab-j1t");

  o = {};
  o.verify_dns_length = false;
  const std::string long_label(100, 'a');
  EXPECT_EQ(*puny::to_ascii(long_label + "..b.", o), long_label + "..b.");
  EXPECT_EQ(*puny::to_ascii("", o), "");

  o = {};
  o.ignore_invalid_punycode = true;
  o.check_hyphens = false;
  o.use_std3_ascii_rules = false;
  // Not Punycode: kept unconverted (§4 step 4.1.2, no P4) and validated as
  // it stands, so it still begins with "xn--": V4 without CheckHyphens
  // (§4.1 criterion 4), V2 with it.  tr46 6.0.0 agrees (null, error true).
  auto kept = puny::to_ascii("xn--ls8h=.a", o);
  EXPECT_EQ(kept.errors, (idna_errors{idna_code::V4}));
  EXPECT_EQ(kept.label, 0u);
  EXPECT_TRUE(kept.value.empty());
  EXPECT_EQ(puny::to_unicode("xn---", o).errors, (idna_errors{idna_code::V4}));
  EXPECT_EQ(*puny::to_unicode("b.xn--ls8h=", o), "b.xn--ls8h=");
  EXPECT_EQ(puny::to_unicode("b.xn--ls8h=", o).label, 1u);
  EXPECT_EQ(puny::to_unicode("xn---").errors, (idna_errors{idna_code::P4}));
  o.check_hyphens = true;
  EXPECT_EQ(puny::to_ascii("xn--ls8h=", o).errors, (idna_errors{idna_code::V2}));
  o.check_hyphens = false;
  // A decoded label that is ASCII only is still an error.
  EXPECT_EQ(puny::to_unicode("xn--abc-", o).errors, (idna_errors{idna_code::P4}));
  // A non-ASCII code point in an xn-- label is §4 step 4.1.1's error, which
  // the flag does not cover (it covers only a failed conversion): without
  // it, ToASCII would write "xn--xn--ab-gta", which it then rejects (V4).
  // Found by fuzz_idna's idempotence property.
  EXPECT_EQ(puny::to_ascii("xn--ab\u00DF.p", o).errors, (idna_errors{idna_code::P4}));
  EXPECT_EQ(puny::to_unicode("xn--ab\u00DF.p", o).errors, (idna_errors{idna_code::P4}));
  EXPECT_EQ(*puny::to_unicode("xn--ab\u00DF.p", o), "xn--ab\u00DF.p");
  EXPECT_EQ(puny::to_ascii("xn--ab\u00DF.p").errors, (idna_errors{idna_code::P4}));
}

TEST(IdnaWhatwg, AsciiInputIsOnlyLowercased) {
  const auto w = idna_options::for_profile(idna_profile::whatwg);
  EXPECT_EQ(*puny::to_ascii("xn--a", w), "xn--a");
  EXPECT_EQ(*puny::to_ascii("xn--a.xn--zca", w), "xn--a.xn--zca");
  EXPECT_EQ(*puny::to_ascii("xn--ls8h=", w), "xn--ls8h=");
  EXPECT_EQ(*puny::to_ascii("EXAMPLE..com.", w), "example..com.");
  EXPECT_EQ(*puny::to_ascii("a_b", idna_profile::whatwg), "a_b");
}

TEST(IdnaWhatwg, NonAsciiInputRunsUts46) {
  const auto w = idna_options::for_profile(idna_profile::whatwg);
  // Not all ASCII, so UTS #46 runs: "xn--a" is the Punycode of U+0080,
  // which is disallowed (IdnaTestV2: "xn--a.pt" gives [V7]).
  const auto r = puny::to_ascii("xn--a.ß", w);
  EXPECT_EQ(r.errors, (idna_errors{idna_code::V7}));
  EXPECT_TRUE(r.value.empty());
  EXPECT_EQ(*puny::to_ascii("Bücher.de", w), "xn--bcher-kva.de");
  EXPECT_EQ(puny::to_ascii("a\u200Db.ü", w).errors, (idna_errors{idna_code::C2}));
}

TEST(IdnaWhatwg, ForbiddenCodePointsAndEmptyHost) {
  const auto w = idna_options::for_profile(idna_profile::whatwg);
  for (const char* bad : {"a b", "a#b", "a%b", "a/b", "a:b", "a<b", "a>b", "a?b", "a@b", "a[b", "a\\b", "a]b",
                          "a^b", "a|b", "a\x7f" "b", "a\tb"}) {
    const auto r = puny::to_ascii(bad, w);
    EXPECT_EQ(r.errors, (idna_errors{idna_code::W1})) << bad;
    EXPECT_EQ(r.label, 0u);
  }
  // Non-ASCII input: checked in the result.
  const auto r = puny::to_ascii("ü.a<b", w);
  EXPECT_EQ(r.errors, (idna_errors{idna_code::W1}));
  EXPECT_EQ(r.label, 1u);
  EXPECT_EQ(puny::to_ascii("", w).errors, (idna_errors{idna_code::W2}));
  EXPECT_EQ(puny::to_ascii("\u00AD", w).errors, (idna_errors{idna_code::W2}));  // maps to nothing
  // Off in the default profile.
  EXPECT_EQ(puny::to_ascii("a<b").errors, (idna_errors{idna_code::U1}));
}

TEST(IdnaDisplay, FailingLabelsStayAsTyped) {
  const auto d = idna_options::for_profile(idna_profile::display);
  const auto r = puny::to_unicode("XN--bcher-kva.Xn--A-Ä.xn--u-ccb.DE", d);
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(*r, "bücher.Xn--A-Ä.xn--u-ccb.de");
  // Separators other than U+002E still separate labels, and come out as '.'.
  EXPECT_EQ(*puny::to_unicode("xn--bcher-kva。A\u200Db", d), "bücher.A\u200Db");
  // Without the profile the same input reports its codes.
  const auto plain = puny::to_unicode("xn--bcher-kva.Xn--A-Ä", {});
  EXPECT_EQ(plain.errors, (idna_errors{idna_code::P4}));
  EXPECT_EQ(*plain, "bücher.xn--a-ä");
}

}  // namespace
