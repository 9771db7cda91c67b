// encode/decode --mixed-case: RFC 3492 Appendix A annotation carried by the
// letter case of UTF-8 text, and how it combines with the other options.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "cli_process.hpp"
#include "rfc3492_data.hpp"
#include "test_encoding.hpp"

namespace {

using puny_cli_test::run_puny;
using puny_test_data::rfc_sample;
using puny_test_data::rfc_samples;

using puny_test::append_utf8;

std::string text(std::u8string_view s) { return std::string(s.begin(), s.end()); }


// The text an RFC sample stands for once its annotation is applied: a
// flagged basic code point is already written in uppercase in the RFC, and
// the only flagged non-basic one in §7.1 is the first letter of sample I
// (U+043F CYRILLIC SMALL LETTER PE, whose uppercase is U+041F).
std::string mixed_case_text(std::string_view tokens) {
  std::string out;
  std::size_t pos = 0;
  while (pos < tokens.size()) {
    const std::size_t end = std::min(tokens.find(' ', pos), tokens.size());
    const bool flagged = tokens[pos] == 'U';
    auto v = static_cast<std::uint32_t>(std::stoul(std::string(tokens.substr(pos + 2, end - pos - 2)), nullptr, 16));
    if (flagged && v >= 0x80) {
      EXPECT_EQ(v, 0x043Fu) << "no uppercase known for this flagged code point";
      v = 0x041F;
    }
    append_utf8(out, v);
    pos = end + 1;
  }
  return out;
}

TEST(CliMixedCase, EncodeAnnotatesUppercaseLetters) {
  // RFC 3492 Appendix A: a flagged basic code point is written in uppercase,
  // the last digit of a flagged delta in uppercase.
  EXPECT_EQ(run_puny({"encode", "--mixed-case", text(u8"Bücher")}).out, "Bcher-kva\n");
  EXPECT_EQ(run_puny({"encode", "--mixed-case", text(u8"bÜcher")}).out, "bcher-kvA\n");
  const auto r = run_puny({"encode", "--mixed-case", text(u8"ÜBER")});
  EXPECT_EQ(r.out, "BER-goA\n");
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.status, 0);
  // Without --mixed-case the case of the text is not folded: uppercase
  // letters are other code points.
  EXPECT_EQ(run_puny({"encode", text(u8"ÜBER")}).out, "BER-ska\n");
}

TEST(CliMixedCase, EncodeIsTheSameAsFlaggedCodePointTokens) {
  const auto text_form = run_puny({"encode", "--mixed-case", text(u8"ÜBER straße ΣΑΣ")});
  const auto tokens = run_puny({"encode", "--codepoints",
                                "U+00FC U+0062 U+0065 U+0072 u+0020 u+0073 u+0074 u+0072 u+0061 u+00DF u+0065 "
                                "u+0020 U+03C3 U+03B1 U+03C3"});
  EXPECT_EQ(tokens.status, 0);
  EXPECT_EQ(text_form.out, tokens.out);
  EXPECT_EQ(text_form.status, 0);
}

TEST(CliMixedCase, DecodeUppercasesFlaggedCodePoints) {
  EXPECT_EQ(run_puny({"decode", "--mixed-case", "BER-goA"}).out, text(u8"ÜBER\n"));
  EXPECT_EQ(run_puny({"decode", "--mixed-case", "bcher-kvA"}).out, text(u8"bÜcher\n"));
  // Basic code points come out as they are written, flagged or not.
  EXPECT_EQ(run_puny({"decode", "--mixed-case", "Bcher-kva"}).out, text(u8"Bücher\n"));
  // Without --mixed-case the annotation is ignored.
  EXPECT_EQ(run_puny({"decode", "BER-goA"}).out, text(u8"üBER\n"));
}

TEST(CliMixedCase, RoundTripsFromStandardInput) {
  const std::string input = text(u8"Bücher\r\n\nÜBER\n  Straße Ωmega\tΣΑΣ ς\n日本語\nÄÖÜ");
  const auto enc = run_puny({"encode", "--mixed-case"}, input);
  ASSERT_EQ(enc.status, 0) << enc.err;
  EXPECT_EQ(enc.err, "");
  const auto dec = run_puny({"decode", "--mixed-case"}, enc.out);
  EXPECT_EQ(dec.out, text(u8"Bücher\n\nÜBER\n  Straße Ωmega\tΣΑΣ ς\n日本語\nÄÖÜ\n"));
  EXPECT_EQ(dec.err, "");
  EXPECT_EQ(dec.status, 0);
}

TEST(CliMixedCase, LettersWhoseCaseMappingDoesNotRoundTripAreKept) {
  // U+0130 lowercases to "i", U+212A KELVIN SIGN to "k", titlecase U+01C5
  // to U+01C6 whose uppercase is U+01C4: none would come back, so they are
  // encoded as they are, unflagged.
  for (const std::u8string_view s : {u8"İstanbul", u8"5K", u8"ǅemal"}) {
    const auto enc = run_puny({"encode", "--mixed-case", text(s)});
    ASSERT_EQ(enc.status, 0) << enc.err;
    const auto dec = run_puny({"decode", "--mixed-case", enc.out.substr(0, enc.out.size() - 1)});
    EXPECT_EQ(dec.out, text(s) + "\n");
  }
  EXPECT_EQ(run_puny({"encode", "--mixed-case", text(u8"İ")}).out, run_puny({"encode", text(u8"İ")}).out);
}

class CliMixedCaseSample : public testing::TestWithParam<rfc_sample> {};

// The RFC's samples are exactly the annotated forms of their texts.
TEST_P(CliMixedCaseSample, EncodesToTheRfcForm) {
  const auto r = run_puny({"encode", "--mixed-case"}, mixed_case_text(GetParam().rfc_code_points) + "\n");
  EXPECT_EQ(r.out, std::string(GetParam().punycode) + "\n");
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.status, 0);
}

TEST_P(CliMixedCaseSample, DecodesFromTheRfcForm) {
  const auto r = run_puny({"decode", "--mixed-case", "--", std::string(GetParam().punycode)});
  EXPECT_EQ(r.out, mixed_case_text(GetParam().rfc_code_points) + "\n");
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.status, 0);
}

INSTANTIATE_TEST_SUITE_P(Rfc3492, CliMixedCaseSample, testing::ValuesIn(rfc_samples),
                         [](const testing::TestParamInfo<rfc_sample>& info) { return std::string(info.param.name); });

TEST(CliMixedCase, SampleIStartsWithACapital) {
  const auto r = run_puny({"decode", "--mixed-case", "b1abfaaepdrnnbgefbaDotcwatmq2g4l"});
  EXPECT_EQ(r.out.substr(0, 2), "\xD0\x9F");  // U+041F, where plain decode gives U+043F
  EXPECT_EQ(run_puny({"decode", "b1abfaaepdrnnbgefbaDotcwatmq2g4l"}).out.substr(0, 2), "\xD0\xBF");
}

TEST(CliMixedCase, WithTraceTheResultIsStillAnnotated) {
  const auto enc = run_puny({"encode", "--mixed-case", "--trace", text(u8"Bücher")});
  EXPECT_EQ(enc.out, "Bcher-kva\n");
  EXPECT_NE(enc.err, "");
  EXPECT_EQ(enc.status, 0);
  const auto dec = run_puny({"decode", "--trace", "--mixed-case", "bcher-kvA"});
  EXPECT_EQ(dec.out, text(u8"bÜcher\n"));
  EXPECT_NE(dec.err, "");
  EXPECT_EQ(dec.status, 0);
}

TEST(CliMixedCase, FailuresAreReportedAsWithoutIt) {
  const auto dec = run_puny({"decode", "--mixed-case"}, "tdA\n!\nBcher-kva\n");
  EXPECT_EQ(dec.out, text(u8"Ü\n\nBücher\n"));
  EXPECT_EQ(dec.err, run_puny({"decode"}, "tdA\n!\nBcher-kva\n").err);
  EXPECT_NE(dec.err, "");
  EXPECT_EQ(dec.status, 1);
  const auto enc = run_puny({"encode", "--mixed-case"}, "\xFF\nA\n");
  EXPECT_EQ(enc.out, "\nA-\n");
  EXPECT_EQ(enc.err, "puny: line 1: UTF8 at offset 0: invalid UTF-8\n");
  EXPECT_EQ(enc.status, 1);
}

TEST(CliMixedCase, CannotBeCombinedWithCodepoints) {
  const std::string message =
      "puny: --mixed-case cannot be combined with --codepoints: code point tokens carry the uppercase flags "
      "themselves (U+ flagged, u+ not)\nTry 'puny --help' for more information.\n";
  for (const char* cmd : {"encode", "decode"}) {
    const auto a = run_puny({cmd, "--mixed-case", "--codepoints", "u+0061"});
    EXPECT_EQ(a.out, "");
    EXPECT_EQ(a.err, message);
    EXPECT_EQ(a.status, 2);
    const auto b = run_puny({cmd, "--codepoints", "a-", "--mixed-case"});
    EXPECT_EQ(b.err, message);
    EXPECT_EQ(b.status, 2);
  }
}

TEST(CliMixedCase, DoesNotApplyToDomainCommands) {
  const auto r = run_puny({"to-ascii", "--mixed-case", "a.com"});
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "puny: option '--mixed-case' does not apply to to-ascii\nTry 'puny --help' for more information.\n");
  EXPECT_EQ(r.status, 2);
}

}  // namespace
