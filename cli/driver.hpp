// puny CLI — running a command over all its records.
//
// Records come from the STRING arguments, or else from the -f files (or
// standard input), in batches; each record gives exactly one output
// record, in input order, whatever fails.  With N jobs, N threads (the
// main one among them) each read a batch in turn, convert it, and write
// the batches that are due in sequence (at most a fixed number of batches
// in flight, so memory stays constant however long the input).
// Results go to standard output; messages, traces and the progress line to
// standard error.
#pragma once

#include "options.hpp"

namespace puny::cli {

/// Exit statuses of the puny command.
enum exit_status : int {
  exit_success = 0,      ///< every record converted
  exit_failure = 1,      ///< some record failed, or an I/O error
  exit_usage_error = 2,  ///< bad command line
};

/// The default of -j: one thread per online CPU.
[[nodiscard]] unsigned default_jobs() noexcept;

/// Runs `opts` on file descriptors 0, 1 and 2; returns the exit status.
int run_command(const options& opts);

}  // namespace puny::cli
