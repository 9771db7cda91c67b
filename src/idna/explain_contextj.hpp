// puny — the CONTEXTJ rules of RFC 5892 Appendix A.1 (ZERO WIDTH
// NON-JOINER, C1) and A.2 (ZERO WIDTH JOINER, C2) located in a label, with
// the Canonical_Combining_Class and Joining_Type values that decided.
// Internal.
#pragma once

#include <string_view>

#include "idna/explain_violations.hpp"

namespace puny::detail {

/// Adds a C1 or C2 violation for every joiner of `label` out of context.
/// Linear: each run of Joining_Type T is looked through by at most the
/// joiner on each side of it.
void explain_contextj(std::u32string_view label, violation_list& out);

}  // namespace puny::detail
