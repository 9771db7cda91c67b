// puny — which kernel sets of src/simd/ this build compiles.
//
// Decided from the compiler's own target macros, so that a build for i386,
// AArch64 or wasm32 compiles src/simd/avx512.cpp to nothing without being
// told, and from two switches: PUNY_NO_SIMD (the CMake option PUNY_SIMD=OFF)
// leaves every set out, PUNY_NO_AVX512 the AVX-512 one.
//
// The AVX-512 kernels need GCC's or Clang's target attribute, the x86
// builtins and 64-bit general registers (their inline assembly addresses
// memory through 64-bit pointers: not the x32 ABI).
#pragma once

#if defined(__x86_64__) && !defined(__ILP32__) && (defined(__GNUC__) || defined(__clang__)) && \
    !defined(PUNY_NO_SIMD) && !defined(PUNY_NO_AVX512)
#define PUNY_SIMD_AVX512 1
#endif
