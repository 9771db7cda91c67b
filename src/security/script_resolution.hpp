// puny — resolved script sets (UTS #39 §5.1) and the restriction level
// they decide (§5.2), accumulated one code point at a time.  Internal.
#pragma once

#include "puny/script.hpp"
#include "puny/security.hpp"

namespace puny::detail::security {

/// The intersections §5.2 needs, over the augmented script sets of a
/// string's code points.
struct script_resolution {
  /// §5.1: the resolved script set (ALL for a string with no
  /// script-specific character, the empty string included).
  script_set resolved = script_set::all();
  /// The same over the code points whose augmented set lacks Latin (ICU
  /// getResolvedScriptSetWithout(USCRIPT_LATIN)): what Latin is mixed with.
  script_set without_latin = script_set::all();

  void add(const script_set& augmented) noexcept {
    resolved &= augmented;
    if (!augmented.contains(script::latin)) without_latin &= augmented;
  }
};

/// §5.2 by ICU's getRestrictionLevel (uspoof_impl.cpp), step for step:
/// outside the profile → unrestricted; all ASCII → ASCII-Only; resolved
/// set not empty → Single Script; Latin + (Hanb | Jpan | Kore) → Highly;
/// Latin + one other script set that holds no Cyrillic, Greek or Cherokee →
/// Moderately; else Minimally Restrictive.
[[nodiscard]] restriction_level classify(bool in_profile, bool ascii, const script_resolution& scripts) noexcept;

}  // namespace puny::detail::security
