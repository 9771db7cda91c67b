// Records as streams (issue 4): alignment whatever fails, -0, -f files,
// --quiet, -j giving the same bytes as -j 1, batches with records longer
// than a batch, and the progress line on a terminal only.
#include <gtest/gtest.h>

#include <cerrno>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <poll.h>
#include <spawn.h>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#include "cli_process.hpp"

extern char** environ;

namespace {

using puny_cli_test::redirect;
using puny_cli_test::run_puny;
namespace fs = std::filesystem;

// A file that is removed when the test ends.
class temp_file {
 public:
  explicit temp_file(std::string_view content, std::string_view name = "in.txt") {
    static int serial = 0;
    dir_ = fs::temp_directory_path() /
           ("puny-streams-" + std::to_string(::getpid()) + "-" + std::to_string(serial++));
    fs::create_directories(dir_);
    path_ = dir_ / name;
    std::ofstream(path_, std::ios::binary).write(content.data(), static_cast<std::streamsize>(content.size()));
  }
  ~temp_file() {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  temp_file(const temp_file&) = delete;
  temp_file& operator=(const temp_file&) = delete;
  [[nodiscard]] std::string path() const { return path_.string(); }

 private:
  fs::path dir_;
  fs::path path_;
};

// The bytes of a string literal, NULs included.
template <std::size_t N>
std::string bytes(const char (&literal)[N]) {
  return std::string(literal, N - 1);
}

std::size_t count_of(std::string_view s, char c) {
  std::size_t n = 0;
  for (const char x : s) n += x == c ? 1 : 0;
  return n;
}

// Every kind of bad record the issue names, between good ones; the last
// lacks its final newline.
const std::string bad_mix = std::string("b\xC3\xBC" "cher.de\n") +  // 1 ok
                            "\xFF\xFE.com\n" +                       // 2 UTF8 at 0
                            "\n" +                                    // 3 empty: A4_2
                            "Example.COM\r\n" +                       // 4 CRLF, ok
                            std::string(64, 'a').append(".com\n") +         // 5 label of 64: A4_2
                            "xn--0.com\n" +                           // 6 P4
                            " spaced.com\t\n" +                       // 7 kept as is: U1... not ok
                            "a\xCC.de\n" +                            // 8 UTF8 at 1
                            "\xE6\x97\xA5\xE6\x9C\xAC.jp";            // 9 ok, no final newline

const std::string bad_mix_out = std::string("xn--bcher-kva.de\n") + "\n" + "\n" + "example.com\n" + "\n" + "\n" +
                                "\n" + "\n" + "xn--wgv71a.jp\n";

TEST(CliStreams, EveryRecordGivesOneOutputRecordInOrder) {
  for (const char* jobs : {"1", "2", "3"}) {
    SCOPED_TRACE(jobs);
    const auto r = run_puny({"to-ascii", "-j", jobs}, bad_mix);
    EXPECT_EQ(r.out, bad_mix_out);
    EXPECT_EQ(r.status, 1);
    // One message per failing record, in order, naming its line.
    std::istringstream err(r.err);
    std::vector<std::string> lines;
    for (std::string l; std::getline(err, l);) lines.push_back(l);
    ASSERT_EQ(lines.size(), 6u) << r.err;
    EXPECT_EQ(lines[0], "puny: line 2: UTF8 at offset 0: invalid UTF-8");
    EXPECT_TRUE(lines[1].starts_with("puny: line 3: label 1 \"\": ")) << lines[1];
    EXPECT_NE(lines[1].find("A4_2 (a label is empty"), std::string::npos) << lines[1];
    EXPECT_TRUE(lines[2].starts_with("puny: line 5: label 1 ")) << lines[2];
    EXPECT_TRUE(lines[3].starts_with("puny: line 6: label 1 \"xn--0\": P4 ")) << lines[3];
    EXPECT_TRUE(lines[4].starts_with("puny: line 7: ")) << lines[4];
    EXPECT_EQ(lines[5], "puny: line 8: UTF8 at offset 1: invalid UTF-8");
  }
}

TEST(CliStreams, JsonlShowsInvalidBytesAsReplacementCharacters) {
  const auto r = run_puny({"to-ascii", "--format", "jsonl"}, "a\xFF" "b.com\n");
  EXPECT_EQ(r.out, "{\"input\": \"a\\ufffdb.com\", \"output\": null, \"ok\": false, \"errors\": [\"UTF8\"]}\n");
  EXPECT_EQ(r.err, "puny: line 1: UTF8 at offset 1: invalid UTF-8\n");
}

TEST(CliStreams, QuietSilencesRecordMessagesButNotTheStatus) {
  const auto r = run_puny({"to-ascii", "--quiet"}, bad_mix);
  EXPECT_EQ(r.out, bad_mix_out);
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.status, 1);
  const auto e = run_puny({"encode", "-q"}, "\xFF\nabc\n");
  EXPECT_EQ(e.out, "\nabc-\n");
  EXPECT_EQ(e.err, "");
  EXPECT_EQ(e.status, 1);
  const auto ok = run_puny({"encode", "-q"}, "abc\n");
  EXPECT_EQ(ok.status, 0);
}

TEST(CliStreams, NullSeparatedRecords) {
  // LF and CR are ordinary bytes of a record with -0; the last record may
  // lack its NUL; an empty record is a record.
  const std::string in = bytes("b\xC3\xBC" "cher\0a\nb\0\0x\r\0\xC3\xBC");
  const auto r = run_puny({"encode", "-0"}, in);
  EXPECT_EQ(r.out, bytes("bcher-kva\0a\nb-\0\0x\r-\0tda\0"));
  EXPECT_EQ(r.status, 0);
  const auto d = run_puny({"to-ascii", "--null"}, bytes("B\xC3\xBC" "cher.de\0\xFF\0"));
  EXPECT_EQ(d.out, bytes("xn--bcher-kva.de\0\0"));
  EXPECT_EQ(d.err, "puny: record 2: UTF8 at offset 0: invalid UTF-8\n");
  EXPECT_EQ(d.status, 1);
}

TEST(CliStreams, NullSeparatedOutputMayHoldLineFeeds) {
  // With -0 the terminator is NUL: a LF in a result splits nothing.
  const auto r = run_puny({"to-unicode", "-0", "--no-std3"}, bytes("a\nb.com\0"));
  EXPECT_EQ(r.out, bytes("a\nb.com\0"));
}

TEST(CliStreams, FilesInTurnWithTheirOwnLineNumbers) {
  temp_file a("b\xC3\xBC" "cher\n\xFF", "a.txt");  // no final newline
  temp_file b("x\n\xFE\n", "b.txt");
  const auto r = run_puny({"encode", "-f", a.path(), "--file", b.path(), "-f-"}, "stdin\n\xC0\n");
  EXPECT_EQ(r.out, "bcher-kva\n\nx-\n\nstdin-\n\n");
  EXPECT_EQ(r.err, "puny: " + a.path() + ":2: UTF8 at offset 0: invalid UTF-8\n" +  //
                       "puny: " + b.path() + ":2: UTF8 at offset 0: invalid UTF-8\n" +
                       "puny: line 2: UTF8 at offset 0: invalid UTF-8\n");
  EXPECT_EQ(r.status, 1);
  const auto eq = run_puny({"encode", "--file=" + b.path()});
  EXPECT_EQ(eq.out, "x-\n\n");
}

TEST(CliStreams, MissingFileIsReportedAndTheOthersConverted) {
  temp_file a("a\n");
  const auto r = run_puny({"encode", "-f", "/nonexistent/puny-input", "-f", a.path(), "-j", "2"});
  EXPECT_EQ(r.out, "a-\n");
  EXPECT_EQ(r.err, "puny: /nonexistent/puny-input: No such file or directory\n");
  EXPECT_EQ(r.status, 1);
}

TEST(CliStreams, RecordsLongerThanABatchInAParallelRun) {
  // Batches are 16 to 64 KiB: records of 1 MiB and more cross many reads.
  std::string in;
  std::string expected;
  for (int k = 0; k < 5; ++k) {
    const std::string big(static_cast<std::size_t>(k + 1) << 20, static_cast<char>('a' + k));
    in += big + "\n\xC3\xBC\n\xFF\n";
    expected += big + "-\ntda\n\n";
  }
  for (const char* jobs : {"1", "2", "4"}) {
    const auto r = run_puny({"encode", "-j", jobs}, in);
    EXPECT_TRUE(r.out == expected) << "-j " << jobs;
    EXPECT_EQ(count_of(r.err, '\n'), 5u);
    EXPECT_TRUE(r.err.find("puny: line 15: UTF8 at offset 0") != std::string::npos) << r.err.substr(0, 300);
  }
}

TEST(CliStreams, ManyBatchesWithFailuresKeepTheirOrder) {
  // 300,000 records over many batches; every 7th is ill-formed.
  std::string in;
  for (int k = 0; k < 300000; ++k) {
    if (k % 7 == 3) {
      in += "\xFF\n";
    } else {
      in += "xn--" + std::to_string(k) + "-\xC3\xBC.example\r\n";
    }
  }
  const auto one = run_puny({"to-ascii", "-j", "1", "--format", "tsv", "--no-check-hyphens"}, in);
  ASSERT_EQ(count_of(one.out, '\n'), 300000u);
  EXPECT_EQ(one.status, 1);
  for (const char* jobs : {"2", "5"}) {
    const auto many = run_puny({"to-ascii", "-j", jobs, "--format", "tsv", "--no-check-hyphens"}, in);
    EXPECT_TRUE(many.out == one.out) << "-j " << jobs;
    EXPECT_TRUE(many.err == one.err) << "-j " << jobs;
    EXPECT_EQ(many.status, 1);
  }
}

// The shared corpora, or nothing (skip) outside CI.
std::string corpus(const std::string& name) {
  const char* env = std::getenv("PUNY_CORPUS_DIR");
  const fs::path path = fs::path(env != nullptr ? env : PUNY_CORPUS_DIR) / name;
  std::ifstream f(path, std::ios::binary);
  if (!f) return {};
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

bool in_ci() {
  const char* ci = std::getenv("CI");
  return ci != nullptr && std::string_view(ci) == "true";
}

TEST(CliStreams, ParallelOutputIsByteIdenticalOnTheCorpora) {
  for (const char* name : {"ascii.txt", "unicode.txt", "mixed.txt"}) {
    SCOPED_TRACE(name);
    const std::string text = corpus(name);
    if (text.empty()) {
      if (in_ci()) FAIL() << "corpus " << name << " not found under " << PUNY_CORPUS_DIR;
      GTEST_SKIP() << "corpus " << name << " not found under " << PUNY_CORPUS_DIR;
    }
    temp_file file(text);
    for (const std::vector<std::string>& command :
         {std::vector<std::string>{"to-ascii", "--format", "jsonl"}, std::vector<std::string>{"to-unicode"},
          std::vector<std::string>{"to-ascii", "--profile", "whatwg", "--format", "tsv"}}) {
      std::vector<std::string> one = command;
      one.insert(one.end(), {"-j", "1", "-f", file.path()});
      std::vector<std::string> two = command;
      two.insert(two.end(), {"-j", "2", "-f", file.path()});
      std::vector<std::string> three = command;
      three.insert(three.end(), {"-j3"});
      const auto a = run_puny(one);
      const auto b = run_puny(two);
      const auto c = run_puny(three, text);
      ASSERT_EQ(count_of(a.out, '\n'), count_of(text, '\n')) << command[0];
      EXPECT_TRUE(a.out == b.out && a.out == c.out) << command[0];
      EXPECT_EQ(a.status, b.status);
      EXPECT_EQ(a.status, c.status);
      // Messages name lines of the file (a, b) or of standard input (c).
      EXPECT_TRUE(a.err == b.err) << command[0];
      EXPECT_EQ(count_of(a.err, '\n'), count_of(c.err, '\n'));
    }
  }
}

// Runs puny with standard error on a pseudo-terminal and standard output
// to /dev/null; returns what the terminal received.
std::string run_with_terminal_stderr(const std::vector<std::string>& args, int& status) {
  const int master = ::posix_openpt(O_RDWR | O_NOCTTY);
  if (master < 0 || ::grantpt(master) != 0 || ::unlockpt(master) != 0) return "no pty";
  const std::string slave = ::ptsname(master);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, slave.c_str(), O_RDWR | O_NOCTTY, 0);
  posix_spawn_file_actions_addclose(&actions, master);
  std::vector<std::string> strings{PUNY_EXE};
  strings.insert(strings.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& s : strings) argv.push_back(s.data());
  argv.push_back(nullptr);
  pid_t pid = -1;
  const int rc = ::posix_spawn(&pid, PUNY_EXE, &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) {
    ::close(master);
    return "spawn failed";
  }
  // Read until the child is gone and the terminal has nothing left (a
  // pty's master reports EIO once no one has the slave open).
  std::string got;
  bool exited = false;
  while (true) {
    pollfd p{master, POLLIN, 0};
    const int n = ::poll(&p, 1, 100);
    if (n > 0) {
      char buf[4096];
      const ssize_t k = ::read(master, buf, sizeof buf);
      if (k > 0) {
        got.append(buf, static_cast<std::size_t>(k));
        continue;
      }
      if (k < 0 && errno == EINTR) continue;
      if (exited) break;
    }
    if (!exited) {
      int st = 0;
      if (::waitpid(pid, &st, WNOHANG) == pid) {
        exited = true;
        status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
      }
    } else if (n == 0) {
      break;
    }
  }
  ::close(master);
  return got;
}

TEST(CliStreams, ProgressOnATerminalForLargeFilesOnly) {
  // 65 MiB of 4 KiB ASCII lines: over the 64 MiB threshold, quick to encode.
  std::string line(4095, 'p');
  line += '\n';
  std::string big;
  big.reserve(65u << 20);
  while (big.size() < (65u << 20)) big += line;
  temp_file file(big);
  int status = -1;
  const std::string tty = run_with_terminal_stderr({"encode", "-f", file.path()}, status);
  EXPECT_EQ(status, 0);
  // At least one progress line, then erased: the terminal ends with
  // carriage return and erase-line, and nothing else is written.
  EXPECT_TRUE(tty.starts_with("\rpuny: ")) << tty.substr(0, 200);
  EXPECT_NE(tty.find("% "), std::string::npos) << tty.substr(0, 200);
  EXPECT_NE(tty.find(" records"), std::string::npos) << tty.substr(0, 200);
  EXPECT_TRUE(tty.ends_with("\r\x1b[K")) << tty.substr(tty.size() > 200 ? tty.size() - 200 : 0);

  // A small file on a terminal: no progress line.
  temp_file small("a\n");
  EXPECT_EQ(run_with_terminal_stderr({"encode", "-f", small.path()}, status), "");
  // The large file with standard error not a terminal: none either.
  const auto r = run_puny({"encode", "-f", file.path()}, {}, redirect{std::nullopt, std::string("/dev/null")});
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.status, 0);
}

TEST(CliStreams, UsageErrorsOfTheStreamOptions) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"encode", "-j", "0"}, std::vector<std::string>{"encode", "-j"},
        std::vector<std::string>{"encode", "--jobs=x"}, std::vector<std::string>{"encode", "-j", "99999"},
        std::vector<std::string>{"encode", "-f"}, std::vector<std::string>{"encode", "a", "-f", "/dev/null"},
        std::vector<std::string>{"encode", "--urls"}, std::vector<std::string>{"check", "--format", "tsv"},
        std::vector<std::string>{"check", "--emails"}}) {
    const auto r = run_puny(args);
    EXPECT_EQ(r.status, 2) << args.back();
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("Try 'puny --help'"), std::string::npos) << r.err;
  }
}

TEST(CliStreams, VersionNamesTheUnicodeVersion) {
  const auto r = run_puny({"--version"});
  EXPECT_TRUE(r.out.starts_with("puny 0.")) << r.out;
  EXPECT_TRUE(r.out.find("\nUnicode 17.0.0\n") != std::string::npos) << r.out;
  EXPECT_EQ(r.status, 0);
}

}  // namespace
