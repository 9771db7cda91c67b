// puny CLI — how to-ascii and to-unicode write one result record.
//
//   plain  the result alone; for a failed to-ascii an empty line (to-unicode
//          writes its result even when it has errors).
//   tsv    input TAB output TAB codes: the codes comma-separated without
//          spaces, empty when the record converted; the output field is
//          empty when to-ascii failed.  Fields are escaped as in "linear
//          TSV" so that a record stays one line of exactly three fields:
//          backslash, TAB, LF and CR are written \\ \t \n \r.  Other bytes,
//          ill-formed UTF-8 included, are written as they came.
//   jsonl  one JSON object per record, exactly
//            {"input": "...", "output": "..." | null, "ok": true|false, "errors": ["B1", "V6"]}
//          "output" is null when to-ascii failed.  The codes are the UTS #46
//          codes in IdnaTestV2's order, then a CLI code such as
//          "UTF8" (see json_writer.hpp for the string escapes).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace puny::cli {

struct idna_outcome;

enum class output_format { plain, tsv, jsonl };

/// The format named `name` ("plain", "tsv", "jsonl"), if any.
[[nodiscard]] std::optional<output_format> output_format_named(std::string_view name) noexcept;

/// Writes the output record of `input` into `record` (replacing it; no
/// record terminator).
void format_idna_record(output_format format, std::string_view input, const idna_outcome& outcome,
                        std::string& record);

}  // namespace puny::cli
