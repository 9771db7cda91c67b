// puny — UTS #46 ToASCII (§4.2) and ToUnicode (§4.3) over one input
// encoding, behind the public overloads of <puny/idna.hpp>.  Internal.
#pragma once

#include <span>
#include <string_view>

#include "puny/idna.hpp"

namespace puny::detail {

template <class Char>
[[nodiscard]] idna_result to_ascii_core(std::basic_string_view<Char> domain, std::span<char> out,
                                        const idna_options& options) noexcept;

template <class Char>
[[nodiscard]] idna_result to_unicode_core(std::basic_string_view<Char> domain, std::span<Char> out,
                                          const idna_options& options) noexcept;

/// URL Standard: the forbidden domain code points (W1).
[[nodiscard]] constexpr bool is_forbidden_domain_code_point(char32_t c) noexcept {
  switch (c) {
    case U' ': case U'#': case U'%': case U'/': case U':': case U'<': case U'>': case U'?':
    case U'@': case U'[': case U'\\': case U']': case U'^': case U'|': case 0x7F:
      return true;
    default:
      return c <= 0x1F;
  }
}

}  // namespace puny::detail
