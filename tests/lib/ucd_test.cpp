// Spot checks of the generated Unicode 17.0 tables with values known from
// the data files (the conformance suite compares every code point).
#include <gtest/gtest.h>

#include <string_view>

#include "unicode/idna_record.hpp"
#include "unicode/ucd.hpp"

namespace {

namespace ucd = puny::detail::ucd;
using ucd::bidi_class;
using ucd::idna_status;
using ucd::joining_type;
using ucd::nfc_quick_check;

TEST(Ucd, VersionIsUnicode17) { EXPECT_EQ(ucd::unicode_version, "17.0.0"); }

TEST(UcdIdna, AsciiCapitalIsMappedToLowercase) {
  const ucd::idna_entry e = ucd::idna_lookup(U'A');
  EXPECT_EQ(e.status, idna_status::mapped);
  EXPECT_EQ(e.mapping(), U"a");
  EXPECT_EQ(ucd::idna_lookup(U'a').status, idna_status::valid);
  EXPECT_EQ(ucd::idna_lookup(U'a').length, 0);
  EXPECT_EQ(ucd::idna_lookup(U'-').status, idna_status::valid);
}

TEST(UcdIdna, DeviationsCarryTheirTransitionalMapping) {
  EXPECT_EQ(ucd::idna_lookup(0x00DF).status, idna_status::deviation);
  EXPECT_EQ(ucd::idna_lookup(0x00DF).mapping(), U"ss");
  EXPECT_EQ(ucd::idna_lookup(0x03C2).status, idna_status::deviation);
  EXPECT_EQ(ucd::idna_lookup(0x03C2).mapping(), U"\u03C3");
  for (const char32_t joiner : {char32_t{0x200C}, char32_t{0x200D}}) {
    EXPECT_EQ(ucd::idna_lookup(joiner).status, idna_status::deviation);
    EXPECT_TRUE(ucd::idna_lookup(joiner).mapping().empty());
  }
}

TEST(UcdIdna, LongestMappingIsArabicLigatureFdfa) {
  const ucd::idna_entry e = ucd::idna_lookup(0xFDFA);
  EXPECT_EQ(e.status, idna_status::mapped);
  ASSERT_EQ(e.length, ucd::max_mapping_length);
  EXPECT_EQ(e.mapping(), U"\u0635\u0644\u0649 \u0627\u0644\u0644\u0647 \u0639\u0644\u064A\u0647 \u0648\u0633\u0644\u0645");
}

TEST(UcdIdna, FullStopVariantsMapToFullStop) {
  for (const char32_t dot : {char32_t{0x3002}, char32_t{0xFF0E}, char32_t{0xFF61}}) {
    EXPECT_EQ(ucd::idna_lookup(dot).status, idna_status::mapped);
    EXPECT_EQ(ucd::idna_lookup(dot).mapping(), U".");
  }
}

TEST(UcdIdna, CapitalSharpSMapsToSharpS) {
  // IdnaMappingTable.txt 17.0: 1E9E ; mapped ; 00DF (transitional
  // processing then maps the ß on to "ss" as a deviation).
  EXPECT_EQ(ucd::idna_lookup(0x1E9E).status, idna_status::mapped);
  EXPECT_EQ(ucd::idna_lookup(0x1E9E).mapping(), U"\u00DF");
}

TEST(UcdIdna, MappingsFarFromTheirCodePointDecodeTheSignedDelta) {
  EXPECT_EQ(ucd::idna_lookup(0x1D400).mapping(), U"a");          // MATHEMATICAL BOLD CAPITAL A: delta -0x1D39F
  EXPECT_EQ(ucd::idna_lookup(0x2F800).mapping(), U"\u4E3D");     // CJK COMPATIBILITY IDEOGRAPH-2F800
  EXPECT_EQ(ucd::idna_lookup(0x00A8).mapping(), U" \u0308");      // DIAERESIS: two code points from the pool
  EXPECT_EQ(ucd::idna_lookup(0x00AD).status, idna_status::ignored);  // SOFT HYPHEN
}

TEST(UcdIdna, NonScalarValuesAreDisallowed) {
  for (const char32_t cp : {char32_t{0xD800}, char32_t{0xDBFF}, char32_t{0xDC00}, char32_t{0xDFFF},
                            char32_t{0x110000}, char32_t{0xFFFFFFFF}}) {
    const ucd::idna_entry e = ucd::idna_lookup(cp);
    EXPECT_EQ(e.status, idna_status::disallowed) << static_cast<unsigned long>(cp);
    EXPECT_EQ(e.length, 0);
  }
  EXPECT_EQ(ucd::idna_lookup(0x0378).status, idna_status::disallowed);  // unassigned
}

TEST(UcdProperties, BidiClasses) {
  EXPECT_EQ(ucd::bidi(0x05D0), bidi_class::R);    // HEBREW LETTER ALEF
  EXPECT_EQ(ucd::bidi(0x0627), bidi_class::AL);   // ARABIC LETTER ALEF
  EXPECT_EQ(ucd::bidi(0x0660), bidi_class::AN);   // ARABIC-INDIC DIGIT ZERO
  EXPECT_EQ(ucd::bidi(U'0'), bidi_class::EN);
  EXPECT_EQ(ucd::bidi(U'a'), bidi_class::L);
  EXPECT_EQ(ucd::bidi(0x0301), bidi_class::NSM);
  EXPECT_EQ(ucd::bidi(0x200C), bidi_class::BN);
  EXPECT_EQ(ucd::bidi(U'-'), bidi_class::ES);
  EXPECT_EQ(ucd::bidi(U'$'), bidi_class::ET);
  EXPECT_EQ(ucd::bidi(U','), bidi_class::CS);
  EXPECT_EQ(ucd::bidi(U' '), bidi_class::WS);
  EXPECT_EQ(ucd::bidi(0x2067), bidi_class::RLI);
}

TEST(UcdProperties, UnassignedCodePointsGetTheMissingDefaultsOfTheirBlock) {
  // DerivedBidiClass.txt @missing lines: unassigned code points in RTL
  // blocks are R or AL, in the currency block ET, elsewhere L.
  EXPECT_EQ(ucd::bidi(0x05FF), bidi_class::R);
  EXPECT_EQ(ucd::bidi(0x07BF), bidi_class::AL);
  EXPECT_EQ(ucd::bidi(0x20CF), bidi_class::ET);
  EXPECT_EQ(ucd::bidi(0x1EFFF), bidi_class::R);
  EXPECT_EQ(ucd::bidi(0x0378), bidi_class::L);
  EXPECT_EQ(ucd::bidi(0xD800), bidi_class::L);
  EXPECT_EQ(ucd::bidi(0x110000), bidi_class::L);
}

TEST(UcdProperties, JoiningTypes) {
  EXPECT_EQ(ucd::lookup_properties(0x0628).joining, joining_type::D);  // ARABIC LETTER BEH
  EXPECT_EQ(ucd::lookup_properties(0x0627).joining, joining_type::R);  // ARABIC LETTER ALEF
  EXPECT_EQ(ucd::lookup_properties(0x200D).joining, joining_type::C);  // ZERO WIDTH JOINER
  EXPECT_EQ(ucd::lookup_properties(0x064B).joining, joining_type::T);  // ARABIC FATHATAN
  EXPECT_EQ(ucd::lookup_properties(0xA872).joining, joining_type::L);  // PHAGS-PA SUPERFIXED LETTER RA
  EXPECT_EQ(ucd::lookup_properties(U'a').joining, joining_type::U);
}

TEST(UcdProperties, CombiningClassMarkAndQuickCheck) {
  EXPECT_EQ(ucd::combining_class(0x094D), 9);  // DEVANAGARI SIGN VIRAMA
  EXPECT_EQ(ucd::combining_class(0x0301), 230);
  EXPECT_EQ(ucd::combining_class(0x0327), 202);
  EXPECT_EQ(ucd::combining_class(U'a'), 0);
  const ucd::properties acute = ucd::lookup_properties(0x0301);
  EXPECT_TRUE(acute.mark);
  EXPECT_EQ(acute.nfc_qc, nfc_quick_check::maybe);
  EXPECT_TRUE(ucd::lookup_properties(0x0903).mark);   // Mc
  EXPECT_TRUE(ucd::lookup_properties(0x20DD).mark);   // Me
  EXPECT_FALSE(ucd::lookup_properties(U'a').mark);
  EXPECT_EQ(ucd::lookup_properties(0x212B).nfc_qc, nfc_quick_check::no);  // ANGSTROM SIGN, a singleton
  EXPECT_EQ(ucd::lookup_properties(U'a').nfc_qc, nfc_quick_check::yes);
}

TEST(UcdNormalization, FullCanonicalDecompositions) {
  EXPECT_EQ(ucd::canonical_decomposition(0x00C5), U"A\u030A");
  EXPECT_EQ(ucd::canonical_decomposition(0x212B), U"A\u030A");  // via U+00C5, applied recursively
  EXPECT_EQ(ucd::canonical_decomposition(0x1E08), U"C\u0327\u0301");
  EXPECT_EQ(ucd::canonical_decomposition(0x1F82), U"\u03B1\u0313\u0300\u0345");  // the longest: 4
  EXPECT_TRUE(ucd::canonical_decomposition(U'a').empty());
  EXPECT_TRUE(ucd::canonical_decomposition(0xAC00).empty());   // Hangul: algorithmic
  EXPECT_TRUE(ucd::canonical_decomposition(0x00A8).empty());   // compatibility only
  EXPECT_TRUE(ucd::canonical_decomposition(0x110000).empty());
}

TEST(UcdNormalization, PrimaryComposites) {
  EXPECT_EQ(ucd::primary_composite(U'A', 0x030A), char32_t{0x00C5});
  EXPECT_EQ(ucd::primary_composite(U'e', 0x0301), char32_t{0x00E9});
  EXPECT_EQ(ucd::primary_composite(0x0B47, 0x0B3E), char32_t{0x0B4B});  // two starters
  EXPECT_EQ(ucd::primary_composite(0x0915, 0x093C), 0u);  // U+0958 is a composition exclusion
  EXPECT_EQ(ucd::primary_composite(U'A', 0x0301 + 0x100), 0u);
  EXPECT_EQ(ucd::primary_composite(0x030A, U'A'), 0u);     // order matters
}

TEST(UcdCase, SimpleCaseMappings) {
  EXPECT_EQ(ucd::simple_lowercase(U'A'), U'a');
  EXPECT_EQ(ucd::simple_uppercase(U'a'), U'A');
  EXPECT_EQ(ucd::simple_lowercase(U'a'), U'a');
  EXPECT_EQ(ucd::simple_uppercase(0x00DF), char32_t{0x00DF});  // no simple uppercase (full is "SS")
  EXPECT_EQ(ucd::simple_lowercase(0x1E9E), char32_t{0x00DF});
  EXPECT_EQ(ucd::simple_lowercase(0x0130), U'i');              // İ: simple mapping only
  EXPECT_EQ(ucd::simple_uppercase(0x0131), U'I');
  EXPECT_EQ(ucd::simple_lowercase(0x0100), char32_t{0x0101});  // alternating Latin Extended-A
  EXPECT_EQ(ucd::simple_uppercase(0x0101), char32_t{0x0100});
  EXPECT_EQ(ucd::simple_lowercase(0x10400), char32_t{0x10428});  // Deseret
  EXPECT_EQ(ucd::simple_uppercase(0x03C2), char32_t{0x03A3});   // final sigma
  EXPECT_EQ(ucd::simple_lowercase(0x212A), U'k');              // KELVIN SIGN
  EXPECT_EQ(ucd::simple_lowercase(0x4E00), char32_t{0x4E00});
  EXPECT_EQ(ucd::simple_lowercase(0xD800), char32_t{0xD800});
  EXPECT_EQ(ucd::simple_uppercase(0x110000), char32_t{0x110000});
}

// One record per code point: the status, and either the mapping or the
// properties validation needs.
TEST(UcdIdnaRecord, ValidCodePointsCarryTheirProperties) {
  const ucd::idna_record alef = ucd::lookup_idna_record(0x05D0);  // HEBREW LETTER ALEF
  EXPECT_EQ(alef.status(), idna_status::valid);
  EXPECT_EQ(alef.bidi(), bidi_class::R);
  EXPECT_FALSE(alef.normalization_relevant());
  const ucd::idna_record acute = ucd::lookup_idna_record(0x0301);  // COMBINING ACUTE ACCENT
  EXPECT_EQ(acute.ccc(), 230);
  EXPECT_TRUE(acute.mark());
  EXPECT_EQ(acute.nfc_qc(), nfc_quick_check::maybe);
  EXPECT_TRUE(acute.normalization_relevant());
  EXPECT_EQ(ucd::lookup_idna_record(0x0628).joining(), joining_type::D);  // ARABIC LETTER BEH
  EXPECT_EQ(ucd::lookup_idna_record(U'1').bidi(), bidi_class::EN);
  EXPECT_EQ(ucd::idna_ascii_record(U'-').bidi(), bidi_class::ES);
}

TEST(UcdIdnaRecord, MappedCodePointsCarryTheirMapping) {
  const ucd::idna_record capital = ucd::lookup_idna_record(U'A');
  EXPECT_EQ(capital.status(), idna_status::mapped);
  ASSERT_EQ(capital.mapping_length(), 1u);
  EXPECT_EQ(capital.single_mapping(U'A'), U'a');
  const ucd::idna_record ligature = ucd::lookup_idna_record(0xFDFA);
  ASSERT_EQ(ligature.mapping_length(), ucd::max_mapping_length);
  EXPECT_EQ(std::u32string_view(ligature.pooled_mapping(), 3), U"\u0635\u0644\u0649");
  // Its own properties, for text that is validated unmapped.
  EXPECT_EQ(ucd::lookup_validation_record(U'A').bidi(), bidi_class::L);
  EXPECT_EQ(ucd::lookup_validation_record(U'A').status(), idna_status::mapped);
  EXPECT_EQ(ucd::lookup_validation_record(0x00AD).bidi(), bidi_class::BN);  // SOFT HYPHEN, ignored
}

TEST(UcdIdnaRecord, DeviationsKeepPropertiesAndTheirMappingIsApart) {
  const ucd::idna_record sharp_s = ucd::lookup_idna_record(0x00DF);
  EXPECT_EQ(sharp_s.status(), idna_status::deviation);
  EXPECT_EQ(sharp_s.bidi(), bidi_class::L);
  const ucd::idna_record to = ucd::deviation_mapping(0x00DF);
  ASSERT_EQ(to.mapping_length(), 2u);
  EXPECT_EQ(std::u32string_view(to.pooled_mapping(), 2), U"ss");
  EXPECT_EQ(ucd::deviation_mapping(0x03C2).single_mapping(0x03C2), char32_t{0x03C3});
  EXPECT_EQ(ucd::deviation_mapping(0x200D).mapping_length(), 0u);
  // The joiners are Bidi_Class BN, which is how a label without BN skips CONTEXTJ.
  EXPECT_EQ(ucd::lookup_idna_record(0x200C).bidi(), bidi_class::BN);
  EXPECT_EQ(ucd::lookup_idna_record(0x200D).bidi(), bidi_class::BN);
}

TEST(UcdIdnaRecord, BeyondTheCodeSpaceIsDisallowed) {
  for (const char32_t cp : {char32_t{0x110000}, char32_t{0xFFFFFFFF}}) {
    const ucd::idna_record r = ucd::lookup_idna_record(cp);
    EXPECT_TRUE(r.disallowed());
    EXPECT_EQ(r.bidi(), bidi_class::L);
    EXPECT_FALSE(r.normalization_relevant());
  }
  EXPECT_TRUE(ucd::lookup_idna_record(0xD800).disallowed());
}

}  // namespace
