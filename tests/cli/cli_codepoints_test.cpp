// --codepoints: the u+XXXX token form, its annotation flags and its errors.
#include <gtest/gtest.h>

#include <string>

#include "cli_process.hpp"

namespace {

using puny_cli_test::run_puny;

TEST(CliCodepoints, UppercaseUIsTheAnnotationFlag) {
  EXPECT_EQ(run_puny({"encode", "--codepoints", "u+00FC"}).out, "tda\n");
  EXPECT_EQ(run_puny({"encode", "--codepoints", "U+00FC"}).out, "tdA\n");
  EXPECT_EQ(run_puny({"decode", "--codepoints", "tdA"}).out, "U+00FC\n");
  // Flags also set the case of basic letters (Appendix A), as in the RFC's
  // sample code.
  EXPECT_EQ(run_puny({"encode", "--codepoints", "u+0041 U+0062"}).out, "aB-\n");
  EXPECT_EQ(run_puny({"decode", "--codepoints", "aB-"}).out, "u+0061 U+0042\n");
}

TEST(CliCodepoints, TokenSyntax) {
  // Either case of hex digits, 1 to 6 digits, any whitespace between tokens.
  const auto r = run_puny({"encode", "--codepoints"},
                          "u+fc\n"
                          "  u+0000fc\t\n"
                          "u+62 \t u+FC\fu+63\vu+68 u+65\ru+72\n"
                          "\n"
                          " \t \n"
                          "u+10FFFF\n");
  EXPECT_EQ(r.out, "tda\ntda\nbcher-kva\n\n\ndn32g\n");
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.status, 0);
}

TEST(CliCodepoints, OutputHasAtLeastFourUppercaseDigits) {
  const auto enc = run_puny({"encode", "--codepoints", "u+0 u+10000 u+10FFFF u+9"});
  ASSERT_EQ(enc.status, 0);
  // The Punycode holds a NUL, so it goes back through standard input.
  EXPECT_EQ(enc.out, std::string("\0\t-pg4n25812k\n", 14));
  const auto dec = run_puny({"decode", "--codepoints"}, enc.out);
  EXPECT_EQ(dec.out, "u+0000 u+10000 u+10FFFF u+0009\n");
  EXPECT_EQ(dec.status, 0);
}

TEST(CliCodepoints, MalformedTokensFailTheirRecordOnly) {
  const auto r = run_puny({"encode", "--codepoints"},
                          "u+0041 x+0042\n"   // 1
                          "u+D800\n"          // 2
                          "u+DFFF\n"          // 3
                          "u+110000\n"        // 4
                          "u+1234567\n"       // 5
                          "u+\n"              // 6
                          "  u+12G4\n"        // 7
                          "u0041\n"           // 8
                          "u+0041,u+0042\n"   // 9
                          "\xC3\xBC\n"        // 10
                          "u+00FC\n");        // 11
  EXPECT_EQ(r.out, "\n\n\n\n\n\n\n\n\n\ntda\n");
  EXPECT_EQ(r.err,
            "puny: line 1: invalid_token at offset 7: token 2 \"x+0042\" is not u+ or U+ followed by 1 to 6 "
            "hexadecimal digits\n"
            "puny: line 2: invalid_token at offset 0: token 1 \"u+D800\" is a surrogate\n"
            "puny: line 3: invalid_token at offset 0: token 1 \"u+DFFF\" is a surrogate\n"
            "puny: line 4: invalid_token at offset 0: token 1 \"u+110000\" is above U+10FFFF\n"
            "puny: line 5: invalid_token at offset 0: token 1 \"u+1234567\" is not u+ or U+ followed by 1 to 6 "
            "hexadecimal digits\n"
            "puny: line 6: invalid_token at offset 0: token 1 \"u+\" is not u+ or U+ followed by 1 to 6 "
            "hexadecimal digits\n"
            "puny: line 7: invalid_token at offset 2: token 1 \"u+12G4\" is not u+ or U+ followed by 1 to 6 "
            "hexadecimal digits\n"
            "puny: line 8: invalid_token at offset 0: token 1 \"u0041\" is not u+ or U+ followed by 1 to 6 "
            "hexadecimal digits\n"
            "puny: line 9: invalid_token at offset 0: token 1 \"u+0041,u+0042\" is not u+ or U+ followed by 1 to "
            "6 hexadecimal digits\n"
            "puny: line 10: invalid_token at offset 0: token 1 \"\\xC3\\xBC\" is not u+ or U+ followed by 1 to 6 "
            "hexadecimal digits\n");
  EXPECT_EQ(r.status, 1);
}

TEST(CliCodepoints, LongBadTokenIsShortenedInTheMessage) {
  const auto r = run_puny({"encode", "--codepoints", "u+0041 " + std::string(1000, 'z')});
  EXPECT_EQ(r.out, "\n");
  EXPECT_EQ(r.err, "puny: argument 1: invalid_token at offset 7: token 2 \"" + std::string(32, 'z') +
                       "...\" is not u+ or U+ followed by 1 to 6 hexadecimal digits\n");
  EXPECT_EQ(r.status, 1);
}

TEST(CliCodepoints, DecodeFailuresUseTheLibraryStatus) {
  const auto r = run_puny({"decode", "--codepoints"}, "tda\na-zz\n-abc\n");
  EXPECT_EQ(r.out, "u+00FC\n\n\n");
  EXPECT_EQ(r.err,
            "puny: line 2: truncated_integer at offset 4: input ends inside a variable-length integer\n"
            "puny: line 3: empty_literal at offset 0: delimiter with nothing before it\n");
  EXPECT_EQ(r.status, 1);
}

}  // namespace
