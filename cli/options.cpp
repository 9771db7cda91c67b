// puny CLI — the command line: commands, options and operands.
#include "options.hpp"

#include <array>
#include <utility>

namespace puny::cli {
namespace {

using action = parsed_command_line::action;

parsed_command_line usage_error(std::string message) {
  parsed_command_line r;
  r.what = action::usage_error;
  r.error = std::move(message);
  return r;
}

constexpr std::array<std::pair<std::string_view, command>, 7> command_names = {{
    {"encode", command::encode},
    {"decode", command::decode},
    {"to-ascii", command::to_ascii},
    {"to-unicode", command::to_unicode},
    {"check", command::check},
    {"display", command::display},
    {"compare", command::compare},
}};

constexpr std::string_view command_list = "encode, decode, to-ascii, to-unicode, check, display or compare";

// More threads than this only cost memory: batches are converted by at most
// this many at a time.
constexpr unsigned max_jobs = 1024;

std::optional<command> command_named(std::string_view name) {
  for (const auto& [n, c] : command_names) {
    if (n == name) return c;
  }
  return std::nullopt;
}

// A --profile value: a UTS #46 option set, or another standard.
struct profile_choice {
  std::string_view name;
  idna_standard standard;
  idna_profile uts46;          // for idna_standard::uts46
  bool registration = false;   // for idna_standard::idna2008
};

constexpr std::array<profile_choice, 7> profile_names = {{
    {"uts46", idna_standard::uts46, idna_profile::uts46},
    {"whatwg", idna_standard::uts46, idna_profile::whatwg},
    {"transitional", idna_standard::uts46, idna_profile::transitional},
    {"display", idna_standard::uts46, idna_profile::display},
    {"idna2008", idna_standard::idna2008, idna_profile::uts46},
    {"idna2008-registration", idna_standard::idna2008, idna_profile::uts46, true},
    {"idna2003", idna_standard::idna2003, idna_profile::uts46},
}};

constexpr std::string_view profile_list =
    "uts46, whatwg, transitional, display, idna2008, idna2008-registration or idna2003";

std::optional<profile_choice> profile_named(std::string_view name) {
  for (const profile_choice& p : profile_names) {
    if (p.name == name) return p;
  }
  return std::nullopt;
}

// The standards a flag applies to.
enum standard_mask : unsigned {
  for_uts46 = 1u << static_cast<unsigned>(idna_standard::uts46),
  for_idna2008 = 1u << static_cast<unsigned>(idna_standard::idna2008),
  for_idna2003 = 1u << static_cast<unsigned>(idna_standard::idna2003),
};

// The processing flags the command line can set, each as "--NAME" (on) and
// "--no-NAME" (off), with the option each sets in every standard it
// applies to.  A flag means the same check wherever it applies: --std3 is
// UseSTD3ASCIIRules in UTS #46 and in RFC 3490; --check-bidi is RFC 5893;
// --verify-dns-length is the 253-octet name limit (and, in UTS #46, the
// label lengths that IDNA2008 and IDNA2003 always check).
struct idna_flag {
  std::string_view name;
  unsigned applies;
  bool idna_options::*uts46 = nullptr;
  bool puny::idna2008::options::*idna2008 = nullptr;
  bool puny::idna2003::options::*idna2003 = nullptr;
};
using o2008 = puny::idna2008::options;
using o2003 = puny::idna2003::options;
constexpr std::array<idna_flag, 13> idna_flags = {{
    {"std3", for_uts46 | for_idna2003, &idna_options::use_std3_ascii_rules, nullptr, &o2003::use_std3_ascii_rules},
    {"check-hyphens", for_uts46 | for_idna2008, &idna_options::check_hyphens, &o2008::check_hyphens},
    {"check-bidi", for_uts46 | for_idna2008, &idna_options::check_bidi, &o2008::check_bidi},
    {"check-joiners", for_uts46, &idna_options::check_joiners},
    {"transitional", for_uts46, &idna_options::transitional_processing},
    {"verify-dns-length", for_uts46 | for_idna2008 | for_idna2003, &idna_options::verify_dns_length,
     &o2008::verify_dns_length, &o2003::verify_dns_length},
    {"ignore-invalid-punycode", for_uts46, &idna_options::ignore_invalid_punycode},
    {"check-contexto", for_idna2008, nullptr, &o2008::check_contexto},
    {"check-hostname", for_idna2008, nullptr, &o2008::check_hostname},
    {"require-lowercase-alabels", for_idna2008, nullptr, &o2008::require_lowercase_alabels},
    {"allow-reserved-ldh", for_idna2008, nullptr, &o2008::allow_reserved_ldh},
    {"allow-trailing-dot", for_idna2008, nullptr, &o2008::allow_trailing_dot},
    {"allow-unassigned", for_idna2003, nullptr, nullptr, &o2003::allow_unassigned},
}};

struct flag_setting {
  const idna_flag* flag;
  bool value;
  std::string_view arg;  // as given, for a message
};

// "--std3" -> {std3, true}; "--no-std3" -> {std3, false}.
std::optional<flag_setting> idna_flag_named(std::string_view arg) {
  if (!arg.starts_with("--")) return std::nullopt;
  std::string_view name = arg.substr(2);
  const bool value = !name.starts_with("no-");
  if (!value) name.remove_prefix(3);
  for (const idna_flag& f : idna_flags) {
    if (f.name == name) return flag_setting{&f, value, arg};
  }
  return std::nullopt;
}

// Why a flag has no meaning under a standard, where a sentence says more
// than the list of the flags that do.
std::string_view why_not(std::string_view flag, idna_standard s) {
  struct reason {
    idna_standard standard;
    std::string_view flag;
    std::string_view text;
  };
  static constexpr reason reasons[] = {
      {idna_standard::idna2008, "std3", "IDNA2008 checks ASCII labels with --[no-]check-hostname (NON_LDH_ASCII)"},
      {idna_standard::idna2008, "check-joiners",
       "IDNA2008 always applies the CONTEXTJ rules (RFC 5891 sections 4.2.3.3 and 5.4)"},
      {idna_standard::idna2008, "transitional", "IDNA2008 maps nothing"},
      {idna_standard::idna2008, "ignore-invalid-punycode",
       "IDNA2008 rejects an xn-- label that is not an A-label (RFC 5891 section 5.3)"},
      {idna_standard::idna2008, "allow-unassigned",
       "IDNA2008 rejects UNASSIGNED code points (RFC 5891 section 5.4); it is an IDNA2003 flag"},
      {idna_standard::idna2003, "check-hyphens",
       "IDNA2003 checks hyphens at the ends of a label only under --std3 (RFC 3490 section 4.1 step 3)"},
      {idna_standard::idna2003, "check-bidi", "Nameprep always applies the Bidi rules of RFC 3454 section 6"},
      {idna_standard::idna2003, "check-joiners", "Nameprep maps ZWJ and ZWNJ to nothing (RFC 3454 table B.1)"},
      {idna_standard::idna2003, "transitional",
       "IDNA2003 is what transitional processing imitates: it always maps the deviation characters"},
      {idna_standard::idna2003, "ignore-invalid-punycode",
       "IDNA2003 ToASCII copies ASCII labels unchecked, and ToUnicode gives back a label that does not decode"},
      {idna_standard::uts46, "allow-unassigned", "it is a flag of IDNA2003 (--profile idna2003)"},
  };
  for (const reason& r : reasons) {
    if (r.standard == s && r.flag == flag) return r.text;
  }
  return {};
}

// "--[no-]check-bidi, --[no-]check-hyphens and --[no-]verify-dns-length".
std::string flags_of(idna_standard s) {
  const unsigned bit = 1u << static_cast<unsigned>(s);
  std::vector<std::string_view> names;
  for (const idna_flag& f : idna_flags) {
    if ((f.applies & bit) != 0) names.push_back(f.name);
  }
  std::string list;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i != 0) list += i + 1 == names.size() ? " and " : ", ";
    list += "--[no-]";
    list += names[i];
  }
  return list;
}

std::string_view standard_family(idna_standard s) {
  switch (s) {
    case idna_standard::uts46: return "a UTS #46 profile";
    case idna_standard::idna2008: return "IDNA2008";
    case idna_standard::idna2003: return "IDNA2003";
  }
  return {};
}

// The usage error for a flag given with a profile it does not apply to.
std::string flag_mismatch(const flag_setting& s, const std::string& profile_name, idna_standard standard) {
  std::string m = "option '" + std::string(s.arg) + "' does not apply to --profile " + profile_name + ": ";
  const std::string_view why = why_not(s.flag->name, standard);
  if (!why.empty()) {
    m += why;
  } else {
    m += "it is a flag of ";
    const bool uts46 = (s.flag->applies & for_uts46) != 0;
    m += uts46 ? "the UTS #46 profiles" : (s.flag->applies & for_idna2008) != 0 ? "IDNA2008" : "IDNA2003";
  }
  m += "; the flags of ";
  m += standard_family(standard);
  m += " are ";
  m += flags_of(standard);
  return m;
}

bool is_help(std::string_view arg) { return arg == "--help" || arg == "-h"; }

bool is_punycode_option(std::string_view arg) {
  return arg == "--codepoints" || arg == "--trace" || arg == "--mixed-case";
}

// "--NAME" or "--NAME=VALUE".
bool is_valued(std::string_view arg, std::string_view name) {
  return arg.starts_with(name) && (arg.size() == name.size() || arg[name.size()] == '=');
}

bool is_idna_option(std::string_view arg) {
  return is_valued(arg, "--profile") || idna_flag_named(arg).has_value();
}

bool is_record_option(std::string_view arg) {
  return is_valued(arg, "--format") || arg == "--urls" || arg == "--emails";
}

bool is_display_option(std::string_view arg) {
  for (const std::string_view name : {"--policy", "--protect", "--allow-chars", "--block-chars", "--scripts", "--cjk"}) {
    if (is_valued(arg, name)) return true;
  }
  return false;
}

// "-j 4", "-j4", "--jobs 4", "--jobs=4": a decimal count in [1, max_jobs].
std::optional<unsigned> job_count(std::string_view text) {
  if (text.empty() || text.size() > 4) return std::nullopt;
  unsigned n = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    n = n * 10 + static_cast<unsigned>(c - '0');
  }
  if (n < 1 || n > max_jobs) return std::nullopt;
  return n;
}

// Quotes an argument for a message.
std::string quoted(std::string_view arg) {
  std::string s = "'";
  s += arg;
  s += '\'';
  return s;
}

// An option that takes a value: "--NAME VALUE" or "--NAME=VALUE".
// With a short name too: "-f FILE" or "-fFILE".
class valued_option {
 public:
  explicit valued_option(std::string_view name, std::string_view short_name = {})
      : name_(name), short_name_(short_name) {}

  /// True when args[j] is this option; then `value` is set, or `missing`
  /// when the command line ends first.  Advances j past a separate value.
  bool match(std::span<const char* const> args, std::size_t& j, std::string_view& value, bool& missing) const {
    const std::string_view arg = args[j];
    if (arg.size() > name_.size() && arg.starts_with(name_) && arg[name_.size()] == '=') {
      value = arg.substr(name_.size() + 1);
      return true;
    }
    if (!short_name_.empty() && arg.size() > short_name_.size() && arg.starts_with(short_name_)) {
      value = arg.substr(short_name_.size());
      return true;
    }
    if (arg != name_ && (short_name_.empty() || arg != short_name_)) return false;
    missing = j + 1 == args.size();
    if (!missing) value = args[++j];
    return true;
  }

 private:
  std::string_view name_;
  std::string_view short_name_;
};

}  // namespace

parsed_command_line parse_command_line(std::span<const char* const> args) {
  if (args.empty()) return usage_error("missing command (" + std::string(command_list) + ")");

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
    return usage_error("unknown command " + quoted(first) + " (expected " + std::string(command_list) + ")");
  }
  const bool punycode = *cmd == command::encode || *cmd == command::decode;
  const bool idna = takes_idna_options(*cmd);
  const bool records = writes_domain_records(*cmd);
  const bool formats = takes_format(*cmd);
  const bool display = takes_display_options(*cmd);

  parsed_command_line r;
  r.what = action::run;
  r.opts.cmd = *cmd;
  // Flags override the profile whatever their order, so both are applied
  // once the whole command line is read.
  profile_choice profile = profile_names[0];
  bool profile_given = false;
  std::vector<flag_setting> flag_settings;
  std::string_view hosts_option;  // --urls or --emails, for a message
  const valued_option profile_option("--profile");
  const valued_option format_option("--format");
  const valued_option file_option("--file", "-f");
  const valued_option jobs_option("--jobs", "-j");
  const valued_option policy_option("--policy");
  const valued_option protect_option("--protect");
  const valued_option allow_option("--allow-chars");
  const valued_option block_option("--block-chars");
  const valued_option scripts_option("--scripts");
  const valued_option cjk_option("--cjk");
  bool options_ended = false;
  for (std::size_t j = 1; j < args.size(); ++j) {
    const std::string_view arg = args[j];
    std::string_view value;
    bool missing = false;
    if (options_ended || arg.size() < 2 || arg[0] != '-') {
      r.opts.strings.push_back(arg);
    } else if (arg == "--") {
      options_ended = true;
    } else if (is_help(arg)) {
      parsed_command_line help;
      help.what = action::help;
      help.help_topic = *cmd;
      return help;
    } else if (arg == "--version") {
      parsed_command_line version;
      version.what = action::version;
      return version;
    } else if (file_option.match(args, j, value, missing)) {
      if (missing) return usage_error("option '-f' needs a file name ('-' for standard input)");
      r.opts.files.push_back(value);
    } else if (jobs_option.match(args, j, value, missing)) {
      if (missing) return usage_error("option '-j' needs a number of threads");
      const std::optional<unsigned> n = job_count(value);
      if (!n) {
        return usage_error("bad number of threads " + quoted(value) + " (expected 1 to " + std::to_string(max_jobs) +
                           ")");
      }
      r.opts.jobs = *n;
    } else if (arg == "-0" || arg == "--null") {
      r.opts.null_records = true;
    } else if (arg == "-q" || arg == "--quiet") {
      r.opts.quiet = true;
    } else if (records && arg == "--urls") {
      r.opts.urls = true;
      hosts_option = arg;
    } else if (records && arg == "--emails") {
      r.opts.emails = true;
      hosts_option = arg;
    } else if (punycode && arg == "--codepoints") {
      r.opts.codepoints = true;
    } else if (punycode && arg == "--trace") {
      r.opts.trace = true;
    } else if (punycode && arg == "--mixed-case") {
      r.opts.mixed_case = true;
    } else if (idna && profile_option.match(args, j, value, missing)) {
      if (missing) return usage_error("option '--profile' needs a value (" + std::string(profile_list) + ")");
      const std::optional<profile_choice> p = profile_named(value);
      if (!p) return usage_error("unknown profile " + quoted(value) + " (expected " + std::string(profile_list) + ")");
      profile = *p;
      profile_given = true;
    } else if (formats && format_option.match(args, j, value, missing)) {
      if (missing) return usage_error("option '--format' needs a value (plain, tsv or jsonl)");
      const std::optional<output_format> f = output_format_named(value);
      if (!f) return usage_error("unknown format " + quoted(value) + " (expected plain, tsv or jsonl)");
      r.opts.format = *f;
    } else if (display && policy_option.match(args, j, value, missing)) {
      if (missing) return usage_error("option '--policy' needs a value (" + display_policy_names() + ")");
      const std::optional<display_policy> p = display_policy_named(value);
      if (!p) return usage_error("unknown policy " + quoted(value) + " (expected " + display_policy_names() + ")");
      r.opts.display.policy = *p;
    } else if (display && protect_option.match(args, j, value, missing)) {
      if (missing) return usage_error("option '--protect' needs a file of protected domains");
      if (value == "-") {
        return usage_error("option '--protect' needs a file: standard input cannot hold the protected domains");
      }
      r.opts.display.protect_files.push_back(value);
    } else if (display && (allow_option.match(args, j, value, missing) || block_option.match(args, j, value, missing))) {
      const bool allow = arg.starts_with("--allow-chars");
      const std::string name = allow ? "--allow-chars" : "--block-chars";
      if (missing) return usage_error("option '" + name + "' needs characters (as text, or U+XXXX,U+XXXX)");
      if (const std::optional<std::string> bad = parse_characters(
              value, allow ? r.opts.display.allowed_characters : r.opts.display.blocked_characters)) {
        return usage_error("option '" + name + "': " + *bad);
      }
    } else if (display && scripts_option.match(args, j, value, missing)) {
      if (missing) return usage_error("option '--scripts' needs ISO 15924 script codes (such as Latn,Grek)");
      if (const std::optional<std::string> bad = parse_scripts(value, r.opts.display.allowed_scripts)) {
        return usage_error("option '--scripts': " + *bad);
      }
    } else if (display && cjk_option.match(args, j, value, missing)) {
      if (missing) return usage_error("option '--cjk' needs a value (strict17 or cjk-compat)");
      const std::optional<han_bopomofo> c = cjk_choice_named(value);
      if (!c) return usage_error("unknown --cjk choice " + quoted(value) + " (expected strict17 or cjk-compat)");
      r.opts.display.cjk = *c;
    } else if (const std::optional<flag_setting> flag = idna ? idna_flag_named(arg) : std::nullopt) {
      flag_settings.push_back(*flag);
    } else if (is_punycode_option(arg) || is_idna_option(arg) || is_record_option(arg) || is_display_option(arg)) {
      return usage_error("option " + quoted(arg) + " does not apply to " + std::string(first));
    } else {
      return usage_error("unknown option " + quoted(arg) + " for " + std::string(first) +
                         " (use -- before strings that start with '-')");
    }
  }
  // Code point tokens already carry the Appendix A flags ("U+" / "u+"), and
  // letter case cannot be read from or written into them.
  if (r.opts.mixed_case && r.opts.codepoints) {
    return usage_error(
        "--mixed-case cannot be combined with --codepoints: code point tokens carry the uppercase flags "
        "themselves (U+ flagged, u+ not)");
  }
  if (!r.opts.strings.empty() && !r.opts.files.empty()) {
    return usage_error("give " + std::string(punycode ? "strings" : "domains") +
                       " as arguments or files with -f, not both");
  }
  // The flags apply to the profile's standard, wherever --profile stands.
  profile_settings& p = r.opts.profile;
  p.standard = profile.standard;
  p.registration = profile.registration;
  r.opts.idna = idna_options::for_profile(profile.uts46);
  p.idna2008 = puny::idna2008::options::for_profile(profile.registration ? puny::idna2008::profile::registration
                                                                           : puny::idna2008::profile::lookup);
  const unsigned bit = 1u << static_cast<unsigned>(p.standard);
  for (const flag_setting& s : flag_settings) {
    if ((s.flag->applies & bit) == 0) {
      return usage_error(flag_mismatch(s, std::string(profile.name) + (profile_given ? "" : " (the default)"),
                                       p.standard));
    }
    switch (p.standard) {
      case idna_standard::uts46: r.opts.idna.*s.flag->uts46 = s.value; break;
      case idna_standard::idna2008: p.idna2008.*s.flag->idna2008 = s.value; break;
      case idna_standard::idna2003: p.idna2003.*s.flag->idna2003 = s.value; break;
    }
  }
  // The URL Standard's host parser runs UTS #46: hosts found in text are
  // converted with a UTS #46 profile only.
  if (!hosts_option.empty() && p.standard != idna_standard::uts46) {
    return usage_error("option '" + std::string(hosts_option) + "' does not apply to --profile " +
                       std::string(profile.name) +
                       ": hosts found in text are converted with the UTS #46 profiles only, as the URL Standard "
                       "does");
  }
  return r;
}

std::string_view standard_title(const profile_settings& p) noexcept {
  switch (p.standard) {
    case idna_standard::uts46: return "UTS #46";
    case idna_standard::idna2008: return p.registration ? "IDNA2008 registration" : "IDNA2008 lookup";
    case idna_standard::idna2003: return "IDNA2003";
  }
  return {};
}

}  // namespace puny::cli
