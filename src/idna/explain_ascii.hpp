// puny — UTS #46 §4.2 ToASCII steps 3 and 4 (A3, A4_1, A4_2) and the URL
// Standard's additions to "domain to ASCII" (W1, W2) located.  Internal.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "idna/explain_violations.hpp"

namespace puny::detail {

/// §4.2 step 3: the label's ASCII form, "xn--" and its Punycode when it is
/// not all ASCII.  A label that cannot be encoded gives nothing; a lone
/// surrogate or a value beyond U+10FFFF is then A3 (RFC 3492 encodes only
/// scalar values), and any other encoder failure is A3 when
/// `record_failure` says the library would have tried.
[[nodiscard]] std::optional<std::string> explain_ace_form(std::u32string_view label, bool record_failure,
                                                          violation_list& out);

/// §4.2 step 4 (VerifyDnsLength): A4_2 for a label whose ASCII form is
/// `length` bytes, when that is 0 or more than 63.  `root`: the label is
/// the empty one after a final dot.
void explain_label_length(std::size_t length, bool root, violation_list& out);

/// §4.2 step 4 (VerifyDnsLength): A4_1 for a name of `length` bytes (its
/// final root dot not counted), when that is 0 or more than 253.
void explain_domain_length(std::size_t length, violation_list& out);

/// URL Standard, "forbidden domain code point": W1 for each in the label.
void explain_forbidden(std::u32string_view label, violation_list& out);

/// URL Standard: W2 for a name that is empty after processing.
void explain_empty_host(violation_list& out);

}  // namespace puny::detail
