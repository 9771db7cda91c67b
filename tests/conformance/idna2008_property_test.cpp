// puny::idna2008::property_of against Unicode's Idna2008.txt (the RFC 5892
// derived property) for every code point U+0000..U+10FFFF.  The file is read
// at run time with a parser of its own here: tools/gen_idna2008_tables.py
// derives the table from the UCD and checks it against the same file, and a
// bug shared by the two readers would hide in both.
#include <gtest/gtest.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "puny/idna2008.hpp"
#include "unicode_data.hpp"

namespace {

using puny::idna2008::derived_property;

constexpr char32_t code_point_count = 0x110000;

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

// "0000..002C" or "00B7"; nullopt when malformed.
std::optional<std::pair<char32_t, char32_t>> parse_range(std::string_view text) {
  auto hex = [](std::string_view h) -> std::optional<char32_t> {
    if (h.empty() || h.size() > 6) return std::nullopt;
    char32_t v = 0;
    for (const char c : h) {
      const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
      if (d < 0) return std::nullopt;
      v = v * 16 + static_cast<char32_t>(d);
    }
    return v;
  };
  const std::size_t dots = text.find("..");
  const auto first = hex(text.substr(0, dots));
  const auto last = dots == std::string_view::npos ? first : hex(text.substr(dots + 2));
  if (!first || !last || *first > *last || *last >= code_point_count) return std::nullopt;
  return std::pair{*first, *last};
}

// The value names of the data lines.  The file's header calls CONTEXTO
// "CONTEXT0", with a zero; the data lines spell it with the letter O.
std::optional<derived_property> parse_value(std::string_view name) {
  if (name == "PVALID") return derived_property::pvalid;
  if (name == "CONTEXTJ") return derived_property::contextj;
  if (name == "CONTEXTO") return derived_property::contexto;
  if (name == "DISALLOWED") return derived_property::disallowed;
  if (name == "UNASSIGNED") return derived_property::unassigned;
  return std::nullopt;
}

TEST(Idna2008Property, PropertyOfMatchesIdna2008TxtForEveryCodePoint) {
  PUNY_OPEN_UNICODE_FILE(file, "Idna2008.txt");
  std::vector<std::optional<derived_property>> listed(code_point_count);
  std::optional<derived_property> missing;
  bool header_says_context0 = false;
  bool data_says_contexto = false;
  std::string line;
  std::size_t line_number = 0;
  while (std::getline(file, line)) {
    ++line_number;
    std::string_view text = line;
    if (text.starts_with("#")) {
      header_says_context0 |= text.find("\"CONTEXT0\"") != std::string_view::npos;
      constexpr std::string_view missing_tag = "# @missing:";
      if (text.starts_with(missing_tag)) {
        text.remove_prefix(missing_tag.size());
        const std::size_t semicolon = text.find(';');
        ASSERT_NE(semicolon, std::string_view::npos) << "line " << line_number;
        ASSERT_EQ(trim(text.substr(0, semicolon)), "0000..10FFFF") << "line " << line_number;
        missing = parse_value(trim(text.substr(semicolon + 1)));
        ASSERT_TRUE(missing.has_value()) << "line " << line_number << ": " << line;
      }
      continue;
    }
    text = trim(text.substr(0, text.find('#')));
    if (text.empty()) continue;
    const std::size_t semicolon = text.find(';');
    ASSERT_NE(semicolon, std::string_view::npos) << "line " << line_number << ": " << line;
    const auto range = parse_range(trim(text.substr(0, semicolon)));
    const std::string_view name = trim(text.substr(semicolon + 1));
    const auto value = parse_value(name);
    ASSERT_TRUE(range.has_value()) << "line " << line_number << ": " << line;
    ASSERT_TRUE(value.has_value()) << "line " << line_number << ": unknown value " << name;
    data_says_contexto |= name == "CONTEXTO";
    for (char32_t cp = range->first; cp <= range->second; ++cp) {
      ASSERT_FALSE(listed[cp].has_value()) << "line " << line_number << ": U+" << std::hex
                                           << static_cast<std::uint32_t>(cp) << " listed twice";
      listed[cp] = value;
    }
  }
  EXPECT_TRUE(header_says_context0) << "the header no longer spells CONTEXT0 with a zero";
  EXPECT_TRUE(data_says_contexto);
  ASSERT_EQ(missing, derived_property::unassigned) << "expected '# @missing: 0000..10FFFF; UNASSIGNED'";

  std::array<std::size_t, 5> counts{};
  std::size_t mismatches = 0;
  for (char32_t cp = 0; cp < code_point_count; ++cp) {
    const derived_property expected = listed[cp].value_or(*missing);
    const derived_property got = puny::idna2008::property_of(cp);
    ++counts[static_cast<std::size_t>(expected)];
    if (got != expected && ++mismatches <= 20) {
      ADD_FAILURE() << "U+" << std::hex << static_cast<std::uint32_t>(cp) << ": property_of says "
                    << puny::idna2008::name(got) << ", Idna2008.txt " << puny::idna2008::name(expected);
    }
  }
  EXPECT_EQ(mismatches, 0u);
  std::cout << "[idna2008] Idna2008.txt: " << static_cast<std::uint32_t>(code_point_count) << " code points, PVALID " << counts[0]
            << ", CONTEXTJ " << counts[1] << ", CONTEXTO " << counts[2] << ", DISALLOWED " << counts[3]
            << ", UNASSIGNED " << counts[4] << "; " << mismatches << " mismatches\n";
  // The counts of the project notes for Unicode 17.0.0.
  EXPECT_EQ(counts, (std::array<std::size_t, 5>{143208, 2, 25, 156213, 814664}));
}

TEST(Idna2008Property, BeyondUnicodeAndNames) {
  EXPECT_EQ(puny::idna2008::property_of(0x110000), derived_property::disallowed);
  EXPECT_EQ(puny::idna2008::property_of(0xFFFFFFFF), derived_property::disallowed);
  EXPECT_EQ(puny::idna2008::property_of(0xD800), derived_property::disallowed);  // surrogates: gc Cs
  EXPECT_EQ(puny::idna2008::property_of(0x200C), derived_property::contextj);
  EXPECT_EQ(puny::idna2008::property_of(0x200D), derived_property::contextj);
  EXPECT_EQ(puny::idna2008::property_of(0x00B7), derived_property::contexto);
  EXPECT_EQ(puny::idna2008::property_of(U'B'), derived_property::disallowed);
  EXPECT_EQ(puny::idna2008::property_of(U'b'), derived_property::pvalid);
  EXPECT_EQ(puny::idna2008::property_of(0x00DF), derived_property::pvalid);      // ß: exception F
  EXPECT_EQ(puny::idna2008::property_of(0x19DA), derived_property::disallowed);  // changed in 6.3
  EXPECT_EQ(puny::idna2008::property_of(0x111C9), derived_property::pvalid);     // changed in 11.0
  EXPECT_EQ(puny::idna2008::property_of(0xFFFF), derived_property::disallowed);  // noncharacter
  EXPECT_EQ(puny::idna2008::property_of(0x0378), derived_property::unassigned);
  EXPECT_EQ(puny::idna2008::name(derived_property::pvalid), "PVALID");
  EXPECT_EQ(puny::idna2008::name(derived_property::contextj), "CONTEXTJ");
  EXPECT_EQ(puny::idna2008::name(derived_property::contexto), "CONTEXTO");
  EXPECT_EQ(puny::idna2008::name(derived_property::disallowed), "DISALLOWED");
  EXPECT_EQ(puny::idna2008::name(derived_property::unassigned), "UNASSIGNED");
}

}  // namespace
