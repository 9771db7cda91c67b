// puny — the identifier profile of UTS #39 §3.1: Identifier_Status=Allowed,
// with the Unicode 17.0 choice for Han and Bopomofo and the caller's
// additions and removals.
#include <algorithm>

#include "puny/security.hpp"
#include "security/profile.hpp"
#include "security/security_data.hpp"

namespace puny {

namespace detail::security {

bool profile_allows(const identifier_profile& profile, const code_point_record& record, char32_t cp) noexcept {
  return profile_allows(profile, record.allowed, record.cjk_compat, cp);
}

bool profile_allows(const identifier_profile& profile, bool allowed, bool cjk_compat, char32_t cp) noexcept {
  // The lists are short by contract (searched linearly); the blocked list
  // wins so that a caller can carve characters out of anything.
  if (!profile.extra_blocked.empty() &&
      std::find(profile.extra_blocked.begin(), profile.extra_blocked.end(), cp) != profile.extra_blocked.end())
    return false;
  if (allowed) return true;
  // Unicode 17.0 moved Bopomofo to Limited_Use and most ideographs to
  // Uncommon_Use (unicodetools #1129, #1138); cjk_compat restores them.
  if (profile.cjk == han_bopomofo::cjk_compat && cjk_compat) return true;
  return !profile.extra_allowed.empty() &&
         std::find(profile.extra_allowed.begin(), profile.extra_allowed.end(), cp) != profile.extra_allowed.end();
}

}  // namespace detail::security

bool identifier_profile::allows(char32_t cp) const noexcept {
  return detail::security::profile_allows(*this, detail::security::record_of(cp), cp);
}

}  // namespace puny
