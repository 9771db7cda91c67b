// puny CLI — converting the records of a batch with the command asked for.
#include "record_processor.hpp"

#include <cstring>
#include <optional>

#include "check_report.hpp"
#include "converter.hpp"
#include "diagnostics.hpp"
#include "display_converter.hpp"
#include "display_format.hpp"
#include "display_record.hpp"
#include "host_rewriter.hpp"
#include "idna_converter.hpp"
#include "compare_converter.hpp"
#include "idna_outcome.hpp"
#include "output_format.hpp"
#include "standard_check_report.hpp"
#include "standard_converter.hpp"

namespace puny::cli {

struct record_processor::impl {
  const options& opts;
  char terminator;
  // encode, decode
  std::optional<converter> punycode;
  std::string trace;
  // to-ascii, to-unicode
  std::optional<idna_converter> domains;
  std::optional<standard_converter> standard_domains;
  std::optional<host_rewriter> hosts;
  idna_outcome outcome;
  // display
  std::optional<display_converter> display;
  display_record shown;
  // check: its display section
  display_options check_display;
  // compare
  std::optional<compare_converter> comparison;
  compare_outcome compared;
  // every command
  std::string result;

  explicit impl(const options& o)
      : opts(o), terminator(record_terminator(o)), check_display(o.display.library_options()) {
    if (o.cmd == command::display) {
      display.emplace(o, terminator);
    } else if (o.cmd == command::compare) {
      comparison.emplace();
    } else if (is_idna(o.cmd)) {
      if (o.profile.standard != idna_standard::uts46) {
        // --urls and --emails are refused with these profiles (options.cpp).
        standard_domains.emplace(o.cmd, o.profile, o.format, terminator);
      } else if (o.urls || o.emails) {
        hosts.emplace(o.cmd, o.idna, o.urls, o.emails);
      } else {
        domains.emplace(o.cmd, o.idna, o.format, terminator);
      }
    } else if (o.cmd != command::check) {
      punycode.emplace(o.cmd, o.codepoints, o.mixed_case, terminator);
    }
  }

  // Converts record `index` of b, appending its output record; false when
  // it failed.
  bool convert(std::string_view record, std::size_t index, record_batch& b) {
    bool ok = true;
    if (opts.cmd == command::check) {
      ok = opts.profile.standard == idna_standard::uts46
               ? check_report(record, opts.idna, &check_display, result)
               : standard_check_report(record, opts.profile, &check_display, result);
    } else if (opts.cmd == command::compare) {
      comparison->convert(record, compared);
      ok = compared.processed();
      if (!ok && !opts.quiet) add_compare_messages(index, compared, b.messages);
      format_compare_record(opts.format, record, compared, result);
    } else if (opts.cmd == command::display) {
      display->convert(record, shown);
      ok = shown.ok();
      if (!ok && !opts.quiet) add_display_messages(index, record, shown, b.messages);
      format_display_record(opts.format, record, shown, result);
    } else if (is_idna(opts.cmd)) {
      if (standard_domains) {
        standard_domains->convert(record, outcome);
      } else if (hosts) {
        hosts->convert(record, outcome);
      } else {
        domains->convert(record, outcome);
      }
      ok = outcome.ok();
      if (!ok && !opts.quiet) add_idna_messages(index, record, outcome, b.messages);
      format_idna_record(opts.format, record, outcome, result);
    } else {
      trace.clear();
      const std::optional<record_failure> failure = punycode->convert(record, result, opts.trace ? &trace : nullptr);
      if (opts.trace && !trace.empty()) b.messages.push_back({batch_message::kind::trace, index, trace});
      if (failure) {
        ok = false;
        if (!opts.quiet) b.messages.push_back({batch_message::kind::record, index, failure_message(*failure)});
      }
    }
    b.output += result;
    b.output += terminator;
    return ok;
  }
};

record_processor::record_processor(const options& opts) : impl_(std::make_unique<impl>(opts)) {}

record_processor::~record_processor() = default;

void record_processor::process(record_batch& b) {
  b.output.clear();
  b.messages.clear();
  b.records = 0;
  b.any_failed = false;
  if (!b.arguments.empty()) {
    for (const std::string_view record : b.arguments) {
      if (!impl_->convert(record, b.records, b)) b.any_failed = true;
      ++b.records;
    }
    return;
  }
  // Output is about as long as input for every format but jsonl's.
  b.output.reserve(b.data.size() + b.data.size() / 2);
  const char terminator = impl_->terminator;
  const bool lines = terminator == '\n';
  const char* p = b.data.data();
  const char* const end = p + b.data.size();
  while (p != end) {
    const auto* hit = static_cast<const char*>(std::memchr(p, terminator, static_cast<std::size_t>(end - p)));
    std::string_view record;
    if (hit == nullptr) {
      // The input's last record, without its terminator: nothing is
      // removed from it (a final "abc\r" is the record "abc\r").
      record = std::string_view(p, static_cast<std::size_t>(end - p));
      p = end;
    } else {
      record = std::string_view(p, static_cast<std::size_t>(hit - p));
      // CRLF ends a line too: the CR belongs to the terminator.
      if (lines && !record.empty() && record.back() == '\r') record.remove_suffix(1);
      p = hit + 1;
    }
    if (!impl_->convert(record, b.records, b)) b.any_failed = true;
    ++b.records;
  }
}

}  // namespace puny::cli
