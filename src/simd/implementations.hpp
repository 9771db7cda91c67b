// puny — which kernel sets of src/simd/ this build compiles.
//
// Decided from the compiler's own target macros, so that a build for i386
// or wasm32 compiles src/simd/avx512.cpp, avx2.cpp and neon.cpp to nothing
// without being told, and from switches: PUNY_NO_SIMD (the CMake option
// PUNY_SIMD=OFF) leaves every set out, PUNY_NO_AVX512, PUNY_NO_AVX2 and
// PUNY_NO_NEON one each.
//
// The x86-64 kernels need GCC's or Clang's target attribute, the x86
// builtins and 64-bit general registers (the AVX-512 decoder's inline
// assembly addresses memory through 64-bit pointers: not the x32 ABI).
// The NEON kernels need AArch64 (every core has Advanced SIMD, so they need
// no run-time check) in little-endian order, which their lane-to-byte
// reinterpretations assume.
#pragma once

#if defined(__x86_64__) && !defined(__ILP32__) && (defined(__GNUC__) || defined(__clang__)) && \
    !defined(PUNY_NO_SIMD)
#if !defined(PUNY_NO_AVX512)
#define PUNY_SIMD_AVX512 1
#endif
#if !defined(PUNY_NO_AVX2)
#define PUNY_SIMD_AVX2 1
#endif
#endif

#if defined(__aarch64__) && defined(__ARM_NEON) && defined(__ORDER_LITTLE_ENDIAN__) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && !defined(__ILP32__) && !defined(PUNY_NO_SIMD) && !defined(PUNY_NO_NEON)
#define PUNY_SIMD_NEON 1
#endif
