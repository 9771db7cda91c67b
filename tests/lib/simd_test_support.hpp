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
  if (puny::detail::built_simd_level() < level) return "built without these SIMD kernels";
  if (puny::detail::supported_simd_level() < level) return "this CPU lacks the instruction set";
  return nullptr;
}

}  // namespace puny_test
