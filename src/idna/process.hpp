// puny — UTS #46 §4 Processing (map, normalize, break, convert and
// validate) in one pass over the input, and the checks that need the whole
// domain (Bidi: RFC 5893 §2; empty labels: X4_2), shared by ToASCII and
// ToUnicode.  Internal.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "idna/workspace.hpp"
#include "puny/idna.hpp"
#include "puny/status.hpp"

namespace puny::detail {

enum class idna_operation : std::uint8_t { to_ascii, to_unicode };

/// Per-label flags left in workspace::failed.
inline constexpr std::uint8_t label_has_error = 1;  // some code was recorded for the label
inline constexpr std::uint8_t label_kept = 2;       // invalid Punycode: kept as it was, unchecked
inline constexpr std::uint8_t label_non_ascii = 4;  // a code point of the processed label is U+0080 or above
/// ... one is U+D800 or above, so possibly a lone surrogate (from UTF-16 or
/// UTF-32 input), which ToASCII cannot encode.
inline constexpr std::uint8_t label_maybe_surrogate = 8;

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

/// What the display decision (src/display/display.cpp) reads of each
/// processed label, left by process_domain as it finishes the label so that
/// the display need not scan the processed domain again for it.  No
/// default member values: the display's array of them is not initialized
/// on every call, only the entries process_domain writes are read.
struct label_facts {
  std::size_t end;  // one past the label's last code point in workspace::domain
  bool non_ascii;   // a code point of the processed label is U+0080 or above
  /// The label has a code point of Bidi_Class R, AL or AN and fails the
  /// Bidi rule (RFC 5893 §2) on its own, whatever CheckBidi says: what
  /// ToUnicode of the label alone would report (a right-to-left label makes
  /// its own domain a Bidi domain name).
  bool bidi_fails;
};

/// Maps `in` code point by code point into ws.domain (§4 step 1) and, as
/// each label ends, normalizes it (step 2, only when the quick check
/// cannot prove it is in NFC), decodes it if it is an xn-- label and
/// validates it (step 4), from what one table lookup per code point told.
/// Each label's end goes to ws.label_ends and its flags (label_has_error
/// and the others above) to ws.failed, so that what follows need not scan
/// the processed domain again.
/// Labels end at U+002E (step 3), which no decoded label can contain:
/// Punycode deltas never give a basic code point, and literals come from a
/// label already split.  With `facts` (the display's hook), the facts of
/// label i go to (*facts)[i] while i is below its size; a pointer, so that
/// the call passes every argument in registers.
template <class Char>
[[nodiscard]] processed_domain process_domain(std::basic_string_view<Char> in, const workspace& ws,
                                              const idna_options& options, idna_operation operation,
                                              const std::span<label_facts>* facts = nullptr) noexcept;

}  // namespace puny::detail
