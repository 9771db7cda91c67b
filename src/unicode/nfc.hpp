// puny — Normalization Form C (UAX #15) over UTF-32 buffers.  Internal.
#pragma once

#include <cstddef>
#include <span>
#include <string_view>

namespace puny::detail {

/// True when s is in NFC (to_nfc would return it unchanged).  Decided
/// from the properties of s and its composition pairs in all but rare
/// cases, which normalize into scratch; scratch must hold
/// nfc_buffer_size(s.size()) code points and must not overlap s.
[[nodiscard]] bool is_nfc(std::u32string_view s, std::span<char32_t> scratch) noexcept;

/// Room to_nfc needs for an input of n code points: the full canonical
/// decomposition grows a string at most max_decomposition_length-fold
/// (Hangul: 3-fold).
[[nodiscard]] constexpr std::size_t nfc_buffer_size(std::size_t n) noexcept { return 4 * n; }

/// Writes NFC(in) to out and returns its length.  out must hold at least
/// nfc_buffer_size(in.size()) code points and must not overlap in.
/// noexcept and allocation-free; O(n log n) however long a run of
/// combining marks is (each run is sorted stably by combining class).
/// Code points that are not scalar values (lone surrogates, > U+10FFFF)
/// pass through as starters.
[[nodiscard]] std::size_t to_nfc(std::u32string_view in, std::span<char32_t> out) noexcept;

}  // namespace puny::detail
