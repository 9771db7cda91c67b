// puny — what the AVX2 kernels need from the compiler: x86-64-v3, the level
// of every x86-64 core since Haswell (2013) and Zen 1 (2017) that Linux
// distributions now start to require.
//
// A target attribute rather than -mavx2 on the translation unit, for the
// reason simd/avx512/target.hpp gives: inline functions of the standard
// headers instantiated there must stay baseline code.  src/simd/dispatch.cpp
// calls the kernels only on CPUs with every feature named here
// (avx2::cpu_supported in src/simd/avx2.cpp).
#pragma once

#include "simd/implementations.hpp"

#if defined(PUNY_SIMD_AVX2)
#include <immintrin.h>
#define PUNY_AVX2_TARGET __attribute__((target("avx2,bmi,bmi2,lzcnt,popcnt,fma")))
#endif
