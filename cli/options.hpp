// puny CLI — the command line: commands, options and operands.
//
//   puny [--help | --version]
//   puny COMMAND [OPTION...] [--] [STRING...]
//   puny COMMAND [OPTION...] -f FILE [-f FILE...]
//
// Options may come before or after strings; "--" ends them, so later
// arguments are strings even when they start with '-'.  A lone "-" is a
// string.  Options that take a value accept it as the next argument or
// after '=' ("--format jsonl", "--format=jsonl").
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "display_settings.hpp"
#include "output_format.hpp"
#include "puny/idna.hpp"

namespace puny::cli {

enum class command {
  encode,      ///< Unicode -> Punycode (RFC 3492)
  decode,      ///< Punycode -> Unicode (RFC 3492)
  to_ascii,    ///< UTS #46 ToASCII of domain names
  to_unicode,  ///< UTS #46 ToUnicode of domain names
  check,       ///< a human explanation of domain names against UTS #46
  display,     ///< the form of domain names safe to show (UTS #39, browser policies)
};

/// True for the commands that convert domain names with UTS #46.
[[nodiscard]] constexpr bool is_idna(command c) noexcept {
  return c == command::to_ascii || c == command::to_unicode;
}

/// True for the commands that take UTS #46 options (--profile, flags).
[[nodiscard]] constexpr bool takes_idna_options(command c) noexcept { return is_idna(c) || c == command::check; }

/// True for the commands that write one formatted record per domain name
/// (--format) and can rewrite the hosts inside text (--urls, --emails).
[[nodiscard]] constexpr bool writes_domain_records(command c) noexcept {
  return is_idna(c) || c == command::display;
}

/// True for the commands that take the display options (--policy,
/// --protect, ...): display, and check for its display section.
[[nodiscard]] constexpr bool takes_display_options(command c) noexcept {
  return c == command::display || c == command::check;
}

/// Everything a command run needs to know.
struct options {
  command cmd = command::encode;
  /// encode/decode: Unicode side as u+XXXX tokens instead of UTF-8.
  bool codepoints = false;
  /// encode/decode: RFC 3492 §7.2/7.3 traces to standard error.
  bool trace = false;
  /// encode/decode: RFC 3492 Appendix A mixed-case annotation of UTF-8 text.
  bool mixed_case = false;
  /// to-ascii/to-unicode: the profile with the flags given applied over it.
  idna_options idna;
  /// display, check: the display policy and its options.
  display_settings display;
  /// to-ascii/to-unicode/display: how each result record is written.
  output_format format = output_format::plain;
  /// to-ascii/to-unicode/display: convert the hosts of scheme://host URLs
  /// (--urls) and the domains of local@domain addresses (--emails) found in
  /// each record, leaving the rest of it as it is.
  bool urls = false;
  bool emails = false;
  /// Strings given as arguments; when empty, records come from `files`.
  std::vector<std::string_view> strings;
  /// -f FILE, in order ("-" is standard input); when empty and no string
  /// is given, standard input.
  std::vector<std::string_view> files;
  /// -0: records are NUL-terminated in and out instead of lines.
  bool null_records = false;
  /// -j N: threads converting records; 0 means one per online CPU.
  unsigned jobs = 0;
  /// -q: no per-record messages on standard error.
  bool quiet = false;
};

/// What main should do.
struct parsed_command_line {
  enum class action { run, help, version, usage_error };
  action what = action::usage_error;
  options opts;
  /// For help: the command whose help was asked for, if any.
  std::optional<command> help_topic;
  /// For usage_error: what is wrong, without the "puny: " prefix.
  std::string error;
};

/// Parses the arguments after the program name.  The views in the result
/// point into `args`.
parsed_command_line parse_command_line(std::span<const char* const> args);

}  // namespace puny::cli
