// puny CLI — text as the reports of `puny check` and `puny compare` show
// it: characters a terminal would not show as themselves (controls, the
// Default_Ignorable_Code_Point characters such as ZWNJ, ZWJ and the Bidi
// formatting characters) as \u{XXXX}, ill-formed bytes as \xHH, and the
// text in double quotes when where it begins and ends could be in doubt,
// so that a report cannot be spoofed or reordered on screen.
#pragma once

#include <string>
#include <string_view>

namespace puny::cli {

/// The text as a report shows it: hidden characters, and a combining mark
/// at its start, as \u{XXXX}; ill-formed bytes as \xHH.  It is put in
/// double quotes (with '"' and '\' escaped) when it is empty or holds a
/// space, a quote, a backslash or an escape.
[[nodiscard]] std::string shown(std::string_view utf8);
/// The same for code points.
[[nodiscard]] std::string shown(std::u32string_view text);

/// A library's English text with any hidden character escaped: the library
/// names such characters rather than writing them, and this makes sure of it.
[[nodiscard]] std::string sanitized(std::string_view said);

}  // namespace puny::cli
