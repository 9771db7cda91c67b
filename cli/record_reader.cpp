// puny CLI — splitting an input stream into records.
#include "record_reader.hpp"

#include <algorithm>
#include <cstring>

namespace puny::cli {
namespace {

constexpr std::size_t chunk_size = std::size_t{1} << 16;

char terminator_of(record_format format) {
  switch (format) {
    case record_format::lines: return '\n';
  }
  return '\n';
}

}  // namespace

record_reader::record_reader(std::streambuf& in, record_format format)
    : in_(in), format_(format), buffer_(chunk_size) {}

bool record_reader::fill() {
  using traits = std::streambuf::traits_type;
  if (at_end_ || failed_) return false;
  try {
    // in_avail(): > 0 bytes buffered or ready, -1 known end, 0 unknown.
    if (in_.in_avail() == 0 && on_wait_) on_wait_();
    // sgetc() makes the stream buffer read once if it holds nothing...
    if (traits::eq_int_type(in_.sgetc(), traits::eof())) {
      at_end_ = true;
      return false;
    }
    // ...so that what it holds now can be taken without waiting.
    const std::streamsize ready = std::max<std::streamsize>(
        1, std::min<std::streamsize>(in_.in_avail(), static_cast<std::streamsize>(buffer_.size())));
    const std::streamsize got = in_.sgetn(buffer_.data(), ready);
    if (got <= 0) {
      at_end_ = true;
      return false;
    }
    pos_ = 0;
    end_ = static_cast<std::size_t>(got);
    return true;
  } catch (...) {
    // basic_filebuf reports read errors by throwing.
    failed_ = true;
    return false;
  }
}

bool record_reader::next(std::string& record) {
  const char terminator = terminator_of(format_);
  record.clear();
  bool started = false;
  while (true) {
    if (pos_ == end_ && !fill()) {
      // A last record without its terminator, unless reading failed.
      if (!started || failed_) return false;
      break;
    }
    started = true;
    const char* begin = buffer_.data() + pos_;
    const std::size_t left = end_ - pos_;
    const void* hit = std::memchr(begin, terminator, left);
    if (hit == nullptr) {
      record.append(begin, left);
      pos_ = end_;
      continue;
    }
    const auto length = static_cast<std::size_t>(static_cast<const char*>(hit) - begin);
    record.append(begin, length);
    pos_ += length + 1;
    if (format_ == record_format::lines && !record.empty() && record.back() == '\r') record.pop_back();
    break;
  }
  ++count_;
  return true;
}

}  // namespace puny::cli
