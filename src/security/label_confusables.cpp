// puny — the single-string tests of UTS #39 §4.1 (whole-script
// confusables) and §4.2 (mixed-script confusables).  ICU dropped them in
// ICU 58 (ticket 12823) for want of per-script data; here the data is
// record.wsc, generated from confusables.txt: for each code point, the
// scripts other than its own that hold an Allowed character of the same
// skeleton.
#include <cstddef>
#include <string_view>

#include "puny/security.hpp"
#include "security/security_data.hpp"
#include "security/text_source.hpp"

namespace puny {

namespace {

template <class Source>
label_confusables find(const Source& source) noexcept {
  label_confusables found;
  bool any_specific = false;
  // §4.1: scripts where every script-specific character has a look-alike.
  script_set everywhere = script_set::all();
  // §4.2: scripts S where every script-specific character is in S or has a
  // look-alike in S, and the scripts the label's characters belong to.
  script_set covered = script_set::all();
  script_set present;
  script_set resolved = script_set::all();
  for (std::size_t at = 0; at < source.size();) {
    const detail::security::read_code_point r = source.read(at);
    if (r.next == at) {
      label_confusables bad;
      bad.code = status::invalid_utf8;
      bad.position = at;
      return bad;
    }
    at = r.next;
    const detail::security::code_point_record record = detail::security::record_of(r.value);
    const script_set& augmented = detail::security::script_set_at(record.augmented);
    // Common and Inherited characters (augmented set ALL) look the same in
    // every script: they neither need nor forbid a look-alike.
    if (augmented.is_all()) continue;
    any_specific = true;
    const script_set& lookalikes = detail::security::confusable_scripts(record);
    everywhere &= lookalikes;
    covered &= augmented | lookalikes;
    present |= augmented;
    resolved &= augmented;
  }
  if (!any_specific) return found;
  // A whole-script confusable lies in another script than the label's own.
  for (const script s : resolved) everywhere.erase(s);
  found.whole_script = everywhere;
  found.mixed_script = resolved.empty() && !(covered & present).empty();
  return found;
}

}  // namespace

label_confusables find_label_confusables(std::string_view utf8) noexcept {
  return find(detail::security::utf8_source(utf8));
}

label_confusables find_label_confusables(std::u32string_view text) noexcept {
  return find(detail::security::utf32_source(text));
}

}  // namespace puny
