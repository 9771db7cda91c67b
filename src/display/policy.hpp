// puny — the per-label rules of each display policy, behind one interface.
// Internal.  src/display/display.cpp runs UTS #46, splits the name into
// labels, applies the caller's options (blocked characters, allowed
// scripts), asks the policy about each IDN label, then the look-alike
// index about the whole name.
#pragma once

#include <cstddef>
#include <string_view>
#include <type_traits>

#include "puny/display.hpp"

namespace puny::detail::display {

/// Makes the TLD's ASCII form when a rule first reads it (display.cpp).
class tld_ascii_maker {
 public:
  [[nodiscard]] virtual std::string_view tld_ascii() const noexcept = 0;

 protected:
  tld_ascii_maker() = default;
  tld_ascii_maker(const tld_ascii_maker&) = default;
  tld_ascii_maker& operator=(const tld_ascii_maker&) = default;
  ~tld_ascii_maker() = default;
};

/// The TLD's ASCII form: given, or made on first use.  Most labels are
/// decided without it (the chromium policy reads it only for a few code
/// points, to exempt a script, or for · þ ð ə), and making it takes
/// finding the TLD in the input, or ToASCII.
class tld_text {
 public:
  /// No TLD (a name of one label).
  constexpr tld_text() noexcept = default;
  /// Given: any text a std::string_view can view.
  template <class Text>
    requires std::is_convertible_v<const Text&, std::string_view>
  constexpr tld_text(const Text& text) noexcept : text_(text) {}  // NOLINT(google-explicit-constructor)
  /// Made by `maker` when first read.
  constexpr explicit tld_text(const tld_ascii_maker& maker) noexcept : maker_(&maker) {}

  [[nodiscard]] std::string_view get() const noexcept { return maker_ != nullptr ? maker_->tld_ascii() : text_; }
  friend bool operator==(const tld_text& a, std::string_view b) noexcept { return a.get() == b; }

 private:
  std::string_view text_;
  const tld_ascii_maker* maker_ = nullptr;
};

/// One IDN label to decide on.
struct label_context {
  /// The label's Unicode form after UTS #46 ToUnicode (NFC); it is valid
  /// under UTS #46 and holds at least one non-ASCII code point.
  std::u32string_view label;
  /// The name's last label (the TLD) in ASCII as given or as ToASCII made
  /// it, lowercase, without a trailing dot ("com", "xn--p1ai"); empty when
  /// the name has one label.
  tld_text tld_ascii;
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
