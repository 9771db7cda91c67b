// The 19 sample strings of RFC 3492 §7.1 through the puny command, in the
// RFC's own code point notation and as UTF-8.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "cli_process.hpp"
#include "rfc3492_data.hpp"
#include "test_encoding.hpp"

namespace {

using puny_cli_test::run_puny;

// The 19 samples, shared with the library tests (tests/common/rfc3492_data.hpp):
// the code points exactly as §7.1 prints them, joined with single spaces, and
// the Punycode exactly as §7.1 prints it (line breaks undone).
using puny_test_data::rfc_sample;
using puny_test_data::rfc_samples;

// UTF-8 of the sample's code points (the case flags play no part).
std::string utf8_of(std::string_view tokens) {
  std::string out;
  std::size_t pos = 0;
  while (pos < tokens.size()) {
    const std::size_t end = std::min(tokens.find(' ', pos), tokens.size());
    const std::string hex(tokens.substr(pos + 2, end - pos - 2));
    const auto v = static_cast<std::uint32_t>(std::stoul(hex, nullptr, 16));
    puny_test::append_utf8(out, v);
    pos = end + 1;
  }
  return out;
}

// The Punycode of the sample without annotation: basic code points are
// copied as they are and every delta ends in a lowercase digit (all of the
// RFC's annotations agree with the case of the basic letters).
std::string unannotated(std::string_view punycode) {
  std::string out(punycode);
  const std::size_t delimiter = out.rfind('-');
  for (std::size_t j = delimiter == std::string::npos ? 0 : delimiter + 1; j < out.size(); ++j) {
    if (out[j] >= 'A' && out[j] <= 'Z') out[j] = static_cast<char>(out[j] - 'A' + 'a');
  }
  return out;
}

// (puny_test_data::PrintTo names the sample in test listings.)
class CliSample : public testing::TestWithParam<rfc_sample> {};

TEST_P(CliSample, EncodesCodepointsFromStdin) {
  const auto r = run_puny({"encode", "--codepoints"}, std::string(GetParam().rfc_code_points) + "\n");
  EXPECT_EQ(r.out, std::string(GetParam().punycode) + "\n");
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.status, 0);
}

TEST_P(CliSample, DecodesToCodepointsFromStdin) {
  const auto r = run_puny({"decode", "--codepoints"}, std::string(GetParam().punycode) + "\n");
  EXPECT_EQ(r.out, std::string(GetParam().rfc_code_points) + "\n");
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.status, 0);
}

TEST_P(CliSample, CodepointsAsArguments) {
  const auto enc = run_puny({"encode", "--codepoints", "--", std::string(GetParam().rfc_code_points)});
  EXPECT_EQ(enc.out, std::string(GetParam().punycode) + "\n");
  EXPECT_EQ(enc.status, 0);
  const auto dec = run_puny({"decode", "--codepoints", "--", std::string(GetParam().punycode)});
  EXPECT_EQ(dec.out, std::string(GetParam().rfc_code_points) + "\n");
  EXPECT_EQ(dec.status, 0);
}

TEST_P(CliSample, Utf8BothWays) {
  const std::string text = utf8_of(GetParam().rfc_code_points);
  const std::string punycode = unannotated(GetParam().punycode);
  const auto enc = run_puny({"encode"}, text + "\n");
  EXPECT_EQ(enc.out, punycode + "\n");
  EXPECT_EQ(enc.err, "");
  EXPECT_EQ(enc.status, 0);
  // Decoding ignores the annotation, so the RFC's mixed-case form decodes
  // to the same text.
  const auto dec = run_puny({"decode"}, std::string(GetParam().punycode) + "\n" + punycode + "\n");
  EXPECT_EQ(dec.out, text + "\n" + text + "\n");
  EXPECT_EQ(dec.err, "");
  EXPECT_EQ(dec.status, 0);
}

INSTANTIATE_TEST_SUITE_P(Rfc3492, CliSample, testing::ValuesIn(rfc_samples),
                         [](const testing::TestParamInfo<rfc_sample>& info) { return std::string(info.param.name); });

TEST(CliSamples, AllNineteenInOneRunKeepTheirOrder) {
  std::string tokens_in, punycode_in, tokens_out, punycode_out;
  for (const rfc_sample& s : rfc_samples) {
    tokens_in += std::string(s.rfc_code_points) + "\n";
    punycode_in += std::string(s.punycode) + "\n";
  }
  const auto enc = run_puny({"encode", "--codepoints"}, tokens_in);
  EXPECT_EQ(enc.out, punycode_in);
  EXPECT_EQ(enc.status, 0);
  const auto dec = run_puny({"decode", "--codepoints"}, punycode_in);
  EXPECT_EQ(dec.out, tokens_in);
  EXPECT_EQ(dec.status, 0);
}

TEST(CliSamples, SampleSNeedsDoubleDashAsArgument) {
  const auto dec = run_puny({"decode", "--", "-> $1.00 <--"});
  EXPECT_EQ(dec.out, "-> $1.00 <-\n");
  EXPECT_EQ(dec.status, 0);
  const auto enc = run_puny({"encode", "--", "-> $1.00 <-"});
  EXPECT_EQ(enc.out, "-> $1.00 <--\n");
  EXPECT_EQ(enc.status, 0);
  // Without "--" it is an unknown option.
  const auto bad = run_puny({"decode", "-> $1.00 <--"});
  EXPECT_EQ(bad.out, "");
  EXPECT_NE(bad.err.find("unknown option '-> $1.00 <--'"), std::string::npos) << bad.err;
  EXPECT_EQ(bad.status, 2);
}

}  // namespace
