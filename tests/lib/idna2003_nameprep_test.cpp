// Nameprep (RFC 3491 = RFC 3454 profile, Unicode 3.2): the draft-josefsson
// test vectors (tests/data/idna2003/nameprep_vectors.tsv), the PRI #29
// composition choice, the Unicode 3.2 data choices (Corrigendum 4 not
// applied, B.2 as published), every error code with its location, the
// buffer contract, and hostile input in linear time.
#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <iostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "idna2003/nfkc32.hpp"
#include "puny/idna2003.hpp"
#include "puny/utf8.hpp"
#include "tsv_file.hpp"

namespace {

using puny::idna2003::composition;
using puny::idna2003::error;
using puny::idna2003::error_set;
using puny::idna2003::options;

/// "0041 00DF" -> U"\u0041\u00DF".
std::u32string parse_code_points(std::string_view hex) {
  std::u32string s;
  std::size_t i = 0;
  while (i < hex.size()) {
    if (hex[i] == ' ') {
      ++i;
      continue;
    }
    std::size_t end = hex.find(' ', i);
    if (end == std::string_view::npos) end = hex.size();
    s.push_back(static_cast<char32_t>(std::stoul(std::string(hex.substr(i, end - i)), nullptr, 16)));
    i = end;
  }
  return s;
}

std::string hex(std::u32string_view s) {
  std::string out;
  for (const char32_t c : s) {
    char buffer[12];
    std::snprintf(buffer, sizeof buffer, "%s%04X", out.empty() ? "" : " ", static_cast<unsigned>(c));
    out += buffer;
  }
  return out;
}

struct prepared {
  puny::idna2003::result r;
  std::u32string text;
};

prepared run(std::u32string_view in, const options& o = {}) {
  std::vector<char32_t> out(18 * in.size() + 1);
  prepared p{puny::idna2003::nameprep(in, std::span<char32_t>(out), o), {}};
  p.text.assign(out.data(), p.r.written);
  return p;
}

error_set parse_errors(std::string_view names) {
  error_set set;
  for (const std::string& name : puny_test::split_fields(names, ',')) {
    if (name.empty()) continue;
    bool found = false;
    for (std::size_t i = 0; i < puny::idna2003::error_count; ++i) {
      const auto e = static_cast<error>(i);
      if (puny::idna2003::name(e) == name) {
        set.insert(e);
        found = true;
      }
    }
    EXPECT_TRUE(found) << "unknown error name " << name;
  }
  return set;
}

// ---------------------------------------------------------------------------
// draft-josefsson-idn-test-vectors-00 §4 (45 vectors)

TEST(Idna2003Nameprep, DraftJosefssonVectors) {
  const auto rows = puny_test::read_tsv(puny_test::test_data_file("idna2003", "nameprep_vectors.tsv"));
  ASSERT_EQ(rows.size(), 45u);
  std::size_t passed = 0;
  for (const auto& row : rows) {
    ASSERT_EQ(row.size(), 5u) << "line " << row.line;
    SCOPED_TRACE(row[0] + " " + row[4]);
    const std::u32string input = parse_code_points(row[1]);
    const error_set expected_errors = parse_errors(row[3]);
    const prepared p = run(input);
    EXPECT_EQ(p.r.code, puny::status::success);
    EXPECT_EQ(puny::idna2003::to_string(p.r.errors), puny::idna2003::to_string(expected_errors));
    if (row[2] == "-") {
      EXPECT_FALSE(p.r.ok());
      EXPECT_EQ(p.r.written, 0u);
      EXPECT_EQ(p.r.label, 0u);
    } else {
      EXPECT_TRUE(p.r.ok());
      EXPECT_EQ(hex(p.text), hex(parse_code_points(row[2])));
    }
    // The UTF-8 overloads agree (no surrogates in UTF-8: 3.30 is UTF-32 only).
    if (input.find(char32_t{0xDF42}) == std::u32string::npos) {
      std::string utf8(4 * input.size(), '\0');
      const auto in8 = puny::utf32_to_utf8(std::span<const char32_t>(input.data(), input.size()), utf8);
      utf8.resize(in8.written);
      const auto c = puny::idna2003::nameprep(utf8);
      EXPECT_EQ(c.errors, p.r.errors);
      std::u32string back(c.value.size(), U'\0');
      const auto out32 = puny::utf8_to_utf32(c.value, std::span<char32_t>(back));
      back.resize(out32.written);
      EXPECT_EQ(hex(back), hex(p.text));
    }
    if (!HasFailure()) ++passed;
  }
  std::cout << "[ported] draft-josefsson-idn-test-vectors Nameprep: " << rows.size() << " vectors, " << passed
            << " pass\n";
  EXPECT_EQ(passed, rows.size());
}

TEST(Idna2003Nameprep, UnassignedPassesWithAllowUnassigned) {
  // Vector 3.43 as a "query" string (RFC 3454 §7): an A.1 code point is its
  // own Nameprep.
  options o;
  o.allow_unassigned = true;
  const prepared p = run(U"a\U000E0002", o);
  ASSERT_TRUE(p.r.ok());
  EXPECT_EQ(p.text, U"a\U000E0002");
  // U+0221 was unassigned in Unicode 3.2 (assigned in 4.0).
  EXPECT_TRUE(run(U"\u0221b", o).r.ok());
  EXPECT_EQ(run(U"\u0221b").r.errors, error_set{error::unassigned});
}

// ---------------------------------------------------------------------------
// Unicode 3.2 data choices

TEST(Idna2003Nameprep, PublicReviewIssue29BothModes) {
  options corrected;
  options text32;
  text32.nfkc = composition::unicode_3_2_text;
  // U+1100 U+0300 U+1161: the grave accent blocks the jamo only under D2'.
  EXPECT_EQ(hex(run(U"\u1100\u0300\u1161", corrected).text), "1100 0300 1161");
  EXPECT_EQ(hex(run(U"\u1100\u0300\u1161", text32).text), "AC00 0300");
  // U+0B47 U+0300 U+0B3E: ORIYA VOWEL SIGN O (U+0B4B) only under the 3.2 text.
  EXPECT_EQ(hex(run(U"\u0B47\u0300\u0B3E", corrected).text), "0B47 0300 0B3E");
  EXPECT_EQ(hex(run(U"\u0B47\u0300\u0B3E", text32).text), "0B4B 0300");
  // Marks of different classes compose the same way in both.
  EXPECT_EQ(hex(run(U"a\u0323\u0302", corrected).text), "1EAD");
  EXPECT_EQ(hex(run(U"a\u0323\u0302", text32).text), "1EAD");
  // Equal classes block in both (U+0301 then U+0302, both 230).
  EXPECT_EQ(hex(run(U"a\u0301\u0302", text32).text), "00E1 0302");
}

TEST(Idna2003Nameprep, Corrigendum4NotApplied) {
  // CJK COMPATIBILITY IDEOGRAPH-2F874: U+5F33 in Unicode 3.2 (JDNA 4-2-2-1),
  // U+5F53 after Corrigendum 4.
  EXPECT_EQ(hex(run(U"\U0002F874").text), "5F33");
  // Corrigendum 3 is in the 3.2.0 data: U+F951 -> U+964B.
  EXPECT_EQ(hex(run(U"\uF951").text), "964B");
}

TEST(Idna2003Nameprep, B2AsPublished) {
  // RFC 3454 B.2 has no entry for these three (they have no lower-case
  // mapping in Unicode 3.2), unlike Python's stringprep.map_table_b2.
  EXPECT_EQ(hex(run(U"\u04C0").text), "04C0");
  EXPECT_EQ(hex(run(U"\u13A0").text), "13A0");
  EXPECT_EQ(hex(run(U"\u2132").text), "2132");
  // ... while B.2 does fold these (CaseFolding plus FC_NFKC_Closure).
  EXPECT_EQ(hex(run(U"\u00DF").text), "0073 0073");
  EXPECT_EQ(hex(run(U"\u20A8").text), "0072 0073");
  EXPECT_EQ(hex(run(U"\u037A").text), "0020 03B9");
  EXPECT_EQ(hex(run(U"\U0001D400").text), "0061");
}

TEST(Idna2003Nameprep, MappingThenNfkc) {
  EXPECT_EQ(hex(run(U"Bücher").text), "0062 00FC 0063 0068 0065 0072");
  EXPECT_EQ(hex(run(U"B\u0308").text), "0062 0308");  // no composite b-diaeresis
  EXPECT_EQ(hex(run(U"U\u0308").text), "00FC");        // mapped, then composed
  EXPECT_EQ(hex(run(U"\uFDFA").text).size(), 18u * 5 - 1);  // 18 code points
  EXPECT_EQ(hex(run(U"\u0627\u0653").text), "0622");        // composes to ALEF WITH MADDA ABOVE
  EXPECT_EQ(hex(run(U"\uAC00\u11A8").text), "AC01");         // Hangul LV + T
  EXPECT_EQ(hex(run(U"\u1100\u1161\u11A8").text), "AC01");
  EXPECT_TRUE(run(U"").r.ok());
  EXPECT_EQ(run(U"\u00AD\u200B").r.written, 0u);  // B.1 maps to nothing
}

// ---------------------------------------------------------------------------
// Errors and their location

TEST(Idna2003Nameprep, EveryNameprepErrorWithItsLocation) {
  struct row {
    std::u32string_view input;
    error_set errors;
    std::size_t offset;
    char32_t code_point;
  };
  const row rows[] = {
      {U"ab\u3000\u1680", {error::prohibited}, 3, 0x1680},       // C.1.2 (U+3000 maps to a space)
      {U"a\u0085", {error::prohibited}, 1, 0x0085},               // C.2.2
      {U"\uE000", {error::prohibited}, 0, 0xE000},                // C.3
      {U"x\uFDD0", {error::prohibited}, 1, 0xFDD0},               // C.4
      {U"x\xD800y", {error::prohibited}, 1, 0xD800},              // C.5
      {U"\uFFFC", {error::prohibited}, 0, 0xFFFC},                // C.6
      {U"\u2FF0", {error::prohibited}, 0, 0x2FF0},                // C.7
      {U"ab\u202A", {error::bidi_prohibited}, 2, 0x202A},         // C.8
      // U+200F RIGHT-TO-LEFT MARK is in C.8 and, as Bidi class R, in D.1.
      {U"ab\u200F", {error::bidi_prohibited, error::bidi_both_l_and_ral, error::bidi_ral_not_first_last}, 2, 0x200F},
      {U"\U000E0041", {error::prohibited}, 0, 0xE0041},           // C.9
      {U"\u05D0a\u05D1", {error::bidi_both_l_and_ral}, 0, 0},     // §6 rule 2
      {U"\u05D01", {error::bidi_ral_not_first_last}, 0, 0},       // §6 rule 3
      {U"1\u05D0", {error::bidi_ral_not_first_last}, 0, 0},
      {U"\u0627\u0661", {error::bidi_ral_not_first_last}, 0, 0},  // U+0661 is AN, not RandALCat
      {U"\u05D0\u0308", {error::bidi_ral_not_first_last}, 0, 0},  // a trailing NSM counts
      {U"ab\u0221", {error::unassigned}, 2, 0x0221},               // A.1
      // Several rules: the location is the first rule's in RFC 3454 order.
      {U"\u0221\uE000", {error::prohibited, error::unassigned}, 1, 0xE000},
      {U"\u05D0a\u0221", {error::bidi_both_l_and_ral, error::unassigned, error::bidi_ral_not_first_last}, 2, 0x0221},
  };
  for (const row& r : rows) {
    SCOPED_TRACE(hex(r.input));
    const prepared p = run(r.input);
    EXPECT_EQ(p.r.code, puny::status::success);
    EXPECT_EQ(puny::idna2003::to_string(p.r.errors), puny::idna2003::to_string(r.errors));
    EXPECT_EQ(p.r.offset, r.offset);
    EXPECT_EQ(p.r.code_point, r.code_point);
    EXPECT_EQ(p.r.label, 0u);
    EXPECT_EQ(p.r.written, 0u);
  }
  // The passing side of each Bidi rule.
  EXPECT_TRUE(run(U"\u06271\u0628").r.ok());
  EXPECT_TRUE(run(U"\u05D0").r.ok());
  EXPECT_TRUE(run(U"\u0340").r.ok());  // C.8 but NFKC maps it to U+0300 first
  EXPECT_EQ(hex(run(U"\u0340").text), "0300");
}

TEST(Idna2003Nameprep, ErrorTexts) {
  EXPECT_EQ(puny::idna2003::name(error::ace_prefix_present), "ACE_PREFIX_PRESENT");
  EXPECT_EQ(puny::idna2003::name(error::bidi_ral_not_first_last), "BIDI_RAL_NOT_FIRST_LAST");
  EXPECT_EQ(puny::idna2003::name(error::unassigned), "UNASSIGNED");
  EXPECT_EQ(puny::idna2003::rule(error::prohibited), "RFC 3491 §5; RFC 3454 §5");
  for (std::size_t i = 0; i < puny::idna2003::error_count; ++i) {
    const auto e = static_cast<error>(i);
    EXPECT_FALSE(puny::idna2003::message(e).empty());
    EXPECT_NE(puny::idna2003::rule(e).find("RFC"), std::string_view::npos);
    if (i > 0) {
      EXPECT_LT(puny::idna2003::name(static_cast<error>(i - 1)), puny::idna2003::name(e));
    }
  }
  EXPECT_EQ(puny::idna2003::to_string({error::unassigned, error::prohibited}), "PROHIBITED, UNASSIGNED");
  EXPECT_EQ(puny::idna2003::to_string({}), "");
}

// ---------------------------------------------------------------------------
// Buffers and encodings

TEST(Idna2003Nameprep, OutputSizeAndNeeded) {
  const std::u32string in = U"\uFDFA";  // 18 code points out
  auto r = puny::idna2003::nameprep(in, std::span<char32_t>());
  EXPECT_EQ(r.code, puny::status::output_too_small);
  EXPECT_EQ(r.needed, 18u);
  std::array<char32_t, 17> small{};
  r = puny::idna2003::nameprep(in, std::span<char32_t>(small));
  EXPECT_EQ(r.code, puny::status::output_too_small);
  EXPECT_EQ(small[0], U'\0');  // writes only when it succeeds
  // UTF-8: needed counts bytes.
  char buffer[4];
  const auto r8 = puny::idna2003::nameprep(std::string_view("\xC3\x9F\xC3\x9F"), std::span<char>(buffer, 3));
  EXPECT_EQ(r8.code, puny::status::output_too_small);
  EXPECT_EQ(r8.needed, 4u);
  // An inert label is copied as it is.
  std::array<char32_t, 3> out{};
  r = puny::idna2003::nameprep(U"abc", std::span<char32_t>(out));
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(std::u32string_view(out.data(), r.written), U"abc");
}

TEST(Idna2003Nameprep, InvalidInput) {
  const auto r8 = puny::idna2003::nameprep(std::string_view("ab\xFF"));
  EXPECT_EQ(r8.code, puny::status::invalid_utf8);
  EXPECT_EQ(r8.position, 2u);
  std::array<char32_t, 8> out{};
  const char32_t beyond[] = {U'a', char32_t{0x110000}};
  const auto r = puny::idna2003::nameprep(std::u32string_view(beyond, 2), std::span<char32_t>(out));
  EXPECT_EQ(r.code, puny::status::invalid_code_point);
  EXPECT_EQ(r.position, 1u);
}

TEST(Idna2003Nameprep, Utf8Convenience) {
  const auto c = puny::idna2003::nameprep(std::string_view("Fa\xC3\x9F"));
  ASSERT_TRUE(c.ok());
  EXPECT_EQ(*c, "fass");
  const auto bad = puny::idna2003::nameprep(std::string_view("\xE2\x80\x8E"));
  EXPECT_FALSE(bad.ok());
  EXPECT_TRUE(bad.value.empty());
  EXPECT_EQ(bad.errors, error_set{error::bidi_prohibited});
  EXPECT_EQ(bad.code_point, char32_t{0x200E});
}

// ---------------------------------------------------------------------------
// Hostile input: linear-ish time, precise result

TEST(Idna2003Nameprep, LongInputsComplete) {
  using clock = std::chrono::steady_clock;
  const auto start = clock::now();
  // 100,000 combining marks of alternating classes after a base: the
  // canonical ordering sort must not be quadratic.
  std::u32string marks = U"a";
  for (std::size_t i = 0; i < 100000; ++i) marks.push_back(i % 2 == 0 ? U'\u0301' : U'\u0323');
  prepared p = run(marks);
  ASSERT_TRUE(p.r.ok());
  ASSERT_EQ(p.text.size(), 100000u);  // a + U+0323 compose to U+1EA1; the rest stay
  EXPECT_EQ(p.text[0], U'\u1EA1');
  EXPECT_EQ(p.text[1], U'\u0323');
  EXPECT_EQ(p.text[49999], U'\u0323');
  EXPECT_EQ(p.text[50000], U'\u0301');
  // Same under the Unicode 3.2 text.
  options text32;
  text32.nfkc = composition::unicode_3_2_text;
  EXPECT_EQ(run(marks, text32).text, p.text);
  // 100,000 Arabic-Indic digits: Bidi class AN, not RandALCat, so the
  // RFC 3454 §6 rules do not apply; after an ALEF, rule 3 fails once.
  p = run(std::u32string(100000, U'\u0660'));
  EXPECT_TRUE(p.r.ok());
  p = run(U"\u0627" + std::u32string(100000, U'\u0660'));
  EXPECT_EQ(p.r.errors, error_set{error::bidi_ral_not_first_last});
  // 100,000 U+FDFA: 1.8 million code points out.
  p = run(std::u32string(100000, U'\uFDFA'));
  ASSERT_TRUE(p.r.ok());
  EXPECT_EQ(p.text.size(), 1800000u);
  // 100,000 Hebrew letters with a Latin one at the end.
  std::u32string hebrew(100000, U'\u05D0');
  hebrew.push_back(U'a');
  EXPECT_EQ(run(hebrew).r.errors, (error_set{error::bidi_both_l_and_ral, error::bidi_ral_not_first_last}));
  const double seconds = std::chrono::duration<double>(clock::now() - start).count();
  EXPECT_LT(seconds, 10.0);
}

TEST(Idna2003Nameprep, Nfkc32Directly) {
  // The NFKC of Nameprep on its own: NFKC(x) = NFKC(NFKD(x)), and a
  // buffer that is too small writes nothing.
  const std::u32string in = U"\u1E9B\u0323";  // UAX #15's example
  namespace stringprep = puny::detail::stringprep;
  std::vector<char32_t> out(stringprep::nfkc_buffer_size(stringprep::decomposed_length(in)));
  const std::size_t n = stringprep::to_nfkc(in, out, composition::corrected);
  EXPECT_EQ(hex(std::u32string_view(out.data(), n)), "1E69");
  std::array<char32_t, 1> tiny{};
  EXPECT_EQ(stringprep::to_nfkc(in, tiny, composition::corrected), 0u);
}

}  // namespace
