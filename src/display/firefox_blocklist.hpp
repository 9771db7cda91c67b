// puny — Gecko's IDN character blocklist (netwerk/dns/IDNCharacterBlocklist.inc,
// Floorp-Projects/Floorp @1807f131, identical in mozilla/gecko-dev): 54
// ranges, 118 BMP code points that nsIDNService::IsLabelSafe never shows in
// Unicode.  Internal: src/display/firefox_policy.cpp uses it.
#pragma once

#include <cstddef>
#include <span>

namespace puny::detail::display {

/// One blocked range, both ends included.
struct firefox_blocked_range {
  char16_t first;
  char16_t last;
};

/// The ranges, sorted and disjoint, as the .inc file lists them.
[[nodiscard]] std::span<const firefox_blocked_range> firefox_blocklist() noexcept;

/// True when `cp` is on the blocklist.  Gecko's list holds BMP code points
/// only, and isOnlySafeChars skips every supplementary code point.
[[nodiscard]] bool firefox_blocked(char32_t cp) noexcept;

}  // namespace puny::detail::display
