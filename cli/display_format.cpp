// puny CLI — how `puny display` writes one result record, and its messages.
#include "display_format.hpp"

#include "diagnostics.hpp"
#include "json_writer.hpp"

namespace puny::cli {
namespace {

void format_tsv(std::string_view input, const display_record& rec, std::string& record) {
  append_tsv_field(record, input);
  record += '\t';
  if (rec.has_output) append_tsv_field(record, rec.output);
  record += '\t';
  append_tsv_codes(record, rec.reasons, rec.failure);
  record += '\t';
  if (rec.has_lookalike) append_tsv_field(record, rec.lookalike_of);
}

void format_jsonl(std::string_view input, const display_record& rec, std::string& record) {
  record += "{\"input\": ";
  append_json_string(record, input);
  record += ", \"display\": ";
  append_json_string_or_null(record, rec.has_output, rec.output);
  record += ", \"ok\": ";
  record += rec.ok() ? "true" : "false";
  record += ", \"lookalike_of\": ";
  append_json_string_or_null(record, rec.has_lookalike, rec.lookalike_of);
  record += ", \"labels\": [";
  for (std::size_t i = 0; i < rec.label_count; ++i) {
    const display_label_record& l = rec.labels[i];
    if (i > 0) record += ", ";
    record += "{\"unicode\": ";
    append_json_string(record, l.unicode);
    record += ", \"ascii\": ";
    append_json_string(record, l.ascii);
    record += ", \"shown\": ";
    record += l.shown_unicode ? "\"unicode\"" : "\"ascii\"";
    record += ", \"reasons\": ";
    append_json_codes(record, l.reasons, std::nullopt);
    record += '}';
  }
  record += "]}";
}

std::string label_message(std::string_view text, const display_record& rec) {
  std::string m;
  append_host_prefix(m, rec.host, rec.host_text);
  const std::string_view domain = rec.host != 0 ? std::string_view(rec.host_text) : text;
  append_label_prefix(m, domain, rec.label);
  bool first = true;
  for (const display_reason r : rec.label_reasons) {
    if (!first) m += "; ";
    first = false;
    m += name(r);
    if (r == display_reason::invalid && !rec.label_errors.empty()) {
      // The UTS #46 codes say more than "invalid" does.
      m += ": ";
      append_idna_codes(m, rec.label_errors);
      continue;
    }
    m += " (";
    m += message(r);
    m += ')';
  }
  return m;
}

}  // namespace

void format_display_record(output_format format, std::string_view input, const display_record& rec,
                           std::string& record) {
  record.clear();
  switch (format) {
    case output_format::plain:
      if (rec.has_output) record += rec.output;
      return;
    case output_format::tsv: format_tsv(input, rec, record); return;
    case output_format::jsonl: format_jsonl(input, rec, record); return;
  }
}

void add_display_messages(std::size_t record, std::string_view text, const display_record& rec,
                          std::vector<batch_message>& messages) {
  if (rec.label != display_record::no_label) {
    messages.push_back({batch_message::kind::record, record, label_message(text, rec)});
  }
  if (rec.has_lookalike) {
    std::string m;
    append_host_prefix(m, rec.lookalike_host, rec.lookalike_host_text);
    m += name(display_reason::lookalike_of_protected);
    m += " (";
    m += message(display_reason::lookalike_of_protected);
    m += "): ";
    m += quoted_label(rec.lookalike_of);
    messages.push_back({batch_message::kind::record, record, std::move(m)});
  }
  if (rec.failure) messages.push_back({batch_message::kind::record, record, failure_message(*rec.failure)});
}

}  // namespace puny::cli
