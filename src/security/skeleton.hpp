// puny — internal helpers around the UTS #39 §4 skeleton
// (src/security/skeleton.cpp).
#pragma once

#include <cstddef>
#include <span>

#include "tables/security_tables.hpp"

namespace puny::detail::security {

/// Room for the skeleton of one code point.
inline constexpr std::size_t code_point_skeleton_capacity = tables::max_skeleton_length;

/// skeleton(cp) for the single code point `cp` (NFD, Default_Ignorable
/// removed, prototypes, NFD again) into `out`; returns its length.
[[nodiscard]] std::size_t code_point_skeleton(char32_t cp,
                                              std::span<char32_t, code_point_skeleton_capacity> out) noexcept;

}  // namespace puny::detail::security
