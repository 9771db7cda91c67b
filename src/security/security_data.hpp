// puny — per-code-point UTS #39 data (Unicode 17.0), read from the tables
// tools/gen_security_tables.py writes into src/tables/security_*.cpp.
// Internal: src/security/, src/display/ and src/lookalike/ use it.
//
// Every function takes any char32_t; a surrogate or a value above U+10FFFF
// gets the record of an unassigned code point (Restricted, Not_Character,
// Script Unknown, scx {Unknown}, no confusable prototype).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "puny/script.hpp"
#include "puny/security.hpp"

namespace puny::detail::security {

/// Everything the UTS #39 algorithms need about one code point, from one
/// trie lookup.
struct code_point_record {
  std::uint16_t types = 0;        ///< Identifier_Type set: identifier_types::bits()
  bool allowed = false;           ///< Identifier_Status=Allowed (§3.1)
  script sc = script::unknown;    ///< Script (Scripts.txt)
  std::uint16_t scx = 0;          ///< Script_Extensions: an index for script_set_at()
  std::uint16_t augmented = 0;    ///< augmented script set (§5.1): an index for script_set_at()
  std::uint16_t wsc = 0;          ///< confusable scripts (see confusable_scripts): an index for script_set_at()
  bool default_ignorable = false; ///< Default_Ignorable_Code_Point (DerivedCoreProperties.txt), skeleton step 2
  bool nonspacing_mark = false;   ///< General_Category=Mn (§5.4)
  bool soft_dotted = false;       ///< Soft_Dotted (PropList.txt), hidden overlay
  bool cjk_compat = false;        ///< Unified_Ideograph, or a Bopomofo character (Script or scx Bopo): han_bopomofo::cjk_compat allows it
  bool has_prototype = false;     ///< listed as a source in confusables.txt
  bool decimal = false;           ///< General_Category=Nd (§5.3); see decimal_zero()
  /// Has a canonical decomposition (Hangul syllables included) or a nonzero
  /// Canonical_Combining_Class: only after such a code point, or after a
  /// nonspacing mark, can NFD bring two nonspacing marks together (§5.4),
  /// so that the mark checks can be skipped for most labels.
  bool composite_or_nonstarter = false;
};

/// The record of `cp`.  Inline (defined in tables/security_tables.hpp,
/// included at the end of this file): the display policies look up every
/// code point of every label, and a call costs as much as the trie read.
[[nodiscard]] inline code_point_record record_of(char32_t cp) noexcept;

/// The fields of code_point_record that the display policies read for
/// every code point of a label, packed into 32 bits: their table
/// (display_record_of) is a fraction of the records' size, so that it stays
/// in the cache beside the IDNA tables.  Bits 0-8 augmented, 9-16 sc, then
/// one bit each: allowed, cjk_compat, decimal, nonspacing_mark,
/// composite_or_nonstarter; then what the chromium policy reads of the code
/// point (bits 22-31), from the tables of src/display/chromium_tables.hpp
/// (tools/gen_security_tables.py packs them all).
struct display_record {
  std::uint32_t bits = 0;

  static constexpr std::uint32_t allowed_bit = std::uint32_t{1} << 17;
  static constexpr std::uint32_t decimal_bit = std::uint32_t{1} << 19;
  static constexpr std::uint32_t nonspacing_mark_bit = std::uint32_t{1} << 20;
  static constexpr std::uint32_t composite_or_nonstarter_bit = std::uint32_t{1} << 21;
  static constexpr std::uint32_t chromium_allowed_bit = std::uint32_t{1} << 22;
  static constexpr std::uint32_t chromium_one_by_one_bit = std::uint32_t{1} << 23;
  static constexpr std::uint32_t chromium_lookalike_bit = std::uint32_t{1} << 24;
  static constexpr std::uint32_t chromium_digit_like_bit = std::uint32_t{1} << 25;
  static constexpr unsigned chromium_entry_shift = 26;
  static constexpr std::uint32_t chromium_no_entry = 31;
  static constexpr std::uint32_t chromium_other_digit_bit = std::uint32_t{1} << 31;

  [[nodiscard]] constexpr std::uint16_t augmented() const noexcept { return static_cast<std::uint16_t>(bits & 0x1FF); }
  [[nodiscard]] constexpr script sc() const noexcept { return static_cast<script>((bits >> 9) & 0xFF); }
  [[nodiscard]] constexpr bool allowed() const noexcept { return (bits & allowed_bit) != 0; }
  [[nodiscard]] constexpr bool cjk_compat() const noexcept { return ((bits >> 18) & 1u) != 0; }
  [[nodiscard]] constexpr bool decimal() const noexcept { return (bits & decimal_bit) != 0; }
  [[nodiscard]] constexpr bool nonspacing_mark() const noexcept { return (bits & nonspacing_mark_bit) != 0; }
  [[nodiscard]] constexpr bool composite_or_nonstarter() const noexcept {
    return (bits & composite_or_nonstarter_bit) != 0;
  }

  /// In Chromium's allowed set before the caller's options: allowed(), and
  /// not one of SetAllowedUnicodeSet's removals (chromium::removed_characters,
  /// removed_ranges).
  [[nodiscard]] constexpr bool chromium_allowed() const noexcept { return (bits & chromium_allowed_bit) != 0; }
  /// A code point some rule of SafeToDisplayAsUnicode looks for by value
  /// (chromium::one_by_one_ranges).
  [[nodiscard]] constexpr bool chromium_one_by_one() const noexcept { return (bits & chromium_one_by_one_bit) != 0; }
  /// A look-alike letter of kWholeScriptConfusables (in the list of the
  /// entry of its own Script).
  [[nodiscard]] constexpr bool chromium_lookalike() const noexcept { return (bits & chromium_lookalike_bit) != 0; }
  /// 0-9 or one of chromium::digit_lookalikes.
  [[nodiscard]] constexpr bool chromium_digit_like() const noexcept { return (bits & chromium_digit_like_bit) != 0; }
  /// The index in chromium::whole_script_confusables of the entry of the
  /// code point's Script, or chromium_no_entry.
  [[nodiscard]] constexpr std::uint32_t chromium_entry() const noexcept { return (bits >> chromium_entry_shift) & 31u; }
  /// A decimal digit other than 0-9.
  [[nodiscard]] constexpr bool chromium_other_digit() const noexcept {
    return (bits & chromium_other_digit_bit) != 0;
  }
};

/// The display record of `cp`: the same values as record_of(cp).  Inline, as
/// record_of.
[[nodiscard]] inline display_record display_record_of(char32_t cp) noexcept;

/// The script sets the records index (Script_Extensions, augmented sets,
/// confusable scripts), deduplicated.  `index` must come from a record.
/// Inline, as record_of.
[[nodiscard]] inline const script_set& script_set_at(std::uint16_t index) noexcept;

/// UTS #39 §4 skeleton of the single code point `cp` when `cp` is already
/// in NFD (a code point NFD leaves alone): NFD(prototype(cp)) when cp is a
/// confusables.txt source, empty when cp is Default_Ignorable, and cp
/// itself otherwise.  The view points into static tables or, for cp itself,
/// into `self` (one char32_t the caller provides).
[[nodiscard]] std::u32string_view mapped_piece(char32_t cp, char32_t& self) noexcept;

/// §5.3: for a General_Category=Nd code point, the code point of the zero
/// of its numbering system (cp minus its decimal value); 0xFFFFFFFF for
/// any other code point.
[[nodiscard]] char32_t decimal_zero(char32_t cp) noexcept;

/// For §4.1 on a single string: the scripts S (Script values, not Common or
/// Inherited, and not cp's own Script) that hold an Identifier_Status=Allowed
/// character c with skeleton(c) == skeleton(cp).  Empty for most code points.
[[nodiscard]] inline const script_set& confusable_scripts(const code_point_record& r) noexcept {
  return script_set_at(r.wsc);
}

}  // namespace puny::detail::security

// The generated tables, and the inline definitions of record_of and
// script_set_at that read them.  That header includes this one first, so
// that either may be included first.
#include "tables/security_tables.hpp"  // IWYU pragma: export
