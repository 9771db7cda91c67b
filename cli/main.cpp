// puny — command-line Punycode (RFC 3492) encoder and decoder, and UTS #46
// processing of internationalized domain names.
//
//   puny encode [--codepoints | --mixed-case] [--trace] [--] [STRING...]
//   puny decode [--codepoints | --mixed-case] [--trace] [--] [STRING...]
//   puny to-ascii [--profile PROFILE] [FLAG...] [--format FORMAT] [--] [DOMAIN...]
//   puny to-unicode [--profile PROFILE] [FLAG...] [--format FORMAT] [--] [DOMAIN...]
#include <exception>
#include <iostream>
#include <span>

#if __has_include(<unistd.h>)
#include <unistd.h>
#define PUNY_CLI_HAVE_ISATTY 1
#endif

#include "driver.hpp"
#include "options.hpp"
#include "usage.hpp"

#ifndef PUNY_VERSION
#error "PUNY_VERSION must be defined (cli/CMakeLists.txt sets it from PROJECT_VERSION)"
#endif

namespace {

bool stdout_is_terminal() {
#ifdef PUNY_CLI_HAVE_ISATTY
  return ::isatty(STDOUT_FILENO) == 1;
#else
  return false;
#endif
}

// Writes help or version text; fails only when standard output does.
int print(std::string_view text) {
  std::cout << text << std::flush;
  if (!std::cout) {
    std::cerr << "puny: error writing standard output\n";
    return puny::cli::exit_failure;
  }
  return puny::cli::exit_success;
}

}  // namespace

int main(int argc, char** argv) {
  // Streams on the file descriptors, without stdio's locking; output is
  // flushed by the driver, not before every read.
  std::ios_base::sync_with_stdio(false);
  std::cin.tie(nullptr);

  using puny::cli::parsed_command_line;
  try {
    const parsed_command_line cl =
        puny::cli::parse_command_line(std::span<const char* const>(argv + 1, argc > 0 ? argc - 1 : 0));
    switch (cl.what) {
      case parsed_command_line::action::help:
        return print(puny::cli::usage_text(cl.help_topic));
      case parsed_command_line::action::version:
        return print("puny " PUNY_VERSION "\n");
      case parsed_command_line::action::usage_error:
        std::cerr << "puny: " + cl.error + "\n" + std::string(puny::cli::usage_hint()) << std::flush;
        return puny::cli::exit_usage_error;
      case parsed_command_line::action::run:
        break;
    }
    return puny::cli::run_command(cl.opts, *std::cin.rdbuf(), std::cout, std::cerr, stdout_is_terminal());
  } catch (const std::exception& e) {
    std::cerr << "puny: " << e.what() << '\n';
    return puny::cli::exit_failure;
  }
}
