// puny — the choice of the SIMD kernels (simd_dispatch.hpp), made once at
// start-up: the best set this build has and this CPU runs, capped by the
// environment variable PUNY_CPU.
//
// Once, because the codecs' check must stay one load per label (a label
// takes 40 to 60 ns); at start-up, because then no lock or atomic is needed
// and the choice cannot change under a running conversion.
#include <cstddef>
#include <cstdlib>
#include <string>

#include "puny/detail/simd_dispatch.hpp"
#include "simd/avx2.hpp"
#include "simd/avx512.hpp"
#include "simd/dispatch.hpp"
#include "simd/neon.hpp"
#include "simd/implementations.hpp"

namespace puny::detail {
namespace {

struct dispatch_choice {
  simd_level supported;
  simd_cap cap;
  simd_level active;
  char value[33];  // PUNY_CPU as read, for `puny --version`; cut to 32 bytes
  bool cut;
};

dispatch_choice choose() noexcept {
  dispatch_choice c{};
#if defined(PUNY_SIMD_NEON)
  c.supported = simd_level::neon;
#endif
#if defined(PUNY_SIMD_AVX2)
  if (avx2::cpu_supported()) c.supported = simd_level::avx2;
#endif
#if defined(PUNY_SIMD_AVX512)
  if (avx512::cpu_supported()) c.supported = simd_level::avx512;
#endif
  const char* const value = std::getenv("PUNY_CPU");
  c.cap = parse_simd_cap(value);
  if (value != nullptr) {
    std::size_t n = 0;
    while (value[n] != '\0' && n + 1 < sizeof c.value) {
      c.value[n] = value[n];
      ++n;
    }
    c.cut = value[n] != '\0';
  }
  c.active = capped_simd_level(c.supported, c.cap.level);
  return c;
}

// Zero-initialized before its dynamic initialization: portable.
const dispatch_choice chosen = choose();

const simd_kernels* kernels_of(simd_level level) noexcept {
#if defined(PUNY_SIMD_AVX512)
  if (level == simd_level::avx512) return &avx512::kernels;
#endif
#if defined(PUNY_SIMD_AVX2)
  if (level == simd_level::avx2) return &avx2::kernels;
#endif
#if defined(PUNY_SIMD_NEON)
  if (level == simd_level::neon) return &neon::kernels;
#endif
  static_cast<void>(level);
  return nullptr;
}

simd_kernels active_kernels() noexcept {
  const simd_kernels* const k = kernels_of(chosen.active);
  return k != nullptr ? *k : simd_kernels{};
}

}  // namespace

const simd_kernels active_simd_kernels = active_kernels();

simd_level active_simd_level() noexcept { return chosen.active; }

simd_level supported_simd_level() noexcept { return chosen.supported; }

simd_level built_simd_level() noexcept {
  for (const simd_level level : {simd_level::avx512, simd_level::avx2, simd_level::neon}) {
    if (kernels_of(level) != nullptr) return level;
  }
  return simd_level::portable;
}

bool simd_level_built(simd_level level) noexcept { return kernels_of(level) != nullptr; }

const simd_kernels* simd_kernels_of(simd_level level) noexcept {
  // neon sits below avx2 in the order but is never supported on x86-64,
  // where kernels_of(neon) is null anyway.
  return level <= chosen.supported ? kernels_of(level) : nullptr;
}

std::string simd_dispatch_summary() {
  std::string s(simd_level_name(chosen.active));
  s += " (PUNY_CPU";
  if (chosen.cap.from == simd_cap::source::unset) {
    s += " unset";
  } else {
    s += '=';
    s += chosen.value;
    if (chosen.cut) s += "...";
    if (chosen.cap.from == simd_cap::source::unknown) s += " is unknown";
  }
  // When the cap is not what holds the kernels back, say what does.
#if defined(__aarch64__)
  constexpr simd_level best = simd_level::neon;
#else
  constexpr simd_level best = simd_level::avx512;
#endif
  const simd_level wanted =
      chosen.cap.level == simd_level::neon ? simd_level::neon : capped_simd_level(best, chosen.cap.level);
  if (chosen.active != wanted) {
    s += "; ";
    s += simd_level_name(wanted);
    s += simd_level_built(wanted) ? " not on this CPU" : " kernels not built";
  }
  s += ')';
  return s;
}

}  // namespace puny::detail
