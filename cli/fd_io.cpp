// puny CLI — writing to a file descriptor.
#include "fd_io.hpp"

#include <cerrno>
#include <cstddef>
#include <unistd.h>

namespace puny::cli {

bool write_all(int fd, std::string_view s) noexcept {
  while (!s.empty()) {
    const ssize_t n = ::write(fd, s.data(), s.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    s.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

}  // namespace puny::cli
