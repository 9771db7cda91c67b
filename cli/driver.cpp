// puny CLI — running a command over all its records.
#include "driver.hpp"

#include <cstdint>
#include <string>
#include <string_view>

#include "converter.hpp"
#include "diagnostics.hpp"
#include "record_reader.hpp"
#include "record_writer.hpp"

namespace puny::cli {

int run_command(const options& opts, std::streambuf& in, std::ostream& out, std::ostream& err,
                bool out_is_terminal) {
  const bool from_arguments = !opts.strings.empty();
  record_writer writer(out, '\n', out_is_terminal);
  converter convert(opts.cmd, opts.codepoints, writer.terminator());
  diagnostics diag(err, from_arguments ? "argument" : "line");

  bool any_failed = false;
  std::string result;
  std::string trace;
  // Converts and writes one record; false once output can no longer be written.
  auto process = [&](std::uint64_t number, std::string_view record) {
    trace.clear();
    const auto failure = convert.convert(record, result, opts.trace ? &trace : nullptr);
    if (opts.trace) diag.trace(trace);
    if (failure) {
      any_failed = true;
      diag.record_failed(number, *failure);
    }
    writer.write(result);
    return writer.ok();
  };

  if (from_arguments) {
    for (std::size_t j = 0; j < opts.strings.size(); ++j) {
      if (!process(j + 1, opts.strings[j])) break;
    }
  } else {
    record_reader reader(in, record_format::lines);
    // Whoever feeds the input may be waiting for the results so far.
    reader.on_wait([&writer] {
      if (writer.pending()) writer.flush();
    });
    std::string record;
    while (writer.ok() && reader.next(record)) {
      if (!process(reader.count(), record)) break;
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

}  // namespace puny::cli
