// puny — the Bidi rule of RFC 5893 §2 (B1–B6) located in a label, with the
// Bidi_Class values that decided, and the reason it applies at all (§1.4:
// the domain is a Bidi domain name).  Internal.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

#include "idna/explain_labels.hpp"
#include "idna/explain_violations.hpp"
#include "puny/explain.hpp"

namespace puny::detail {

/// The first code point of Bidi_Class R, AL or AN (in label order) among
/// the labels for which `checked` is true, or nothing: then the domain is
/// not a Bidi domain name and the rule does not apply.
[[nodiscard]] std::optional<bidi_domain_reason> find_bidi_domain(const std::vector<processed_label>& labels,
                                                                 const std::vector<bool>& checked);

/// Adds the label's B1–B6 violations.  `reason` is said in each detail.
void explain_bidi(std::u32string_view label, const bidi_domain_reason& reason, std::size_t index,
                  violation_list& out);

}  // namespace puny::detail
