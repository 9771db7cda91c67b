// puny CLI — writing converted batches, in order: output records to
// standard output, messages (with the location of their record) and traces
// to standard error, and the progress line.
//
// Each batch's output goes out with write(2) as soon as the batch is done,
// so a program waiting for answers gets them without buffering delays, and
// throughput costs one system call per batch.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "batch_reader.hpp"
#include "progress_meter.hpp"
#include "record_batch.hpp"

namespace puny::cli {

class batch_writer {
 public:
  /// `inputs` names the inputs batches refer to; `arguments` means records
  /// are command-line arguments ("argument N"); `null_records` says
  /// "record N" instead of "line N" for standard input.
  batch_writer(int out_fd, int err_fd, const std::vector<input_name>& inputs, bool arguments, bool null_records,
               progress_meter& progress);

  /// Writes the batch that comes next in sequence.
  void write(const record_batch& b);

  /// Reports a problem that is not about one record.
  void error(std::string_view message);

  /// False once writing standard output failed (it then stops).
  [[nodiscard]] bool ok() const noexcept { return out_ok_; }
  /// True when some record failed or an input could not be read.
  [[nodiscard]] bool any_failed() const noexcept { return any_failed_; }

 private:
  void write_messages(const std::vector<batch_message>& messages, std::uint64_t first_number);
  void location(std::uint64_t number);

  int out_;
  int err_;
  const std::vector<input_name>& inputs_;
  bool arguments_;
  bool null_records_;
  progress_meter& progress_;
  bool out_ok_ = true;
  bool any_failed_ = false;
  bool traced_ = false;
  std::size_t input_ = 0;         // the input of the last batch written
  std::uint64_t done_in_input_ = 0;  // its records written so far
  std::uint64_t bytes_done_ = 0;
  std::uint64_t records_done_ = 0;
  std::string text_;
};

}  // namespace puny::cli
