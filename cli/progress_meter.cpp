// puny CLI — the progress line on a terminal.
#include "progress_meter.hpp"

#include <cstdio>
#include <unistd.h>

#include "fd_io.hpp"

namespace puny::cli {
namespace {

constexpr auto redraw_interval = std::chrono::milliseconds(250);

// 2.9M, 812k, 95: a rate in three or four characters.
std::string short_count(double v) {
  char buf[32];
  if (v >= 1e6) {
    std::snprintf(buf, sizeof buf, "%.1fM", v / 1e6);
  } else if (v >= 1e3) {
    std::snprintf(buf, sizeof buf, "%.0fk", v / 1e3);
  } else {
    std::snprintf(buf, sizeof buf, "%.0f", v);
  }
  return buf;
}

std::string clock_time(double seconds) {
  const auto s = static_cast<unsigned long long>(seconds + 0.5);
  char buf[32];
  if (s >= 3600) {
    std::snprintf(buf, sizeof buf, "%llu:%02llu:%02llu", s / 3600, s / 60 % 60, s % 60);
  } else {
    std::snprintf(buf, sizeof buf, "%llu:%02llu", s / 60, s % 60);
  }
  return buf;
}

}  // namespace

progress_meter::progress_meter(int fd, std::uint64_t total_size)
    : fd_(fd), total_(total_size), enabled_(total_size > threshold && ::isatty(fd) == 1),
      start_(std::chrono::steady_clock::now()) {
  if (enabled_) draw(0, 0, start_);
}

progress_meter::~progress_meter() { erase(); }

void progress_meter::update(std::uint64_t bytes, std::uint64_t records) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (shown_ && now - last_draw_ < redraw_interval) return;
  draw(bytes, records, now);
}

void progress_meter::draw(std::uint64_t bytes, std::uint64_t records, std::chrono::steady_clock::time_point now) {
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  const double fraction = total_ == 0 ? 0.0 : static_cast<double>(bytes) / static_cast<double>(total_);
  char percent[16];
  std::snprintf(percent, sizeof percent, "%3.0f%%", fraction * 100.0);
  // "\r" returns to the line's start and ESC [ K clears what a longer
  // previous line left (ECMA-48 EL).
  line_ = "\rpuny: ";
  line_ += percent;
  line_ += ' ';
  line_ += std::to_string(records);
  line_ += " records";
  if (elapsed > 0.0 && records > 0) {
    line_ += ' ';
    line_ += short_count(static_cast<double>(records) / elapsed);
    line_ += " records/s";
  }
  if (fraction > 0.0 && elapsed > 0.0) {
    line_ += " ETA ";
    line_ += clock_time(elapsed * (1.0 - fraction) / fraction);
  }
  line_ += "\x1b[K";
  // A terminal that fails is not worth a message.
  (void)write_all(fd_, line_);
  shown_ = true;
  last_draw_ = now;
}

void progress_meter::erase() {
  if (!shown_) return;
  (void)write_all(fd_, "\r\x1b[K");
  shown_ = false;
}

}  // namespace puny::cli
