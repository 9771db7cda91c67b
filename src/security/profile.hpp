// puny — membership in an identifier_profile when the caller already holds
// the code point's record (src/security/identifier_profile.cpp).  Internal.
#pragma once

#include "puny/security.hpp"
#include "security/security_data.hpp"

namespace puny::detail::security {

/// identifier_profile::allows(cp), given record_of(cp).
[[nodiscard]] bool profile_allows(const identifier_profile& profile, const code_point_record& record,
                                  char32_t cp) noexcept;

/// The same from the two flags allows() reads.
[[nodiscard]] bool profile_allows(const identifier_profile& profile, bool allowed, bool cjk_compat,
                                  char32_t cp) noexcept;

/// True for the profile Identifier_Status=Allowed alone (the default), where
/// allows() is record.allowed.
[[nodiscard]] constexpr bool is_plain(const identifier_profile& profile) noexcept {
  return profile.cjk == han_bopomofo::strict17 && profile.extra_allowed.empty() && profile.extra_blocked.empty();
}

}  // namespace puny::detail::security
