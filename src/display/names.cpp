// puny — the names of the display policies and reasons, and the English
// phrase of each reason (include/puny/display.hpp).
#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

#include "puny/display.hpp"

namespace puny {
namespace {

// The command line's spelling (`puny display --policy NAME`).
constexpr std::array<std::string_view, display_policy_count> policy_names = {
    "chromium", "firefox", "uts39-highly-restrictive", "uts39-moderately-restrictive", "ascii",
};

// The enumerators' names: the jsonl form of `puny display`.
constexpr std::array<std::string_view, display_reason_count> reason_names = {
    "invalid",
    "character_not_allowed",
    "deny_listed_character",
    "script_not_allowed",
    "restriction_level",
    "mixed_numbers",
    "invisible_or_hidden_marks",
    "whole_script_confusable",
    "digit_lookalike",
    "tld_specific_character",
    "dangerous_pattern",
    "non_ascii_latin_mixed",
    "lookalike_of_protected",
    "ascii_policy",
};

constexpr std::array<std::string_view, display_reason_count> reason_messages = {
    "the label is not valid under UTS #46",
    "a character is outside the policy's allowed set",
    "a character is on the block list",
    "a character's script is not among the allowed scripts",
    "the label mixes scripts beyond the policy's restriction level",
    "the label mixes digits of different numbering systems",
    "the label has repeated or hidden combining marks",
    "every letter of the label looks like a Latin letter",
    "the label is made of digits and characters that look like digits",
    "a character is allowed only under its own top-level domain",
    "the label has a pattern of characters browsers reject",
    "non-ASCII Latin letters are mixed with another script",
    "the name looks like a protected domain",
    "the ascii policy shows every label in its ASCII form",
};

}  // namespace

std::string_view name(display_policy p) noexcept {
  const auto i = static_cast<std::size_t>(p);
  return i < policy_names.size() ? policy_names[i] : std::string_view{};
}

std::optional<display_policy> display_policy_from_name(std::string_view text) noexcept {
  for (std::size_t i = 0; i < policy_names.size(); ++i)
    if (policy_names[i] == text) return static_cast<display_policy>(i);
  return std::nullopt;
}

std::string_view name(display_reason r) noexcept {
  const auto i = static_cast<std::size_t>(r);
  return i < reason_names.size() ? reason_names[i] : std::string_view{};
}

std::string_view message(display_reason r) noexcept {
  const auto i = static_cast<std::size_t>(r);
  return i < reason_messages.size() ? reason_messages[i] : std::string_view{};
}

}  // namespace puny
