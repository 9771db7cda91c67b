// puny — what the AVX-512 kernels need from the compiler.
//
// The kernels carry a target attribute instead of their translation unit
// being compiled with -mavx512…: with the flags, inline functions of the
// standard headers instantiated there would be AVX-512 code too, and the
// linker may keep that copy for every other translation unit, which then
// faults on older CPUs.  With the attribute only the kernels use AVX-512,
// and src/simd/dispatch.cpp calls them only on CPUs that have it (the same
// feature list, avx512::cpu_supported in src/simd/avx512.cpp).
#pragma once

#include "simd/implementations.hpp"

#if defined(PUNY_SIMD_AVX512)
#include <immintrin.h>
#define PUNY_AVX512_TARGET                                                                                        \
  __attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx512vpopcntdq,bmi,bmi2,lzcnt,popcnt")))
#endif
