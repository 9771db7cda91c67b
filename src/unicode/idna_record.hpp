// puny — the UTS #46 record of a code point: its IdnaMappingTable.txt
// status and mapping and, when it keeps its own text, the properties that
// validation needs (Bidi_Class, Canonical_Combining_Class, NFC_Quick_Check,
// General_Category=Mark, Joining_Type), all from one trie read.  Inline,
// because IDNA processing reads one per code point.  Internal.
#pragma once

#include <cstdint>
#include <string_view>

#include "tables/tables.hpp"
#include "unicode/ucd.hpp"

namespace puny::detail::ucd {

class idna_record {
 public:
  constexpr explicit idna_record(std::uint32_t bits) noexcept : bits_(bits) {}

  [[nodiscard]] constexpr idna_status status() const noexcept {
    return static_cast<idna_status>(bits_ & ((1u << tables::idna_status_bits) - 1));
  }
  /// The status is disallowed (the only status with bit 2 set).
  [[nodiscard]] constexpr bool disallowed() const noexcept { return (bits_ & 4u) != 0; }

  // --- status mapped only ---------------------------------------------------
  [[nodiscard]] constexpr std::size_t mapping_length() const noexcept {
    return (bits_ >> tables::idna_status_bits) & ((1u << tables::idna_length_bits) - 1);
  }
  /// The mapping of cp (whose record this is) when mapping_length() == 1.
  [[nodiscard]] constexpr char32_t single_mapping(char32_t cp) const noexcept {
    // C++20 defines both the modular conversion and the arithmetic shift,
    // so this recovers the signed 24-bit delta.
    const std::int32_t delta = static_cast<std::int32_t>(bits_) >> tables::idna_payload_shift;
    return static_cast<char32_t>(static_cast<std::int32_t>(cp) + delta);
  }
  /// The mapping when mapping_length() > 1.
  [[nodiscard]] const char32_t* pooled_mapping() const noexcept {
    return tables::idna_mapping_pool + (bits_ >> tables::idna_payload_shift);
  }

  // --- status valid, deviation or disallowed only ------------------------------
  [[nodiscard]] constexpr bidi_class bidi() const noexcept { return static_cast<bidi_class>(field<tables::idna_bidi_shift, tables::idna_bidi_bits>()); }
  [[nodiscard]] constexpr std::uint8_t ccc() const noexcept {
    return static_cast<std::uint8_t>(field<tables::idna_ccc_shift, tables::idna_ccc_bits>());
  }
  [[nodiscard]] constexpr nfc_quick_check nfc_qc() const noexcept {
    return static_cast<nfc_quick_check>(field<tables::idna_nfc_qc_shift, tables::idna_nfc_qc_bits>());
  }
  /// NFC_Quick_Check is not Yes or the combining class is not 0: the only
  /// code points a quick check must look at (UAX #15 §9).
  [[nodiscard]] constexpr bool normalization_relevant() const noexcept {
    constexpr std::uint32_t mask = ((1u << tables::idna_ccc_bits) - 1) << tables::idna_ccc_shift |
                                   ((1u << tables::idna_nfc_qc_bits) - 1) << tables::idna_nfc_qc_shift;
    return (bits_ & mask) != 0;
  }
  [[nodiscard]] constexpr bool mark() const noexcept { return field<tables::idna_mark_shift, tables::idna_mark_bits>() != 0; }
  /// The code point is the first of a primary composite (Hangul L and LV
  /// included): NFC may compose it with a Maybe code point after it.
  [[nodiscard]] constexpr bool composes() const noexcept {
    return field<tables::idna_composes_shift, tables::idna_composes_bits>() != 0;
  }
  [[nodiscard]] constexpr joining_type joining() const noexcept {
    return static_cast<joining_type>(field<tables::idna_joining_shift, tables::idna_joining_bits>());
  }

  [[nodiscard]] constexpr std::uint32_t bits() const noexcept { return bits_; }

 private:
  template <unsigned Shift, unsigned Bits>
  [[nodiscard]] constexpr std::uint32_t field() const noexcept {
    return (bits_ >> Shift) & ((1u << Bits) - 1);
  }
  std::uint32_t bits_;
};

/// The record of an ASCII code point (cp < 0x80).
[[nodiscard]] inline idna_record idna_ascii_record(char32_t cp) noexcept { return idna_record(tables::idna_ascii[cp]); }

/// The record of any char32_t.  Values above U+10FFFF are disallowed with
/// the @missing properties of the data files (Bidi_Class L, ccc 0,
/// NFC_Quick_Check Yes, no mark, Joining_Type U: all fields 0).
[[nodiscard]] inline idna_record lookup_idna_record(char32_t cp) noexcept {
  if (cp < 0x80) return idna_ascii_record(cp);
  if (cp > 0x10FFFF) return idna_record(static_cast<std::uint32_t>(idna_status::disallowed));
  return idna_record(tables::idna_value(cp));
}

/// The record of a mapped or ignored code point with its own properties in
/// place of its mapping (status kept).
[[nodiscard]] idna_record with_own_properties(char32_t cp, idna_status status) noexcept;

/// The record of cp with its properties whatever its status: for text that
/// is validated without being mapped (a Punycode-decoded label, the output
/// of normalization), where a mapped code point stays and is a V7 whose
/// Bidi class and marks still count.
[[nodiscard]] inline idna_record lookup_validation_record(char32_t cp) noexcept {
  const idna_record record = lookup_idna_record(cp);
  const idna_status status = record.status();
  if (status == idna_status::mapped || status == idna_status::ignored) return with_own_properties(cp, status);
  return record;
}

/// The transitional mapping of a deviation (UTS #46 §4 step 1), as the
/// record it would have were it mapped; cp must have status deviation.
[[nodiscard]] inline idna_record deviation_mapping(char32_t cp) noexcept {
  for (const tables::idna_deviation& d : tables::idna_deviations) {
    if (d.code_point == cp) return idna_record(d.mapping);
  }
  return idna_record(static_cast<std::uint32_t>(idna_status::deviation));
}

}  // namespace puny::detail::ucd
