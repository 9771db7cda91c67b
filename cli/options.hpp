// puny CLI — the command line: commands, options and operands.
//
//   puny [--help | --version]
//   puny COMMAND [OPTION...] [--] [STRING...]
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

#include "output_format.hpp"
#include "puny/idna.hpp"

namespace puny::cli {

enum class command {
  encode,      ///< Unicode -> Punycode (RFC 3492)
  decode,      ///< Punycode -> Unicode (RFC 3492)
  to_ascii,    ///< UTS #46 ToASCII of domain names
  to_unicode,  ///< UTS #46 ToUnicode of domain names
};

/// True for the commands that process domain names with UTS #46.
[[nodiscard]] constexpr bool is_idna(command c) noexcept {
  return c == command::to_ascii || c == command::to_unicode;
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
  /// to-ascii/to-unicode: how each result record is written.
  output_format format = output_format::plain;
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

}  // namespace puny::cli
