// The 19 sample strings of RFC 3492 §7.1 through the puny command, in the
// RFC's own code point notation and as UTF-8.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "cli_process.hpp"

namespace {

using puny_cli_test::run_puny;

struct sample {
  const char* id;
  /// The Punycode exactly as §7.1 prints it (line breaks undone).
  const char* punycode;
  /// The code points exactly as §7.1 prints them, joined with single spaces.
  const char* tokens;
};

const sample samples[] = {
    {"A", "egbpdaj6bu4bxfgehfvwxn",
     "u+0644 u+064A u+0647 u+0645 u+0627 u+0628 u+062A u+0643 u+0644 u+0645 u+0648 u+0634 u+0639 u+0631 u+0628 "
     "u+064A u+061F"},
    {"B", "ihqwcrb4cv8a8dqg056pqjye", "u+4ED6 u+4EEC u+4E3A u+4EC0 u+4E48 u+4E0D u+8BF4 u+4E2D u+6587"},
    {"C", "ihqwctvzc91f659drss3x8bo0yb", "u+4ED6 u+5011 u+7232 u+4EC0 u+9EBD u+4E0D u+8AAA u+4E2D u+6587"},
    {"D", "Proprostnemluvesky-uyb24dma41a",
     "U+0050 u+0072 u+006F u+010D u+0070 u+0072 u+006F u+0073 u+0074 u+011B u+006E u+0065 u+006D u+006C u+0075 "
     "u+0076 u+00ED u+010D u+0065 u+0073 u+006B u+0079"},
    {"E", "4dbcagdahymbxekheh6e0a7fei0b",
     "u+05DC u+05DE u+05D4 u+05D4 u+05DD u+05E4 u+05E9 u+05D5 u+05D8 u+05DC u+05D0 u+05DE u+05D3 u+05D1 u+05E8 "
     "u+05D9 u+05DD u+05E2 u+05D1 u+05E8 u+05D9 u+05EA"},
    {"F", "i1baa7eci9glrd9b2ae1bj0hfcgg6iyaf8o0a1dig0cd",
     "u+092F u+0939 u+0932 u+094B u+0917 u+0939 u+093F u+0928 u+094D u+0926 u+0940 u+0915 u+094D u+092F u+094B "
     "u+0902 u+0928 u+0939 u+0940 u+0902 u+092C u+094B u+0932 u+0938 u+0915 u+0924 u+0947 u+0939 u+0948 u+0902"},
    {"G", "n8jok5ay5dzabd5bym9f0cm5685rrjetr6pdxa",
     "u+306A u+305C u+307F u+3093 u+306A u+65E5 u+672C u+8A9E u+3092 u+8A71 u+3057 u+3066 u+304F u+308C u+306A "
     "u+3044 u+306E u+304B"},
    {"H", "989aomsvi5e83db1d2a355cv1e0vak1dwrv93d5xbh15a0dt30a5jpsd879ccm6fea98c",
     "u+C138 u+ACC4 u+C758 u+BAA8 u+B4E0 u+C0AC u+B78C u+B4E4 u+C774 u+D55C u+AD6D u+C5B4 u+B97C u+C774 u+D574 "
     "u+D55C u+B2E4 u+BA74 u+C5BC u+B9C8 u+B098 u+C88B u+C744 u+AE4C"},
    {"I", "b1abfaaepdrnnbgefbaDotcwatmq2g4l",
     "U+043F u+043E u+0447 u+0435 u+043C u+0443 u+0436 u+0435 u+043E u+043D u+0438 u+043D u+0435 u+0433 u+043E "
     "u+0432 u+043E u+0440 u+044F u+0442 u+043F u+043E u+0440 u+0443 u+0441 u+0441 u+043A u+0438"},
    {"J", "PorqunopuedensimplementehablarenEspaol-fmd56a",
     "U+0050 u+006F u+0072 u+0071 u+0075 u+00E9 u+006E u+006F u+0070 u+0075 u+0065 u+0064 u+0065 u+006E u+0073 "
     "u+0069 u+006D u+0070 u+006C u+0065 u+006D u+0065 u+006E u+0074 u+0065 u+0068 u+0061 u+0062 u+006C u+0061 "
     "u+0072 u+0065 u+006E U+0045 u+0073 u+0070 u+0061 u+00F1 u+006F u+006C"},
    {"K", "TisaohkhngthchnitingVit-kjcr8268qyxafd2f1b9g",
     "U+0054 u+1EA1 u+0069 u+0073 u+0061 u+006F u+0068 u+1ECD u+006B u+0068 u+00F4 u+006E u+0067 u+0074 u+0068 "
     "u+1EC3 u+0063 u+0068 u+1EC9 u+006E u+00F3 u+0069 u+0074 u+0069 u+1EBF u+006E u+0067 U+0056 u+0069 u+1EC7 "
     "u+0074"},
    {"L", "3B-ww4c5e180e575a65lsy2b", "u+0033 u+5E74 U+0042 u+7D44 u+91D1 u+516B u+5148 u+751F"},
    {"M", "-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n",
     "u+5B89 u+5BA4 u+5948 u+7F8E u+6075 u+002D u+0077 u+0069 u+0074 u+0068 u+002D U+0053 U+0055 U+0050 U+0045 "
     "U+0052 u+002D U+004D U+004F U+004E U+004B U+0045 U+0059 U+0053"},
    {"N", "Hello-Another-Way--fc4qua05auwb3674vfr0b",
     "U+0048 u+0065 u+006C u+006C u+006F u+002D U+0041 u+006E u+006F u+0074 u+0068 u+0065 u+0072 u+002D U+0057 "
     "u+0061 u+0079 u+002D u+305D u+308C u+305E u+308C u+306E u+5834 u+6240"},
    {"O", "2-u9tlzr9756bt3uc0v", "u+3072 u+3068 u+3064 u+5C4B u+6839 u+306E u+4E0B u+0032"},
    {"P", "MajiKoi5-783gue6qz075azm5e",
     "U+004D u+0061 u+006A u+0069 u+3067 U+004B u+006F u+0069 u+3059 u+308B u+0035 u+79D2 u+524D"},
    {"Q", "de-jg4avhby1noc0d", "u+30D1 u+30D5 u+30A3 u+30FC u+0064 u+0065 u+30EB u+30F3 u+30D0"},
    {"R", "d9juau41awczczp", "u+305D u+306E u+30B9 u+30D4 u+30FC u+30C9 u+3067"},
    {"S", "-> $1.00 <--", "u+002D u+003E u+0020 u+0024 u+0031 u+002E u+0030 u+0030 u+0020 u+003C u+002D"},
};

// UTF-8 of the sample's code points (the case flags play no part).
std::string utf8_of(std::string_view tokens) {
  std::string out;
  std::size_t pos = 0;
  while (pos < tokens.size()) {
    const std::size_t end = std::min(tokens.find(' ', pos), tokens.size());
    const std::string hex(tokens.substr(pos + 2, end - pos - 2));
    const auto v = static_cast<std::uint32_t>(std::stoul(hex, nullptr, 16));
    if (v < 0x80) {
      out += static_cast<char>(v);
    } else if (v < 0x800) {
      out += static_cast<char>(0xC0 | (v >> 6));
      out += static_cast<char>(0x80 | (v & 0x3F));
    } else if (v < 0x10000) {
      out += static_cast<char>(0xE0 | (v >> 12));
      out += static_cast<char>(0x80 | ((v >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (v & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (v >> 18));
      out += static_cast<char>(0x80 | ((v >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((v >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (v & 0x3F));
    }
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

// Names the sample in test listings instead of dumping its bytes.
void PrintTo(const sample& s, std::ostream* os) { *os << "sample " << s.id; }

class CliSample : public testing::TestWithParam<sample> {};

TEST_P(CliSample, EncodesCodepointsFromStdin) {
  const auto r = run_puny({"encode", "--codepoints"}, std::string(GetParam().tokens) + "\n");
  EXPECT_EQ(r.out, std::string(GetParam().punycode) + "\n");
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.status, 0);
}

TEST_P(CliSample, DecodesToCodepointsFromStdin) {
  const auto r = run_puny({"decode", "--codepoints"}, std::string(GetParam().punycode) + "\n");
  EXPECT_EQ(r.out, std::string(GetParam().tokens) + "\n");
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.status, 0);
}

TEST_P(CliSample, CodepointsAsArguments) {
  const auto enc = run_puny({"encode", "--codepoints", "--", GetParam().tokens});
  EXPECT_EQ(enc.out, std::string(GetParam().punycode) + "\n");
  EXPECT_EQ(enc.status, 0);
  const auto dec = run_puny({"decode", "--codepoints", "--", GetParam().punycode});
  EXPECT_EQ(dec.out, std::string(GetParam().tokens) + "\n");
  EXPECT_EQ(dec.status, 0);
}

TEST_P(CliSample, Utf8BothWays) {
  const std::string text = utf8_of(GetParam().tokens);
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

INSTANTIATE_TEST_SUITE_P(Rfc3492, CliSample, testing::ValuesIn(samples),
                         [](const testing::TestParamInfo<sample>& info) { return std::string(info.param.id); });

TEST(CliSamples, AllNineteenInOneRunKeepTheirOrder) {
  std::string tokens_in, punycode_in, tokens_out, punycode_out;
  for (const sample& s : samples) {
    tokens_in += std::string(s.tokens) + "\n";
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
