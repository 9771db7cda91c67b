// puny — UTS #46 §4 Processing steps 2–4 (normalize, break, convert and
// validate) and the checks that need the whole domain (Bidi: RFC 5893 §2;
// empty labels: X4_2), shared by ToASCII and ToUnicode.  Internal.
#pragma once

#include <cstddef>
#include <cstdint>

#include "idna/mapping.hpp"
#include "idna/workspace.hpp"
#include "puny/idna.hpp"

namespace puny::detail {

enum class idna_operation : std::uint8_t { to_ascii, to_unicode };

/// Per-label flags left in workspace::failed.
inline constexpr std::uint8_t label_has_error = 1;  // some code was recorded for the label
inline constexpr std::uint8_t label_kept = 2;       // invalid Punycode: kept as it was, unchecked

struct processed_domain {
  std::size_t length = 0;  // code points of the processed domain, at the start of workspace::domain
  std::size_t labels = 0;  // labels in it (the code points between U+002E)
  idna_errors errors;
  std::size_t label = idna_result::no_label;  // first label with an error
  /// Nonzero when normalization made the domain longer than the workspace
  /// holds: run again with a workspace of this capacity.
  std::size_t capacity_needed = 0;
};

/// Runs steps 2–4 on the `mapped.length` code points that map_domain left
/// in ws.domain (which must hold them all), in place.  Labels are split at
/// U+002E, which no decoded label can contain: Punycode deltas never give a
/// basic code point and literals come from a label already split.
[[nodiscard]] processed_domain process_domain(const workspace& ws, const mapping_result& mapped,
                                              const idna_options& options, idna_operation operation) noexcept;

}  // namespace puny::detail
