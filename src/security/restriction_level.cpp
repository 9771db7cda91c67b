// puny — restriction levels (UTS #39 §5.2).
#include "puny/security.hpp"
#include "security/code_point_class.hpp"
#include "security/profile.hpp"
#include "security/script_resolution.hpp"
#include "security/security_data.hpp"
#include "security/text_source.hpp"

namespace puny {

namespace detail::security {

restriction_level classify(bool in_profile, bool ascii, const script_resolution& scripts) noexcept {
  // ICU requires the profile even of ASCII text (a space is not in it),
  // which §5.2's level 1 does not say; the notes (§1.5) follow ICU.
  if (!in_profile) return restriction_level::unrestricted;
  if (ascii) return restriction_level::ascii_only;
  if (!scripts.resolved.empty()) return restriction_level::single_script;
  const script_set& other = scripts.without_latin;
  // Latn + Hanb, Latn + Jpan, Latn + Kore.
  if (other.contains(script::hanb) || other.contains(script::jpan) || other.contains(script::kore))
    return restriction_level::highly_restrictive;
  // Latin + one other Recommended script except Cyrillic and Greek; ICU
  // also excludes Cherokee, whose lowercase letters copy Latin capitals.
  if (!other.empty() && !other.contains(script::cyrillic) && !other.contains(script::greek) &&
      !other.contains(script::cherokee))
    return restriction_level::moderately_restrictive;
  return restriction_level::minimally_restrictive;
}

namespace {

template <class Source>
restriction_level level_of(const Source& source, const identifier_profile& profile) noexcept {
  bool in_profile = true;
  char32_t any = 0;
  script_resolution scripts;
  for (std::size_t at = 0; at < source.size();) {
    const read_code_point r = source.read(at);
    if (r.next == at) return restriction_level::unrestricted;
    at = r.next;
    const code_point_info info = info_of(r.value);
    in_profile = in_profile && profile_allows(profile, info.allowed(), info.cjk_compat(), r.value);
    any |= r.value;
    scripts.add(info.augmented());
  }
  return classify(in_profile, any < 0x80, scripts);
}

}  // namespace
}  // namespace detail::security

restriction_level restriction_level_of(std::string_view utf8, const identifier_profile& profile) noexcept {
  return detail::security::level_of(detail::security::utf8_source(utf8), profile);
}

restriction_level restriction_level_of(std::u32string_view text, const identifier_profile& profile) noexcept {
  return detail::security::level_of(detail::security::utf32_source(text), profile);
}

}  // namespace puny
