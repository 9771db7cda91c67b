// puny — the run-time choice of the SIMD kernels of src/simd/.
// Not part of the public API: include <puny/punycode.hpp>.
//
// The constexpr codecs of encoder.hpp and decoder.hpp stay portable C++, so
// that they also run at compile time and build for any target.  For the
// common case at run time, Punycode labels without case flags (RFC 3492 §5
// parameters), the library holds kernels written for an instruction set,
// one translation unit per set (src/simd/avx512.cpp, avx2.cpp, neon.cpp),
// and src/simd/
// dispatch.cpp picks one set once at start-up: the best one this build has
// and this CPU runs, capped by the environment variable PUNY_CPU.  This
// header holds no ISA code: the codecs only load a function pointer of
// active_simd_kernels and call it when it is set, and a kernel that returns
// 0 leaves the input to the portable code, which decides every error.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

namespace puny::detail {

/// The instruction-set levels PUNY_CPU names, in order.  neon is the only
/// level of AArch64 and x86-64 never has it, so the order matters only
/// among the x86-64 levels and against portable.
enum class simd_level : unsigned char {
  portable,
  neon,    // AArch64's Advanced SIMD, part of every AArch64 core
  avx2,    // x86-64-v3: AVX2, BMI1, BMI2, LZCNT, POPCNT (Haswell, Zen 1 and later)
  avx512,  // AVX-512 F, BW, VL, VBMI, VBMI2, VPOPCNTDQ, BMI2: Ice Lake, Zen 4 and later
};

[[nodiscard]] constexpr std::string_view simd_level_name(simd_level level) noexcept {
  switch (level) {
    case simd_level::neon: return "neon";
    case simd_level::avx2: return "avx2";
    case simd_level::avx512: return "avx512";
    case simd_level::portable: break;
  }
  return "portable";
}

/// One instruction set's kernels.  Each returns what it wrote — characters,
/// code points or bytes — or 0, having written nothing, to leave the input
/// to the portable code (an error, a case beyond the kernel, no room).
/// Null pointers: no kernel, the portable code runs.
struct simd_kernels {
  /// Punycode of 1 to encode_kernel_limit code points, without case flags.
  std::size_t (*encode_label)(std::span<const char32_t> in, std::span<char> out) noexcept;
  /// Punycode labels of 1 to decode_kernel_limit characters, and of
  /// decode_kernel_limit + 1 to decode_long_kernel_limit: two widths, so
  /// that the short labels of real names pay for no wider registers.
  std::size_t (*decode_label)(std::span<const char> in, std::span<char32_t> out) noexcept;
  std::size_t (*decode_long_label)(std::span<const char> in, std::span<char32_t> out) noexcept;
  /// UTF-8 of n scalar values into room for 4 n bytes (ToUnicode's output).
  std::size_t (*write_utf8)(const char32_t* in, std::size_t n, char* out) noexcept;
};

/// The input sizes the codecs offer to the kernels; a kernel may still
/// decline any input.  63, not 64: every Punycode label DNS allows, and the
/// decoder's sentinel bit after the input still fits in a 64-bit mask.
inline constexpr std::size_t encode_kernel_limit = 32;
inline constexpr std::size_t decode_kernel_limit = 32;
inline constexpr std::size_t decode_long_kernel_limit = 63;

/// The kernels chosen at start-up, copied here so that a codec's check is
/// one load.  All null before the library's dynamic initialization (a call
/// from another static initializer then runs the portable code, which is
/// always correct) and when the portable code is chosen.
extern const simd_kernels active_simd_kernels;

/// The kernel set in use: the supported one, capped by PUNY_CPU.
[[nodiscard]] simd_level active_simd_level() noexcept;

/// The best kernel set this build has and this CPU runs, whatever PUNY_CPU
/// says.
[[nodiscard]] simd_level supported_simd_level() noexcept;

/// The best kernel set this build has: portable when it was configured with
/// PUNY_SIMD=OFF or for a target without kernels.
[[nodiscard]] simd_level built_simd_level() noexcept;

/// Whether this build has the kernels of `level` (x86-64: avx2 and avx512;
/// AArch64: neon), whatever this CPU runs.
[[nodiscard]] bool simd_level_built(simd_level level) noexcept;

/// The kernels of `level` when this build has them and this CPU runs them,
/// whatever PUNY_CPU says (for the tests and benchmarks that call a kernel
/// directly); otherwise null.
[[nodiscard]] const simd_kernels* simd_kernels_of(simd_level level) noexcept;

/// The kernel set in use and why, for `puny --version`:
/// "avx512 (PUNY_CPU unset)", "portable (PUNY_CPU=portable)", ….
[[nodiscard]] std::string simd_dispatch_summary();

}  // namespace puny::detail
