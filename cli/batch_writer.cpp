// puny CLI — writing converted batches in order.
#include "batch_writer.hpp"

#include "fd_io.hpp"

namespace puny::cli {

batch_writer::batch_writer(int out_fd, int err_fd, const std::vector<input_name>& inputs, bool arguments,
                           bool null_records, progress_meter& progress)
    : out_(out_fd), err_(err_fd), inputs_(inputs), arguments_(arguments), null_records_(null_records),
      progress_(progress) {}

void batch_writer::location(std::uint64_t number) {
  if (arguments_) {
    text_ += "argument ";
  } else if (inputs_[input_].is_stdin()) {
    text_ += null_records_ ? "record " : "line ";
  } else {
    // FILE:N, as compilers and grep name a line of a file.
    text_ += inputs_[input_].name;
    text_ += ':';
  }
  text_ += std::to_string(number);
}

void batch_writer::write_messages(const std::vector<batch_message>& messages, std::uint64_t first_number) {
  if (messages.empty()) return;
  text_.clear();
  for (const batch_message& m : messages) {
    switch (m.what) {
      case batch_message::kind::record:
        text_ += "puny: ";
        location(first_number + m.record);
        text_ += ": ";
        text_ += m.text;
        text_ += '\n';
        break;
      case batch_message::kind::trace:
        // Successive records' traces are separated by an empty line.
        if (traced_) text_ += '\n';
        text_ += m.text;
        traced_ = true;
        break;
      case batch_message::kind::input:
        text_ += "puny: ";
        text_ += m.text;
        text_ += '\n';
        break;
    }
  }
  progress_.erase();
  write_all(err_, text_);
}

void batch_writer::write(const record_batch& b) {
  if (b.input != input_) {
    input_ = b.input;
    done_in_input_ = 0;
  }
  if (b.input_failed || b.any_failed) any_failed_ = true;
  if (out_ok_ && !b.output.empty() && !write_all(out_, b.output.view())) {
    out_ok_ = false;
    any_failed_ = true;
    error("error writing standard output");
  }
  write_messages(b.messages, done_in_input_ + 1);
  // A read error ends the input, after its last whole record.
  write_messages(b.input_messages, 0);
  done_in_input_ += b.records;
  records_done_ += b.records;
  bytes_done_ += b.data.size();
  progress_.update(bytes_done_, records_done_);
}

void batch_writer::error(std::string_view message) {
  progress_.erase();
  write_all(err_, "puny: " + std::string(message) + "\n");
}

}  // namespace puny::cli
