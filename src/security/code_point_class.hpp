// puny — a per-code-point summary that lets the UTS #39 passes skip most
// table lookups: the code point's class (a plain starter that NFD leaves
// alone and the skeleton keeps, a starter with a confusables.txt prototype,
// or anything else), the fields of its security record they read and its
// skeleton piece, in one trie that tools/gen_security_tables.py writes
// (src/tables/security_table.cpp).  Internal.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string_view>

#include "security/security_data.hpp"
#include "tables/security_tables.hpp"

namespace puny::detail::security {

enum class code_point_class : std::uint8_t {
  /// Canonical_Combining_Class 0, no canonical decomposition, not
  /// Default_Ignorable, its own skeleton piece (a spacing mark can be one).
  plain,
  /// The same, but a confusables.txt source: its piece is not itself.
  mapped,
  /// Everything else (Hangul syllables, decomposable characters,
  /// non-starters, Default_Ignorable code points).
  other,
};

/// What the summary says of one code point, in 32 bits: its class, whether
/// it is a nonspacing mark, the flags of its record the analysis reads, its
/// piece and its augmented script set (§5.1).  Bits 0-1 the class, then
/// nonspacing_mark, allowed, decimal, cjk_compat, 6-18 the piece's index,
/// 19-31 the augmented set's (as the generator packs them).
class code_point_info {
 public:
  explicit constexpr code_point_info(std::uint32_t bits) noexcept : bits_(bits) {}
  [[nodiscard]] constexpr code_point_class kind() const noexcept { return static_cast<code_point_class>(bits_ & 3u); }
  /// General_Category=Mn.
  [[nodiscard]] constexpr bool nonspacing_mark() const noexcept { return (bits_ >> 2) & 1u; }
  /// Identifier_Status=Allowed.
  [[nodiscard]] constexpr bool allowed() const noexcept { return (bits_ >> 3) & 1u; }
  /// General_Category=Nd.
  [[nodiscard]] constexpr bool decimal() const noexcept { return (bits_ >> 4) & 1u; }
  /// Admitted by han_bopomofo::cjk_compat.
  [[nodiscard]] constexpr bool cjk_compat() const noexcept { return (bits_ >> 5) & 1u; }
  /// The augmented script set (§5.1).
  [[nodiscard]] const script_set& augmented() const noexcept { return tables::security_script_sets[bits_ >> 19]; }
  /// Its index: equal indexes, equal sets.
  [[nodiscard]] constexpr std::uint32_t augmented_index() const noexcept { return bits_ >> 19; }
  /// The piece of a mapped code point (mapped_piece()).
  [[nodiscard]] std::u32string_view piece() const noexcept {
    const std::uint32_t entry = tables::security_pieces[(bits_ >> 6) & 0x1FFFu];
    const std::size_t length = entry & ((1u << tables::security_piece_length_bits) - 1);
    return {tables::security_piece_pool + (entry >> tables::security_piece_length_bits), length};
  }
  [[nodiscard]] constexpr std::uint32_t bits() const noexcept { return bits_; }

 private:
  std::uint32_t bits_;
};

static_assert(std::size(tables::security_pieces) <= 0x2000, "piece indexes take 13 bits");
static_assert(std::size(tables::security_script_sets) <= 0x2000, "script set indexes take 13 bits");

/// The summary of `cp`; a value above U+10FFFF is plain, with the record
/// of an unassigned code point.  The data is static: a generated trie,
/// read in place.
[[nodiscard]] inline code_point_info info_of(char32_t cp) noexcept {
  return code_point_info(cp > 0x10FFFF ? tables::security_info_beyond : tables::security_info_value(cp));
}

/// The class of `cp`.
[[nodiscard]] inline code_point_class class_of(char32_t cp) noexcept { return info_of(cp).kind(); }

}  // namespace puny::detail::security
