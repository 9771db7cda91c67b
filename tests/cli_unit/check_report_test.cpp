// `puny check`'s report (cli/check_report.hpp): the exact text for a valid
// name, for each family of rules, for ill-formed UTF-8, and for characters
// a terminal would hide.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "check_report.hpp"
#include "puny/idna.hpp"

namespace {

using puny::cli::check_report;

struct report {
  bool valid;
  std::string text;
};

report run(std::string_view record, const puny::idna_options& options = {}) {
  report r;
  r.text = "left over from before";
  r.valid = check_report(record, options, r.text);
  return r;
}

TEST(CheckReport, ValidName) {
  const report r = run("Bücher.de");
  EXPECT_TRUE(r.valid);
  EXPECT_EQ(r.text,
            "Bücher.de: valid\n"
            "  ASCII:   xn--bcher-kva.de\n"
            "  Unicode: bücher.de\n"
            "  label 1  bücher  xn--bcher-kva  (typed Bücher)\n"
            "  label 2  de  de\n");
}

TEST(CheckReport, AceInputIsShownDecoded) {
  const report r = run("xn--bcher-kva.de");
  EXPECT_TRUE(r.valid);
  EXPECT_EQ(r.text,
            "xn--bcher-kva.de: valid\n"
            "  ASCII:   xn--bcher-kva.de\n"
            "  Unicode: bücher.de\n"
            "  label 1  bücher  xn--bcher-kva  (typed xn--bcher-kva)\n"
            "  label 2  de  de\n");
}

TEST(CheckReport, JoinerC1IsEscapedAndExplained) {
  const report r = run("a\u200Cb.example");
  EXPECT_FALSE(r.valid);
  EXPECT_EQ(r.text,
            "\"a\\u{200C}b.example\": invalid (C1)\n"
            "  ASCII:   (none: ToASCII fails)\n"
            "  Unicode: \"a\\u{200C}b.example\"\n"
            "  label 1  \"a\\u{200C}b\"  xn--ab-j1t\n"
            "    C1: U+200C ZERO WIDTH NON-JOINER at position 2 is neither after a virama (Canonical_Combining_Class "
            "9; U+0061 'a' before it has Canonical_Combining_Class 0) nor between a character of Joining_Type L or D "
            "and one of Joining_Type R or D (before it: U+0061 'a' of Joining_Type U; after it: U+0062 'b' of "
            "Joining_Type U) (RFC 5892 Appendix A.1)\n"
            "  label 2  example  example\n");
}

TEST(CheckReport, JoinerC2AndBidiRule3) {
  const report r = run("\u0627\u200D");
  EXPECT_FALSE(r.valid);
  EXPECT_EQ(r.text,
            "\"\u0627\\u{200D}\": invalid (B3, C2)\n"
            "  ASCII:   (none: ToASCII fails)\n"
            "  Unicode: \"\u0627\\u{200D}\"\n"
            "  Bidi domain name: label 1 holds U+0627 '\u0627' of Bidi_Class AL at position 1, so every label must "
            "satisfy the Bidi rule (RFC 5893 §2)\n"
            "  label 1  \"\u0627\\u{200D}\"  xn--mgb473k\n"
            "    B3: the label ends in U+200D ZERO WIDTH JOINER of Bidi_Class BN at position 2; RFC 5893 §2 rule 3 "
            "needs a right-to-left label to end in R, AL, EN or AN; the rule applies because this label holds U+0627 "
            "'\u0627' of Bidi_Class AL, which makes the name a Bidi domain name (RFC 5893 §1.4)\n"
            "    C2: U+200D ZERO WIDTH JOINER at position 2 is not after a virama (Canonical_Combining_Class 9): "
            "U+0627 '\u0627' before it has Canonical_Combining_Class 0 (RFC 5892 Appendix A.2)\n");
}

TEST(CheckReport, BidiRule1InOneLabel) {
  const report r = run("1\u05D0.com");
  EXPECT_FALSE(r.valid);
  EXPECT_EQ(r.text,
            "1\u05D0.com: invalid (B1)\n"
            "  ASCII:   (none: ToASCII fails)\n"
            "  Unicode: 1\u05D0.com\n"
            "  Bidi domain name: label 1 holds U+05D0 '\u05D0' of Bidi_Class R at position 2, so every label must "
            "satisfy the Bidi rule (RFC 5893 §2)\n"
            "  label 1  1\u05D0  xn--1-0hc\n"
            "    B1: the label begins with U+0031 '1' of Bidi_Class EN at position 1; RFC 5893 §2 rule 1 needs L, R "
            "or AL; the rule applies because this label holds U+05D0 '\u05D0' of Bidi_Class R, which makes the name a "
            "Bidi domain name (RFC 5893 §1.4)\n"
            "  label 2  com  com\n");
  // Without the Bidi rule the same name is valid, and no Bidi line is written.
  puny::idna_options o;
  o.check_bidi = false;
  const report off = run("1\u05D0.com", o);
  EXPECT_TRUE(off.valid);
  EXPECT_EQ(off.text.find("Bidi"), std::string::npos);
}

TEST(CheckReport, DisallowedAndStd3) {
  const report r = run("a\u2488b_c.com");
  EXPECT_FALSE(r.valid);
  EXPECT_EQ(r.text,
            "a\u2488b_c.com: invalid (U1, V7)\n"
            "  ASCII:   (none: ToASCII fails)\n"
            "  Unicode: a\u2488b_c.com\n"
            "  label 1  a\u2488b_c  xn--ab_c-0w1b\n"
            "    U1: U+005F '_' at position 4 is not a letter, digit or hyphen, the only ASCII a host name may hold "
            "(UseSTD3ASCIIRules)\n"
            "    V7: U+2488 '\u2488' at position 2 is disallowed by UTS #46 (IdnaMappingTable status disallowed; "
            "§4.1 criterion 7)\n"
            "  label 2  com  com\n");
}

TEST(CheckReport, HyphensAndLeadingMark) {
  EXPECT_EQ(run("-ab--c").text,
            "-ab--c: invalid (V3)\n"
            "  ASCII:   (none: ToASCII fails)\n"
            "  Unicode: -ab--c\n"
            "  label 1  -ab--c  -ab--c\n"
            "    V3: the label begins with '-' (UTS #46 §4.1 criterion 3, CheckHyphens)\n");
  // A combining mark at the start of shown text would combine with what
  // precedes it on screen: it is escaped.
  EXPECT_EQ(run("\u0301x").text,
            "\"\\u{0301}x\": invalid (V6)\n"
            "  ASCII:   (none: ToASCII fails)\n"
            "  Unicode: \"\\u{0301}x\"\n"
            "  label 1  \"\\u{0301}x\"  xn--x-wbb\n"
            "    V6: the label begins with U+0301, a combining mark (General_Category M), which has no base to combine "
            "with (UTS #46 §4.1 criterion 6)\n");
}

TEST(CheckReport, InvalidPunycode) {
  EXPECT_EQ(run("xn--a!b").text,
            "xn--a!b: invalid (P4)\n"
            "  ASCII:   (none: ToASCII fails)\n"
            "  Unicode: xn--a!b\n"
            "  label 1  xn--a!b  xn--a!b\n"
            "    P4: the text after \"xn--\" is not valid Punycode: at U+0021 '!' at position 6, invalid_digit "
            "(character is not a Punycode digit) (RFC 3492 §6.2; UTS #46 §4 step 4.1)\n");
}

TEST(CheckReport, EmptyLabelsAndTheRootDot) {
  EXPECT_EQ(run("a..b.").text,
            "a..b.: invalid (A4_2)\n"
            "  ASCII:   (none: ToASCII fails)\n"
            "  Unicode: a..b.  (ToUnicode also records X4_2: a label is empty)\n"
            "  label 1  a  a\n"
            "  label 2  \"\"  \"\"\n"
            "    A4_2: the label is empty; VerifyDnsLength needs every label to have 1 to 63 bytes (UTS #46 §4.2 step "
            "4)\n"
            "  label 3  b  b\n"
            "  label 4  \"\"  \"\"\n"
            "    A4_2: the name ends in '.', so its last label is empty; VerifyDnsLength needs every label, this one "
            "too, to have 1 to 63 bytes (UTS #46 §4.2 step 4)\n");
}

TEST(CheckReport, EmptyRecord) {
  const report r = run("");
  EXPECT_FALSE(r.valid);
  EXPECT_EQ(r.text,
            "\"\": invalid (A4_1, A4_2)\n"
            "  ASCII:   (none: ToASCII fails)\n"
            "  Unicode: \"\"  (ToUnicode also records X4_2: a label is empty)\n"
            "  A4_1: the name is empty in ASCII; VerifyDnsLength needs 1 to 253 bytes (UTS #46 §4.2 step 4)\n"
            "  label 1  \"\"  \"\"\n"
            "    A4_2: the label is empty; VerifyDnsLength needs every label to have 1 to 63 bytes (UTS #46 §4.2 step "
            "4)\n");
}

TEST(CheckReport, LongLabel) {
  const std::string label(64, 'a');
  const report r = run(label + ".com");
  EXPECT_FALSE(r.valid);
  EXPECT_EQ(r.text, label + ".com: invalid (A4_2)\n" +
                        "  ASCII:   (none: ToASCII fails)\n" +
                        "  Unicode: " + label + ".com\n" +
                        "  label 1  " + label + "  " + label + "\n" +
                        "    A4_2: the label is 64 bytes long in ASCII, more than the 63 a DNS label may have (RFC 1035 "
                        "§2.3.4; UTS #46 §4.2 step 4, VerifyDnsLength)\n" +
                        "  label 2  com  com\n");
}

TEST(CheckReport, WhatwgForbiddenCodePointAndEmptyHost) {
  const puny::idna_options whatwg = puny::idna_options::for_profile(puny::idna_profile::whatwg);
  EXPECT_EQ(run("A%B.com", whatwg).text,
            "A%B.com: invalid (W1)\n"
            "  ASCII:   (none: ToASCII fails)\n"
            "  Unicode: a%b.com\n"
            "  label 1  a%b  a%b  (typed A%B)\n"
            "    W1: U+0025 '%' at position 2 is a forbidden domain code point (URL Standard, host parsing)\n"
            "  label 2  com  com\n");
  EXPECT_EQ(run("", whatwg).text,
            "\"\": invalid (W2)\n"
            "  ASCII:   (none: ToASCII fails)\n"
            "  Unicode: \"\"  (ToUnicode also records X4_2: a label is empty)\n"
            "  W2: the name is empty after processing, and the URL Standard does not accept an empty host\n"
            "  label 1  \"\"  \"\"\n");
  // Valid for the URL Standard (all ASCII is only lowercased), yet
  // ToUnicode's own codes are shown with its form.
  const report ace = run("xn--a.com", whatwg);
  EXPECT_TRUE(ace.valid);
  EXPECT_EQ(ace.text,
            "xn--a.com: valid\n"
            "  ASCII:   xn--a.com\n"
            "  Unicode: \"\\u{0080}.com\"  (ToUnicode also records V7: a code point is disallowed)\n"
            "  label 1  xn--a  xn--a\n"
            "  label 2  com  com\n");
}

TEST(CheckReport, HostileLabelsListAtMost63ViolationsOfACode) {
  std::string joiners;
  for (int i = 0; i < 100; ++i) joiners += "\u200C";
  const report r = run(joiners);
  EXPECT_FALSE(r.valid);
  std::size_t c1_lines = 0;
  for (std::size_t at = r.text.find("\n    C1: "); at != std::string::npos; at = r.text.find("\n    C1: ", at + 1)) {
    ++c1_lines;
  }
  EXPECT_EQ(c1_lines, 63u);
  EXPECT_NE(r.text.find("\n    (37 more not listed: at most 63 violations of each code are listed per label)\n"),
            std::string::npos);
}

TEST(CheckReport, InvalidUtf8IsOneLine) {
  const report r = run(std::string_view("a\xFF" "b.com", 7));
  EXPECT_FALSE(r.valid);
  EXPECT_EQ(r.text, "\"a\\xFFb.com\": not well-formed UTF-8 at byte offset 1\n");
}

TEST(CheckReport, HiddenCharactersNeverReachTheTerminal) {
  // RIGHT-TO-LEFT OVERRIDE would reorder the rest of the line; a tab and a
  // quote show where the record begins and ends.
  const report r = run("a\u202Eb\tc\"d");
  EXPECT_FALSE(r.valid);
  EXPECT_EQ(r.text.find("\u202E"), std::string::npos);
  EXPECT_EQ(r.text.find('\t'), std::string::npos);
  EXPECT_EQ(r.text.substr(0, r.text.find('\n')), "\"a\\u{202E}b\\u{0009}c\\\"d\": invalid (U1, V7)");
  EXPECT_NE(r.text.find("    V7: U+202E at position 2 is disallowed"), std::string::npos);
  EXPECT_NE(r.text.find("    U1: U+0009 at position 4 is not a letter"), std::string::npos);
}

}  // namespace
