// puny — the resolved script set of a string (UTS #39 §5.1): the
// intersection of the augmented script sets of its code points.
#include "puny/security.hpp"
#include "security/code_point_class.hpp"
#include "security/text_source.hpp"

namespace puny {

namespace {

template <class Source>
script_set resolve(const Source& source) noexcept {
  script_set resolved = script_set::all();
  for (std::size_t at = 0; at < source.size();) {
    const detail::security::read_code_point r = source.read(at);
    if (r.next == at) return {};
    at = r.next;
    resolved &= detail::security::info_of(r.value).augmented();
    // Empty stays empty, and ill-formed input gives the empty set too.
    if (resolved.empty()) return resolved;
  }
  return resolved;
}

}  // namespace

script_set resolved_script_set(std::string_view utf8) noexcept {
  return resolve(detail::security::utf8_source(utf8));
}

script_set resolved_script_set(std::u32string_view text) noexcept {
  return resolve(detail::security::utf32_source(text));
}

}  // namespace puny
