// puny CLI — running a command over all its records.
#include "driver.hpp"

#include <cstdint>
#include <string>
#include <string_view>

#include "converter.hpp"
#include "diagnostics.hpp"
#include "idna_converter.hpp"
#include "idna_outcome.hpp"
#include "output_format.hpp"
#include "record_reader.hpp"
#include "record_writer.hpp"

namespace puny::cli {
namespace {

// Feeds every record to `process(number, record)`, which writes its output
// record and returns false when the record failed; returns the exit status.
template <class Process>
int run_records(const options& opts, std::streambuf& in, record_writer& writer, diagnostics& diag,
                Process process) {
  bool any_failed = false;
  if (!opts.strings.empty()) {
    for (std::size_t j = 0; j < opts.strings.size() && writer.ok(); ++j) {
      if (!process(j + 1, opts.strings[j])) any_failed = true;
    }
  } else {
    record_reader reader(in, record_format::lines);
    // Whoever feeds the input may be waiting for the results so far.
    reader.on_wait([&writer] {
      if (writer.pending()) writer.flush();
    });
    std::string record;
    while (writer.ok() && reader.next(record)) {
      if (!process(reader.count(), record)) any_failed = true;
    }
    if (reader.failed()) {
      diag.error("error reading standard input");
      any_failed = true;
    }
  }

  writer.flush();
  if (!writer.ok()) {
    diag.error("error writing standard output");
    return exit_failure;
  }
  return any_failed ? exit_failure : exit_success;
}

}  // namespace

int run_command(const options& opts, std::streambuf& in, std::ostream& out, std::ostream& err,
                bool out_is_terminal) {
  record_writer writer(out, '\n', out_is_terminal);
  diagnostics diag(err, opts.strings.empty() ? "line" : "argument");
  std::string result;

  if (is_idna(opts.cmd)) {
    const idna_converter convert(opts.cmd, opts.idna, opts.format, writer.terminator());
    idna_outcome outcome;
    return run_records(opts, in, writer, diag, [&](std::uint64_t number, std::string_view record) {
      convert.convert(record, outcome);
      if (!outcome.ok()) diag.idna_failed(number, record, outcome);
      format_idna_record(opts.format, record, outcome, result);
      writer.write(result);
      return outcome.ok();
    });
  }

  converter convert(opts.cmd, opts.codepoints, opts.mixed_case, writer.terminator());
  std::string trace;
  return run_records(opts, in, writer, diag, [&](std::uint64_t number, std::string_view record) {
    trace.clear();
    const auto failure = convert.convert(record, result, opts.trace ? &trace : nullptr);
    if (opts.trace) diag.trace(trace);
    if (failure) diag.record_failed(number, *failure);
    writer.write(result);
    return !failure.has_value();
  });
}

}  // namespace puny::cli
