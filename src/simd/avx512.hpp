// puny — what the AVX-512 translation unit (src/simd/avx512.cpp) gives the
// dispatcher (src/simd/dispatch.cpp).
#pragma once

#include "puny/detail/simd_dispatch.hpp"
#include "simd/implementations.hpp"

#if defined(PUNY_SIMD_AVX512)

namespace puny::detail::avx512 {

/// Whether this CPU and its OS run the kernels below: every feature of
/// PUNY_AVX512_TARGET (simd/avx512/target.hpp).
[[nodiscard]] bool cpu_supported() noexcept;

/// The AVX-512 kernels, constant-initialized: valid before any dynamic
/// initialization.  To be called only where cpu_supported() is true.
extern const simd_kernels kernels;

}  // namespace puny::detail::avx512

#endif
