// puny — what the NEON translation unit (src/simd/neon.cpp) gives the
// dispatcher (src/simd/dispatch.cpp).
#pragma once

#include "puny/detail/simd_dispatch.hpp"
#include "simd/implementations.hpp"

#if defined(PUNY_SIMD_NEON)

namespace puny::detail::neon {

/// The NEON kernels, constant-initialized: valid before any dynamic
/// initialization.  Advanced SIMD is part of every AArch64 core (Armv8-A),
/// so no run-time check guards them.
extern const simd_kernels kernels;

}  // namespace puny::detail::neon

#endif
