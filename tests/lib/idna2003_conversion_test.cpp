// IDNA2003 ToASCII and ToUnicode of whole names (RFC 3490 §4): label
// separators and the root, each step's error with the label, offset and
// code point at fault, lengths, the buffer contract (exact `needed`,
// nothing written on failure, invalid UTF-8 and UTF-32), UTF-8 and UTF-32
// agreement, names beyond the stack buffers, and hostile input in linear
// time.
#include <gtest/gtest.h>

#include <chrono>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "puny/idna.hpp"
#include "puny/idna2003.hpp"
#include "puny/utf8.hpp"

namespace {

using puny::status;
using puny::idna2003::error;
using puny::idna2003::error_set;
using puny::idna2003::options;
using puny::idna2003::result;

std::string utf8(std::u32string_view s) {
  std::string out(4 * s.size(), '\0');
  out.resize(puny::utf32_to_utf8(std::span<const char32_t>(s.data(), s.size()), out).written);
  return out;
}

std::u32string utf32(std::string_view s) {
  std::u32string out(s.size(), U'\0');
  out.resize(puny::utf8_to_utf32(std::span<const char>(s.data(), s.size()), out).written);
  return out;
}

options std3() {
  options o;
  o.use_std3_ascii_rules = true;
  return o;
}

options query() {
  options o;
  o.allow_unassigned = true;
  return o;
}

/// `prefix` then `n` times `s` (built in place: "a" + std::string trips
/// g++ 12's -Wrestrict).
std::string repeat(std::string_view s, std::size_t n, std::string_view prefix = {}) {
  std::string out(prefix);
  for (std::size_t i = 0; i < n; ++i) out += s;
  return out;
}

/// ToASCII through the UTF-32 core function as well: both must agree.
puny::idna2003::converted<std::string> ascii(std::string_view name, const options& o = {}) {
  auto c = puny::idna2003::to_ascii(name, o);
  const std::u32string wide = utf32(name);
  std::string buffer(4 * 18 * wide.size() + 4 * (wide.size() + 1), '\0');
  const result r = puny::idna2003::to_ascii(wide, std::span<char>(buffer), o);
  EXPECT_EQ(r.code, c.code);
  EXPECT_EQ(r.errors, c.errors);
  EXPECT_EQ(r.label, c.label);
  EXPECT_EQ(r.offset, c.offset);
  EXPECT_EQ(r.code_point, c.code_point);
  EXPECT_EQ(buffer.substr(0, r.written), c.value);
  return c;
}

/// ToUnicode through the UTF-32 core function as well.
puny::idna2003::converted<std::string> unicode(std::string_view name, const options& o = {}) {
  auto c = puny::idna2003::to_unicode(name, o);
  const std::u32string wide = utf32(name);
  std::u32string buffer(18 * wide.size() + 1, U'\0');
  const result r = puny::idna2003::to_unicode(wide, std::span<char32_t>(buffer), o);
  EXPECT_EQ(r.code, c.code);
  EXPECT_EQ(r.errors, c.errors);
  EXPECT_EQ(r.label, c.label);
  EXPECT_EQ(r.offset, c.offset);
  EXPECT_EQ(r.code_point, c.code_point);
  EXPECT_EQ(utf8(buffer.substr(0, r.written)), c.value);
  return c;
}

// ---------------------------------------------------------------------------
// Separators and the root (RFC 3490 §3.1).

TEST(Idna2003Names, FourSeparatorsWrittenAsFullStop) {
  EXPECT_EQ(ascii("a.b\u3002c\uFF0Ed\uFF61\u00FC").value, "a.b.c.d.xn--tda");
  EXPECT_EQ(unicode("a.b\u3002c\uFF0Ed\uFF61xn--tda").value, "a.b.c.d.\u00FC");
  // Only those four: U+FE52 SMALL FULL STOP is a character of the label,
  // and Nameprep's NFKC makes it "." inside the label (RFC 3490 splits first).
  EXPECT_EQ(ascii("a\uFE52\u00FC").value, "xn--a.-yka");
}

TEST(Idna2003Names, RootAndEmptyLabels) {
  EXPECT_EQ(ascii("a.b.").value, "a.b.");
  EXPECT_EQ(ascii("\u00FC\u3002").value, "xn--tda.");
  EXPECT_EQ(ascii(".").value, ".");
  EXPECT_EQ(ascii("\uFF61").value, ".");
  const auto empty = ascii("");
  EXPECT_TRUE(empty.ok());
  EXPECT_EQ(empty.value, "");

  for (const char* name : {"a..b", ".a", "a.b..", "..", "\u00FC..b"}) {
    SCOPED_TRACE(name);
    const auto c = ascii(name);
    EXPECT_EQ(c.errors, error_set{error::invalid_length});
    EXPECT_TRUE(c.value.empty());
  }
  EXPECT_EQ(ascii("a..b").label, 1u);
  EXPECT_EQ(ascii(".a").label, 0u);
  EXPECT_EQ(ascii("a.b..").label, 2u);

  // ToUnicode never fails on them: an empty label has no ACE prefix.
  for (const char* name : {"a..b", ".a", "a.b..", "..", ".", ""}) {
    SCOPED_TRACE(name);
    const auto c = unicode(name);
    EXPECT_TRUE(c.ok());
    EXPECT_EQ(c.value, name);
  }
}

// ---------------------------------------------------------------------------
// ToASCII, step by step (RFC 3490 §4.1).

TEST(Idna2003ToAscii, AsciiLabelsSkipNameprep) {
  // Step 1: case kept, no check but length (and STD3 when asked).
  EXPECT_EQ(ascii("ABC.Example").value, "ABC.Example");
  EXPECT_EQ(ascii("xn--zca.XN--ANYTHING").value, "xn--zca.XN--ANYTHING");
  EXPECT_EQ(ascii("a_b.-x-").value, "a_b.-x-");
  // A non-ASCII label is lower-cased by Nameprep (B.2) before it is encoded.
  EXPECT_EQ(ascii("B\u00FCcher.DE").value, "xn--bcher-kva.DE");
  EXPECT_EQ(ascii("fa\u00DF.de").value, "fass.de");
}

TEST(Idna2003ToAscii, NameprepErrorsNameTheInputCodePoint) {
  const auto c = ascii("ok.a\uE000b");
  EXPECT_EQ(c.errors, error_set{error::prohibited});
  EXPECT_EQ(c.label, 1u);
  EXPECT_EQ(c.offset, 1u);
  EXPECT_EQ(c.code_point, U'\uE000');
  EXPECT_TRUE(c.value.empty());

  const auto u = ascii("x.\u0221b");
  EXPECT_EQ(u.errors, error_set{error::unassigned});
  EXPECT_EQ(u.label, 1u);
  EXPECT_EQ(u.code_point, U'\u0221');
  EXPECT_EQ(ascii("x.\u0221b", query()).value, "x.xn--b-3xa");

  // RFC 3454 §6: RandALCat at both ends.
  EXPECT_EQ(ascii("\u0627" "1\u0628").value, "xn--1-ymce");
  EXPECT_EQ(ascii("\u0627" "1").errors, error_set{error::bidi_ral_not_first_last});
}

TEST(Idna2003ToAscii, Std3AfterNameprep) {
  // Step 3 sees Nameprep's output: U+FF0B became "+".  The error names the
  // code point as given.
  EXPECT_EQ(ascii("\u00ED\uFF0Bdn").value, "xn--+dn-qma");
  const auto c = ascii("\u00ED\uFF0Bdn", std3());
  EXPECT_EQ(c.errors, error_set{error::non_ldh_ascii});
  EXPECT_EQ(c.offset, 1u);
  EXPECT_EQ(c.code_point, U'\uFF0B');
  // The second "+" of the output comes from the third input code point.
  const auto second = ascii("\u00ED\uFF0B.x+\u207A\u00E1", std3());
  EXPECT_EQ(second.label, 0u);
  EXPECT_EQ(second.code_point, U'\uFF0B');
  const auto later = ascii("x.\u00E1a\u207A", std3());
  EXPECT_EQ(later.label, 1u);
  EXPECT_EQ(later.offset, 2u);
  EXPECT_EQ(later.code_point, U'\u207A');
  // An ASCII label: the character itself.
  const auto plain = ascii("ab.c_d", std3());
  EXPECT_EQ(plain.errors, error_set{error::non_ldh_ascii});
  EXPECT_EQ(plain.label, 1u);
  EXPECT_EQ(plain.offset, 1u);
  EXPECT_EQ(plain.code_point, U'_');
  // Hyphens are about the label as a whole; both 3a and 3b can fail.
  const auto hyphens = ascii("\uFE63\u00ED2dn\uFF0D", std3());
  EXPECT_EQ(hyphens.errors, error_set{error::leading_or_trailing_hyphen});
  EXPECT_EQ(hyphens.offset, 0u);
  EXPECT_EQ(hyphens.code_point, U'\0');
  EXPECT_EQ(ascii("-a b", std3()).errors, (error_set{error::leading_or_trailing_hyphen, error::non_ldh_ascii}));
  // Without STD3, space survives Nameprep (C.1.1 is not prohibited).
  EXPECT_EQ(ascii("\u00E1 b").value, "xn-- b-lia");
  EXPECT_EQ(ascii("\u2000\u00EDn").value, "xn-- n-nja");
}

TEST(Idna2003ToAscii, AcePrefixOnlyOnLabelsStillNonAscii) {
  EXPECT_EQ(ascii("\u2179n--\u00E4dn").errors, error_set{error::ace_prefix_present});
  EXPECT_EQ(ascii("XN--\u00E4").errors, error_set{error::ace_prefix_present});
  EXPECT_EQ(ascii("\uFF58\uFF4E\uFF0D\uFF0Dzca").value, "xn--zca");
  EXPECT_EQ(ascii("xn--zca").value, "xn--zca");
}

TEST(Idna2003ToAscii, LabelLengths) {
  EXPECT_EQ(ascii(repeat("a", 63)).value, repeat("a", 63));
  EXPECT_EQ(ascii(repeat("a", 64)).errors, error_set{error::invalid_length});
  EXPECT_EQ(ascii(repeat("a", 55) + "\u00FC").value.size(), 63u);
  EXPECT_EQ(ascii(repeat("a", 56) + "\u00FC").errors, error_set{error::invalid_length});
  EXPECT_EQ(ascii(repeat("\u00FC", 57)).value.size(), 63u);
  EXPECT_EQ(ascii(repeat("\u00FC", 58)).errors, error_set{error::invalid_length});
  EXPECT_EQ(ascii(repeat("\u00FC", 2000)).errors, error_set{error::invalid_length});
  EXPECT_EQ(ascii("\u00AD").errors, error_set{error::invalid_length});
  // B.1 deletes ZWNJ: a long run of them is nothing.
  EXPECT_EQ(ascii(repeat("\u200C", 5000, "a")).value, "a");
}

TEST(Idna2003ToAscii, NameLengthOnlyWithVerifyDnsLength) {
  const std::string label = repeat("a", 63);
  const std::string long_name = label + "." + label + "." + label + "." + label;  // 255
  EXPECT_EQ(ascii(long_name).value, long_name);
  options o;
  o.verify_dns_length = true;
  const auto c = ascii(long_name, o);
  EXPECT_EQ(c.errors, error_set{error::name_too_long});
  EXPECT_EQ(c.label, result::no_label);
  const std::string fits = label + "." + label + "." + label + "." + repeat("a", 61);  // 253
  EXPECT_EQ(ascii(fits, o).value, fits);
  EXPECT_EQ(ascii(fits + ".", o).value, fits + ".") << "the root's dot is not counted";
  // The ASCII form counts: 36 labels of "xn--tda" and dots.
  std::string wide;
  for (int i = 0; i < 32; ++i) wide += "\u00FC.";
  wide += "\u00FC";  // 33 × 7 + 32 = 263
  EXPECT_EQ(ascii(wide, o).errors, error_set{error::name_too_long});
  EXPECT_TRUE(ascii(wide).ok());
}

TEST(Idna2003ToAscii, ErrorsOfEveryLabelFirstLabelLocated) {
  const auto c = ascii("ok.a\uE000.b\u0221.", std3());
  EXPECT_EQ(c.errors, (error_set{error::prohibited, error::unassigned}));
  EXPECT_EQ(c.label, 1u);
  EXPECT_EQ(c.code_point, U'\uE000');
}

TEST(Idna2003ToAscii, CompositionOptionReachesNameprep) {
  // PRI #29 (the notes' measured values): D2' by default, libidn's text on request.
  EXPECT_EQ(ascii("\u1100\u0300\u1161").value, "xn--ksa182emia");
  options o;
  o.nfkc = puny::idna2003::composition::unicode_3_2_text;
  EXPECT_EQ(ascii("\u1100\u0300\u1161", o).value, "xn--ksa1467f");
}

// ---------------------------------------------------------------------------
// ToUnicode (RFC 3490 §4.2): never fails, the label given back as it was.

TEST(Idna2003ToUnicode, DecodesAndKeepsCase) {
  EXPECT_EQ(unicode("XN--MLLER-KVA.de").value, "M\u00FCLLER.de");
  EXPECT_EQ(unicode("xN--mLLer-kVA.De").value, "m\u00FCLLer.De");
  EXPECT_EQ(unicode("B\u00FCcher.XN--MLLER-KVA.example").value, "B\u00FCcher.M\u00FCLLER.example");
  EXPECT_EQ(unicode("xn--m\u00DF-jma").value, "m\u00EBss") << "JDNA 3-2-1: Nameprep first";
  EXPECT_EQ(unicode("\uFF58\uFF4E\uFF0D\uFF0Dmller-kva").value, "m\u00FCller");
}

TEST(Idna2003ToUnicode, FailingLabelGivenBackWithTheReason) {
  // Not the Nameprep form: the input.
  const auto kept = unicode("\u00C0B.xn--zca");
  EXPECT_EQ(kept.value, "\u00C0B.xn--zca");
  EXPECT_EQ(kept.errors, error_set{error::roundtrip_mismatch});
  EXPECT_EQ(kept.label, 1u);
  EXPECT_EQ(kept.offset, 0u);
  EXPECT_EQ(kept.code_point, U'\0');
  EXPECT_EQ(kept.code, status::success);

  // Step 2 fails: located in the label as given.
  const auto prep = unicode("x.A\uE000");
  EXPECT_EQ(prep.value, "x.A\uE000");
  EXPECT_EQ(prep.errors, error_set{error::prohibited});
  EXPECT_EQ(prep.label, 1u);
  EXPECT_EQ(prep.offset, 1u);

  // Step 6 fails: located in the decoded label ("e000" U+E000 "dn").
  const auto decoded = unicode("a.xn--e000dn-l704a");
  EXPECT_EQ(decoded.value, "a.xn--e000dn-l704a");
  EXPECT_EQ(decoded.errors, error_set{error::prohibited});
  EXPECT_EQ(decoded.offset, 4u);
  EXPECT_EQ(decoded.code_point, U'\uE000');

  EXPECT_EQ(unicode("xn--dn-mj").errors, error_set{error::punycode_error});
  EXPECT_EQ(unicode("xn--dn-mj+").errors, error_set{error::punycode_error});
  EXPECT_EQ(unicode("xn--d\u00F1-mja").errors, error_set{error::punycode_error});
  EXPECT_EQ(unicode("xn---abc").errors, error_set{error::punycode_error});
  EXPECT_EQ(unicode("xn--").errors, error_set{error::invalid_length}) << "decodes to nothing";
  EXPECT_EQ(unicode("xn--xn--dn-6va").errors, error_set{error::ace_prefix_present});
  EXPECT_EQ(unicode("xn--idn-").errors, error_set{error::roundtrip_mismatch});
  // With the flags of the call (step 6 uses them too).
  EXPECT_TRUE(unicode("xn---3dn-vpa").ok());
  EXPECT_EQ(unicode("xn---3dn-vpa", std3()).errors, error_set{error::leading_or_trailing_hyphen});
  EXPECT_EQ(unicode("xn--ls8h").errors, error_set{error::unassigned});
  EXPECT_EQ(unicode("xn--ls8h", query()).value, "\U0001F4A9");
  // A label without the prefix is no failure, whatever it holds.
  EXPECT_TRUE(unicode("a_b.-x-.\u00FC", std3()).ok());
}

// ---------------------------------------------------------------------------
// Buffers.

TEST(Idna2003Buffers, NeededIsExactAndNothingWrittenWhenTooSmall) {
  for (const std::string name : {"b\u00FCcher.example.", "abc.def", "\u00FC", "a\u3002b"}) {
    SCOPED_TRACE(name);
    const auto probe = puny::idna2003::to_ascii(name, std::span<char>());
    ASSERT_EQ(probe.code, status::output_too_small);
    std::string out(probe.needed, '#');
    std::string small(probe.needed - 1, '#');
    const auto too_small = puny::idna2003::to_ascii(name, std::span<char>(small));
    EXPECT_EQ(too_small.code, status::output_too_small);
    EXPECT_EQ(too_small.needed, probe.needed);
    EXPECT_EQ(small, std::string(probe.needed - 1, '#')) << "nothing written";
    const auto r = puny::idna2003::to_ascii(name, std::span<char>(out));
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r.written, probe.needed);

    const auto uprobe = puny::idna2003::to_unicode(out, std::span<char>());
    ASSERT_EQ(uprobe.code, status::output_too_small);
    std::string back(uprobe.needed, '\0');
    const auto u = puny::idna2003::to_unicode(out, std::span<char>(back));
    ASSERT_TRUE(u.ok());
    EXPECT_EQ(u.written, uprobe.needed);
  }
  // A failure is reported as such, not as a size problem, and writes nothing.
  std::string out(2, '#');
  const auto bad = puny::idna2003::to_ascii("a..b", std::span<char>(out));
  EXPECT_EQ(bad.code, status::success);
  EXPECT_EQ(bad.errors, error_set{error::invalid_length});
  EXPECT_EQ(bad.written, 0u);
  EXPECT_EQ(out, "##");
  // ToUnicode with errors still reports its size.
  const auto u = puny::idna2003::to_unicode("xn--zca", std::span<char>());
  EXPECT_EQ(u.code, status::output_too_small);
  EXPECT_EQ(u.needed, 7u);
  EXPECT_EQ(u.errors, error_set{error::roundtrip_mismatch});
}

TEST(Idna2003Buffers, InvalidInput) {
  const std::string bad = std::string("ab.c") + '\xC3' + "(";
  const auto a = puny::idna2003::to_ascii(bad);
  EXPECT_EQ(a.code, status::invalid_utf8);
  EXPECT_EQ(a.position, 4u);
  const auto u = puny::idna2003::to_unicode(bad);
  EXPECT_EQ(u.code, status::invalid_utf8);
  EXPECT_EQ(u.position, 4u);
  EXPECT_TRUE(u.value.empty());

  const std::u32string wide = U"a.b\U0010FFFF" + std::u32string(1, static_cast<char32_t>(0x110000));
  std::string out(64, '\0');
  const auto w = puny::idna2003::to_ascii(wide, std::span<char>(out));
  EXPECT_EQ(w.code, status::invalid_code_point);
  EXPECT_EQ(w.position, 4u);
  std::u32string out32(64, U'\0');
  const auto wu = puny::idna2003::to_unicode(wide, std::span<char32_t>(out32));
  EXPECT_EQ(wu.code, status::invalid_code_point);
  EXPECT_EQ(wu.position, 4u);

  // A surrogate is a C.5 code point (JDNA 4-3-7).
  const std::u32string surrogate = std::u32string(1, static_cast<char32_t>(0xD805)) + U"\u00EDdn";
  const auto s = puny::idna2003::to_ascii(surrogate, std::span<char>(out));
  EXPECT_EQ(s.code, status::success);
  EXPECT_EQ(s.errors, error_set{error::prohibited});
  const auto su = puny::idna2003::to_unicode(surrogate, std::span<char32_t>(out32));
  EXPECT_EQ(su.errors, error_set{error::prohibited});
  EXPECT_EQ(out32.substr(0, su.written), surrogate);
}

// ---------------------------------------------------------------------------
// Names beyond the stack buffers, and hostile input.

TEST(Idna2003Large, ResultsLongerThanTheStagingBuffer) {
  // 250 labels "xn--tda": 1,999 characters, past the 1,536 kept on the
  // stack, so the labels after it are converted a second time.
  std::string name, expected;
  for (int i = 0; i < 250; ++i) {
    name += i ? "." : "";
    expected += i ? "." : "";
    name += "\u00FC";
    expected += "xn--tda";
  }
  EXPECT_EQ(ascii(name).value, expected);
  EXPECT_EQ(unicode(expected).value, name);
  EXPECT_EQ(ascii(name + ".").value, expected + ".");

  // Past puny::max_stack_domain code points.
  std::string big, big_dotted, big_expected;
  for (int i = 0; i < 3000; ++i) {
    big += i ? "\u3002" : "";
    big_dotted += i ? "." : "";
    big_expected += i ? "." : "";
    big += (i % 2) ? "ab" : "\u00FC";
    big_dotted += (i % 2) ? "ab" : "\u00FC";
    big_expected += (i % 2) ? "ab" : "xn--tda";
  }
  ASSERT_GT(utf32(big).size(), puny::max_stack_domain);
  EXPECT_EQ(ascii(big).value, big_expected);
  EXPECT_EQ(unicode(big_expected).value, big_dotted);
  EXPECT_EQ(unicode(big).value, big_dotted);
}

TEST(Idna2003Large, HugeLabelsGetPreciseErrors) {
  // 3,000 Punycode digits "a" decode to U+0080 × 3000, a C.2.2 code point.
  const auto u = unicode(repeat("a", 3000, "xn--"));
  EXPECT_EQ(u.errors, error_set{error::prohibited});
  EXPECT_EQ(u.code_point, U'\u0080');
  EXPECT_EQ(u.value.size(), 3004u);
  // A label far longer than the stack part once Nameprep has expanded it.
  EXPECT_EQ(ascii(repeat("\uFDFA", 200)).errors, error_set{error::invalid_length});
  const auto spaces = ascii(repeat("\uFDFA", 200), std3());
  EXPECT_EQ(spaces.errors, error_set{error::non_ldh_ascii});
  EXPECT_EQ(spaces.offset, 0u);
  EXPECT_EQ(spaces.code_point, U'\uFDFA');
}

TEST(Idna2003Large, HostileInputInLinearTime) {
  struct hostile {
    std::string name;
    error_set ascii_errors;
  };
  const std::vector<hostile> inputs = {
      {repeat("\u0660", 100000), error_set{error::invalid_length}},
      {repeat("\u30FB", 100000) + "\u6F22", error_set{error::invalid_length}},
      {repeat("\u200C", 100000, "a"), error_set{}},
      {repeat("\uFDFA", 20000), error_set{error::invalid_length}},
      {repeat("\u00FC.", 50000) + "a", error_set{}},
      {repeat(".", 100000), error_set{error::invalid_length}},
      {repeat("a", 100000, "xn--"), error_set{error::invalid_length}},
      {repeat("\u0627" "b", 50000), error_set{error::bidi_both_l_and_ral, error::bidi_ral_not_first_last}},
  };
  for (const hostile& h : inputs) {
    SCOPED_TRACE(h.name.substr(0, 12));
    const auto start = std::chrono::steady_clock::now();
    const auto a = puny::idna2003::to_ascii(h.name);
    const auto u = puny::idna2003::to_unicode(h.name);
    const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_EQ(a.code, status::success);
    EXPECT_EQ(a.errors, h.ascii_errors);
    EXPECT_EQ(u.code, status::success);
    EXPECT_LT(seconds, 2.0);
  }
}

}  // namespace
