// IDNA2003 data conformance: the NFKC of Nameprep against
// NormalizationTest.txt 3.2.0 (every line's NFKC invariant, under both
// definitions of "blocked", and Part 1's rule for the code points it
// omits), and the generated Nameprep tables against rfc3454.txt, parsed
// here independently of tools/gen_idna2003_tables.py, on every code point.
// The files come from PUNY_UNICODE_32_DIR and PUNY_SPECS_DIR (environment
// first, then the CMake definitions); without them the tests skip, except
// under CI=true, where they fail.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "idna2003/nfkc32.hpp"
#include "idna2003/stringprep_tables.hpp"
#include "unicode_data.hpp"
#include "unicode_text.hpp"

namespace {

using puny::idna2003::composition;
using puny_test::hex_code_points;
using puny_test::parse_hex_code_points;

std::filesystem::path directory(const char* variable, const char* fallback) {
  if (const char* env = std::getenv(variable); env != nullptr && *env != '\0') return env;
  return fallback;
}

std::filesystem::path unicode_32_dir() {
#ifdef PUNY_UNICODE_32_DIR
  return directory("PUNY_UNICODE_32_DIR", PUNY_UNICODE_32_DIR);
#else
  return directory("PUNY_UNICODE_32_DIR", "../shared/unicode/3.2.0");
#endif
}

std::filesystem::path specs_dir() {
#ifdef PUNY_SPECS_DIR
  return directory("PUNY_SPECS_DIR", PUNY_SPECS_DIR);
#else
  return directory("PUNY_SPECS_DIR", "../shared/specs");
#endif
}

}  // namespace

/// Opens `path` into `stream`, or skips the test (fails it under CI=true).
#define PUNY_OPEN_DATA_FILE(stream, path)                                                  \
  std::ifstream stream(path);                                                              \
  if (!stream) {                                                                           \
    if (puny_test::running_in_ci()) FAIL() << "CI=true and the data file is missing: " << (path); \
    GTEST_SKIP() << "data file not found: " << (path) << " (set PUNY_UNICODE_32_DIR / PUNY_SPECS_DIR)"; \
  }

namespace {

std::u32string nfkc(std::u32string_view s, composition mode) {
  namespace stringprep = puny::detail::stringprep;
  std::u32string out(stringprep::nfkc_buffer_size(stringprep::decomposed_length(s)), U'\0');
  out.resize(stringprep::to_nfkc(s, out, mode));
  return out;
}

// ---------------------------------------------------------------------------
// NormalizationTest.txt 3.2.0

TEST(Idna2003Data, NormalizationTest32NfkcInvariant) {
  PUNY_OPEN_DATA_FILE(file, unicode_32_dir() / "NormalizationTest.txt");
  std::string line;
  std::size_t number = 0;
  std::size_t lines = 0;
  std::size_t failures = 0;
  int part = -1;
  std::vector<bool> in_part1(0x110000, false);
  while (std::getline(file, line)) {
    ++number;
    if (line.rfind("@Part", 0) == 0) {
      part = std::stoi(line.substr(5));
      continue;
    }
    if (line.empty() || line[0] == '#') continue;
    std::u32string c[5];
    std::istringstream fields(line);
    std::string field;
    for (auto& column : c) {
      std::getline(fields, field, ';');
      column = parse_hex_code_points(field);
    }
    if (part == 1 && c[0].size() == 1) in_part1[c[0][0]] = true;
    ++lines;
    // UAX #15 §15: c4 == NFKC(c1) == NFKC(c2) == NFKC(c3) == NFKC(c4) == NFKC(c5).
    for (const composition mode : {composition::corrected, composition::unicode_3_2_text}) {
      for (const auto& column : c) {
        const std::u32string got = nfkc(column, mode);
        if (got != c[3]) {
          if (++failures <= 20) {
            ADD_FAILURE() << "line " << number << ": NFKC(" << hex_code_points(column) << ") = " << hex_code_points(got)
                          << ", expected " << hex_code_points(c[3])
                          << (mode == composition::corrected ? " (corrected)" : " (3.2 text)");
          }
        }
      }
    }
  }
  EXPECT_EQ(lines, 16992u) << "NormalizationTest.txt 3.2.0 has 16,992 test lines";
  // Part 1's rule: a code point it does not list is its own NFKC.
  std::size_t invariant = 0;
  for (char32_t cp = 0; cp < 0x110000; ++cp) {
    if (in_part1[cp]) continue;
    const std::u32string one(1, cp);
    if (nfkc(one, composition::corrected) != one) {
      if (++failures <= 20) ADD_FAILURE() << "NFKC(" << hex_code_points(one) << ") changes it, but Part 1 omits it";
    } else {
      ++invariant;
    }
  }
  std::cout << "[data] NormalizationTest.txt 3.2.0: " << lines << " lines x 5 columns x 2 modes, " << invariant
            << " code points outside Part 1 invariant, " << failures << " failures\n";
  EXPECT_EQ(failures, 0u);
}

// ---------------------------------------------------------------------------
// rfc3454.txt

/// The X of a line "----- <kind> Table X -----" (spaces around it allowed),
/// or "" when the line is not one.  (No std::regex: g++ 12 warns falsely
/// inside <regex> under -fsanitize=address, -Wmaybe-uninitialized.)
std::string table_marker(const std::string& line, std::string_view kind) {
  const std::size_t first = line.find_first_not_of(" \t");
  if (first == std::string::npos) return {};
  const std::size_t last = line.find_last_not_of(" \t\r");
  std::string_view text(line.data() + first, last + 1 - first);
  const std::string head = "----- " + std::string(kind) + " Table ";
  constexpr std::string_view tail = " -----";
  if (text.size() <= head.size() + tail.size() || text.substr(0, head.size()) != head ||
      text.substr(text.size() - tail.size()) != tail)
    return {};
  text = text.substr(head.size(), text.size() - head.size() - tail.size());
  if (text.find_first_of(" \t") != std::string_view::npos) return {};
  return std::string(text);
}

/// "----- Start Table X -----" .. "----- End Table X -----" lines of every table.
std::map<std::string, std::vector<std::string>> read_stringprep_tables(std::istream& in) {
  std::map<std::string, std::vector<std::string>> tables;
  std::string line;
  std::string current;
  while (std::getline(in, line)) {
    if (std::string name = table_marker(line, "Start"); !name.empty()) {
      current = name;
      tables[current];
    } else if (!table_marker(line, "End").empty()) {
      current.clear();
    } else if (!current.empty()) {
      const std::size_t first = line.find_first_not_of(" \t");
      if (first != std::string::npos) tables[current].push_back(line.substr(first));
    }
  }
  return tables;
}

/// A.1, C.x, D.x rows: "XXXX" or "XXXX-YYYY", then an optional "; comment".
std::vector<bool> table_set(const std::vector<std::string>& rows) {
  std::vector<bool> set(0x110000, false);
  for (const std::string& row : rows) {
    const std::string range = row.substr(0, row.find(';'));
    const std::size_t dash = range.find('-');
    const unsigned long lo = std::stoul(range.substr(0, dash), nullptr, 16);
    const unsigned long hi = dash == std::string::npos ? lo : std::stoul(range.substr(dash + 1), nullptr, 16);
    for (unsigned long cp = lo; cp <= hi; ++cp) set[cp] = true;
  }
  return set;
}

TEST(Idna2003Data, GeneratedTablesMatchRfc3454) {
  PUNY_OPEN_DATA_FILE(file, specs_dir() / "rfc3454.txt");
  const auto tables = read_stringprep_tables(file);
  for (const char* name : {"A.1", "B.1", "B.2", "C.1.2", "C.2.2", "C.3", "C.4", "C.5", "C.6", "C.7", "C.8", "C.9",
                           "D.1", "D.2"}) {
    ASSERT_TRUE(tables.count(name)) << "rfc3454.txt has no table " << name;
  }
  const std::vector<bool> a1 = table_set(tables.at("A.1"));
  const std::vector<bool> c8 = table_set(tables.at("C.8"));
  const std::vector<bool> d1 = table_set(tables.at("D.1"));
  const std::vector<bool> d2 = table_set(tables.at("D.2"));
  std::vector<bool> prohibited(0x110000, false);
  // RFC 3491 §5: C.1.2, C.2.2, C.3, C.4, C.5, C.6, C.7, C.9 (C.8 is §6's).
  for (const char* name : {"C.1.2", "C.2.2", "C.3", "C.4", "C.5", "C.6", "C.7", "C.9"}) {
    const std::vector<bool> set = table_set(tables.at(name));
    for (std::size_t cp = 0; cp < set.size(); ++cp) prohibited[cp] = prohibited[cp] || set[cp];
  }
  std::map<char32_t, std::u32string> mapping;  // B.1 and B.2 (RFC 3491 §3)
  for (const char* name : {"B.1", "B.2"}) {
    for (const std::string& row : tables.at(name)) {
      const std::size_t semicolon = row.find(';');
      const std::size_t second = row.find(';', semicolon + 1);
      mapping[static_cast<char32_t>(std::stoul(row.substr(0, semicolon), nullptr, 16))] =
          parse_hex_code_points(row.substr(semicolon + 1, second - semicolon - 1));
    }
  }

  std::size_t counts[7] = {};  // A.1, prohibited, C.8, D.1, D.2, mapped, to nothing
  std::size_t mismatches = 0;
  auto mismatch = [&](char32_t cp, const char* what) {
    if (++mismatches <= 20) {
      ADD_FAILURE() << puny_test::hex_code_point(cp) << ": " << what << " differs from rfc3454.txt";
    }
  };
  for (char32_t cp = 0; cp < 0x110000; ++cp) {
    const puny::detail::stringprep::record r(cp);
    if (r.unassigned() != a1[cp]) mismatch(cp, "A.1");
    if (r.prohibited() != prohibited[cp]) mismatch(cp, "C.1.2/C.2.2/C.3-C.7/C.9");
    if (r.bidi_prohibited() != c8[cp]) mismatch(cp, "C.8");
    if (r.randalcat() != d1[cp]) mismatch(cp, "D.1");
    if (r.lcat() != d2[cp]) mismatch(cp, "D.2");
    const auto found = mapping.find(cp);
    if (r.mapped() != (found != mapping.end())) {
      mismatch(cp, "B.1/B.2 membership");
    } else if (r.mapped()) {
      char32_t target[puny::detail::tables::nameprep_max_mapping_length];
      const std::size_t n = r.write_mapping(cp, target);
      if (std::u32string(target, n) != found->second) mismatch(cp, "B.1/B.2 mapping");
      ++counts[n == 0 ? 6 : 5];
    }
    counts[0] += r.unassigned();
    counts[1] += r.prohibited();
    counts[2] += r.bidi_prohibited();
    counts[3] += r.randalcat();
    counts[4] += r.lcat();
  }
  std::cout << "[data] rfc3454.txt vs generated Nameprep tables, U+0000..U+10FFFF: A.1 " << counts[0]
            << ", prohibited " << counts[1] << ", C.8 " << counts[2] << ", D.1 " << counts[3] << ", D.2 " << counts[4]
            << ", B.2 " << counts[5] << ", B.1 " << counts[6] << "; " << mismatches << " mismatches\n";
  EXPECT_EQ(mismatches, 0u);
  // The counts of ../shared/specs/idna2003-notes.md.
  EXPECT_EQ(counts[0], 879309u);
  // The tables' sizes add up to 139,775; U+FFF9..U+FFFC are in both C.2.2 and C.6.
  EXPECT_EQ(counts[1], 17u + 62u + 137468u + 66u + 2048u + 5u + 12u + 97u - 4u);
  EXPECT_EQ(counts[2], 15u);
  EXPECT_EQ(counts[3], 1044u);
  EXPECT_EQ(counts[4], 229973u);
  EXPECT_EQ(counts[5], 1371u);
  EXPECT_EQ(counts[6], 27u);
}

}  // namespace
