#include "idna_peers.hpp"

#include <climits>
#include <cstdint>
#include <cstdlib>

#if defined(PUNY_BENCH_HAVE_ICU)
#include <unicode/uchar.h>
#include <unicode/uidna.h>
#include <unicode/uversion.h>
#endif

#if defined(PUNY_BENCH_HAVE_LIBIDN2)
#include <idn2.h>
#endif

namespace puny_bench {

#if defined(PUNY_BENCH_HAVE_ICU)
namespace icu {
namespace {

// The flags the comparison is defined with: UTS #46 nontransitional both
// ways with CheckBidi and CheckJoiners.  ICU has no flag for CheckHyphens or
// VerifyDnsLength: it always reports V2/V3 and, in ToASCII, the label and
// domain length errors; UseSTD3ASCIIRules stays off.
constexpr std::uint32_t flags =
    UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ | UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_NONTRANSITIONAL_TO_UNICODE;

// Opened once for the whole run: uidna_openUTS46 loads data and is not part
// of converting a name.
const UIDNA* handle() noexcept {
  struct owner {
    UIDNA* idna = nullptr;
    owner() noexcept {
      UErrorCode error = U_ZERO_ERROR;
      idna = uidna_openUTS46(flags, &error);
      if (U_FAILURE(error)) idna = nullptr;
    }
    ~owner() {
      if (idna != nullptr) uidna_close(idna);
    }
    owner(const owner&) = delete;
    owner& operator=(const owner&) = delete;
  };
  static const owner o;
  return o.idna;
}

using name_function = int32_t (*)(const UIDNA*, const char*, int32_t, char*, int32_t, UIDNAInfo*, UErrorCode*);

peer_result convert(name_function f, std::string_view domain, std::span<char> out) noexcept {
  const UIDNA* idna = handle();
  if (idna == nullptr || domain.size() > INT32_MAX) return {0, false, true};
  UIDNAInfo info = UIDNA_INFO_INITIALIZER;
  UErrorCode error = U_ZERO_ERROR;
  const std::int32_t capacity = out.size() > INT32_MAX ? INT32_MAX : static_cast<std::int32_t>(out.size());
  const std::int32_t n =
      f(idna, domain.data(), static_cast<std::int32_t>(domain.size()), out.data(), capacity, &info, &error);
  // U_STRING_NOT_TERMINATED_WARNING is a success: the output filled `out` exactly.
  if (U_FAILURE(error)) return {0, false, true};
  return {static_cast<std::size_t>(n), info.errors == 0, false};
}

}  // namespace

std::string version() {
  UVersionInfo v;
  char icu[U_MAX_VERSION_STRING_LENGTH];
  char unicode[U_MAX_VERSION_STRING_LENGTH];
  u_getVersion(v);
  u_versionToString(v, icu);
  u_getUnicodeVersion(v);
  u_versionToString(v, unicode);
  return std::string("ICU ") + icu + ", Unicode " + unicode;
}

peer_result to_ascii(std::string_view domain, std::span<char> out) noexcept {
  return convert(uidna_nameToASCII_UTF8, domain, out);
}

peer_result to_unicode(std::string_view domain, std::span<char> out) noexcept {
  return convert(uidna_nameToUnicodeUTF8, domain, out);
}

}  // namespace icu
#else
namespace icu {
std::string version() { return "not built in"; }
peer_result to_ascii(std::string_view, std::span<char>) noexcept { return {0, false, true}; }
peer_result to_unicode(std::string_view, std::span<char>) noexcept { return {0, false, true}; }
}  // namespace icu
#endif

#if defined(PUNY_BENCH_HAVE_LIBIDN2)
namespace idn2 {
namespace {

using name_function = int (*)(const char*, char**, int);

peer_result convert(name_function f, std::string_view domain, int flags) noexcept {
  char* out = nullptr;
  const int rc = f(domain.data(), &out, flags);
  peer_result r;
  if (rc == IDN2_OK) {
    r.accepted = true;
    for (const char* p = out; *p != '\0'; ++p) ++r.written;
  } else {
    r.broken = rc == IDN2_MALLOC;
  }
  idn2_free(out);
  return r;
}

}  // namespace

std::string version() {
  const char* v = idn2_check_version(nullptr);
  return v != nullptr ? v : "?";
}

peer_result to_ascii(std::string_view domain) noexcept { return convert(idn2_to_ascii_8z, domain, IDN2_NONTRANSITIONAL); }

// libidn2 documents the flags of idn2_to_unicode_8z8z as unused: it only
// Punycode-decodes xn-- labels, with no UTS #46 mapping or validation, so
// its ToUnicode figure is a lower bound on that work, not a like-for-like.
peer_result to_unicode(std::string_view domain) noexcept {
  return convert(idn2_to_unicode_8z8z, domain, IDN2_NONTRANSITIONAL);
}

}  // namespace idn2
#else
namespace idn2 {
std::string version() { return "not built in"; }
peer_result to_ascii(std::string_view) noexcept { return {0, false, true}; }
peer_result to_unicode(std::string_view) noexcept { return {0, false, true}; }
}  // namespace idn2
#endif

}  // namespace puny_bench
