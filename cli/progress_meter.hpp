// puny CLI — the progress line on a terminal.
//
// Shown only when standard error is a terminal and the input is regular
// files of more than 64 MiB in all (a person is waiting on a long run; a
// log or a pipe never gets it): "puny: 42% 1234567 records 2.9M records/s
// ETA 0:12", redrawn in place at most four times a second and erased at
// the end, and whenever a message is about to be written under it.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace puny::cli {

class progress_meter {
 public:
  /// Inputs smaller than this finish too soon to need a progress line.
  static constexpr std::uint64_t threshold = std::uint64_t{64} << 20;

  /// Whether a progress line is shown: stderr (`fd`) a terminal and the
  /// inputs' total size known and above the threshold.
  progress_meter(int fd, std::uint64_t total_size);
  ~progress_meter();
  progress_meter(const progress_meter&) = delete;
  progress_meter& operator=(const progress_meter&) = delete;

  [[nodiscard]] bool enabled() const noexcept { return enabled_; }

  /// `bytes` of input and `records` are done; redraws when it is time.
  void update(std::uint64_t bytes, std::uint64_t records);

  /// Removes the line, if shown (before a message, and at the end).
  void erase();

 private:
  void draw(std::uint64_t bytes, std::uint64_t records, std::chrono::steady_clock::time_point now);

  int fd_;
  std::uint64_t total_;
  bool enabled_;
  bool shown_ = false;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_draw_;
  std::string line_;
};

}  // namespace puny::cli
