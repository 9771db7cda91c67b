// puny CLI — reading the inputs (standard input or -f files) in batches of
// whole records.
//
// Input is read with read(2) in pieces of up to the batch size.  The first
// batches are smaller, from 16 KiB doubling up to it, and so are the last
// ones of a regular file, a quarter of what is left: with several threads
// each has work from the start, and none is left converting a large last
// batch alone, even when the whole input is a few batches.  A batch is
// handed on as soon as it holds at least one whole record and either it is
// full or no more input is ready (poll(2)): a fast producer or a regular
// file gives full batches, while a person typing, or a program waiting for
// answers, gets each line converted as soon as it is complete.  Bytes after
// the last terminator are carried over to the next batch; a record longer
// than the batch grows it (records of any length cost linear time).
//
// Inputs are read one after another; each one's last record may lack its
// terminator and still ends there (it never joins the next input's first).
// An input that cannot be opened or read gives a batch with a message and
// no records from the failure on: a record cut short by a read error is
// not converted.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "record_batch.hpp"

namespace puny::cli {

/// One input: a file name, or "-" for standard input.
struct input_name {
  std::string name;
  [[nodiscard]] bool is_stdin() const noexcept { return name == "-"; }
};

class batch_reader {
 public:
  /// `batch_size` is the usual batch size in bytes (a longer record makes
  /// one batch larger).
  batch_reader(std::vector<input_name> inputs, char terminator, std::size_t batch_size);
  ~batch_reader();
  batch_reader(const batch_reader&) = delete;
  batch_reader& operator=(const batch_reader&) = delete;

  /// Fills `b` (cleared first) with the next batch and numbers it; false
  /// when every input is done.
  bool next(record_batch& b);

  [[nodiscard]] const std::vector<input_name>& inputs() const noexcept { return inputs_; }

  /// The total size of the inputs when every one is a regular file (then
  /// progress can be shown in percent), else 0.
  [[nodiscard]] std::uint64_t total_size() const noexcept { return total_size_; }

 private:
  bool open_next(record_batch& b);
  void close_current() noexcept;
  bool more_ready() const noexcept;
  std::size_t next_target() noexcept;

  static constexpr std::uint64_t unknown_left = ~std::uint64_t{0};
  /// The first batch's size (or batch_size, if smaller).
  static constexpr std::size_t first_batch = std::size_t{16} << 10;

  std::vector<input_name> inputs_;
  char terminator_;
  std::size_t batch_size_;
  std::size_t growing_;                // the next batch's size, unless the file ends soon
  std::uint64_t left_ = unknown_left;  // bytes left in the open input, when it is a regular file
  std::size_t next_input_ = 0;  // index of the next input to open
  std::size_t current_ = 0;     // index of the open input
  int fd_ = -1;
  bool owns_fd_ = false;
  std::string carry_;  // bytes read after the last terminator
  std::uint64_t sequence_ = 0;
  std::uint64_t total_size_ = 0;
};

}  // namespace puny::cli
