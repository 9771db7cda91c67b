/// \file
/// puny — step-by-step traces of Punycode conversions, in the words and
/// layout of RFC 3492 §7.2 (decoding) and §7.3 (encoding), without the RFC's
/// indentation.  Meant for people learning or debugging Bootstring; the trace
/// of a string of n code points is O(n^2) characters long by nature.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "punycode.hpp"

namespace puny {

/// Encodes like puny::encode and appends the §7.3 trace to `trace`, one line
/// per step, each ending in a newline.  `uppercase` is empty or has one flag
/// per code point (Appendix A).
converted<std::string> encode_traced(std::u32string_view input, const std::vector<bool>& uppercase,
                                     std::string& trace);

/// Decodes like puny::decode_annotated and appends the §7.2 trace to `trace`.
/// On failure the trace stops at the step that failed.
converted<annotated> decode_traced(std::string_view input, std::string& trace);

}  // namespace puny
