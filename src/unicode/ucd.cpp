// puny — lookups into the generated Unicode tables (src/tables/), the
// implementation of src/unicode/ucd.hpp.
#include "unicode/ucd.hpp"

#include <algorithm>
#include <cstdint>
#include <iterator>

#include "tables/tables.hpp"
#include "unicode/idna_record.hpp"

namespace puny::detail::ucd {

namespace {

constexpr char32_t last_code_point = 0x10FFFF;

// Values above U+10FFFF are outside every data file; they get the
// properties the files give an unassigned code point in a default range
// (@missing: ccc 0, Bidi_Class L, Joining_Type U, NFC_QC Yes, gc Cn).
constexpr properties out_of_range_properties{0, bidi_class::L, joining_type::U, nfc_quick_check::yes, false};

}  // namespace

const std::string_view unicode_version = tables::unicode_version;

idna_entry idna_lookup(char32_t cp) noexcept {
  const idna_record record = lookup_idna_record(cp);
  const idna_status status = record.status();
  // Only a mapped code point's record holds its mapping; a deviation's is in
  // the deviation table.
  const idna_record mapping = status == idna_status::mapped      ? record
                              : status == idna_status::deviation ? deviation_mapping(cp)
                                                                 : idna_record(0);
  const auto length = static_cast<std::uint8_t>(mapping.mapping_length());
  if (length == 1) return {status, 1, mapping.single_mapping(cp), nullptr};
  if (length > 1) return {status, length, 0, mapping.pooled_mapping()};
  return {status, 0, 0, nullptr};
}

properties lookup_properties(char32_t cp) noexcept {
  if (cp > last_code_point) return out_of_range_properties;
  return tables::property_records[tables::properties_value(cp)];
}

std::uint8_t combining_class(char32_t cp) noexcept { return lookup_properties(cp).ccc; }

bidi_class bidi(char32_t cp) noexcept { return lookup_properties(cp).bidi; }

std::u32string_view canonical_decomposition(char32_t cp) noexcept {
  if (cp > last_code_point) return {};
  const std::uint16_t entry = tables::decomposition_value(cp);
  const std::size_t length = entry & ((1u << tables::decomposition_length_bits) - 1);
  return {tables::decomposition_pool + (entry >> tables::decomposition_length_bits), length};
}

char32_t primary_composite(char32_t a, char32_t b) noexcept {
  // ~1000 pairs: a binary search is cheap, and NFC only asks for pairs whose
  // second code point can compose at all (NFC_Quick_Check Maybe).  The
  // search narrows by a conditional move, not a branch: which half holds
  // the pair is as good as random, so a branch would mispredict about once
  // in two steps.  Both halves of the key are below 2^21, so one 64-bit
  // comparison orders (first, second).
  auto key = [](char32_t first, char32_t second) noexcept {
    return std::uint64_t{first} << 32 | std::uint64_t{second};
  };
  const std::uint64_t wanted = key(a, b);
  // Invariant: the last pair not above wanted, if any, is in
  // [base, base + length).  It ends as base; the pairs are distinct.
  const tables::composition* base = std::begin(tables::compositions);
  std::size_t length = std::size(tables::compositions);
  while (length > 1) {
    const std::size_t half = length / 2;
    base = key(base[half].first, base[half].second) <= wanted ? base + half : base;
    length -= half;
  }
  return key(base->first, base->second) == wanted ? base->composite : 0;
}

bool composes_first(char32_t cp) noexcept {
  // Unicode §3.12: L + V and LV + T compose arithmetically.
  if (cp - 0x1100 < 19) return true;
  if (cp - 0xAC00 < 11172) return (cp - 0xAC00) % 28 == 0;
  const tables::composition* const end = std::end(tables::compositions);
  const tables::composition* const at = std::lower_bound(
      std::begin(tables::compositions), end, cp,
      [](const tables::composition& c, char32_t first) noexcept { return c.first < first; });
  return at != end && at->first == cp;
}

char32_t simple_lowercase(char32_t cp) noexcept {
  if (cp > last_code_point) return cp;
  return static_cast<char32_t>(static_cast<std::int32_t>(cp) + tables::lowercase_deltas[tables::case_value(cp)]);
}

char32_t simple_uppercase(char32_t cp) noexcept {
  if (cp > last_code_point) return cp;
  return static_cast<char32_t>(static_cast<std::int32_t>(cp) + tables::uppercase_deltas[tables::case_value(cp)]);
}

}  // namespace puny::detail::ucd
