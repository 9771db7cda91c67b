// puny CLI — `puny compare`.
#include "compare_converter.hpp"

#include <new>
#include <span>

#include "check_text.hpp"
#include "diagnostics.hpp"
#include "json_writer.hpp"
#include "puny/utf8.hpp"
#include "record_conversion.hpp"

namespace puny::cli {
namespace {

constexpr std::array<std::string_view, compared_count> compared_names = {"uts46", "transitional", "idna2008",
                                                                          "idna2003"};

constexpr std::array<compared, compared_count> all_compared = {compared::uts46, compared::transitional,
                                                               compared::idna2008, compared::idna2003};

// One conversion's result into `into`; false when the call itself failed
// (a status other than success: no memory for a huge name).
template <class Result>
bool take(const Result& r, const std::string& room, compared_result& into, std::optional<record_failure>& failure) {
  if (r.code != status::success) {
    failure = status_failure(r.code, r.position);
    return false;
  }
  into.codes = r.errors.bits();
  into.ok = r.errors.empty();
  if (into.ok) into.output.assign(room.data(), r.written);
  return true;
}

// ToASCII results are ASCII: compared as the DNS compares names.
bool same_name(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

bool same_result(const compared_result& a, const compared_result& b) noexcept {
  if (a.ok != b.ok) return false;
  return !a.ok || same_name(a.output, b.output);
}

std::string_view verdict(const compare_outcome& o) noexcept {
  if (o.failure) return "error";
  return o.differ ? "differ" : "same";
}

void format_plain(std::string_view input, const compare_outcome& o, std::string& record) {
  record += shown(input);
  record += ": ";
  record += verdict(o);
  record += ':';
  for (const compared c : all_compared) {
    const compared_result& r = o.results[static_cast<std::size_t>(c)];
    record += ' ';
    record += name(c);
    record += '=';
    if (r.ok) {
      record += shown(r.output);
      continue;
    }
    record += '[';
    bool first = true;
    for_each_compared_code(o, c, [&](std::string_view code) {
      if (!first) record += ',';
      record += code;
      first = false;
    });
    record += ']';
  }
}

void format_tsv(std::string_view input, const compare_outcome& o, std::string& record) {
  append_tsv_field(record, input);
  record += '\t';
  record += verdict(o);
  for (const compared c : all_compared) {
    const compared_result& r = o.results[static_cast<std::size_t>(c)];
    record += '\t';
    if (r.ok) append_tsv_field(record, r.output);
    record += '\t';
    bool first = true;
    for_each_compared_code(o, c, [&](std::string_view code) {
      if (!first) record += ',';
      record += code;
      first = false;
    });
  }
}

void format_jsonl(std::string_view input, const compare_outcome& o, std::string& record) {
  record += "{\"input\": ";
  append_json_string(record, input);
  record += ", \"differ\": ";
  record += o.failure ? "null" : o.differ ? "true" : "false";
  for (const compared c : all_compared) {
    const compared_result& r = o.results[static_cast<std::size_t>(c)];
    record += ", ";
    append_json_string(record, name(c));
    record += ": {\"output\": ";
    append_json_string_or_null(record, r.ok, r.output);
    record += ", \"ok\": ";
    record += r.ok ? "true" : "false";
    record += ", \"errors\": [";
    bool first = true;
    for_each_compared_code(o, c, [&](std::string_view code) {
      if (!first) record += ", ";
      append_json_string(record, code);
      first = false;
    });
    record += "]}";
  }
  record += '}';
}

}  // namespace

std::string_view name(compared c) noexcept { return compared_names[static_cast<std::size_t>(c)]; }

compare_converter::compare_converter() noexcept
    : uts46_(idna_options::for_profile(idna_profile::uts46)),
      transitional_(idna_options::for_profile(idna_profile::transitional)),
      idna2008_(puny::idna2008::options::for_profile(puny::idna2008::profile::lookup)) {
  idna2003_.allow_unassigned = true;
}

void compare_converter::convert(std::string_view record, compare_outcome& outcome) const {
  for (compared_result& r : outcome.results) {
    r.output.clear();
    r.ok = false;
    r.codes = 0;
  }
  outcome.differ = false;
  outcome.failure.reset();
  // Each standard would refuse ill-formed UTF-8 at the same byte: say so once.
  const result valid = validate_utf8(std::span<const char>(record.data(), record.size()));
  if (valid.code != status::success) {
    outcome.failure = status_failure(valid.code, valid.position);
    return;
  }
  try {
    std::string& room = outcome.scratch;
    auto& results = outcome.results;
    const std::size_t n = record.size();
    auto uts46 = [&](const idna_options& o) {
      return convert_into(room, n, [&](std::span<char> out) { return puny::to_ascii(record, out, o); });
    };
    const bool converted =
        take(uts46(uts46_), room, results[0], outcome.failure) &&
        take(uts46(transitional_), room, results[1], outcome.failure) &&
        take(convert_into(room, n,
                          [&](std::span<char> out) { return puny::idna2008::to_ascii(record, out, idna2008_); }),
             room, results[2], outcome.failure) &&
        take(convert_into(room, n,
                          [&](std::span<char> out) { return puny::idna2003::to_ascii(record, out, idna2003_); }),
             room, results[3], outcome.failure);
    if (converted) {
      for (std::size_t i = 1; i < compared_count; ++i) {
        if (!same_result(results[0], results[i])) outcome.differ = true;
      }
      return;
    }
  } catch (const std::bad_alloc&) {
    outcome.failure = record_failure{"out_of_memory", 0, "not enough memory for this record"};
  }
  // Not processed: no result stands.
  for (compared_result& r : outcome.results) {
    r.output.clear();
    r.ok = false;
    r.codes = 0;
  }
}

void format_compare_record(output_format format, std::string_view input, const compare_outcome& outcome,
                           std::string& record) {
  record.clear();
  switch (format) {
    case output_format::plain: format_plain(input, outcome, record); return;
    case output_format::tsv: format_tsv(input, outcome, record); return;
    case output_format::jsonl: format_jsonl(input, outcome, record); return;
  }
}

void add_compare_messages(std::size_t record, const compare_outcome& outcome, std::vector<batch_message>& messages) {
  if (outcome.failure) messages.push_back({batch_message::kind::record, record, failure_message(*outcome.failure)});
}

}  // namespace puny::cli
