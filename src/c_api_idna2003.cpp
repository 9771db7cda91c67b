// puny — the C API of <puny/puny.h> for IDNA2003 (RFC 3490 with Nameprep,
// RFC 3491): ToASCII and ToUnicode of a name, Nameprep of a label, and the
// codes' names, over <puny/idna2003.hpp>.
//
// Everything here is noexcept: the core functions never throw and take
// their working memory for long names with std::nothrow (reported as
// PUNY_OUT_OF_MEMORY), so no exception can cross the C boundary.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "c_api_support.hpp"
#include "puny/idna2003.hpp"
#include "puny/puny.h"
#include "puny/status.hpp"

namespace {

using namespace puny::c_api;  // c_api_support.hpp
namespace i3 = puny::idna2003;

// The C values are the C++ enumerators', so that they convert by value.
static_assert(PUNY_IDNA2003_ERROR_COUNT == i3::error_count);
static_assert(PUNY_IDNA2003_ACE_PREFIX_PRESENT == static_cast<int>(i3::error::ace_prefix_present));
static_assert(PUNY_IDNA2003_BIDI_BOTH_L_AND_RAL == static_cast<int>(i3::error::bidi_both_l_and_ral));
static_assert(PUNY_IDNA2003_BIDI_PROHIBITED == static_cast<int>(i3::error::bidi_prohibited));
static_assert(PUNY_IDNA2003_BIDI_RAL_NOT_FIRST_LAST == static_cast<int>(i3::error::bidi_ral_not_first_last));
static_assert(PUNY_IDNA2003_INVALID_LENGTH == static_cast<int>(i3::error::invalid_length));
static_assert(PUNY_IDNA2003_LEADING_OR_TRAILING_HYPHEN == static_cast<int>(i3::error::leading_or_trailing_hyphen));
static_assert(PUNY_IDNA2003_NAME_TOO_LONG == static_cast<int>(i3::error::name_too_long));
static_assert(PUNY_IDNA2003_NON_LDH_ASCII == static_cast<int>(i3::error::non_ldh_ascii));
static_assert(PUNY_IDNA2003_PROHIBITED == static_cast<int>(i3::error::prohibited));
static_assert(PUNY_IDNA2003_PUNYCODE_ERROR == static_cast<int>(i3::error::punycode_error));
static_assert(PUNY_IDNA2003_ROUNDTRIP_MISMATCH == static_cast<int>(i3::error::roundtrip_mismatch));
static_assert(PUNY_IDNA2003_UNASSIGNED == static_cast<int>(i3::error::unassigned));

constexpr puny_idna2003_flags known_flags = PUNY_IDNA2003_NFKC_UNICODE_3_2_TEXT * 2 - 1;

constexpr i3::options from_flags(puny_idna2003_flags flags) noexcept {
  i3::options o;
  o.allow_unassigned = (flags & PUNY_IDNA2003_ALLOW_UNASSIGNED) != 0;
  o.use_std3_ascii_rules = (flags & PUNY_IDNA2003_USE_STD3_ASCII_RULES) != 0;
  o.verify_dns_length = (flags & PUNY_IDNA2003_VERIFY_DNS_LENGTH) != 0;
  o.nfkc = (flags & PUNY_IDNA2003_NFKC_UNICODE_3_2_TEXT) != 0 ? i3::composition::unicode_3_2_text
                                                              : i3::composition::corrected;
  return o;
}

// 0 is the C++ default options: RFC 3490 with both of its flags off.
static_assert(from_flags(0) == i3::options{});

template <class Convert>
int text_call(const char* in, std::size_t in_len, puny_idna2003_flags flags, char* out, std::size_t out_cap,
              puny_standard_result* result, Convert convert) noexcept {
  return standard_text_call(in, in_len, (flags & ~known_flags) == 0, out, out_cap, result,
                            [&](std::string_view d, std::span<char> o) noexcept {
                              return convert(d, o, from_flags(flags));
                            });
}

}  // namespace

extern "C" {

const char* puny_idna2003_error_name(int error) noexcept {
  return error_text<i3::error, i3::error_count>(error, i3::name);
}

const char* puny_idna2003_error_message(int error) noexcept {
  return error_text<i3::error, i3::error_count>(error, i3::message);
}

const char* puny_idna2003_error_rule(int error) noexcept {
  return error_text<i3::error, i3::error_count>(error, i3::rule);
}

int puny_idna2003_to_ascii(const char* in, size_t in_len, puny_idna2003_flags flags, char* out, size_t out_cap,
                           puny_standard_result* result) noexcept {
  return text_call(in, in_len, flags, out, out_cap, result,
                   [](std::string_view d, std::span<char> o, const i3::options& opt) noexcept {
                     return i3::to_ascii(d, o, opt);
                   });
}

int puny_idna2003_to_unicode(const char* in, size_t in_len, puny_idna2003_flags flags, char* out, size_t out_cap,
                             puny_standard_result* result) noexcept {
  return text_call(in, in_len, flags, out, out_cap, result,
                   [](std::string_view d, std::span<char> o, const i3::options& opt) noexcept {
                     return i3::to_unicode(d, o, opt);
                   });
}

int puny_nameprep(const char* in, size_t in_len, puny_idna2003_flags flags, char* out, size_t out_cap,
                  puny_standard_result* result) noexcept {
  return text_call(in, in_len, flags, out, out_cap, result,
                   [](std::string_view label, std::span<char> o, const i3::options& opt) noexcept {
                     return i3::nameprep(label, o, opt);
                   });
}

}  // extern "C"
