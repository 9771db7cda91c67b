// puny — the per-label rules of each display policy, behind one interface.
// Internal.  src/display/display.cpp runs UTS #46, splits the name into
// labels, applies the caller's options (blocked characters, allowed
// scripts), asks the policy about each IDN label, then the look-alike
// index about the whole name.
#pragma once

#include <cstddef>
#include <string_view>

#include "puny/display.hpp"

namespace puny::detail::display {

/// One IDN label to decide on.
struct label_context {
  /// The label's Unicode form after UTS #46 ToUnicode (NFC); it is valid
  /// under UTS #46 and holds at least one non-ASCII code point.
  std::u32string_view label;
  /// The name's last label (the TLD) in ASCII as given or as ToASCII made
  /// it, lowercase, without a trailing dot ("com", "xn--p1ai"); empty when
  /// the name has one label.
  std::string_view tld_ascii;
  /// The TLD's Unicode form ("рф"), or tld_ascii's text when it is ASCII.
  std::u32string_view tld_unicode;
  /// The caller's options (allowed_characters and cjk adjust the allowed
  /// set; blocked_characters and allowed_scripts are applied before the
  /// policy is asked).
  const display_options& options;
};

/// A policy's answer: no reason means "show the Unicode form".
struct label_decision {
  display_reasons reasons;
  /// The character that decided the first reason and its index in `label`
  /// (code points), when one did.
  char32_t code_point = 0;
  std::size_t index = 0;
  /// For whole_script_confusable: the script whose letters look like Latin;
  /// for restriction_level / non_ascii_latin_mixed: a script of the mix.
  script culprit_script = script::unknown;
};

/// Chromium's IdnSpoofChecker::SafeToDisplayAsUnicode (rules 1–9, the
/// first that matches wins), src/display/chromium_policy.cpp.
[[nodiscard]] label_decision chromium_label(const label_context& label) noexcept;
/// Gecko's nsIDNService::IsLabelSafe (the first false wins),
/// src/display/firefox_policy.cpp.
[[nodiscard]] label_decision firefox_label(const label_context& label) noexcept;
/// UTS #39 alone: the profile (§3.1), the restriction level at most `max`
/// (§5.2), mixed numbers (§5.3), the §5.4 detections; every reason that
/// applies, src/display/uts39_policy.cpp.
[[nodiscard]] label_decision uts39_label(const label_context& label, restriction_level max) noexcept;

}  // namespace puny::detail::display
