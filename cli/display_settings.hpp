// puny CLI — the options of `puny display` (and of the display section of
// `puny check`): the policy, the protected-domain lists, and the caller's
// adjustments of the allowed set, as the command line gives them.
//
//   --policy POLICY       chromium (default), firefox,
//                         uts39-highly-restrictive,
//                         uts39-moderately-restrictive, ascii
//   --protect FILE        a protected-domain list in the format of
//                         Chromium's top-domain lists (repeatable)
//   --allow-chars CHARS   characters the policy's allowed set gains
//   --block-chars CHARS   characters never shown in Unicode (repeatable)
//   --scripts CODES       only these scripts (ISO 15924: Latn,Grek)
//   --cjk strict17|cjk-compat
//                         the Unicode 17.0 choice for Han and Bopomofo
//
// CHARS is either a list of code points written U+XXXX (separated by
// commas or spaces) or, when it does not start with "U+" or "u+", the
// characters themselves in UTF-8.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "puny/display.hpp"
#include "puny/lookalike.hpp"
#include "puny/security.hpp"

namespace puny::cli {

struct display_settings {
  display_policy policy = display_policy::chromium;
  /// --protect FILE, in order; read once by load_protected_domains().
  std::vector<std::string_view> protect_files;
  /// --allow-chars and --block-chars, accumulated.
  std::u32string allowed_characters;
  std::u32string blocked_characters;
  /// --scripts, accumulated; empty: every script.
  script_set allowed_scripts;
  han_bopomofo cjk = han_bopomofo::strict17;
  /// The index built from protect_files (null when none was given).  Shared
  /// by every thread: lookalike_index::find is safe to call concurrently.
  std::shared_ptr<const lookalike_index> protect;

  /// The library's options; they refer to this object, which must outlive
  /// them and stay unchanged while they are used.
  [[nodiscard]] display_options library_options() const noexcept {
    display_options o;
    o.policy = policy;
    o.protect = protect.get();
    o.allowed_characters = allowed_characters;
    o.blocked_characters = blocked_characters;
    o.allowed_scripts = allowed_scripts;
    o.cjk = cjk;
    return o;
  }
};

/// The policy named `name` as the command line spells it, if any.
[[nodiscard]] std::optional<display_policy> display_policy_named(std::string_view name) noexcept;

/// "chromium, firefox, uts39-highly-restrictive, uts39-moderately-restrictive
/// or ascii": the names, for messages.
[[nodiscard]] std::string display_policy_names();

/// "strict17" or "cjk-compat".
[[nodiscard]] std::optional<han_bopomofo> cjk_choice_named(std::string_view name) noexcept;

/// Appends the code points of a CHARS value to `out`; on failure returns
/// what is wrong with it (for a usage error).
[[nodiscard]] std::optional<std::string> parse_characters(std::string_view value, std::u32string& out);

/// Adds the scripts of a comma-separated list of ISO 15924 codes ("Latn,Grek";
/// any letter case, and long names such as "Latin" too) to `out`; on failure
/// returns what is wrong with it.
[[nodiscard]] std::optional<std::string> parse_scripts(std::string_view value, script_set& out);

/// Reads every --protect file into one lookalike_index (settings.protect).
/// A line the index refuses is a warning on `warnings` ("puny: FILE:LINE:
/// ..."), not an error.  Returns what went wrong when a file cannot be read
/// (a usage error), or nothing.
[[nodiscard]] std::optional<std::string> load_protected_domains(display_settings& settings, std::string& warnings);

}  // namespace puny::cli
