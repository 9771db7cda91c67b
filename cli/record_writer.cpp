// puny CLI — writing result records.
#include "record_writer.hpp"

namespace puny::cli {

record_writer::record_writer(std::ostream& out, char terminator, bool flush_each_record) noexcept
    : out_(out), terminator_(terminator), flush_each_record_(flush_each_record) {}

void record_writer::write(std::string_view record) {
  out_.write(record.data(), static_cast<std::streamsize>(record.size()));
  out_.put(terminator_);
  pending_ = true;
  if (flush_each_record_) flush();
}

void record_writer::flush() {
  out_.flush();
  pending_ = false;
}

}  // namespace puny::cli
