// puny — UTS #46 §4.1 Validity Criteria of one label (V1–V7) and the
// UseSTD3ASCIIRules check (U1).  Internal.
#pragma once

#include <span>
#include <string_view>

#include "puny/idna.hpp"

namespace puny::detail {

/// Where the label came from, which decides the checks it still needs.
struct label_origin {
  /// Decoded from an xn-- label: not yet normalized (V1), may begin with
  /// "xn--" (V4), and checked for nontransitional processing whatever the
  /// options say (§4 step 4.1).
  bool decoded = false;
  /// Some code point may be disallowed: look every non-ASCII one up (V7).
  /// Mapping output without a kept disallowed code point, untouched by
  /// normalization, needs no lookup: every mapping target is valid.
  bool may_be_disallowed = true;
};

/// The label's codes among V1–V7 and U1, honouring check_hyphens (V2, V3),
/// use_std3_ascii_rules (U1) and transitional_processing (V7 on
/// deviations).  `scratch` holds nfc_buffer_size(label.size()) code points
/// for the V1 test of a decoded label.
[[nodiscard]] idna_errors validate_label(std::u32string_view label, const idna_options& options,
                                         label_origin origin, std::span<char32_t> scratch) noexcept;

}  // namespace puny::detail
