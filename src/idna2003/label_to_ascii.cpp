// puny — RFC 3490 §4.1 ToASCII of one label: Nameprep only for a label
// with a non-ASCII code point (step 1), the STD 3 rules after Nameprep
// (step 3), the ACE prefix only on a label still non-ASCII (step 5),
// Punycode (step 6) and the 1..63 length (step 8).
#include <algorithm>

#include "idna2003/labels.hpp"

namespace puny::detail::idna2003 {

prepared_label prepare(std::u32string_view label, elastic_buffer<char32_t, max_stack_domain>& buffer,
                       const options& o) noexcept {
  prepared_label p;
  std::span<char32_t> out = buffer.stack();
  p.result = puny::idna2003::nameprep(label, out, o);
  if (p.result.code == status::output_too_small) {
    // A label that expands beyond the stack part (U+FDFA gives 18 code
    // points): Nameprep's own count says how much.
    out = buffer.get(p.result.needed);
    if (out.empty()) {
      p.result = {};
      p.result.code = status::scratch_too_small;
      return p;
    }
    p.result = puny::idna2003::nameprep(label, out, o);
  }
  if (p.result.code == status::success && p.result.errors.empty()) p.text = {out.data(), p.result.written};
  return p;
}

ascii_label label_to_ascii(std::u32string_view label, std::span<char> ace,
                           elastic_buffer<char32_t, max_stack_domain>& prepared, const options& o) noexcept {
  ascii_label r;
  // Steps 1-2: Nameprep only when a code point is outside 0..7F.
  std::u32string_view s = label;
  const bool nameprepped = !is_ascii(label);
  if (nameprepped) {
    const prepared_label p = prepare(label, prepared, o);
    if (p.result.code != status::success || !p.result.errors.empty()) {
      r.code = p.result.code;
      r.errors = p.result.errors;
      r.offset = p.result.offset;
      r.code_point = p.result.code_point;
      return r;
    }
    s = p.text;
  }

  // Step 3: UseSTD3ASCIIRules, on the label as Nameprep left it.
  if (o.use_std3_ascii_rules) {
    const auto bad = std::find_if(s.begin(), s.end(), [](char32_t c) { return c < 0x80 && !is_ldh(c); });
    if (bad != s.end()) {
      r.errors.insert(error::non_ldh_ascii);
      std::size_t at = static_cast<std::size_t>(bad - s.begin());
      if (nameprepped) {
        // Name the input code point Nameprep turned into it (U+FF0B for
        // "+"), by counting the same character before it.
        at = locate_nameprep_source(label, *bad, static_cast<std::size_t>(std::count(s.begin(), bad, *bad)));
      }
      if (at < label.size()) {
        r.offset = at;
        r.code_point = label[at];
      } else {
        r.code_point = *bad;
      }
    }
    if (!s.empty() && (s.front() == U'-' || s.back() == U'-')) r.errors.insert(error::leading_or_trailing_hyphen);
    if (!r.errors.empty()) return r;
  }

  // Step 4: an all-ASCII label is its own ASCII form.
  if (is_ascii(s)) {
    if (s.empty() || s.size() > max_label_length) {
      r.errors.insert(error::invalid_length);
      return r;
    }
    for (std::size_t i = 0; i < s.size(); ++i) ace[i] = static_cast<char>(s[i]);
    r.length = s.size();
    return r;
  }

  // Step 5: the prefix is checked only on a label that still needs encoding.
  if (has_ace_prefix(s)) {
    r.errors.insert(error::ace_prefix_present);
    return r;
  }

  // Steps 6-8.  Past max_encodable_length code points the ACE form is over
  // 63 characters whatever they are, and no encoding failure can come
  // first: Nameprep has rejected surrogates (C.5) and values above
  // U+10FFFF, and 64-bit deltas do not overflow on a label this short.
  if (s.size() > max_encodable_length) {
    r.errors.insert(error::invalid_length);
    return r;
  }
  std::copy(ace_prefix.begin(), ace_prefix.end(), ace.begin());
  const puny::result e = puny::encode(std::span<const char32_t>(s.data(), s.size()),
                                      ace.subspan(ace_prefix.size(), max_encodable_length));
  if (e.code == status::output_too_small) {
    r.errors.insert(error::invalid_length);
  } else if (e.code != status::success) {
    r.errors.insert(error::punycode_error);
  } else {
    r.length = ace_prefix.size() + e.written;
  }
  return r;
}

}  // namespace puny::detail::idna2003
