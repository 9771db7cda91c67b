// puny CLI — the --help text and the hint after a usage error.
#include "usage.hpp"

#include <span>

#include "puny/display.hpp"

namespace puny::cli {
namespace {

// Help is read in a terminal: every line fits in 80 columns (79 characters
// and the newline), the width POSIX utilities' usage messages keep to.
constexpr std::size_t line_width = 79;

constexpr std::string_view punycode_synopsis[] = {"[--codepoints | --mixed-case]", "[--trace]", "[COMMON...]",
                                                  "[--] [STRING...]"};
constexpr std::string_view conversion_synopsis[] = {"[--profile PROFILE]", "[FLAG...]", "[--format FORMAT]",
                                                    "[--urls]",           "[--emails]", "[COMMON...]",
                                                    "[--] [DOMAIN...]"};
constexpr std::string_view check_synopsis[] = {"[--profile PROFILE]", "[FLAG...]",   "[--policy POLICY]",
                                               "[--protect FILE]...", "[COMMON...]", "[--] [DOMAIN...]"};
constexpr std::string_view compare_synopsis[] = {"[--format FORMAT]", "[COMMON...]", "[--] [DOMAIN...]"};
constexpr std::string_view display_synopsis[] = {
    "[--policy POLICY]",  "[--protect FILE]...", "[--allow-chars CHARS]", "[--block-chars CHARS]",
    "[--scripts CODES]",  "[--cjk CHOICE]",      "[--format FORMAT]",     "[--urls]",
    "[--emails]",         "[COMMON...]",         "[--] [DOMAIN...]"};

struct command_help {
  std::string_view name;
  /// The synopsis after "puny NAME", as groups that are never split.
  std::span<const std::string_view> synopsis;
  /// What `puny --help` says the command does, after its name.
  std::string_view summary;
  /// The sentence that opens `puny NAME --help`.
  std::string_view description;
};

// A switch, so that a new command without help text does not compile
// cleanly (-Wswitch).
constexpr command_help help_of(command cmd) {
  command_help h;
  switch (cmd) {
    case command::encode:
      h = {"encode", punycode_synopsis, "UTF-8 text (or code points) to Punycode",
           "Encodes UTF-8 text (or code point tokens) as Punycode, without an ACE\n"
           "prefix such as \"xn--\".\n"};
      break;
    case command::decode:
      h = {"decode", punycode_synopsis, "Punycode to UTF-8 text (or code points)",
           "Decodes Punycode, given without an ACE prefix such as \"xn--\", into UTF-8\n"
           "text (or code point tokens).\n"};
      break;
    case command::to_ascii:
      h = {"to-ascii", conversion_synopsis, "domain names to their ASCII form (UTS #46, IDNA2008, IDNA2003)",
           "Converts domain names to their ASCII form with UTS #46 ToASCII, or\n"
           "with IDNA2008 or IDNA2003 (--profile).\n"};
      break;
    case command::to_unicode:
      h = {"to-unicode", conversion_synopsis, "domain names to their Unicode form (UTS #46, IDNA2008, IDNA2003)",
           "Converts domain names to their Unicode form with UTS #46 ToUnicode, or\n"
           "with IDNA2008 or IDNA2003 (--profile).\n"};
      break;
    case command::check:
      h = {"check", check_synopsis, "explain, label by label, what a standard finds in domain names",
           "Explains, label by label, whether domain names are valid under UTS #46\n"
           "(or IDNA2008, IDNA2003: --profile), and why not, and whether each label\n"
           "is safe to show in Unicode.\n"};
      break;
    case command::compare:
      h = {"compare", compare_synopsis, "ToASCII under UTS #46, IDNA2008 and IDNA2003, side by side",
           "Writes, for each domain name, its ToASCII under four standards and\n"
           "whether they differ:\n"
           "  uts46         UTS #46, nontransitional (as --profile uts46)\n"
           "  transitional  UTS #46, transitional (as --profile transitional)\n"
           "  idna2008      IDNA2008 lookup (as --profile idna2008)\n"
           "  idna2003      IDNA2003 with AllowUnassigned on, as for query strings,\n"
           "                and UseSTD3ASCIIRules off (as --profile idna2003\n"
           "                --allow-unassigned)\n"
           "The results differ unless all four give the same name, ASCII case\n"
           "ignored as the DNS ignores it; a conversion that fails counts as one\n"
           "result, whatever its codes.  A standard that rejects a name is what\n"
           "compare reports, not a failure: the exit status is 1 only for a record\n"
           "that cannot be processed (not UTF-8) or when input or output fails.\n"};
      break;
    case command::display:
      h = {"display", display_synopsis, "the form of domain names that is safe to show",
           "Writes the form of each domain name that is safe to show a person: each\n"
           "label in Unicode where the display policy allows it, else in its xn--\n"
           "form, as browsers decide (UTS #39, Chromium, Firefox).\n"};
      break;
  }
  return h;
}

// The order in which `puny --help` lists them, and the widest name.
constexpr command all_commands[] = {command::encode, command::decode,  command::to_ascii, command::to_unicode,
                                    command::check,  command::display, command::compare};
constexpr std::size_t name_width = std::string_view("to-unicode").size();

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

constexpr std::string_view profile_and_flags =
    "  --profile PROFILE  the standard and option set to start from (default\n"
    "                     uts46):\n"
    "      uts46         every check on, nontransitional, as IdnaTestV2 runs\n"
    "      whatwg        the URL Standard's domain to ASCII (beStrict = false):\n"
    "                    no STD3 rules, hyphen or DNS length checks; forbidden\n"
    "                    domain code points and an empty result fail; input that\n"
    "                    is all ASCII is only lowercased and checked for them\n"
    "      transitional  uts46 with transitional processing (deprecated)\n"
    "      display       uts46; to-unicode shows a label that does not decode\n"
    "                    and validate as it was given, without errors for it\n"
    "      idna2008      IDNA2008 lookup (RFC 5891 section 5), which maps\n"
    "                    nothing: the RFC 5892 property of every code point,\n"
    "                    the CONTEXTJ and CONTEXTO rules, RFC 5893 Bidi across\n"
    "                    the name, A-labels decoded, checked and re-encoded\n"
    "      idna2008-registration\n"
    "                    IDNA2008 registration (RFC 5891 section 4) of each\n"
    "                    label: also no \"-\" at either end, A-labels in lower\n"
    "                    case\n"
    "      idna2003      IDNA2003: RFC 3490 with Nameprep on Unicode 3.2;\n"
    "                    AllowUnassigned and UseSTD3ASCIIRules off.  Its\n"
    "                    ToUnicode never fails: a label it gives back\n"
    "                    unconverted still makes the record fail, with why\n"
    "  FLAG: each overrides the profile, wherever it stands on the command line;\n"
    "  one that does not apply to the profile's standard is a usage error:\n"
    "  --[no-]std3                     UseSTD3ASCIIRules (code U1; idna2003:\n"
    "                                  NON_LDH_ASCII, LEADING_OR_TRAILING_HYPHEN)\n"
    "  --[no-]check-hyphens            CheckHyphens (V2, V3; idna2008:\n"
    "                                  HYPHEN_START_END)\n"
    "  --[no-]check-bidi               CheckBidi (B1-B6; idna2008: BIDI_1-6)\n"
    "  --[no-]check-joiners            CheckJoiners (C1, C2)\n"
    "  --[no-]transitional             Transitional_Processing\n"
    "  --[no-]verify-dns-length        VerifyDnsLength (A4_1, A4_2; idna2008 and\n"
    "                                  idna2003: NAME_TOO_LONG over 253)\n"
    "  --[no-]ignore-invalid-punycode  IgnoreInvalidPunycode (no P4)\n"
    "  Flags of idna2008 and idna2008-registration only:\n"
    "  --[no-]check-contexto           the CONTEXTO rules of RFC 5892 A.3-A.9\n"
    "                                  (on; RFC 5891 section 5.4 lets lookup\n"
    "                                  skip them)\n"
    "  --[no-]check-hostname           NON_LDH_ASCII for an ASCII label with\n"
    "                                  other than letters, digits, \"-\" (on)\n"
    "  --[no-]require-lowercase-alabels\n"
    "                                  ALABEL_UPPERCASE for an A-label not in\n"
    "                                  lower case (registration; lookup\n"
    "                                  lowercases it)\n"
    "  --[no-]allow-reserved-ldh       accept a label such as \"ab--cd\" as an\n"
    "                                  opaque DNS label (off: HYPHEN_3_4)\n"
    "  --[no-]allow-trailing-dot       accept one trailing dot, the root (on;\n"
    "                                  off: EMPTY_LABEL)\n"
    "  Flag of idna2003 only:\n"
    "  --[no-]allow-unassigned         AllowUnassigned: code points unassigned\n"
    "                                  in Unicode 3.2 pass (off: UNASSIGNED)\n";

constexpr std::string_view conversion_options =
    "  --format FORMAT  how each result is written (default plain):\n"
    "      plain  the result; an empty line when to-ascii fails (to-unicode\n"
    "             writes its result even when it has errors)\n"
    "      tsv    INPUT<TAB>OUTPUT<TAB>CODES, CODES comma-separated and empty\n"
    "             when the domain converted; backslash, tab, LF and CR in a\n"
    "             field are written \\\\ \\t \\n \\r\n"
    "      jsonl  {\"input\": \"...\", \"output\": \"...\", \"ok\": true, \"errors\": []}\n"
    "             with \"output\": null when to-ascii fails; idna2008 and\n"
    "             idna2003 add \"label\", \"offset\" and \"code_point\" of the\n"
    "             first fault (0-based; null when there is none)\n"
    "  --urls    convert the host of every scheme://[userinfo@]host[:port] in\n"
    "            the record and keep everything else byte for byte: the path,\n"
    "            query and fragment are not domain names.  A host that fails\n"
    "            is left as it was and reported\n"
    "  --emails  convert the domain of every local@domain in the record; the\n"
    "            local part and the text around are kept as they are\n"
    "  --urls and --emails take the UTS #46 profiles only, as the URL Standard\n"
    "  does.\n";

constexpr std::string_view codes =
    "  Codes are UTS #46's as IdnaTestV2 names them (P4, V1-V7, U1, A3, A4_1,\n"
    "  A4_2, B1-B6, C1, C2, X4_2) and W1, W2 for the URL Standard's forbidden\n"
    "  domain code point and empty host.  With idna2008 and\n"
    "  idna2008-registration they are IDNA2008's, named after its rules\n"
    "  (CONTEXTJ, CONTEXTO, BIDI_1 to BIDI_6, DISALLOWED, UNASSIGNED, NOT_NFC,\n"
    "  HYPHEN_3_4, PUNYCODE_INVALID, ALABEL_NOT_CANONICAL, ...); with idna2003,\n"
    "  RFC 3490's (PROHIBITED, UNASSIGNED, BIDI_BOTH_L_AND_RAL, INVALID_LENGTH,\n"
    "  ROUNDTRIP_MISMATCH, ...).  puny(1) lists and explains them all.  Their\n"
    "  messages name the label, the rule's sections, and the code point at\n"
    "  fault with its position (from 1) in the label as given (IDNA2008: in\n"
    "  its Unicode form, an A-label decoded).\n";

constexpr std::string_view conversion_codes =
    "  With plain output, a result that would contain the record terminator\n"
    "  fails with terminator_in_result.\n";

constexpr std::string_view check_report =
    "For each domain, check writes each label with its Unicode and ACE forms\n"
    "and every rule the label breaks: the code and a plain-English reason\n"
    "(which character, at which position, which Bidi class or joining type).\n"
    "With idna2008 or idna2003 it first gives the standard's verdict on the\n"
    "whole name (valid when ToASCII records no code and ToUnicode gives no\n"
    "label back), then each label's codes with their RFC sections.\n"
    "For a name with a non-ASCII label it adds what display shows under the\n"
    "policy (default chromium) and, for each such label, whether its Unicode\n"
    "form is shown and why not, naming the characters and scripts that\n"
    "decided; this does not change whether the domain is valid.\n"
    "The blocks of two domains are separated by an empty line.\n";

constexpr std::string_view display_options =
    "  --policy POLICY  the rules that decide whether a label is shown in\n"
    "                   Unicode (default chromium):\n"
    "      chromium                      Chromium's IDN spoof checker (its\n"
    "                                    look-alike check uses --protect)\n"
    "      firefox                       Firefox's IsLabelSafe\n"
    "      uts39-highly-restrictive      UTS #39 alone: Highly Restrictive\n"
    "      uts39-moderately-restrictive  UTS #39 alone: Moderately Restrictive\n"
    "      ascii                         every non-ASCII label as xn--\n"
    "  --protect FILE   protected domains, one per line (\"#\" starts a comment;\n"
    "                   Chromium's top-domain list format): a name that looks\n"
    "                   like one of them, and is not it nor under it, is shown\n"
    "                   in ASCII.  Repeatable; a line that is not a domain name\n"
    "                   is a warning, a file that cannot be read an error\n"
    "  --allow-chars CHARS\n"
    "                   characters the policy's allowed set gains\n"
    "  --block-chars CHARS\n"
    "                   characters never shown in Unicode (wins over\n"
    "                   --allow-chars).  CHARS is the characters themselves,\n"
    "                   or a list U+XXXX,U+XXXX; both options are repeatable\n"
    "  --scripts CODES  show in Unicode only labels whose letters are of these\n"
    "                   scripts: ISO 15924 codes such as Latn,Grek,Cyrl\n"
    "  --cjk CHOICE     Unicode 17.0 made most Han ideographs Uncommon_Use and\n"
    "                   Bopomofo Limited_Use: strict17 (default) keeps that;\n"
    "                   cjk-compat allows every ideograph and Bopomofo\n"
    "                   character, as before 17.0\n";

constexpr std::string_view display_formats =
    "  --format FORMAT  how each result is written (default plain):\n"
    "      plain  the display string\n"
    "      tsv    INPUT<TAB>DISPLAY<TAB>REASONS<TAB>LOOKALIKE_OF: REASONS\n"
    "             comma-separated, empty when every label is shown as itself;\n"
    "             LOOKALIKE_OF the protected domain, or empty\n"
    "      jsonl  {\"input\": \"...\", \"display\": \"...\", \"ok\": false,\n"
    "              \"lookalike_of\": \"paypal.com\", \"labels\": [{\"unicode\": \"...\",\n"
    "              \"ascii\": \"...\", \"shown\": \"ascii\", \"reasons\": [...]}]}\n"
    "             on one line; \"lookalike_of\" is null when there is none\n"
    "  --urls    replace the host of every scheme://[userinfo@]host[:port] in\n"
    "            the record by its display string, keeping everything else\n"
    "  --emails  the same for the domain of every local@domain\n";

constexpr std::string_view compare_formats =
    "  --format FORMAT  how each result is written (default plain):\n"
    "      plain  INPUT: VERDICT: uts46=OUT transitional=OUT idna2008=OUT\n"
    "             idna2003=OUT, with VERDICT same, differ or error and OUT\n"
    "             the ASCII form, or the codes in brackets: [DISALLOWED]\n"
    "      tsv    INPUT<TAB>VERDICT, then OUTPUT<TAB>CODES of uts46,\n"
    "             transitional, idna2008 and idna2003: ten fields\n"
    "      jsonl  {\"input\": \"...\", \"differ\": true, \"uts46\": {\"output\":\n"
    "             \"...\", \"ok\": true, \"errors\": []}, \"transitional\": {...},\n"
    "             \"idna2008\": {...}, \"idna2003\": {...}} on one line;\n"
    "             \"output\" is null for a conversion that fails, \"differ\"\n"
    "             null for a record that cannot be processed\n";

constexpr std::string_view display_reasons_intro =
    "  A record is ok when every label is shown as itself and the name looks\n"
    "  like no protected domain; otherwise the reasons are named:\n";

constexpr std::string_view common_options =
    "Common options (COMMON):\n"
    "  -f FILE, --file FILE  read the records of FILE (\"-\" is standard input);\n"
    "                        repeatable: the files are read in turn\n"
    "  -0, --null            records end in NUL instead of LF or CRLF, on input\n"
    "                        and on output\n"
    "  -j N, --jobs N        convert records on N threads, in parallel batches\n"
    "                        (N from 1 to 1024; default: the number of online\n"
    "                        CPUs); the output is always in input order\n"
    "  -q, --quiet           no per-record messages on standard error (the\n"
    "                        exit status still says 1 when a record failed)\n"
    "  --                    end of options: later arguments are records\n"
    "  -h, --help            show this help and exit\n"
    "  --version             show the version of puny and of its Unicode data,\n"
    "                        and exit\n"
    "  An option's value is the next argument or comes after '=' (--jobs=4);\n"
    "  -f and -j also take it attached (-fFILE, -j4).\n";

constexpr std::string_view records =
    "Each STRING or DOMAIN argument is one record.  Without them, records are\n"
    "the lines of the files given with -f (not both), else of standard input:\n"
    "LF or CRLF ends a line (the CR is dropped), the last line may lack it, an\n"
    "empty line is the empty record, and spaces and tabs are kept.  With -0,\n"
    "NUL ends a record instead.  Every record gives exactly one output record\n"
    "(for check, one block), in input order, whatever fails.  Results go to\n"
    "standard output; messages and traces to standard error.\n"
    "\n"
    "A record that fails is reported on standard error with where it came\n"
    "from: \"line N\" of standard input (\"record N\" with -0), \"FILE:N\" of a\n"
    "file, or \"argument N\".  For domain names the message names the first\n"
    "label with an error and gives every code:\n"
    "  puny: line 3: label 2 \"xn--0\": P4 (an xn-- label is not valid ...)\n"
    "  puny: hosts.txt:7: UTF8 at offset 4: invalid UTF-8\n"
    "A record that is not well-formed UTF-8 fails on its own with code UTF8\n"
    "and the byte offset of the first bad byte (jsonl writes each ill-formed\n"
    "sequence of its input as \\ufffd).  encode, decode and a failed plain\n"
    "to-ascii write an empty record.\n"
    "\n"
    "When standard error is a terminal and the input is a regular file of\n"
    "more than 64 MiB, a progress line (percent, records/s, ETA) is kept\n"
    "on standard error, and erased at the end.\n"
    "\n"
    "Exit status: 0 if every record converted (for check: every domain is\n"
    "valid; for display: every name is shown as itself; for compare: every\n"
    "record was processed), 1 if any failed or input or output failed, and\n"
    "2 for a usage error.\n";

// Appends "LEAD puny NAME GROUP...", wrapping before a group that would
// pass the line width; continuation lines start under the first group.
void append_synopsis(std::string& text, std::string_view lead, const command_help& c, std::size_t width) {
  std::string line(lead);
  line += "puny ";
  line += c.name;
  line.append(width - c.name.size(), ' ');
  const std::size_t indent = line.size() + 1;
  bool first_on_line = true;
  for (const std::string_view group : c.synopsis) {
    if (!first_on_line && line.size() + 1 + group.size() > line_width) {
      text += line;
      text += '\n';
      line.assign(indent, ' ');
    } else {
      line += ' ';
    }
    line += group;
    first_on_line = false;
  }
  text += line;
  text += '\n';
}

// The reasons' names, wrapped as the rest of the help.
void append_reason_names(std::string& text) {
  std::string line = "   ";
  for (std::size_t i = 0; i < display_reason_count; ++i) {
    const std::string_view n = name(static_cast<display_reason>(i));
    const bool last = i + 1 == display_reason_count;
    if (line.size() + 1 + n.size() + 1 > line_width) {
      text += line;
      text += '\n';
      line = "   ";
    }
    line += ' ';
    line += n;
    line += last ? '.' : ',';
  }
  text += line;
  text += '\n';
}

}  // namespace

std::string usage_text(std::optional<command> topic) {
  const bool punycode = !topic || *topic == command::encode || *topic == command::decode;
  const bool idna = !topic || takes_idna_options(*topic);
  const bool converts_domains = !topic || is_idna(*topic);
  const bool check = !topic || *topic == command::check;
  const bool displays = !topic || *topic == command::display;
  const bool compares = !topic || *topic == command::compare;
  const bool display_decision = !topic || takes_display_options(*topic);

  std::string text;
  if (topic) {
    const command_help c = help_of(*topic);
    append_synopsis(text, "Usage: ", c, c.name.size());
    text += '\n';
    text += c.description;
  } else {
    std::string_view lead = "Usage: ";
    for (const command cmd : all_commands) {
      append_synopsis(text, lead, help_of(cmd), name_width);
      lead = "       ";
    }
    text +=
        "       puny --help | --version\n"
        "       puny COMMAND --help\n"
        "\n"
        "Converts between Unicode and Punycode (RFC 3492), processes\n"
        "internationalized domain names with UTS #46 (Unicode 17.0), IDNA2008\n"
        "or IDNA2003, and decides which labels are safe to show in Unicode\n"
        "(UTS #39, browser policies).\n"
        "encode and decode read and write Punycode without any ACE prefix\n"
        "such as \"xn--\".\n"
        "\n"
        "Commands:\n";
    for (const command cmd : all_commands) {
      const command_help c = help_of(cmd);
      text += "  ";
      text += c.name;
      text.append(name_width + 2 - c.name.size(), ' ');
      text += c.summary;
      text += '\n';
    }
  }
  if (punycode) {
    text += '\n';
    text += punycode_options;
  }
  if (idna) {
    text += topic ? "\nOptions:\n" : "\nOptions of to-ascii, to-unicode and check (UTS #46, IDNA2008, IDNA2003):\n";
    text += profile_and_flags;
  }
  if (converts_domains) {
    if (!topic) text += "\nOptions of to-ascii and to-unicode:\n";
    text += conversion_options;
  }
  if (idna) {
    text += '\n';
    text += codes;
    if (converts_domains) text += conversion_codes;
  }
  if (display_decision) {
    text += topic ? "\nDisplay options:\n" : "\nOptions of display, and of check for its display section:\n";
    text += display_options;
  }
  if (displays) {
    if (!topic) text += "\nOptions of display:\n";
    text += display_formats;
    text += '\n';
    text += display_reasons_intro;
    append_reason_names(text);
  }
  if (check) {
    text += '\n';
    text += check_report;
  }
  if (compares) {
    text += topic ? "\nOptions:\n" : "\nOptions of compare:\n";
    text += compare_formats;
  }
  text += '\n';
  text += common_options;
  text += '\n';
  text += records;
  if (!topic) text += "\nSee 'puny COMMAND --help' and the manual page puny(1) for more.\n";
  return text;
}

std::string_view usage_hint() noexcept { return "Try 'puny --help' for more information.\n"; }

}  // namespace puny::cli
