// The shortcuts of the UTS #46 pipeline (src/idna/process.cpp) against the
// plain ways they stand for:
//  - read_non_ascii, the UTF-8 reader of the mapping loop, against
//    puny::detail::read_utf8 (Unicode §3.9 Table 3-7) on every lead byte
//    with every pair of bytes after it, in the middle and at the end;
//  - find_ascii_stops against a byte-by-byte definition, at every length
//    it takes;
//  - summarize() and what it leaves out (an "out of order" that is only
//    possible, the first and last records) against a code point by code
//    point reference built from ucd::lookup_validation_record;
//  - the conversions themselves: UTF-8 input takes the shortcuts (the
//    two- and three-byte reader, the masks that find xn-- labels, the
//    trie read without bounds) and UTF-32 input does not, so random
//    domains of hard code points, valid and broken xn-- labels among
//    them, must give the same results from both, under several options.
#include <gtest/gtest.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "idna/ascii_stops.hpp"
#include "idna/encoded_text.hpp"
#include "idna/label_summary.hpp"
#include "puny/idna.hpp"
#include "puny/punycode.hpp"
#include "puny/utf8.hpp"
#include "unicode/idna_record.hpp"
#include "unicode/nfc.hpp"

namespace {

using puny::idna_options;
using puny::detail::label_summary;
namespace ucd = puny::detail::ucd;

std::string utf8_of(std::u32string_view s) {
  std::string out(4 * s.size(), '\0');
  const puny::result r = puny::utf32_to_utf8(std::span<const char32_t>(s.data(), s.size()), out);
  EXPECT_TRUE(r.ok());
  out.resize(r.written);
  return out;
}

std::string describe(std::u32string_view s) {
  std::string out;
  char buffer[16];
  for (const char32_t c : s) {
    std::snprintf(buffer, sizeof buffer, "%sU+%04X", out.empty() ? "" : " ", static_cast<unsigned>(c));
    out += buffer;
  }
  return out;
}

// --- read_non_ascii --------------------------------------------------------

void expect_same_read(const std::string& bytes, std::size_t at) {
  const auto want = puny::detail::read_utf8(std::span<const char>(bytes.data(), bytes.size()), at);
  const auto got = puny::detail::read_non_ascii(bytes.data() + at, bytes.data() + bytes.size());
  ASSERT_EQ(got.length, want.length) << "at " << at << " of " << ::testing::PrintToString(bytes);
  if (want.length != 0) {
    ASSERT_EQ(got.value, want.value) << ::testing::PrintToString(bytes);
  }
}

TEST(IdnaPipelinePaths, ReadNonAsciiIsReadUtf8) {
  std::string bytes(5, 'a');
  for (unsigned b0 = 0x80; b0 <= 0xFF; ++b0) {
    for (unsigned b1 = 0; b1 <= 0xFF; ++b1) {
      for (unsigned b2 = 0; b2 <= 0xFF; ++b2) {
        // Three bytes and more after the lead: the fast reader's case.
        bytes[1] = static_cast<char>(b0);
        bytes[2] = static_cast<char>(b1);
        bytes[3] = static_cast<char>(b2);
        bytes[4] = static_cast<char>(0x80 | (b2 & 0x3F));
        expect_same_read(bytes, 1);
        // Exactly three bytes left.
        expect_same_read(bytes.substr(0, 4), 1);
      }
      // The last two bytes and the last byte of the input.
      expect_same_read(bytes.substr(0, 3), 1);
      expect_same_read(bytes.substr(0, 2), 1);
      if (HasFailure()) return;
    }
  }
}

// --- find_ascii_stops -------------------------------------------------------

#if defined(PUNY_VECTOR128)
TEST(IdnaPipelinePaths, AsciiStopsMarkDotsHighBytesAndCapitals) {
  std::mt19937 rng(2727);
  const std::string pool = "aZ.-0\x80\xFF\xC3\xA9" "AzY@[`{" "\x7F\x2E\xE0";
  std::uniform_int_distribution<std::size_t> pick(0, pool.size() - 1);
  for (std::size_t n = puny::detail::ascii_stops_min; n <= puny::detail::ascii_stops_max; ++n) {
    ASSERT_TRUE(puny::detail::ascii_stops_apply(n));
    for (int round = 0; round < 300; ++round) {
      // Within a buffer of stops and capitals, so that any byte read past
      // the n given shows in the masks.
      std::string buffer(n + 64, '.');
      for (std::size_t i = n; i < buffer.size(); i += 2) buffer[i] = 'Q';
      const std::string_view s(buffer.data(), n);
      for (std::size_t i = 0; i < n; ++i) buffer[i] = pool[pick(rng)];
      std::uint64_t stops = 0;
      std::uint64_t upper = 0;
      for (std::size_t i = 0; i < n; ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c == '.' || c >= 0x80) stops |= std::uint64_t{1} << i;
        if (c >= 'A' && c <= 'Z') upper |= std::uint64_t{1} << i;
      }
      const puny::detail::ascii_stops got = puny::detail::find_ascii_stops(s.data(), n);
      ASSERT_EQ(got.stops, stops) << n;
      ASSERT_EQ(got.upper, upper) << n;
    }
  }
  EXPECT_FALSE(puny::detail::ascii_stops_apply(puny::detail::ascii_stops_min - 1));
  EXPECT_FALSE(puny::detail::ascii_stops_apply(puny::detail::ascii_stops_max + 1));
}
#endif

// --- summarize ---------------------------------------------------------------

// Code points that exercise every field: ASCII (LDH and not), Latin with
// and without decompositions, marks of several combining classes in and
// out of canonical order, NFC_Quick_Check Maybe and No, Bidi classes R,
// AL, AN, EN, NSM and BN, the deviations, mapped and ignored code points,
// disallowed and unassigned ones, Hangul jamo, a supplementary Maybe that
// decomposes, and (for UTF-32 only) values past U+10FFFF.
constexpr std::array<char32_t, 48> pool = {
    U'a',    U'z',    U'0',    U'-',    U'_',    U'A',    U' ',    0x00E9,  0x00DF,  0x00C4,  0x0301,  0x0323,
    0x0300,  0x0345,  0x0340,  0x03C2,  0x03A3,  0x0430,  0x05D0,  0x05B0,  0x0628,  0x064B,  0x0661,  0x06F1,
    0x0915,  0x093C,  0x094D,  0x0995,  0x09BE,  0x09C7,  0x0E38,  0x0E48,  0x200C,  0x200D,  0x00AD,  0x3002,
    0xFF21,  0xFDFA,  0x1100,  0x1161,  0xAC00,  0x4E2D,  0x1F600, 0x0378,  0xFFFF,  0x1E9E,  0x16D68, 0x16D67};

std::u32string random_text(std::mt19937& rng, std::size_t max_length) {
  std::uniform_int_distribution<std::size_t> length(0, max_length);
  std::uniform_int_distribution<std::size_t> pick(0, pool.size() - 1);
  std::u32string s(length(rng), U'a');
  for (char32_t& c : s) c = pool[pick(rng)];
  return s;
}

// The combining classes of s are in canonical order (Unicode §3.11 D108).
bool canonically_ordered(std::u32string_view s) {
  for (std::size_t i = 1; i < s.size(); ++i) {
    const unsigned before = ucd::lookup_validation_record(s[i - 1]).ccc();
    const unsigned ccc = ucd::lookup_validation_record(s[i]).ccc();
    if (ccc != 0 && before > ccc) return false;
  }
  return true;
}

template <bool Scalars>
void check_summary(std::u32string_view label) {
  const label_summary s = puny::detail::summarize<Scalars>(label);
  std::uint32_t records = 0;
  std::uint32_t classes = 0;
  char32_t code_points = 0;
  bool mapped_or_ignored = false;
  bool quick_check = false;
  for (const char32_t cp : label) {
    const ucd::idna_record r = ucd::lookup_validation_record(cp);
    records |= r.bits();
    classes |= std::uint32_t{1} << static_cast<unsigned>(r.bidi());
    code_points |= cp;
    mapped_or_ignored |= r.status() == ucd::idna_status::mapped || r.status() == ucd::idna_status::ignored;
    quick_check |= r.nfc_qc() != ucd::nfc_quick_check::yes;
  }
  const std::string where = describe(label);
  ASSERT_EQ(s.records & ~label_summary::out_of_order, records) << where;
  ASSERT_EQ(s.classes, classes) << where;
  ASSERT_EQ(s.code_points, code_points) << where;
  ASSERT_EQ(s.mapped_or_ignored, mapped_or_ignored) << where;
  ASSERT_EQ(s.has_disallowed(), (records & 4u) != 0) << where;
  if (!label.empty()) {
    ASSERT_TRUE(s.ends);
    ASSERT_EQ(s.first, ucd::lookup_validation_record(label.front()).bits()) << where;
    ASSERT_EQ(s.last, ucd::lookup_validation_record(label.back()).bits()) << where;
  }
  // "Out of order" may be set when the order is right (is_nfc settles it),
  // never missing when it is wrong; and the quick check is never passed by
  // a label that is not in NFC.
  if (!canonically_ordered(label)) {
    ASSERT_TRUE((s.records & label_summary::out_of_order) != 0) << where;
  }
  ASSERT_EQ(s.nfc_unsure(), quick_check || (s.records & label_summary::out_of_order) != 0) << where;
  if (!s.nfc_unsure()) {
    std::vector<char32_t> scratch(puny::detail::nfc_buffer_size(label.size()));
    std::vector<char32_t> normal(puny::detail::nfc_buffer_size(label.size()));
    const std::size_t k = puny::detail::to_nfc(label, normal);
    ASSERT_EQ(std::u32string_view(normal.data(), k), label) << where;
  }
  // The Bidi class of the last code point that is not NSM.
  if (!label.empty()) {
    ucd::bidi_class want = ucd::bidi_class::L;
    for (std::size_t i = label.size(); i > 0; --i) {
      const ucd::bidi_class c = ucd::lookup_validation_record(label[i - 1]).bidi();
      if (c != ucd::bidi_class::NSM) {
        want = c;
        break;
      }
    }
    ASSERT_EQ(puny::detail::last_not_nsm(label.data(), label.size(), s), want) << where;
    label_summary unknown;
    ASSERT_EQ(puny::detail::last_not_nsm(label.data(), label.size(), unknown), want) << where;
  }
}

TEST(IdnaPipelinePaths, SummaryIsThePerCodePointOne) {
  std::mt19937 rng(46);
  for (int round = 0; round < 20000; ++round) {
    std::u32string label = random_text(rng, 12);
    check_summary<true>(label);
    // Values past U+10FFFF only where the caller does not promise scalars.
    if (round % 4 == 0 && !label.empty()) label[round % label.size()] = 0x110000 + static_cast<char32_t>(round);
    check_summary<false>(label);
    if (HasFailure()) return;
  }
  check_summary<true>(U"");
  check_summary<true>(U"\u0301\u0301\u0301");         // all NSM: last_not_nsm is L
  check_summary<true>(U"a\u0323\u0301");              // in order
  check_summary<true>(U"a\u0301\u0323");              // out of order
  check_summary<true>(U"\u05D0\u05B0");               // R then NSM
  check_summary<false>(std::u32string(1, 0xFFFFFFFF));
}

TEST(IdnaPipelinePaths, NonLdhAsciiIsUseStd3Rules) {
  EXPECT_FALSE(puny::detail::has_non_ldh_ascii(U"abc-09\u00E9", 7));
  EXPECT_TRUE(puny::detail::has_non_ldh_ascii(U"ab_c", 4));
  EXPECT_TRUE(puny::detail::has_non_ldh_ascii(U"A", 1));
  EXPECT_TRUE(puny::detail::has_non_ldh_ascii(U"\u00E9 ", 2));
  for (char32_t c = 0; c < 0x100; ++c) {
    const bool ldh = (c >= U'a' && c <= U'z') || (c >= U'0' && c <= U'9') || c == U'-';
    ASSERT_EQ(puny::detail::has_non_ldh_ascii(&c, 1), c < 0x80 && !ldh) << static_cast<unsigned>(c);
  }
}

// --- the conversions, UTF-8 against UTF-32 ------------------------------------

std::u32string decode_utf8(std::string_view s) {
  std::u32string out(s.size(), U'\0');
  const puny::result r = puny::utf8_to_utf32(std::span<const char>(s.data(), s.size()), out);
  EXPECT_TRUE(r.ok());
  out.resize(r.written);
  return out;
}

// A label for a random domain: random text, or the xn-- form of random
// text (valid Punycode, whatever UTS #46 then says of it), sometimes in
// capitals or broken.
std::u32string random_label(std::mt19937& rng) {
  std::uniform_int_distribution<unsigned> roll(0, 99);
  const unsigned kind = roll(rng);
  std::u32string text = random_text(rng, kind < 50 ? 10 : 24);
  if (kind < 50) return text;
  // Punycode of scalar values only.
  for (char32_t& c : text) c = c > 0x10FFFF ? U'x' : c;
  std::string ace(8 * text.size() + 8, '\0');
  const puny::result r = puny::encode(std::span<const char32_t>(text.data(), text.size()), ace);
  if (!r.ok()) return text;
  ace.resize(r.written);
  std::u32string label = U"xn--";
  for (const char c : ace) label += static_cast<char32_t>(static_cast<unsigned char>(c));
  if (kind < 65) {
    for (char32_t& c : label) c = c >= U'a' && c <= U'z' && roll(rng) < 30 ? c - 0x20 : c;
  } else if (kind < 72 && label.size() > 5) {
    label[4 + roll(rng) % (label.size() - 4)] = pool[roll(rng) % pool.size()];
  }
  return label;
}

std::u32string random_domain(std::mt19937& rng) {
  std::uniform_int_distribution<unsigned> labels(1, 4);
  std::uniform_int_distribution<unsigned> roll(0, 99);
  std::u32string d;
  const unsigned n = labels(rng);
  for (unsigned i = 0; i < n; ++i) {
    if (i > 0) d += roll(rng) < 90 ? U'.' : char32_t{0x3002};
    d += random_label(rng);
  }
  if (roll(rng) < 10) d += U'.';
  return d;
}

void expect_same_conversions(std::u32string_view domain, const idna_options& o) {
  // The UTF-8 input is followed in memory by more of a label, then dots,
  // capitals and non-ASCII bytes (as in a buffer of many names), which
  // nothing may read.
  const std::string encoded = utf8_of(domain);
  std::string buffer = encoded;
  for (int i = 0; i < 8; ++i) buffer += "qq0-QQ.\x80\xC3";
  const std::string_view utf8(buffer.data(), encoded.size());
  const std::string where = ::testing::PrintToString(encoded);
  const auto a8 = puny::to_ascii(utf8, o);
  const auto a32 = puny::to_ascii(domain, o);
  ASSERT_EQ(a8.code, a32.code) << where;
  ASSERT_EQ(a8.errors, a32.errors) << where;
  ASSERT_EQ(a8.label, a32.label) << where;
  ASSERT_EQ(a8.value, a32.value) << where;
  const auto u8 = puny::to_unicode(utf8, o);
  const auto u32 = puny::to_unicode(domain, o);
  ASSERT_EQ(u8.code, u32.code) << where;
  ASSERT_EQ(u8.errors, u32.errors) << where;
  ASSERT_EQ(u8.label, u32.label) << where;
  ASSERT_EQ(decode_utf8(u8.value), u32.value) << where;
  // The ToASCII of a domain that converts is converted the same way again.
  if (a8.ok()) {
    const auto again = puny::to_unicode(std::string_view(a8.value), o);
    const auto again32 = puny::to_unicode(decode_utf8(a8.value), o);
    ASSERT_EQ(again.errors, again32.errors) << where;
    ASSERT_EQ(decode_utf8(again.value), again32.value) << where;
  }
}

TEST(IdnaPipelinePaths, Utf8AndUtf32InputAgree) {
  std::mt19937 rng(3492);
  idna_options icu_like = idna_options::for_profile(puny::idna_profile::uts46);
  icu_like.use_std3_ascii_rules = false;
  const idna_options transitional = idna_options::for_profile(puny::idna_profile::transitional);
  idna_options lenient;
  lenient.check_bidi = false;
  lenient.check_joiners = false;
  lenient.check_hyphens = false;
  lenient.verify_dns_length = false;
  lenient.ignore_invalid_punycode = true;
  const idna_options display = idna_options::for_profile(puny::idna_profile::display);
  std::size_t converted = 0;
  for (int round = 0; round < 6000; ++round) {
    const std::u32string domain = random_domain(rng);
    for (const idna_options& o : {idna_options{}, icu_like, transitional, lenient, display}) {
      expect_same_conversions(domain, o);
      if (HasFailure()) return;
    }
    converted += puny::to_ascii(domain, icu_like).ok() ? 1 : 0;
  }
  // The pool is hard on purpose, but not so hard that nothing converts.
  EXPECT_GT(converted, 100u);
}

// xn-- labels at every position of domains of 12 to 70 bytes, across the
// lengths where the masks of find_ascii_stops apply (16 to 64) and around
// them, with capitals, non-ASCII and dots at the edges.
TEST(IdnaPipelinePaths, AceLabelsAtEveryPosition) {
  const std::u32string ace = U"xn--bcher-kva";  // bücher
  const std::u32string fillers[] = {U"a", U"ab", U"abc-d", U"\u00E9t\u00E9", U"\u4E2D\u6587", U"XN--BCHER-KVA"};
  for (std::size_t before = 0; before <= 56; ++before) {
    for (const std::u32string& filler : fillers) {
      std::u32string head;
      while (head.size() < before) head += filler + U".";
      for (const std::u32string& tail : {std::u32string(), std::u32string(U".de"), U"." + filler}) {
        for (const bool upper : {false, true}) {
          std::u32string label = ace;
          if (upper) label[5] = U'C';
          const std::u32string domain = head + label + tail;
          expect_same_conversions(domain, idna_options{});
          const auto r = puny::to_unicode(domain);
          ASSERT_NE(r.value.find(U"b\u00FCcher"), std::u32string::npos) << utf8_of(domain);
          if (HasFailure()) return;
        }
      }
    }
  }
}

}  // namespace
