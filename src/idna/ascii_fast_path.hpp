// puny — the ASCII fast path: a domain of letters, digits, hyphens and
// dots that UTS #46 only lowercases, recognized and lowercased in one pass.
// Internal.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "idna/process.hpp"
#include "puny/idna.hpp"

namespace puny::detail {

/// What lower_plain_ascii_domain did.
enum class ascii_fast_path : std::uint8_t {
  not_taken,         // not a plain ASCII domain: `out` untouched, the general path decides
  written,           // the result, `in` with A-Z lowered, is in out[0, in.size())
  output_too_small,  // a plain ASCII domain, but `out` holds fewer than in.size() elements
};

/// Takes `in` when it is ASCII letters, digits, '-' and '.' only, no label
/// can be an xn-- label ("--" in the 3rd and 4th positions sends any such
/// label to the general path), and the operation records no code for it
/// under `options`: hyphen rules, empty labels, and (for ToASCII with
/// VerifyDnsLength) the DNS lengths.  Its result is then `in` with A-Z
/// lowered (IdnaMappingTable.txt), which has no Bidi, joiner, mark,
/// disallowed or forbidden code point, and is not empty; it is written to
/// `out` in the same pass that checks `in`.  Nothing is written unless the
/// domain is taken, so ToASCII still writes only when it succeeds.  `Out`
/// is char for ToASCII and the input's own code unit for ToUnicode.
template <class Char, class Out>
[[nodiscard]] ascii_fast_path lower_plain_ascii_domain(std::basic_string_view<Char> in, std::span<Out> out,
                                                       const idna_options& options, idna_operation operation) noexcept;

/// The URL Standard's shortcut (idna_options::ascii_input_lowercase_only,
/// "domain to ASCII" with beStrict = false): takes a non-empty `in` that is
/// all ASCII and, when `forbid` (forbid_domain_code_points), holds no
/// forbidden domain code point.  Its ToASCII result is then `in` with A-Z
/// lowered and nothing recorded, written in the pass that checks it (16
/// units per vector for 8 to 64 units of UTF-8 or UTF-16 when `forbid`).
/// Otherwise not_taken and `out` untouched: W1, W2 or non-ASCII input are
/// the caller's.
template <class Char>
[[nodiscard]] ascii_fast_path lower_url_ascii_domain(std::basic_string_view<Char> in, std::span<char> out,
                                                     bool forbid) noexcept;

/// The conversion's result when a fast path took an input of n code units
/// (written, or output_too_small).
[[nodiscard]] inline idna_result fast_path_result(ascii_fast_path taken, std::size_t n) noexcept {
  idna_result r;
  if (taken == ascii_fast_path::output_too_small) {
    r.code = status::output_too_small;
    r.needed = n;
  } else {
    r.written = n;
  }
  return r;
}

/// IdnaMappingTable.txt on ASCII: A-Z map to a-z, everything else is valid
/// (the generator asserts it), so this is all UTS #46 mapping does to ASCII.
[[nodiscard]] constexpr char32_t ascii_lower(char32_t c) noexcept { return c >= U'A' && c <= U'Z' ? c + 0x20 : c; }

}  // namespace puny::detail
