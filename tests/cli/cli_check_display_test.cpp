// `puny check`'s display section: for a name with a non-ASCII label, what
// `puny display` shows under the policy (chromium, or --policy), and for
// each such label whether its Unicode form is shown and, if not, why, in
// English, naming the characters and scripts that decided.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <unistd.h>

#include "cli_process.hpp"
#include "puny/display.hpp"

namespace {

namespace fs = std::filesystem;
using puny_cli_test::run_puny;

std::string text(std::u8string_view s) { return std::string(s.begin(), s.end()); }

const std::string hint = "Try 'puny --help' for more information.\n";

// The display lines the library's explanation gives for a label: the
// detail for the first reason, the general message for the others.
std::string reason_lines(const puny::label_display& l) {
  std::string s;
  bool first = true;
  for (const puny::display_reason r : l.reasons) {
    s += "      " + std::string(puny::name(r)) + ": ";
    s += first && !l.detail.empty() ? l.detail : std::string(puny::message(r));
    s += '\n';
    first = false;
  }
  return s;
}

TEST(CliCheckDisplay, AWholeScriptConfusableIsExplained) {
  const auto r = run_puny({"check", "xn--80ak6aa92e.com"});
  const puny::display_outcome d = puny::display("xn--80ak6aa92e.com");
  ASSERT_EQ(d.labels.size(), 2u);
  ASSERT_TRUE(d.labels[0].reasons.contains(puny::display_reason::whole_script_confusable));
  EXPECT_EQ(r.out, "xn--80ak6aa92e.com: valid\n"
                   "  ASCII:   xn--80ak6aa92e.com\n"
                   "  Unicode: " + text(u8"аррӏе.com") + "\n"
                   "  Display: xn--80ak6aa92e.com  (chromium policy)\n"
                   "  label 1  " + text(u8"аррӏе") + "  xn--80ak6aa92e  (typed xn--80ak6aa92e)\n"
                   "    display: shown as ASCII\n" +
                       reason_lines(d.labels[0]) +
                       "  label 2  com  com\n"
                       "\n");
  // The explanation names the characters and their script.
  EXPECT_NE(d.labels[0].detail.find("Cyrillic"), std::string::npos) << d.labels[0].detail;
  EXPECT_NE(r.out.find("Cyrillic"), std::string::npos) << r.out;
  // The name is valid: the display decision does not change the verdict.
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.err, "");
}

TEST(CliCheckDisplay, ALabelShownInUnicodeSaysSo) {
  const auto r = run_puny({"check", "xn--bcher-kva.de"});
  EXPECT_EQ(r.out, "xn--bcher-kva.de: valid\n"
                   "  ASCII:   xn--bcher-kva.de\n"
                   "  Unicode: " + text(u8"bücher.de") + "\n"
                   "  Display: " + text(u8"bücher.de") + "  (chromium policy)\n"
                   "  label 1  " + text(u8"bücher") + "  xn--bcher-kva  (typed xn--bcher-kva)\n"
                   "    display: shown in Unicode\n"
                   "  label 2  de  de\n"
                   "\n");
  EXPECT_EQ(r.status, 0);
}

TEST(CliCheckDisplay, AsciiNamesHaveNoDisplaySection) {
  const auto r = run_puny({"check", "example.com", "a-.example"});
  EXPECT_EQ(r.out.find("Display:"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("display:"), std::string::npos) << r.out;
}

TEST(CliCheckDisplay, ThePolicyOptionChangesTheDecision) {
  const auto a = run_puny({"check", "--policy", "ascii", "xn--bcher-kva.de"});
  EXPECT_NE(a.out.find("  Display: xn--bcher-kva.de  (ascii policy)\n"), std::string::npos) << a.out;
  EXPECT_NE(a.out.find("    display: shown as ASCII\n      ascii_policy: "), std::string::npos) << a.out;
  EXPECT_EQ(a.status, 0);
  const auto b = run_puny({"check", "--block-chars", "U+00FC", "xn--bcher-kva.de"});
  EXPECT_NE(b.out.find("      deny_listed_character: "), std::string::npos) << b.out;
  const auto f = run_puny({"check", "--policy=firefox", "xn--80ak6aa92e.com"});
  EXPECT_NE(f.out.find("(firefox policy)"), std::string::npos) << f.out;
  EXPECT_EQ(run_puny({"check", "--policy", "opera", "a.com"}).status, 2);
  // Options of display's output do not apply to check.
  EXPECT_EQ(run_puny({"check", "--format=tsv", "a.com"}).status, 2);
}

TEST(CliCheckDisplay, ALookAlikeOfAProtectedDomainIsNamed) {
  const fs::path list = fs::temp_directory_path() / ("puny-check-display-" + std::to_string(::getpid()) + ".txt");
  std::ofstream(list) << "google.com\n";
  const auto r = run_puny({"check", "--protect", list.string(), "xn--googl-fsa.com"});
  fs::remove(list);
  EXPECT_NE(r.out.find("  Display: xn--googl-fsa.com  (chromium policy; looks like the protected domain google.com)\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("lookalike_of_protected: "), std::string::npos) << r.out;
  EXPECT_EQ(r.status, 0);
  const auto missing = run_puny({"check", "--protect", "/nonexistent/list", "a.com"});
  EXPECT_EQ(missing.status, 2);
  EXPECT_TRUE(missing.err.ends_with(hint)) << missing.err;
}

TEST(CliCheckDisplay, HiddenCharactersInTheExplanationAreEscaped) {
  // A label with a combining mark sequence the policies reject; whatever
  // the explanation says, no raw control or format character reaches the
  // terminal.
  const auto r = run_puny({"check", "xn--ab-j1t.example", text(u8"i\u0307x.com")});
  EXPECT_EQ(r.out.find("\u200C"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find('\x1B'), std::string::npos) << r.out;
}

}  // namespace
