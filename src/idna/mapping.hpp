// puny — UTS #46 §4 Processing step 1 (Map), reading the domain in its
// input encoding and writing code points.  Internal.
#pragma once

#include <cstddef>
#include <span>
#include <string_view>

#include "puny/status.hpp"

namespace puny::detail {

struct mapping_result {
  status code = status::success;  // success or invalid_utf8
  std::size_t position = 0;       // with invalid_utf8: byte offset of the bad sequence
  std::size_t length = 0;         // mapped code points, counted in full even past out.size()
  bool non_ascii = false;         // some mapped code point is U+0080 or above
  bool disallowed = false;        // some disallowed code point was kept (a V7 to find)
};

/// Maps every code point of `in` by its IdnaMappingTable.txt status
/// (valid kept, ignored dropped, mapped replaced, deviation replaced only
/// when `transitional`, disallowed kept) into `out`.  When out is too small
/// the rest is only counted: `length` then says how much room is enough.
template <class Char>
[[nodiscard]] mapping_result map_domain(std::basic_string_view<Char> in, bool transitional,
                                        std::span<char32_t> out) noexcept;

}  // namespace puny::detail
