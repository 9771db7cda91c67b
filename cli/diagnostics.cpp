// puny CLI — everything written to standard error while running a command.
#include "diagnostics.hpp"

namespace puny::cli {

diagnostics::diagnostics(std::ostream& err, std::string_view record_unit) : err_(err), unit_(record_unit) {}

void diagnostics::record_failed(std::uint64_t number, const record_failure& failure) {
  buffer_ = "puny: ";
  buffer_ += unit_;
  buffer_ += ' ';
  buffer_ += std::to_string(number);
  buffer_ += ": ";
  buffer_ += failure.name;
  buffer_ += " at offset ";
  buffer_ += std::to_string(failure.offset);
  buffer_ += ": ";
  buffer_ += failure.reason;
  buffer_ += '\n';
  err_ << buffer_ << std::flush;
}

void diagnostics::trace(std::string_view text) {
  if (text.empty()) return;
  if (traced_) err_ << '\n';
  err_ << text << std::flush;
  traced_ = true;
}

void diagnostics::error(std::string_view message) {
  buffer_ = "puny: ";
  buffer_ += message;
  buffer_ += '\n';
  err_ << buffer_ << std::flush;
}

}  // namespace puny::cli
