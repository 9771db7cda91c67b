// puny CLI — splitting an input stream into records.
//
// A record is everything up to its terminator, exactly as it came: bytes are
// never trimmed, NUL bytes and invalid UTF-8 are kept, and an empty record
// is a record.  With record_format::lines the terminator is LF, and a CR
// just before that LF is part of the terminator (CRLF); the last record may
// lack its terminator, in which case nothing is removed from it (a final
// "abc\r" with no LF is the record "abc\r").
//
// Input is taken from a std::streambuf in whatever pieces it has ready, so
// records of any length cost time linear in their size, and the reader
// never waits for more input than the next record needs.  Just before it
// would wait, it calls the on_wait hook: the moment to flush results that
// whoever feeds the input may be waiting for.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <streambuf>
#include <string>
#include <utility>
#include <vector>

namespace puny::cli {

/// How records are terminated.  Only `lines` exists today; NUL-terminated
/// records (`-0`) are meant to be added here.
enum class record_format {
  lines,  ///< LF or CRLF
};

class record_reader {
 public:
  explicit record_reader(std::streambuf& in, record_format format = record_format::lines);

  /// Called before every read that may have to wait for input.
  void on_wait(std::function<void()> hook) { on_wait_ = std::move(hook); }

  /// Reads the next record into `record` (reusing its capacity).  False at
  /// the end of the input or on a read error (see failed()); a record cut
  /// short by a read error is not returned.
  bool next(std::string& record);

  /// Number of records returned so far, i.e. the 1-based number of the last.
  [[nodiscard]] std::uint64_t count() const noexcept { return count_; }

  /// True when reading stopped because of an I/O error rather than the end
  /// of the input.
  [[nodiscard]] bool failed() const noexcept { return failed_; }

 private:
  /// Refills the buffer with at least one byte; false at end or error.
  bool fill();

  std::streambuf& in_;
  record_format format_;
  std::function<void()> on_wait_;
  std::vector<char> buffer_;
  std::size_t pos_ = 0;
  std::size_t end_ = 0;
  std::uint64_t count_ = 0;
  bool at_end_ = false;
  bool failed_ = false;
};

}  // namespace puny::cli
