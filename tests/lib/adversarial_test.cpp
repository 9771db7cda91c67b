// Adversarial inputs (issue 5, "hardening"): a million combining marks on
// one base character, 16 MiB lines, 100,000 labels, "xn--" repeated 10,000
// times, every class of ill-formed UTF-8 and Punycode built to reach each
// overflow check of the decoder.  Every case asserts the exact outcome: the
// status or UTS #46 codes together with the byte offset or label index, or
// the whole correct result, computed independently of the code under test
// wherever that is possible (the naive reference codec of test_support.hpp,
// a table of known A-labels, or the structure of the input).  Speed is not
// asserted here; bench/adversarial_bench.cpp shows that time stays linear.
#include <gtest/gtest.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "puny/bootstring.hpp"
#include "puny/idna.hpp"
#include "puny/punycode.hpp"
#include "puny/status.hpp"
#include "puny/utf8.hpp"
#include "test_encoding.hpp"
#include "test_support.hpp"

namespace {

using puny::idna_code;
using puny::idna_errors;
using puny::idna_profile;
using puny::status;
using puny_test::same;

constexpr std::size_t no_label = puny::idna_result::no_label;
constexpr std::size_t mib16 = std::size_t{16} << 20;
constexpr std::uint64_t u64_max = std::numeric_limits<std::uint64_t>::max();

// Inputs are built with the tests' own UTF-8 writer (Unicode Table 3-6),
// not the converter under test.
using puny_test::append_utf8;

std::string utf8_of(std::u32string_view s) {
  std::string out;
  out.reserve(s.size() * 2);
  for (const char32_t c : s) append_utf8(out, c);
  return out;
}

// `head` followed by n copies of `fill`.  (Appends instead of operator+ on
// a literal: GCC 12 warns falsely on that, as test_support.hpp notes.)
std::u32string head_then(char32_t head, std::size_t n, char32_t fill) {
  std::u32string out(1, head);
  out.append(n, fill);
  return out;
}

std::string repeat(std::string_view unit, std::size_t n) {
  std::string out;
  out.reserve(unit.size() * n);
  for (std::size_t j = 0; j < n; ++j) out += unit;
  return out;
}

// n copies of `label` joined by '.'.
std::string join_labels(std::string_view label, std::size_t n) {
  std::string out;
  out.reserve((label.size() + 1) * n);
  for (std::size_t j = 0; j < n; ++j) {
    if (j != 0) out += '.';
    out += label;
  }
  return out;
}

std::string bytes(std::initializer_list<unsigned> list) {
  std::string out;
  for (const unsigned b : list) out += static_cast<char>(static_cast<unsigned char>(b));
  return out;
}

// ---------------------------------------------------------------------------
// (1) One base character and a million combining marks.
//
// UTS #46 §4 Processing maps (U+0301 is valid) and normalizes to NFC.  By
// UAX #15 canonical composition, "a" + U+0301 is U+00E1; the next U+0301
// meets U+00E1, which has no primary composite with it, and every later one
// is blocked by the mark before it (same combining class 230).  So the NFC
// form is U+00E1 followed by 999,999 U+0301.  V6 does not apply (the label
// begins with U+00E1), there is no RTL character (no Bidi rule) and no
// joiner.  ToUnicode (§4.3) never checks DNS lengths; ToASCII (§4.2 step 4)
// does only with VerifyDnsLength, which the uts46 profile sets and the
// whatwg profile clears.

constexpr std::size_t million = 1'000'000;

TEST(Adversarial, MillionCombiningMarksOnOneBase) {
  const std::u32string raw = head_then(U'a', million, U'\u0301');
  const std::u32string nfc = head_then(U'\u00E1', million - 1, U'\u0301');
  const std::string raw8 = utf8_of(raw);
  const std::string nfc8 = utf8_of(nfc);
  ASSERT_EQ(raw8.size(), 1 + 2 * million);

  // The expected A-label from the reference encoder (its quadratic loops run
  // once per distinct code point: twice here).  Its structure is checked
  // too: delta 97 for U+00E1 ("1ca"), one large delta for the first U+0301
  // ("20i"), and then 999,998 zero deltas, each the single digit "a" since
  // a threshold is never below tmin = 1 (RFC 3492 §6.3).
  const puny_test::ref_encoded expected_punycode = puny_test::ref_encode(nfc);
  ASSERT_EQ(expected_punycode.code, status::success);
  ASSERT_EQ(expected_punycode.text, "1ca20i" + std::string(million - 2, 'a'));
  const std::string expected_ace = "xn--" + expected_punycode.text;

  {
    const auto r = puny::to_unicode(raw8);
    EXPECT_TRUE(r.ok()) << puny::to_string(r.errors);
    EXPECT_TRUE(same(r.value, nfc8));
    const auto r32 = puny::to_unicode(std::u32string_view(raw));
    EXPECT_TRUE(r32.ok()) << puny::to_string(r32.errors);
    EXPECT_TRUE(same(r32.value, nfc));
  }
  {
    // uts46: one label of 1,000,008 characters: A4_2 for it (label 0), A4_1
    // for the domain; nothing is written.
    const auto r = puny::to_ascii(raw8);
    EXPECT_EQ(r.code, status::success);
    EXPECT_EQ(r.errors, (idna_errors{idna_code::A4_1, idna_code::A4_2}));
    EXPECT_EQ(r.label, 0u);
    EXPECT_EQ(r.value, "");
    const auto r32 = puny::to_ascii(std::u32string_view(raw));
    EXPECT_EQ(r32.errors, (idna_errors{idna_code::A4_1, idna_code::A4_2}));
    EXPECT_EQ(r32.label, 0u);
  }
  {
    const auto w = puny::to_ascii(raw8, idna_profile::whatwg);
    EXPECT_TRUE(w.ok()) << puny::to_string(w.errors);
    EXPECT_TRUE(same(w.value, expected_ace));
    auto o = puny::idna_options::for_profile(idna_profile::uts46);
    o.verify_dns_length = false;
    const auto u = puny::to_ascii(std::u32string_view(raw), o);
    EXPECT_TRUE(u.ok()) << puny::to_string(u.errors);
    EXPECT_TRUE(same(u.value, expected_ace));
    // And back: ToUnicode of the A-label decodes a million code points.
    const auto back = puny::to_unicode(expected_ace);
    EXPECT_TRUE(back.ok()) << puny::to_string(back.errors);
    EXPECT_TRUE(same(back.value, nfc8));
  }
  {
    // Punycode alone does not normalize: "a" is the literal portion.
    const puny_test::ref_encoded ref = puny_test::ref_encode(raw);
    ASSERT_EQ(ref.code, status::success);
    const auto e = puny::encode(std::u32string_view(raw));
    ASSERT_EQ(e.code, status::success);
    EXPECT_TRUE(same(e.value, ref.text));
    const auto e8 = puny::encode_utf8(raw8);
    ASSERT_EQ(e8.code, status::success);
    EXPECT_TRUE(same(e8.value, ref.text));
    const auto d = puny::decode(ref.text);
    ASSERT_EQ(d.code, status::success);
    EXPECT_TRUE(same(d.value, raw));
    const auto d8 = puny::decode_to_utf8(ref.text);
    ASSERT_EQ(d8.code, status::success);
    EXPECT_TRUE(same(d8.value, raw8));
  }
}

TEST(Adversarial, MillionCombiningMarksOfTwoClassesInterleaved) {
  // The canonical ordering adversary: U+0301 (ccc 230) and U+0316 (ccc 220)
  // alternating, so that NFC (UAX #15 canonical ordering, a stable sort by
  // combining class) must move half a million marks; an insertion sort
  // would be quadratic here.  Then the first U+0301 composes with "a": the
  // U+0316 before it have a lower class and do not block it.
  std::u32string raw(1, U'a');
  for (std::size_t j = 0; j < million; ++j) raw += j % 2 == 0 ? U'\u0301' : U'\u0316';
  std::u32string nfc(1, U'\u00E1');
  nfc.append(million / 2, U'\u0316');
  nfc.append(million / 2 - 1, U'\u0301');
  const auto r32 = puny::to_unicode(std::u32string_view(raw));
  EXPECT_TRUE(r32.ok()) << puny::to_string(r32.errors);
  EXPECT_TRUE(same(r32.value, nfc));
  const auto r = puny::to_unicode(utf8_of(raw));
  EXPECT_TRUE(r.ok()) << puny::to_string(r.errors);
  EXPECT_TRUE(same(r.value, utf8_of(nfc)));
}

TEST(Adversarial, MillionCombiningMarksWithNoBase) {
  // UTS #46 §4.1 criterion 6: a label must not begin with a combining mark
  // (V6); ToASCII adds the lengths (A4_1, A4_2).  ToUnicode still returns
  // the label (§4.3 keeps failing labels).
  const std::u32string marks(million, U'\u0301');
  const auto u = puny::to_unicode(std::u32string_view(marks));
  EXPECT_EQ(u.errors, (idna_errors{idna_code::V6}));
  EXPECT_EQ(u.label, 0u);
  EXPECT_TRUE(same(u.value, marks));
  const auto a = puny::to_ascii(utf8_of(marks));
  EXPECT_EQ(a.errors, (idna_errors{idna_code::A4_1, idna_code::A4_2, idna_code::V6}));
  EXPECT_EQ(a.label, 0u);
}

// ---------------------------------------------------------------------------
// (2) A 16 MiB line.

TEST(Adversarial, SixteenMebibytesOfOneAsciiLetter) {
  const std::string line(mib16, 'a');
  // uts46: one 16 MiB label: A4_2 (label 0) and A4_1.
  const auto a = puny::to_ascii(line);
  EXPECT_EQ(a.code, status::success);
  EXPECT_EQ(a.errors, (idna_errors{idna_code::A4_1, idna_code::A4_2}));
  EXPECT_EQ(a.label, 0u);
  EXPECT_EQ(a.value, "");
  // Without VerifyDnsLength an ASCII label of valid characters is its own
  // A-label (§4.2 step 2 leaves ASCII labels alone).
  const auto w = puny::to_ascii(line, idna_profile::whatwg);
  EXPECT_TRUE(w.ok()) << puny::to_string(w.errors);
  EXPECT_TRUE(same(w.value, line));
  const auto u = puny::to_unicode(line);
  EXPECT_TRUE(u.ok()) << puny::to_string(u.errors);
  EXPECT_TRUE(same(u.value, line));
  // Uppercase ASCII maps to lowercase (IdnaMappingTable) on the full path.
  auto o = puny::idna_options::for_profile(idna_profile::uts46);
  o.verify_dns_length = false;
  const auto upper = puny::to_ascii(std::string(mib16, 'A'), o);
  EXPECT_TRUE(upper.ok()) << puny::to_string(upper.errors);
  EXPECT_TRUE(same(upper.value, line));

  // RFC 3492 §6.3: all basic, so the output is the input and a delimiter.
  const auto e = puny::encode_utf8(line);
  ASSERT_EQ(e.code, status::success);
  EXPECT_TRUE(same(e.value, line + "-"));
  const auto d = puny::decode_to_utf8(line + "-");
  ASSERT_EQ(d.code, status::success);
  EXPECT_TRUE(same(d.value, line));
}

TEST(Adversarial, SixteenMebibytesOfUUmlaut) {
  constexpr std::size_t count = mib16 / 2;  // U+00FC is two bytes
  const std::string line = repeat("\xC3\xBC", count);
  // RFC 3492 §6.3: the first delta is (0xFC - 0x80) * 1 = 124 ("tda"), every
  // later one 0 ("a"); the reference encoder agrees (one distinct code point).
  const std::string expected_punycode = "tda" + std::string(count - 1, 'a');
  const puny_test::ref_encoded ref = puny_test::ref_encode(std::u32string(count, U'\u00FC'));
  ASSERT_EQ(ref.code, status::success);
  ASSERT_EQ(ref.text, expected_punycode);

  const auto w = puny::to_ascii(line, idna_profile::whatwg);
  EXPECT_TRUE(w.ok()) << puny::to_string(w.errors);
  EXPECT_TRUE(same(w.value, "xn--" + expected_punycode));
  const auto a = puny::to_ascii(line);
  EXPECT_EQ(a.errors, (idna_errors{idna_code::A4_1, idna_code::A4_2}));
  EXPECT_EQ(a.label, 0u);
  const auto u = puny::to_unicode(line);
  EXPECT_TRUE(u.ok()) << puny::to_string(u.errors);
  EXPECT_TRUE(same(u.value, line));
  const auto back = puny::to_unicode("xn--" + expected_punycode);
  EXPECT_TRUE(back.ok()) << puny::to_string(back.errors);
  EXPECT_TRUE(same(back.value, line));

  const auto e = puny::encode_utf8(line);
  ASSERT_EQ(e.code, status::success);
  EXPECT_TRUE(same(e.value, expected_punycode));
  const auto d = puny::decode_to_utf8(expected_punycode);
  ASSERT_EQ(d.code, status::success);
  EXPECT_TRUE(same(d.value, line));
}

// Labels whose A-labels are known (RFC 3492 §7.1-style hand checks and the
// registries' published forms), all left-to-right so that the domain is
// not a Bidi domain (RFC 5893 §1.4) and every label converts on its own.
struct known_label {
  std::string_view unicode;  // input form (may need mapping)
  std::string_view mapped;   // after UTS #46 mapping and NFC
  std::string_view ace;
};
constexpr known_label known_labels[] = {
    {"b\xC3\xBC" "cher", "b\xC3\xBC" "cher", "xn--bcher-kva"},
    {"m\xC3\xBCnchen", "m\xC3\xBCnchen", "xn--mnchen-3ya"},
    {"\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E", "\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E", "xn--wgv71a119e"},
    {"stra\xC3\x9F" "e", "stra\xC3\x9F" "e", "xn--strae-oqa"},  // nontransitional: ß stays
    {"\xCE\xB5\xCE\xBB\xCE\xBB\xCE\xB7\xCE\xBD\xCE\xB9\xCE\xBA\xCE\xAC",
     "\xCE\xB5\xCE\xBB\xCE\xBB\xCE\xB7\xCE\xBD\xCE\xB9\xCE\xBA\xCE\xAC", "xn--hxargifdar"},
    {"\xD1\x80\xD0\xBE\xD1\x81\xD1\x81\xD0\xB8\xD1\x8F", "\xD1\x80\xD0\xBE\xD1\x81\xD1\x81\xD0\xB8\xD1\x8F",
     "xn--h1alffa9f"},
    {"\xC3\x84\xC3\x96\xC3\x9C", "\xC3\xA4\xC3\xB6\xC3\xBC", "xn--4ca0bs"},  // mapped to lowercase
    {"\xEF\xAC\x81", "fi", "fi"},                                           // U+FB01 maps to "fi"
    {"example", "example", "example"},
    {"a1-b2", "a1-b2", "a1-b2"},
};

TEST(Adversarial, SixteenMebibytesOfRandomLabels) {
  // The whole domain must convert exactly as its labels do one by one.
  std::mt19937 rng(5);
  std::string domain;
  std::string ace;
  std::string mapped;
  std::size_t labels = 0;
  while (domain.size() < mib16) {
    const known_label& k = known_labels[std::uniform_int_distribution<std::size_t>(0, std::size(known_labels) - 1)(rng)];
    if (labels++ != 0) {
      domain += '.';
      ace += '.';
      mapped += '.';
    }
    domain += k.unicode;
    ace += k.ace;
    mapped += k.mapped;
  }
  // The table itself, label by label.
  for (const known_label& k : known_labels) {
    const auto r = puny::to_ascii(k.unicode);
    EXPECT_TRUE(r.ok()) << k.ace;
    EXPECT_EQ(r.value, k.ace);
  }

  const auto w = puny::to_ascii(domain, idna_profile::whatwg);
  EXPECT_TRUE(w.ok()) << puny::to_string(w.errors) << " label " << w.label;
  EXPECT_TRUE(same(w.value, ace));
  // uts46: only the domain is too long (A4_1, which belongs to no label).
  const auto a = puny::to_ascii(domain);
  EXPECT_EQ(a.code, status::success);
  EXPECT_EQ(a.errors, (idna_errors{idna_code::A4_1}));
  EXPECT_EQ(a.label, no_label);
  const auto u = puny::to_unicode(ace);
  EXPECT_TRUE(u.ok()) << puny::to_string(u.errors) << " label " << u.label;
  EXPECT_TRUE(same(u.value, mapped));
  const auto m = puny::to_unicode(domain);
  EXPECT_TRUE(m.ok()) << puny::to_string(m.errors) << " label " << m.label;
  EXPECT_TRUE(same(m.value, mapped));
}

TEST(Adversarial, SixteenMebibytesOfRandomScalarValuesThroughPunycode) {
  // Every scalar value is fair game for Punycode: a round trip must be exact.
  std::mt19937 rng(3492);
  std::string text;
  while (text.size() < mib16) append_utf8(text, puny_test::random_code_point(rng, puny_test::script::mixed));
  const auto e = puny::encode_utf8(text);
  ASSERT_EQ(e.code, status::success);
  const auto d8 = puny::decode_to_utf8(e.value);
  ASSERT_EQ(d8.code, status::success);
  EXPECT_TRUE(same(d8.value, text));
}

// ---------------------------------------------------------------------------
// (3) 100,000 labels in one domain.

constexpr std::size_t label_count = 100'000;

TEST(Adversarial, HundredThousandAsciiLabels) {
  const std::string domain = join_labels("a", label_count);
  const auto a = puny::to_ascii(domain);
  EXPECT_EQ(a.code, status::success);
  EXPECT_EQ(a.errors, (idna_errors{idna_code::A4_1}));
  EXPECT_EQ(a.label, no_label);
  const auto w = puny::to_ascii(domain, idna_profile::whatwg);
  EXPECT_TRUE(w.ok());
  EXPECT_TRUE(same(w.value, domain));
  const auto u = puny::to_unicode(domain);
  EXPECT_TRUE(u.ok());
  EXPECT_TRUE(same(u.value, domain));
  const std::u32string domain32(domain.begin(), domain.end());
  const auto u32 = puny::to_unicode(std::u32string_view(domain32));
  EXPECT_TRUE(u32.ok());
  EXPECT_TRUE(same(u32.value, domain32));
}

TEST(Adversarial, HundredThousandUnicodeLabelsWithTheLastOneBad) {
  const std::string good = join_labels("\xC3\xBC", label_count);
  const std::string good_ace = join_labels("xn--tda", label_count);
  const auto w = puny::to_ascii(good, idna_profile::whatwg);
  EXPECT_TRUE(w.ok());
  EXPECT_TRUE(same(w.value, good_ace));
  const auto back = puny::to_unicode(good_ace);
  EXPECT_TRUE(back.ok());
  EXPECT_TRUE(same(back.value, good));

  // "_" breaks UseSTD3ASCIIRules (U1) in the last label, index 99,999; the
  // error index must not be lost or clipped among so many labels.
  const std::string bad = join_labels("\xC3\xBC", label_count - 1) + ".a_b";
  const auto a = puny::to_ascii(bad);
  EXPECT_EQ(a.code, status::success);
  EXPECT_EQ(a.errors, (idna_errors{idna_code::A4_1, idna_code::U1}));
  EXPECT_EQ(a.label, label_count - 1);
  EXPECT_EQ(a.value, "");
  // ToUnicode keeps every label, the bad one as it is.
  const auto u = puny::to_unicode(bad);
  EXPECT_EQ(u.code, status::success);
  EXPECT_EQ(u.errors, (idna_errors{idna_code::U1}));
  EXPECT_EQ(u.label, label_count - 1);
  EXPECT_TRUE(same(u.value, bad));
  std::u32string joined;
  for (std::size_t j = 0; j + 1 < label_count; ++j) joined += U"\u00FC.";
  joined += U"a_b";
  const auto a32 = puny::to_ascii(std::u32string_view(joined));
  EXPECT_EQ(a32.errors, (idna_errors{idna_code::A4_1, idna_code::U1}));
  EXPECT_EQ(a32.label, label_count - 1);
}

TEST(Adversarial, HundredThousandEmptyLabels) {
  // 99,999 dots separate 100,000 empty labels.  IdnaTestV2 gives "a..c"
  // [X4_2] for ToUnicode and [A4_2] for ToASCII; here the domain is also
  // over 253 characters (A4_1).  The first empty label is label 0.
  const std::string dots(label_count - 1, '.');
  const auto a = puny::to_ascii(dots);
  EXPECT_EQ(a.code, status::success);
  EXPECT_EQ(a.errors, (idna_errors{idna_code::A4_1, idna_code::A4_2}));
  EXPECT_EQ(a.label, 0u);
  const auto u = puny::to_unicode(dots);
  EXPECT_EQ(u.errors, (idna_errors{idna_code::X4_2}));
  EXPECT_EQ(u.label, 0u);
  EXPECT_TRUE(same(u.value, dots));
}

// ---------------------------------------------------------------------------
// (4) "xn--" repeated.  UTS #46 §4 Processing step 4.1: an "xn--" label loses
// its prefix and the rest is Punycode-decoded (P4 when that fails); when the
// result is empty or all ASCII, that is P4 too, and the decoded label replaces
// the original.  Then the validity criteria (§4.1) apply to it.

TEST(Adversarial, XnDashDashTenThousandTimesAsOneLabel) {
  const std::string label = repeat("xn--", 10'000);
  // After the prefix, "xn--" x 9,999: the last "-" is the delimiter (RFC 3492
  // §6.2), so the literal portion is everything before it and there are no
  // digits.  The decoded label is all ASCII (P4); it has "--" at positions 3
  // and 4 (V2), ends with "-" (V3) and begins with "xn--" (V4).
  const std::string decoded = repeat("xn--", 9'999).substr(0, 4 * 9'999 - 1);
  const auto u = puny::to_unicode(label);
  EXPECT_EQ(u.code, status::success);
  EXPECT_EQ(u.errors, (idna_errors{idna_code::P4, idna_code::V2, idna_code::V3, idna_code::V4}));
  EXPECT_EQ(u.label, 0u);
  EXPECT_TRUE(same(u.value, decoded));
  // The same rules on a short copy, small enough to check by eye.
  const auto small = puny::to_unicode("xn--xn--xn--");
  EXPECT_EQ(small.errors, u.errors);
  EXPECT_EQ(small.value, "xn--xn-");

  const auto a = puny::to_ascii(label);
  EXPECT_EQ(a.code, status::success);
  EXPECT_EQ(a.errors, (idna_errors{idna_code::A4_1, idna_code::A4_2, idna_code::P4, idna_code::V2,
                                   idna_code::V3, idna_code::V4}));
  EXPECT_EQ(a.label, 0u);
  EXPECT_EQ(a.value, "");
  // whatwg: an all-ASCII domain is only lowercased and checked for
  // forbidden code points (URL Standard "domain to ASCII", beStrict false).
  const auto w = puny::to_ascii(label, idna_profile::whatwg);
  EXPECT_TRUE(w.ok());
  EXPECT_TRUE(same(w.value, label));

  // As bare Punycode (no prefix to strip): the literal portion is all but
  // the last character.
  const auto d = puny::decode_to_utf8(label);
  ASSERT_EQ(d.code, status::success);
  EXPECT_TRUE(same(d.value, label.substr(0, label.size() - 1)));
  // "-" alone after "xn--" x 10,000 moves the delimiter: still no digits.
  const auto d2 = puny::decode_to_utf8(label + "-");
  ASSERT_EQ(d2.code, status::success);
  EXPECT_TRUE(same(d2.value, label));
}

TEST(Adversarial, XnDashDashTenThousandLabels) {
  // IdnaTestV2: "xn--" gives "" with [P4, X4_2] from ToUnicode and
  // [P4, A4_1, A4_2] from ToASCII.
  const std::string domain = join_labels("xn--", 10'000);
  const auto u = puny::to_unicode(domain);
  EXPECT_EQ(u.code, status::success);
  EXPECT_EQ(u.errors, (idna_errors{idna_code::P4, idna_code::X4_2}));
  EXPECT_EQ(u.label, 0u);
  EXPECT_TRUE(same(u.value, std::string(9'999, '.')));
  const auto a = puny::to_ascii(domain);
  EXPECT_EQ(a.errors, (idna_errors{idna_code::A4_1, idna_code::A4_2, idna_code::P4}));
  EXPECT_EQ(a.label, 0u);
  EXPECT_EQ(a.value, "");

  // Only the last label is bare "xn--": the index must say so.  It decodes
  // to the empty label in the root position, which ToUnicode does not flag
  // as empty (IdnaTestV2: "a.b.c.d." has no ToUnicode code), so P4 alone.
  const std::string tail = join_labels("xn--tda", 9'999) + ".xn--";
  const auto t = puny::to_unicode(tail);
  EXPECT_EQ(t.errors, (idna_errors{idna_code::P4}));
  EXPECT_EQ(t.label, 9'999u);
  EXPECT_TRUE(same(t.value, join_labels("\xC3\xBC", 9'999) + "."));
}

// ---------------------------------------------------------------------------
// (5) Ill-formed UTF-8, Unicode §3.9 D92 and Table 3-7.  Each is reported as
// status::invalid_utf8 at the offset of the first byte of the ill-formed
// sequence, by every UTF-8 entry point, wherever it sits in a long input;
// nothing is replaced (ToUnicode returns no string at all).

struct bad_utf8 {
  const char* what;
  std::string bytes;
};

std::vector<bad_utf8> bad_utf8_classes() {
  return {
      // Overlong forms: C0 and C1 never start a sequence; E0 needs A0..BF
      // and F0 needs 90..BF as the second byte.
      {"overlong NUL C0 80", bytes({0xC0, 0x80})},
      {"overlong U+007F C1 BF", bytes({0xC1, 0xBF})},
      {"overlong 3-byte E0 80 80", bytes({0xE0, 0x80, 0x80})},
      {"overlong U+07FF E0 9F BF", bytes({0xE0, 0x9F, 0xBF})},
      {"overlong 4-byte F0 80 80 80", bytes({0xF0, 0x80, 0x80, 0x80})},
      {"overlong U+FFFF F0 8F BF BF", bytes({0xF0, 0x8F, 0xBF, 0xBF})},
      // Surrogates: ED needs 80..9F as the second byte.
      {"surrogate U+D800 ED A0 80", bytes({0xED, 0xA0, 0x80})},
      {"surrogate U+DFFF ED BF BF", bytes({0xED, 0xBF, 0xBF})},
      {"CESU-8 pair ED A0 BD ED B8 80", bytes({0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80})},
      // Above U+10FFFF: F4 needs 80..8F; F5..FF never start a sequence.
      {"U+110000 F4 90 80 80", bytes({0xF4, 0x90, 0x80, 0x80})},
      {"F5 80 80 80", bytes({0xF5, 0x80, 0x80, 0x80})},
      {"F7 BF BF BF", bytes({0xF7, 0xBF, 0xBF, 0xBF})},
      {"5-byte F8 88 80 80 80", bytes({0xF8, 0x88, 0x80, 0x80, 0x80})},
      {"6-byte FC 84 80 80 80 80", bytes({0xFC, 0x84, 0x80, 0x80, 0x80, 0x80})},
      {"FE", bytes({0xFE})},
      {"FF", bytes({0xFF})},
      // Truncated sequences (followed by whatever the context puts after
      // them: the end, an ASCII byte or another lead byte).
      {"truncated 2-byte C3", bytes({0xC3})},
      {"truncated 3-byte E2 82", bytes({0xE2, 0x82})},
      {"truncated 3-byte E2", bytes({0xE2})},
      {"truncated 4-byte F0 9F 98", bytes({0xF0, 0x9F, 0x98})},
      {"truncated 4-byte F4 8F", bytes({0xF4, 0x8F})},
      {"truncated then lead E2 82 C3 BC", bytes({0xE2, 0x82, 0xC3, 0xBC})},
      // Stray continuation bytes.
      {"stray 80", bytes({0x80})},
      {"stray BF", bytes({0xBF})},
      {"stray run 80 80 80 80", bytes({0x80, 0x80, 0x80, 0x80})},
      {"too many continuations C3 BC BC", bytes({0xC3, 0xBC, 0xBC})},  // the bad byte is the second BC
  };
}

// Offset of the ill-formed sequence within its class's bytes (non-zero only
// when a well-formed character comes first).
std::size_t bad_offset_in(const bad_utf8& b) { return b.bytes.rfind("\xC3\xBC\xBC", 0) == 0 ? 2 : 0; }

// Checks every UTF-8 entry point on `input`, expecting invalid_utf8 at `at`.
void expect_invalid_utf8_at(const std::string& input, std::size_t at, const std::string& context) {
  SCOPED_TRACE(context);
  const puny::result v = puny::validate_utf8(input);
  EXPECT_EQ(v.code, status::invalid_utf8);
  EXPECT_EQ(v.position, at);
  std::u32string cps(input.size(), U'\0');
  const puny::result c = puny::utf8_to_utf32(input, std::span<char32_t>(cps));
  EXPECT_EQ(c.code, status::invalid_utf8);
  EXPECT_EQ(c.position, at);
  const auto e = puny::encode_utf8(input);
  EXPECT_EQ(e.code, status::invalid_utf8);
  EXPECT_EQ(e.position, at);
  EXPECT_EQ(e.value, "");
  for (const idna_profile p : {idna_profile::uts46, idna_profile::whatwg}) {
    const auto a = puny::to_ascii(input, p);
    EXPECT_EQ(a.code, status::invalid_utf8);
    EXPECT_EQ(a.position, at);
    EXPECT_EQ(a.value, "");
    const auto u = puny::to_unicode(input, p);
    EXPECT_EQ(u.code, status::invalid_utf8);
    EXPECT_EQ(u.position, at);
    EXPECT_EQ(u.value, "");  // never a U+FFFD substitute
  }
  // The core functions, with an output span large enough for any result.
  std::string out(input.size() * 4 + 64, '\0');
  const puny::idna_result ca = puny::to_ascii(std::string_view(input), std::span<char>(out));
  EXPECT_EQ(ca.code, status::invalid_utf8);
  EXPECT_EQ(ca.position, at);
  EXPECT_EQ(ca.written, 0u);
  const puny::idna_result cu = puny::to_unicode(std::string_view(input), std::span<char>(out));
  EXPECT_EQ(cu.code, status::invalid_utf8);
  EXPECT_EQ(cu.position, at);
  EXPECT_EQ(cu.written, 0u);
}

TEST(Adversarial, EveryClassOfInvalidUtf8AloneAndInShortContexts) {
  for (const bad_utf8& b : bad_utf8_classes()) {
    const std::size_t off = bad_offset_in(b);
    expect_invalid_utf8_at(b.bytes, off, std::string(b.what) + ", alone");
    expect_invalid_utf8_at("a" + b.bytes, 1 + off, std::string(b.what) + ", after a");
    expect_invalid_utf8_at(b.bytes + "a", off, std::string(b.what) + ", before a");
    expect_invalid_utf8_at("\xC3\xBC" + b.bytes + "\xC3\xBC", 2 + off, std::string(b.what) + ", between two U+00FC");
    expect_invalid_utf8_at("a." + b.bytes + ".b", 2 + off, std::string(b.what) + ", a label of its own");
    // The first ill-formed sequence is the one reported.
    expect_invalid_utf8_at("x" + b.bytes + "\xFF", 1 + off, std::string(b.what) + ", then FF");
  }
}

TEST(Adversarial, EveryClassOfInvalidUtf8AtStartMiddleAndEndOfLongInput) {
  // About 1 MiB of valid text of 1-, 2-, 3- and 4-byte characters in labels.
  std::string half;
  while (half.size() < (std::size_t{1} << 19)) half += "b\xC3\xBC" "cher.\xE6\x97\xA5\xF0\x9F\x98\x80" "x.";
  for (const bad_utf8& b : bad_utf8_classes()) {
    const std::size_t off = bad_offset_in(b);
    expect_invalid_utf8_at(b.bytes + half + half, off, std::string(b.what) + ", at the start");
    expect_invalid_utf8_at(half + b.bytes + half, half.size() + off, std::string(b.what) + ", in the middle");
    expect_invalid_utf8_at(half + half + b.bytes, 2 * half.size() + off, std::string(b.what) + ", at the end");
  }
}

TEST(Adversarial, InvalidUtf8AtTheEndOfSixteenMebibytes) {
  // The scan must reach the last bytes of a 16 MiB line and still count
  // exactly; the truncated sequence is the most delicate class there.
  std::string line = repeat("\xE6\x97\xA5", mib16 / 3);
  const std::size_t at = line.size();
  line += "\xF0\x9F\x98";
  expect_invalid_utf8_at(line, at, "truncated 4-byte sequence after 16 MiB");
}

TEST(Adversarial, WellFormedBoundariesOfTable3_7AreAccepted) {
  // The edges of every row of Table 3-7, as the control group: none of them
  // may be taken for one of the classes above.
  const std::u32string edges = U"\u007F\u0080\u07FF\u0800\u0FFF\u1000\uCFFF\uD000\uD7FF\uE000\uFFFF"
                               U"\U00010000\U0003FFFF\U00040000\U000FFFFF\U00100000\U0010FFFF";
  const std::string text = utf8_of(edges);
  ASSERT_EQ(text, bytes({0x7F, 0xC2, 0x80, 0xDF, 0xBF, 0xE0, 0xA0, 0x80, 0xE0, 0xBF, 0xBF, 0xE1, 0x80, 0x80,
                         0xEC, 0xBF, 0xBF, 0xED, 0x80, 0x80, 0xED, 0x9F, 0xBF, 0xEE, 0x80, 0x80, 0xEF, 0xBF,
                         0xBF, 0xF0, 0x90, 0x80, 0x80, 0xF0, 0xBF, 0xBF, 0xBF, 0xF1, 0x80, 0x80, 0x80, 0xF3,
                         0xBF, 0xBF, 0xBF, 0xF4, 0x80, 0x80, 0x80, 0xF4, 0x8F, 0xBF, 0xBF}));
  const puny::result v = puny::validate_utf8(text);
  EXPECT_EQ(v.code, status::success);
  EXPECT_EQ(v.written, edges.size());
  std::u32string back(edges.size(), U'\0');
  const puny::result c = puny::utf8_to_utf32(text, std::span<char32_t>(back));
  EXPECT_EQ(c.code, status::success);
  EXPECT_EQ(back, edges);
  const auto e = puny::encode_utf8(text);
  ASSERT_EQ(e.code, status::success);
  EXPECT_EQ(e.value, puny_test::ref_encode(edges).text);
}

// ---------------------------------------------------------------------------
// (6) Decoder inputs that reach each overflow check (RFC 3492 §6.4).
//
// puny keeps i, w and n in 64 bits (detail/decoder.hpp, next_step):
//   (a) digit * w overflows           -> overflow at the digit;
//   (b) i + digit * w overflows       -> overflow at the digit;
//   (c) w overflowed on an earlier digit and a non-zero digit follows
//                                      -> overflow at that digit (w alone
//       passing 2^64 before zero digits is not an overflow: the value fits);
//   (d) n + i / (length + 1) overflows -> overflow at the integer's start;
//   (e) n above U+10FFFF or a surrogate -> invalid_code_point at the start;
//   (f) n below 0x80 (only when initial_n < 0x80) -> encoded_basic there;
//   (g) input of 2^40 characters or more -> overflow at 0 (positions are
//       packed beside 21-bit code points).  Not tested: it needs 1 TiB.
// The first 11 digits of an integer are added without checks (i < 2^58
// there), so (a)-(c) happen at digit 11 or later.
//
// For Punycode's parameters (§5) and the first integer (bias 72), the
// threshold is t = tmin = 1 for k = 36 and 72 and tmax = 26 from k = 108 on,
// so w is 1, 35, 35^2, then 35^2 * 10^(j-2) before digit j.

// Which check the first integer of `digits` reaches, by exact arithmetic
// (each step's overflow of 64 bits found by the compiler's checked
// operations, which every target has, 32-bit ones included) — a model of
// §6.2 independent of the decoder, used to prove that each input below
// reaches the check its test names.
enum class reached { none, product, sum, weight };
struct first_integer {
  reached check = reached::none;
  std::size_t digit = 0;  // where
};
first_integer model_first_integer(const puny::bootstring& p, std::string_view digits) {
  std::uint64_t i = 0;
  std::uint64_t w = 1;
  bool w_past_64_bits = false;  // w >= 2^64; it only grows from there
  std::uint64_t k = p.base;
  for (std::size_t j = 0; j < digits.size(); ++j, k += p.base) {
    const std::uint64_t d = puny::digit_value(digits[j]);
    const std::uint64_t t = puny_test::ref::threshold(p, k, p.initial_bias);
    if (d != 0 && w_past_64_bits) return {reached::weight, j};
    std::uint64_t product = 0;
    if (__builtin_mul_overflow(d, w, &product)) return {reached::product, j};
    if (__builtin_add_overflow(i, product, &i)) return {reached::sum, j};
    if (d < t) return {};
    if (__builtin_mul_overflow(w, std::uint64_t{p.base - t}, &w)) w_past_64_bits = true;
  }
  return {};
}

// Decodes through every entry point that takes these parameters and checks
// the status and position.
void expect_decode(std::string_view input, status code, std::size_t position, const std::string& context) {
  SCOPED_TRACE(context);
  const auto d = puny::decode(input);
  EXPECT_EQ(d.code, code);
  EXPECT_EQ(d.position, position);
  const auto d8 = puny::decode_to_utf8(input);
  EXPECT_EQ(d8.code, code);
  EXPECT_EQ(d8.position, position);
  // The core function with exactly the scratch it asks for.
  std::vector<char32_t> out(input.size() + 8);
  std::vector<std::uint64_t> scratch(puny::decode_scratch_words(input.size()));
  const puny::result r = puny::decode(input, std::span<char32_t>(out), {}, std::span<std::uint64_t>(scratch));
  EXPECT_EQ(r.code, code);
  EXPECT_EQ(r.position, position);
  // With case flags the decoder leaves the label fast paths.
  puny_test::bool_array flags(input.size() + 8);
  const puny::result f =
      puny::decode(input, std::span<char32_t>(out), flags.span(), std::span<std::uint64_t>(scratch));
  EXPECT_EQ(f.code, code);
  EXPECT_EQ(f.position, position);
  // The run-time parameter path (not specialized for §5's constants).
  const auto rt = puny::decode(puny::bootstring{}, input);
  EXPECT_EQ(rt.code, code);
  EXPECT_EQ(rt.position, position);
}

// Literal portions of these lengths send the same integer through each
// decoder path: label-sized (AVX-512 and portable), in place, the stack
// arena, caller scratch, and a long string.
constexpr std::size_t literal_lengths[] = {0, 5, 40, 70, 200, 1000, 100'000};

std::string with_literal(std::size_t length, std::string_view digits) {
  if (length == 0) return std::string(digits);
  return std::string(length, 'x') + "-" + std::string(digits);
}
std::size_t digits_start(std::size_t length) { return length == 0 ? 0 : length + 1; }

/// Punycode's decoder, and the reference decoder, report overflow at digit
/// `digit` of `digits` after each literal length (every decoder path).
void expect_overflow_after_every_literal(const std::string& digits, std::size_t digit) {
  for (const std::size_t length : literal_lengths) {
    const std::string input = with_literal(length, digits);
    expect_decode(input, status::overflow, digits_start(length) + digit, "literal of " + std::to_string(length));
    const puny_test::ref_decoded ref = puny_test::ref_decode(input);
    EXPECT_EQ(ref.code, status::overflow);
    EXPECT_EQ(ref.position, digits_start(length) + digit);
  }
}

TEST(Adversarial, DecoderOverflowOfDigitTimesWeight) {
  // Digits just at their thresholds (1, 1, then 26 = "0"): i grows least,
  // so w reaches 35^2 * 10^15 at digit 17, where 26 * w > 2^64 while i is
  // still below 2^62.
  const std::string digits = "bb" + std::string(16, '0');
  const first_integer m = model_first_integer(puny::punycode_params, digits);
  ASSERT_EQ(m.check, reached::product);
  ASSERT_EQ(m.digit, 17u);
  expect_overflow_after_every_literal(digits, 17);
}

TEST(Adversarial, DecoderOverflowOfTheSum) {
  // Maximal digits "9" (35) for 17 places bring i to about 4.8e18; digit 17
  // is "p" (15): 15 * 35^2 * 10^15 = 1.8375e19 fits in 64 bits, the sum
  // does not.  "p" is below t = 26, so it would also end the integer.
  const std::string digits = std::string(17, '9').append("p");
  const first_integer m = model_first_integer(puny::punycode_params, digits);
  ASSERT_EQ(m.check, reached::sum);
  ASSERT_EQ(m.digit, 17u);
  expect_overflow_after_every_literal(digits, 17);
  // One less at digit 17 ("o", 14) still overflows the sum; the largest
  // digit 17 that fits is found by the model, and decodes to a code point far
  // above U+10FFFF instead: invalid_code_point at the integer's start.
  std::string fits = std::string(17, '9');
  char last = 'p';
  for (; last > 'a'; --last) {
    if (model_first_integer(puny::punycode_params, fits + last).check == reached::none) break;
  }
  ASSERT_GT(last, 'a');
  expect_decode(fits + last, status::invalid_code_point, 0, "largest 18-digit integer below 2^64");
}

TEST(Adversarial, DecoderOverflowOfTheCodePoint) {
  // With no literal portion the first integer is divided by 1, so n = 0x80
  // + i: i = 2^64 - 0x80 is the smallest value that overflows n, and one
  // less leaves n = 2^64 - 1, which is merely not a code point.  The digits
  // come from the reference encoder's integer writer (§6.3's inner loop).
  const puny::bootstring p{};
  const std::string max = puny_test::ref_encode_integer(p, u64_max, p.initial_bias);
  const std::string first_overflow = puny_test::ref_encode_integer(p, u64_max - 0x7F, p.initial_bias);
  const std::string last_fit = puny_test::ref_encode_integer(p, u64_max - 0x80, p.initial_bias);
  ASSERT_EQ(model_first_integer(p, max).check, reached::none);
  ASSERT_EQ(model_first_integer(p, first_overflow).check, reached::none);
  expect_decode(max, status::overflow, 0, "i = 2^64 - 1");
  expect_decode(first_overflow, status::overflow, 0, "i = 2^64 - 0x80");
  expect_decode(last_fit, status::invalid_code_point, 0, "i = 2^64 - 0x81");
  // Later integers are never read; the check happens in every decoder path.
  for (const std::size_t tail : {std::size_t{10}, std::size_t{100}, std::size_t{1000}, std::size_t{100'000}}) {
    expect_decode(max + std::string(tail, 'a'), status::overflow, 0, "tail of " + std::to_string(tail));
  }
}

TEST(Adversarial, DecoderCodePointsAboveUnicodeAndSurrogates) {
  // n = initial_n + i / (length + 1) (RFC 3492 §6.2); one code point past
  // each edge of the scalar values, placed after a literal portion of 3
  // (divisor 4, insertion index i % 4 = 0) and then of 100,000.
  const puny::bootstring p{};
  struct edge {
    char32_t n;
    status code;
  };
  const edge edges[] = {
      {0x10FFFF, status::success},          {0x110000, status::invalid_code_point},
      {0xD7FF, status::success},            {0xD800, status::invalid_code_point},
      {0xDFFF, status::invalid_code_point}, {0xE000, status::success},
  };
  for (const std::size_t length : {std::size_t{3}, std::size_t{100'000}}) {
    for (const edge& e : edges) {
      const std::uint64_t i = std::uint64_t{e.n - 0x80} * (length + 1);
      const std::string input = std::string(length, 'x') + "-" + puny_test::ref_encode_integer(p, i, p.initial_bias);
      const std::string context = puny_test::hex(std::u32string(1, e.n)) + " after " + std::to_string(length);
      if (e.code == status::success) {
        const auto d = puny::decode(input);
        ASSERT_EQ(d.code, status::success) << context;
        EXPECT_TRUE(same(d.value, head_then(e.n, length, U'x'))) << context;
      } else {
        expect_decode(input, e.code, length + 1, context);
      }
    }
  }
  // The same in a second integer: "tda" (U+00FC) first, then a delta that
  // lands on U+110000; the error is at the second integer's start.
  const std::uint64_t bias_after = puny_test::ref::adapt(p, 0xFC - 0x80, 1, true);
  const std::string second = "tda" + puny_test::ref_encode_integer(p, std::uint64_t{0x110000 - 0xFC} * 2, bias_after);
  expect_decode(second, status::invalid_code_point, 3, "second integer");
}

TEST(Adversarial, DecoderWeightOverflowWithAZeroThreshold) {
  // tmin = 0 lets a digit 0 continue an integer (t = 0 while k <= bias):
  // with initial_bias 1080 that holds for 30 digits, so "a" x 13 multiplies
  // w by 36 each time, past 2^64 (36^13 > 1.7e20) with i still 0.  A
  // non-zero digit then is an overflow (c); only zero digits up to the
  // first threshold above 0 (digit 30, t = 26) is the value 0, no overflow.
  constexpr puny::bootstring zero_tmin{36, 0, 26, 38, 700, 1080, 0x80, '-'};
  static_assert(zero_tmin.valid());
  const std::string overflowing = std::string(13, 'a').append("b");
  const first_integer m = model_first_integer(zero_tmin, overflowing);
  ASSERT_EQ(m.check, reached::weight);
  ASSERT_EQ(m.digit, 13u);
  const std::string zero = std::string(31, 'a');
  ASSERT_EQ(model_first_integer(zero_tmin, zero).check, reached::none);

  for (const std::size_t length : literal_lengths) {
    const std::string context = "literal of " + std::to_string(length);
    const std::string bad = with_literal(length, overflowing);
    const std::size_t at = digits_start(length) + 13;
    const auto rt = puny::decode(zero_tmin, bad);
    EXPECT_EQ(rt.code, status::overflow) << context;
    EXPECT_EQ(rt.position, at) << context;
    std::vector<char32_t> out(bad.size() + 8);
    std::vector<std::uint64_t> scratch(puny::decode_scratch_words(bad.size()));
    const puny::result ct = puny::decode<zero_tmin>(bad, std::span<char32_t>(out), {}, std::span<std::uint64_t>(scratch));
    EXPECT_EQ(ct.code, status::overflow) << context;
    EXPECT_EQ(ct.position, at) << context;

    // Zero digits only: delta 0 gives n = initial_n at index 0.
    const std::string good = with_literal(length, zero);
    const auto ok = puny::decode(zero_tmin, good);
    ASSERT_EQ(ok.code, status::success) << context;
    EXPECT_TRUE(same(ok.value, head_then(U'\u0080', length, U'x'))) << context;
    // And the encoder writes exactly that string for it (§6.3).
    const auto enc = puny::encode(zero_tmin, ok.value);
    ASSERT_EQ(enc.code, status::success) << context;
    EXPECT_EQ(enc.value, good) << context;
  }
}

// Both forms of a parameter set: the constant one (puny::decode<P>) and the
// run-time one (puny::decode(p, ...)) are separate instantiations.
template <puny::bootstring P>
void expect_decode_with(std::string_view input, status code, std::size_t position, const std::string& context) {
  SCOPED_TRACE(context);
  const auto rt = puny::decode(P, input);
  EXPECT_EQ(rt.code, code);
  EXPECT_EQ(rt.position, position);
  std::vector<char32_t> out(input.size() + 8);
  std::vector<std::uint64_t> scratch(puny::decode_scratch_words(input.size()));
  const puny::result ct = puny::decode<P>(input, std::span<char32_t>(out), {}, std::span<std::uint64_t>(scratch));
  EXPECT_EQ(ct.code, code);
  EXPECT_EQ(ct.position, position);
}

TEST(Adversarial, DecoderOverflowWithOtherParameterSets) {
  // Base 2 with tmin 0 and initial_bias 200: t = 0 for the first 100 digits,
  // so both digits continue and w doubles each time.  "b" x 64 sums to
  // exactly 2^64 - 1 while w reaches 2^64; the 65th "b" is check (c).  With
  // zero digits after the 64 ones instead, up to digit 100 where t = 1 ends
  // the integer, i = 2^64 - 1 is a legitimate value, and it is n = 0x80 + i
  // that overflows (d), at the integer's start.
  constexpr puny::bootstring binary{2, 0, 1, 1, 2, 200, 0x80, '-'};
  static_assert(binary.valid());
  const std::string weight = std::string(65, 'b');
  const first_integer mw = model_first_integer(binary, weight);
  ASSERT_EQ(mw.check, reached::weight);
  ASSERT_EQ(mw.digit, 64u);
  expect_decode_with<binary>(weight, status::overflow, 64, "base 2, 65 ones");
  expect_decode_with<binary>("xyz-" + weight, status::overflow, 4 + 64, "base 2, 65 ones after a literal");
  const std::string all_ones = std::string(64, 'b') + std::string(37, 'a');
  ASSERT_EQ(model_first_integer(binary, all_ones).check, reached::none);
  expect_decode_with<binary>(all_ones, status::overflow, 0, "base 2, i = 2^64 - 1");
  const auto zero = puny::decode(binary, std::string(101, 'a'));
  ASSERT_EQ(zero.code, status::success);
  EXPECT_EQ(zero.value, U"\u0080");

  // Base 10 (digits a..j), tmin 1, tmax 8, bias 72: t = 1 for 7 digits,
  // then 8, so w grows by 9 and then by 2.  "j" (9) x 46: the sum passes
  // 2^64 at digit 45 while 9 * w there (about 1.2e19) still fits: check (b).
  constexpr puny::bootstring decimal{10, 1, 8, 38, 700, 72, 0x80, '-'};
  static_assert(decimal.valid());
  const std::string nines = std::string(46, 'j');
  const first_integer md = model_first_integer(decimal, nines);
  ASSERT_EQ(md.check, reached::sum);
  ASSERT_EQ(md.digit, 45u);
  expect_decode_with<decimal>(nines, status::overflow, 45, "base 10, 46 nines");
  expect_decode_with<decimal>(std::string(1000, 'q').append("-") + nines, status::overflow, 1001 + 45,
                              "base 10, 46 nines after a literal of 1000");
}

TEST(Adversarial, DecoderEncodedBasicAndInvalidParameters) {
  // initial_n below 0x80 (allowed by §4) can make a delta land on a basic
  // code point, which a canonical encoder would have written literally.
  constexpr puny::bootstring low_n{36, 1, 26, 38, 700, 72, 0x20, '-'};
  static_assert(low_n.valid());
  const auto d = puny::decode(low_n, "xyz-a");
  EXPECT_EQ(d.code, status::encoded_basic);
  EXPECT_EQ(d.position, 4u);
  // A parameter set that violates §4 (base 1) is refused before any input.
  const auto bad = puny::decode(puny::bootstring{1, 1, 26, 38, 700, 72, 0x80, '-'}, "abc");
  EXPECT_EQ(bad.code, status::invalid_parameters);
  EXPECT_EQ(bad.position, 0u);
}

TEST(Adversarial, OverflowAtTheEndOfSixteenMebibytes) {
  // A 16 MiB literal portion, then the digit-times-weight overflow: the
  // position counts every byte before it.
  const std::string input = std::string(mib16, 'x') + "-bb" + std::string(16, '0');
  const auto d = puny::decode(input);
  EXPECT_EQ(d.code, status::overflow);
  EXPECT_EQ(d.position, mib16 + 1 + 17);
  const auto u = puny::to_unicode("xn--" + input);
  EXPECT_EQ(u.errors, (idna_errors{idna_code::P4}));
  EXPECT_EQ(u.label, 0u);
}

TEST(Adversarial, OverflowInAnIdnaLabel) {
  // UTS #46 §4 step 4.1: a failed Punycode decode is P4 for that label; the
  // label is kept as it was in ToUnicode's output.
  const std::string bad = "xn--bb" + std::string(16, '0');
  const std::string domain = join_labels("xn--tda", 999) + "." + bad;
  const auto u = puny::to_unicode(domain);
  EXPECT_EQ(u.code, status::success);
  EXPECT_EQ(u.errors, (idna_errors{idna_code::P4}));
  EXPECT_EQ(u.label, 999u);
  EXPECT_TRUE(same(u.value, join_labels("\xC3\xBC", 999) + "." + bad));
  const auto a = puny::to_ascii(domain);
  EXPECT_TRUE(a.errors.contains(idna_code::P4));
  EXPECT_EQ(a.label, 999u);
}

TEST(Adversarial, LongDecodesRaiseNoFalseOverflow) {
  // The largest deltas a string can have: code points in descending order
  // from U+10FFFF, so every integer carries nearly the whole range times the
  // growing length.  100,000 of them, and 100,000 random scalar values.
  std::u32string descending;
  for (char32_t c = 0x10FFFF; descending.size() < label_count; --c) {
    if (c < 0xD800 || c > 0xDFFF) descending += c;
  }
  std::mt19937 rng(6);
  const std::u32string random = puny_test::random_string(rng, puny_test::script::any_scalar, label_count);
  const std::u32string* const series[] = {&descending, &random};
  for (const std::u32string* cps : series) {
    const auto e = puny::encode(std::u32string_view(*cps));
    ASSERT_EQ(e.code, status::success);
    const auto d = puny::decode(e.value);
    ASSERT_EQ(d.code, status::success) << "at " << d.position;
    EXPECT_TRUE(same(d.value, *cps));
  }
  // A prefix checked against the reference codec, which is quadratic.
  const std::u32string head = descending.substr(0, 2000);
  const puny_test::ref_encoded ref = puny_test::ref_encode(head);
  ASSERT_EQ(ref.code, status::success);
  EXPECT_EQ(puny::encode(std::u32string_view(head)).value, ref.text);
}

TEST(Adversarial, EncoderRejectsNonScalarValuesDeepInLongInput) {
  // The encoder's input check (status.hpp: invalid_code_point at its index)
  // at the end of a million code points.
  for (const char32_t bad : {char32_t{0xD800}, char32_t{0xDFFF}, char32_t{0x110000}, char32_t{0xFFFFFFFF}}) {
    std::u32string cps(million, U'\u00FC');
    cps.back() = bad;
    const auto e = puny::encode(std::u32string_view(cps));
    EXPECT_EQ(e.code, status::invalid_code_point);
    EXPECT_EQ(e.position, million - 1);
  }
}

}  // namespace
