// puny — CONTEXTJ rules of RFC 5892 Appendix A.1 (ZWNJ, C1) and A.2 (ZWJ,
// C2), per label.  Internal.
#pragma once

#include <string_view>

#include "puny/idna.hpp"

namespace puny::detail {

/// C1 and/or C2 when a U+200C or U+200D of the label is out of context.
[[nodiscard]] idna_errors contextj(std::u32string_view label) noexcept;

}  // namespace puny::detail
