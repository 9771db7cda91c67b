// puny CLI — finding a label of a domain name as the user typed it, to name
// it in a diagnostic.
//
// Labels are separated by the four characters that UTS #46 maps to a full
// stop before splitting (§4 Processing step 1 maps U+3002, U+FF0E and
// U+FF61 to U+002E; step 3 breaks at U+002E).  This is best effort: other
// mappings that produce a full stop (such as U+2488 DIGIT ONE FULL STOP)
// are not applied, so for such input the label found may not be the one
// the library numbered.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace puny::cli {

/// The label with 0-based `index` in the UTF-8 `domain`, or nullopt when
/// the domain has fewer labels.
[[nodiscard]] std::optional<std::string_view> label_at(std::string_view domain, std::size_t index) noexcept;

}  // namespace puny::cli
