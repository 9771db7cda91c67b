// Running a python3 peer for the differential tests: one process per batch
// of requests, through files rather than pipes, so that every scalar value
// survives the transport as hexadecimal and a crash or a short answer is
// told apart from a batch that was simply small.
//
// The protocol every peer script follows: argv[1] holds the requests, one
// a line; the script writes one answer line per request to argv[2], then
// "END n" with the number of answers, so a truncated file is not taken for
// a short batch.  `python -I` keeps PYTHON* variables and the user's
// site-packages out.  What a request and an answer line mean is each
// test's own business; this file only moves the lines.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

namespace puny_test {

/// The protocol loop, written before every peer script: the script
/// defines answer(op, arg), which returns the text of an "=" line for the
/// request "op arg" or raises, and ends with serve(answer).  An exception
/// of a `caught` type becomes a `failure(e)` line ("!" and the exception by
/// default); any other ends the process, which run_python_batch reports.
inline constexpr std::string_view kPythonPeerLoop = R"py(import sys

def _exception(e):
    return "!" + type(e).__name__ + ": " + ascii(str(e))

def serve(answer, caught=(UnicodeError,), failure=_exception):
    src, dst = sys.argv[1], sys.argv[2]
    n = 0
    with open(src, encoding="ascii") as f, open(dst, "w", encoding="ascii", errors="backslashreplace") as out:
        for line in f:
            op, _, arg = line.rstrip("\n").partition(" ")
            try:
                out.write("=" + answer(op, arg) + "\n")
            except caught as e:
                out.write(failure(e) + "\n")
            n += 1
        out.write("END %d\n" % n)
)py";

/// Single-quoted for /bin/sh.
inline std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (const char c : s) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + "'";
}

/// A fresh directory under temp_directory_path() named `prefix` and a
/// random tag, removed with its files.
class temp_dir {
 public:
  explicit temp_dir(std::string_view prefix) {
    std::random_device rd;
    const auto base = std::filesystem::temp_directory_path();
    for (int attempt = 0; attempt < 100; ++attempt) {
      const std::uint64_t tag = (std::uint64_t{rd()} << 32) ^ rd();
      std::ostringstream name;
      name << prefix << std::hex << tag;
      if (std::filesystem::create_directory(base / name.str())) {
        path_ = base / name.str();
        return;
      }
    }
    throw std::runtime_error("cannot create a temporary directory under " + base.string());
  }
  temp_dir(const temp_dir&) = delete;
  temp_dir& operator=(const temp_dir&) = delete;
  ~temp_dir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  [[nodiscard]] const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

/// The python3 found at configure time (PUNY_PYTHON3); the environment
/// variable of that name overrides it.
inline std::optional<std::filesystem::path> configured_python3() {
  if (const char* env = std::getenv("PUNY_PYTHON3"); env != nullptr && *env != '\0') return env;
#ifdef PUNY_PYTHON3
  return std::filesystem::path(PUNY_PYTHON3);
#else
  return std::nullopt;
#endif
}

/// Runs `script`, after kPythonPeerLoop, under `python` over `requests`
/// in one process and puts its answer lines, the "END n" count checked and
/// dropped, in `answers`.  Empty on success, else what went wrong; `who`
/// names the interpreter in that message.
inline std::string run_python_batch(const std::filesystem::path& python, std::string_view who,
                                    std::string_view script, std::string_view dir_prefix,
                                    const std::vector<std::string>& requests, std::vector<std::string>& answers) {
  const temp_dir dir(dir_prefix);
  const auto script_file = dir.path() / "peer.py";
  const auto in = dir.path() / "requests.txt";
  const auto out = dir.path() / "answers.txt";
  const auto err = dir.path() / "stderr.txt";
  {
    std::ofstream s(script_file, std::ios::binary);
    s << kPythonPeerLoop << '\n' << script;
    std::ofstream r(in, std::ios::binary);
    for (const auto& line : requests) r << line << '\n';
    if (!s || !r) return "cannot write to " + dir.path().string();
  }
  const std::string command = shell_quote(python.string()) + " -I " + shell_quote(script_file.string()) + " " +
                              shell_quote(in.string()) + " " + shell_quote(out.string()) + " 2>" +
                              shell_quote(err.string());
  if (const int rc = std::system(command.c_str()); rc != 0) {
    std::ifstream e(err);
    std::ostringstream text;
    text << e.rdbuf();
    std::string message(who);
    return message + " exited with status " + std::to_string(rc) + ": " + text.str();
  }
  std::ifstream a(out, std::ios::binary);
  std::string line;
  answers.clear();
  while (std::getline(a, line)) {
    if (line.starts_with("END ")) {
      if (line != "END " + std::to_string(requests.size()) || answers.size() != requests.size()) {
        return "python3 answered " + line.substr(4) + " of " + std::to_string(requests.size()) + " requests";
      }
      return {};
    }
    if (answers.size() >= requests.size()) return "python3 answered more requests than were sent";
    answers.push_back(std::move(line));
  }
  return "python3's answers end without their count";
}

}  // namespace puny_test
