// The command's fast ways through its records (issue 27): plain to-ascii and
// to-unicode results written straight into the batch's output must be the
// records the common way gives (the way of arguments and of tsv); batches
// that start small and end small must keep every record, in order, with
// any number of threads; and threads that each read, convert and write
// must still answer line by line and stop on a write error.
#include <gtest/gtest.h>

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <string_view>
#include <unistd.h>
#include <vector>

#include "cli_process.hpp"

namespace {

using namespace std::chrono_literals;
using puny_cli_test::puny_process;
using puny_cli_test::redirect;
using puny_cli_test::run_puny;
namespace fs = std::filesystem;

// A file that is removed when the test ends.
class temp_file {
 public:
  explicit temp_file(std::string_view content) {
    static int serial = 0;
    path_ = fs::temp_directory_path() /
            ("puny-throughput-" + std::to_string(::getpid()) + "-" + std::to_string(serial++) + ".txt");
    std::ofstream(path_, std::ios::binary).write(content.data(), static_cast<std::streamsize>(content.size()));
  }
  ~temp_file() {
    std::error_code ec;
    fs::remove(path_, ec);
  }
  temp_file(const temp_file&) = delete;
  temp_file& operator=(const temp_file&) = delete;
  [[nodiscard]] std::string path() const { return path_.string(); }

 private:
  fs::path path_;
};

std::size_t count_of(std::string_view s, char c) {
  std::size_t n = 0;
  for (const char x : s) n += x == c ? 1 : 0;
  return n;
}

std::string replaced(std::string s, std::string_view from, std::string_view to) {
  for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) {
    s.replace(at, from.size(), to);
  }
  return s;
}

// U+FDFA, which UTS #46 maps to 18 code points (33 bytes of UTF-8 for 3).
const std::string fdfa = "\xEF\xB7\xBA";

// Domains of every outcome: converted, converted with a change, UTS #46
// codes (to-unicode still writes a result for them), ill-formed UTF-8,
// empty, and a to-unicode result longer than the room first tried.
std::vector<std::string> every_outcome() {
  std::vector<std::string> v = {"example.com",
                                "B\xC3\xBC" "cher.DE",
                                "xn--bcher-kva.de",
                                "xn--0.com",
                                "-a-.com",
                                "a\xE2\x80\x8D" "b.com",
                                "\xFF\xFE.com",
                                "",
                                "\xE6\x97\xA5\xE6\x9C\xAC.jp",
                                "\xD7\x90\xD7\x91.\xD7\x90\xD7\x91" "1a",
                                std::string(64, 'a') + ".com",
                                "a..b",
                                "x"};
  std::string long_one;
  for (int k = 0; k < 40; ++k) long_one += fdfa;
  v.push_back(long_one);
  v.push_back(long_one + ".com");
  return v;
}

TEST(CliThroughput, PlainRecordsFromInputMatchTheSameDomainsAsArguments) {
  // Arguments take the common way through an outcome; lines of standard
  // input take the direct one when they convert without a code.
  const std::vector<std::string> domains = every_outcome();
  std::string in;
  for (const std::string& d : domains) in += d + "\n";
  for (const char* cmd : {"to-ascii", "to-unicode"}) {
    SCOPED_TRACE(cmd);
    std::vector<std::string> args = {cmd, "--"};
    args.insert(args.end(), domains.begin(), domains.end());
    const auto by_argument = run_puny(args);
    ASSERT_EQ(count_of(by_argument.out, '\n'), domains.size());
    for (const char* jobs : {"1", "2"}) {
      const auto by_line = run_puny({cmd, "-j", jobs}, in);
      EXPECT_TRUE(by_line.out == by_argument.out) << "-j " << jobs << "\n" << by_line.out << "---\n" << by_argument.out;
      EXPECT_EQ(by_line.err, replaced(by_argument.err, "puny: argument ", "puny: line ")) << "-j " << jobs;
      EXPECT_EQ(by_line.status, 1);
    }
  }
}

TEST(CliThroughput, RecordsOfEveryLengthAcrossTheSplittersBlocks) {
  // Terminators are found 64 bytes at a time: records of 0 to 200 bytes
  // put them at every offset of a block, at its edges, and in the short
  // last block, with LF, CRLF and NUL terminators.
  std::vector<std::string> domains;
  for (std::size_t n = 0; n <= 200; ++n) {
    std::string d(n, 'a');
    for (std::size_t k = 9; k < n; k += 10) d[k] = '.';
    domains.push_back(d);
  }
  std::vector<std::string> args = {"to-ascii", "--"};
  args.insert(args.end(), domains.begin(), domains.end());
  const auto by_argument = run_puny(args);
  ASSERT_EQ(count_of(by_argument.out, '\n'), domains.size());
  for (const std::string& terminator : {std::string("\n"), std::string("\r\n"), std::string(1, '\0')}) {
    const bool nul = terminator[0] == '\0';
    std::string in;
    for (const std::string& d : domains) in += d + terminator;
    in.resize(in.size() - terminator.size());  // the last record without one
    const auto r = run_puny(nul ? std::vector<std::string>{"to-ascii", "-0"} : std::vector<std::string>{"to-ascii"},
                            in);
    EXPECT_TRUE(r.out == (nul ? replaced(by_argument.out, "\n", std::string(1, '\0')) : by_argument.out));
    EXPECT_EQ(r.err, replaced(by_argument.err, "puny: argument ", nul ? "puny: record " : "puny: line "));
    EXPECT_EQ(r.status, by_argument.status);
  }
}

TEST(CliThroughput, PlainRecordsAgreeWithTheTsvOutputField) {
  // The tsv record's second field is the plain record, escaped.
  const std::vector<std::string> domains = every_outcome();
  std::string in;
  for (const std::string& d : domains) in += d + "\r\n";
  for (const char* cmd : {"to-ascii", "to-unicode"}) {
    SCOPED_TRACE(cmd);
    const auto plain = run_puny({cmd}, in);
    const auto tsv = run_puny({cmd, "--format", "tsv"}, in);
    std::string fields;
    for (std::size_t at = 0; at < tsv.out.size();) {
      const std::size_t end = tsv.out.find('\n', at);
      ASSERT_NE(end, std::string::npos);
      const std::string_view line(tsv.out.data() + at, end - at);
      const std::size_t first = line.find('\t');
      const std::size_t second = line.find('\t', first + 1);
      ASSERT_NE(second, std::string_view::npos) << line;
      fields += std::string(line.substr(first + 1, second - first - 1)) + "\n";
      at = end + 1;
    }
    // None of these results holds a character that tsv escapes.
    EXPECT_TRUE(plain.out == fields) << plain.out << "---\n" << fields;
    EXPECT_EQ(plain.err, tsv.err);
    EXPECT_EQ(plain.status, tsv.status);
  }
}

TEST(CliThroughput, ResultLongerThanTheFirstRoomInAStream) {
  // 200 × U+FDFA: 600 bytes in, 6,600 bytes out — past the 2 × 600 + 64
  // bytes first tried, so the library is asked again with the room it
  // needs.  (The mapping holds spaces: U1 and B2, and to-unicode still
  // writes its result.)
  std::string domain;
  for (int k = 0; k < 200; ++k) domain += fdfa;
  const auto arg = run_puny({"to-unicode", "--", domain});
  ASSERT_GT(arg.out.size(), 2 * domain.size() + 64);
  ASSERT_EQ(arg.err.substr(0, 18), "puny: argument 1: ");
  ASSERT_EQ(arg.status, 1);
  const auto line = run_puny({"to-unicode"}, "a.com\n" + domain + "\nb.com");
  EXPECT_TRUE(line.out == "a.com\n" + arg.out + "b.com\n");
  EXPECT_EQ(line.err, replaced(arg.err, "puny: argument 1: ", "puny: line 2: "));
  EXPECT_EQ(line.status, 1);
}

TEST(CliThroughput, CrlfAndTheLastRecordInTheDirectWay) {
  const auto r = run_puny({"to-ascii"}, "B\xC3\xBC" "cher.de\r\nexample.com\r\n\r\nlast.com\r");
  // The empty line fails (A4_2); a final CR without LF stays in the record
  // and fails as well.
  EXPECT_EQ(r.out, "xn--bcher-kva.de\nexample.com\n\n\n");
  EXPECT_EQ(count_of(r.err, '\n'), 2u) << r.err;
  EXPECT_NE(r.err.find("puny: line 3: "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("puny: line 4: "), std::string::npos) << r.err;
  EXPECT_EQ(r.status, 1);
}

TEST(CliThroughput, NulRecordsInTheDirectWay) {
  const std::string nul(1, '\0');
  const std::string in = "b\xC3\xBC" "cher.de" + nul + "example.com" + nul + nul;
  const auto r = run_puny({"to-ascii", "-0", "-j", "2"}, in);
  EXPECT_EQ(r.out, "xn--bcher-kva.de" + nul + "example.com" + nul + nul);
  EXPECT_EQ(r.err.substr(0, 16), "puny: record 3: ");
  EXPECT_EQ(r.status, 1);
}

// Lines of random domains, a few of them failing, of `n` lines in all.
std::string random_lines(std::size_t n, unsigned seed) {
  const std::vector<std::string> parts = every_outcome();
  std::mt19937 rng(seed);
  std::string s;
  for (std::size_t k = 0; k < n; ++k) {
    const std::size_t pick = rng() % 64;
    if (pick < parts.size()) {
      s += parts[pick];
    } else {
      // Mostly valid names of varied length, some with a non-ASCII label.
      s += std::string(1 + rng() % 40, static_cast<char>('a' + rng() % 26));
      if (rng() % 3 == 0) s += ".b\xC3\xBC" "cher";
      s += ".example";
    }
    s += rng() % 5 == 0 ? "\r\n" : "\n";
  }
  return s;
}

TEST(CliThroughput, SmallAndMediumInputsGiveTheSameBytesOnAnyNumberOfThreads) {
  // Sizes around the first batches (16 KiB, doubling) and the last ones of
  // a regular file (a quarter of what is left), from a file given with -f,
  // a file on standard input, and a pipe.
  for (const std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{700}, std::size_t{2500},
                              std::size_t{9000}, std::size_t{40000}}) {
    SCOPED_TRACE(n);
    const std::string in = random_lines(n, static_cast<unsigned>(n) + 27);
    temp_file file(in);
    for (const char* cmd : {"to-ascii", "to-unicode"}) {
      SCOPED_TRACE(cmd);
      const auto one = run_puny({cmd, "-j", "1"}, in);
      ASSERT_EQ(count_of(one.out, '\n'), n);
      for (const char* jobs : {"1", "2", "3", "8"}) {
        SCOPED_TRACE(jobs);
        const auto piped = run_puny({cmd, "-j", jobs}, in);
        const auto redirected = run_puny({cmd, "-j", jobs}, {}, redirect{file.path(), std::nullopt});
        const auto named = run_puny({cmd, "-j", jobs, "-f", file.path()});
        EXPECT_TRUE(piped.out == one.out);
        EXPECT_TRUE(redirected.out == one.out);
        EXPECT_TRUE(named.out == one.out);
        EXPECT_TRUE(piped.err == one.err);
        EXPECT_TRUE(redirected.err == one.err);
        EXPECT_TRUE(named.err == replaced(one.err, "puny: line ", "puny: " + file.path() + ":"));
        EXPECT_EQ(piped.status, one.status);
        EXPECT_EQ(redirected.status, one.status);
        EXPECT_EQ(named.status, one.status);
      }
    }
  }
}

TEST(CliThroughput, ParallelRunAnswersEachLineBeforeTheInputEnds) {
  // The thread that converts a batch writes it, while another may wait
  // for the next line.
  puny_process p({"to-ascii", "-j", "2"});
  p.write_input("B\xC3\xBC" "cher.de\n");
  EXPECT_EQ(p.read_line(20s), "xn--bcher-kva.de");
  p.write_input("xn--0.com\n");
  EXPECT_EQ(p.read_line(20s), "");
  p.write_input("a.com\nb");
  EXPECT_EQ(p.read_line(20s), "a.com");
  const auto r = p.finish(".com\n");
  EXPECT_EQ(r.out, "b.com\n");
  EXPECT_EQ(count_of(r.err, '\n'), 1u);
  EXPECT_EQ(r.err.substr(0, 14), "puny: line 2: ");
  EXPECT_EQ(r.status, 1);
}

TEST(CliThroughput, ParallelRunStopsOnAWriteError) {
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  const std::string in = random_lines(200000, 5);
  for (const char* jobs : {"2", "4"}) {
    const auto r = run_puny({"to-ascii", "-q", "-j", jobs}, in, redirect{std::nullopt, std::string("/dev/full")});
    EXPECT_EQ(r.err, "puny: error writing standard output\n") << "-j " << jobs;
    EXPECT_EQ(r.status, 1);
  }
}

}  // namespace
