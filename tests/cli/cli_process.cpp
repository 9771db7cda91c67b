// Running the puny executable from the CLI tests.
#include "cli_process.hpp"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <stdexcept>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace puny_cli_test {
namespace {

[[noreturn]] void fail(const char* what) {
  throw std::runtime_error(std::string(what) + ": " + std::strerror(errno));
}

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

// Reads what is available from fd into buf; false at end of file.
bool drain_some(int& fd, std::string& buf) {
  char chunk[65536];
  const ssize_t n = ::read(fd, chunk, sizeof chunk);
  if (n < 0) {
    if (errno == EINTR || errno == EAGAIN) return true;
    fail("read");
  }
  if (n == 0) {
    close_fd(fd);
    return false;
  }
  buf.append(chunk, static_cast<std::size_t>(n));
  return true;
}

// A test that writes to a child which has exited must see EPIPE, not die.
const bool sigpipe_ignored = [] {
  std::signal(SIGPIPE, SIG_IGN);
  return true;
}();

}  // namespace

puny_process::puny_process(const std::vector<std::string>& args, const redirect& where) {
  (void)sigpipe_ignored;
  int in_pipe[2] = {-1, -1};
  int out_pipe[2] = {-1, -1};
  int err_pipe[2] = {-1, -1};
  if (!where.stdin_path && ::pipe2(in_pipe, O_CLOEXEC) != 0) fail("pipe2");
  if (!where.stdout_path && ::pipe2(out_pipe, O_CLOEXEC) != 0) fail("pipe2");
  if (::pipe2(err_pipe, O_CLOEXEC) != 0) fail("pipe2");

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (where.stdin_path) {
    posix_spawn_file_actions_addopen(&actions, 0, where.stdin_path->c_str(), O_RDONLY, 0);
  } else {
    posix_spawn_file_actions_adddup2(&actions, in_pipe[0], 0);
  }
  if (where.stdout_path) {
    posix_spawn_file_actions_addopen(&actions, 1, where.stdout_path->c_str(), O_WRONLY, 0);
  } else {
    posix_spawn_file_actions_adddup2(&actions, out_pipe[1], 1);
  }
  posix_spawn_file_actions_adddup2(&actions, err_pipe[1], 2);

  // The child gets default signal handling (SIGPIPE is ignored here).
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF);

  std::vector<std::string> argv_strings;
  argv_strings.emplace_back(PUNY_EXE);
  argv_strings.insert(argv_strings.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& s : argv_strings) argv.push_back(s.data());
  argv.push_back(nullptr);

  const int rc = ::posix_spawn(&pid_, PUNY_EXE, &actions, &attr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  close_fd(in_pipe[0]);
  close_fd(out_pipe[1]);
  close_fd(err_pipe[1]);
  in_ = in_pipe[1];
  out_ = out_pipe[0];
  err_ = err_pipe[0];
  if (rc != 0) {
    errno = rc;
    pid_ = -1;
    fail("posix_spawn " PUNY_EXE);
  }
}

puny_process::~puny_process() {
  close_fd(in_);
  close_fd(out_);
  close_fd(err_);
  if (pid_ > 0) {
    ::kill(pid_, SIGKILL);
    int status = 0;
    ::waitpid(pid_, &status, 0);
  }
}

void puny_process::write_input(std::string_view data) {
  while (!data.empty()) {
    const ssize_t n = ::write(in_, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      fail("write");
    }
    data.remove_prefix(static_cast<std::size_t>(n));
  }
}

std::optional<std::string> puny_process::read_line(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    const std::size_t eol = out_buf_.find('\n');
    if (eol != std::string::npos) {
      std::string line = out_buf_.substr(0, eol);
      out_buf_.erase(0, eol + 1);
      return line;
    }
    if (out_ < 0) return std::nullopt;
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return std::nullopt;
    pollfd p[2] = {{out_, POLLIN, 0}, {err_, POLLIN, 0}};
    const int n = ::poll(p, err_ >= 0 ? 2 : 1, static_cast<int>(left.count()));
    if (n < 0 && errno != EINTR) fail("poll");
    if (n <= 0) continue;
    if (p[0].revents != 0) drain_some(out_, out_buf_);
    if (err_ >= 0 && p[1].revents != 0) drain_some(err_, err_buf_);
  }
}

run_result puny_process::finish(std::string_view input) {
  if (in_ >= 0 && ::fcntl(in_, F_SETFL, O_NONBLOCK) != 0) fail("fcntl");
  if (input.empty()) close_fd(in_);
  while (in_ >= 0 || out_ >= 0 || err_ >= 0) {
    pollfd p[3];
    int count = 0;
    int in_at = -1, out_at = -1, err_at = -1;
    if (in_ >= 0) {
      in_at = count;
      p[count++] = {in_, POLLOUT, 0};
    }
    if (out_ >= 0) {
      out_at = count;
      p[count++] = {out_, POLLIN, 0};
    }
    if (err_ >= 0) {
      err_at = count;
      p[count++] = {err_, POLLIN, 0};
    }
    if (::poll(p, static_cast<nfds_t>(count), -1) < 0) {
      if (errno == EINTR) continue;
      fail("poll");
    }
    if (in_at >= 0 && p[in_at].revents != 0) {
      const ssize_t n = ::write(in_, input.data(), input.size());
      if (n < 0 && errno == EPIPE) {
        close_fd(in_);  // the child does not read its input: fine
      } else if (n < 0 && errno != EAGAIN && errno != EINTR) {
        fail("write");
      } else if (n > 0) {
        input.remove_prefix(static_cast<std::size_t>(n));
        if (input.empty()) close_fd(in_);
      }
    }
    if (out_at >= 0 && p[out_at].revents != 0) drain_some(out_, out_buf_);
    if (err_at >= 0 && p[err_at].revents != 0) drain_some(err_, err_buf_);
  }
  run_result r;
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0) {
    if (errno != EINTR) fail("waitpid");
  }
  pid_ = -1;
  if (WIFEXITED(status)) {
    r.status = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    r.status = 128 + WTERMSIG(status);
  }
  r.out = std::move(out_buf_);
  r.err = std::move(err_buf_);
  return r;
}

run_result run_puny(const std::vector<std::string>& args, std::string_view input, const redirect& where) {
  puny_process p(args, where);
  return p.finish(input);
}

}  // namespace puny_cli_test
