// Hostile input for IDNA2008: long runs of the code points whose rules
// look at the whole label (A.7-A.9: kjd/idna's CVE-2024-3651), long runs
// of joiners and of Joining_Type T around them (A.1), and the other
// CONTEXTO rules repeated (the shape of CVE-2026-45409's inputs).  Each
// must end with its precise codes; the rules are linear, so these take
// milliseconds (no timing is asserted: ctest's timeout bounds them).
#include <gtest/gtest.h>

#include <cstddef>
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
using idna2008::profile;

std::string repeat(std::string_view s, std::size_t n) {
  std::string r;
  r.reserve(s.size() * n);
  for (std::size_t i = 0; i < n; ++i) r += s;
  return r;
}

std::u32string widen(std::string_view s, std::size_t n) {
  std::u32string r;
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t k = 0; k < s.size();) {
      const auto b = static_cast<unsigned char>(s[k]);
      const std::size_t len = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
      char32_t cp = len == 1 ? b : len == 2 ? b & 0x1F : len == 3 ? b & 0x0F : b & 0x07;
      for (std::size_t j = 1; j < len; ++j) cp = (cp << 6) | (static_cast<unsigned char>(s[k + j]) & 0x3F);
      r += cp;
      k += len;
    }
  }
  return r;
}

void expect_errors(const std::string& name, error_set expected, std::size_t offset, char32_t code_point) {
  for (const auto& o : {idna2008::options{}, idna2008::options::for_profile(profile::registration)}) {
    const auto a = idna2008::to_ascii(name, o);
    ASSERT_EQ(a.code, puny::status::success);
    EXPECT_EQ(a.errors, expected) << idna2008::to_string(a.errors);
    EXPECT_EQ(a.label, 0u);
    EXPECT_EQ(a.offset, offset);
    EXPECT_EQ(a.code_point, code_point);
    const auto u = idna2008::to_unicode(name, o);
    EXPECT_EQ(u.errors, expected);
    EXPECT_EQ(u.value.size(), name.size());  // written as given
  }
  // Registration sees a label: too long, but no name to be too long.
  error_set label_errors = expected;
  label_errors.erase(error::name_too_long);
  EXPECT_EQ(idna2008::register_label(name, "").errors, label_errors);
}

const error_set too_long{error::label_too_long, error::name_too_long};

TEST(Idna2008Adversarial, ArabicIndicDigits) {
  // U+0660 x 100000: A.8 holds (no U+06F0..06F9), the label is AN first
  // (Bidi rule 1) and far too long.
  error_set e = too_long;
  e.insert(error::bidi_1);
  expect_errors(repeat("\u0660", 100000), e, 0, 0);
  // Both kinds of digit: every occurrence fails A.8 or A.9, reported once
  // at the first, in one pass.
  e = too_long;
  e.insert(error::bidi_1);
  e.insert(error::contexto);
  expect_errors(repeat("\u0660\u06F0", 50000), e, 0, U'\u0660');
}

TEST(Idna2008Adversarial, KatakanaMiddleDots) {
  // U+30FB x 100000 then a Han character: A.7 holds for every dot (the
  // label has Han), found by one scan, not one per dot.
  expect_errors(cat({repeat("\u30FB", 100000), "\u6F22"}), too_long, 0, 0);
  // Without Hiragana, Katakana or Han every dot fails.
  error_set e = too_long;
  e.insert(error::contexto);
  expect_errors(cat({repeat("\u30FB", 100000), "a"}), e, 0, U'\u30FB');
}

TEST(Idna2008Adversarial, ZeroWidthNonJoinerRuns) {
  error_set e = too_long;
  e.insert(error::contextj);
  // ZWNJ after ZWNJ: no joining context, each fails.
  expect_errors(cat({"a", repeat("\u200C", 100000)}), e, 1, U'\u200C');
  // Between joining letters with long Joining_Type T runs on both sides:
  // one ZWNJ waits for its right context across the whole run.
  expect_errors(cat({"\u0628", repeat("\u064B", 100000), "\u200C", repeat("\u064B", 100000), "\u0628"}), too_long, 0, 0);
  // The same with no right-joining letter at the end: that one ZWNJ fails,
  // and the label's last character before the NSM run is the ZWNJ (BN),
  // which Bidi rule 3 does not allow.
  error_set f = too_long;
  f.insert(error::contextj);
  f.insert(error::bidi_3);
  expect_errors(cat({"\u0628", repeat("\u064B", 100000), "\u200C", repeat("\u064B", 100000)}), f, 100001, U'\u200C');
  // Virama + ZWNJ pairs: all hold.
  expect_errors(repeat("\u0915\u094D\u200C", 40000), too_long, 0, 0);
  // ZWJ runs: only the first follows a virama.
  expect_errors(cat({"\u0915\u094D", repeat("\u200D", 100000)}), e, 3, U'\u200D');
}

TEST(Idna2008Adversarial, OtherContextoRunsAndDots) {
  error_set e = too_long;
  e.insert(error::contexto);
  // Middle dots, Catalan and not.
  expect_errors(repeat("l\u00B7l", 50000), too_long, 0, 0);
  expect_errors(repeat("l\u00B7", 50000), e, 2 * 50000 - 1, U'\u00B7');
  // Keraia runs: a keraia is sc=Greek, so each is followed by Greek but
  // the last, which has nothing after it.
  expect_errors(repeat("\u0375", 100000), e, 99999, U'\u0375');
  // Keraia before Latin, every time.
  expect_errors(repeat("\u03B1\u0375a", 30000), e, 1, U'\u0375');
  // Geresh after Hebrew letters.
  expect_errors(repeat("\u05D0\u05F3", 50000), too_long, 0, 0);
}

TEST(Idna2008Adversarial, ManyLabelsAndLongALabels) {
  // 100000 labels: NAME_TOO_LONG, nothing else.
  const auto labels = idna2008::to_ascii(cat({repeat("a.", 100000), "b"}));
  EXPECT_EQ(labels.errors, (error_set{error::name_too_long}));
  // 20000 A-labels, each decoded, checked and re-encoded once.
  const auto alabels = idna2008::to_unicode(cat({repeat("xn--bcher-kva.", 20000), "de"}));
  EXPECT_EQ(alabels.errors, (error_set{error::name_too_long}));
  EXPECT_EQ(alabels.value, cat({repeat("bücher.", 20000), "de"}));
  // An xn-- label of 100000 characters is too long before it is decoded.
  EXPECT_EQ(idna2008::to_ascii(cat({"xn--", repeat("a", 100000)})).errors, (error_set{error::label_too_long, error::name_too_long}));
  // Empty labels by the thousand.
  const auto empty = idna2008::to_ascii(repeat(".", 100000));
  EXPECT_EQ(empty.errors, (error_set{error::empty_label, error::name_too_long}));
  EXPECT_EQ(empty.label, 0u);
}

TEST(Idna2008Adversarial, Utf32AndLongNormalizationWork) {
  // UTF-32 input of the same shape.
  std::u32string w = widen("\u0660", 100000);
  std::string out(16, '\0');
  const auto r = idna2008::to_ascii(std::u32string_view(w), out);
  EXPECT_EQ(r.errors, (error_set{error::bidi_1, error::label_too_long, error::name_too_long}));
  // A long run of combining marks in reverse canonical order: NOT_NFC,
  // found with the normalization scratch of the heap workspace.
  // U+0301 (NFC_Quick_Check Maybe) composes with the a across U+0316
  // (ccc 220 < 230), and each U+0316 after a U+0301 is out of order.
  const std::string marks = cat({"a", repeat("\u0316\u0301", 50000)});
  const auto n = idna2008::to_ascii(marks);
  EXPECT_TRUE(n.errors.contains(error::not_nfc));
  EXPECT_EQ(n.offset, 2u);
}

}  // namespace
