// puny — the part of the chromium policy that stands for ICU's
// uspoof_check, exposed for its tests.  Internal.
#pragma once

#include <cstddef>
#include <string_view>

#include "puny/display.hpp"
#include "puny/security.hpp"

namespace puny::detail::display {

/// What uspoof_check reports for a label under Chromium's checker
/// (IDNSpoofChecker::IDNSpoofChecker(): restriction level Highly
/// Restrictive, Chromium's allowed set, the default checks of ICU 78).
struct uspoof_result {
  /// CHAR_LIMIT: the index of the first code point outside Chromium's
  /// allowed set, or static_cast<std::size_t>(-1).
  std::size_t not_allowed = static_cast<std::size_t>(-1);
  /// The restriction level (the AUX_INFO bits; Unrestricted with CHAR_LIMIT).
  restriction_level level = restriction_level::ascii_only;
  bool mixed_numbers = false;  ///< MIXED_NUMBERS
  bool invisible = false;      ///< INVISIBLE or HIDDEN_OVERLAY
};

/// uspoof_check of `label` (ToUnicode's form) with the allowed set that
/// `options` adjusts (cjk, allowed_characters).
[[nodiscard]] uspoof_result chromium_uspoof_check(std::u32string_view label, const display_options& options) noexcept;

}  // namespace puny::detail::display
