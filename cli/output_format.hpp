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
//          "UTF8" (see json_writer.hpp for the string escapes).  With an
//          IDNA2008 or IDNA2003 profile the codes are that standard's
//          (in name order), and three members follow "errors":
//            "label": 0, "offset": 1, "code_point": "U+00B7"
//          the first label at fault (0-based) and, in its Unicode form, the
//          index of the code point at fault and that code point; null when
//          there is none (a rule about the whole label or the whole name).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "json_writer.hpp"
#include "record_failure.hpp"

namespace puny::cli {

struct idna_outcome;

enum class output_format { plain, tsv, jsonl };

/// The format named `name` ("plain", "tsv", "jsonl"), if any.
[[nodiscard]] std::optional<output_format> output_format_named(std::string_view name) noexcept;

/// Appends `field` to `out` escaped for tsv: \\ \t \n \r for backslash,
/// TAB, LF and CR; every other byte as it is.
void append_tsv_field(std::string& out, std::string_view field);

/// Calls `each` with the name of every code of `codes` (idna_errors,
/// display_reasons), in the set's order, then with the name of `failure`
/// when there is one.
template <class Codes, class Each>
void for_each_code(const Codes& codes, const std::optional<record_failure>& failure, Each each) {
  for (const auto c : codes) each(name(c));
  if (failure) each(std::string_view(failure->name));
}

/// Appends the codes of for_each_code comma-separated without spaces: the
/// codes field of tsv.
template <class Codes>
void append_tsv_codes(std::string& out, const Codes& codes, const std::optional<record_failure>& failure) {
  bool first = true;
  for_each_code(codes, failure, [&](std::string_view code) {
    if (!first) out += ',';
    out += code;
    first = false;
  });
}

/// Appends the codes of for_each_code as a JSON array of strings:
/// ["B1", "V6"].
template <class Codes>
void append_json_codes(std::string& out, const Codes& codes, const std::optional<record_failure>& failure) {
  out += '[';
  bool first = true;
  for_each_code(codes, failure, [&](std::string_view code) {
    if (!first) out += ", ";
    append_json_string(out, code);
    first = false;
  });
  out += ']';
}

/// "U+00B7", "U+1F600": a code point as the reports name it (at least
/// four uppercase hex digits).
[[nodiscard]] std::string code_point_token(char32_t cp);

/// Writes the output record of `input` into `record` (replacing it; no
/// record terminator).
void format_idna_record(output_format format, std::string_view input, const idna_outcome& outcome,
                        std::string& record);

}  // namespace puny::cli
