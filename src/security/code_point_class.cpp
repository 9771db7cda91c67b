// puny — the block cache behind info_of(): the four lookups it summarizes
// (decomposition, properties, skeleton piece, security record) are done
// once per block of 256 code points, the first time a code point of the
// block is asked for.  Labels draw on few blocks, so after warm-up a code
// point costs one load where it cost four trie walks.  Filled without
// locks (see the header); the storage is static and zero, so only the
// pages of the blocks used are ever touched.
#include "security/code_point_class.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "security/nfd.hpp"
#include "security/security_data.hpp"
#include "tables/security_tables.hpp"
#include "unicode/ucd.hpp"

namespace puny::detail::security {

namespace cache {

storage blocks;

namespace {

code_point_info compute(char32_t cp) noexcept {
  const code_point_record& record = tables::security_records[tables::security_record_value(cp)];
  const std::uint16_t piece = tables::security_piece_value(cp);
  const code_point_info other(code_point_class::other, piece, record);
  if (cp - hangul_s_base < hangul_s_count) return other;
  if (!ucd::canonical_decomposition(cp).empty()) return other;
  if (ucd::combining_class(cp) != 0) return other;
  char32_t self = 0;
  const std::u32string_view mapped = mapped_piece(cp, self);
  if (mapped.empty()) return other;  // Default_Ignorable
  return {mapped.data() == &self ? code_point_class::plain : code_point_class::mapped, piece, record};
}

}  // namespace

void fill(std::size_t block) noexcept {
  const auto first = static_cast<char32_t>(block << block_bits);
  for (std::size_t i = 0; i < block_size; ++i)
    blocks.entries[block][i].store(compute(first + static_cast<char32_t>(i)).bits(), std::memory_order_relaxed);
  blocks.ready[block].store(true, std::memory_order_release);
}

}  // namespace cache

}  // namespace puny::detail::security
