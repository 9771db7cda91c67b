// puny CLI — finding a label of a domain name as the user typed it, to name
// it in a diagnostic.
//
// UTS #46: labels are separated by the four characters that UTS #46 maps
// to a full stop before splitting (§4 Processing step 1 maps U+3002, U+FF0E
// and U+FF61 to U+002E; step 3 breaks at U+002E).  This is best effort:
// other mappings that produce a full stop (such as U+2488 DIGIT ONE FULL
// STOP) are not applied, so for such input the label found may not be the
// one the library numbered.
//
// IDNA2003 splits at the same four characters before Nameprep (RFC 3490
// §3.1), and IDNA2008 at U+002E only (the other three are DISALLOWED
// characters there): for both the label found is exactly the library's.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

namespace puny::cli {

/// Which characters separate labels.
enum class label_separators {
  four_dots,       ///< U+002E U+3002 U+FF0E U+FF61: UTS #46 (mapped) and IDNA2003 (RFC 3490 §3.1)
  full_stop_only,  ///< U+002E: IDNA2008 (the other three are DISALLOWED characters)
};

/// The label with 0-based `index` in the UTF-8 `domain`, or nullopt when
/// the domain has fewer labels.
[[nodiscard]] std::optional<std::string_view> label_at(std::string_view domain, std::size_t index,
                                                       label_separators separators = label_separators::four_dots) noexcept;

/// Every label of the UTF-8 `domain`, in order (one empty label for an
/// empty domain; a trailing separator gives a final empty label).
[[nodiscard]] std::vector<std::string_view> split_labels(std::string_view domain, label_separators separators);

}  // namespace puny::cli
