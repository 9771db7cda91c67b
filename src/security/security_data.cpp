// puny — per-code-point UTS #39 data: the lookups into the generated tables
// of src/tables/security_table.cpp, the implementation of
// src/security/security_data.hpp.
#include "security/security_data.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>

#include "tables/security_tables.hpp"

namespace puny::detail::security {

namespace {

constexpr char32_t last_code_point = 0x10FFFF;

}  // namespace

std::u32string_view mapped_piece(char32_t cp, char32_t& self) noexcept {
  const std::uint16_t index = cp > last_code_point ? 0 : tables::security_piece_value(cp);
  if (index == 0) {
    self = cp;
    return {&self, 1};
  }
  const std::uint32_t entry = tables::security_pieces[index];
  const std::size_t length = entry & ((1u << tables::security_piece_length_bits) - 1);
  return {tables::security_piece_pool + (entry >> tables::security_piece_length_bits), length};
}

char32_t decimal_zero(char32_t cp) noexcept {
  // General_Category=Nd comes in complete runs of ten digits (the generator
  // checks it), so the zero of a digit is the greatest zero not above it,
  // and cp is a digit exactly when it lies within ten of that zero.
  const char32_t* const first = std::begin(tables::decimal_zeros);
  const char32_t* const after = std::upper_bound(first, std::end(tables::decimal_zeros), cp);
  if (after == first) return 0xFFFFFFFF;
  const char32_t zero = after[-1];
  return cp - zero < 10 ? zero : 0xFFFFFFFF;
}

}  // namespace puny::detail::security
