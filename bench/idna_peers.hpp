// puny benchmarks — the IDNA implementations puny is compared with, behind
// an interface that exists whether or not they were found at configure time:
//  - ICU's UTS #46 (uidna_openUTS46 with CHECK_BIDI, CHECK_CONTEXTJ and
//    nontransitional processing both ways; its UTF-8 name functions);
//  - GNU libidn2 (idn2_to_ascii_8z with IDN2_NONTRANSITIONAL,
//    idn2_to_unicode_8z8z).
// Each conversion is one out-of-line call, as puny's is.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

namespace puny_bench {

/// What one peer conversion did.
struct peer_result {
  std::size_t written = 0;  // bytes of output
  bool accepted = false;    // the library reported no UTS #46 error
  bool broken = false;      // the harness is wrong (output buffer too small, out of memory): not a verdict
};

namespace icu {

#if defined(PUNY_BENCH_HAVE_ICU)
inline constexpr bool available = true;
#else
inline constexpr bool available = false;
#endif

/// "ICU 72.1, Unicode 15.0", or "not built in".
[[nodiscard]] std::string version();

/// uidna_nameToASCII_UTF8 / uidna_nameToUnicodeUTF8 into `out`.  A domain
/// with errors is still converted (ICU always writes), and is not accepted.
/// Without ICU: broken.
[[nodiscard]] peer_result to_ascii(std::string_view domain, std::span<char> out) noexcept;
[[nodiscard]] peer_result to_unicode(std::string_view domain, std::span<char> out) noexcept;

}  // namespace icu

namespace idn2 {

#if defined(PUNY_BENCH_HAVE_LIBIDN2)
inline constexpr bool available = true;
#else
inline constexpr bool available = false;
#endif

/// "2.3.3", or "not built in".
[[nodiscard]] std::string version();

/// idn2_to_ascii_8z / idn2_to_unicode_8z8z.  libidn2 only allocates its
/// output, so each call mallocs and the result is freed inside the call
/// (that cost is part of using libidn2).  `domain` must be followed by a
/// NUL in memory: the _8z functions read a C string.  Without libidn2:
/// broken.
[[nodiscard]] peer_result to_ascii(std::string_view domain) noexcept;
[[nodiscard]] peer_result to_unicode(std::string_view domain) noexcept;

}  // namespace idn2

}  // namespace puny_bench
