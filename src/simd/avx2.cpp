// puny — the AVX2 kernels: the one translation unit of src/simd/ for x86-64
// cores at level x86-64-v3 (AVX2, BMI1, BMI2, LZCNT, POPCNT, FMA) without
// the AVX-512 of src/simd/avx512.cpp: Haswell to Alder Lake and Raptor Lake
// among Intel cores, Zen 1 to Zen 3 among AMD ones.
//
// The kernels themselves are in simd/avx2/, one per file; this file
// compiles them with the target attribute of simd/avx2/target.hpp and no
// -m flag and hands their addresses to src/simd/dispatch.cpp.  A build
// without them (PUNY_SIMD=OFF, PUNY_NO_AVX2, a target other than x86-64)
// compiles it to nothing.
#include "simd/implementations.hpp"

#if defined(PUNY_SIMD_AVX2)

#include "simd/avx2.hpp"
#include "simd/avx2/label_decoder.hpp"
#include "simd/avx2/label_encoder.hpp"
#include "simd/avx2/utf8_writer.hpp"

namespace puny::detail::avx2 {

bool cpu_supported() noexcept {
  // libgcc and compiler-rt report AVX2 only when the OS saves the YMM
  // registers (XCR0).  LZCNT, which the target attribute names too, comes
  // with every core that has AVX2 and BMI2 (Haswell, Zen 1), and not every
  // compiler can ask for it.
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
         __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("fma");
}

constinit const simd_kernels kernels{
    .encode_label = &encode_label_avx2,
    .decode_label = &decode_label_avx2_32,
    .decode_long_label = &decode_label_avx2_64,
    .write_utf8 = &write_utf8_avx2,
};

}  // namespace puny::detail::avx2

#endif
