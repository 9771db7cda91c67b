// puny — the NEON kernels: the one translation unit of src/simd/ for
// AArch64 (Advanced SIMD, in every Armv8-A core: Graviton, Ampere, Apple
// silicon, Cortex-A and Neoverse).
//
// The kernels themselves are in simd/neon/, one per file.  Advanced SIMD is
// the AArch64 baseline, so they need no target attribute and no run-time
// check; this file hands their addresses to src/simd/dispatch.cpp.  Any
// other target, or PUNY_SIMD=OFF or PUNY_NO_NEON, compiles it to nothing.
#include "simd/implementations.hpp"

#if defined(PUNY_SIMD_NEON)

#include "simd/neon.hpp"
#include "simd/neon/label_decoder.hpp"
#include "simd/neon/label_encoder.hpp"
#include "simd/neon/utf8_writer.hpp"

namespace puny::detail::neon {

constinit const simd_kernels kernels{
    .encode_label = &encode_label_neon,
    .decode_label = &decode_label_neon_32,
    .decode_long_label = &decode_label_neon_64,
    .write_utf8 = &write_utf8_neon,
};

}  // namespace puny::detail::neon

#endif
