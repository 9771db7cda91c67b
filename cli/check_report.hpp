// puny CLI — `puny check`: a human explanation of one domain name, from
// puny::explain() (<puny/explain.hpp>).
//
//   a\u{200C}b.example: invalid (C1)
//     ASCII:   (none: ToASCII fails)
//     Unicode: a\u{200C}b.example
//     label 1  a\u{200C}b  xn--ab-j1t
//       C1: U+200C ZERO WIDTH NON-JOINER at position 2 is neither after a virama ...
//     label 2  example  example
//
// Characters a terminal would not show as themselves (controls, the
// Default_Ignorable_Code_Point characters such as ZWNJ, ZWJ and the Bidi
// formatting characters) are written as \u{XXXX} wherever they occur, so
// that a report cannot be spoofed or reordered on screen.
#pragma once

#include <string>
#include <string_view>

#include "puny/idna.hpp"

namespace puny::cli {

/// Writes the human explanation of one domain name (a record, UTF-8 or not)
/// into `text`, replacing it; every line of it ends in '\n'.  Returns true
/// when the domain is valid under `options` (ToASCII records no error).
bool check_report(std::string_view record, const idna_options& options, std::string& text);

}  // namespace puny::cli
