// puny — UTS #46 §4 Processing, steps 1–4.1, done label by label and kept
// apart (input text, mapped text, decoded text), so that the explanation
// can say where in a label each rule is broken.  The library's pipeline
// (process.cpp) does the same work fused into one pass for speed; the
// conformance tests hold the two to the same codes.  Internal.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "puny/idna.hpp"
#include "puny/status.hpp"

namespace puny::detail {

/// What §4 step 4.1 made of a label.
enum class ace_outcome : std::uint8_t {
  not_ace,         // does not begin with "xn--"
  decoded,         // Punycode that decoded: `unicode` holds the result
  non_ascii,       // begins with "xn--" but holds a non-ASCII code point
  bad_punycode,    // begins with "xn--" and the rest is not Punycode
};

struct processed_label {
  std::u32string input;    // as typed, between separators
  std::u32string mapped;   // after mapping (step 1) and NFC (step 2)
  std::u32string unicode;  // what validation sees: decoded, or `mapped`
  ace_outcome ace = ace_outcome::not_ace;
  status punycode_status = status::success;  // bad_punycode: the decoder's status
  std::size_t punycode_position = 0;         // bad_punycode: its index in the text after "xn--"
};

/// The labels of `domain` after UTS #46 §4 steps 1–4.1 under `options`.
/// Every code point mapped to U+002E separates labels (only U+002E,
/// U+3002, U+FF0E and U+FF61 are, in Unicode 17.0), so input labels and
/// processed labels correspond one to one.
[[nodiscard]] std::vector<processed_label> process_labels(std::u32string_view domain, const idna_options& options);

/// The URL Standard's handling of an all-ASCII input (options'
/// ascii_input_lowercase_only): split at U+002E and lowercased, nothing
/// decoded.
[[nodiscard]] std::vector<processed_label> lowercase_labels(std::u32string_view domain);

/// The input is all ASCII, so that lowercase_labels() applies to it.
[[nodiscard]] bool is_all_ascii(std::u32string_view domain) noexcept;

}  // namespace puny::detail
