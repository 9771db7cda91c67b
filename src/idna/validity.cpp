// puny — UTS #46 §4.1 Validity Criteria and UseSTD3ASCIIRules, one label.
#include "idna/validity.hpp"

#include <algorithm>

#include "idna/nfc_quick_runs.hpp"
#include "unicode/nfc.hpp"
#include "unicode/ucd.hpp"

namespace puny::detail {
namespace {

constexpr bool is_ldh(char32_t c) noexcept {
  return (c >= U'a' && c <= U'z') || (c >= U'0' && c <= U'9') || c == U'-';
}

// §4.1 criterion 1, for a decoded label only: everything else was
// normalized in §4 step 2.
bool in_nfc(std::u32string_view label, std::span<char32_t> scratch) noexcept {
  if (nfc_quick_by_runs(label)) return true;
  const std::size_t n = to_nfc(label, scratch);
  return std::u32string_view(scratch.data(), n) == label;
}

}  // namespace

idna_errors validate_label(std::u32string_view label, const idna_options& options, label_origin origin,
                           std::span<char32_t> scratch) noexcept {
  idna_errors errors;
  if (label.empty()) return errors;
  // A decoded label is checked for nontransitional processing (§4 step 4.1),
  // so a deviation in it is valid.
  const bool deviations_invalid = options.transitional_processing && !origin.decoded;
  const bool lookups = origin.decoded || origin.may_be_disallowed;
  bool non_ascii = false;
  for (const char32_t cp : label) {
    if (cp < 0x80) {
      // §4.1 criterion 5; UseSTD3ASCIIRules (U1).  Every ASCII code point
      // has status valid in IdnaMappingTable.txt except A-Z, which mapping
      // has already lowered (and Punycode literals come from mapped text).
      if (cp == U'.') errors.insert(idna_code::V5);
      if (options.use_std3_ascii_rules && !is_ldh(cp)) errors.insert(idna_code::U1);
      continue;
    }
    non_ascii = true;
    if (!lookups) continue;
    // §4.1 criterion 7.
    const ucd::idna_status s = ucd::idna_lookup(cp).status;
    if (s == ucd::idna_status::valid) continue;
    if (s == ucd::idna_status::deviation && !deviations_invalid) continue;
    errors.insert(idna_code::V7);
  }
  if (options.check_hyphens) {
    // §4.1 criteria 2 and 3.
    if (label.size() >= 4 && label[2] == U'-' && label[3] == U'-') errors.insert(idna_code::V2);
    if (label.front() == U'-' || label.back() == U'-') errors.insert(idna_code::V3);
  }
  // §4.1 criterion 4, as IdnaTestV2 applies it whatever CheckHyphens says:
  // only a decoded label can still begin with "xn--" here.
  if (origin.decoded && label.starts_with(U"xn--")) errors.insert(idna_code::V4);
  // §4.1 criterion 6: no ASCII code point is a mark.
  if (label.front() >= 0x80 && ucd::lookup_properties(label.front()).mark) errors.insert(idna_code::V6);
  if (origin.decoded && non_ascii && !in_nfc(label, scratch)) errors.insert(idna_code::V1);
  return errors;
}

}  // namespace puny::detail
