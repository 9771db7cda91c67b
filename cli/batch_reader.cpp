// puny CLI — reading the inputs in batches of whole records.
#include "batch_reader.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

namespace puny::cli {
namespace {

std::string system_error_text(int error) { return std::strerror(error); }

// Index just past the last terminator in [data, data + size), or 0.
std::size_t after_last_terminator(const char* data, std::size_t size, char terminator) noexcept {
  const void* hit = ::memrchr(data, terminator, size);
  return hit == nullptr ? 0 : static_cast<std::size_t>(static_cast<const char*>(hit) - data) + 1;
}

}  // namespace

batch_reader::batch_reader(std::vector<input_name> inputs, char terminator, std::size_t batch_size)
    : inputs_(std::move(inputs)), terminator_(terminator), batch_size_(batch_size),
      growing_(std::min(first_batch, batch_size)) {
  // Percent progress needs every input's size in advance: only regular
  // files have one (a pipe's or terminal's is unknown).
  for (const input_name& in : inputs_) {
    struct stat st {};
    const int r = in.is_stdin() ? ::fstat(STDIN_FILENO, &st) : ::stat(in.name.c_str(), &st);
    if (r != 0 || !S_ISREG(st.st_mode)) {
      total_size_ = 0;
      break;
    }
    total_size_ += static_cast<std::uint64_t>(st.st_size);
  }
}

batch_reader::~batch_reader() { close_current(); }

void batch_reader::close_current() noexcept {
  if (fd_ >= 0 && owns_fd_) ::close(fd_);
  fd_ = -1;
  owns_fd_ = false;
}

bool batch_reader::open_next(record_batch& b) {
  current_ = next_input_++;
  const input_name& in = inputs_[current_];
  if (in.is_stdin()) {
    fd_ = STDIN_FILENO;
    owns_fd_ = false;
  } else {
    do {
      fd_ = ::open(in.name.c_str(), O_RDONLY | O_CLOEXEC);
    } while (fd_ < 0 && errno == EINTR);
    if (fd_ < 0) {
      b.input_messages.push_back({batch_message::kind::input, 0, in.name + ": " + system_error_text(errno)});
      b.input_failed = true;
      b.input_ended = true;
      return false;
    }
    owns_fd_ = true;
  }
  // What is left of a regular file, from where it is read (standard input
  // may have been read partly before); only a guide to the batch sizes.
  left_ = unknown_left;
  struct stat st {};
  if (::fstat(fd_, &st) == 0 && S_ISREG(st.st_mode)) {
    const off_t at = ::lseek(fd_, 0, SEEK_CUR);
    if (at >= 0 && at <= st.st_size) left_ = static_cast<std::uint64_t>(st.st_size - at);
  }
  return true;
}

std::size_t batch_reader::next_target() noexcept {
  std::size_t target = growing_;
  growing_ = std::min(batch_size_, 2 * growing_);
  if (left_ != unknown_left) {
    const std::uint64_t quarter = std::max<std::uint64_t>(first_batch, left_ / 4);
    target = static_cast<std::size_t>(std::min<std::uint64_t>(target, quarter));
  }
  return target;
}

bool batch_reader::more_ready() const noexcept {
  pollfd p{fd_, POLLIN, 0};
  int r;
  do {
    r = ::poll(&p, 1, 0);
  } while (r < 0 && errno == EINTR);
  // Readable, at its end, or in error: a read will not wait.
  return r > 0;
}

bool batch_reader::next(record_batch& b) {
  b.clear();
  if (fd_ < 0) {
    if (next_input_ == inputs_.size()) return false;
    b.sequence = sequence_++;
    b.input = next_input_;
    if (!open_next(b)) return true;
  } else {
    b.sequence = sequence_++;
  }
  b.input = current_;
  // Up to `limit` bytes are read, and the batch cut after the last
  // terminator; a record longer than that doubles the limit.
  const std::size_t target = next_target();
  std::size_t limit = std::max(target, carry_.size() + target / 2);
  b.data.reserve(limit);
  std::memcpy(b.data.data(), carry_.data(), carry_.size());
  b.data.resize(carry_.size());
  carry_.clear();
  std::size_t complete = after_last_terminator(b.data.data(), b.data.size(), terminator_);
  while (true) {
    if (b.data.size() >= limit) {
      if (complete != 0) break;
      limit *= 2;
      b.data.reserve(limit);
    }
    const std::size_t room = limit - b.data.size();
    const ssize_t got = ::read(fd_, b.data.data() + b.data.size(), room);
    if (got < 0) {
      if (errno == EINTR) continue;
      const int error = errno;
      // Only whole records are converted; the rest is lost with the input.
      b.data.resize(complete);
      const input_name& in = inputs_[current_];
      b.input_messages.push_back({batch_message::kind::input, 0,
                                  "error reading " + (in.is_stdin() ? std::string("standard input") : in.name) +
                                      ": " + system_error_text(error)});
      b.input_failed = true;
      b.input_ended = true;
      close_current();
      return true;
    }
    if (got == 0) {
      b.input_ended = true;
      close_current();
      return true;
    }
    if (left_ != unknown_left) left_ -= std::min(left_, static_cast<std::uint64_t>(got));
    const std::size_t before = b.data.size();
    b.data.resize(before + static_cast<std::size_t>(got));
    if (const std::size_t end = after_last_terminator(b.data.data() + before, static_cast<std::size_t>(got),
                                                      terminator_);
        end != 0) {
      complete = before + end;
    }
    if (complete != 0 && b.data.size() < limit && !more_ready()) break;
  }
  carry_.assign(b.data.data() + complete, b.data.size() - complete);
  b.data.resize(complete);
  return true;
}

}  // namespace puny::cli
