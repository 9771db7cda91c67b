// puny — the names IDNA2008 lookup decides without working memory: all
// ASCII, and no XN-label to decode.  Internal.
#pragma once

#include <cstring>
#include <span>
#include <string_view>
#include <type_traits>

#include "puny/idna2008.hpp"

namespace puny::detail::idna2008 {

/// True for a name that UTS #46's ASCII fast path takes for ToASCII with
/// VerifyDnsLength and `o.check_hyphens`: letters, digits, hyphens and
/// dots only, no empty label (not even the root), no "--" in positions
/// 3-4, no hyphen at a label's end when o.check_hyphens, lengths within
/// RFC 1034's.  Such a name passes IDNA2008 lookup under any options and
/// is its own ASCII and Unicode form, so the vector code that recognizes
/// it for UTS #46 serves here too.  Char is char or char32_t.
template <class Char>
[[nodiscard]] bool plain_ldh_name(std::basic_string_view<Char> in, const puny::idna2008::options& o) noexcept;

/// RFC 5891 §5 for a name that is all ASCII and has no XN-label (most
/// names): nothing to decode or normalize, no code point that could make
/// it a Bidi domain name, so each label is only an LDH label to check
/// (RFC 5890 §2.3.1) and the name is its own ASCII and Unicode form.  One
/// pass over the input.  False, with `r` untouched, when the name is not
/// such a name; otherwise `r` holds the rule codes, label, offset and code
/// point.  Char is char or char32_t.
template <class Char>
[[nodiscard]] bool plain_ascii_name(std::basic_string_view<Char> in, const puny::idna2008::options& o,
                                    puny::idna2008::result& r) noexcept;

/// Writes a name that is all ASCII to `out`, which holds in.size() units.
template <class Char>
void copy_ascii(std::basic_string_view<Char> in, std::span<char> out) noexcept {
  if constexpr (std::is_same_v<Char, char>) {
    if (!in.empty()) std::memcpy(out.data(), in.data(), in.size());
  } else {
    for (std::size_t i = 0; i < in.size(); ++i) out[i] = static_cast<char>(in[i]);
  }
}

}  // namespace puny::detail::idna2008
