// puny — the ASCII fast path: a domain of letters, digits, hyphens and
// dots that UTS #46 only lowercases, recognized in one pass.  Internal.
#pragma once

#include <cstddef>
#include <string_view>

#include "idna/process.hpp"
#include "puny/idna.hpp"

namespace puny::detail {

/// True when `in` is ASCII letters, digits, '-' and '.' only, no label can
/// be an xn-- label ("--" in the 3rd and 4th positions sends any such
/// label to the general path), and the operation records no code for it
/// under `options`: hyphen rules, empty labels, and (for ToASCII with
/// VerifyDnsLength) the DNS lengths.  Its result is then `in` with A-Z
/// lowered (IdnaMappingTable.txt), which has no Bidi, joiner, mark,
/// disallowed or forbidden code point, and is not empty.
template <class Char>
[[nodiscard]] bool is_plain_ascii_domain(std::basic_string_view<Char> in, const idna_options& options,
                                         idna_operation operation) noexcept;

/// A-Z to a-z, the only change UTS #46 mapping makes to such a domain.
[[nodiscard]] constexpr char32_t ascii_lower(char32_t c) noexcept { return c >= U'A' && c <= U'Z' ? c + 0x20 : c; }

/// Copies in to out with A-Z lowered, a word at a time.
void ascii_lower_copy(std::string_view in, char* out) noexcept;

}  // namespace puny::detail
