// puny CLI — how to-ascii and to-unicode write one result record.
#include "output_format.hpp"

#include "idna_outcome.hpp"
#include "json_writer.hpp"

namespace puny::cli {

// Linear TSV: a field never holds the separators it would be split at.
void append_tsv_field(std::string& out, std::string_view field) {
  for (const char c : field) {
    switch (c) {
      case '\\': out += "\\\\"; break;
      case '\t': out += "\\t"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      default: out += c; break;
    }
  }
}

namespace {

void format_plain(const idna_outcome& outcome, std::string& record) {
  if (outcome.has_output) record += outcome.output;
}

void format_tsv(std::string_view input, const idna_outcome& outcome, std::string& record) {
  append_tsv_field(record, input);
  record += '\t';
  if (outcome.has_output) append_tsv_field(record, outcome.output);
  record += '\t';
  // UTS #46 codes first, in their name order (idna_errors iterates that way).
  append_tsv_codes(record, outcome.errors, outcome.failure);
}

void format_jsonl(std::string_view input, const idna_outcome& outcome, std::string& record) {
  record += "{\"input\": ";
  append_json_string(record, input);
  record += ", \"output\": ";
  append_json_string_or_null(record, outcome.has_output, outcome.output);
  record += ", \"ok\": ";
  record += outcome.ok() ? "true" : "false";
  record += ", \"errors\": ";
  append_json_codes(record, outcome.errors, outcome.failure);
  record += '}';
}

}  // namespace

std::optional<output_format> output_format_named(std::string_view name) noexcept {
  if (name == "plain") return output_format::plain;
  if (name == "tsv") return output_format::tsv;
  if (name == "jsonl") return output_format::jsonl;
  return std::nullopt;
}

void format_idna_record(output_format format, std::string_view input, const idna_outcome& outcome,
                        std::string& record) {
  record.clear();
  switch (format) {
    case output_format::plain: format_plain(outcome, record); return;
    case output_format::tsv: format_tsv(input, outcome, record); return;
    case output_format::jsonl: format_jsonl(input, outcome, record); return;
  }
}

}  // namespace puny::cli
