// puny CLI — how `puny display` writes one result record, and what it says
// on standard error about a record that is not shown as itself.
//
//   plain  the display string.
//   tsv    INPUT TAB DISPLAY TAB REASONS TAB LOOKALIKE_OF: the reasons are
//          the display_reason names of every label (and a CLI code such as
//          "UTF8") comma-separated without spaces, empty when the name is
//          shown as itself; LOOKALIKE_OF is the protected domain the name
//          looks like, empty when none.  Fields are escaped as to-ascii's
//          (\\ \t \n \r).
//   jsonl  one JSON object per record, exactly
//            {"input": "...", "display": "...", "ok": true, "lookalike_of": null,
//             "labels": [{"unicode": "...", "ascii": "...", "shown": "unicode", "reasons": []}]}
//          (on one line); "lookalike_of" is the protected domain or null,
//          "shown" is "unicode" when the label's Unicode form is shown and
//          "ascii" otherwise (its ACE form, or the label as given when it
//          is invalid or ASCII).  A record that is not well-formed UTF-8 has
//          "display": "" and no labels.
//
// Messages, after "puny: LOCATION: ":
//   label 1 "xn--80ak6aa92e": whole_script_confusable (MESSAGE)
//   label 2 "xn--0": invalid: P4 (MESSAGE)
//   lookalike_of_protected (MESSAGE): "paypal.com"
// (with --urls/--emails prefixed by host N "HOST": as to-unicode's are).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "display_record.hpp"
#include "output_format.hpp"
#include "record_batch.hpp"

namespace puny::cli {

/// Writes the output record of `input` into `record` (replacing it; no
/// record terminator).
void format_display_record(output_format format, std::string_view input, const display_record& rec,
                           std::string& record);

/// Adds the messages about record number `record` of a batch (its text
/// `text`): one naming the first label not shown as itself, one for a
/// look-alike, one for a failure of another kind; none when it is ok.
void add_display_messages(std::size_t record, std::string_view text, const display_record& rec,
                          std::vector<batch_message>& messages);

}  // namespace puny::cli
