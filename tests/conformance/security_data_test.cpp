// The generated UTS #39 tables (tools/gen_security_tables.py) against a
// fresh parse of the Unicode 17.0 data files, for every code point
// U+0000..U+10FFFF: the public per-code-point functions of
// <puny/security.hpp> and the internal records of
// src/security/security_data.hpp.  The parser and the NFD here are
// deliberately independent of the generator: a shared bug would hide in both.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <iomanip>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "puny/script.hpp"
#include "puny/security.hpp"
#include "security/security_data.hpp"
#include "reference_nfd.hpp"
#include "ucd_file.hpp"
#include "unicode_data.hpp"
#include "unicode_text.hpp"

namespace {

namespace sec = puny::detail::security;
using puny::script;
using puny::script_set;

using puny_test::for_each_line;
using puny_test::hex_code_point;
using puny_test::hex_code_points;
using puny_test::parse_hex_code_points;
using puny_test::split_trimmed;
using puny_test::trim;

constexpr char32_t code_point_count = 0x110000;

std::vector<std::string> words(const std::string& s) {
  std::vector<std::string> result;
  std::istringstream in(s);
  std::string word;
  while (in >> word) result.push_back(word);
  return result;
}

/// The "# @missing:" values of a file, in order.
std::vector<std::string> missing_values(std::istream& in) {
  std::vector<std::string> values;
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("# @missing:", 0) == 0) values.push_back(split_trimmed(line.substr(11), ';').at(1));
  }
  in.clear();
  in.seekg(0);
  return values;
}

std::string to_text(const script_set& s) { return puny::to_string(s); }

// Identifier_Type values in puny::identifier_type order.
const std::array<std::string, puny::identifier_type_count> type_names{
    "Not_Character", "Deprecated",   "Default_Ignorable", "Not_NFKC",    "Not_XID",   "Exclusion",
    "Obsolete",      "Technical",    "Uncommon_Use",      "Limited_Use", "Inclusion", "Recommended"};

/// Everything read from the files, shared by the tests (parsed once).
struct security_files {
  bool loaded = false;
  std::vector<bool> allowed = std::vector<bool>(code_point_count);
  std::vector<std::uint16_t> types = std::vector<std::uint16_t>(code_point_count);
  std::vector<script> sc = std::vector<script>(code_point_count, script::unknown);
  std::vector<std::optional<script_set>> listed_scx = std::vector<std::optional<script_set>>(code_point_count);
  std::vector<bool> default_ignorable = std::vector<bool>(code_point_count);
  std::vector<bool> soft_dotted = std::vector<bool>(code_point_count);
  std::vector<bool> unified_ideograph = std::vector<bool>(code_point_count);
  std::vector<std::string> gc = std::vector<std::string>(code_point_count, "Cn");
  std::vector<int> digit = std::vector<int>(code_point_count, -1);
  std::vector<std::uint8_t> ccc = std::vector<std::uint8_t>(code_point_count);
  std::map<char32_t, std::u32string> decomposition;  // canonical, one level
  std::map<char32_t, std::u32string> prototype;      // confusables.txt
  std::size_t confusable_lines = 0;
  std::size_t script_alias_lines = 0;

  script_set scx(char32_t cp) const { return listed_scx[cp] ? *listed_scx[cp] : script_set{sc[cp]}; }

  /// NFD (Unicode §3.11): full canonical decomposition, then canonical ordering.
  std::u32string nfd(std::u32string_view text) const {
    return puny_test::reference_nfd(
        text,
        [this](char32_t cp) {
          const auto it = decomposition.find(cp);
          return it == decomposition.end() ? std::u32string_view() : std::u32string_view(it->second);
        },
        [this](char32_t cp) { return ccc[cp]; });
  }

  /// UTS #39 §4 skeleton of one code point: NFD, remove Default_Ignorable,
  /// map by confusables.txt, NFD.
  std::u32string skeleton(char32_t cp) const {
    std::u32string mapped;
    for (char32_t c : nfd(std::u32string(1, cp))) {
      if (default_ignorable[c]) continue;
      const auto it = prototype.find(c);
      mapped += it == prototype.end() ? std::u32string(1, c) : it->second;
    }
    return nfd(mapped);
  }
};

script script_named(const std::string& name) {
  const auto s = puny::script_from_name(name);
  EXPECT_TRUE(s.has_value()) << name;
  return s.value_or(script::unknown);
}

/// Reads the files, or returns false when a file is missing (the caller skips).
bool load(security_files& f) {
  using puny_test::unicode_dir;
  std::ifstream aliases(unicode_dir() / "PropertyValueAliases.txt");
  std::ifstream status(unicode_dir() / "IdentifierStatus.txt");
  std::ifstream type(unicode_dir() / "IdentifierType.txt");
  std::ifstream scripts(unicode_dir() / "Scripts.txt");
  std::ifstream extensions(unicode_dir() / "ScriptExtensions.txt");
  std::ifstream core(unicode_dir() / "DerivedCoreProperties.txt");
  std::ifstream props(unicode_dir() / "PropList.txt");
  std::ifstream data(unicode_dir() / "UnicodeData.txt");
  std::ifstream confusables(unicode_dir() / "confusables.txt");
  if (!aliases || !status || !type || !scripts || !extensions || !core || !props || !data || !confusables) return false;

  // Every sc line names a puny::script by both names.
  std::string line;
  while (std::getline(aliases, line)) {
    const auto fields = split_trimmed(trim(line.substr(0, line.find('#'))), ';');
    if (fields.size() < 3 || fields[0] != "sc") continue;
    ++f.script_alias_lines;
    const script s = script_named(fields[2]);
    EXPECT_EQ(puny::name(s), fields[2]);
    EXPECT_EQ(puny::short_name(s), fields[1]);
    EXPECT_EQ(puny::script_from_name(fields[1]), s);
    for (std::size_t i = 3; i < fields.size(); ++i) EXPECT_EQ(puny::script_from_name(fields[i]), s) << fields[i];
  }

  EXPECT_EQ(missing_values(status), std::vector<std::string>{"Restricted"});
  for_each_line(status, [&](auto range, const auto& fields) {
    EXPECT_TRUE(fields[1] == "Allowed" || fields[1] == "Restricted") << fields[1];
    for (char32_t cp = range.first; cp <= range.second; ++cp) f.allowed[cp] = fields[1] == "Allowed";
  });

  EXPECT_EQ(missing_values(type), std::vector<std::string>{"Not_Character"});
  for_each_line(type, [&](auto range, const auto& fields) {
    std::uint16_t bits = 0;
    for (const std::string& name : words(fields[1])) {
      const auto it = std::find(type_names.begin(), type_names.end(), name);
      ASSERT_NE(it, type_names.end()) << name;
      bits = static_cast<std::uint16_t>(bits | 1u << (it - type_names.begin()));
    }
    for (char32_t cp = range.first; cp <= range.second; ++cp) f.types[cp] = bits;
  });
  for (auto& bits : f.types) {
    if (bits == 0) bits = 1;  // @missing: Not_Character
  }

  EXPECT_EQ(missing_values(scripts), std::vector<std::string>{"Unknown"});
  for_each_line(scripts, [&](auto range, const auto& fields) {
    const script s = script_named(fields[1]);
    for (char32_t cp = range.first; cp <= range.second; ++cp) f.sc[cp] = s;
  });

  EXPECT_EQ(missing_values(extensions), std::vector<std::string>{"<script>"});
  for_each_line(extensions, [&](auto range, const auto& fields) {
    script_set set;
    for (const std::string& name : words(fields[1])) set.insert(script_named(name));
    for (char32_t cp = range.first; cp <= range.second; ++cp) f.listed_scx[cp] = set;
  });

  const auto read_binary = [](std::istream& in, const std::string& property, std::vector<bool>& out) {
    for_each_line(in, [&](auto range, const auto& fields) {
      if (fields[1] != property) return;
      for (char32_t cp = range.first; cp <= range.second; ++cp) out[cp] = true;
    });
    in.clear();
    in.seekg(0);
  };
  read_binary(core, "Default_Ignorable_Code_Point", f.default_ignorable);
  read_binary(props, "Soft_Dotted", f.soft_dotted);
  read_binary(props, "Unified_Ideograph", f.unified_ideograph);

  char32_t range_first = 0;
  while (std::getline(data, line)) {
    const auto fields = split_trimmed(line, ';');
    if (fields.size() != 15) continue;
    const auto cp = static_cast<char32_t>(std::stoul(fields[0], nullptr, 16));
    char32_t first = cp;
    if (fields[1].find(", First>") != std::string::npos) {
      range_first = cp;
      continue;
    }
    if (fields[1].find(", Last>") != std::string::npos) first = range_first;
    for (char32_t c = first; c <= cp; ++c) {
      f.gc[c] = fields[2];
      f.ccc[c] = static_cast<std::uint8_t>(std::stoi(fields[3]));
    }
    if (!fields[5].empty() && fields[5][0] != '<') f.decomposition[cp] = parse_hex_code_points(fields[5]);
    if (!fields[6].empty()) f.digit[cp] = std::stoi(fields[6]);
  }

  for_each_line(confusables, [&](auto range, const auto& fields) {
    ++f.confusable_lines;
    EXPECT_EQ(range.first, range.second);
    EXPECT_EQ(fields.size(), 3u);
    EXPECT_EQ(fields[2], "MA");
    EXPECT_EQ(f.prototype.count(range.first), 0u) << hex_code_point(range.first) << " listed twice";
    f.prototype[range.first] = parse_hex_code_points(fields[1]);
  });
  f.loaded = true;
  return true;
}

const security_files& files() {
  static security_files f;
  static const bool ok = load(f);
  (void)ok;
  return f;
}

#define PUNY_LOAD_SECURITY_FILES(f)                                                                        \
  const security_files& f = files();                                                                       \
  if (!f.loaded) {                                                                                         \
    if (puny_test::running_in_ci()) FAIL() << "CI=true and a Unicode data file is missing";                \
    GTEST_SKIP() << "Unicode data files not found in " << puny_test::unicode_dir() << " (set PUNY_UNICODE_DIR)"; \
  }

/// UTS #39 §5.1: scx, plus Hanb/Jpan/Kore, and ALL for {Zyyy} or {Zinh}.
script_set augmented(const script_set& scx) {
  if (scx == script_set{script::common} || scx == script_set{script::inherited}) return script_set::all();
  script_set result = scx;
  if (scx.contains(script::han)) result |= script_set{script::hanb, script::jpan, script::kore};
  if (scx.contains(script::hiragana) || scx.contains(script::katakana)) result.insert(script::jpan);
  if (scx.contains(script::hangul)) result.insert(script::kore);
  if (scx.contains(script::bopomofo)) result.insert(script::hanb);
  return result;
}

TEST(SecurityData, IdentifierPropertiesMatchTheDataFilesForEveryCodePoint) {
  PUNY_LOAD_SECURITY_FILES(f);
  std::size_t mismatches = 0;
  std::size_t allowed = 0;
  std::size_t bopomofo_compat = 0;
  std::array<std::size_t, puny::identifier_type_count> per_type{};
  std::set<std::uint16_t> distinct_types;
  for (char32_t cp = 0; cp < code_point_count; ++cp) {
    const sec::code_point_record r = sec::record_of(cp);
    const auto types = puny::identifier_types::from_bits(f.types[cp]);
    const script_set scx = f.scx(cp);
    const bool cjk = f.unified_ideograph[cp] || f.sc[cp] == script::bopomofo || scx.contains(script::bopomofo);
    const bool ok =
        (puny::identifier_status_of(cp) == puny::identifier_status::allowed) == f.allowed[cp] &&
        r.allowed == f.allowed[cp] && puny::identifier_types_of(cp) == types && r.types == f.types[cp] &&
        puny::script_of(cp) == f.sc[cp] && r.sc == f.sc[cp] && puny::script_extensions_of(cp) == scx &&
        sec::script_set_at(r.scx) == scx && puny::augmented_script_set_of(cp) == augmented(scx) &&
        sec::script_set_at(r.augmented) == augmented(scx) && r.default_ignorable == f.default_ignorable[cp] &&
        r.nonspacing_mark == (f.gc[cp] == "Mn") && r.soft_dotted == f.soft_dotted[cp] && r.cjk_compat == cjk &&
        r.has_prototype == (f.prototype.count(cp) != 0) && r.decimal == (f.gc[cp] == "Nd");
    if (!ok && ++mismatches <= 20) {
      ADD_FAILURE() << hex_code_point(cp) << ": allowed " << r.allowed << " types " << puny::to_string(puny::identifier_types_of(cp))
                    << " (file " << puny::to_string(types) << ") sc " << puny::name(r.sc) << " scx "
                    << to_text(sec::script_set_at(r.scx)) << " (file " << to_text(scx) << ") augmented "
                    << to_text(sec::script_set_at(r.augmented)) << " DI " << r.default_ignorable << " Mn "
                    << r.nonspacing_mark << " soft-dotted " << r.soft_dotted << " cjk " << r.cjk_compat
                    << " prototype " << r.has_prototype << " Nd " << r.decimal;
    }
    allowed += f.allowed[cp];
    bopomofo_compat += cjk && !f.unified_ideograph[cp];
    for (std::size_t i = 0; i < per_type.size(); ++i) per_type[i] += (f.types[cp] >> i) & 1u;
    if (f.types[cp] != 1) distinct_types.insert(f.types[cp]);
    // UTS #39 §3.1: Allowed exactly when the type set is {Recommended} or {Inclusion}.
    EXPECT_EQ(f.allowed[cp], types == puny::identifier_types{puny::identifier_type::recommended} ||
                                 types == puny::identifier_types{puny::identifier_type::inclusion})
        << hex_code_point(cp);
  }
  EXPECT_EQ(mismatches, 0u);
  // The counts of display-safety-notes.md §1.1, §1.2 and §1.7.
  EXPECT_EQ(allowed, 33791u);
  const std::array<std::size_t, puny::identifier_type_count> expected{
      954305, 15, 398, 4958, 9113, 22048, 1941, 1864, 83221, 5285, 18, 33773};
  EXPECT_EQ(per_type, expected);
  EXPECT_EQ(distinct_types.size(), 27u);
  EXPECT_EQ(f.script_alias_lines, 176u);
  std::cout << "[counts] Allowed " << allowed << "; Identifier_Type";
  for (std::size_t i = 0; i < per_type.size(); ++i) std::cout << ' ' << type_names[i] << ' ' << per_type[i];
  std::cout << "; " << distinct_types.size() << " listed type sets; " << f.script_alias_lines
            << " sc aliases; cjk_compat beyond Unified_Ideograph " << bopomofo_compat << "\n";
}

TEST(SecurityData, DecimalZerosMatchUnicodeData) {
  PUNY_LOAD_SECURITY_FILES(f);
  std::size_t nd = 0;
  std::set<char32_t> zeros;
  for (char32_t cp = 0; cp < code_point_count; ++cp) {
    const bool decimal = f.gc[cp] == "Nd";
    ASSERT_TRUE(!decimal || f.digit[cp] >= 0) << hex_code_point(cp);
    const char32_t expected = decimal ? cp - static_cast<char32_t>(f.digit[cp]) : 0xFFFFFFFF;
    EXPECT_EQ(sec::decimal_zero(cp), expected) << hex_code_point(cp);
    if (decimal) {
      ++nd;
      zeros.insert(expected);
    }
  }
  EXPECT_EQ(nd, 770u);
  EXPECT_EQ(zeros.size(), 77u);
  EXPECT_EQ(sec::decimal_zero(0x110000), 0xFFFFFFFF);
  EXPECT_EQ(sec::decimal_zero(0xFFFFFFFF), 0xFFFFFFFF);
  std::cout << "[counts] Nd " << nd << " in " << zeros.size() << " numbering systems\n";
}

TEST(SecurityData, MappedPieceIsTheNfdOfThePrototypeForEveryCodePoint) {
  PUNY_LOAD_SECURITY_FILES(f);
  std::size_t mismatches = 0;
  std::size_t mapped = 0;
  std::size_t removed = 0;
  std::size_t non_nfd_sources = 0;
  for (char32_t cp = 0; cp < code_point_count; ++cp) {
    const auto it = f.prototype.find(cp);
    // Skeleton step 2 (remove Default_Ignorable) precedes step 3: U+3164 is both.
    const std::u32string expected = f.default_ignorable[cp] ? std::u32string()
                                    : it != f.prototype.end() ? f.nfd(it->second)
                                                              : std::u32string(1, cp);
    char32_t self = 0;
    const std::u32string_view piece = sec::mapped_piece(cp, self);
    const bool self_ok = f.default_ignorable[cp] || it != f.prototype.end() || (piece.data() == &self && self == cp);
    if ((piece != expected || !self_ok) && ++mismatches <= 20) {
      ADD_FAILURE() << hex_code_point(cp) << ": " << hex_code_points(piece) << ", expected " << hex_code_points(expected);
    }
    mapped += it != f.prototype.end() && !f.default_ignorable[cp];
    removed += f.default_ignorable[cp];
    if (it != f.prototype.end() && f.nfd(std::u32string(1, cp)) != std::u32string(1, cp)) ++non_nfd_sources;
  }
  EXPECT_EQ(mismatches, 0u);
  EXPECT_EQ(f.confusable_lines, 6565u);
  EXPECT_EQ(non_nfd_sources, 1065u);
  EXPECT_TRUE(f.default_ignorable[0x3164] && f.prototype.count(0x3164));
  char32_t self = 0;
  EXPECT_EQ(sec::mapped_piece(0x110000, self), std::u32string(1, char32_t{0x110000}));
  EXPECT_EQ(self, char32_t{0x110000});
  EXPECT_EQ(sec::mapped_piece(0xFFFFFFFF, self).size(), 1u);
  EXPECT_EQ(self, char32_t{0xFFFFFFFF});
  std::cout << "[counts] confusables.txt " << f.confusable_lines << " lines (" << non_nfd_sources
            << " sources not NFD); " << mapped << " code points mapped, " << removed
            << " Default_Ignorable removed\n";
}

TEST(SecurityData, ConfusableScriptsMatchSkeletonsOfAllowedCharacters) {
  PUNY_LOAD_SECURITY_FILES(f);
  // For each skeleton, the Script values (other than Common, Inherited and
  // Unknown) of the Allowed characters that have it.
  std::map<std::u32string, script_set> holders;
  for (char32_t cp = 0; cp < code_point_count; ++cp) {
    const script s = f.sc[cp];
    if (!f.allowed[cp] || s == script::common || s == script::inherited || s == script::unknown) continue;
    holders[f.skeleton(cp)].insert(s);
  }
  std::size_t mismatches = 0;
  std::size_t with_confusables = 0;
  for (char32_t cp = 0; cp < code_point_count; ++cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    script_set expected;
    if (const auto it = holders.find(f.skeleton(cp)); it != holders.end()) expected = it->second;
    expected.erase(f.sc[cp]);
    const script_set& actual = sec::confusable_scripts(sec::record_of(cp));
    if (actual != expected && ++mismatches <= 20) {
      ADD_FAILURE() << hex_code_point(cp) << ": " << to_text(actual) << ", expected " << to_text(expected);
    }
    with_confusables += !expected.empty();
  }
  EXPECT_EQ(mismatches, 0u);
  // Cyrillic а looks like Latin a, and the other way round.
  EXPECT_TRUE(sec::confusable_scripts(sec::record_of(0x0430)).contains(script::latin));
  EXPECT_TRUE(sec::confusable_scripts(sec::record_of(U'a')).contains(script::cyrillic));
  EXPECT_FALSE(sec::confusable_scripts(sec::record_of(U'a')).contains(script::latin));
  std::cout << "[counts] " << with_confusables << " code points have look-alikes in another script\n";
}

// The packed records the display policies read (display_record_of) must
// say what the full records say, and composite_or_nonstarter must be
// exactly "has a canonical decomposition (Hangul included) or ccc != 0",
// from UnicodeData.txt: the chromium scan skips the mark checks on it.
TEST(SecurityData, DisplayRecordsAgreeWithTheFullRecordsForEveryCodePoint) {
  PUNY_LOAD_SECURITY_FILES(f);
  std::size_t mismatches = 0;
  std::size_t composite = 0;
  for (char32_t cp = 0; cp < code_point_count + 16; ++cp) {
    const sec::code_point_record r = sec::record_of(cp);
    const sec::display_record d = sec::display_record_of(cp);
    const bool in_range = cp < code_point_count;
    const bool hangul_syllable = cp >= 0xAC00 && cp <= 0xD7A3;
    const bool expected_composite =
        in_range && (hangul_syllable || f.decomposition.count(cp) != 0 || f.ccc[cp] != 0);
    const bool ok = d.augmented() == r.augmented && d.sc() == r.sc && d.allowed() == r.allowed &&
                    d.cjk_compat() == r.cjk_compat && d.decimal() == r.decimal &&
                    d.nonspacing_mark() == r.nonspacing_mark &&
                    d.composite_or_nonstarter() == r.composite_or_nonstarter &&
                    r.composite_or_nonstarter == expected_composite;
    if (!ok && ++mismatches <= 20) {
      ADD_FAILURE() << hex_code_point(cp) << ": display record " << d.bits << " disagrees (composite "
                    << r.composite_or_nonstarter << ", expected " << expected_composite << ")";
    }
    composite += r.composite_or_nonstarter;
  }
  EXPECT_EQ(mismatches, 0u);
  std::cout << "[counts] " << composite << " code points decompose or are non-starters\n";
}

TEST(SecurityData, ValuesBeyondUnicodeGetTheRecordOfAnUnassignedCodePoint) {
  for (const char32_t cp : {char32_t{0x110000}, char32_t{0x7FFFFFFF}, char32_t{0xFFFFFFFF}, char32_t{0xD800}}) {
    const sec::code_point_record r = sec::record_of(cp);
    EXPECT_FALSE(r.allowed);
    EXPECT_EQ(puny::identifier_status_of(cp), puny::identifier_status::restricted);
    EXPECT_EQ(puny::identifier_types_of(cp), puny::identifier_types{puny::identifier_type::not_character});
    EXPECT_EQ(puny::script_of(cp), script::unknown);
    EXPECT_EQ(puny::script_extensions_of(cp), script_set{script::unknown});
    EXPECT_EQ(puny::augmented_script_set_of(cp), script_set{script::unknown});
    EXPECT_TRUE(sec::confusable_scripts(r).empty());
    EXPECT_FALSE(r.default_ignorable || r.nonspacing_mark || r.soft_dotted || r.cjk_compat || r.has_prototype ||
                 r.decimal);
  }
}

}  // namespace
