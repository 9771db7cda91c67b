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

/// The summary of a label that was not built as it was written.  The loop
/// only accumulates, with no test of where in the label it is; what
/// depends on the first code point is read once afterwards.
[[nodiscard]] inline label_summary summarize(std::u32string_view label) noexcept {
  label_summary s;
  if (label.empty()) return s;
  std::uint32_t statuses = 0;
  std::uint32_t classes = 0;
  std::uint32_t quick_checks = 0;  // NFC_Quick_Check values or-ed: nonzero when one is not Yes
  char32_t code_points = 0;
  bool non_ldh = false;
  bool misordered = false;
  std::uint8_t last_ccc = 0;
  ucd::bidi_class last_not_nsm = ucd::bidi_class::L;
  for (const char32_t cp : label) {
    const ucd::idna_record record = ucd::lookup_validation_record(cp);
    statuses |= std::uint32_t{1} << static_cast<unsigned>(record.status());
    const ucd::bidi_class bidi = record.bidi();
    classes |= std::uint32_t{1} << static_cast<unsigned>(bidi);
    last_not_nsm = bidi != ucd::bidi_class::NSM ? bidi : last_not_nsm;
    quick_checks |= static_cast<std::uint32_t>(record.nfc_qc());
    code_points |= cp;
    non_ldh |= cp < 0x80 && !(cp - U'a' < 26 || cp - U'0' < 10 || cp == U'-');
    const std::uint8_t ccc = record.ccc();
    misordered |= ccc != 0 && last_ccc > ccc;
    last_ccc = ccc;
  }
  static_assert(static_cast<unsigned>(ucd::nfc_quick_check::yes) == 0);
  const ucd::idna_record first = ucd::lookup_validation_record(label.front());
  s.bidi.classes = classes;
  s.bidi.first = first.bidi();
  s.bidi.last_not_nsm = last_not_nsm;
  s.bidi.empty = false;
  s.statuses = statuses;
  s.code_points = code_points;
  s.non_ldh = non_ldh;
  s.nfc_unsure = quick_checks != 0 || misordered;
  s.first_is_mark = first.mark();
  s.last_ccc = last_ccc;
  return s;
}

}  // namespace puny::detail
