// puny CLI — writing to a file descriptor with write(2), which the command
// uses instead of stdio so that each batch is one system call, unbuffered.
#pragma once

#include <string_view>

namespace puny::cli {

/// Writes all of `s` to `fd`, retrying after EINTR and short writes.  False
/// on an error (EPIPE, as SIGPIPE is ignored; ENOSPC; EBADF...), with errno
/// set by write(2).
bool write_all(int fd, std::string_view s) noexcept;

}  // namespace puny::cli
