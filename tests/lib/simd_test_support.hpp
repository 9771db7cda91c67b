// What the tests of the SIMD kernels (src/simd/) share: whether a kernel set
// can be called here.
#pragma once

#include "puny/detail/simd_dispatch.hpp"

namespace puny_test {

/// Why the kernels of `level` cannot be called in this process, or null.
/// The direct tests of a kernel skip only on a CPU without its instruction
/// set, or in a build without it (PUNY_SIMD=OFF, or a target other than
/// x86-64), which has nothing to test.  PUNY_CPU does not matter: it caps
/// the codecs' choice, not what a test may call.
inline const char* simd_kernels_missing(puny::detail::simd_level level) {
  if (!puny::detail::simd_level_built(level)) return "built without these SIMD kernels";
  if (puny::detail::simd_kernels_of(level) == nullptr) return "this CPU lacks the instruction set";
  return nullptr;
}

/// The kernel sets of src/simd/, for the tests that run each set's kernels
/// against the reference.
inline constexpr puny::detail::simd_level simd_kernel_levels[] = {
    puny::detail::simd_level::neon, puny::detail::simd_level::avx2, puny::detail::simd_level::avx512};

}  // namespace puny_test
