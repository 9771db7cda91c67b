// The manual page docs/puny.1: every example in it runs and prints exactly
// what the page shows, it has the sections and error codes the command
// needs, and it describes every option that `puny --help` names.
//
// An example is an .EX/.EE block: a line starting with "$ " is a command
// for /bin/sh, and the lines after it, up to the next "$ " line or .EE, are
// its standard output.  The command runs with the directory of the built
// puny first on PATH, so "puny" in it is the binary under test.
#include <gtest/gtest.h>

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <poll.h>
#include <set>
#include <spawn.h>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#include "puny/idna.hpp"
#include "puny/status.hpp"

extern char** environ;

namespace {

const std::string page_path = PUNY_SOURCE_DIR "/docs/puny.1";

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.emplace_back(text, start, end - start);
    start = end + 1;
  }
  return lines;
}

void append_utf8(std::string& out, std::uint32_t c) {
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
}

// The text of an example line as a shell or a terminal sees it.  Only the
// escapes an example needs are allowed, so that what is compared is
// exactly what a reader copies from the rendered page: \- (an ASCII
// hyphen-minus), \e (a backslash), \(aq (an ASCII apostrophe), \& (nothing)
// and \[uXXXX] (that code point: groff reads non-ASCII input only this way
// without preconv).  Anything else throws, naming the escape.
std::string example_text(std::string_view roff) {
  std::string out;
  for (std::size_t i = 0; i < roff.size(); ++i) {
    if (roff[i] != '\\') {
      out += roff[i];
      continue;
    }
    const std::string_view rest = roff.substr(i);
    if (rest.starts_with("\\-")) {
      out += '-';
      i += 1;
    } else if (rest.starts_with("\\e")) {
      out += '\\';
      i += 1;
    } else if (rest.starts_with("\\(aq")) {
      out += '\'';
      i += 3;
    } else if (rest.starts_with("\\&")) {
      i += 1;
    } else if (rest.starts_with("\\[u")) {
      const std::size_t close = rest.find(']');
      const std::string_view hex = close == std::string_view::npos ? std::string_view() : rest.substr(3, close - 3);
      if (hex.size() < 4 || hex.size() > 6 || hex.find_first_not_of("0123456789ABCDEF") != std::string_view::npos) {
        throw std::runtime_error("bad \\[u...] escape in \"" + std::string(roff) + "\"");
      }
      append_utf8(out, static_cast<std::uint32_t>(std::stoul(std::string(hex), nullptr, 16)));
      i += close;
    } else {
      throw std::runtime_error("escape " + std::string(rest.substr(0, 2)) + " is not allowed in an example: \"" +
                               std::string(roff) + "\"");
    }
  }
  return out;
}

struct example {
  std::size_t line = 0;  // 1-based line of the command in the page
  std::string command;
  std::string expected_output;
};

// The examples of the page; throws, naming the line, when an .EX block is
// not an example as described at the top of this file.
std::vector<example> examples_of(const std::string& page) {
  std::vector<example> examples;
  const std::vector<std::string> lines = lines_of(page);
  bool in_block = false;
  bool has_command = false;
  for (std::size_t n = 0; n < lines.size(); ++n) {
    const std::string& line = lines[n];
    const std::string where = "docs/puny.1:" + std::to_string(n + 1) + ": ";
    if (!in_block) {
      if (line == ".EX") {
        in_block = true;
        has_command = false;
      } else if (line.starts_with(".EE")) {
        throw std::runtime_error(where + ".EE without .EX");
      }
      continue;
    }
    if (line == ".EE") {
      in_block = false;
      continue;
    }
    if (line.starts_with(".") || line.starts_with("'")) {
      throw std::runtime_error(where + "a request inside an example: " + line);
    }
    if (line.starts_with("$ ")) {
      examples.push_back({n + 1, example_text(std::string_view(line).substr(2)), ""});
      has_command = true;
      continue;
    }
    if (!has_command) throw std::runtime_error(where + "output before the first \"$ \" command of an example");
    examples.back().expected_output += example_text(line);
    examples.back().expected_output += '\n';
  }
  if (in_block) throw std::runtime_error("docs/puny.1: .EX without .EE");
  return examples;
}

// The page as plain text, near enough to search it for names: \- and \e
// become '-' and '\', font changes (\fB \fI \fR \fP) and \& are dropped.
std::string searchable_text(const std::string& page) {
  std::string out;
  for (std::size_t i = 0; i < page.size(); ++i) {
    if (page[i] != '\\' || i + 1 == page.size()) {
      out += page[i];
      continue;
    }
    const char next = page[i + 1];
    if (next == '-') {
      out += '-';
      ++i;
    } else if (next == 'e') {
      out += '\\';
      ++i;
    } else if (next == '&') {
      ++i;
    } else if (next == 'f' && i + 2 < page.size()) {
      i += 2;
    } else {
      out += page[i];
    }
  }
  return out;
}

bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
}

// True when `word` occurs in `text` with no letter, digit or hyphen right
// before or after it ("-f" in "-f FILE", not in "-fFILE" or "x-f").
bool has_word(std::string_view text, std::string_view word) {
  for (std::size_t at = text.find(word); at != std::string_view::npos; at = text.find(word, at + 1)) {
    const bool starts = at == 0 || !is_name_char(text[at - 1]);
    const std::size_t end = at + word.size();
    const bool ends = end == text.size() || !is_name_char(text[end]);
    if (starts && ends) return true;
  }
  return false;
}

// The options named in a help text: "--name", "--[no-]name" and "-x"
// standing as words ("--format" of "--format=tsv" too; not the "-j" of
// "-j4", which is an example of an attached value).
std::set<std::string> options_named(std::string_view help) {
  std::set<std::string> options;
  for (std::size_t i = 0; i < help.size(); ++i) {
    if (help[i] != '-' || (i > 0 && is_name_char(help[i - 1]))) continue;
    const std::string_view rest = help.substr(i);
    if (rest.starts_with("--")) {
      std::size_t j = 2;
      if (rest.substr(j).starts_with("[no-]")) j += 5;
      const std::size_t name_start = j;
      while (j < rest.size() && is_name_char(rest[j])) ++j;
      if (j > name_start && rest[name_start] >= 'a' && rest[name_start] <= 'z') {
        options.emplace(rest.substr(0, j));
      }
      i += j - 1;
    } else if (rest.size() >= 2 && is_name_char(rest[1]) && rest[1] != '-' &&
               (rest.size() == 2 || !is_name_char(rest[2]))) {
      options.emplace(rest.substr(0, 2));
    }
  }
  return options;
}

struct shell_result {
  std::string out;
  std::string err;
  int status = -1;  // exit status, or 128 + signal
};

[[noreturn]] void fail_errno(const char* what) {
  throw std::runtime_error(std::string(what) + ": " + std::strerror(errno));
}

// Runs `/bin/sh -c command` with standard input from /dev/null and PATH
// starting with the directory of the puny under test.
shell_result run_shell(const std::string& command) {
  const std::string puny_dir = std::filesystem::path(PUNY_EXE).parent_path().string();
  std::vector<std::string> env_strings;
  std::string path = "PATH=" + puny_dir + ":/usr/bin:/bin";
  for (char** e = environ; *e != nullptr; ++e) {
    const std::string_view entry = *e;
    if (entry.starts_with("PATH=")) {
      path = "PATH=" + puny_dir + ":" + std::string(entry.substr(5));
    } else {
      env_strings.emplace_back(entry);
    }
  }
  env_strings.push_back(path);
  std::vector<char*> envp;
  for (std::string& s : env_strings) envp.push_back(s.data());
  envp.push_back(nullptr);

  int out_pipe[2];
  int err_pipe[2];
  if (::pipe2(out_pipe, O_CLOEXEC) != 0) fail_errno("pipe2");
  if (::pipe2(err_pipe, O_CLOEXEC) != 0) fail_errno("pipe2");
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out_pipe[1], 1);
  posix_spawn_file_actions_adddup2(&actions, err_pipe[1], 2);
  std::string sh = "sh";
  std::string dash_c = "-c";
  std::string script = command;
  char* argv[] = {sh.data(), dash_c.data(), script.data(), nullptr};
  pid_t pid = -1;
  const int spawned = ::posix_spawn(&pid, "/bin/sh", &actions, nullptr, argv, envp.data());
  posix_spawn_file_actions_destroy(&actions);
  ::close(out_pipe[1]);
  ::close(err_pipe[1]);
  if (spawned != 0) {
    ::close(out_pipe[0]);
    ::close(err_pipe[0]);
    errno = spawned;
    fail_errno("posix_spawn /bin/sh");
  }

  shell_result r;
  pollfd fds[2] = {{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}};
  std::string* bufs[2] = {&r.out, &r.err};
  int open_fds = 2;
  while (open_fds > 0) {
    if (::poll(fds, 2, -1) < 0) {
      if (errno == EINTR) continue;
      fail_errno("poll");
    }
    for (int k = 0; k < 2; ++k) {
      if (fds[k].fd < 0 || fds[k].revents == 0) continue;
      char chunk[65536];
      const ssize_t n = ::read(fds[k].fd, chunk, sizeof chunk);
      if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
      if (n <= 0) {
        ::close(fds[k].fd);
        fds[k].fd = -1;
        --open_fds;
        continue;
      }
      bufs[k]->append(chunk, static_cast<std::size_t>(n));
    }
  }
  int wstatus = 0;
  while (::waitpid(pid, &wstatus, 0) < 0) {
    if (errno != EINTR) fail_errno("waitpid");
  }
  r.status = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : 128 + WTERMSIG(wstatus);
  return r;
}

TEST(CliManpage, ExampleParsing) {
  // The rules the page is read with, on a page of this test's own.
  const std::vector<example> ex = examples_of(
      ".SH EXAMPLES\n"
      ".EX\n"
      "$ puny encode b\\[u00FC]cher \\(aq\\e\\(aq\n"
      "bcher\\-kva\n"
      "\\&\n"
      "$ true\n"
      ".EE\n"
      ".nf\n"
      "$ not an example\n"
      ".fi\n");
  ASSERT_EQ(ex.size(), 2u);
  EXPECT_EQ(ex[0].line, 3u);
  EXPECT_EQ(ex[0].command, "puny encode b\xC3\xBC" "cher '\\'");
  EXPECT_EQ(ex[0].expected_output, "bcher-kva\n\n");
  EXPECT_EQ(ex[1].command, "true");
  EXPECT_EQ(ex[1].expected_output, "");
  EXPECT_THROW(examples_of(".EX\nstray output\n$ true\n.EE\n"), std::runtime_error);
  EXPECT_THROW(examples_of(".EX\n$ echo \\fBx\\fR\n.EE\n"), std::runtime_error);
  EXPECT_THROW(examples_of(".EX\n$ true\n.br\n.EE\n"), std::runtime_error);
  EXPECT_THROW(examples_of(".EX\n$ true\n"), std::runtime_error);
  EXPECT_THROW(examples_of(".EX\n$ echo \\[u00fc]\n.EE\n"), std::runtime_error);

  EXPECT_EQ(options_named("  -f FILE, --file FILE  (-fFILE, -j4) --format=tsv --[no-]std3 B1-B6 \"-\" --\n"),
            (std::set<std::string>{"-f", "--file", "--format", "--[no-]std3"}));
}

TEST(CliManpage, ExamplesPrintWhatThePageShows) {
  const std::vector<example> examples = examples_of(read_file(page_path));
  // Enough to cover encode, decode, --codepoints, to-ascii, to-unicode,
  // --format, --urls, --emails, -0 and a failing record.
  EXPECT_GE(examples.size(), 8u);
  for (const example& ex : examples) {
    SCOPED_TRACE("docs/puny.1:" + std::to_string(ex.line) + ": $ " + ex.command);
    const shell_result r = run_shell(ex.command);
    EXPECT_EQ(r.out, ex.expected_output) << "standard error:\n" << r.err;
  }
}

TEST(CliManpage, DescribesEveryOptionOfTheHelp) {
  const std::string page = searchable_text(read_file(page_path));
  std::set<std::string> options;
  for (const char* help : {"puny --help", "puny encode --help", "puny decode --help", "puny to-ascii --help",
                           "puny to-unicode --help", "puny check --help",
                           "puny display --help", "puny compare --help"}) {
    const shell_result r = run_shell(help);
    ASSERT_EQ(r.status, 0) << help << '\n' << r.err;
    options.merge(options_named(r.out));
  }
  // The help names at least these; fewer means it or the scan broke.
  for (const char* known : {"--codepoints", "--mixed-case", "--trace", "--profile", "--format", "--urls", "--emails",
                            "--[no-]std3", "--[no-]ignore-invalid-punycode", "-f", "--file", "-0", "--null", "-j",
                            "--jobs", "-q", "--quiet", "-h", "--help", "--version"}) {
    EXPECT_TRUE(options.contains(known)) << known;
  }
  for (const std::string& option : options) EXPECT_TRUE(has_word(page, option)) << option << " is not in docs/puny.1";
}

TEST(CliManpage, HasTheSections) {
  const std::string page = read_file(page_path);
  EXPECT_TRUE(page.starts_with(".TH PUNY 1 ") || page.find("\n.TH PUNY 1 ") != std::string::npos);
  for (const std::string section : {"NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "PROFILES AND FLAGS",
                                    "OUTPUT FORMATS", "ERROR CODES", "EXIT STATUS", "EXAMPLES", "STANDARDS",
                                    "SEE ALSO"}) {
    const bool found = page.find("\n.SH " + section + "\n") != std::string::npos ||
                       page.find("\n.SH \"" + section + "\"\n") != std::string::npos;
    EXPECT_TRUE(found) << section;
  }
  EXPECT_TRUE(page.find(".BR idn2 (1)") != std::string::npos);
}

TEST(CliManpage, ExplainsEveryErrorCode) {
  const std::vector<std::string> lines = lines_of(read_file(page_path));
  auto has_entry = [&](std::string_view code) {
    const std::string tag = ".B " + std::string(code);
    for (std::size_t n = 1; n < lines.size(); ++n) {
      if (lines[n] == tag && lines[n - 1] == ".TP") return true;
    }
    return false;
  };
  for (std::size_t c = 0; c < puny::idna_code_count; ++c) {
    const std::string_view code = puny::name(static_cast<puny::idna_code>(c));
    EXPECT_TRUE(has_entry(code)) << code;
  }
  // What encode and decode can report (the buffer-size and parameter
  // statuses cannot come from the command), and puny's own codes.
  for (const puny::status s : {puny::status::invalid_digit, puny::status::truncated_integer,
                               puny::status::non_basic_literal, puny::status::empty_literal,
                               puny::status::encoded_basic, puny::status::overflow,
                               puny::status::invalid_code_point}) {
    EXPECT_TRUE(has_entry(puny::name(s))) << puny::name(s);
  }
  for (const char* code : {"UTF8", "terminator_in_result", "invalid_token", "out_of_memory"}) {
    EXPECT_TRUE(has_entry(code)) << code;
  }
}

}  // namespace
