// puny CLI — converting the records of a batch with the command asked for.
#include "record_processor.hpp"

#include <optional>
#include <span>

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
#include "record_conversion.hpp"
#include "record_splitter.hpp"
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
    b.output.append(result);
    b.output.push_back(terminator);
    return ok;
  }

  // Plain to-ascii or to-unicode under UTS #46, of a record read from the
  // input: the library writes the result straight into the batch's output,
  // which is all there is to do when it converts with no code — nearly
  // every record, and most of the command's time.  A record read from the
  // input holds no terminator, so its result holds none either (see
  // refuse_terminator_in_result).  Anything else takes the common way,
  // from the result already computed (only a result larger than the first
  // room is converted again).
  bool convert_plain_domain(std::string_view record, std::size_t index, record_batch& b) {
    const std::size_t room = first_room(record.size());
    char* const out = b.output.room(room + 1);
    const idna_result r = domains->convert_in_place(record, std::span<char>(out, room));
    if (r.ok()) {
      out[r.written] = terminator;
      b.output.commit(r.written + 1);
      return true;
    }
    if (r.code == status::output_too_small) return convert(record, index, b);
    domains->take(record, r, out, outcome);
    if (!opts.quiet) add_idna_messages(index, record, outcome, b.messages);
    format_idna_record(opts.format, record, outcome, result);
    b.output.append(result);
    b.output.push_back(terminator);
    return false;
  }
};

record_processor::record_processor(const options& opts) : impl_(std::make_unique<impl>(opts)) {}

record_processor::~record_processor() = default;

namespace {

// Calls `each(record)` on every record of `data`, in order: the bytes
// before each terminator, and the last record even without one (nothing is
// removed from it: a final "abc\r" is the record "abc\r").  With lines, a
// CR before the LF belongs to the terminator (CRLF ends a line too).
template <class Each>
void for_each_record(std::string_view data, char terminator, Each each) {
  const bool lines = terminator == '\n';
  terminator_finder terminators(data, terminator);
  std::size_t start = 0;
  while (start != data.size()) {
    const std::size_t end = terminators.next();
    std::string_view record(data.data() + start, end - start);
    if (end != data.size()) {
      if (lines && !record.empty() && record.back() == '\r') record.remove_suffix(1);
      start = end + 1;
    } else {
      start = end;
    }
    each(record);
  }
}

}  // namespace

void record_processor::process(record_batch& b) {
  b.output.resize(0);
  b.messages.clear();
  b.records = 0;
  b.any_failed = false;
  impl& m = *impl_;
  if (!b.arguments.empty()) {
    for (const std::string_view record : b.arguments) {
      if (!m.convert(record, b.records, b)) b.any_failed = true;
      ++b.records;
    }
    return;
  }
  // Output is about as long as input for every format but jsonl's.
  b.output.reserve(b.data.size() + b.data.size() / 2);
  if (m.domains && m.opts.format == output_format::plain) {
    for_each_record(b.data.view(), m.terminator, [&](std::string_view record) {
      if (!m.convert_plain_domain(record, b.records, b)) b.any_failed = true;
      ++b.records;
    });
  } else {
    for_each_record(b.data.view(), m.terminator, [&](std::string_view record) {
      if (!m.convert(record, b.records, b)) b.any_failed = true;
      ++b.records;
    });
  }
}

}  // namespace puny::cli
