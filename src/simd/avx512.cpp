// puny — the AVX-512 kernels: the one translation unit of src/simd/ for
// x86-64 cores with AVX-512 F, BW, VL, VBMI, VBMI2 and VPOPCNTDQ (Ice Lake
// and later Intel cores, Zen 4 and later AMD cores).
//
// The kernels themselves are in simd/avx512/, one per file; this file
// compiles them, with the target attribute of simd/avx512/target.hpp and no
// -m flag, and hands their addresses to src/simd/dispatch.cpp.  A build
// without them (PUNY_SIMD=OFF, PUNY_NO_AVX512, a target other than x86-64)
// compiles it to nothing.
#include "simd/implementations.hpp"

#if defined(PUNY_SIMD_AVX512)

#include "simd/avx512.hpp"
#include "simd/avx512/label_decoder.hpp"
#include "simd/avx512/label_encoder.hpp"
#include "simd/avx512/utf8_writer.hpp"

namespace puny::detail::avx512 {

// What the codecs offer (simd_dispatch.hpp) is what the kernels take.
static_assert(encode_kernel_limit == 32, "encode_label_avx512 takes 1 to 32 code points");

bool cpu_supported() noexcept {
  // libgcc and compiler-rt report the AVX-512 features only when the OS
  // saves the 512-bit and mask registers (XCR0).  BMI1, LZCNT and POPCNT,
  // which the target attribute names too, come with every core that has
  // VBMI2 (and not every compiler can ask for LZCNT).
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
         __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512vbmi") &&
         __builtin_cpu_supports("avx512vbmi2") && __builtin_cpu_supports("avx512vpopcntdq") &&
         __builtin_cpu_supports("bmi2");
}

constinit const simd_kernels kernels{
    .encode_label = &encode_label_avx512,
    .decode_label = &decode_label_avx512_32,
    .decode_long_label = &decode_label_avx512_64,
    .write_utf8 = &write_utf8_avx512,
};

}  // namespace puny::detail::avx512

#endif
