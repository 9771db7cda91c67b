// puny CLI — running a command over all its records.
//
// Records come from the STRING arguments, or else from standard input; each
// gives exactly one output record, in order, whatever fails.  Results go to
// `out`; traces and messages to `err`.
#pragma once

#include <ostream>
#include <streambuf>

#include "options.hpp"

namespace puny::cli {

/// Exit statuses of the puny command.
enum exit_status : int {
  exit_success = 0,      ///< every record converted
  exit_failure = 1,      ///< some record failed, or an I/O error
  exit_usage_error = 2,  ///< bad command line
};

/// Runs `opts` and returns the exit status; `in` is read only when no
/// string was given.  `out_is_terminal` makes every
/// output record flushed at once; otherwise output is flushed only when
/// input would have to be waited for, and at the end.
int run_command(const options& opts, std::streambuf& in, std::ostream& out, std::ostream& err,
                bool out_is_terminal);

}  // namespace puny::cli
