// puny — RFC 3490 §4.2 ToUnicode of one label: Nameprep a non-ASCII label
// (step 2), require the ACE prefix (step 3), decode (steps 4-5), run
// ToASCII on the result (step 6) and compare it with the ACE form in any
// ASCII case (step 7).  The decoded label keeps the case its basic letters
// had (`XN--MLLER-KVA` → `MüLLER`), as libidn and Java do.
#include <array>

#include "idna2003/labels.hpp"

namespace puny::detail::idna2003 {

unicode_label label_to_unicode(std::u32string_view label, label_memory& memory, const options& o) noexcept {
  unicode_label r;
  // Steps 1-2.  RFC 3490 §4.2 passes AllowUnassigned to Nameprep here;
  // UseSTD3ASCIIRules comes into play in step 6.
  std::u32string_view s = label;
  if (!is_ascii(label)) {
    const prepared_label p = prepare(label, memory.prepared, o);
    if (p.result.code != status::success || !p.result.errors.empty()) {
      r.code = p.result.code;
      r.errors = p.result.errors;
      r.offset = p.result.offset;
      r.code_point = p.result.code_point;
      return r;
    }
    s = p.text;
  }

  // Step 3: a label without the prefix is returned as it was, and that is
  // not a failure to report.
  if (!has_ace_prefix(s)) return r;

  // Steps 4-5.  The Punycode decoder reads ASCII; a non-ASCII code point in
  // the tail cannot be a Punycode digit (RFC 3492 §6.2).
  const std::u32string_view tail = s.substr(ace_prefix.size());
  const std::span<char> text = memory.ace_text.get(tail.size());
  // The decoder may use up to three elements past its output (punycode.hpp).
  const std::span<char32_t> decoded = memory.decoded.get(tail.size() + 4);
  const std::span<std::uint64_t> words = memory.words.get(decode_scratch_words(tail.size()));
  if (text.empty() || decoded.empty() || (words.empty() && decode_scratch_words(tail.size()) != 0)) {
    r.code = status::scratch_too_small;
    return r;
  }
  for (std::size_t i = 0; i < tail.size(); ++i) {
    if (tail[i] >= 0x80) {
      r.errors.insert(error::punycode_error);
      return r;
    }
    text[i] = static_cast<char>(tail[i]);
  }
  const puny::result d = puny::decode(std::span<const char>(text.data(), tail.size()), decoded, {}, words);
  if (d.code == status::scratch_too_small) {
    r.code = d.code;
    return r;
  }
  if (d.code != status::success) {
    r.errors.insert(error::punycode_error);
    return r;
  }
  const std::u32string_view result(decoded.data(), d.written);

  // Step 6: ToASCII with the same flags; its failure is reported as it is,
  // located in the decoded label.
  std::array<char, max_label_length> ace{};
  const ascii_label a = label_to_ascii(result, ace, memory.reprepared, o);
  if (a.failed()) {
    static_cast<label_outcome&>(r) = a;
    return r;
  }

  // Step 7: the ACE form must come back, ASCII case aside.
  bool same = a.length == s.size();
  for (std::size_t i = 0; same && i < a.length; ++i) {
    same = ascii_lower(static_cast<char32_t>(ace[i])) == ascii_lower(s[i]);
  }
  if (!same) {
    r.errors.insert(error::roundtrip_mismatch);
    return r;
  }

  // Step 8.
  r.decoded = true;
  r.text = result;
  return r;
}

}  // namespace puny::detail::idna2003
