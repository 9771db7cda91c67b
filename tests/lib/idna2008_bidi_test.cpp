// RFC 5893 across a name: a Bidi domain name (some label, decoded, has R,
// AL or AN) makes every label subject to the six rules, all-ASCII labels
// included; each rule with both outcomes, and the notes' failures.
#include <gtest/gtest.h>

#include <string>

#include "puny/idna2008.hpp"

namespace {

namespace idna2008 = puny::idna2008;
using idna2008::error;
using idna2008::error_set;
using idna2008::options;

error_set errors_of(const std::string& name, const options& o = {}) { return idna2008::to_ascii(name, o).errors; }

TEST(Idna2008Bidi, Rule1FirstCharacter) {
  EXPECT_TRUE(idna2008::to_ascii("\u05D0\u05D1").ok());       // R first
  EXPECT_TRUE(idna2008::to_ascii("\u0628\u064A").ok());       // AL first
  EXPECT_TRUE(idna2008::to_ascii("ab.\u05D0").ok());          // L first, in a Bidi domain name
  EXPECT_EQ(errors_of("0\u0627"), (error_set{error::bidi_1}));  // EN first
  EXPECT_EQ(errors_of("\u0660\u0628"), (error_set{error::bidi_1}));  // AN first
  // A label failing rule 1 is given no other Bidi code: its direction is
  // undefined.
  EXPECT_EQ(errors_of("0\u05D0a"), (error_set{error::bidi_1}));
}

TEST(Idna2008Bidi, CrossLabel) {
  // "0a" alone is no Bidi domain name; beside a Hebrew label it is, and
  // its first character (EN) breaks rule 1.
  EXPECT_TRUE(idna2008::to_ascii("0a.b").ok());
  const auto r = idna2008::to_ascii("0a.\u05D0");
  EXPECT_EQ(r.errors, (error_set{error::bidi_1}));
  EXPECT_EQ(r.label, 0u);
  EXPECT_EQ(r.offset, 0u);
  EXPECT_EQ(r.code_point, U'\0');
  // The label at fault may come after the right-to-left one.
  const auto after = idna2008::to_ascii("\u05D0.0a");
  EXPECT_EQ(after.errors, (error_set{error::bidi_1}));
  EXPECT_EQ(after.label, 1u);
  // An A-label counts once decoded: xn--4db is א.
  EXPECT_EQ(errors_of("0a.xn--4db"), (error_set{error::bidi_1}));
  // AN alone makes a Bidi domain name too.
  EXPECT_EQ(errors_of("0a.\u0628\u0660"), (error_set{error::bidi_1}));
  // European digits do not.
  EXPECT_TRUE(idna2008::to_ascii("0a.\u06F0\u06F1").ok());
  EXPECT_TRUE(idna2008::to_ascii("0a.1b").ok());
  // Rules 5 and 6 apply to the ASCII label as well.
  EXPECT_EQ(errors_of("a-.\u05D0"), (error_set{error::bidi_6}));
  EXPECT_TRUE(idna2008::to_ascii("a1.\u05D0").ok());
  // Labels that do not decode take no part.
  EXPECT_EQ(errors_of("xn--0a-9.\u05D0"), (error_set{error::punycode_invalid}));
  // Registration sees one label: the other labels of a name are not its to check.
  EXPECT_TRUE(idna2008::register_label("0a", "").ok());
  EXPECT_TRUE(idna2008::register_label("\u05D0", "").ok());
}

TEST(Idna2008Bidi, Rule2RightToLeftClasses) {
  EXPECT_TRUE(idna2008::to_ascii("\u05D01-2\u05D1").ok());  // EN ES allowed
  const auto r = idna2008::to_ascii("\u05D0a\u05D1");
  EXPECT_EQ(r.errors, (error_set{error::bidi_2}));
  EXPECT_EQ(r.offset, 1u);
  EXPECT_EQ(r.code_point, U'a');
}

TEST(Idna2008Bidi, Rule3RightToLeftEnding) {
  EXPECT_TRUE(idna2008::to_ascii("\u05D01").ok());            // ends in EN
  EXPECT_TRUE(idna2008::to_ascii("\u0628\u0660").ok());       // ends in AN
  EXPECT_TRUE(idna2008::to_ascii("\u05D0\u05B8").ok());       // R then NSM
  const auto r = idna2008::to_ascii("\u05D0-");
  EXPECT_EQ(r.errors, (error_set{error::bidi_3}));
  EXPECT_EQ(r.offset, 0u);
  EXPECT_EQ(r.code_point, U'\0');
}

TEST(Idna2008Bidi, Rule4DigitsOfOneKind) {
  EXPECT_TRUE(idna2008::to_ascii("\u05D012").ok());
  EXPECT_TRUE(idna2008::to_ascii("\u0628\u0660\u0661").ok());
  EXPECT_EQ(errors_of("\u05D00\u0660"), (error_set{error::bidi_4}));
  // U+06F0..06F9 are EN: with U+0660..0669 (AN) they break rule 4 as well
  // as A.8 and A.9.
  EXPECT_EQ(errors_of("\u0628\u0660\u06F0"), (error_set{error::bidi_4, error::contexto}));
}

TEST(Idna2008Bidi, Rule5LeftToRightClasses) {
  EXPECT_TRUE(idna2008::to_ascii("a1-b.\u05D0").ok());
  const auto r = idna2008::to_ascii("a\u05D01");
  EXPECT_EQ(r.errors, (error_set{error::bidi_5}));
  EXPECT_EQ(r.offset, 1u);
  EXPECT_EQ(r.code_point, U'\u05D0');
  EXPECT_EQ(errors_of("a\u05D0"), (error_set{error::bidi_5, error::bidi_6}));
}

TEST(Idna2008Bidi, Rule6LeftToRightEnding) {
  EXPECT_TRUE(idna2008::to_ascii("a1.\u05D0").ok());
  EXPECT_TRUE(idna2008::to_ascii("a\u0316.\u05D0").ok());  // L then NSM
  EXPECT_EQ(errors_of("a-.\u05D0"), (error_set{error::bidi_6}));
}

TEST(Idna2008Bidi, TheNotesFailures) {
  EXPECT_EQ(errors_of("0a.\u05D0"), (error_set{error::bidi_1}));
  EXPECT_EQ(errors_of("0\u0627"), (error_set{error::bidi_1}));
  EXPECT_EQ(errors_of("a\u05D0"), (error_set{error::bidi_5, error::bidi_6}));
  EXPECT_EQ(errors_of("\u05D00\u0660"), (error_set{error::bidi_4}));
}

TEST(Idna2008Bidi, JoinersAreBoundaryNeutral) {
  // ZWNJ is BN, which rule 2 allows: بي‌بي passes A.1 and the Bidi rule.
  EXPECT_TRUE(idna2008::to_ascii("\u0628\u064A\u200C\u0628\u064A").ok());
}

TEST(Idna2008Bidi, OptionOff) {
  options o;
  o.check_bidi = false;
  EXPECT_TRUE(idna2008::to_ascii("0a.\u05D0", o).ok());
  EXPECT_TRUE(idna2008::to_ascii("a\u05D0", o).ok());
  EXPECT_TRUE(idna2008::register_label("a\u05D0", "", o).ok());
  EXPECT_EQ(idna2008::register_label("a\u05D0", "").errors, (error_set{error::bidi_5, error::bidi_6}));
}

}  // namespace
