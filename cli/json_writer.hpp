// puny CLI — JSON text (RFC 8259) for the jsonl output format.
//
// Strings escape '"', '\\' and the control characters: U+0000–U+001F as
// \b \f \n \r \t or \u00XX, U+007F–U+009F as \u00XX (RFC 8259 §7 requires
// only the first range; the others are escaped so that a terminal shows
// them).  Other well-formed UTF-8 is written as it is.
//
// Bytes that are not well-formed UTF-8 cannot be put in JSON text (RFC 8259
// §8.1), so each maximal ill-formed subsequence (Unicode §3.9, "U+FFFD
// Substitution of Maximal Subparts") is written as the escape \ufffd: the
// escaped form tells a replacement apart from a U+FFFD that was in the
// input, which is written as UTF-8.
#pragma once

#include <string>
#include <string_view>

namespace puny::cli {

/// Appends `text` to `out` as a JSON string, quotes included.
void append_json_string(std::string& out, std::string_view text);

/// Appends `text` as a JSON string when `present`, else null.
void append_json_string_or_null(std::string& out, bool present, std::string_view text);

}  // namespace puny::cli
