// puny — UTS #46 §4 step 4 located: invalid Punycode (P4), the §4.1
// Validity Criteria (V1–V4, V6, V7), UseSTD3ASCIIRules (U1) and CONTEXTJ
// (C1, C2), for one label.  Internal.
#pragma once

#include "idna/explain_labels.hpp"
#include "idna/explain_violations.hpp"
#include "puny/idna.hpp"

namespace puny::detail {

/// Adds the label's violations to `out`.  Returns false when the label is
/// kept unchecked (§4 step 4.1: invalid Punycode without
/// IgnoreInvalidPunycode), which then takes no part in the Bidi rule.
bool explain_validity(const processed_label& label, const idna_options& options, violation_list& out);

}  // namespace puny::detail
