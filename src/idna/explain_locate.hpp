// puny — every violation of a domain name located, label by label, by
// running UTS #46 §4 and §4.2 step by step (see explain_labels.hpp), and
// reconciled with the library's verdict.  Internal; the conformance tests
// call locate_violations() directly to prove that it finds exactly the
// codes to_ascii() records.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

#include "puny/explain.hpp"
#include "puny/idna.hpp"

namespace puny::detail {

struct located_domain {
  std::vector<label_explanation> labels;
  std::vector<idna_violation> domain_violations;
  std::optional<bidi_domain_reason> bidi_domain;

  /// The codes of every violation, labels and domain.
  [[nodiscard]] idna_errors codes() const noexcept;
  /// The first label with a violation (label 0 for W2, the empty name,
  /// as to_ascii() has it), or idna_result::no_label.
  [[nodiscard]] std::size_t first_label() const noexcept;
};

/// The violations of `domain` (code points) under `options`, and each
/// label's input, Unicode and ASCII forms.
[[nodiscard]] located_domain locate_violations(std::u32string_view domain, const idna_options& options);

/// Makes the codes of `located` exactly `verdict`, the codes to_ascii()
/// recorded: a violation of a code outside it is dropped, and a code of it
/// that nothing located gets a violation that says only what the code
/// means (on label `first_label`, to_ascii()'s idna_result::label, or on
/// the domain).  The two agree on every line of IdnaTestV2.txt; this keeps
/// an explanation from ever contradicting its verdict.
void reconcile(located_domain& located, idna_errors verdict, std::size_t first_label);

}  // namespace puny::detail
