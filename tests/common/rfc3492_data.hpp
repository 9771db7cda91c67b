// RFC 3492 data shared by the library tests (tests/lib) and the CLI tests
// (tests/cli), transcribed once from the RFC text: the §7.1 sample strings
// and the §7.2/§7.3 traces of samples B and L, so that both suites check
// against the same transcription.  Only data and a printer; no gtest and no
// puny headers.
#pragma once

#include <cstddef>
#include <iterator>
#include <ostream>
#include <string_view>

namespace puny_test_data {

// ---------------------------------------------------------------------------
// RFC 3492 §7.1 samples.  Each code point is written as in the RFC, "U+"
// meaning the uppercase flag is set and "u+" that it is not, joined with
// single spaces; the Punycode exactly as §7.1 prints it (line breaks undone).

struct rfc_sample {
  std::string_view name;
  std::string_view rfc_code_points;
  std::string_view punycode;
};

// Names the sample in test listings and messages instead of dumping its bytes.
inline void PrintTo(const rfc_sample& s, std::ostream* os) { *os << "sample " << s.name; }

inline constexpr rfc_sample rfc_samples[] = {
    {"A",
         "u+0644 u+064A u+0647 u+0645 u+0627 u+0628 u+062A u+0643 u+0644 "
         "u+0645 u+0648 u+0634 u+0639 u+0631 u+0628 u+064A u+061F",
     "egbpdaj6bu4bxfgehfvwxn"},
    {"B",
         "u+4ED6 u+4EEC u+4E3A u+4EC0 u+4E48 u+4E0D u+8BF4 u+4E2D u+6587",
     "ihqwcrb4cv8a8dqg056pqjye"},
    {"C",
         "u+4ED6 u+5011 u+7232 u+4EC0 u+9EBD u+4E0D u+8AAA u+4E2D u+6587",
     "ihqwctvzc91f659drss3x8bo0yb"},
    {"D",
         "U+0050 u+0072 u+006F u+010D u+0070 u+0072 u+006F u+0073 u+0074 "
         "u+011B u+006E u+0065 u+006D u+006C u+0075 u+0076 u+00ED u+010D "
         "u+0065 u+0073 u+006B u+0079",
     "Proprostnemluvesky-uyb24dma41a"},
    {"E",
         "u+05DC u+05DE u+05D4 u+05D4 u+05DD u+05E4 u+05E9 u+05D5 u+05D8 "
         "u+05DC u+05D0 u+05DE u+05D3 u+05D1 u+05E8 u+05D9 u+05DD u+05E2 "
         "u+05D1 u+05E8 u+05D9 u+05EA",
     "4dbcagdahymbxekheh6e0a7fei0b"},
    {"F",
         "u+092F u+0939 u+0932 u+094B u+0917 u+0939 u+093F u+0928 u+094D "
         "u+0926 u+0940 u+0915 u+094D u+092F u+094B u+0902 u+0928 u+0939 "
         "u+0940 u+0902 u+092C u+094B u+0932 u+0938 u+0915 u+0924 u+0947 "
         "u+0939 u+0948 u+0902",
     "i1baa7eci9glrd9b2ae1bj0hfcgg6iyaf8o0a1dig0cd"},
    {"G",
         "u+306A u+305C u+307F u+3093 u+306A u+65E5 u+672C u+8A9E u+3092 "
         "u+8A71 u+3057 u+3066 u+304F u+308C u+306A u+3044 u+306E u+304B",
     "n8jok5ay5dzabd5bym9f0cm5685rrjetr6pdxa"},
    {"H",
         "u+C138 u+ACC4 u+C758 u+BAA8 u+B4E0 u+C0AC u+B78C u+B4E4 u+C774 "
         "u+D55C u+AD6D u+C5B4 u+B97C u+C774 u+D574 u+D55C u+B2E4 u+BA74 "
         "u+C5BC u+B9C8 u+B098 u+C88B u+C744 u+AE4C",
     "989aomsvi5e83db1d2a355cv1e0vak1dwrv93d5xbh15a0dt30a5jpsd879ccm6fea98c"},
    {"I",
         "U+043F u+043E u+0447 u+0435 u+043C u+0443 u+0436 u+0435 u+043E "
         "u+043D u+0438 u+043D u+0435 u+0433 u+043E u+0432 u+043E u+0440 "
         "u+044F u+0442 u+043F u+043E u+0440 u+0443 u+0441 u+0441 u+043A "
         "u+0438",
     "b1abfaaepdrnnbgefbaDotcwatmq2g4l"},
    {"J",
         "U+0050 u+006F u+0072 u+0071 u+0075 u+00E9 u+006E u+006F u+0070 "
         "u+0075 u+0065 u+0064 u+0065 u+006E u+0073 u+0069 u+006D u+0070 "
         "u+006C u+0065 u+006D u+0065 u+006E u+0074 u+0065 u+0068 u+0061 "
         "u+0062 u+006C u+0061 u+0072 u+0065 u+006E U+0045 u+0073 u+0070 "
         "u+0061 u+00F1 u+006F u+006C",
     "PorqunopuedensimplementehablarenEspaol-fmd56a"},
    {"K",
         "U+0054 u+1EA1 u+0069 u+0073 u+0061 u+006F u+0068 u+1ECD u+006B "
         "u+0068 u+00F4 u+006E u+0067 u+0074 u+0068 u+1EC3 u+0063 u+0068 "
         "u+1EC9 u+006E u+00F3 u+0069 u+0074 u+0069 u+1EBF u+006E u+0067 "
         "U+0056 u+0069 u+1EC7 u+0074",
     "TisaohkhngthchnitingVit-kjcr8268qyxafd2f1b9g"},
    {"L",
         "u+0033 u+5E74 U+0042 u+7D44 u+91D1 u+516B u+5148 u+751F",
     "3B-ww4c5e180e575a65lsy2b"},
    {"M",
         "u+5B89 u+5BA4 u+5948 u+7F8E u+6075 u+002D u+0077 u+0069 u+0074 "
         "u+0068 u+002D U+0053 U+0055 U+0050 U+0045 U+0052 u+002D U+004D "
         "U+004F U+004E U+004B U+0045 U+0059 U+0053",
     "-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n"},
    {"N",
         "U+0048 u+0065 u+006C u+006C u+006F u+002D U+0041 u+006E u+006F "
         "u+0074 u+0068 u+0065 u+0072 u+002D U+0057 u+0061 u+0079 u+002D "
         "u+305D u+308C u+305E u+308C u+306E u+5834 u+6240",
     "Hello-Another-Way--fc4qua05auwb3674vfr0b"},
    {"O",
         "u+3072 u+3068 u+3064 u+5C4B u+6839 u+306E u+4E0B u+0032",
     "2-u9tlzr9756bt3uc0v"},
    {"P",
         "U+004D u+0061 u+006A u+0069 u+3067 U+004B u+006F u+0069 u+3059 "
         "u+308B u+0035 u+79D2 u+524D",
     "MajiKoi5-783gue6qz075azm5e"},
    {"Q",
         "u+30D1 u+30D5 u+30A3 u+30FC u+0064 u+0065 u+30EB u+30F3 u+30D0",
     "de-jg4avhby1noc0d"},
    {"R",
         "u+305D u+306E u+30B9 u+30D4 u+30FC u+30C9 u+3067",
     "d9juau41awczczp"},
    {"S",
         "u+002D u+003E u+0020 u+0024 u+0031 u+002E u+0030 u+0030 u+0020 "
         "u+003C u+002D",
     "-> $1.00 <--"},
};

inline constexpr std::size_t rfc_sample_count = std::size(rfc_samples);

/// The sample with the given letter, 'A' to 'S'.
constexpr const rfc_sample& rfc_sample_named(char letter) {
  return rfc_samples[static_cast<std::size_t>(letter - 'A')];
}

// ---------------------------------------------------------------------------
// RFC 3492 §7.2 and §7.3: the traces of samples B and L exactly as the RFC
// prints them, without its 3-space indentation, one '\n' after each line.

// RFC 3492 §7.2, "Decoding trace of example B from section 7.1".
inline constexpr std::string_view rfc_decode_trace_b =
    "n is 128, i is 0, bias is 72\n"
    "input is \"ihqwcrb4cv8a8dqg056pqjye\"\n"
    "there is no delimiter, so extended string starts empty\n"
    "delta \"ihq\" decodes to 19853\n"
    "bias becomes 21\n"
    "4E0D *\n"
    "delta \"wc\" decodes to 64\n"
    "bias becomes 20\n"
    "4E0D 4E2D *\n"
    "delta \"rb\" decodes to 37\n"
    "bias becomes 13\n"
    "4E3A * 4E0D 4E2D\n"
    "delta \"4c\" decodes to 56\n"
    "bias becomes 17\n"
    "4E3A 4E48 * 4E0D 4E2D\n"
    "delta \"v8a\" decodes to 599\n"
    "bias becomes 32\n"
    "4E3A 4EC0 * 4E48 4E0D 4E2D\n"
    "delta \"8d\" decodes to 130\n"
    "bias becomes 23\n"
    "4ED6 * 4E3A 4EC0 4E48 4E0D 4E2D\n"
    "delta \"qg\" decodes to 154\n"
    "bias becomes 25\n"
    "4ED6 4EEC * 4E3A 4EC0 4E48 4E0D 4E2D\n"
    "delta \"056p\" decodes to 46301\n"
    "bias becomes 84\n"
    "4ED6 4EEC 4E3A 4EC0 4E48 4E0D 4E2D 6587 *\n"
    "delta \"qjye\" decodes to 88531\n"
    "bias becomes 90\n"
    "4ED6 4EEC 4E3A 4EC0 4E48 4E0D 8BF4 * 4E2D 6587\n";

// RFC 3492 §7.2, "Decoding trace of example L from section 7.1".
inline constexpr std::string_view rfc_decode_trace_l =
    "n is 128, i is 0, bias is 72\n"
    "input is \"3B-ww4c5e180e575a65lsy2b\"\n"
    "literal portion is \"3B-\", so extended string starts as:\n"
    "0033 0042\n"
    "delta \"ww4c\" decodes to 62042\n"
    "bias becomes 27\n"
    "0033 0042 5148 *\n"
    "delta \"5e\" decodes to 139\n"
    "bias becomes 24\n"
    "0033 0042 516B * 5148\n"
    "delta \"180e\" decodes to 16683\n"
    "bias becomes 67\n"
    "0033 5E74 * 0042 516B 5148\n"
    "delta \"575a\" decodes to 34821\n"
    "bias becomes 82\n"
    "0033 5E74 0042 516B 5148 751F *\n"
    "delta \"65l\" decodes to 14592\n"
    "bias becomes 67\n"
    "0033 5E74 0042 7D44 * 516B 5148 751F\n"
    "delta \"sy2b\" decodes to 42088\n"
    "bias becomes 84\n"
    "0033 5E74 0042 7D44 91D1 * 516B 5148 751F\n";

// RFC 3492 §7.3, "Encoding trace of example B from section 7.1".
inline constexpr std::string_view rfc_encode_trace_b =
    "bias is 72\n"
    "input is:\n"
    "4ED6 4EEC 4E3A 4EC0 4E48 4E0D 8BF4 4E2D 6587\n"
    "there are no basic code points, so no literal portion\n"
    "next code point to insert is 4E0D\n"
    "needed delta is 19853, encodes as \"ihq\"\n"
    "bias becomes 21\n"
    "next code point to insert is 4E2D\n"
    "needed delta is 64, encodes as \"wc\"\n"
    "bias becomes 20\n"
    "next code point to insert is 4E3A\n"
    "needed delta is 37, encodes as \"rb\"\n"
    "bias becomes 13\n"
    "next code point to insert is 4E48\n"
    "needed delta is 56, encodes as \"4c\"\n"
    "bias becomes 17\n"
    "next code point to insert is 4EC0\n"
    "needed delta is 599, encodes as \"v8a\"\n"
    "bias becomes 32\n"
    "next code point to insert is 4ED6\n"
    "needed delta is 130, encodes as \"8d\"\n"
    "bias becomes 23\n"
    "next code point to insert is 4EEC\n"
    "needed delta is 154, encodes as \"qg\"\n"
    "bias becomes 25\n"
    "next code point to insert is 6587\n"
    "needed delta is 46301, encodes as \"056p\"\n"
    "bias becomes 84\n"
    "next code point to insert is 8BF4\n"
    "needed delta is 88531, encodes as \"qjye\"\n"
    "bias becomes 90\n"
    "output is \"ihqwcrb4cv8a8dqg056pqjye\"\n";

// RFC 3492 §7.3, "Encoding trace of example L from section 7.1".
inline constexpr std::string_view rfc_encode_trace_l =
    "bias is 72\n"
    "input is:\n"
    "0033 5E74 0042 7D44 91D1 516B 5148 751F\n"
    "basic code points (0033, 0042) are copied to literal portion: \"3B-\"\n"
    "next code point to insert is 5148\n"
    "needed delta is 62042, encodes as \"ww4c\"\n"
    "bias becomes 27\n"
    "next code point to insert is 516B\n"
    "needed delta is 139, encodes as \"5e\"\n"
    "bias becomes 24\n"
    "next code point to insert is 5E74\n"
    "needed delta is 16683, encodes as \"180e\"\n"
    "bias becomes 67\n"
    "next code point to insert is 751F\n"
    "needed delta is 34821, encodes as \"575a\"\n"
    "bias becomes 82\n"
    "next code point to insert is 7D44\n"
    "needed delta is 14592, encodes as \"65l\"\n"
    "bias becomes 67\n"
    "next code point to insert is 91D1\n"
    "needed delta is 42088, encodes as \"sy2b\"\n"
    "bias becomes 84\n"
    "output is \"3B-ww4c5e180e575a65lsy2b\"\n";

}  // namespace puny_test_data
