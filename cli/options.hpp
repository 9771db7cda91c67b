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
#include "puny/idna2003.hpp"
#include "puny/idna2008.hpp"

namespace puny::cli {

enum class command {
  encode,      ///< Unicode -> Punycode (RFC 3492)
  decode,      ///< Punycode -> Unicode (RFC 3492)
  to_ascii,    ///< ToASCII of domain names (UTS #46, or IDNA2008, IDNA2003 with --profile)
  to_unicode,  ///< ToUnicode of domain names (the same standards)
  check,       ///< a human explanation of domain names against the profile's standard
  display,     ///< the form of domain names safe to show (UTS #39, browser policies)
  compare,     ///< ToASCII under UTS #46 (both kinds), IDNA2008 and IDNA2003 side by side
};

/// The standard a profile runs: --profile idna2008, idna2008-registration
/// and idna2003 leave UTS #46 for the RFCs (<puny/idna2008.hpp>,
/// <puny/idna2003.hpp>).
enum class idna_standard {
  uts46,     ///< the profiles uts46, whatwg, transitional, display
  idna2008,  ///< idna2008 (lookup, RFC 5891 §5) and idna2008-registration (§4)
  idna2003,  ///< idna2003 (RFC 3490 with Nameprep)
};

/// The standard chosen, and its options with the flags applied (only the
/// member of `standard` is used; the UTS #46 options are options::idna).
struct profile_settings {
  idna_standard standard = idna_standard::uts46;
  /// --profile idna2008-registration (the options start from
  /// puny::idna2008::profile::registration).
  bool registration = false;
  puny::idna2008::options idna2008;
  puny::idna2003::options idna2003;
};

/// "IDNA2008 lookup", "IDNA2008 registration", "IDNA2003", "UTS #46": the
/// standard a report names.
[[nodiscard]] std::string_view standard_title(const profile_settings& p) noexcept;

/// True for the commands that convert domain names with a profile.
[[nodiscard]] constexpr bool is_idna(command c) noexcept {
  return c == command::to_ascii || c == command::to_unicode;
}

/// True for the commands that take a profile and flags (--profile, FLAG).
[[nodiscard]] constexpr bool takes_idna_options(command c) noexcept { return is_idna(c) || c == command::check; }

/// True for the commands that write one formatted record per domain name
/// (--format) and can rewrite the hosts inside text (--urls, --emails).
[[nodiscard]] constexpr bool writes_domain_records(command c) noexcept {
  return is_idna(c) || c == command::display;
}

/// True for the commands that take --format.
[[nodiscard]] constexpr bool takes_format(command c) noexcept {
  return writes_domain_records(c) || c == command::compare;
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
  /// to-ascii/to-unicode/check: the UTS #46 profile with the flags given
  /// applied over it (used when profile.standard is uts46).
  idna_options idna;
  /// to-ascii/to-unicode/check: the standard and, for IDNA2008 and
  /// IDNA2003, its options.
  profile_settings profile;
  /// display, check: the display policy and its options.
  display_settings display;
  /// to-ascii/to-unicode/display/compare: how each result record is written.
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
