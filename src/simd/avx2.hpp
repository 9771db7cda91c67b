// puny — what the AVX2 translation unit (src/simd/avx2.cpp) gives the
// dispatcher (src/simd/dispatch.cpp).
#pragma once

#include "puny/detail/simd_dispatch.hpp"
#include "simd/implementations.hpp"

#if defined(PUNY_SIMD_AVX2)

namespace puny::detail::avx2 {

/// Whether this CPU and its OS run the kernels below: every feature of
/// PUNY_AVX2_TARGET (simd/avx2/target.hpp).
[[nodiscard]] bool cpu_supported() noexcept;

/// The AVX2 kernels, constant-initialized: valid before any dynamic
/// initialization.  To be called only where cpu_supported() is true.
extern const simd_kernels kernels;

}  // namespace puny::detail::avx2

#endif
