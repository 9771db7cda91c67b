// puny — command-line Punycode (RFC 3492) encoder and decoder, and
// processing of internationalized domain names with UTS #46, IDNA2008 or
// IDNA2003.
//
//   puny encode|decode [--codepoints | --mixed-case] [--trace] [COMMON...] [--] [STRING...]
//   puny to-ascii|to-unicode [--profile P] [FLAG...] [--format F] [--urls] [--emails] [COMMON...] [--] [DOMAIN...]
//   puny check [--profile P] [FLAG...] [DISPLAY...] [COMMON...] [--] [DOMAIN...]
//   puny display [--policy P] [--protect FILE]... [DISPLAY...] [--format F] [--urls] [--emails] [COMMON...]
//                [--] [DOMAIN...]
//   puny compare [--format F] [COMMON...] [--] [DOMAIN...]
//   COMMON: -f FILE, -0, -j N, -q (see usage.cpp)
#include <exception>
#include <iostream>
#include <optional>
#include <string>
#include <span>

#include "display_settings.hpp"
#include "driver.hpp"
#include "options.hpp"
#include "puny/detail/simd_dispatch.hpp"
#include "puny/idna.hpp"
#include "puny/puny.h"
#include "usage.hpp"

namespace {

// Writes help or version text; fails only when standard output does.
int print(const std::string& text) {
  std::cout << text << std::flush;
  if (!std::cout) {
    std::cerr << "puny: error writing standard output\n";
    return puny::cli::exit_failure;
  }
  return puny::cli::exit_success;
}

}  // namespace

int main(int argc, char** argv) {
  using puny::cli::parsed_command_line;
  try {
    parsed_command_line cl =
        puny::cli::parse_command_line(std::span<const char* const>(argv + 1, argc > 0 ? argc - 1 : 0));
    switch (cl.what) {
      case parsed_command_line::action::help:
        return print(puny::cli::usage_text(cl.help_topic));
      case parsed_command_line::action::version:
        // The linked library's version, which is the command's own, and the
        // SIMD kernels it chose at start-up (PUNY_CPU caps them).
        return print("puny " + std::string(puny_version()) + "\nUnicode " + std::string(puny::unicode_version()) +
                     "\nSIMD: " + puny::detail::simd_dispatch_summary() + "\n");
      case parsed_command_line::action::usage_error:
        std::cerr << "puny: " + cl.error + "\n" + std::string(puny::cli::usage_hint()) << std::flush;
        return puny::cli::exit_usage_error;
      case parsed_command_line::action::run:
        break;
    }
    // The protected domains are read once, before the first record: a list
    // that cannot be read is a usage error, a line it refuses a warning.
    std::string warnings;
    if (const std::optional<std::string> bad = puny::cli::load_protected_domains(cl.opts.display, warnings)) {
      std::cerr << "puny: " + *bad + "\n" + std::string(puny::cli::usage_hint()) << std::flush;
      return puny::cli::exit_usage_error;
    }
    if (!warnings.empty()) std::cerr << warnings << std::flush;
    return puny::cli::run_command(cl.opts);
  } catch (const std::exception& e) {
    std::cerr << "puny: " << e.what() << '\n';
    return puny::cli::exit_failure;
  }
}
