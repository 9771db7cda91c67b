// puny CLI — the command line: commands, options, operands and usage text.
#include "options.hpp"

namespace puny::cli {
namespace {

using action = parsed_command_line::action;

parsed_command_line usage_error(std::string message) {
  parsed_command_line r;
  r.what = action::usage_error;
  r.error = std::move(message);
  return r;
}

std::optional<command> command_named(std::string_view name) {
  if (name == "encode") return command::encode;
  if (name == "decode") return command::decode;
  return std::nullopt;
}

bool is_help(std::string_view arg) { return arg == "--help" || arg == "-h"; }

// Quotes an argument for a message.
std::string quoted(std::string_view arg) {
  std::string s = "'";
  s += arg;
  s += '\'';
  return s;
}

}  // namespace

parsed_command_line parse_command_line(std::span<const char* const> args) {
  if (args.empty()) return usage_error("missing command (encode or decode)");

  const std::string_view first = args[0];
  if (is_help(first)) {
    parsed_command_line r;
    r.what = action::help;
    return r;
  }
  if (first == "--version") {
    parsed_command_line r;
    r.what = action::version;
    return r;
  }
  const std::optional<command> cmd = command_named(first);
  if (!cmd) {
    if (first.size() > 1 && first[0] == '-') return usage_error("unknown option " + quoted(first));
    return usage_error("unknown command " + quoted(first) + " (expected encode or decode)");
  }

  parsed_command_line r;
  r.what = action::run;
  r.opts.cmd = *cmd;
  bool options_ended = false;
  for (std::size_t j = 1; j < args.size(); ++j) {
    const std::string_view arg = args[j];
    if (options_ended || arg.size() < 2 || arg[0] != '-') {
      r.opts.strings.push_back(arg);
    } else if (arg == "--") {
      options_ended = true;
    } else if (arg == "--codepoints") {
      r.opts.codepoints = true;
    } else if (arg == "--trace") {
      r.opts.trace = true;
    } else if (is_help(arg)) {
      parsed_command_line help;
      help.what = action::help;
      help.help_topic = *cmd;
      return help;
    } else if (arg == "--version") {
      parsed_command_line version;
      version.what = action::version;
      return version;
    } else {
      return usage_error("unknown option " + quoted(arg) + " for " + std::string(first) +
                         " (use -- before strings that start with '-')");
    }
  }
  return r;
}

std::string usage_text(std::optional<command> topic) {
  static constexpr std::string_view common_options =
      "Options:\n"
      "  --codepoints  the Unicode side is a line of u+XXXX tokens separated by\n"
      "                whitespace, as in RFC 3492 section 7.1 and its sample code;\n"
      "                U+XXXX marks the Appendix A uppercase annotation\n"
      "  --trace       write the RFC 3492 section 7.2/7.3 trace of each conversion\n"
      "                to standard error\n"
      "  --            end of options: later arguments are strings\n"
      "  -h, --help    show this help and exit\n"
      "  --version     show the version and exit\n";
  static constexpr std::string_view records =
      "Each STRING is one record.  Without STRING, records are the lines of\n"
      "standard input (LF or CRLF; an empty line is the empty string).  Every\n"
      "record gives exactly one output line, in order; a record that fails gives\n"
      "an empty line and a message on standard error.\n"
      "\n"
      "Exit status: 0 if every record converted, 1 if any failed, 2 for a usage\n"
      "error.\n";

  std::string text;
  if (!topic || *topic == command::encode) {
    text += "Usage: puny encode [--codepoints] [--trace] [--] [STRING...]\n";
  }
  if (!topic || *topic == command::decode) {
    text += topic ? "Usage: " : "       ";
    text += "puny decode [--codepoints] [--trace] [--] [STRING...]\n";
  }
  if (!topic) text += "       puny --help | --version\n";
  text += '\n';
  if (!topic) {
    text +=
        "Converts between Unicode and Punycode (RFC 3492).  Punycode is written\n"
        "and read without any ACE prefix such as \"xn--\".\n"
        "\n"
        "Commands:\n"
        "  encode  UTF-8 text (or code points) to Punycode\n"
        "  decode  Punycode to UTF-8 text (or code points)\n";
  } else if (*topic == command::encode) {
    text += "Encodes UTF-8 text (or code point tokens) as Punycode.\n";
  } else {
    text += "Decodes Punycode into UTF-8 text (or code point tokens).\n";
  }
  text += '\n';
  text += common_options;
  text += '\n';
  text += records;
  return text;
}

std::string_view usage_hint() noexcept { return "Try 'puny --help' for more information.\n"; }

}  // namespace puny::cli
