// Adversarial input through the puny command (issue 5, "hardening"): a
// 16 MiB line, 100,000 records, a 16 MiB NUL-separated record, CRLF and a
// last line without its newline, ill-formed UTF-8 and overflowing Punycode
// in the middle of a stream.  The contract under test (docs/puny.1): exactly
// one output record per input record, in order, whatever fails; a message
// on standard error naming the record and the reason; exit status 1 when
// any record failed.  All data is generated in memory and piped in.
#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "cli_process.hpp"

namespace {

using puny_cli_test::run_puny;

constexpr std::size_t mib16 = std::size_t{16} << 20;

const std::string u_umlaut = "\xC3\xBC";  // ü, U+00FC

std::string repeat(std::string_view unit, std::size_t n) {
  std::string out;
  out.reserve(unit.size() * n);
  for (std::size_t j = 0; j < n; ++j) out += unit;
  return out;
}

const char* const a4_1 = "A4_1 (the domain name is empty or longer than 253 characters)";
const char* const a4_2 = "A4_2 (a label is empty or longer than 63 characters)";
const char* const bad_utf8 = ": invalid UTF-8\n";

// The line as the messages quote a label: its first 63 code points
// (RFC 1034 §3.1's label limit), then "...".
// (Appends instead of operator+ on literals: GCC 12 warns falsely on that.)
std::string quoted_long_label(std::string_view first_63) {
  std::string out(1, '"');
  out += first_63;
  out += "...\"";
  return out;
}

TEST(CliAdversarial, SixteenMebibyteLineAmongShortOnes) {
  // 8 Mi copies of U+00FC: RFC 3492 §6.3 gives delta 124 ("tda") and then
  // zero deltas ("a").
  const std::size_t count = mib16 / 2;
  const std::string big = repeat(u_umlaut, count);
  const std::string ace = "xn--tda" + std::string(count - 1, 'a');
  const std::string input = "b\xC3\xBC" "cher.de\n" + big + "\nx.de\n";

  // The URL Standard's profile checks no DNS length: the line converts, on
  // two threads as on one.
  for (const char* jobs : {"1", "2"}) {
    const auto w = run_puny({"to-ascii", "--profile", "whatwg", "-j", jobs}, input);
    EXPECT_EQ(w.status, 0) << w.err.substr(0, 300);
    EXPECT_EQ(w.err, "");
    EXPECT_TRUE(w.out == "xn--bcher-kva.de\n" + ace + "\nx.de\n") << "jobs " << jobs << ", output of "
                                                                    << w.out.size() << " bytes";
  }
  // uts46 (UTS #46 §4.2 step 4, VerifyDnsLength): an empty output record,
  // and the label's first 63 code points in the message.
  const auto a = run_puny({"to-ascii"}, input);
  EXPECT_EQ(a.out, "xn--bcher-kva.de\n\nx.de\n");
  std::string message = "puny: line 2: label 1 ";
  message += quoted_long_label(repeat(u_umlaut, 63));
  message += ": ";
  message += a4_1;
  message += "; ";
  message += a4_2;
  message += '\n';
  EXPECT_EQ(a.err, message);
  EXPECT_EQ(a.status, 1);
  // Back again: ToUnicode decodes 8 Mi code points from one label.
  const auto u = run_puny({"to-unicode"}, "xn--bcher-kva.de\n" + ace + "\nx.de\n");
  EXPECT_EQ(u.status, 0) << u.err.substr(0, 300);
  EXPECT_TRUE(u.out == input) << "output of " << u.out.size() << " bytes";
  // Bare Punycode, in both directions.
  const auto e = run_puny({"encode"}, big + "\n");
  EXPECT_EQ(e.status, 0);
  EXPECT_TRUE(e.out == ace.substr(4) + "\n") << "output of " << e.out.size() << " bytes";
  const auto d = run_puny({"decode"}, ace.substr(4));  // no final newline either
  EXPECT_EQ(d.status, 0);
  EXPECT_TRUE(d.out == big + "\n") << "output of " << d.out.size() << " bytes";
}

TEST(CliAdversarial, SixteenMebibyteAsciiLineWithAFailureAtItsEnd) {
  // One 16 MiB line whose last byte is ill-formed: the offset counts every
  // byte before it.  Then a decoder overflow after a 16 MiB literal portion
  // (RFC 3492 §6.4): "bb" and sixteen "0" overflow digit * w at digit 17.
  const std::string letters(mib16, 'a');
  const auto e = run_puny({"encode"}, "x\n" + letters + "\xC0\ny\n");
  EXPECT_EQ(e.out, "x-\n\ny-\n");
  EXPECT_EQ(e.err, "puny: line 2: UTF8 at offset " + std::to_string(mib16) + bad_utf8);
  EXPECT_EQ(e.status, 1);
  const auto d = run_puny({"decode"}, letters + "-bb0000000000000000\r\nbcher-kva\r\n");
  EXPECT_EQ(d.out, "\nb\xC3\xBC" "cher\n");
  EXPECT_EQ(d.err, "puny: line 1: overflow at offset " + std::to_string(mib16 + 1 + 17) +
                       ": integer overflow (RFC 3492 section 6.4)\n");
  EXPECT_EQ(d.status, 1);
}

TEST(CliAdversarial, SixteenMebibyteNulSeparatedRecord) {
  // With -0, LF and CR are ordinary bytes of a record (docs/puny.1); a
  // 16 MiB record of "a\r\n" is all basic code points, so its Punycode is
  // itself and a delimiter.  The last record has no NUL.
  const std::string big = repeat("a\r\n", mib16 / 3);
  std::string input = u_umlaut;
  input += '\0';
  input += big;
  input += '\0';
  input += "\xFF";
  input += '\0';
  input += "b";
  std::string expected = "tda";
  expected += '\0';
  expected += big + "-";
  expected += '\0';
  expected += '\0';  // the ill-formed record's empty output record
  expected += "b-";
  expected += '\0';
  for (const char* jobs : {"1", "2"}) {
    const auto r = run_puny({"encode", "-0", "-j", jobs}, input);
    EXPECT_TRUE(r.out == expected) << "jobs " << jobs << ", output of " << r.out.size() << " bytes";
    EXPECT_EQ(r.err, std::string("puny: record 3: UTF8 at offset 0") + bad_utf8);
    EXPECT_EQ(r.status, 1);
  }
  std::string encoded = big + "-";
  encoded += '\0';
  const auto d = run_puny({"decode", "--null"}, encoded);
  std::string decoded = big;
  decoded += '\0';
  EXPECT_TRUE(d.out == decoded) << "output of " << d.out.size() << " bytes";
  EXPECT_EQ(d.status, 0);
}

// 100,000 records of known results, with CRLF on every third line, failing
// records at known places, and no newline after the last one.
struct record_stream {
  std::string input;
  std::string ascii;        // what to-ascii writes
  std::string errors;       // what to-ascii says on standard error
  std::size_t records = 0;
};

record_stream hundred_thousand_records() {
  constexpr std::size_t count = 100'000;
  record_stream s;
  for (std::size_t line = 1; line <= count; ++line) {
    const std::string n = std::to_string(line);
    std::string in;
    std::string out;
    if (line == 1 || line == 50'000 || line == count) {
      // Ill-formed UTF-8 after 3 + digits bytes: a stray continuation byte,
      // a surrogate (Unicode Table 3-7: ED A0..BF), a truncated sequence
      // that the end of the input cuts.
      const char* bad = line == 1 ? "\x80" : line == 50'000 ? "\xED\xA0\x80" : "\xF0\x9F\x98";
      in = "bad" + n + bad;
      s.errors += "puny: line " + n + ": UTF8 at offset " + std::to_string(3 + n.size()) + bad_utf8;
    } else if (line % 10'000 == 7) {
      // UseSTD3ASCIIRules: "_" is U1 in label 2 of 3.
      in = "ok" + n + ".a_b.de";
      s.errors += "puny: line " + n +
                  ": label 2 \"a_b\": U1 (ASCII character other than a-z, 0-9 and hyphen (STD3 rules))\n";
    } else {
      in = "Label" + n + ".B\xC3\x9C" "CHER.de";  // mapped to lowercase, ü kept
      out = "label" + n + ".xn--bcher-kva.de";
    }
    s.input += in;
    if (line != count) s.input += line % 3 == 0 ? "\r\n" : "\n";
    s.ascii += out + "\n";
  }
  s.records = count;
  return s;
}

TEST(CliAdversarial, HundredThousandRecordsWithFailuresCrlfAndNoFinalNewline) {
  const record_stream s = hundred_thousand_records();
  for (const char* jobs : {"1", "2"}) {
    const auto r = run_puny({"to-ascii", "-j", jobs}, s.input);
    EXPECT_TRUE(r.out == s.ascii) << "jobs " << jobs << ": " << r.out.size() << " bytes instead of "
                                  << s.ascii.size();
    EXPECT_EQ(r.err, s.errors);
    EXPECT_EQ(r.status, 1);
  }
  // to-unicode writes every record; the ill-formed ones as empty records.
  const auto u = run_puny({"to-unicode", "-q"}, s.input);
  std::size_t lines = 0;
  for (const char c : u.out) lines += c == '\n' ? 1 : 0;
  EXPECT_EQ(lines, s.records);
  EXPECT_EQ(u.err, "");
  EXPECT_EQ(u.status, 1);
}

TEST(CliAdversarial, HundredThousandRecordsOfNothingButSeparators) {
  // Empty records are records (docs/puny.1): 100,000 of them, LF and CRLF.
  const std::string lf(100'000, '\n');
  const auto e = run_puny({"encode"}, lf);
  EXPECT_TRUE(e.out == lf) << e.out.size();
  EXPECT_EQ(e.status, 0);
  const auto c = run_puny({"encode"}, repeat("\r\n", 100'000));
  EXPECT_TRUE(c.out == lf) << c.out.size();
  EXPECT_EQ(c.status, 0);
  std::string nuls(100'000, '\0');
  const auto z = run_puny({"encode", "-0"}, nuls);
  EXPECT_TRUE(z.out == nuls) << z.out.size();
  EXPECT_EQ(z.status, 0);
}

// Each class of ill-formed UTF-8 (Unicode §3.9, Table 3-7) as one record
// between well-formed ones: the offset is that of the first bad byte.
struct bad_record {
  std::string bytes;
  std::size_t offset;
};

const std::vector<bad_record>& bad_records() {
  static const std::vector<bad_record> records = {
      {"\xC0\x80", 0},                   // overlong NUL
      {"a\xC1\xBF", 1},                  // overlong U+007F
      {"ab\xE0\x80\x80", 2},             // overlong 3-byte
      {"\xF0\x80\x80\x80z", 0},          // overlong 4-byte
      {"x.\xED\xA0\x80", 2},             // surrogate U+D800
      {"x.y\xED\xBF\xBF.z", 3},          // surrogate U+DFFF
      {"\xF4\x90\x80\x80", 0},           // U+110000
      {"\xC3\xBC\xF5\x80\x80\x80", 2},   // F5 lead
      {"\xFF", 0},                       // FF
      {"abc\xE2\x82", 3},                // truncated at the end of the record
      {"abc\xE2\x82z", 3},               // truncated in the middle
      {"\xF0\x9F\x98\xC3\xBC", 0},       // truncated, then a lead byte
      {"\x80", 0},                       // stray continuation
      {"\xC3\xBC\xBF", 2},               // one continuation too many
  };
  return records;
}

TEST(CliAdversarial, EveryClassOfInvalidUtf8MidStream) {
  std::string lines;
  std::string nul;
  std::string encode_out;
  std::string errors_lines;
  std::string errors_records;
  std::size_t record = 0;
  auto add_good = [&] {
    ++record;
    lines += "b\xC3\xBC" "cher\n";
    nul += "b\xC3\xBC" "cher";
    nul += '\0';
    encode_out += "bcher-kva\n";
  };
  add_good();
  for (const bad_record& b : bad_records()) {
    ++record;
    lines += b.bytes + "\n";
    nul += b.bytes;
    nul += '\0';
    encode_out += "\n";
    const std::string where = std::to_string(record) + ": UTF8 at offset " + std::to_string(b.offset) + bad_utf8;
    errors_lines += "puny: line " + where;
    errors_records += "puny: record " + where;
    add_good();
  }
  const auto e = run_puny({"encode"}, lines);
  EXPECT_EQ(e.out, encode_out);
  EXPECT_EQ(e.err, errors_lines);
  EXPECT_EQ(e.status, 1);

  std::string encode_nul = encode_out;
  for (char& c : encode_nul) c = c == '\n' ? '\0' : c;
  const auto z = run_puny({"encode", "-0"}, nul);
  EXPECT_EQ(z.out, encode_nul);
  EXPECT_EQ(z.err, errors_records);
  EXPECT_EQ(z.status, 1);

  // to-ascii and to-unicode: the same records fail the same way; the good
  // ones (one label each) convert.
  std::string ascii_out;
  std::string unicode_out;
  for (std::size_t j = 0; j < record; ++j) {
    const bool good = j % 2 == 0;
    ascii_out += good ? "xn--bcher-kva\n" : "\n";
    unicode_out += good ? "b\xC3\xBC" "cher\n" : "\n";
  }
  const auto a = run_puny({"to-ascii"}, lines);
  EXPECT_EQ(a.out, ascii_out);
  EXPECT_EQ(a.err, errors_lines);
  EXPECT_EQ(a.status, 1);
  const auto u = run_puny({"to-unicode"}, lines);
  EXPECT_EQ(u.out, unicode_out);
  EXPECT_EQ(u.err, errors_lines);
  EXPECT_EQ(u.status, 1);
}

TEST(CliAdversarial, DecoderOverflowsMidStream) {
  // Inputs built to reach each overflow check of RFC 3492 §6.4 (see
  // tests/lib/adversarial_test.cpp for the arithmetic), between good lines.
  const std::string overflow = ": integer overflow (RFC 3492 section 6.4)\n";
  const std::string input =
      "tda\n"
      "bb0000000000000000\n"   // digit * w overflows at digit 17
      "tda\n"
      "99999999999999999p\n"   // i + digit * w overflows at digit 17
      "tda\n"
      "xyz-bb0000000000000000\n"  // the same after a literal portion of 3
      "tda\n";
  const auto d = run_puny({"decode"}, input);
  EXPECT_EQ(d.out, u_umlaut + "\n\n" + u_umlaut + "\n\n" + u_umlaut + "\n\n" + u_umlaut + "\n");
  EXPECT_EQ(d.err, "puny: line 2: overflow at offset 17" + overflow + "puny: line 4: overflow at offset 17" +
                       overflow + "puny: line 6: overflow at offset 21" + overflow);
  EXPECT_EQ(d.status, 1);
}

}  // namespace
