// puny CLI — `puny check` with an IDNA2008 or IDNA2003 profile: the
// standard's verdict on a domain name, then each label with its rule
// failures, in English.
//
//   l·x.example: invalid under IDNA2008 lookup (CONTEXTO)
//     ASCII:   (none: ToASCII fails)
//     Unicode: l·x.example
//     label 1  l·x  (no ASCII form)
//       CONTEXTO: a CONTEXTO code point is out of context (RFC 5892 ...): U+00B7 '·' at position 2
//     label 2  example  example
//
// The verdict is that of the whole name: valid when ToASCII records no
// code and ToUnicode gives no label back (under IDNA2003 an ASCII label
// such as xn--zca passes ToASCII unchecked, but ToUnicode gives it back:
// ROUNDTRIP_MISMATCH).  The labels are those the standard splits (IDNA2008
// at U+002E only, IDNA2003 at the four dots of RFC 3490 §3.1), each
// converted on its own; in an IDNA2008 Bidi domain name each label is
// checked as part of one (RFC 5893 §1.4, §2: every label of a name with a
// right-to-left label must satisfy the Bidi rule, ASCII labels included).
// A code of the name that no label has (NAME_TOO_LONG, an empty name) is
// listed before the labels.  A final empty label after a trailing dot (the
// root) is not listed when the standard accepts it.
//
// Positions count code points from 1: in the label's Unicode form for
// IDNA2008 (an A-label decoded), in the label as given for IDNA2003.  The
// display section is that of check_report.hpp.
#pragma once

#include <string>
#include <string_view>

#include "options.hpp"
#include "puny/display.hpp"

namespace puny::cli {

/// Writes the report of one domain name (a record, UTF-8 or not) under
/// `profile` (idna2008 or idna2003) into `text`, replacing it; every line
/// ends in '\n'.  With `display`, the display section too.  Returns true
/// when the name is valid (see above).
bool standard_check_report(std::string_view record, const profile_settings& profile,
                           const display_options* display, std::string& text);

}  // namespace puny::cli
