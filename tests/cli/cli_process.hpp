// Running the puny executable from the CLI tests: feed its standard input,
// capture standard output and standard error separately, get its exit code.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <sys/types.h>
#include <vector>

namespace puny_cli_test {

/// What a finished run of puny produced.
struct run_result {
  std::string out;
  std::string err;
  /// The exit status, or 128 + signal number when killed by a signal.
  int status = -1;
};

/// Where the child's standard streams come from and go to.
struct redirect {
  /// Open this file as standard input instead of a pipe fed with `input`.
  std::optional<std::string> stdin_path;
  /// Open this file as standard output instead of capturing it.
  std::optional<std::string> stdout_path;
};

/// Runs `PUNY_EXE args...` with `input` on standard input and waits for it.
run_result run_puny(const std::vector<std::string>& args, std::string_view input = {},
                    const redirect& where = {});

/// A running puny whose standard input is written piece by piece, to check
/// that results come back before the input ends.
class puny_process {
 public:
  explicit puny_process(const std::vector<std::string>& args, const redirect& where = {});
  ~puny_process();
  puny_process(const puny_process&) = delete;
  puny_process& operator=(const puny_process&) = delete;

  /// Writes to the child's standard input (small amounts: may block).
  void write_input(std::string_view data);

  /// Reads standard output until it holds a full line, which is removed
  /// from what is buffered and returned without its '\n'.  nullopt when
  /// none arrives within `timeout` or standard output ends first.
  std::optional<std::string> read_line(std::chrono::milliseconds timeout);

  /// Writes `input` (if any), closes standard input, reads both outputs to
  /// their end and waits for the child.  Output already consumed by
  /// read_line is not returned again.
  run_result finish(std::string_view input = {});

 private:
  pid_t pid_ = -1;
  int in_ = -1;
  int out_ = -1;
  int err_ = -1;
  std::string out_buf_;
  std::string err_buf_;
};

}  // namespace puny_cli_test
