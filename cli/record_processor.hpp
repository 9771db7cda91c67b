// puny CLI — converting the records of a batch with the command asked for.
//
// One record_processor per thread: the encode/decode converter reuses its
// buffers between records, so processors are never shared.  Each record
// gives exactly one output record, followed by the terminator, whatever
// fails; messages about it go to the batch's message list.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include "options.hpp"
#include "record_batch.hpp"

namespace puny::cli {

/// The terminator of input and output records: '\n' (LF or CRLF on input),
/// or '\0' with -0.
[[nodiscard]] constexpr char record_terminator(const options& opts) noexcept {
  return opts.null_records ? '\0' : '\n';
}

class record_processor {
 public:
  explicit record_processor(const options& opts);
  ~record_processor();
  record_processor(const record_processor&) = delete;
  record_processor& operator=(const record_processor&) = delete;

  /// Converts every record of `b` (its data, or its arguments), filling
  /// its output, messages, record count and failure flag.
  void process(record_batch& b);

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

}  // namespace puny::cli
