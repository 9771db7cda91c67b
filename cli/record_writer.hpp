// puny CLI — writing result records.
//
// Each record is followed by its terminator ("\n" for lines).  Output goes
// through the stream's buffer: it is flushed after every record only when
// asked to (standard output is a terminal), otherwise when the caller is
// about to wait for input, and at the end.
#pragma once

#include <ostream>
#include <string_view>

namespace puny::cli {

class record_writer {
 public:
  record_writer(std::ostream& out, char terminator, bool flush_each_record) noexcept;

  /// Writes one record and its terminator.
  void write(std::string_view record);

  /// Writes out whatever is buffered.
  void flush();

  /// True when records were written since the last flush.
  [[nodiscard]] bool pending() const noexcept { return pending_; }

  /// False once a write has failed (disk full, closed pipe, ...).
  [[nodiscard]] bool ok() const { return !out_.fail(); }

  [[nodiscard]] char terminator() const noexcept { return terminator_; }

 private:
  std::ostream& out_;
  char terminator_;
  bool flush_each_record_;
  bool pending_ = false;
};

}  // namespace puny::cli
