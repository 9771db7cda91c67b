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
#include "simd/avx512.hpp"
#include "simd/dispatch.hpp"
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
#if defined(PUNY_SIMD_AVX512)
  return simd_level::avx512;
#else
  return simd_level::portable;
#endif
}

const simd_kernels* simd_kernels_of(simd_level level) noexcept {
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
  const simd_level wanted = capped_simd_level(simd_level::avx512, chosen.cap.level);
  if (chosen.active < wanted) {
    s += "; ";
    s += simd_level_name(wanted);
    s += capped_simd_level(built_simd_level(), wanted) < wanted ? " kernels not built" : " not on this CPU";
  }
  s += ')';
  return s;
}

}  // namespace puny::detail
