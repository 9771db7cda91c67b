// puny CLI — the --help text and the hint after a usage error.
#include "usage.hpp"

namespace puny::cli {
namespace {

constexpr std::string_view encode_synopsis = "puny encode [--codepoints | --mixed-case] [--trace] [--] [STRING...]\n";
constexpr std::string_view decode_synopsis = "puny decode [--codepoints | --mixed-case] [--trace] [--] [STRING...]\n";
constexpr std::string_view to_ascii_synopsis =
    "puny to-ascii [--profile PROFILE] [FLAG...] [--format FORMAT] [--] [DOMAIN...]\n";
constexpr std::string_view to_unicode_synopsis =
    "puny to-unicode [--profile PROFILE] [FLAG...] [--format FORMAT] [--] [DOMAIN...]\n";

constexpr std::string_view punycode_options =
    "Options of encode and decode:\n"
    "  --codepoints  the Unicode side is a line of u+XXXX tokens separated by\n"
    "                whitespace, as in RFC 3492 section 7.1 and its sample code;\n"
    "                U+XXXX marks the Appendix A uppercase annotation\n"
    "  --mixed-case  RFC 3492 Appendix A annotation carried by letter case:\n"
    "                encode lowercases each letter whose simple lowercase maps\n"
    "                back to it and marks it uppercase in the Punycode; decode\n"
    "                uppercases the marked letters.  Decoding with --mixed-case\n"
    "                gives back exactly what was encoded with it.  Not with\n"
    "                --codepoints, whose tokens carry the marks themselves\n"
    "  --trace       write the RFC 3492 section 7.2/7.3 trace of each conversion\n"
    "                to standard error\n";

constexpr std::string_view idna_options_text =
    "Options of to-ascii and to-unicode (UTS #46 processing):\n"
    "  --profile PROFILE  the option set to start from (default uts46):\n"
    "      uts46         every check on, nontransitional, as IdnaTestV2 runs\n"
    "      whatwg        the URL Standard's domain to ASCII (beStrict = false):\n"
    "                    no STD3 rules, hyphen or DNS length checks; forbidden\n"
    "                    domain code points and an empty result fail; input that\n"
    "                    is all ASCII is only lowercased and checked for them\n"
    "      transitional  uts46 with transitional processing (deprecated)\n"
    "      display       uts46; to-unicode shows a label that does not decode\n"
    "                    and validate as it was given, without errors for it\n"
    "  FLAG: each overrides the profile, wherever it stands on the command line:\n"
    "  --[no-]std3                     UseSTD3ASCIIRules (code U1)\n"
    "  --[no-]check-hyphens            CheckHyphens (V2, V3)\n"
    "  --[no-]check-bidi               CheckBidi (B1-B6)\n"
    "  --[no-]check-joiners            CheckJoiners (C1, C2)\n"
    "  --[no-]transitional             Transitional_Processing\n"
    "  --[no-]verify-dns-length        VerifyDnsLength (A4_1, A4_2)\n"
    "  --[no-]ignore-invalid-punycode  IgnoreInvalidPunycode (no P4)\n"
    "  --format FORMAT  how each result is written (default plain):\n"
    "      plain  the result; an empty line when to-ascii fails (to-unicode\n"
    "             writes its result even when it has errors)\n"
    "      tsv    INPUT<TAB>OUTPUT<TAB>CODES, CODES comma-separated and empty\n"
    "             when the domain converted; backslash, tab, LF and CR in a\n"
    "             field are written \\\\ \\t \\n \\r\n"
    "      jsonl  {\"input\": \"...\", \"output\": \"...\", \"ok\": true, \"errors\": []}\n"
    "             with \"output\": null when to-ascii fails\n"
    "  Options taking a value also accept --profile=PROFILE, --format=FORMAT.\n"
    "\n"
    "  Codes are UTS #46's as IdnaTestV2 names them (P4, V1-V7, U1, A3, A4_1,\n"
    "  A4_2, B1-B6, C1, C2, X4_2) and W1, W2 for the URL Standard's forbidden\n"
    "  domain code point and empty host.  A domain that is not well-formed\n"
    "  UTF-8 is not converted: its code is invalid_utf8, its message names the\n"
    "  byte offset, and jsonl writes each ill-formed sequence of its input as\n"
    "  \\ufffd.  With plain output, a result that would contain a line feed\n"
    "  fails with terminator_in_result.\n";

constexpr std::string_view common_options =
    "Common options:\n"
    "  --            end of options: later arguments are strings\n"
    "  -h, --help    show this help and exit\n"
    "  --version     show the version and exit\n";

constexpr std::string_view records =
    "Each STRING or DOMAIN is one record.  Without them, records are the lines\n"
    "of standard input (LF or CRLF; an empty line is the empty string; spaces\n"
    "and tabs are kept).  Every record gives exactly one output line, in order.\n"
    "A record that fails is reported on standard error with its line (or\n"
    "argument) number; encode and decode then write an empty line.  For\n"
    "to-ascii and to-unicode the message also names the first label with an\n"
    "error and gives every code:\n"
    "  puny: line 3: label 2 \"xn--0\": P4 (an xn-- label is not valid ...)\n"
    "\n"
    "Exit status: 0 if every record converted, 1 if any failed, 2 for a usage\n"
    "error.\n";

}  // namespace

std::string usage_text(std::optional<command> topic) {
  const bool all = !topic;
  const bool punycode = all || !is_idna(*topic);
  const bool idna = all || is_idna(*topic);

  std::string text;
  const char* lead = "Usage: ";
  auto synopsis = [&](command c, std::string_view line) {
    if (all || *topic == c) {
      text += lead;
      text += line;
      lead = "       ";
    }
  };
  synopsis(command::encode, encode_synopsis);
  synopsis(command::decode, decode_synopsis);
  synopsis(command::to_ascii, to_ascii_synopsis);
  synopsis(command::to_unicode, to_unicode_synopsis);
  if (all) text += "       puny --help | --version\n";
  text += '\n';
  if (all) {
    text +=
        "Converts between Unicode and Punycode (RFC 3492), and processes\n"
        "internationalized domain names with UTS #46 (Unicode 17.0).\n"
        "encode and decode read and write Punycode without any ACE prefix\n"
        "such as \"xn--\".\n"
        "\n"
        "Commands:\n"
        "  encode      UTF-8 text (or code points) to Punycode\n"
        "  decode      Punycode to UTF-8 text (or code points)\n"
        "  to-ascii    domain names to their ASCII form (UTS #46 ToASCII)\n"
        "  to-unicode  domain names to their Unicode form (UTS #46 ToUnicode)\n";
  } else {
    switch (*topic) {
      case command::encode: text += "Encodes UTF-8 text (or code point tokens) as Punycode.\n"; break;
      case command::decode: text += "Decodes Punycode into UTF-8 text (or code point tokens).\n"; break;
      case command::to_ascii: text += "Converts domain names to ASCII with UTS #46 ToASCII.\n"; break;
      case command::to_unicode: text += "Converts domain names to Unicode with UTS #46 ToUnicode.\n"; break;
      case command::check: text += "Explains, label by label, whether domain names are valid under UTS #46.\n"; break;
    }
  }
  if (punycode) {
    text += '\n';
    text += punycode_options;
  }
  if (idna) {
    text += '\n';
    text += idna_options_text;
  }
  text += '\n';
  text += common_options;
  text += '\n';
  text += records;
  return text;
}

std::string_view usage_hint() noexcept { return "Try 'puny --help' for more information.\n"; }

}  // namespace puny::cli
