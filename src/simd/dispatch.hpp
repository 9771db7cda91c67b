// puny — how PUNY_CPU and the CPU decide the kernel set that runs
// (src/simd/dispatch.cpp reads them once at start-up).
#pragma once

#include <string_view>

#include "puny/detail/codec_common.hpp"
#include "puny/detail/simd_dispatch.hpp"

namespace puny::detail {

/// What PUNY_CPU asks for.
struct simd_cap {
  enum class source : unsigned char {
    unset,    // unset or empty: no cap
    named,    // portable, neon, avx2 or avx512
    unknown,  // anything else: the portable code, the one choice right on every CPU
  };
  source from;
  simd_level level;
};

/// PUNY_CPU's value, null when it is unset.  Level names are matched in any
/// case ("AVX512" too): the variable is typed by people.  An unknown value
/// writes nothing: a library has no channel for warnings, and `puny
/// --version` shows what was understood.
[[nodiscard]] constexpr simd_cap parse_simd_cap(const char* value) noexcept {
  if (value == nullptr || *value == '\0') return {simd_cap::source::unset, simd_level::avx512};
  const std::string_view v(value);
  for (const simd_level level : {simd_level::portable, simd_level::neon, simd_level::avx2, simd_level::avx512}) {
    const std::string_view name = simd_level_name(level);
    bool same = v.size() == name.size();
    for (std::size_t k = 0; same && k < v.size(); ++k) {
      same = ascii_lower(v[k]) == name[k];
    }
    if (same) return {simd_cap::source::named, level};
  }
  return {simd_cap::source::unknown, simd_level::portable};
}

/// The kernel set that runs: the supported level, capped.  Every level
/// but portable has kernels, so the lower of the two runs — except that a
/// cap of neon on x86-64 (whose supported level is never neon) stops below
/// avx2 at the portable code, and a cap of avx2 or avx512 on AArch64
/// leaves neon, its one level.
[[nodiscard]] constexpr simd_level capped_simd_level(simd_level supported, simd_level cap) noexcept {
  const simd_level limit = supported < cap ? supported : cap;
  return limit == simd_level::neon && supported != simd_level::neon ? simd_level::portable : limit;
}

}  // namespace puny::detail
