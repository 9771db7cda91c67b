// The uts39-highly-restrictive and uts39-moderately-restrictive display
// policies (src/display/uts39_policy.cpp): UTS #39 alone — the profile
// (§3.1), the restriction level (§5.2), mixed numbers (§5.3) and the
// optional detections (§5.4) — with every reason that applies, through the
// internal per-label interface and through the public puny::display.
#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <string_view>

#include "display/policy.hpp"
#include "puny/display.hpp"

namespace {

using puny::display_reason;
using puny::restriction_level;
using puny::detail::display::label_decision;

label_decision uts39(std::u32string_view label, restriction_level max = restriction_level::highly_restrictive,
                     const puny::display_options& options = {}) {
  const puny::detail::display::label_context ctx{label, "com", U"com", options};
  return puny::detail::display::uts39_label(ctx, max);
}

label_decision moderate(std::u32string_view label) {
  return uts39(label, restriction_level::moderately_restrictive);
}

std::string names(puny::display_reasons reasons) {
  std::string s;
  for (const display_reason r : reasons) s += std::string(puny::name(r)) + ' ';
  return s;
}

// Exactly `reasons`, the first decided by `cp` at `index`.
::testing::AssertionResult kept(const label_decision& d, puny::display_reasons reasons, std::size_t index,
                                char32_t cp) {
  if (d.reasons != reasons) return ::testing::AssertionFailure() << "reasons {" << names(d.reasons) << "}, want {"
                                                                 << names(reasons) << "}";
  if (d.index != index || d.code_point != cp)
    return ::testing::AssertionFailure() << "decided by U+" << std::hex << static_cast<unsigned>(d.code_point)
                                         << " at " << std::dec << d.index << ", want U+" << std::hex
                                         << static_cast<unsigned>(cp) << " at " << std::dec << index;
  return ::testing::AssertionSuccess();
}

::testing::AssertionResult shown(const label_decision& d) {
  if (d.reasons.empty()) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "not shown: " << names(d.reasons) << "at " << d.index;
}

TEST(Uts39Policy, SingleScriptLabelsAreShown) {
  for (const std::u32string_view label :
       {std::u32string_view(U"caf\u00E9"), std::u32string_view(U"\u0442\u043E\u0440\u0442\u044B"),
        std::u32string_view(U"\u03C0\u03BB\u03AC\u03C4\u03C9\u03BD"), std::u32string_view(U"\u0645\u062B\u0627\u0644"),
        std::u32string_view(U"\u0430\u0440\u0440\u04CF\u0435")}) {
    EXPECT_TRUE(shown(uts39(label)));
    EXPECT_TRUE(shown(moderate(label)));
  }
}

TEST(Uts39Policy, RestrictionLevels) {
  // Latin + Han + Hiragana + Katakana and Latin + Han + Hangul: Highly Restrictive.
  EXPECT_TRUE(shown(uts39(U"van\u8A9E\u3067\u306F\u30C9\u30A4")));
  EXPECT_TRUE(shown(uts39(U"\u97D3\uD55C\uAE00hangul")));
  // Latin + Arabic: Moderately Restrictive.
  const std::u32string_view latin_arabic = U"abc\u0645\u062B\u0627\u0644";
  EXPECT_TRUE(kept(uts39(latin_arabic), {display_reason::restriction_level}, 3, 0x0645));
  EXPECT_EQ(uts39(latin_arabic).culprit_script, puny::script::arabic);
  EXPECT_TRUE(shown(moderate(latin_arabic)));
  // Latin + Cyrillic (раураl): Minimally Restrictive, above both.
  const std::u32string_view paypal = U"\u0440\u0430\u0443\u0440\u0430l";
  EXPECT_TRUE(kept(uts39(paypal), {display_reason::restriction_level}, 5, U'l'));
  EXPECT_TRUE(kept(moderate(paypal), {display_reason::restriction_level}, 5, U'l'));
  // Latin + Greek is never Moderately Restrictive either.
  EXPECT_TRUE(kept(moderate(U"abc\u03B1"), {display_reason::restriction_level}, 3, 0x03B1));
  // Hangul + Katakana: no Latin+CJK writing system holds both.
  EXPECT_TRUE(kept(moderate(U"\uD55C\uAE00\u30CF\u30F3"), {display_reason::restriction_level}, 2, 0x30CF));
  // A policy at Single Script (no preset uses it) rejects any mix.
  EXPECT_TRUE(kept(uts39(U"van\u8A9E", restriction_level::single_script), {display_reason::restriction_level}, 3,
                   0x8A9E));
}

TEST(Uts39Policy, Profile) {
  // Cherokee is Limited_Use: outside the profile, one script.
  EXPECT_TRUE(kept(uts39(U"\u13E3\u13B3\u13A9"), {display_reason::character_not_allowed}, 0, 0x13E3));
  // Outside the profile and mixed with Latin: both reasons, the first
  // (character_not_allowed) names the character.
  EXPECT_TRUE(kept(uts39(U"ab\u13E3"), {display_reason::character_not_allowed, display_reason::restriction_level}, 2,
                   0x13E3));
  // Latin + Han + Bopomofo: Unicode 17.0 made Bopomofo Limited_Use; the
  // mix itself is Highly Restrictive.
  EXPECT_TRUE(kept(uts39(U"\u6CE8\u97F3bopomofo\u3105"), {display_reason::character_not_allowed}, 10, 0x3105));
  puny::display_options compat;
  compat.cjk = puny::han_bopomofo::cjk_compat;
  EXPECT_TRUE(shown(uts39(U"\u6CE8\u97F3bopomofo\u3105", restriction_level::highly_restrictive, compat)));
  // allowed_characters extends the profile.
  puny::display_options extra;
  extra.allowed_characters = U"\u13E3\u13B3\u13A9";
  EXPECT_TRUE(shown(uts39(U"\u13E3\u13B3\u13A9", restriction_level::highly_restrictive, extra)));
}

TEST(Uts39Policy, MixedNumbers) {
  // ৪ (Bengali four) and 8: one script (digits are Common), two systems.
  EXPECT_TRUE(kept(uts39(U"\u09EA8"), {display_reason::mixed_numbers}, 1, U'8'));
  EXPECT_TRUE(shown(uts39(U"\u0985\u0999\u09CD\u0995\u09C1\u09B08")));
  EXPECT_TRUE(kept(moderate(U"\u0915\u0967\u0968\u0031"), {display_reason::mixed_numbers}, 3, U'1'));
}

TEST(Uts39Policy, OptionalDetections) {
  // á + U+0301: NFD holds U+0301 twice in one run (ICU's INVISIBLE check).
  EXPECT_TRUE(kept(uts39(U"\u00E1\u0301"), {display_reason::invisible_or_hidden_marks}, 1, 0x0301));
  // i + U+0307: a hidden overlay.
  EXPECT_TRUE(kept(uts39(U"li\u0307n"), {display_reason::invisible_or_hidden_marks}, 2, 0x0307));
  // More than 4 nonspacing marks in a row; 4 are fine.
  EXPECT_TRUE(shown(uts39(U"a\u0300\u0301\u0302\u0303")));
  EXPECT_TRUE(kept(uts39(U"ba\u0300\u0301\u0302\u0303\u0304"), {display_reason::invisible_or_hidden_marks}, 6,
                   0x0304));
  // Different marks, each once: fine.
  EXPECT_TRUE(shown(uts39(U"a\u0301\u0323")));
}

TEST(Uts39Policy, EveryReasonThatApplies) {
  // Cherokee next to Latin, two numbering systems, a repeated mark.
  const label_decision d = uts39(U"\u13E3a\u0967\u0031\u00E1\u0301");
  EXPECT_TRUE(kept(d,
                   {display_reason::character_not_allowed, display_reason::restriction_level,
                    display_reason::mixed_numbers, display_reason::invisible_or_hidden_marks},
                   0, 0x13E3));
}

TEST(Uts39Policy, PublicDisplay) {
  const puny::display_outcome paypal = puny::display("xn--l-7sba6dbr.com", puny::display_policy::uts39_highly_restrictive);
  ASSERT_EQ(paypal.labels.size(), 2u);
  EXPECT_EQ(paypal.value, "xn--l-7sba6dbr.com");
  EXPECT_TRUE(paypal.labels[0].reasons.contains(display_reason::restriction_level));
  // Whole-script confusables are not a UTS #39 restriction-level matter.
  EXPECT_EQ(puny::display("xn--80ak6aa92e.com", puny::display_policy::uts39_highly_restrictive).value,
            "\u0430\u0440\u0440\u04CF\u0435.com");
  EXPECT_TRUE(puny::display("b\u00FCcher.de", puny::display_policy::uts39_moderately_restrictive).ok());
  const puny::display_outcome mark = puny::display("xn--1ca20i.com", puny::display_policy::uts39_moderately_restrictive);
  EXPECT_EQ(mark.value, "xn--1ca20i.com");
  EXPECT_TRUE(mark.reasons.contains(display_reason::invisible_or_hidden_marks));
}

}  // namespace
