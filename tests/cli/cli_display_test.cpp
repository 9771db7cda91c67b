// `puny display` end to end: the display string of each domain name under a
// policy, in the plain, tsv and jsonl formats byte for byte; the record
// rules (one output record per input record, in order, nothing trimmed or
// skipped; CRLF; -0); -j N the same as -j 1; --protect and the look-alike
// check; --urls and --emails; the options of the allowed set; usage errors.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <sstream>
#include <string>
#include <string_view>
#include <unistd.h>
#include <vector>

#include "cli_process.hpp"
#include "puny/display.hpp"
#include "puny/idna.hpp"

namespace {

namespace fs = std::filesystem;
using namespace std::string_literals;
using puny_cli_test::run_puny;

std::string text(std::u8string_view s) { return std::string(s.begin(), s.end()); }

const std::string hint = "Try 'puny --help' for more information.\n";

// Names whose display Chromium's own tests fix (idn_spoof_checker_unittest.cc):
// аррӏе.com is five Cyrillic letters that look like "apple" (kWholeScriptConfusable);
// bücher.de is shown in Unicode.
const std::string apple_ace = "xn--80ak6aa92e.com";
const std::string apple = text(u8"аррӏе.com");
const std::string buecher = text(u8"bücher.de");
const std::string buecher_ace = "xn--bcher-kva.de";

std::string reason_text(puny::display_reason r) {
  return std::string(puny::name(r)) + " (" + std::string(puny::message(r)) + ")";
}

const std::string wsc = reason_text(puny::display_reason::whole_script_confusable);

// The lines given, each followed by '\n'.
std::string lines(std::initializer_list<std::string> each) {
  std::string out;
  for (const std::string& line : each) out += line + "\n";
  return out;
}

std::size_t count_of(std::string_view s, char c) {
  std::size_t n = 0;
  for (const char x : s) n += x == c ? 1 : 0;
  return n;
}

class temp_file {
 public:
  explicit temp_file(std::string_view content) {
    static int serial = 0;
    dir_ = fs::temp_directory_path() / ("puny-display-" + std::to_string(::getpid()) + "-" + std::to_string(serial++));
    fs::create_directories(dir_);
    path_ = dir_ / "list.txt";
    std::ofstream(path_, std::ios::binary).write(content.data(), static_cast<std::streamsize>(content.size()));
  }
  ~temp_file() {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  temp_file(const temp_file&) = delete;
  temp_file& operator=(const temp_file&) = delete;
  [[nodiscard]] std::string path() const { return path_.string(); }
  [[nodiscard]] std::string dir() const { return dir_.string(); }

 private:
  fs::path dir_;
  fs::path path_;
};

std::string read_file(const fs::path& path) {
  std::ifstream f(path, std::ios::binary);
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

// ToASCII of a name with the uts46 profile, as display's promise is stated.
std::string ace(std::string_view name) { return puny::to_ascii(name).value; }

// ---------------------------------------------------------------------------
// Formats

TEST(CliDisplayPlain, EachNameAsItIsSafeToShow) {
  const auto r = run_puny({"display", apple_ace, buecher_ace, buecher, "Example.COM", apple, "www.xn--0.com"});
  EXPECT_EQ(r.out, lines({apple_ace, buecher, buecher, "example.com", apple_ace, "www.xn--0.com"}));
  EXPECT_EQ(r.err, lines({
                       "puny: argument 1: label 1 \"xn--80ak6aa92e\": " + wsc,
                       "puny: argument 5: label 1 \"" + text(u8"аррӏе") + "\": " + wsc,
                       "puny: argument 6: label 2 \"xn--0\": invalid: P4 (" +
                           std::string(puny::message(puny::idna_code::P4)) + ")",
                   }));
  EXPECT_EQ(r.status, 1);
}

TEST(CliDisplayPlain, AllShownAsThemselvesIsExitZeroAndSilent) {
  const auto r = run_puny({"display"}, lines({buecher_ace, buecher, "example.com", "xn--wgv71a119e.jp"}));
  EXPECT_EQ(r.out, lines({buecher, buecher, "example.com", text(u8"日本語.jp")}));
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.status, 0);
}

TEST(CliDisplayPlain, QuietKeepsTheExitStatus) {
  const auto r = run_puny({"display", "-q", apple_ace});
  EXPECT_EQ(r.out, apple_ace + "\n");
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.status, 1);
}

TEST(CliDisplayTsv, FourFieldsExactly) {
  const auto r = run_puny({"display", "--format", "tsv"}, lines({apple_ace, buecher_ace, "example.com"}));
  EXPECT_EQ(r.out, lines({
                       apple_ace + "\t" + apple_ace + "\twhole_script_confusable\t",
                       buecher_ace + "\t" + buecher + "\t\t",
                       "example.com\texample.com\t\t",
                   }));
  EXPECT_EQ(r.status, 1);
  for (const std::string& line : {r.out.substr(0, r.out.find('\n'))}) EXPECT_EQ(count_of(line, '\t'), 3u);
}

TEST(CliDisplayJsonl, ExactObjects) {
  const auto r = run_puny({"display", "--format=jsonl", apple_ace, buecher});
  EXPECT_EQ(r.out,
            lines({
                "{\"input\": \"" + apple_ace + "\", \"display\": \"" + apple_ace +
                    "\", \"ok\": false, \"lookalike_of\": null, \"labels\": [{\"unicode\": \"" + text(u8"аррӏе") +
                    "\", \"ascii\": \"xn--80ak6aa92e\", \"shown\": \"ascii\", \"reasons\": "
                    "[\"whole_script_confusable\"]}, {\"unicode\": \"com\", \"ascii\": \"com\", \"shown\": \"ascii\", "
                    "\"reasons\": []}]}",
                "{\"input\": \"" + buecher + "\", \"display\": \"" + buecher +
                    "\", \"ok\": true, \"lookalike_of\": null, \"labels\": [{\"unicode\": \"" + text(u8"bücher") +
                    "\", \"ascii\": \"xn--bcher-kva\", \"shown\": \"unicode\", \"reasons\": []}, {\"unicode\": \"de\", "
                    "\"ascii\": \"de\", \"shown\": \"ascii\", \"reasons\": []}]}",
            }));
  EXPECT_EQ(r.err, "puny: argument 1: label 1 \"xn--80ak6aa92e\": " + wsc + "\n");
  EXPECT_EQ(r.status, 1);
}

TEST(CliDisplayFormats, IllFormedUtf8FailsAloneInEveryFormat) {
  const std::string in = "a\xFF" "b.com\n" + buecher + "\n";
  const auto p = run_puny({"display"}, in);
  EXPECT_EQ(p.out, "\n" + buecher + "\n");
  EXPECT_EQ(p.err, "puny: line 1: UTF8 at offset 1: invalid UTF-8\n");
  EXPECT_EQ(p.status, 1);
  const auto t = run_puny({"display", "--format", "tsv"}, in);
  EXPECT_EQ(t.out, "a\xFF" "b.com\t\tUTF8\t\n" + buecher + "\t" + buecher + "\t\t\n");
  const auto j = run_puny({"display", "--format", "jsonl"}, in);
  EXPECT_EQ(j.out.substr(0, j.out.find('\n')),
            "{\"input\": \"a\\ufffdb.com\", \"display\": \"\", \"ok\": false, \"lookalike_of\": null, \"labels\": []}");
}

TEST(CliDisplayFormats, TsvAndJsonlEscapeWhatPlainCannotWrite) {
  // An argument with a line feed: STD3 rules make that label invalid, and
  // an invalid label is shown as given.
  const auto p = run_puny({"display", "a\nb.com", "example.com"});
  EXPECT_EQ(p.out, "\nexample.com\n");
  EXPECT_NE(p.err.find("puny: argument 1: terminator_in_result at offset 1: "), std::string::npos) << p.err;
  EXPECT_EQ(p.status, 1);
  const auto t = run_puny({"display", "--format", "tsv", "a\tb.com", "a\nb.com"});
  EXPECT_TRUE(t.out.starts_with("a\\tb.com\ta\\tb.com\t")) << t.out;
  EXPECT_NE(t.out.find("\na\\nb.com\ta\\nb.com\t"), std::string::npos) << t.out;
  EXPECT_EQ(count_of(t.out, '\n'), 2u) << t.out;
  const auto j = run_puny({"display", "--format", "jsonl", "a\nb.com"});
  EXPECT_TRUE(j.out.starts_with("{\"input\": \"a\\nb.com\", \"display\": \"a\\nb.com\", ")) << j.out;
}

// ---------------------------------------------------------------------------
// Policies

TEST(CliDisplayPolicies, DefaultIsChromiumAndEachPolicyIsNamed) {
  EXPECT_EQ(run_puny({"display", apple_ace}).out, run_puny({"display", "--policy", "chromium", apple_ace}).out);
  const auto a = run_puny({"display", "--policy", "ascii", "--format", "tsv", buecher, "example.com"});
  EXPECT_EQ(a.out, lines({buecher + "\t" + buecher_ace + "\tascii_policy\t", "example.com\texample.com\t\t"}));
  EXPECT_EQ(a.status, 1);
  // Firefox also refuses Cyrillic look-alikes of Latin under a Latin TLD;
  // UTS #39 alone shows a single-script label.
  EXPECT_EQ(run_puny({"display", "--policy", "firefox", apple_ace}).out, apple_ace + "\n");
  for (const char* policy : {"uts39-highly-restrictive", "uts39-moderately-restrictive"}) {
    const auto r = run_puny({"display", "--policy", policy, buecher, apple_ace, "example.com"});
    EXPECT_EQ(r.out, lines({buecher, apple, "example.com"})) << policy;
    EXPECT_EQ(r.err, "") << policy;
    EXPECT_EQ(r.status, 0) << policy;
  }
  // Latin mixed with Cyrillic is past every policy's restriction level.
  const std::string mixed = text(u8"раураl.com");
  for (const char* policy :
       {"chromium", "firefox", "uts39-highly-restrictive", "uts39-moderately-restrictive", "ascii"}) {
    const auto r = run_puny({"display", "--policy", policy, mixed});
    EXPECT_EQ(r.out, ace(mixed) + "\n") << policy;
    EXPECT_EQ(r.status, 1) << policy;
  }
}

TEST(CliDisplayPolicies, BlockedAllowedAndScriptsAndCjk) {
  const auto blocked = run_puny({"display", "--format", "tsv", "--block-chars", text(u8"ü"), buecher});
  EXPECT_EQ(blocked.out, buecher + "\t" + buecher_ace + "\tdeny_listed_character\t\n");
  EXPECT_EQ(blocked.status, 1);
  // The same character as a code point list; lists accumulate.
  EXPECT_EQ(run_puny({"display", "--block-chars", "U+0078,U+00FC", "--block-chars=U+00E9", buecher}).out,
            buecher_ace + "\n");

  // Only Latin: a Cyrillic name is not shown.
  const std::string primer = text(u8"пример.рф");
  const auto latin = run_puny({"display", "--format", "tsv", "--scripts", "Latn", primer, buecher});
  EXPECT_EQ(latin.out.substr(latin.out.find('\n') + 1), buecher + "\t" + buecher + "\t\t\n");
  EXPECT_NE(latin.out.find("\tscript_not_allowed"), std::string::npos) << latin.out;
  EXPECT_EQ(run_puny({"display", "--scripts", "latn,CYRL", primer}).out, primer + "\n");

  // Unicode 17.0 made Bopomofo Limited_Use: Latin + Han + Bopomofo is no
  // longer Highly Restrictive unless the pre-17 choice is made (Chromium's
  // Unicode 17 block of kIdnCases).
  const std::string bopomofo = "xn--bopomofo-hj5gkalm.tw";
  EXPECT_EQ(run_puny({"display", bopomofo}).out, bopomofo + "\n");
  EXPECT_EQ(run_puny({"display", "--cjk", "strict17", bopomofo}).out, bopomofo + "\n");
  const auto compat = run_puny({"display", "--cjk=cjk-compat", bopomofo});
  EXPECT_NE(compat.out, bopomofo + "\n") << compat.out;
  EXPECT_EQ(ace(compat.out.substr(0, compat.out.size() - 1)), bopomofo);
}

// ---------------------------------------------------------------------------
// Records

TEST(CliDisplayRecords, OneOutputRecordPerInputRecordNothingTrimmed) {
  // CRLF and LF, an empty record, spaces kept, a last line without its end.
  const std::string in = apple_ace + "\r\n\n" + buecher_ace + "\r\n  " + buecher + "\nlast.example";
  const auto r = run_puny({"display"}, in);
  const std::size_t records = 5;
  ASSERT_EQ(count_of(r.out, '\n'), records) << r.out;
  std::vector<std::string> out;
  std::istringstream s(r.out);
  for (std::string line; std::getline(s, line);) out.push_back(line);
  EXPECT_EQ(out[0], apple_ace);
  EXPECT_EQ(out[1], "");
  EXPECT_EQ(out[2], buecher);
  // The spaces are kept: in the label's ACE form, as no policy shows a
  // space.
  EXPECT_NE(out[3].find("  "), std::string::npos) << out[3];
  EXPECT_EQ(ace(out[3]), ace("  " + buecher));
  EXPECT_EQ(out[4], "last.example");
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(r.err.starts_with("puny: line 1: label 1 \"xn--80ak6aa92e\": " + wsc + "\n")) << r.err;
  EXPECT_NE(r.err.find("puny: line 4: label 1 \"  " + text(u8"bücher") + "\": "), std::string::npos) << r.err;
  // The empty record and CRLF in tsv: the input field never keeps the CR.
  const auto t = run_puny({"display", "--format", "tsv"}, "\r\n" + buecher + "\r\n");
  EXPECT_TRUE(t.out.starts_with("\t\t")) << t.out;
  EXPECT_NE(t.out.find("\n" + buecher + "\t" + buecher + "\t\t\n"), std::string::npos) << t.out;
}

TEST(CliDisplayRecords, NulSeparated) {
  const auto r = run_puny({"display", "-0"}, buecher_ace + '\0' + apple_ace + '\0' + "a.b");
  EXPECT_EQ(r.out, buecher + '\0' + apple_ace + '\0' + "a.b" + '\0');
  EXPECT_EQ(r.err, "puny: record 2: label 1 \"xn--80ak6aa92e\": " + wsc + "\n");
  EXPECT_EQ(r.status, 1);
}

TEST(CliDisplayRecords, FilesInTurnAndMessagesNameTheirLines) {
  temp_file first(buecher_ace + "\n" + apple_ace);
  temp_file second(apple_ace + "\n");
  const auto r = run_puny({"display", "-f", first.path(), "-f", second.path()});
  EXPECT_EQ(r.out, lines({buecher, apple_ace, apple_ace}));
  EXPECT_EQ(r.err, lines({
                       "puny: " + first.path() + ":2: label 1 \"xn--80ak6aa92e\": " + wsc,
                       "puny: " + second.path() + ":1: label 1 \"xn--80ak6aa92e\": " + wsc,
                   }));
}

// A corpus of names of every kind: the inputs of the ported Chromium and
// Firefox tables, many times over (so that -j has many batches to share).
std::string table_corpus() {
  std::string names;
  for (const char* file : {"chromium_idn_cases.tsv", "firefox_idn_urls.tsv", "firefox_idn_spoof.tsv"}) {
    std::istringstream in(read_file(fs::path(PUNY_TEST_DATA_DIR) / "display" / file));
    for (std::string line; std::getline(in, line);) {
      if (line.empty() || line[0] == '#') continue;
      names += line.substr(0, line.find('\t'));
      names += '\n';
    }
  }
  std::string corpus;
  while (corpus.size() < (std::size_t{1} << 20)) corpus += names;
  return corpus;
}

TEST(CliDisplayRecords, ParallelJobsWriteExactlyWhatOneJobWrites) {
  const std::string corpus = table_corpus();
  ASSERT_GT(count_of(corpus, '\n'), 10000u);
  temp_file protect("google.com\npaypal.com\ntest.net\napple.com\n");
  for (const std::vector<std::string>& command :
       {std::vector<std::string>{"display"}, std::vector<std::string>{"display", "--format", "jsonl"},
        std::vector<std::string>{"display", "--format", "tsv", "--policy", "firefox", "--protect", protect.path()},
        std::vector<std::string>{"display", "--policy", "uts39-moderately-restrictive", "--urls"}}) {
    std::vector<std::string> one = command;
    one.insert(one.end(), {"-j", "1"});
    const auto a = run_puny(one, corpus);
    ASSERT_EQ(count_of(a.out, '\n'), count_of(corpus, '\n')) << command.back();
    for (const char* jobs : {"2", "4"}) {
      std::vector<std::string> many = command;
      many.insert(many.end(), {"-j", jobs});
      const auto b = run_puny(many, corpus);
      EXPECT_TRUE(a.out == b.out) << command.back() << " -j " << jobs;
      EXPECT_TRUE(a.err == b.err) << command.back() << " -j " << jobs;
      EXPECT_EQ(a.status, b.status);
    }
  }
}

// The shared corpora (skipped outside CI when they are missing).
TEST(CliDisplayRecords, ParallelJobsOnTheSharedCorpora) {
  for (const char* name : {"unicode.txt", "mixed.txt"}) {
    const fs::path path = fs::path(std::getenv("PUNY_CORPUS_DIR") != nullptr ? std::getenv("PUNY_CORPUS_DIR")
                                                                              : PUNY_CORPUS_DIR) /
                          name;
    const std::string corpus = read_file(path);
    if (corpus.empty()) {
      const char* ci = std::getenv("CI");
      if (ci != nullptr && std::string_view(ci) == "true") FAIL() << path << " not found";
      GTEST_SKIP() << path << " not found";
    }
    const auto a = run_puny({"display", "--format", "tsv", "-j", "1", "-f", path.string()});
    const auto b = run_puny({"display", "--format", "tsv", "-j", "3", "-f", path.string()});
    EXPECT_EQ(count_of(a.out, '\n'), count_of(corpus, '\n')) << name;
    EXPECT_TRUE(a.out == b.out) << name;
    EXPECT_TRUE(a.err == b.err) << name;
  }
}

// Whatever the policy, what is shown converts back by ToASCII to the
// ToASCII of the input (display.hpp's promise), record by record.
TEST(CliDisplayRecords, TheDisplayStringConvertsBackToTheInputsAce) {
  std::string names;
  std::istringstream in(read_file(fs::path(PUNY_TEST_DATA_DIR) / "display" / "chromium_idn_cases.tsv"));
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    names += line.substr(0, line.find('\t')) + "\n";
  }
  for (const char* policy :
       {"chromium", "firefox", "uts39-highly-restrictive", "uts39-moderately-restrictive", "ascii"}) {
    const auto r = run_puny({"display", "-q", "--format", "tsv", "--policy", policy}, names);
    std::istringstream out(r.out);
    std::size_t checked = 0;
    for (std::string line; std::getline(out, line);) {
      const std::size_t tab1 = line.find('\t');
      const std::size_t tab2 = line.find('\t', tab1 + 1);
      const std::string input = line.substr(0, tab1);
      const std::string shown = line.substr(tab1 + 1, tab2 - tab1 - 1);
      if (input.find('\\') != std::string::npos) continue;  // escaped in tsv
      const auto a = puny::to_ascii(input);
      if (!a) continue;
      EXPECT_EQ(ace(shown), a.value) << policy << ": " << input;
      ++checked;
    }
    EXPECT_GT(checked, 300u) << policy;
  }
}

// ---------------------------------------------------------------------------
// Protected domains

TEST(CliDisplayProtect, LookAlikesOfProtectedDomainsAreShownInAscii) {
  temp_file list("# protected\npaypal.com\r\n\ngoogle.com\n");
  const std::string login = text(u8"login.раураl.com");
  const auto r = run_puny({"display", "--protect", list.path(), "--format", "tsv", login, "xn--googl-fsa.com",
                           "paypal.com", "www.paypal.com", buecher});
  std::vector<std::string> out;
  std::istringstream s(r.out);
  for (std::string line; std::getline(s, line);) out.push_back(line);
  ASSERT_EQ(out.size(), 5u) << r.out;
  EXPECT_TRUE(out[0].starts_with(login + "\t" + ace(login) + "\t")) << out[0];
  EXPECT_TRUE(out[0].ends_with("lookalike_of_protected\tpaypal.com")) << out[0];
  EXPECT_EQ(out[1], "xn--googl-fsa.com\txn--googl-fsa.com\tlookalike_of_protected\tgoogle.com");
  // A protected domain, and a name under it, never look like themselves.
  EXPECT_EQ(out[2], "paypal.com\tpaypal.com\t\t");
  EXPECT_EQ(out[3], "www.paypal.com\twww.paypal.com\t\t");
  EXPECT_EQ(out[4], buecher + "\t" + buecher + "\t\t");
  EXPECT_NE(r.err.find("puny: argument 2: " + reason_text(puny::display_reason::lookalike_of_protected) +
                       ": \"google.com\"\n"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.status, 1);

  const auto j = run_puny({"display", "--protect=" + list.path(), "--format", "jsonl", "xn--googl-fsa.com"});
  EXPECT_TRUE(j.out.starts_with("{\"input\": \"xn--googl-fsa.com\", \"display\": \"xn--googl-fsa.com\", \"ok\": "
                                "false, \"lookalike_of\": \"google.com\", \"labels\": ["))
      << j.out;
  // Without the list there is nothing to look like.
  EXPECT_EQ(run_puny({"display", "xn--googl-fsa.com"}).out, text(u8"googlé.com\n"));
}

TEST(CliDisplayProtect, SeveralListsAndRefusedLinesAreWarnings) {
  temp_file one("paypal.com\nnot a domain!\n");
  temp_file two("###END_TOP_BUCKET###\ngoogle.com\n");
  const auto r = run_puny({"display", "--protect", one.path(), "--protect", two.path(), "xn--googl-fsa.com",
                           text(u8"раураl.com")});
  EXPECT_EQ(r.out, lines({"xn--googl-fsa.com", ace(text(u8"раураl.com"))}));
  EXPECT_TRUE(r.err.starts_with("puny: " + one.path() + ":2: ignored \"not a domain!\": not a valid domain name ("))
      << r.err;
  EXPECT_EQ(r.status, 1);
  // Warnings are not record failures.
  const auto ok = run_puny({"display", "--protect", one.path(), buecher});
  EXPECT_EQ(ok.out, buecher + "\n");
  EXPECT_EQ(ok.status, 0);
}

TEST(CliDisplayProtect, AListThatCannotBeReadIsAUsageError) {
  const auto missing = run_puny({"display", "--protect", "/nonexistent/list.txt", buecher});
  EXPECT_EQ(missing.out, "");
  EXPECT_EQ(missing.err,
            "puny: cannot read protected-domain list '/nonexistent/list.txt': No such file or directory\n" + hint);
  EXPECT_EQ(missing.status, 2);
  temp_file somewhere("");
  const auto dir = run_puny({"display", "--protect", somewhere.dir(), buecher});
  EXPECT_EQ(dir.out, "");
  EXPECT_TRUE(dir.err.starts_with("puny: cannot read protected-domain list '" + somewhere.dir() + "': ")) << dir.err;
  EXPECT_EQ(dir.status, 2);
  const auto stdin_list = run_puny({"display", "--protect", "-", buecher}, "paypal.com\n");
  EXPECT_EQ(stdin_list.status, 2);
  EXPECT_TRUE(stdin_list.err.ends_with(hint));
}

// ---------------------------------------------------------------------------
// --urls and --emails

TEST(CliDisplayHosts, UrlHostsAndMailDomainsBecomeTheirDisplayStrings) {
  const std::string in = "see https://" + apple + "/path?q=" + apple + " and mail me@" + buecher_ace + " or x@" +
                         apple + ".\n";
  const auto both = run_puny({"display", "--urls", "--emails"}, in);
  EXPECT_EQ(both.out, "see https://" + apple_ace + "/path?q=" + apple + " and mail me@" + buecher + " or x@" +
                          apple_ace + ".\n");
  EXPECT_EQ(both.err, lines({"puny: line 1: host 1 \"" + apple + "\": label 1 \"" + text(u8"аррӏе") + "\": " + wsc}));
  EXPECT_EQ(both.status, 1);
  const auto urls = run_puny({"display", "--urls"}, in);
  EXPECT_EQ(urls.out, "see https://" + apple_ace + "/path?q=" + apple + " and mail me@" + buecher_ace + " or x@" +
                          apple + ".\n");
  const auto emails = run_puny({"display", "--emails"}, "mailto:x@" + buecher_ace + "\n");
  EXPECT_EQ(emails.out, "mailto:x@" + buecher + "\n");
  EXPECT_EQ(emails.status, 0);
  // Lines without hosts pass unchanged.
  const std::string plain = "  no host: " + apple + " \t\n";
  EXPECT_EQ(run_puny({"display", "--urls", "--emails"}, plain).out, plain);
}

TEST(CliDisplayHosts, PercentEncodedHostsAreDecodedOrLeftAsFound) {
  // а р р ӏ е, percent-encoded as a URL may carry them.
  const std::string encoded = "https://%D0%B0%D1%80%D1%80%D3%8F%D0%B5.com/";
  EXPECT_EQ(run_puny({"display", "--urls"}, encoded + "\n").out, "https://" + apple_ace + "/\n");
  // A decoded "/" would change the URL: left as found, and reported.
  const auto slash = run_puny({"display", "--urls"}, "https://a%2Fb.com/x\n");
  EXPECT_EQ(slash.out, "https://a%2Fb.com/x\n");
  EXPECT_NE(slash.err.find("invalid: "), std::string::npos) << slash.err;
  EXPECT_NE(slash.err.find("W1 ("), std::string::npos) << slash.err;
  EXPECT_EQ(slash.status, 1);
  const auto bad = run_puny({"display", "--urls"}, "https://%FF.com/\n");
  EXPECT_EQ(bad.out, "https://%FF.com/\n");
  EXPECT_EQ(bad.err, "puny: line 1: UTF8 at offset 8: the percent-decoded host is not well-formed UTF-8\n");
}

TEST(CliDisplayHosts, FormatsListEveryHost) {
  temp_file list("google.com\n");
  const std::string in = "a https://xn--googl-fsa.com/ b https://" + apple_ace + "/ c\n";
  const auto t = run_puny({"display", "--urls", "--format", "tsv", "--protect", list.path()}, in);
  EXPECT_EQ(t.out, "a https://xn--googl-fsa.com/ b https://" + apple_ace + "/ c\t" + "a https://xn--googl-fsa.com/ b https://" +
                       apple_ace + "/ c\twhole_script_confusable,lookalike_of_protected\tgoogle.com\n");
  const auto j = run_puny({"display", "--urls", "--format", "jsonl"}, in);
  EXPECT_EQ(count_of(j.out, '{'), 5u) << j.out;  // the record and four labels
  EXPECT_NE(j.out.find("\"unicode\": \"" + text(u8"googlé") + "\""), std::string::npos) << j.out;
}

// ---------------------------------------------------------------------------
// Usage

TEST(CliDisplayUsage, BadValuesAreUsageErrors) {
  const auto p = run_puny({"display", "--policy", "edge", buecher});
  EXPECT_EQ(p.out, "");
  EXPECT_EQ(p.err,
            "puny: unknown policy 'edge' (expected chromium, firefox, uts39-highly-restrictive, "
            "uts39-moderately-restrictive or ascii)\n" +
                hint);
  EXPECT_EQ(p.status, 2);
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"display", "--policy"}, std::vector<std::string>{"display", "--policy=Chromium", "a"},
        std::vector<std::string>{"display", "--protect"}, std::vector<std::string>{"display", "--scripts", "Xyzw", "a"},
        std::vector<std::string>{"display", "--scripts=,", "a"},
        std::vector<std::string>{"display", "--allow-chars", "U+D800", "a"},
        std::vector<std::string>{"display", "--block-chars", "U+110000", "a"},
        std::vector<std::string>{"display", "--block-chars", "U+12G", "a"},
        std::vector<std::string>{"display", "--block-chars", "", "a"},
        std::vector<std::string>{"display", "--allow-chars", "\xFF", "a"},
        std::vector<std::string>{"display", "--cjk", "compat", "a"}, std::vector<std::string>{"display", "--format", "json", "a"},
        std::vector<std::string>{"display", "a", "-f", "-"}}) {
    const auto r = run_puny(args, "b\n");
    EXPECT_EQ(r.out, "") << args[1];
    EXPECT_TRUE(r.err.starts_with("puny: ")) << args[1] << ": " << r.err;
    EXPECT_TRUE(r.err.ends_with(hint)) << args[1] << ": " << r.err;
    EXPECT_EQ(r.status, 2) << args[1];
  }
  EXPECT_EQ(run_puny({"display", "--scripts", "Xyzw", "a"}).err,
            "puny: option '--scripts': unknown script 'Xyzw' (expected ISO 15924 codes such as Latn,Grek,Cyrl)\n" +
                hint);
  EXPECT_EQ(run_puny({"display", "--allow-chars", "U+D800", "a"}).err,
            "puny: option '--allow-chars': bad code point 'U+D800' (not a Unicode scalar value)\n" + hint);
}

TEST(CliDisplayUsage, OptionsOfOtherCommandsDoNotApply) {
  for (const char* option : {"--profile=uts46", "--no-std3", "--codepoints", "--trace", "--mixed-case"}) {
    const auto r = run_puny({"display", option, "a.com"});
    EXPECT_EQ(r.err, "puny: option '" + std::string(option) + "' does not apply to display\n" + hint);
    EXPECT_EQ(r.status, 2);
  }
  for (const char* cmd : {"encode", "to-ascii", "to-unicode"}) {
    for (const char* option : {"--policy=ascii", "--protect=x", "--scripts=Latn", "--cjk=strict17"}) {
      const auto r = run_puny({cmd, option, "a"});
      EXPECT_EQ(r.err, "puny: option '" + std::string(option) + "' does not apply to " + cmd + "\n" + hint);
      EXPECT_EQ(r.status, 2);
    }
  }
}

TEST(CliDisplayUsage, HelpNamesEveryOptionAndReason) {
  const auto r = run_puny({"display", "--help"});
  EXPECT_TRUE(r.out.starts_with("Usage: puny display [--policy POLICY] [--protect FILE]...")) << r.out;
  for (const char* part : {"--allow-chars CHARS", "--block-chars CHARS", "--scripts CODES", "--cjk CHOICE",
                           "strict17", "cjk-compat", "--format FORMAT", "--urls", "--emails", "-j N, --jobs N",
                           "-0, --null", "uts39-moderately-restrictive", "LOOKALIKE_OF", "\"lookalike_of\""}) {
    EXPECT_NE(r.out.find(part), std::string::npos) << part;
  }
  for (std::size_t i = 0; i < puny::display_reason_count; ++i) {
    const std::string_view n = puny::name(static_cast<puny::display_reason>(i));
    EXPECT_NE(r.out.find(n), std::string::npos) << n;
  }
  EXPECT_EQ(r.out.find("--profile"), std::string::npos);
  std::istringstream s(r.out);
  for (std::string line; std::getline(s, line);) EXPECT_LT(line.size(), 80u) << line;
  EXPECT_EQ(r.status, 0);
  // The general help lists the command.
  EXPECT_NE(run_puny({"--help"}).out.find("\n       puny display "), std::string::npos);
}

TEST(CliDisplayUsage, TheManualDescribesTheCommandAndItsOptions) {
  const std::string page = read_file(fs::path(PUNY_SOURCE_DIR) / "docs" / "puny.1");
  for (const char* part : {"\\fBpuny display\\fR", "\\-\\-policy", "\\-\\-protect", "\\-\\-allow\\-chars",
                           "\\-\\-block\\-chars", "\\-\\-scripts", "\\-\\-cjk", "cjk\\-compat", "lookalike_of"}) {
    EXPECT_NE(page.find(part), std::string::npos) << part;
  }
  for (std::size_t i = 0; i < puny::display_reason_count; ++i) {
    std::string n(puny::name(static_cast<puny::display_reason>(i)));
    EXPECT_NE(page.find(".B " + n + "\n"), std::string::npos) << n;
  }
}

}  // namespace
