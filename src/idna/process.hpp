// puny — UTS #46 §4 Processing (map, normalize, break, convert and
// validate) in one pass over the input, and the checks that need the whole
// domain (Bidi: RFC 5893 §2; empty labels: X4_2), shared by ToASCII and
// ToUnicode.  Internal.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "idna/workspace.hpp"
#include "puny/idna.hpp"
#include "puny/status.hpp"

namespace puny::detail {

enum class idna_operation : std::uint8_t { to_ascii, to_unicode };

/// Per-label flags left in workspace::failed.
inline constexpr std::uint8_t label_has_error = 1;  // some code was recorded for the label
inline constexpr std::uint8_t label_kept = 2;       // invalid Punycode: kept as it was, unchecked

struct processed_domain {
  status code = status::success;  // success or invalid_utf8
  std::size_t position = 0;       // with invalid_utf8: byte offset of the bad sequence
  std::size_t length = 0;         // code points of the processed domain, at the start of workspace::domain
  std::size_t labels = 0;         // labels in it (the code points between U+002E)
  idna_errors errors;
  std::size_t label = idna_result::no_label;  // first label with an error
  /// Nonzero when the domain, mapped or normalized, is longer than the
  /// workspace holds: run again with a workspace of this capacity.
  std::size_t capacity_needed = 0;
};

/// Maps `in` code point by code point into ws.domain (§4 step 1) and, as
/// each label ends, normalizes it (step 2, only when the quick check
/// cannot prove it is in NFC), decodes it if it is an xn-- label and
/// validates it (step 4), from what one table lookup per code point told.
/// Labels end at U+002E (step 3), which no decoded label can contain:
/// Punycode deltas never give a basic code point, and literals come from a
/// label already split.
template <class Char>
[[nodiscard]] processed_domain process_domain(std::basic_string_view<Char> in, const workspace& ws,
                                              const idna_options& options, idna_operation operation) noexcept;

}  // namespace puny::detail
