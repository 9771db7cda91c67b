// puny CLI — everything written to standard error while running a command.
//
// A failed record is reported as
//   puny: line 3: invalid_digit at offset 4: character is not a Punycode digit
// ("argument N" for strings given as arguments; offsets are 0-based bytes
// in the record).  A domain name with UTS #46 errors is reported with the
// first label that has one (1-based, and as typed when it can be found) and
// every code with its message, separated by "; ":
//   puny: line 3: label 2 "xn--0": P4 (an xn-- label is not valid Punycode ...)
//   puny: argument 1: A4_1 (the domain name is empty or longer than 253 ...)
// Traces are written as the library produces them, with an
// empty line between the traces of successive records.  Each message is
// written with a single stream operation so that it stays in one piece.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>

#include "idna_outcome.hpp"
#include "record_failure.hpp"

namespace puny::cli {

class diagnostics {
 public:
  /// `record_unit` names a record in messages: "line" or "argument".
  diagnostics(std::ostream& err, std::string_view record_unit);

  /// Reports that record `number` (1-based) failed.
  void record_failed(std::uint64_t number, const record_failure& failure);

  /// Reports that domain name `number` (the record `record`) has UTS #46
  /// errors or failed otherwise; nothing when `outcome` is ok.
  void idna_failed(std::uint64_t number, std::string_view record, const idna_outcome& outcome);

  /// Writes the trace of one record (nothing when it is empty).
  void trace(std::string_view text);

  /// Reports a problem that is not about one record, e.g. an I/O error.
  void error(std::string_view message);

 private:
  std::ostream& err_;
  std::string unit_;
  bool traced_ = false;
  std::string buffer_;

  void start_record_message(std::uint64_t number);
};

}  // namespace puny::cli
