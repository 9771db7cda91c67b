// puny — what UTS #46 validation needs to know of a label, gathered code
// point by code point as the label is written.  Internal.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "idna/bidi_rule.hpp"
#include "unicode/idna_record.hpp"

namespace puny::detail {

/// The summary of a label, a few or-s per code point.  What depends on
/// where a code point stands — the first one (RFC 5893 rule 1, §4.1
/// criterion 6), the last that is not NSM (rules 3 and 6) — is not
/// tracked by the loop that writes the label: validate() (process.cpp)
/// reads it from the finished label, one lookup per label where the
/// summary cannot settle the rule without it, rather than a test per code
/// point that mispredicts at every label start.  summarize() keeps the
/// first and last records, which it has anyway.
struct label_summary {
  /// The records of its code points or-ed.  A status is valid (0),
  /// deviation (3) or disallowed (4) in a record with properties, so the
  /// low three bits say which of deviation and disallowed occur; the
  /// NFC_Quick_Check field is nonzero when some code point's is; and
  /// out_of_order, a bit no record uses, is set when combining classes
  /// may be out of canonical order (below).
  std::uint32_t records = 0;
  std::uint32_t classes = 0;  // 1 << Bidi_Class of every code point (RFC 5893 §2)
  char32_t code_points = 0;   // all code points or-ed: U+0080 or more when one is not ASCII
  /// A code point of status mapped or ignored (its record then holds
  /// those statuses in its low bits too): only in text validated without
  /// being mapped (validation_record).
  bool mapped_or_ignored = false;
  /// The records of the first and the last code point, with their own
  /// properties, when `ends` (summarize() has them on the way; the loop
  /// that writes a label does not).
  bool ends = false;
  std::uint32_t first = 0;
  std::uint32_t last = 0;

  static constexpr std::uint32_t out_of_order = std::uint32_t{1} << 31;
  static_assert(tables::idna_composes_shift + tables::idna_composes_bits <= 31);
  static constexpr std::uint32_t quick_check_mask = ((std::uint32_t{1} << tables::idna_nfc_qc_bits) - 1)
                                                    << tables::idna_nfc_qc_shift;

  static constexpr std::uint32_t ccc_mask = ((std::uint32_t{1} << tables::idna_ccc_bits) - 1)
                                            << tables::idna_ccc_shift;

  /// Two code points out of canonical order (Unicode §3.11 D108: a nonzero
  /// combining class right after a greater one) are two adjacent code
  /// points with nonzero classes, which is rare (242 of the 150,000
  /// non-ASCII labels of bench's unicode.txt; none out of order): so the
  /// loops track that instead, in no more than an and, a multiply and an
  /// or.  This is the product for the record before (`last`) and the one
  /// after: nonzero when both have a nonzero class, in 64 bits so that it
  /// cannot wrap to 0.
  [[nodiscard]] static std::uint64_t marks_in_a_row(std::uint64_t last_marks, std::uint32_t bits) noexcept {
    return last_marks * (bits & ccc_mask);
  }

  [[nodiscard]] bool non_ascii() const noexcept { return code_points >= 0x80; }
  [[nodiscard]] bool has_disallowed() const noexcept { return (records & 4u) != 0; }
  /// A deviation, or a mapped or ignored code point.
  [[nodiscard]] bool has_deviation() const noexcept { return (records & 3u) != 0; }
  /// The NFC quick check (UAX #15 §9) cannot say Yes: some code point has
  /// NFC_Quick_Check No or Maybe, or the combining classes may be out of
  /// order.  is_nfc settles it.
  [[nodiscard]] bool nfc_unsure() const noexcept { return (records & (quick_check_mask | out_of_order)) != 0; }

  /// 1 << (32 + the Bidi class of a record), by a load rather than a shift
  /// by a variable count (three instructions on x86-64 without BMI2): a
  /// loop short of registers ors these and the records into one word, the
  /// classes above the records (add_records_and_classes).
  [[nodiscard]] static std::uint64_t high_class_bit(ucd::idna_record record) noexcept {
    static constexpr auto bits = [] {
      std::array<std::uint64_t, std::size_t{1} << tables::idna_bidi_bits> b{};
      for (std::size_t c = 0; c < b.size(); ++c) b[c] = std::uint64_t{1} << (32 + c);
      return b;
    }();
    return bits[static_cast<std::size_t>(record.bidi())];
  }

  /// 1 << the Bidi class of a record.
  [[nodiscard]] static std::uint32_t class_bit(ucd::idna_record record) noexcept {
    return static_cast<std::uint32_t>(high_class_bit(record) >> 32);
  }

  /// Adds the records (low half) and classes (high half) of a word made as
  /// high_class_bit() says.
  void add_records_and_classes(std::uint64_t both) noexcept {
    records |= static_cast<std::uint32_t>(both);
    classes |= static_cast<std::uint32_t>(both >> 32);
  }

  /// `record` must hold cp's properties (not a mapping).  Where it stands
  /// is not known here: a nonzero combining class counts as possibly out
  /// of order (the rare code points that reach this, a mapping's targets
  /// among them, only cost is_nfc a look).
  [[gnu::always_inline]] void add(char32_t cp, ucd::idna_record record) noexcept {
    records |= record.bits() | ((record.bits() & ccc_mask) != 0 ? out_of_order : 0);
    classes |= class_bit(record);
    code_points |= cp;
  }
};

/// The record of any char32_t with its own properties, as
/// ucd::lookup_validation_record, with no branch on ASCII: the trie holds
/// ASCII too.
[[nodiscard]] inline ucd::idna_record validation_record(char32_t cp) noexcept {
  // Values above U+10FFFF read U+10FFFF's entry and then take the
  // out-of-range record (ucd::lookup_idna_record), by a select.
  constexpr char32_t last = 0x10FFFF;
  const std::uint32_t bits = tables::idna_value(cp < last ? cp : last);
  return ucd::idna_record(cp <= last ? bits : static_cast<std::uint32_t>(ucd::idna_status::disallowed));
}

/// The summary of a label that was not built as it was written: a decoded
/// label (§4 step 4.1), a normalized one.  `Scalars`: every code point is
/// at most U+10FFFF, as the Punycode decoder's are (RFC 3492 §6.2 as
/// puny::decode applies it), so no value above needs its own record (a
/// bound on the index still keeps the trie read in the table).
template <bool Scalars = false>
[[nodiscard]] label_summary summarize(std::u32string_view label) noexcept {
  // Built in a local that is copied out, not in the return slot, so that it
  // can live in registers during the loop.
  label_summary s;
  if (label.empty()) return s;
  auto record_of = [](char32_t cp) noexcept {
    return Scalars ? tables::idna_value(cp < 0x10FFFF ? cp : char32_t{0x10FFFF}) : validation_record(cp).bits();
  };
  std::uint64_t in_a_row = 0;
  std::uint32_t last = record_of(label[0]);
  const std::uint32_t first = last;
  s.records = last;
  s.classes = label_summary::class_bit(ucd::idna_record(last));
  s.code_points = label[0];
  for (std::size_t i = 1; i < label.size(); ++i) {
    const char32_t cp = label[i];
    const std::uint32_t bits = record_of(cp);
    s.records |= bits;
    s.classes |= std::uint32_t{1} << static_cast<unsigned>(ucd::idna_record(bits).bidi());
    s.code_points |= cp;
    in_a_row |= label_summary::marks_in_a_row(last & label_summary::ccc_mask, bits);
    last = bits;
  }
  s.ends = true;
  s.first = first;
  s.last = last;
  // A mapped or ignored record holds a mapping, not properties, and has a
  // status of 1 or 2, which the or of the statuses shows as a deviation
  // (3) would: such labels, rare in text that was not mapped, are read
  // again with the properties of each code point.
  if (s.has_deviation()) [[unlikely]] {
    s.records = 0;
    s.classes = 0;
    in_a_row = 0;
    std::uint64_t marks = 0;
    for (std::size_t i = 0; i < label.size(); ++i) {
      const char32_t cp = label[i];
      ucd::idna_record record = validation_record(cp);
      const ucd::idna_status status = record.status();
      if (status == ucd::idna_status::mapped || status == ucd::idna_status::ignored) {
        record = ucd::with_own_properties(cp, status);
        s.mapped_or_ignored = true;
      }
      s.records |= record.bits();
      s.classes |= label_summary::class_bit(record);
      in_a_row |= label_summary::marks_in_a_row(marks, record.bits());
      marks = record.bits() & label_summary::ccc_mask;
      if (i == 0) s.first = record.bits();
      s.last = record.bits();
    }
  }
  if (in_a_row != 0) s.records |= label_summary::out_of_order;
  label_summary result = s;
  return result;
}

/// A code point of the label is ASCII but not a-z, 0-9 or '-' (§4.1,
/// UseSTD3ASCIIRules): a pass of its own, only when that option is on, in
/// arithmetic that compilers vectorize.
[[nodiscard]] inline bool has_non_ldh_ascii(const char32_t* label, std::size_t length) noexcept {
  unsigned found = 0;
  for (std::size_t i = 0; i < length; ++i) {
    const char32_t c = label[i];
    const unsigned ldh = static_cast<unsigned>(c - U'a' < 26) | static_cast<unsigned>(c - U'0' < 10) |
                         static_cast<unsigned>(c == U'-');
    found |= static_cast<unsigned>(c < 0x80) & (ldh ^ 1u);
  }
  return found != 0;
}

/// The Bidi class of the last code point of a non-empty label that is not
/// NSM, or L when all are (as bidi_profile has it): RFC 5893 rules 3 and 6.
[[nodiscard]] inline ucd::bidi_class last_not_nsm(const char32_t* label, std::size_t length,
                                                  const label_summary& s) noexcept {
  if (s.ends && ucd::idna_record(s.last).bidi() != ucd::bidi_class::NSM) return ucd::idna_record(s.last).bidi();
  for (std::size_t i = length; i > 0; --i) {
    const ucd::bidi_class c = ucd::lookup_validation_record(label[i - 1]).bidi();
    if (c != ucd::bidi_class::NSM) return c;
  }
  return ucd::bidi_class::L;
}

}  // namespace puny::detail
