// puny — what the AVX-512 label codecs need from the compiler and the CPU.
// Not part of the public API: include <puny/punycode.hpp>.
//
// The label encoder and decoder are compiled for AVX-512 through a target
// attribute, so the library still builds for (and runs on) baseline x86-64,
// and are chosen at run time.  -DPUNY_NO_AVX512 leaves both out.
#pragma once

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(PUNY_NO_AVX512)
#define PUNY_HAVE_AVX512 1
#include <immintrin.h>
#define PUNY_AVX512_TARGET                                                                                        \
  __attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx512vpopcntdq,bmi,bmi2,lzcnt,popcnt")))
#endif

namespace puny::detail {

#if defined(PUNY_HAVE_AVX512)

/// Whether this CPU (and its OS) runs the AVX-512 label codecs: Ice Lake
/// and later Intel cores, Zen 4 and later AMD cores.  Asks the CPU each
/// time; the codecs read avx512_label_codecs below.
[[nodiscard]] inline bool avx512_label_codecs_available() noexcept {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
         __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512vbmi") &&
         __builtin_cpu_supports("avx512vbmi2") && __builtin_cpu_supports("avx512vpopcntdq") &&
         __builtin_cpu_supports("bmi2");
}

#else

[[nodiscard]] inline bool avx512_label_codecs_available() noexcept { return false; }

#endif

/// avx512_label_codecs_available(), read once at start-up: a plain load on
/// the label paths.  A call made before dynamic initialization reads false
/// and takes the portable path, which is always correct.
inline const bool avx512_label_codecs = avx512_label_codecs_available();

}  // namespace puny::detail
