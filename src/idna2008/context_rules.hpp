// puny — the CONTEXTJ and CONTEXTO rules of RFC 5892 Appendix A, over one
// label in its Unicode form.  Internal.
#pragma once

#include <cstddef>
#include <string_view>

#include "puny/idna2008.hpp"

namespace puny::detail::idna2008 {

/// What the Appendix A rules found in a label.
struct context_verdict {
  puny::idna2008::error_set errors;  ///< contextj, contexto, context_no_rule
  std::size_t offset = 0;            ///< code-point index of the first code point whose rule failed
  char32_t code_point = 0;           ///< that code point (0 when none failed)
};

/// Evaluates the rule of every CONTEXTJ code point (A.1, A.2) and, when
/// `evaluate_contexto`, of every CONTEXTO code point (A.3-A.9) at every
/// occurrence; a CONTEXTJ/CONTEXTO code point with no rule gives
/// context_no_rule whatever `evaluate_contexto` says (RFC 5891 §5.4).
/// Linear in the label (the whole-label conditions of A.7-A.9 are computed
/// once, never per occurrence: CVE-2024-3651).
[[nodiscard]] context_verdict check_context_rules(std::u32string_view label, bool evaluate_contexto) noexcept;

}  // namespace puny::detail::idna2008
