// <puny/explain.hpp>: each rule family located with its exact label,
// position, code point and the property values named in its detail; the
// options that switch rules off; hostile input; and, over random domains
// built from the characters the rules are about, the located codes equal
// to_ascii()'s under every option set.
#include <gtest/gtest.h>

#include <cstddef>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "idna/explain_locate.hpp"
#include "puny/explain.hpp"
#include "puny/idna.hpp"
#include "puny/punycode.hpp"
#include "test_encoding.hpp"

namespace {

using puny::domain_explanation;
using puny::idna_code;
using puny::idna_errors;
using puny::idna_violation;
using puny_test::to_utf8;

// The one violation of `code` in label `label`; fails the test when there
// is not exactly one.
const idna_violation& only(const domain_explanation& e, std::size_t label, idna_code code) {
  static const idna_violation none;
  if (label >= e.labels.size()) {
    ADD_FAILURE() << "no label " << label;
    return none;
  }
  const idna_violation* found = nullptr;
  std::size_t count = 0;
  for (const idna_violation& v : e.labels[label].violations) {
    if (v.code == code) {
      found = &v;
      ++count;
    }
  }
  if (count != 1) {
    ADD_FAILURE() << count << " violations of " << puny::name(code) << " in label " << label;
    return none;
  }
  return *found;
}

bool has(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

puny::idna_options with_std3(bool on) {
  puny::idna_options o;
  o.use_std3_ascii_rules = on;
  return o;
}

TEST(Explain, ValidNameHasFormsAndNoViolations) {
  const domain_explanation e = puny::explain("Bücher.de");
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(e.ascii, "xn--bcher-kva.de");
  EXPECT_EQ(e.unicode, U"bücher.de");
  EXPECT_TRUE(e.errors.empty());
  EXPECT_EQ(e.label, domain_explanation::no_label);
  EXPECT_FALSE(e.bidi_domain.has_value());
  ASSERT_EQ(e.labels.size(), 2u);
  EXPECT_EQ(e.labels[0].input, U"Bücher");
  EXPECT_EQ(e.labels[0].unicode, U"bücher");
  EXPECT_EQ(e.labels[0].ascii, "xn--bcher-kva");
  EXPECT_FALSE(e.labels[0].decoded);
  EXPECT_TRUE(e.labels[0].violations.empty());
  EXPECT_EQ(e.labels[1].ascii, "de");
  EXPECT_TRUE(e.domain_violations.empty());
}

TEST(Explain, AceLabelIsDecodedAndSeparatorsAreNotInAnyLabel) {
  const domain_explanation e = puny::explain("XN--BCHER-KVA\u3002de");
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(e.ascii, "xn--bcher-kva.de");
  ASSERT_EQ(e.labels.size(), 2u);
  EXPECT_EQ(e.labels[0].input, U"XN--BCHER-KVA");
  EXPECT_EQ(e.labels[0].unicode, U"bücher");
  EXPECT_TRUE(e.labels[0].decoded);
  EXPECT_EQ(e.labels[1].input, U"de");
}

TEST(Explain, DisallowedCodePointV7) {
  const domain_explanation e = puny::explain("a\u2488b.com");
  EXPECT_EQ(e.errors, idna_errors{idna_code::V7});
  EXPECT_EQ(e.label, 0u);
  const idna_violation& v = only(e, 0, idna_code::V7);
  EXPECT_EQ(v.label, 0u);
  EXPECT_EQ(v.position, 2u);
  EXPECT_EQ(v.code_point, U'\u2488');
  EXPECT_EQ(v.detail,
            "U+2488 '\u2488' at position 2 is disallowed by UTS #46 (IdnaMappingTable status disallowed; §4.1 "
            "criterion 7)");
  // The ACE form is given even though ToASCII fails.
  EXPECT_EQ(e.labels[0].ascii, "xn--ab-xuw");
  EXPECT_TRUE(e.ascii.empty());
}

TEST(Explain, MappedCodePointInDecodedLabelV7) {
  // "xn--a" decodes to U+0080, a C1 control: disallowed.  A decoded U+00C0
  // (status mapped, to U+00E0) is V7 too, since decoded text is not mapped.
  const std::string ace = "xn--" + *puny::encode(U"\u00C0b");
  const domain_explanation e = puny::explain(ace);
  const idna_violation& v = only(e, 0, idna_code::V7);
  EXPECT_EQ(v.position, 1u);
  EXPECT_EQ(v.code_point, U'\u00C0');
  EXPECT_TRUE(has(v.detail, "IdnaMappingTable status mapped, to \"\u00E0\""));
  EXPECT_TRUE(has(v.detail, "decoded from Punycode"));
}

TEST(Explain, Std3RulesU1AreGroupedPerCodePoint) {
  const domain_explanation e = puny::explain("a_b_c.com");
  EXPECT_EQ(e.errors, idna_errors{idna_code::U1});
  const idna_violation& v = only(e, 0, idna_code::U1);
  EXPECT_EQ(v.position, 2u);
  EXPECT_EQ(v.code_point, U'_');
  EXPECT_EQ(v.occurrences, 2u);
  EXPECT_EQ(v.detail,
            "U+005F '_' at position 2 is not a letter, digit or hyphen, the only ASCII a host name may hold "
            "(UseSTD3ASCIIRules) (2 times in the label)");
  EXPECT_TRUE(puny::explain("a_b_c.com", with_std3(false)).ok());
}

TEST(Explain, HyphensV2AndV3) {
  const domain_explanation e = puny::explain("ab--c.-x-.com");
  EXPECT_EQ(e.errors, (idna_errors{idna_code::V2, idna_code::V3}));
  const idna_violation& v2 = only(e, 0, idna_code::V2);
  EXPECT_EQ(v2.position, 3u);
  EXPECT_EQ(v2.code_point, U'-');
  ASSERT_EQ(e.labels[1].violations.size(), 2u);
  EXPECT_EQ(e.labels[1].violations[0].position, 1u);
  EXPECT_EQ(e.labels[1].violations[0].detail, "the label begins with '-' (UTS #46 §4.1 criterion 3, CheckHyphens)");
  EXPECT_EQ(e.labels[1].violations[1].position, 3u);
  EXPECT_EQ(e.labels[1].violations[1].detail,
            "the label ends with '-' at position 3 (UTS #46 §4.1 criterion 3, CheckHyphens)");
  EXPECT_EQ(e.label, 0u);

  puny::idna_options o;
  o.check_hyphens = false;
  EXPECT_TRUE(puny::explain("ab--c.-x-.com", o).ok());
}

TEST(Explain, DecodedLabelBeginningWithAcePrefixV4) {
  const std::string ace = "xn--" + *puny::encode(U"xn--\u00FC");
  const domain_explanation e = puny::explain(ace);
  EXPECT_TRUE(e.errors.contains(idna_code::V4));
  const idna_violation& v = only(e, 0, idna_code::V4);
  EXPECT_EQ(v.position, 1u);
  EXPECT_EQ(v.code_point, U'x');
  EXPECT_TRUE(e.labels[0].decoded);
  EXPECT_EQ(e.labels[0].unicode, U"xn--\u00FC");
}

TEST(Explain, LeadingCombiningMarkV6) {
  const domain_explanation e = puny::explain("\u0301a.com");
  EXPECT_EQ(e.errors, idna_errors{idna_code::V6});
  const idna_violation& v = only(e, 0, idna_code::V6);
  EXPECT_EQ(v.position, 1u);
  EXPECT_EQ(v.code_point, U'\u0301');
  EXPECT_EQ(v.detail,
            "the label begins with U+0301, a combining mark (General_Category M), which has no base to combine with "
            "(UTS #46 §4.1 criterion 6)");
}

TEST(Explain, DecodedLabelNotInNfcV1) {
  // Punycode of "xa" + U+0301 (decomposed á): NFC composes it.
  const std::string ace = "xn--" + *puny::encode(U"xa\u0301");
  const domain_explanation e = puny::explain(ace);
  EXPECT_EQ(e.errors, idna_errors{idna_code::V1});
  const idna_violation& v = only(e, 0, idna_code::V1);
  EXPECT_EQ(v.position, 2u);
  EXPECT_EQ(v.code_point, U'a');
  EXPECT_TRUE(has(v.detail, "not in Normalization Form C: NFC changes it from U+0061 'a' at position 2 on, into "
                            "\"\u00E1\""));
}

TEST(Explain, InvalidPunycodeP4) {
  // A bad digit: its position in the label, and the decoder's status.
  domain_explanation e = puny::explain("xn--a!b.com");
  EXPECT_EQ(e.errors, idna_errors{idna_code::P4});
  const idna_violation& digit = only(e, 0, idna_code::P4);
  EXPECT_EQ(digit.position, 6u);
  EXPECT_EQ(digit.code_point, U'!');
  EXPECT_EQ(digit.detail,
            "the text after \"xn--\" is not valid Punycode: at U+0021 '!' at position 6, invalid_digit (character "
            "is not a Punycode digit) (RFC 3492 §6.2; UTS #46 §4 step 4.1)");
  EXPECT_FALSE(e.labels[0].decoded);
  EXPECT_EQ(e.labels[0].unicode, U"xn--a!b");

  // Ending inside an integer: no position.
  e = puny::explain("xn--ab--c");
  EXPECT_EQ(only(e, 0, idna_code::P4).position, 0u);
  EXPECT_TRUE(has(only(e, 0, idna_code::P4).detail, "at its end, truncated_integer"));

  // Non-ASCII after xn--.
  e = puny::explain("xn--ab-\u00FC");
  EXPECT_EQ(only(e, 0, idna_code::P4).position, 8u);
  EXPECT_EQ(only(e, 0, idna_code::P4).code_point, U'\u00FC');

  // Decodes to ASCII only.
  e = puny::explain("xn--abc-");
  EXPECT_EQ(only(e, 0, idna_code::P4).position, 0u);
  EXPECT_TRUE(has(only(e, 0, idna_code::P4).detail, "decodes to \"abc\", which is all ASCII"));

  // IgnoreInvalidPunycode: no P4, the label is validated as it stands.
  puny::idna_options o;
  o.ignore_invalid_punycode = true;
  e = puny::explain("xn--a!b.com", o);
  EXPECT_EQ(e.errors, (idna_errors{idna_code::U1, idna_code::V2}));
  EXPECT_EQ(only(e, 0, idna_code::U1).position, 6u);
  // ...but a non-ASCII code point after "xn--" is P4 whatever the flag says
  // (§4 step 4.1.1).
  e = puny::explain("xn--ab\u00DF.com", o);
  EXPECT_EQ(e.errors, (idna_errors{idna_code::P4}));
}

TEST(Explain, UnencodableLabelA3) {
  // Only code point input can hold a lone surrogate.
  const domain_explanation e = puny::explain(std::u32string_view(U"a\xD800z.com"));
  EXPECT_EQ(e.errors, (idna_errors{idna_code::A3, idna_code::V7}));
  const idna_violation& a3 = only(e, 0, idna_code::A3);
  EXPECT_EQ(a3.position, 2u);
  EXPECT_EQ(a3.code_point, char32_t{0xD800});
  EXPECT_TRUE(has(a3.detail, "not a Unicode scalar value"));
  EXPECT_TRUE(has(only(e, 0, idna_code::V7).detail, "lone surrogate"));
  EXPECT_TRUE(e.labels[0].ascii.empty());
}

TEST(Explain, DnsLengthsA4_1AndA4_2) {
  const std::string long_label(64, 'a');
  domain_explanation e = puny::explain(long_label + ".com");
  EXPECT_EQ(e.errors, idna_errors{idna_code::A4_2});
  EXPECT_EQ(only(e, 0, idna_code::A4_2).detail,
            "the label is 64 bytes long in ASCII, more than the 63 a DNS label may have (RFC 1035 §2.3.4; UTS #46 "
            "§4.2 step 4, VerifyDnsLength)");
  EXPECT_FALSE(only(e, 0, idna_code::A4_2).has_position());

  std::string name;
  for (int i = 0; i < 4; ++i) name.append(63, 'a').append(".");
  name += "ab";  // 4 × 64 + 2 = 258 bytes
  e = puny::explain(name);
  EXPECT_EQ(e.errors, idna_errors{idna_code::A4_1});
  ASSERT_EQ(e.domain_violations.size(), 1u);
  EXPECT_EQ(e.domain_violations[0].code, idna_code::A4_1);
  EXPECT_EQ(e.domain_violations[0].label, idna_violation::no_label);
  EXPECT_TRUE(has(e.domain_violations[0].detail, "the name is 258 bytes long in ASCII"));
  EXPECT_EQ(e.label, domain_explanation::no_label);

  e = puny::explain("a..b.");
  EXPECT_EQ(e.errors, idna_errors{idna_code::A4_2});
  EXPECT_EQ(e.label, 1u);
  EXPECT_TRUE(has(only(e, 1, idna_code::A4_2).detail, "the label is empty"));
  EXPECT_TRUE(has(only(e, 3, idna_code::A4_2).detail, "the name ends in '.'"));
  // ToUnicode has its own code for the empty label in the middle.
  EXPECT_EQ(e.unicode_errors, idna_errors{idna_code::X4_2});

  puny::idna_options o;
  o.verify_dns_length = false;
  EXPECT_TRUE(puny::explain(long_label + ".com", o).ok());
}

TEST(Explain, EmptyInput) {
  const domain_explanation e = puny::explain("");
  EXPECT_EQ(e.errors, (idna_errors{idna_code::A4_1, idna_code::A4_2}));
  ASSERT_EQ(e.labels.size(), 1u);
  EXPECT_TRUE(e.labels[0].unicode.empty());
  EXPECT_EQ(only(e, 0, idna_code::A4_2).detail,
            "the label is empty; VerifyDnsLength needs every label to have 1 to 63 bytes (UTS #46 §4.2 step 4)");
}

TEST(Explain, ZeroWidthNonJoinerC1) {
  domain_explanation e = puny::explain("a\u200Cb.example");
  EXPECT_EQ(e.errors, idna_errors{idna_code::C1});
  const idna_violation& v = only(e, 0, idna_code::C1);
  EXPECT_EQ(v.position, 2u);
  EXPECT_EQ(v.code_point, U'\u200C');
  EXPECT_EQ(v.detail,
            "U+200C ZERO WIDTH NON-JOINER at position 2 is neither after a virama (Canonical_Combining_Class 9; "
            "U+0061 'a' before it has Canonical_Combining_Class 0) nor between a character of Joining_Type L or D "
            "and one of Joining_Type R or D (before it: U+0061 'a' of Joining_Type U; after it: U+0062 'b' of "
            "Joining_Type U) (RFC 5892 Appendix A.1)");
  EXPECT_EQ(e.labels[0].ascii, "xn--ab-j1t");

  // Runs of Joining_Type T are looked through, and said so.
  e = puny::explain("a\u064E\u200C\u0628");
  const idna_violation& t = only(e, 0, idna_code::C1);
  EXPECT_EQ(t.position, 3u);
  EXPECT_TRUE(has(t.detail, "U+064E before it has Canonical_Combining_Class 30"));
  EXPECT_TRUE(has(t.detail, "before it (past 1 of Joining_Type T): U+0061 'a' of Joining_Type U"));
  EXPECT_TRUE(has(t.detail, "after it: U+0628 '\u0628' of Joining_Type D"));

  // Nothing on one side.
  e = puny::explain("\u0628\u200C");
  EXPECT_TRUE(has(only(e, 0, idna_code::C1).detail, "after it: nothing"));

  // In context: after a virama, or between D and D.
  EXPECT_FALSE(puny::explain("\u0915\u094D\u200C\u0937").errors.contains(idna_code::C1));
  EXPECT_TRUE(puny::explain("\u0628\u064E\u200C\u064E\u0628").ok());
}

TEST(Explain, ZeroWidthJoinerC2) {
  const domain_explanation e = puny::explain("a\u200Db");
  EXPECT_EQ(e.errors, idna_errors{idna_code::C2});
  const idna_violation& v = only(e, 0, idna_code::C2);
  EXPECT_EQ(v.position, 2u);
  EXPECT_EQ(v.detail,
            "U+200D ZERO WIDTH JOINER at position 2 is not after a virama (Canonical_Combining_Class 9): U+0061 'a' "
            "before it has Canonical_Combining_Class 0 (RFC 5892 Appendix A.2)");
  EXPECT_TRUE(has(only(puny::explain("\u200Da"), 0, idna_code::C2).detail, "nothing comes before it"));
  EXPECT_TRUE(puny::explain("\u0915\u094D\u200D\u0937").ok());

  puny::idna_options o;
  o.check_joiners = false;
  EXPECT_TRUE(puny::explain("a\u200Db", o).ok());
}

TEST(Explain, BidiRule1AndWhyTheRuleApplies) {
  const domain_explanation e = puny::explain("1\u05D0.com");
  EXPECT_EQ(e.errors, idna_errors{idna_code::B1});
  ASSERT_TRUE(e.bidi_domain.has_value());
  EXPECT_EQ(e.bidi_domain->label, 0u);
  EXPECT_EQ(e.bidi_domain->position, 2u);
  EXPECT_EQ(e.bidi_domain->code_point, U'\u05D0');
  EXPECT_EQ(e.bidi_domain->bidi_class, "R");
  const idna_violation& v = only(e, 0, idna_code::B1);
  EXPECT_EQ(v.position, 1u);
  EXPECT_EQ(v.code_point, U'1');
  EXPECT_EQ(v.detail,
            "the label begins with U+0031 '1' of Bidi_Class EN at position 1; RFC 5893 §2 rule 1 needs L, R or AL; "
            "the rule applies because this label holds U+05D0 '\u05D0' of Bidi_Class R, which makes the name a Bidi "
            "domain name (RFC 5893 §1.4)");
  // "com" satisfies rules 5 and 6.
  EXPECT_TRUE(e.labels[1].violations.empty());
}

TEST(Explain, BidiRules2And3) {
  const domain_explanation e = puny::explain("\u05D0A");
  EXPECT_EQ(e.errors, (idna_errors{idna_code::B2, idna_code::B3}));
  const idna_violation& b2 = only(e, 0, idna_code::B2);
  EXPECT_EQ(b2.position, 2u);
  EXPECT_EQ(b2.code_point, U'a');
  EXPECT_TRUE(has(b2.detail, "U+0061 'a' of Bidi_Class L at position 2 is not allowed in a right-to-left label"));
  EXPECT_TRUE(has(b2.detail, "rule 2 allows R, AL, AN, EN, ES, CS, ET, ON, BN and NSM"));
  const idna_violation& b3 = only(e, 0, idna_code::B3);
  EXPECT_EQ(b3.position, 2u);
  EXPECT_TRUE(has(b3.detail, "the label ends in U+0061 'a' of Bidi_Class L at position 2; RFC 5893 §2 rule 3"));
}

TEST(Explain, BidiRule4) {
  const domain_explanation e = puny::explain("\u0627\u06611");
  EXPECT_EQ(e.errors, idna_errors{idna_code::B4});
  const idna_violation& v = only(e, 0, idna_code::B4);
  EXPECT_EQ(v.position, 3u);
  EXPECT_EQ(v.code_point, U'1');
  EXPECT_TRUE(has(v.detail, "both U+0031 '1' of Bidi_Class EN at position 3 and U+0661 '\u0661' of Bidi_Class AN at "
                            "position 2; RFC 5893 §2 rule 4"));
  EXPECT_EQ(e.bidi_domain->bidi_class, "AL");
}

TEST(Explain, BidiRules5And6InAnotherLabel) {
  puny::idna_options o = with_std3(false);
  const domain_explanation e = puny::explain("a!.\u05D0", o);
  EXPECT_EQ(e.errors, idna_errors{idna_code::B6});
  const idna_violation& b6 = only(e, 0, idna_code::B6);
  EXPECT_EQ(b6.position, 2u);
  EXPECT_EQ(b6.detail,
            "the label ends in U+0021 '!' of Bidi_Class ON at position 2; RFC 5893 §2 rule 6 needs a left-to-right "
            "label to end in L or EN; the rule applies because label 2 holds U+05D0 '\u05D0' of Bidi_Class R, which "
            "makes the name a Bidi domain name (RFC 5893 §1.4)");

  const domain_explanation b5 = puny::explain("a\u05D0b");
  EXPECT_EQ(b5.errors, idna_errors{idna_code::B5});
  EXPECT_EQ(only(b5, 0, idna_code::B5).position, 2u);
  EXPECT_TRUE(has(only(b5, 0, idna_code::B5).detail, "U+05D0 '\u05D0' of Bidi_Class R at position 2 is not allowed "
                                                     "in a left-to-right label"));
  // Trailing NSM are skipped by rules 3 and 6, and said so.
  const domain_explanation nsm = puny::explain("a!\u0301.\u05D0", o);
  EXPECT_TRUE(has(only(nsm, 0, idna_code::B6).detail, "at position 2 (then only NSM)"));
}

TEST(Explain, BidiOffGivesNoBidiCodes) {
  puny::idna_options o;
  o.check_bidi = false;
  const domain_explanation e = puny::explain("1\u05D0.a\u05D0b", o);
  EXPECT_TRUE(e.ok());
  EXPECT_FALSE(e.bidi_domain.has_value());
}

TEST(Explain, TransitionalProcessingMapsDeviations) {
  const domain_explanation e =
      puny::explain("Fa\u00DF.de", puny::idna_options::for_profile(puny::idna_profile::transitional));
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(e.ascii, "fass.de");
  EXPECT_EQ(e.labels[0].input, U"Fa\u00DF");
  EXPECT_EQ(e.labels[0].unicode, U"fass");
  // Nontransitional keeps ß.
  EXPECT_EQ(puny::explain("Fa\u00DF.de").labels[0].ascii, "xn--fa-hia");
}

TEST(Explain, WhatwgForbiddenCodePointsW1AndEmptyHostW2) {
  const puny::idna_options whatwg = puny::idna_options::for_profile(puny::idna_profile::whatwg);
  // All ASCII: only lowercased, and only W1 and W2 can be recorded.
  domain_explanation e = puny::explain("A%B.com", whatwg);
  EXPECT_EQ(e.errors, idna_errors{idna_code::W1});
  const idna_violation& w1 = only(e, 0, idna_code::W1);
  EXPECT_EQ(w1.position, 2u);
  EXPECT_EQ(w1.code_point, U'%');
  EXPECT_EQ(w1.detail, "U+0025 '%' at position 2 is a forbidden domain code point (URL Standard, host parsing)");
  EXPECT_EQ(e.labels[0].unicode, U"a%b");

  // Not all ASCII: UTS #46 processing, then W1.
  e = puny::explain("\u00FC%.com", whatwg);
  EXPECT_EQ(e.errors, idna_errors{idna_code::W1});
  EXPECT_EQ(only(e, 0, idna_code::W1).position, 2u);

  e = puny::explain("", whatwg);
  EXPECT_EQ(e.errors, idna_errors{idna_code::W2});
  ASSERT_EQ(e.domain_violations.size(), 1u);
  EXPECT_EQ(e.domain_violations[0].code, idna_code::W2);
  EXPECT_EQ(e.label, 0u);
  // A soft hyphen alone is ignored by the mapping: empty after processing.
  e = puny::explain("\u00AD", whatwg);
  EXPECT_EQ(e.errors, idna_errors{idna_code::W2});
}

TEST(Explain, InvalidUtf8CarriesItsByteOffset) {
  const domain_explanation e = puny::explain(std::string_view("ab.c\xFF" "d", 6));
  EXPECT_EQ(e.code, puny::status::invalid_utf8);
  EXPECT_EQ(e.position, 4u);
  EXPECT_FALSE(e.ok());
  EXPECT_TRUE(e.labels.empty());
  EXPECT_TRUE(e.errors.empty());
}

TEST(Explain, HiddenCodePointsAreNotShownAsThemselves) {
  // A Bidi control in a detail is named, never written out.
  const domain_explanation e = puny::explain("a\u202Eb");
  const idna_violation& v = only(e, 0, idna_code::V7);
  EXPECT_EQ(v.detail.find("\u202E"), std::string::npos);
  EXPECT_TRUE(has(v.detail, "U+202E at position 2"));
}

// Every distinct code point once, however long the label: linear work and
// output even for a hostile name of 200,000 code points.
TEST(Explain, LongHostileLabelsStayGrouped) {
  const std::string underscores(200000, '_');
  const domain_explanation e = puny::explain(underscores);
  EXPECT_EQ(e.errors, (idna_errors{idna_code::A4_1, idna_code::A4_2, idna_code::U1}));
  EXPECT_EQ(only(e, 0, idna_code::U1).occurrences, 200000u);

  // A million ZWNJ out of context: 63 listed, the rest counted.
  const std::u32string zwnj(1000000, U'\u200C');
  const domain_explanation z = puny::explain(std::u32string_view(zwnj));
  ASSERT_EQ(z.labels.size(), 1u);
  EXPECT_EQ(z.errors, (idna_errors{idna_code::A4_1, idna_code::A4_2, idna_code::C1}));
  EXPECT_EQ(z.labels[0].violations.size(), puny::max_listed_violations + 1);  // and one A4_2
  EXPECT_EQ(z.labels[0].violations.back().code, idna_code::C1);
  EXPECT_EQ(z.labels[0].violations.back().position, puny::max_listed_violations);
  EXPECT_EQ(z.labels[0].unlisted, zwnj.size() - puny::max_listed_violations);

  std::u32string joiners;
  for (int i = 0; i < 50000; ++i) joiners += U"\u0628\u064E\u200C\u064E";
  const domain_explanation j = puny::explain(std::u32string_view(joiners));
  // Each ZWNJ sits between D (before, past T) and D (after, past T) but the
  // last, which has nothing after it.
  std::size_t c1 = 0;
  for (const idna_violation& v : j.labels[0].violations) c1 += v.code == idna_code::C1 ? 1 : 0;
  EXPECT_EQ(c1, 1u);
  EXPECT_EQ(only(j, 0, idna_code::C1).position, joiners.size() - 1);
}

TEST(Explain, ReconcileMakesTheCodesTheVerdict) {
  puny::detail::located_domain located;
  located.labels.resize(2);
  idna_violation extra;
  extra.code = idna_code::V3;
  extra.label = 1;
  extra.detail = "x";
  located.labels[1].violations.push_back(extra);
  located.labels[1].errors = idna_errors{idna_code::V3};

  puny::detail::reconcile(located, idna_errors{idna_code::B1, idna_code::A4_1}, 1);
  EXPECT_EQ(located.codes(), (idna_errors{idna_code::B1, idna_code::A4_1}));
  ASSERT_EQ(located.labels[1].violations.size(), 2u);
  EXPECT_EQ(located.labels[1].violations[0].code, idna_code::A4_1);
  EXPECT_EQ(located.labels[1].violations[1].code, idna_code::B1);
  EXPECT_FALSE(located.labels[1].violations[1].detail.empty());

  // Without a label to put it on, a code goes to the domain.
  puny::detail::located_domain none;
  puny::detail::reconcile(none, idna_errors{idna_code::W2}, idna_violation::no_label);
  ASSERT_EQ(none.domain_violations.size(), 1u);
  EXPECT_EQ(none.domain_violations[0].code, idna_code::W2);
}

// Random domains over the code points the rules are about: the locator
// finds exactly to_ascii()'s codes, and its first failing label.
TEST(Explain, RandomDomainsLocateExactlyTheVerdictUnderEveryOptionSet) {
  constexpr char32_t alphabet[] = {
      U'a', U'B', U'1', U'-', U'_', U'.', U'x', U'n', U'%',
      0x00DF, 0x1E9E, 0x03C2, 0x00AD, 0x3002, 0xFF0E,        // deviations, ignored, separators
      0x05D0, 0x05D1, 0x0627, 0x0628, 0x0661, 0x06F1, 0x0640,  // R, AL, AN, EN (extended), C
      0x0301, 0x064E, 0x094D, 0x0915, 0x0937, 0xA872,          // marks (T), virama, L joining
      0x200C, 0x200D, 0x202E, 0x2488, 0x00C0, 0x0041, 0x0065,  // joiners, Bidi control, disallowed, mapped
      0x00FC, 0xFB01, 0x1100, 0x1161, 0x11A8, 0xAC00,          // ligature, Hangul jamo (NFC)
      0xDC00, 0x110000,                                        // not scalar values (A3)
  };
  std::vector<puny::idna_options> sets;
  sets.push_back({});
  sets.push_back(puny::idna_options::for_profile(puny::idna_profile::transitional));
  sets.push_back(puny::idna_options::for_profile(puny::idna_profile::whatwg));
  puny::idna_options loose;
  loose.use_std3_ascii_rules = false;
  loose.check_hyphens = false;
  loose.ignore_invalid_punycode = true;
  sets.push_back(loose);

  std::mt19937 rng(4046);
  std::uniform_int_distribution<std::size_t> length(0, 12);
  std::uniform_int_distribution<std::size_t> pick(0, std::size(alphabet) - 1);
  std::size_t checked = 0;
  for (int round = 0; round < 4000; ++round) {
    std::u32string domain;
    const std::size_t n = length(rng);
    for (std::size_t i = 0; i < n; ++i) domain += alphabet[pick(rng)];
    // Now and then an xn-- label of real Punycode, valid or not.
    if (round % 5 == 0) domain = U"xn--" + domain;
    if (round % 7 == 0) {
      const puny::converted<std::string> ace = puny::encode(domain);
      if (ace.ok()) domain = U"xn--" + std::u32string(ace->begin(), ace->end()) + U".com";
    }
    for (const puny::idna_options& o : sets) {
      const puny::idna_converted<std::string> verdict = puny::to_ascii(std::u32string_view(domain), o);
      const puny::detail::located_domain located = puny::detail::locate_violations(domain, o);
      ASSERT_EQ(puny::to_string(located.codes()), puny::to_string(verdict.errors)) << to_utf8(domain);
      ASSERT_EQ(located.first_label(), verdict.label) << to_utf8(domain);
      ++checked;
    }
  }
  EXPECT_EQ(checked, 16000u);
}

}  // namespace
