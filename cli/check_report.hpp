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
// With display options (puny check always passes them), a name with an
// IDN label gets a display section: what puny::display shows under the
// policy, and for each label whether its Unicode form is shown and, if not,
// why, in English, naming the characters and scripts that decided:
//
//   xn--80ak6aa92e.com: valid
//     ASCII:   xn--80ak6aa92e.com
//     Unicode: аррӏе.com
//     Display: xn--80ak6aa92e.com  (chromium policy)
//     label 1  аррӏе  xn--80ak6aa92e
//       display: shown as ASCII
//         whole_script_confusable: the Cyrillic letters а р ӏ е all look like ...
//     label 2  com  com
//
// A name whose labels are all ASCII needs no display decision and gets no
// section.  The display decision never changes the verdict (valid or not).
//
// Characters a terminal would not show as themselves (controls, the
// Default_Ignorable_Code_Point characters such as ZWNJ, ZWJ and the Bidi
// formatting characters) are written as \u{XXXX} wherever they occur, so
// that a report cannot be spoofed or reordered on screen.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "puny/display.hpp"
#include "puny/idna.hpp"

namespace puny::cli {

/// Writes the human explanation of one domain name (a record, UTF-8 or not)
/// into `text`, replacing it; every line of it ends in '\n'.  Returns true
/// when the domain is valid under `options` (ToASCII records no error).
bool check_report(std::string_view record, const idna_options& options, std::string& text);

/// The same with a display section under `display` (none when null).
bool check_report(std::string_view record, const idna_options& options, const display_options* display,
                  std::string& text);

/// The display decision shown for `record` under `display`: none when
/// `display` is null, the record is not converted, or no label is an IDN
/// label (UTS #46 with the uts46 profile, as puny::display runs it,
/// whatever the profile of the check).
[[nodiscard]] std::optional<display_outcome> display_decision(std::string_view record, const display_options* display);

/// Appends the "  Display: ..." line of a decision.
void append_display_line(std::string& text, const display_outcome& d, const display_options& display);

/// Appends the display lines of one label: shown in Unicode, or why not.
void append_label_display(std::string& text, const label_display& d, const display_outcome& outcome);

}  // namespace puny::cli
