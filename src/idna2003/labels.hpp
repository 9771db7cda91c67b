// puny — RFC 3490 §4.1 ToASCII and §4.2 ToUnicode of one label, shared by
// the whole-name conversions of <puny/idna2003.hpp>, and the label
// separators of §3.1.  Internal.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "idna2003/scratch.hpp"
#include "puny/idna.hpp"
#include "puny/idna2003.hpp"
#include "puny/punycode.hpp"

namespace puny::detail::idna2003 {

using puny::idna2003::error;
using puny::idna2003::error_set;
using puny::idna2003::options;

/// RFC 3490 §3.1 requirement 1: full stop, ideographic full stop,
/// fullwidth full stop and halfwidth ideographic full stop separate labels.
[[nodiscard]] constexpr bool is_label_separator(char32_t c) noexcept {
  return c == U'.' || c == 0x3002 || c == 0xFF0E || c == 0xFF61;
}

/// RFC 3490 §5: the ACE prefix, matched in any ASCII case (§4.1 step 5,
/// §4.2 step 3).
inline constexpr std::string_view ace_prefix = "xn--";

/// RFC 3490 §4.1 step 8: an ACE or ASCII label has 1 to 63 code points.
inline constexpr std::size_t max_label_length = 63;

/// The longest Nameprep output a label can have and still pass ToASCII:
/// Punycode spends at least one character on every code point once one is
/// non-basic, so a longer label with a non-ASCII code point is over 63
/// characters with its "xn--" (RFC 3490 §4.1 step 8).
inline constexpr std::size_t max_encodable_length = max_label_length - ace_prefix.size();

[[nodiscard]] constexpr char32_t ascii_lower(char32_t c) noexcept { return c >= U'A' && c <= U'Z' ? c + 0x20 : c; }

/// True when `s` begins with "xn--" in any ASCII case.
template <class Char>
[[nodiscard]] constexpr bool has_ace_prefix(std::basic_string_view<Char> s) noexcept {
  if (s.size() < ace_prefix.size()) return false;
  for (std::size_t i = 0; i < ace_prefix.size(); ++i) {
    if (ascii_lower(static_cast<char32_t>(s[i])) != static_cast<char32_t>(ace_prefix[i])) return false;
  }
  return true;
}

/// STD 3 (RFC 1123 §2.1 via RFC 3490 §4.1 step 3a): letters, digits, hyphen.
[[nodiscard]] constexpr bool is_ldh(char32_t c) noexcept {
  return (c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z') || (c >= U'0' && c <= U'9') || c == U'-';
}

[[nodiscard]] constexpr bool is_ascii(std::u32string_view s) noexcept {
  char32_t any = 0;
  for (const char32_t c : s) any |= c;
  return any < 0x80;
}

/// Working memory of one label's conversion: Nameprep's output, ToUnicode's
/// decoded label and the Nameprep of that label (step 6), the ACE text
/// handed to the Punycode decoder, and the decoder's scratch.  On the stack
/// while a label's Nameprep output fits puny::max_stack_domain code points.
struct label_memory {
  elastic_buffer<char32_t, max_stack_domain> prepared;
  elastic_buffer<char32_t, max_stack_domain> decoded;
  elastic_buffer<char32_t, max_stack_domain> reprepared;
  elastic_buffer<char, max_stack_domain> ace_text;
  elastic_buffer<std::uint64_t, decode_scratch_words(max_stack_domain)> words;
};

/// What one label's conversion found.  `status` is success unless memory
/// for a huge label was refused (status::scratch_too_small); `errors` are
/// the codes of the step that failed (ToASCII and ToUnicode stop at the
/// first failing step), with the code point at fault.
struct label_outcome {
  status code = status::success;
  error_set errors;
  std::size_t offset = 0;
  char32_t code_point = 0;
  [[nodiscard]] bool failed() const noexcept { return code != status::success || !errors.empty(); }
};

/// A ToASCII result: the label's ASCII form is ace[0, length).
struct ascii_label : label_outcome {
  std::size_t length = 0;
};

/// RFC 3490 §4.1 steps 1-8 on `label` (surrogates fail Nameprep as C.5
/// code points; values above U+10FFFF are refused before, by check_input,
/// as Nameprep would give status::invalid_code_point for them).  On
/// success the result (at most 63 characters) is in `ace`, which holds at
/// least max_label_length characters; `prepared` takes Nameprep's output.
/// Offsets are in code points of `label`.
[[nodiscard]] ascii_label label_to_ascii(std::u32string_view label, std::span<char> ace,
                                         elastic_buffer<char32_t, max_stack_domain>& prepared,
                                         const options& o) noexcept;

/// A ToUnicode result: `decoded` is false when the label is to be given
/// back as it was in the input (no ACE prefix, or a step failed: `errors`
/// then say which, the missing prefix excepted); true when `text` holds the
/// decoded label (RFC 3490 §4.2 step 8).
struct unicode_label : label_outcome {
  bool decoded = false;
  std::u32string_view text;
};

/// RFC 3490 §4.2 steps 1-8 on `label`.  A Nameprep failure in step 2 is
/// located in `label`; a failure of step 6 in the decoded label (its
/// "Unicode form").
[[nodiscard]] unicode_label label_to_unicode(std::u32string_view label, label_memory& memory,
                                             const options& o) noexcept;

/// Nameprep of `label` into `buffer`, grown to what Nameprep asks for when
/// the label expands beyond its stack part.  On success (no status, no
/// error) `text` views the output.
struct prepared_label {
  puny::idna2003::result result;
  std::u32string_view text;
};
[[nodiscard]] prepared_label prepare(std::u32string_view label, elastic_buffer<char32_t, max_stack_domain>& buffer,
                                     const options& o) noexcept;

/// The offset in `label` of the code point that put the `which`-th (from
/// 0) occurrence of the ASCII character `c` into Nameprep's output of
/// `label`, found from each code point's B.1/B.2 mapping and compatibility
/// decomposition (RFC 3454 §3, §4); label.size() when none did.  Used to
/// name the code point behind a ToASCII step 3 failure found after
/// Nameprep (`í＋dn`: U+FF0B at offset 1).
[[nodiscard]] std::size_t locate_nameprep_source(std::u32string_view label, char32_t c, std::size_t which) noexcept;

}  // namespace puny::detail::idna2003
