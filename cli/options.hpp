// puny CLI — the command line: commands, options, operands and usage text.
//
//   puny [--help | --version]
//   puny COMMAND [OPTION...] [--] [STRING...]
//
// Options may come before or after strings; "--" ends them, so later
// arguments are strings even when they start with '-'.  A lone "-" is a
// string.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace puny::cli {

enum class command {
  encode,  ///< Unicode -> Punycode
  decode,  ///< Punycode -> Unicode
};

/// Everything a command run needs to know.
struct options {
  command cmd = command::encode;
  /// Unicode side as u+XXXX tokens instead of UTF-8.
  bool codepoints = false;
  /// RFC 3492 §7.2/7.3 traces to standard error.
  bool trace = false;
  /// Strings given as arguments; when empty, records come from stdin.
  std::vector<std::string_view> strings;
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

/// The --help text, general or for one command; ends in a newline.
std::string usage_text(std::optional<command> topic);

/// The one-line hint printed after a usage error; ends in a newline.
std::string_view usage_hint() noexcept;

}  // namespace puny::cli
