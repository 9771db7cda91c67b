// puny CLI — how to-ascii and to-unicode write one result record.
#include "output_format.hpp"

#include <cstdint>

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

// The codes of an outcome, rule codes first (each standard's set in its
// name order), then the CLI's own code.
template <class Each>
void for_each_outcome_code(const idna_outcome& outcome, Each each) {
  outcome.for_each_rule_code(each);
  if (outcome.failure) each(std::string_view(outcome.failure->name));
}

void append_tsv_codes(std::string& out, const idna_outcome& outcome) {
  bool first = true;
  for_each_outcome_code(outcome, [&](std::string_view code) {
    if (!first) out += ',';
    out += code;
    first = false;
  });
}

void append_json_codes(std::string& out, const idna_outcome& outcome) {
  out += '[';
  bool first = true;
  for_each_outcome_code(outcome, [&](std::string_view code) {
    if (!first) out += ", ";
    append_json_string(out, code);
    first = false;
  });
  out += ']';
}

// IDNA2008 and IDNA2003 records also say where the first fault is: the
// label (0-based), and in its Unicode form the code point's 0-based index
// and the code point as "U+XXXX" (null when the rule is about the label as
// a whole, or no label is at fault).
void append_json_location(std::string& out, const idna_outcome& outcome) {
  const bool labelled = outcome.label != idna_result::no_label;
  const bool pointed = labelled && outcome.code_point != 0;
  out += ", \"label\": ";
  out += labelled ? std::to_string(outcome.label) : "null";
  out += ", \"offset\": ";
  out += pointed ? std::to_string(outcome.offset) : "null";
  out += ", \"code_point\": ";
  if (pointed) {
    append_json_string(out, code_point_token(outcome.code_point));
  } else {
    out += "null";
  }
}

void format_plain(const idna_outcome& outcome, std::string& record) {
  if (outcome.has_output) record += outcome.output;
}

void format_tsv(std::string_view input, const idna_outcome& outcome, std::string& record) {
  append_tsv_field(record, input);
  record += '\t';
  if (outcome.has_output) append_tsv_field(record, outcome.output);
  record += '\t';
  // Rule codes first, in their name order (the sets iterate that way).
  append_tsv_codes(record, outcome);
}

void format_jsonl(std::string_view input, const idna_outcome& outcome, std::string& record) {
  record += "{\"input\": ";
  append_json_string(record, input);
  record += ", \"output\": ";
  append_json_string_or_null(record, outcome.has_output, outcome.output);
  record += ", \"ok\": ";
  record += outcome.ok() ? "true" : "false";
  record += ", \"errors\": ";
  append_json_codes(record, outcome);
  if (outcome.standard) append_json_location(record, outcome);
  record += '}';
}

}  // namespace

std::string code_point_token(char32_t cp) {
  static constexpr char hex[] = "0123456789ABCDEF";
  const auto v = static_cast<std::uint32_t>(cp);
  std::string s = "U+";
  for (int shift = v > 0xFFFFF ? 20 : v > 0xFFFF ? 16 : 12; shift >= 0; shift -= 4) s += hex[(v >> shift) & 0xF];
  return s;
}

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
