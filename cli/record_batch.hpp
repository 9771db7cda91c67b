// puny CLI — a batch of records: the unit of work that is read, converted
// and written, and handed between threads.
//
// Records are converted in batches so that threads share work at the cost
// of one hand-over per some thousand records, not per record, and so that
// output can be written in input order by sequence number.  A batch holds
// whole records only: the reader cuts its input after a terminator and
// carries the rest over to the next batch.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace puny::cli {

/// Something to say on standard error about one record of a batch (or the
/// batch's input as a whole).  The writer prefixes it with the record's
/// place ("puny: line 7: "), known only once earlier batches are counted.
struct batch_message {
  enum class kind {
    record,  ///< about record `record`: "puny: LOCATION: text"
    trace,   ///< an RFC 3492 §7 trace, written as it is
    input,   ///< about the input itself: "puny: text" (cannot open, read error)
  };
  kind what = kind::record;
  std::size_t record = 0;  // 0-based, within the batch
  std::string text;        // without "puny: " and the location; ends without '\n' (traces: as produced)
};

/// Bytes with a capacity that survives reuse of the batch: the input read,
/// and the output records.  Unlike std::string, growing it writes nothing
/// into the new room, so that the library can write results straight into
/// the output (`room`, then `commit`) without a copy or a zero fill.
class byte_buffer {
 public:
  [[nodiscard]] char* data() noexcept { return bytes_.get(); }
  [[nodiscard]] const char* data() const noexcept { return bytes_.get(); }
  [[nodiscard]] std::size_t size() const noexcept { return size_; }
  [[nodiscard]] bool empty() const noexcept { return size_ == 0; }
  [[nodiscard]] std::size_t capacity() const noexcept { return capacity_; }
  [[nodiscard]] std::string_view view() const noexcept { return {bytes_.get(), size_}; }
  void resize(std::size_t n) noexcept { size_ = n; }  // n <= capacity()
  /// Makes room for at least n bytes, keeping the content.
  void reserve(std::size_t n) {
    if (n <= capacity_) return;
    std::size_t c = capacity_ == 0 ? n : capacity_;
    while (c < n) c *= 2;
    auto grown = std::make_unique_for_overwrite<char[]>(c);
    if (size_ != 0) std::copy(bytes_.get(), bytes_.get() + size_, grown.get());
    bytes_ = std::move(grown);
    capacity_ = c;
  }
  /// At least n writable bytes just past the content; `commit` then adds
  /// the ones written.
  [[nodiscard]] char* room(std::size_t n) {
    if (capacity_ - size_ < n) reserve(size_ + n);
    return bytes_.get() + size_;
  }
  void commit(std::size_t n) noexcept { size_ += n; }  // n <= what room() gave
  void append(std::string_view s) {
    if (s.empty()) return;
    std::copy(s.begin(), s.end(), room(s.size()));
    size_ += s.size();
  }
  void push_back(char c) {
    *room(1) = c;
    ++size_;
  }

 private:
  std::unique_ptr<char[]> bytes_;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

struct record_batch {
  // Filled by the reader.
  std::uint64_t sequence = 0;  ///< position in the stream of batches
  std::size_t input = 0;       ///< index of the input the records come from
  /// Whole records, each followed by its terminator, except that the last
  /// record of an input may lack one (then `input_ended` is set).
  byte_buffer data;
  /// Records given as command-line arguments instead of `data`.
  std::vector<std::string_view> arguments;
  bool input_ended = false;  ///< the batch holds the end of its input
  /// Messages about the input found while reading (before its records).
  std::vector<batch_message> input_messages;
  bool input_failed = false;

  // Filled by the conversion.
  std::uint64_t records = 0;              ///< records in the batch
  byte_buffer output;                     ///< the output records with their terminators
  std::vector<batch_message> messages;    ///< in record order
  bool any_failed = false;                ///< some record failed

  /// Empties the batch for reuse, keeping its buffers' capacity.
  void clear() noexcept {
    data.resize(0);
    arguments.clear();
    input_ended = false;
    input_messages.clear();
    input_failed = false;
    records = 0;
    output.resize(0);
    messages.clear();
    any_failed = false;
  }
};

}  // namespace puny::cli
