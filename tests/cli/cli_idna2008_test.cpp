// --profile idna2008 and idna2008-registration with to-ascii, to-unicode and
// check: the IDNA2008 verdicts (RFC 5891-5893), the flags that apply to
// them and those that do not, the three output formats with the label,
// offset and code point of the first fault, the messages on standard
// error, and the record rules.
#include <gtest/gtest.h>

#include <algorithm>

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "cli_process.hpp"
#include "cli_records.hpp"

namespace {

using namespace puny_cli_test;  // cli_process.hpp, cli_records.hpp

const std::vector<std::string> lookup = {"to-ascii", "--profile", "idna2008"};
const std::vector<std::string> registration = {"to-ascii", "--profile", "idna2008-registration"};
const std::vector<std::string> lookup_unicode = {"to-unicode", "--profile=idna2008"};

TEST(CliIdna2008, LookupMapsNothing) {
  EXPECT_EQ(convert(lookup, text(u8"bücher.de")), "xn--bcher-kva.de|");
  // RFC 5892: upper-case letters are DISALLOWED; UTS #46 would map them.
  EXPECT_EQ(convert(lookup, text(u8"Bücher.de")), "|DISALLOWED");
  // An ASCII label is copied as it is, its case kept.
  EXPECT_EQ(convert(lookup, "EXAMPLE.com"), "EXAMPLE.com|");
  // U+3002 is a DISALLOWED character, not a separator.
  EXPECT_EQ(convert(lookup, text(u8"a。b")), "|DISALLOWED");
  // ß and ς are PVALID (RFC 5892 §2.6): no deviation mapping.
  EXPECT_EQ(convert(lookup, text(u8"faß.de")), "xn--fa-hia.de|");
  // Not in NFC: e + U+0301.
  EXPECT_EQ(convert(lookup, text(u8"e\u0301.de")), "|NOT_NFC");
  // NV8 symbols are DISALLOWED.
  EXPECT_EQ(convert(lookup, text(u8"\u2615.de")), "|DISALLOWED");
}

TEST(CliIdna2008, ContextoRulesAreEvaluatedOnLookupUnlessTurnedOff) {
  // RFC 5892 A.3: MIDDLE DOT only between two l.
  EXPECT_EQ(convert(lookup, text(u8"l·l.cat")), "xn--ll-0ea.cat|");
  EXPECT_EQ(convert(lookup, text(u8"l·x.cat")), "|CONTEXTO");
  EXPECT_EQ(convert(lookup, text(u8"·l.cat")), "|CONTEXTO");
  // RFC 5891 §5.4 lets lookup skip them.
  EXPECT_EQ(convert(with(lookup, {"--no-check-contexto"}), text(u8"l·x.cat")), "xn--lx-0ea.cat|");
  EXPECT_EQ(convert(with(lookup, {"--no-check-contexto", "--check-contexto"}), text(u8"l·x.cat")), "|CONTEXTO");
  // A.8/A.9: Arabic-Indic and Extended Arabic-Indic digits do not mix.
  // (U+0660 is AN and U+06F0 EN: Bidi rule 4 fails as well.)
  EXPECT_EQ(convert(lookup, text(u8"\u0628\u0660\u06F0")), "|BIDI_4,CONTEXTO");
  EXPECT_EQ(convert(with(lookup, {"--no-check-bidi"}), text(u8"\u0628\u0660\u06F0")), "|CONTEXTO");
  EXPECT_EQ(convert(with(lookup, {"--no-check-bidi"}), text(u8"\u0628\u0660\u0628")), "xn--ngba1o|");
  // A.1: ZWNJ out of context is CONTEXTJ whatever --check-contexto says.
  EXPECT_EQ(convert(with(lookup, {"--no-check-contexto"}), text(u8"a\u200Cb")), "|CONTEXTJ");
}

TEST(CliIdna2008, BidiAppliesAcrossTheName) {
  // RFC 5893 §1.4: one right-to-left label makes every label subject to
  // the rule, the ASCII label "0a" too (rule 1).
  EXPECT_EQ(convert(lookup, text(u8"0a.\u05D0")), "|BIDI_1");
  EXPECT_EQ(convert(lookup, "0a.xn--4db"), "|BIDI_1");
  EXPECT_EQ(convert(lookup, "0a.example"), "0a.example|");
  EXPECT_EQ(convert(with(lookup, {"--no-check-bidi"}), text(u8"0a.\u05D0")), "0a.xn--4db|");
}

TEST(CliIdna2008, ALabelsAreDecodedCheckedAndReencoded) {
  EXPECT_EQ(convert(lookup, "xn--7a.de"), "|DISALLOWED");  // decodes to U+00A1
  EXPECT_EQ(convert(lookup, "xn--example-.com"), "|ALABEL_ASCII_ONLY");
  EXPECT_EQ(convert(lookup, "xn---9uc"), "|ALABEL_NOT_CANONICAL");
  EXPECT_EQ(convert(lookup, "xn--0.pt"), "|PUNYCODE_INVALID");
  // Lookup lowercases an A-label (RFC 5891 §5.3); registration refuses it.
  EXPECT_EQ(convert(lookup, "XN--BCHER-KVA.de"), "xn--bcher-kva.de|");
  EXPECT_EQ(convert(registration, "XN--BCHER-KVA.de"), "|ALABEL_UPPERCASE");
  EXPECT_EQ(convert(with(registration, {"--no-require-lowercase-alabels"}), "XN--BCHER-KVA.de"),
            "xn--bcher-kva.de|");
}

TEST(CliIdna2008, RegistrationChecksHyphensAtTheEnds) {
  EXPECT_EQ(convert(lookup, "-ab.de"), "-ab.de|");
  EXPECT_EQ(convert(registration, "-ab.de"), "|HYPHEN_START_END");
  EXPECT_EQ(convert(with(lookup, {"--check-hyphens"}), "ab-.de"), "|HYPHEN_START_END");
  EXPECT_EQ(convert(with(registration, {"--no-check-hyphens"}), "-ab.de"), "-ab.de|");
  // The flags override the profile wherever they stand.
  EXPECT_EQ(convert({"to-ascii", "--no-check-hyphens", "--profile", "idna2008-registration"}, "-ab.de"), "-ab.de|");
}

TEST(CliIdna2008, HostnameReservedLdhTrailingDotAndLengthFlags) {
  EXPECT_EQ(convert(lookup, "a_b.example"), "|NON_LDH_ASCII");
  EXPECT_EQ(convert(with(lookup, {"--no-check-hostname"}), "a_b.example"), "a_b.example|");
  EXPECT_EQ(convert(lookup, "ab--cd.example"), "|HYPHEN_3_4");
  EXPECT_EQ(convert(with(lookup, {"--allow-reserved-ldh"}), "ab--cd.example"), "ab--cd.example|");
  EXPECT_EQ(convert(lookup, "example.com."), "example.com.|");
  EXPECT_EQ(convert(with(lookup, {"--no-allow-trailing-dot"}), "example.com."), "|EMPTY_LABEL");
  EXPECT_EQ(convert(lookup, "a..b"), "|EMPTY_LABEL");
  const std::string long_label = std::string(64, 'a').append(".com");
  EXPECT_EQ(convert(lookup, long_label), "|LABEL_TOO_LONG");
  // Five labels of 63: 319 octets.
  std::string long_name;
  for (int i = 0; i < 5; ++i) long_name += std::string(63, 'a') + (i < 4 ? "." : "");
  EXPECT_EQ(convert(lookup, long_name), "|NAME_TOO_LONG");
  EXPECT_EQ(convert(with(lookup, {"--no-verify-dns-length"}), long_name), long_name + "|");
}

TEST(CliIdna2008, ToUnicodeWritesEveryRecordAndFailsTheBadOnes) {
  const auto r = run_puny(lookup_unicode, lines({"xn--bcher-kva.de", "xn--7a.de", "Example.COM", "xn--zca.de"}));
  // A label that breaks a rule is written as it was given.
  EXPECT_EQ(r.out, lines({text(u8"bücher.de"), "xn--7a.de", "Example.COM", text(u8"ß.de")}));
  EXPECT_EQ(r.err,
            "puny: line 2: label 1 \"xn--7a\": " + text(u8"U+00A1 '¡' at position 1: DISALLOWED (RFC 5892 §2-3; "
                                                        u8"RFC 5891 §4.2.2, §5.4: a code point is DISALLOWED)\n"));
  EXPECT_EQ(r.status, 1);
}

TEST(CliIdna2008, MessagesNameTheLabelTheCodePointItsPositionAndTheRule) {
  const auto r = run_puny(lookup, lines({"example.com", text(u8"www.l·x.cat"), "a_b.example"}));
  EXPECT_EQ(r.out, "example.com\n\n\n");
  EXPECT_EQ(r.err, lines({
                       "puny: line 2: label 2 \"" + text(u8"l·x\": U+00B7 '·' at position 2: CONTEXTO (RFC 5892 "
                                                         u8"Appendix A.3-A.9; RFC 5891 §4.2.3.3: a CONTEXTO code "
                                                         u8"point is out of context)"),
                       "puny: line 3: label 1 \"a_b\": U+005F '_' at position 2: NON_LDH_ASCII (RFC 5890 §2.3.1; "
                       "RFC 1123 §2.1: an ASCII label holds a character other than a-z, A-Z, 0-9 and hyphen)",
                   }));
  EXPECT_EQ(r.status, 1);
  // A rule about the whole label names no code point; -q silences it all.
  const auto h = run_puny(registration, lines({"-ab.de"}));
  EXPECT_EQ(h.err, "puny: line 1: label 1 \"-ab\": HYPHEN_START_END (RFC 5891 §4.2.3.1; RFC 5890 §2.3.1: a label "
                   "begins or ends with a hyphen)\n");
  const auto q = run_puny(with(registration, {"-q"}), lines({"-ab.de"}));
  EXPECT_EQ(q.out, "\n");
  EXPECT_EQ(q.err, "");
  EXPECT_EQ(q.status, 1);
}

TEST(CliIdna2008, JsonlCarriesTheCodesAndWhereTheFirstFaultIs) {
  const auto r = run_puny(with(lookup, {"--format", "jsonl"}),
                          lines({text(u8"l·x.cat"), text(u8"bücher.de"), text(u8"x.Bücher"), "-ab.de", "a..b"}));
  EXPECT_EQ(r.out,
            lines({
                text(u8R"({"input": "l·x.cat", "output": null, "ok": false, "errors": ["CONTEXTO"], "label": 0, )"
                     u8R"("offset": 1, "code_point": "U+00B7"})"),
                text(u8R"({"input": "bücher.de", "output": "xn--bcher-kva.de", "ok": true, "errors": [], )"
                     u8R"("label": null, "offset": null, "code_point": null})"),
                text(u8R"({"input": "x.Bücher", "output": null, "ok": false, "errors": ["DISALLOWED"], "label": 1, )"
                     u8R"("offset": 0, "code_point": "U+0042"})"),
                R"({"input": "-ab.de", "output": "-ab.de", "ok": true, "errors": [], "label": null, )"
                R"("offset": null, "code_point": null})",
                R"({"input": "a..b", "output": null, "ok": false, "errors": ["EMPTY_LABEL"], "label": 1, )"
                R"("offset": null, "code_point": null})",
            }));
  EXPECT_EQ(r.status, 1);
  // to-unicode always has an output, also in jsonl.
  const auto u = run_puny({"to-unicode", "--profile", "idna2008", "--format", "jsonl", "xn--7a.de"});
  EXPECT_EQ(u.out, text(u8R"({"input": "xn--7a.de", "output": "xn--7a.de", "ok": false, "errors": ["DISALLOWED"], )"
                        u8R"("label": 0, "offset": 0, "code_point": "U+00A1"})"
                        u8"\n"));
  // The UTS #46 profiles keep their four members.
  EXPECT_EQ(run_puny({"to-ascii", "--format", "jsonl", "a..b"}).out,
            R"({"input": "a..b", "output": null, "ok": false, "errors": ["A4_2"]})"
            "\n");
}

TEST(CliIdna2008, TsvHasThreeFieldsWithTheStandardsCodes) {
  const auto r = run_puny(with(lookup, {"--format=tsv"}), lines({text(u8"Bücher·x.de"), "a\tb"}));
  EXPECT_EQ(r.out, lines({text(u8"Bücher·x.de\t\tCONTEXTO,DISALLOWED"), "a\\tb\t\tNON_LDH_ASCII"}));
  EXPECT_EQ(r.status, 1);
}

TEST(CliIdna2008, RecordRules) {
  // One output record per input record, in order: empty records, CRLF, a
  // last line without LF, ill-formed UTF-8 on its own.
  const auto r = run_puny(lookup, "b\xC3\xBC" "cher.de\n\r\nB\xC3\xBC.de\r\na\xFF\nxn--zca");
  EXPECT_EQ(r.out, "xn--bcher-kva.de\n\n\n\nxn--zca\n");
  EXPECT_TRUE(contains(r.err, "puny: line 2: label 1 \"\": EMPTY_LABEL")) << r.err;
  EXPECT_TRUE(contains(r.err, "puny: line 4: UTF8 at offset 1: invalid UTF-8\n")) << r.err;
  EXPECT_EQ(r.status, 1);
  // NUL-separated records, in and out.
  const auto z = run_puny(with(lookup_unicode, {"-0"}), std::string("xn--bcher-kva.de\0\0x", 20));
  EXPECT_EQ(z.out, text(u8"bücher.de") + std::string("\0\0x\0", 4));
  // An empty record is the empty name.
  EXPECT_EQ(z.status, 1);
  // Every thread count gives the same output.
  std::string many;
  for (int i = 0; i < 3000; ++i) many += (i % 3 == 0 ? text(u8"l·x.cat") : i % 3 == 1 ? "B.de" : "b.de") + "\n";
  const auto one = run_puny(with(lookup, {"-j1", "-q"}), many);
  const auto four = run_puny(with(lookup, {"-j4", "-q"}), many);
  EXPECT_EQ(one.out, four.out);
  EXPECT_EQ(std::count(one.out.begin(), one.out.end(), '\n'), 3000);
}

TEST(CliIdna2008, PlainOutputNeverSplitsARecord) {
  // With --no-check-hostname an ASCII label may hold a line feed given in
  // an argument: plain output refuses it, tsv escapes it.
  const auto r = run_puny(with(lookup, {"--no-check-hostname", "--", "a\nb"}));
  EXPECT_EQ(r.out, "\n");
  EXPECT_TRUE(contains(r.err, "terminator_in_result")) << r.err;
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(run_puny(with(lookup, {"--no-check-hostname", "--format=tsv", "--", "a\nb"})).out, "a\\nb\ta\\nb\t\n");
}

TEST(CliIdna2008, CheckGivesTheVerdictAndEachLabelsRules) {
  const auto r = run_puny({"check", "--profile", "idna2008", text(u8"l·x.cat"), "0a.xn--4db", "example.com"});
  EXPECT_TRUE(contains(r.out, text(u8"l·x.cat: invalid under IDNA2008 lookup (CONTEXTO)\n"))) << r.out;
  EXPECT_TRUE(contains(r.out, "  ASCII:   (none: ToASCII fails)\n")) << r.out;
  EXPECT_TRUE(contains(r.out, text(u8"  label 1  l·x  (no ASCII form)"))) << r.out;
  EXPECT_TRUE(contains(r.out, text(u8"    CONTEXTO: a CONTEXTO code point is out of context (RFC 5892 Appendix "
                                   u8"A.3-A.9; RFC 5891 §4.2.3.3): U+00B7 '·' at position 2\n")))
      << r.out;
  EXPECT_TRUE(contains(r.out, "  label 2  cat  cat\n")) << r.out;
  // The Bidi domain name: the ASCII label fails rule 1 because of the other.
  EXPECT_TRUE(contains(r.out, "0a.xn--4db: invalid under IDNA2008 lookup (BIDI_1)\n")) << r.out;
  EXPECT_TRUE(contains(r.out, text(u8"  Bidi domain name: label 2 holds U+05D0 'א' of Bidi_Class R at position 1"))) << r.out;
  EXPECT_TRUE(contains(r.out, "  label 1  0a  (no ASCII form)\n    BIDI_1: Bidi rule 1: the first character is not "
                              "of Bidi class L, R or AL (RFC 5893 §2 rule 1)\n"))
      << r.out;
  EXPECT_TRUE(contains(r.out, text(u8"  label 2  א  xn--4db  (typed xn--4db)\n"))) << r.out;
  EXPECT_TRUE(contains(r.out, "example.com: valid under IDNA2008 lookup\n  ASCII:   example.com\n"
                              "  Unicode: example.com\n  label 1  example  example\n  label 2  com  com\n\n"))
      << r.out;
  EXPECT_EQ(r.status, 1);
  // Every DISALLOWED code point is named, with its position.
  const auto d = run_puny({"check", "--profile", "idna2008", text(u8"BÄr.de")});
  EXPECT_TRUE(contains(d.out, text(u8"    DISALLOWED: a code point is DISALLOWED (RFC 5892 §2-3; RFC 5891 §4.2.2, "
                                   u8"§5.4): U+0042 'B' at position 1, U+00C4 'Ä' at position 2\n")))
      << d.out;
  // Registration, and a valid name exits 0.
  const auto g = run_puny({"check", "--profile", "idna2008-registration", "xn--bcher-kva.de"});
  EXPECT_TRUE(g.out.starts_with("xn--bcher-kva.de: valid under IDNA2008 registration\n")) << g.out;
  EXPECT_EQ(g.status, 0);
  // A code of the whole name comes before the labels.
  std::string long_name;
  for (int i = 0; i < 5; ++i) long_name += std::string(63, 'a') + (i < 4 ? "." : "");
  const auto n = run_puny({"check", "--profile", "idna2008", long_name});
  EXPECT_TRUE(contains(n.out, ": invalid under IDNA2008 lookup (NAME_TOO_LONG)\n")) << n.out;
  EXPECT_TRUE(contains(n.out, "\n  NAME_TOO_LONG: the name is longer than 253 octets in its ASCII form")) << n.out;
  EXPECT_EQ(n.status, 1);
}

TEST(CliIdna2008, FlagsOfOtherStandardsAreUsageErrors) {
  for (const char* flag : {"--transitional", "--check-joiners", "--std3", "--no-std3", "--ignore-invalid-punycode",
                           "--allow-unassigned"}) {
    for (const char* cmd : {"to-ascii", "to-unicode", "check"}) {
      const auto r = run_puny({cmd, "--profile", "idna2008", flag, "a.de"});
      EXPECT_EQ(r.out, "") << cmd << ' ' << flag;
      EXPECT_TRUE(r.err.starts_with("puny: option '" + std::string(flag) + "' does not apply to --profile idna2008: "))
          << r.err;
      EXPECT_TRUE(contains(r.err, "the flags of IDNA2008 are --[no-]check-hyphens, --[no-]check-bidi")) << r.err;
      EXPECT_EQ(r.status, 2) << cmd << ' ' << flag;
    }
  }
  EXPECT_TRUE(contains(run_puny({"to-ascii", "--transitional", "--profile=idna2008", "a"}).err,
                       "'--transitional' does not apply to --profile idna2008: IDNA2008 maps nothing"));
  // IDNA2008's own flags are usage errors with the UTS #46 profiles.
  const auto u = run_puny({"to-ascii", "--no-check-contexto", "a.de"});
  EXPECT_TRUE(u.err.starts_with("puny: option '--no-check-contexto' does not apply to --profile uts46 (the default): "
                                "it is a flag of IDNA2008"))
      << u.err;
  EXPECT_EQ(u.status, 2);
  EXPECT_EQ(run_puny({"to-ascii", "--profile", "whatwg", "--allow-reserved-ldh", "a"}).status, 2);
  // --urls and --emails take the UTS #46 profiles only.
  for (const char* option : {"--urls", "--emails"}) {
    const auto h = run_puny({"to-ascii", "--profile", "idna2008", option, "a"});
    EXPECT_TRUE(h.err.starts_with("puny: option '" + std::string(option) +
                                  "' does not apply to --profile idna2008: hosts found in text are converted with "
                                  "the UTS #46 profiles only"))
        << h.err;
    EXPECT_EQ(h.status, 2);
  }
}

TEST(CliIdna2008, HelpAndManualPageDescribeTheProfileAndItsFlags) {
  const auto r = run_puny({"to-ascii", "--help"});
  for (const char* part : {"idna2008", "idna2008-registration", "--[no-]check-contexto", "--[no-]check-hostname",
                           "--[no-]require-lowercase-alabels", "--[no-]allow-reserved-ldh",
                           "--[no-]allow-trailing-dot", "CONTEXTO", "\"code_point\""}) {
    EXPECT_TRUE(contains(r.out, part)) << part;
  }
  EXPECT_EQ(r.status, 0);
}

}  // namespace
