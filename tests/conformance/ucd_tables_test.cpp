// The generated tables against a fresh parse of the data files, for every
// code point U+0000..U+10FFFF.  The parser here is deliberately independent
// of tools/gen_unicode_tables.py: a shared bug would hide in both.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <iomanip>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "idna/explain_text.hpp"
#include "unicode/idna_record.hpp"
#include "unicode/ucd.hpp"
#include "ucd_file.hpp"
#include "unicode_data.hpp"
#include "unicode_text.hpp"

namespace {

namespace ucd = puny::detail::ucd;

using puny_test::for_each_line;
using puny_test::hex_code_point;
using puny_test::parse_hex_code_points;
using puny_test::split_trimmed;

constexpr char32_t code_point_count = 0x110000;

template <typename T>
void fill(std::vector<T>& values, std::pair<char32_t, char32_t> range, T value) {
  for (char32_t cp = range.first; cp <= range.second; ++cp) values[cp] = value;
}

TEST(UcdTables, IdnaLookupMatchesIdnaMappingTableForEveryCodePoint) {
  PUNY_OPEN_UNICODE_FILE(file, "IdnaMappingTable.txt");
  const std::map<std::string, ucd::idna_status> statuses{
      {"valid", ucd::idna_status::valid},         {"ignored", ucd::idna_status::ignored},
      {"mapped", ucd::idna_status::mapped},       {"deviation", ucd::idna_status::deviation},
      {"disallowed", ucd::idna_status::disallowed}};
  std::vector<int> status(code_point_count, -1);
  std::vector<std::u32string> mapping(code_point_count);
  for_each_line(file, false, [&](auto range, const auto& fields) {
    ASSERT_TRUE(statuses.count(fields[1])) << fields[1];
    fill(status, range, static_cast<int>(statuses.at(fields[1])));
    fill(mapping, range, fields.size() > 2 ? parse_hex_code_points(fields[2]) : std::u32string());
  });
  std::size_t mismatches = 0;
  for (char32_t cp = 0; cp < code_point_count; ++cp) {
    ASSERT_NE(status[cp], -1) << hex_code_point(cp) << " is not in the file";
    const ucd::idna_entry e = ucd::idna_lookup(cp);
    const ucd::idna_record record = ucd::lookup_idna_record(cp);
    if (static_cast<int>(e.status) != status[cp] || e.mapping() != mapping[cp] ||
        static_cast<int>(record.status()) != status[cp] || record.disallowed() != (e.status == ucd::idna_status::disallowed) ||
        static_cast<int>(ucd::lookup_validation_record(cp).status()) != status[cp]) {
      if (++mismatches <= 20) ADD_FAILURE() << hex_code_point(cp) << ": status " << static_cast<int>(e.status) << " length " << int{e.length};
    }
  }
  EXPECT_EQ(mismatches, 0u);
  EXPECT_EQ(ucd::idna_lookup(0x110000).status, ucd::idna_status::disallowed);
  EXPECT_EQ(ucd::idna_lookup(0xFFFFFFFF).status, ucd::idna_status::disallowed);
  EXPECT_EQ(ucd::idna_lookup(0xFFFFFFFF).length, 0);
  EXPECT_EQ(ucd::lookup_idna_record(0x110000).status(), ucd::idna_status::disallowed);
  EXPECT_EQ(ucd::lookup_idna_record(0xFFFFFFFF).bidi(), ucd::bidi_class::L);
}

// Long property value aliases used by @missing lines (PropertyValueAliases.txt).
const std::map<std::string, std::string> long_names{
    {"Left_To_Right", "L"},         {"Right_To_Left", "R"},         {"Arabic_Letter", "AL"},
    {"European_Terminator", "ET"},  {"Boundary_Neutral", "BN"},     {"Non_Joining", "U"},
    {"Not_Reordered", "0"}};

std::string short_name(const std::string& name) {
  const auto it = long_names.find(name);
  return it == long_names.end() ? name : it->second;
}

TEST(UcdTables, PropertiesMatchTheDerivedFilesForEveryCodePoint) {
  PUNY_OPEN_UNICODE_FILE(bidi_file, "DerivedBidiClass.txt");
  PUNY_OPEN_UNICODE_FILE(joining_file, "DerivedJoiningType.txt");
  PUNY_OPEN_UNICODE_FILE(ccc_file, "DerivedCombiningClass.txt");
  PUNY_OPEN_UNICODE_FILE(gc_file, "DerivedGeneralCategory.txt");
  PUNY_OPEN_UNICODE_FILE(norm_file, "DerivedNormalizationProps.txt");

  const std::array<const char*, 23> bidi_names{"L",  "R",  "AL", "EN",  "ES",  "ET",  "AN",  "CS",
                                               "NSM", "BN", "B",  "S",   "WS",  "ON",  "LRE", "LRO",
                                               "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"};
  std::vector<int> bidi(code_point_count, -1);
  for_each_line(bidi_file, true, [&](auto range, const auto& fields) {
    const std::string name = short_name(fields[1]);
    const auto it = std::find(bidi_names.begin(), bidi_names.end(), name);
    ASSERT_NE(it, bidi_names.end()) << fields[1];
    fill(bidi, range, static_cast<int>(it - bidi_names.begin()));
  });

  const std::string joining_names = "UCDLRT";
  std::vector<int> joining(code_point_count, 0);
  for_each_line(joining_file, true, [&](auto range, const auto& fields) {
    const std::string name = short_name(fields[1]);
    ASSERT_EQ(name.size(), 1u) << fields[1];
    ASSERT_NE(joining_names.find(name[0]), std::string::npos) << fields[1];
    fill(joining, range, static_cast<int>(joining_names.find(name[0])));
  });

  std::vector<int> ccc(code_point_count, 0);
  for_each_line(ccc_file, true, [&](auto range, const auto& fields) { fill(ccc, range, std::stoi(short_name(fields[1]))); });

  std::vector<bool> mark(code_point_count, false);
  for_each_line(gc_file, false, [&](auto range, const auto& fields) {
    fill(mark, range, fields[1] == "Mn" || fields[1] == "Mc" || fields[1] == "Me");
  });

  std::vector<ucd::nfc_quick_check> qc(code_point_count, ucd::nfc_quick_check::yes);
  for_each_line(norm_file, false, [&](auto range, const auto& fields) {
    if (fields[1] != "NFC_QC") return;
    fill(qc, range, fields[2] == "N" ? ucd::nfc_quick_check::no : ucd::nfc_quick_check::maybe);
  });

  std::size_t mismatches = 0;
  for (char32_t cp = 0; cp < code_point_count; ++cp) {
    const ucd::properties p = ucd::lookup_properties(cp);
    const bool same = static_cast<int>(p.bidi) == bidi[cp] && static_cast<int>(p.joining) == joining[cp] &&
                      p.ccc == ccc[cp] && p.mark == mark[cp] && p.nfc_qc == qc[cp] &&
                      ucd::combining_class(cp) == ccc[cp] && static_cast<int>(ucd::bidi(cp)) == bidi[cp];
    // The IDNA record carries the same properties for every code point that
    // keeps its text; lookup_validation_record for every code point.
    const ucd::idna_record r = ucd::lookup_validation_record(cp);
    const bool record_same = static_cast<int>(r.bidi()) == bidi[cp] && static_cast<int>(r.joining()) == joining[cp] &&
                             r.ccc() == ccc[cp] && r.mark() == mark[cp] && r.nfc_qc() == qc[cp] &&
                             r.normalization_relevant() == (ccc[cp] != 0 || qc[cp] != ucd::nfc_quick_check::yes);
    const ucd::idna_status status = ucd::lookup_idna_record(cp).status();
    const bool keeps_text = status != ucd::idna_status::mapped && status != ucd::idna_status::ignored;
    if ((!record_same || (keeps_text && ucd::lookup_idna_record(cp).bits() != r.bits())) && ++mismatches <= 20) {
      ADD_FAILURE() << hex_code_point(cp) << ": the IDNA record's properties differ";
    }
    if (!same && ++mismatches <= 20) {
      ADD_FAILURE() << hex_code_point(cp) << ": ccc " << int{p.ccc} << "/" << ccc[cp] << " bidi " << static_cast<int>(p.bidi) << "/"
                    << bidi[cp] << " joining " << static_cast<int>(p.joining) << "/" << joining[cp] << " mark " << p.mark
                    << " qc " << static_cast<int>(p.nfc_qc);
    }
  }
  EXPECT_EQ(mismatches, 0u);
  const ucd::properties beyond = ucd::lookup_properties(0x110000);
  EXPECT_EQ(beyond.ccc, 0);
  EXPECT_EQ(beyond.bidi, ucd::bidi_class::L);
  EXPECT_EQ(beyond.joining, ucd::joining_type::U);
  EXPECT_EQ(beyond.nfc_qc, ucd::nfc_quick_check::yes);
  EXPECT_FALSE(beyond.mark);
}

struct unicode_data {
  std::map<char32_t, std::u32string> canonical;  // one level, as listed
  std::map<char32_t, char32_t> upper;
  std::map<char32_t, char32_t> lower;
  std::map<char32_t, int> ccc;
};

unicode_data read_unicode_data(std::istream& in) {
  unicode_data data;
  std::string line;
  while (std::getline(in, line)) {
    const auto fields = split_trimmed(line, ';');
    if (fields.size() != 15) continue;
    const auto cp = static_cast<char32_t>(std::stoul(fields[0], nullptr, 16));
    data.ccc[cp] = std::stoi(fields[3]);
    if (!fields[5].empty() && fields[5][0] != '<') data.canonical[cp] = parse_hex_code_points(fields[5]);
    if (!fields[12].empty()) data.upper[cp] = static_cast<char32_t>(std::stoul(fields[12], nullptr, 16));
    if (!fields[13].empty()) data.lower[cp] = static_cast<char32_t>(std::stoul(fields[13], nullptr, 16));
  }
  return data;
}

std::u32string full_decomposition(const unicode_data& data, char32_t cp) {
  const auto it = data.canonical.find(cp);
  if (it == data.canonical.end()) return std::u32string(1, cp);
  std::u32string result;
  for (const char32_t part : it->second) result += full_decomposition(data, part);
  return result;
}

// The explanations and the CLI write these as escapes (explain_text.hpp);
// the list is short and typed by hand, so it is held to the file here.
TEST(UcdTables, DefaultIgnorablesMatchDerivedCorePropertiesForEveryCodePoint) {
  PUNY_OPEN_UNICODE_FILE(file, "DerivedCoreProperties.txt");
  std::vector<bool> ignorable(code_point_count, false);
  std::size_t listed = 0;
  for_each_line(file, false, [&](auto range, const auto& fields) {
    if (fields[1] != "Default_Ignorable_Code_Point") return;
    fill(ignorable, range, true);
    listed += range.second - range.first + 1;
  });
  ASSERT_EQ(listed, 4174u) << "Unicode 17.0.0 has 4174 Default_Ignorable_Code_Point code points";
  std::size_t wrong = 0;
  for (char32_t cp = 0; cp < code_point_count; ++cp) {
    if (puny::detail::explain_text::is_default_ignorable(cp) != ignorable[cp] && wrong++ < 20) {
      ADD_FAILURE() << hex_code_point(cp) << ": is_default_ignorable says " << !ignorable[cp];
    }
  }
  EXPECT_EQ(wrong, 0u);
}

TEST(UcdTables, DecompositionsAndCaseMappingsMatchUnicodeDataForEveryCodePoint) {
  PUNY_OPEN_UNICODE_FILE(file, "UnicodeData.txt");
  const unicode_data data = read_unicode_data(file);
  ASSERT_GT(data.canonical.size(), 2000u);
  std::size_t mismatches = 0;
  std::size_t decomposed = 0;
  for (char32_t cp = 0; cp < code_point_count; ++cp) {
    const std::u32string expected = data.canonical.count(cp) != 0 ? full_decomposition(data, cp) : std::u32string();
    decomposed += expected.empty() ? 0 : 1;
    const char32_t lower = data.lower.count(cp) != 0 ? data.lower.at(cp) : cp;
    const char32_t upper = data.upper.count(cp) != 0 ? data.upper.at(cp) : cp;
    if ((ucd::canonical_decomposition(cp) != expected || ucd::simple_lowercase(cp) != lower ||
         ucd::simple_uppercase(cp) != upper) &&
        ++mismatches <= 20) {
      ADD_FAILURE() << hex_code_point(cp) << ": decomposition length " << ucd::canonical_decomposition(cp).size() << " vs "
                    << expected.size() << ", lower " << hex_code_point(ucd::simple_lowercase(cp)) << " vs " << hex_code_point(lower)
                    << ", upper " << hex_code_point(ucd::simple_uppercase(cp)) << " vs " << hex_code_point(upper);
    }
    EXPECT_LE(ucd::canonical_decomposition(cp).size(), ucd::max_decomposition_length);
  }
  EXPECT_EQ(mismatches, 0u);
  EXPECT_EQ(decomposed, data.canonical.size());  // Hangul syllables are not listed, so not in the table either
  EXPECT_TRUE(ucd::canonical_decomposition(0xAC00).empty());
  EXPECT_EQ(ucd::simple_lowercase(0x110000), char32_t{0x110000});
  EXPECT_EQ(ucd::simple_uppercase(0x7FFFFFFF), char32_t{0x7FFFFFFF});
}

// UAX #15 §5: a primary composite is a canonical decomposable character
// that is not Full_Composition_Exclusion; every other pair composes to 0.
TEST(UcdTables, PrimaryCompositesAreExactlyTheNonExcludedPairs) {
  PUNY_OPEN_UNICODE_FILE(file, "UnicodeData.txt");
  PUNY_OPEN_UNICODE_FILE(norm_file, "DerivedNormalizationProps.txt");
  const unicode_data data = read_unicode_data(file);
  std::set<char32_t> excluded;
  for_each_line(norm_file, false, [&](auto range, const auto& fields) {
    if (fields[1] != "Full_Composition_Exclusion") return;
    for (char32_t cp = range.first; cp <= range.second; ++cp) excluded.insert(cp);
  });
  ASSERT_GT(excluded.size(), 1000u);
  std::size_t composites = 0;
  std::set<char32_t> firsts;
  std::set<char32_t> seconds;
  std::set<std::pair<char32_t, char32_t>> pairs;
  for (const auto& [cp, parts] : data.canonical) {
    if (parts.size() != 2) {
      EXPECT_TRUE(excluded.count(cp)) << hex_code_point(cp) << " is a singleton, so excluded";
      continue;
    }
    firsts.insert(parts[0]);
    seconds.insert(parts[1]);
    pairs.emplace(parts[0], parts[1]);
    const char32_t expected = excluded.count(cp) != 0 ? 0 : cp;
    composites += expected != 0 ? 1 : 0;
    EXPECT_EQ(ucd::primary_composite(parts[0], parts[1]), expected) << hex_code_point(cp);
  }
  EXPECT_GT(composites, 900u);
  // Every other combination of a first and a second code point composes to nothing.
  std::size_t others = 0;
  for (const char32_t first : firsts) {
    for (const char32_t second : seconds) {
      if (pairs.count({first, second}) != 0) continue;
      ++others;
      EXPECT_EQ(ucd::primary_composite(first, second), 0u) << hex_code_point(first) << " " << hex_code_point(second);
    }
    EXPECT_EQ(ucd::primary_composite(first, 0x110000), 0u);
  }
  EXPECT_GT(others, 10000u);
  EXPECT_EQ(ucd::primary_composite(0x1100, 0x1161), 0u);  // Hangul LV is algorithmic, not in the table

  // The IDNA record's composes bit (and composes_first, which mapped code
  // points' records take it from) is exactly "first of a primary
  // composite", Hangul L and LV included (Unicode §3.12).
  std::set<char32_t> composing;
  for (const auto& [cp, parts] : data.canonical) {
    if (parts.size() == 2 && excluded.count(cp) == 0) composing.insert(parts[0]);
  }
  for (char32_t l = 0x1100; l <= 0x1112; ++l) composing.insert(l);
  for (char32_t lv = 0xAC00; lv <= 0xD7A3; lv += 28) composing.insert(lv);
  std::size_t wrong = 0;
  for (char32_t cp = 0; cp < code_point_count; ++cp) {
    const bool expected = composing.count(cp) != 0;
    if ((ucd::composes_first(cp) != expected || ucd::lookup_validation_record(cp).composes() != expected) &&
        ++wrong <= 20) {
      ADD_FAILURE() << hex_code_point(cp) << " composes: " << expected;
    }
  }
  EXPECT_EQ(wrong, 0u);
  EXPECT_GT(composing.size(), 400u);
  EXPECT_FALSE(ucd::composes_first(0x110000));
}

// Two facts src/unicode/nfc.cpp's is_nfc relies on to skip work: every
// non-starter that decomposes has NFC_Quick_Check No (so never reaches the
// composition test), and every Maybe code point that decomposes is above
// U+FFFF (so the BMP needs no decomposition lookup for them).
TEST(UcdTables, DecomposingNonStartersAreQuickCheckNoAndDecomposingMaybesAreSupplementary) {
  std::size_t decomposing_maybes = 0;
  for (char32_t cp = 0; cp < code_point_count; ++cp) {
    if (ucd::canonical_decomposition(cp).empty()) continue;
    const ucd::properties p = ucd::lookup_properties(cp);
    if (p.ccc != 0) {
      EXPECT_EQ(p.nfc_qc, ucd::nfc_quick_check::no) << hex_code_point(cp);
    }
    if (p.nfc_qc == ucd::nfc_quick_check::maybe) {
      EXPECT_GT(cp, char32_t{0xFFFF}) << hex_code_point(cp);
      ++decomposing_maybes;
    }
  }
  EXPECT_GT(decomposing_maybes, 0u);  // U+16D68 and others: the check is not vacuous
}

}  // namespace
