// puny — what UTS #46 validation needs to know of a label, gathered code
// point by code point as the label is written.  Internal.
#pragma once

#include <cstdint>
#include <string_view>

#include "idna/bidi_rule.hpp"
#include "unicode/idna_record.hpp"

namespace puny::detail {

struct label_summary {
  bidi_profile bidi;              // RFC 5893 §2
  std::uint32_t statuses = 0;     // 1 << idna_status of every code point (§4.1 criterion 7)
  char32_t code_points = 0;       // all code points or-ed: U+0080 or more when one is not ASCII
  bool non_ldh = false;           // an ASCII code point other than a-z 0-9 '-' (UseSTD3ASCIIRules)
  bool nfc_unsure = false;        // the NFC quick check (UAX #15 §9) cannot say Yes
  bool first_is_mark = false;     // §4.1 criterion 6
  std::uint8_t last_ccc = 0;

  [[nodiscard]] bool empty() const noexcept { return bidi.empty; }
  [[nodiscard]] bool non_ascii() const noexcept { return code_points >= 0x80; }
  [[nodiscard]] bool has(ucd::idna_status s) const noexcept {
    return (statuses >> static_cast<unsigned>(s) & 1u) != 0;
  }

  /// `record` must hold cp's properties (not a mapping).
  [[gnu::always_inline]] void add(char32_t cp, ucd::idna_record record) noexcept {
    if (bidi.empty) first_is_mark = record.mark();
    bidi.add(record.bidi());
    statuses |= std::uint32_t{1} << static_cast<unsigned>(record.status());
    code_points |= cp;
    non_ldh |= cp < 0x80 && !(cp - U'a' < 26 || cp - U'0' < 10 || cp == U'-');
    // UAX #15 §9 quick check: NFC_Quick_Check No or Maybe, or a nonzero
    // combining class after a greater one (not in canonical order).
    const std::uint8_t ccc = record.ccc();
    nfc_unsure |= record.nfc_qc() != ucd::nfc_quick_check::yes || (ccc != 0 && last_ccc > ccc);
    last_ccc = ccc;
  }

  /// add() for a valid ASCII code point, which is never a mark, has
  /// NFC_Quick_Check Yes and combining class 0 (UAX #15 §9).
  [[gnu::always_inline]] void add_valid_ascii(char32_t cp, ucd::idna_record record) noexcept {
    bidi.add(record.bidi());
    statuses |= std::uint32_t{1} << static_cast<unsigned>(ucd::idna_status::valid);
    non_ldh |= !(cp - U'a' < 26 || cp - U'0' < 10 || cp == U'-');
    last_ccc = 0;
  }
};

/// The summary of a label that was not built as it was written.
[[nodiscard]] inline label_summary summarize(std::u32string_view label) noexcept {
  // Built in a local that is copied out, not in the return slot, so that it
  // can live in registers during the loop.
  label_summary s;
  for (const char32_t cp : label) s.add(cp, ucd::lookup_validation_record(cp));
  label_summary result = s;
  return result;
}

}  // namespace puny::detail
