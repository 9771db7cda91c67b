// puny — the RFC 5892 derived property of a code point, inline for the
// per-code-point loops of the IDNA2008 protocol.  Internal.
#pragma once

#include <cstdint>

#include "puny/idna2008.hpp"
#include "tables/idna2008_tables.hpp"

namespace puny::detail::idna2008 {

using puny::idna2008::derived_property;

/// The derived property of `cp` (Unicode 17.0, RFC 5892 §3); values above
/// U+10FFFF and surrogates are DISALLOWED.  ASCII needs no table: RFC 5892
/// §2.5 (LDH) makes exactly "-", 0-9 and a-z PVALID, and everything else in
/// ASCII is DISALLOWED (the generator asserts both).
[[nodiscard]] inline derived_property lookup(char32_t cp) noexcept {
  if (cp < 0x80) {
    // Bit i of the pair stands for code point i: U+002D, U+0030..0039, U+0061..007A.
    constexpr std::uint64_t ldh_low = (std::uint64_t{1} << 0x2D) | (std::uint64_t{0x3FF} << 0x30);
    constexpr std::uint64_t ldh_high = std::uint64_t{0x3FFFFFF} << (0x61 - 0x40);
    const std::uint64_t mask = cp < 0x40 ? ldh_low : ldh_high;
    return ((mask >> (cp & 0x3F)) & 1) != 0 ? derived_property::pvalid : derived_property::disallowed;
  }
  if (cp > 0x10FFFF) return derived_property::disallowed;
  // The table's 2-bit codes 0 PVALID, 1 CONTEXT, 2 DISALLOWED, 3 UNASSIGNED
  // are the enumerators 0, 2, 3, 4; CONTEXT is CONTEXTJ (1) exactly for the
  // joiners U+200C and U+200D, which differ only in bit 0.
  const unsigned code = tables::idna2008_code(cp);
  const unsigned joiner = (cp | 1) == 0x200D ? 1u : 0u;
  return static_cast<derived_property>(code + (code != 0 ? 1u : 0u) - joiner);
}

/// True for the code points RFC 5892 Appendix A has a rule for: the
/// CONTEXTJ U+200C, U+200D (A.1, A.2) and the CONTEXTO U+00B7, U+0375,
/// U+05F3, U+05F4, U+30FB, U+0660..0669, U+06F0..06F9 (A.3-A.9).
[[nodiscard]] constexpr bool has_context_rule(char32_t cp) noexcept {
  return (cp | 1) == 0x200D || cp == 0x00B7 || cp == 0x0375 || cp - 0x05F3 < 2 || cp == 0x30FB ||
         cp - 0x0660 < 10 || cp - 0x06F0 < 10;
}

}  // namespace puny::detail::idna2008
