// puny — the IDNA2008 tests of one label in its Unicode form (RFC 5891
// §4.2.2-§4.2.3.3, §5.4; RFC 5890 §2.3.1; RFC 5893 §2).
#include "idna2008/label_checks.hpp"

#include "idna2008/context_rules.hpp"
#include "idna2008/derived_property.hpp"
#include "unicode/idna_record.hpp"
#include "unicode/nfc.hpp"

namespace puny::detail::idna2008 {
namespace {

using ucd::bidi_class;

constexpr std::uint32_t bit(bidi_class c) noexcept { return std::uint32_t{1} << static_cast<unsigned>(c); }

// RFC 5893 §2 rule 2: the classes a right-to-left label may hold; rule 5:
// those of a left-to-right label.  Needed here only to find the code point
// at fault once bidi_rule has said that the rule fails.
constexpr std::uint32_t rtl_allowed = bit(bidi_class::R) | bit(bidi_class::AL) | bit(bidi_class::AN) |
                                      bit(bidi_class::EN) | bit(bidi_class::ES) | bit(bidi_class::CS) |
                                      bit(bidi_class::ET) | bit(bidi_class::ON) | bit(bidi_class::BN) |
                                      bit(bidi_class::NSM);
constexpr std::uint32_t ltr_allowed = bit(bidi_class::L) | bit(bidi_class::EN) | bit(bidi_class::ES) |
                                      bit(bidi_class::CS) | bit(bidi_class::ET) | bit(bidi_class::ON) |
                                      bit(bidi_class::BN) | bit(bidi_class::NSM);

// BIDI_1 ... BIDI_6 and UTS #46's B1 ... B6 are runs of six consecutive
// enumerators, so one shift carries a label's codes from one to the other.
constexpr unsigned bidi_error_shift = static_cast<unsigned>(error::bidi_1);
constexpr unsigned bidi_code_shift = static_cast<unsigned>(idna_code::B1);
static_assert(static_cast<unsigned>(error::bidi_6) - bidi_error_shift == 5);
static_assert(static_cast<unsigned>(idna_code::B6) - bidi_code_shift == 5);

}  // namespace

ulabel_verdict check_ulabel(std::u32string_view label, std::span<char32_t> scratch,
                            const puny::idna2008::options& o) noexcept {
  ulabel_verdict v;
  if (label.empty()) return v;
  bool context = false;        // a CONTEXTJ or CONTEXTO code point: Appendix A applies
  bool nfc_unsure = false;     // the NFC quick check (UAX #15 §9) cannot say Yes
  bool leading_mark = false;
  std::size_t first_unsure = 0;
  std::uint8_t last_ccc = 0;
  bidi_profile bidi;
  const std::size_t n = label.size();
  for (std::size_t i = 0; i < n; ++i) {
    const char32_t cp = label[i];
    // The validation record has the code point's own properties even when
    // UTS #46 maps it (a DISALLOWED upper-case letter still has a Bidi
    // class that the Bidi rule reads).
    const ucd::idna_record record = ucd::lookup_validation_record(cp);
    if (i == 0) leading_mark = record.mark();
    bidi.add(record.bidi());
    switch (lookup(cp)) {
      case derived_property::pvalid:
        break;
      case derived_property::contextj:
      case derived_property::contexto:
        context = true;
        break;
      case derived_property::disallowed:
        v.errors.insert(error::disallowed);
        v.fault.note(i, cp);
        break;
      case derived_property::unassigned:
        v.errors.insert(error::unassigned);
        v.fault.note(i, cp);
        break;
    }
    const std::uint8_t ccc = record.ccc();
    if (!nfc_unsure && (record.nfc_qc() != ucd::nfc_quick_check::yes || (ccc != 0 && last_ccc > ccc))) {
      nfc_unsure = true;
      first_unsure = i;
    }
    last_ccc = ccc;
  }
  v.bidi = bidi;
  // RFC 5891 §4.1, §5.4: the label must already be in NFC (nothing is
  // normalized).  The quick check's first doubtful code point is named.
  if (nfc_unsure && !is_nfc(label, scratch)) {
    v.errors.insert(error::not_nfc);
    v.fault.note(first_unsure, label[first_unsure]);
  }
  // §4.2.3.1, §5.4.
  if (hyphens_3_4(label)) v.errors.insert(error::hyphen_3_4);
  if (o.check_hyphens && hyphen_at_an_end(label)) v.errors.insert(error::hyphen_start_end);
  // §4.2.3.2: gc=M (Mn, Mc, Me), as UTS #46 V6 reads it.
  if (leading_mark) {
    v.errors.insert(error::leading_combining_mark);
    v.fault.note(0, label.front());
  }
  // §4.2.3.3, §5.4: the Appendix A rules, evaluated once per label and only
  // when the label has a code point they govern.
  if (context) {
    const context_verdict c = check_context_rules(label, o.check_contexto);
    if (!c.errors.empty()) {
      v.errors |= c.errors;
      v.fault.note(c.offset, c.code_point);
    }
  }
  return v;
}

std::uint8_t bidi_codes(const bidi_profile& profile) noexcept {
  return static_cast<std::uint8_t>(bidi_rule(profile).bits() >> bidi_code_shift);
}

error_set bidi_errors(std::uint8_t codes) noexcept {
  return error_set::from_bits(std::uint32_t{codes} << bidi_error_shift);
}

bidi_profile bidi_profile_of(std::u32string_view label) noexcept {
  bidi_profile p;
  for (const char32_t cp : label) p.add(ucd::bidi(cp));
  return p;
}

label_verdict check_bidi_rule(std::u32string_view label) noexcept {
  label_verdict v;
  v.errors = bidi_errors(bidi_codes(bidi_profile_of(label)));
  // Rules 2 and 5 name a code point: the first of a class the label's
  // direction does not allow.
  const bool rtl_fault = v.errors.contains(error::bidi_2);
  if (rtl_fault || v.errors.contains(error::bidi_5)) {
    const std::uint32_t allowed = rtl_fault ? rtl_allowed : ltr_allowed;
    for (std::size_t i = 0; i < label.size(); ++i) {
      if ((bit(ucd::bidi(label[i])) & allowed) == 0) {
        v.fault.note(i, label[i]);
        break;
      }
    }
  }
  return v;
}

}  // namespace puny::detail::idna2008
