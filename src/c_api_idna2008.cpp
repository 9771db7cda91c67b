// puny — the C API of <puny/puny.h> for IDNA2008 (RFC 5890-5893): lookup
// ToASCII and ToUnicode of a name, registration of a label, the derived
// property, and the codes' names, over <puny/idna2008.hpp>.
//
// Everything here is noexcept: the core functions never throw and take
// their working memory for long names with std::nothrow (reported as
// PUNY_OUT_OF_MEMORY), so no exception can cross the C boundary.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "c_api_support.hpp"
#include "puny/idna2008.hpp"
#include "puny/puny.h"
#include "puny/status.hpp"

namespace {

using namespace puny::c_api;  // c_api_support.hpp
namespace i8 = puny::idna2008;

// The C values are the C++ enumerators', so that they convert by value.
static_assert(PUNY_IDNA2008_PROPERTY_PVALID == static_cast<int>(i8::derived_property::pvalid));
static_assert(PUNY_IDNA2008_PROPERTY_CONTEXTJ == static_cast<int>(i8::derived_property::contextj));
static_assert(PUNY_IDNA2008_PROPERTY_CONTEXTO == static_cast<int>(i8::derived_property::contexto));
static_assert(PUNY_IDNA2008_PROPERTY_DISALLOWED == static_cast<int>(i8::derived_property::disallowed));
static_assert(PUNY_IDNA2008_PROPERTY_UNASSIGNED == static_cast<int>(i8::derived_property::unassigned));
static_assert(PUNY_IDNA2008_ERROR_COUNT == i8::error_count);
static_assert(PUNY_IDNA2008_ALABEL_ASCII_ONLY == static_cast<int>(i8::error::alabel_ascii_only));
static_assert(PUNY_IDNA2008_ALABEL_NOT_CANONICAL == static_cast<int>(i8::error::alabel_not_canonical));
static_assert(PUNY_IDNA2008_ALABEL_UPPERCASE == static_cast<int>(i8::error::alabel_uppercase));
static_assert(PUNY_IDNA2008_BIDI_1 == static_cast<int>(i8::error::bidi_1));
static_assert(PUNY_IDNA2008_BIDI_2 == static_cast<int>(i8::error::bidi_2));
static_assert(PUNY_IDNA2008_BIDI_3 == static_cast<int>(i8::error::bidi_3));
static_assert(PUNY_IDNA2008_BIDI_4 == static_cast<int>(i8::error::bidi_4));
static_assert(PUNY_IDNA2008_BIDI_5 == static_cast<int>(i8::error::bidi_5));
static_assert(PUNY_IDNA2008_BIDI_6 == static_cast<int>(i8::error::bidi_6));
static_assert(PUNY_IDNA2008_CONTEXTJ == static_cast<int>(i8::error::contextj));
static_assert(PUNY_IDNA2008_CONTEXTO == static_cast<int>(i8::error::contexto));
static_assert(PUNY_IDNA2008_CONTEXT_NO_RULE == static_cast<int>(i8::error::context_no_rule));
static_assert(PUNY_IDNA2008_DISALLOWED == static_cast<int>(i8::error::disallowed));
static_assert(PUNY_IDNA2008_EMPTY_LABEL == static_cast<int>(i8::error::empty_label));
static_assert(PUNY_IDNA2008_HYPHEN_3_4 == static_cast<int>(i8::error::hyphen_3_4));
static_assert(PUNY_IDNA2008_HYPHEN_START_END == static_cast<int>(i8::error::hyphen_start_end));
static_assert(PUNY_IDNA2008_LABEL_TOO_LONG == static_cast<int>(i8::error::label_too_long));
static_assert(PUNY_IDNA2008_LEADING_COMBINING_MARK == static_cast<int>(i8::error::leading_combining_mark));
static_assert(PUNY_IDNA2008_NAME_TOO_LONG == static_cast<int>(i8::error::name_too_long));
static_assert(PUNY_IDNA2008_NON_LDH_ASCII == static_cast<int>(i8::error::non_ldh_ascii));
static_assert(PUNY_IDNA2008_NOT_NFC == static_cast<int>(i8::error::not_nfc));
static_assert(PUNY_IDNA2008_PUNYCODE_INVALID == static_cast<int>(i8::error::punycode_invalid));
static_assert(PUNY_IDNA2008_UALABEL_MISMATCH == static_cast<int>(i8::error::ualabel_mismatch));
static_assert(PUNY_IDNA2008_UNASSIGNED == static_cast<int>(i8::error::unassigned));
static_assert(PUNY_IDNA2008_A_LABEL_SIZE == 63 && PUNY_IDNA2008_U_LABEL_SIZE == 4 * 63);

// One bit per options member, in the order of the PUNY_IDNA2008_ bits.
constexpr bool i8::options::*flag_members[] = {
    &i8::options::check_contexto,           &i8::options::check_bidi,
    &i8::options::check_hostname,           &i8::options::check_hyphens,
    &i8::options::require_lowercase_alabels, &i8::options::allow_reserved_ldh,
    &i8::options::verify_dns_length,        &i8::options::allow_trailing_dot,
};
constexpr puny_idna2008_flags known_flags = PUNY_IDNA2008_ALLOW_TRAILING_DOT * 2 - 1;
static_assert(known_flags == (puny_idna2008_flags{1} << std::size(flag_members)) - 1);

constexpr i8::options from_flags(puny_idna2008_flags flags) noexcept {
  i8::options o;
  for (std::size_t i = 0; i < std::size(flag_members); ++i) o.*flag_members[i] = ((flags >> i) & 1u) != 0;
  return o;
}

// The profiles' macros are the C++ profiles, bit for bit.
static_assert(from_flags(PUNY_IDNA2008_LOOKUP) == i8::options::for_profile(i8::profile::lookup));
static_assert(from_flags(PUNY_IDNA2008_REGISTRATION) == i8::options::for_profile(i8::profile::registration));

template <class Convert>
int domain_call(const char* in, std::size_t in_len, puny_idna2008_flags flags, char* out, std::size_t out_cap,
                puny_standard_result* result, Convert convert) noexcept {
  return standard_text_call(in, in_len, (flags & ~known_flags) == 0, out, out_cap, result,
                            [&](std::string_view d, std::span<char> o) noexcept {
                              return convert(d, o, from_flags(flags));
                            });
}

constexpr const char* property_names[] = {"PVALID", "CONTEXTJ", "CONTEXTO", "DISALLOWED", "UNASSIGNED"};

}  // namespace

extern "C" {

int puny_idna2008_property(uint32_t cp) noexcept {
  // Values above U+10FFFF are no code points: DISALLOWED, as property_of says.
  return static_cast<int>(i8::property_of(static_cast<char32_t>(cp)));
}

const char* puny_idna2008_property_name(int property) noexcept {
  if (property < 0 || property >= static_cast<int>(std::size(property_names))) return nullptr;
  return property_names[property];
}

const char* puny_idna2008_error_name(int error) noexcept {
  return error_text<i8::error, i8::error_count>(error, i8::name);
}

const char* puny_idna2008_error_message(int error) noexcept {
  return error_text<i8::error, i8::error_count>(error, i8::message);
}

const char* puny_idna2008_error_rule(int error) noexcept {
  return error_text<i8::error, i8::error_count>(error, i8::rule);
}

int puny_idna2008_to_ascii(const char* in, size_t in_len, puny_idna2008_flags flags, char* out, size_t out_cap,
                           puny_standard_result* result) noexcept {
  return domain_call(in, in_len, flags, out, out_cap, result,
                     [](std::string_view d, std::span<char> o, const i8::options& opt) noexcept {
                       return i8::to_ascii(d, o, opt);
                     });
}

int puny_idna2008_to_unicode(const char* in, size_t in_len, puny_idna2008_flags flags, char* out, size_t out_cap,
                             puny_standard_result* result) noexcept {
  return domain_call(in, in_len, flags, out, out_cap, result,
                     [](std::string_view d, std::span<char> o, const i8::options& opt) noexcept {
                       return i8::to_unicode(d, o, opt);
                     });
}

int puny_idna2008_register_label(const char* u_label, size_t u_len, const char* a_label, size_t a_len,
                                 puny_idna2008_flags flags, char* a_out, size_t a_cap, char* u_out, size_t u_cap,
                                 puny_registration_result* result) noexcept {
  puny_registration_result r{};
  if (bad_buffer(u_label, u_len) || bad_buffer(a_label, a_len) || bad_buffer(a_out, a_cap) ||
      bad_buffer(u_out, u_cap) || (flags & ~known_flags) != 0) {
    r.status = PUNY_INVALID_ARGUMENT;
  } else {
    const i8::registration_result x = i8::register_label(view(u_label, u_len), view(a_label, a_len),
                                                          span_of(a_out, a_cap), span_of(u_out, u_cap),
                                                          from_flags(flags));
    r.errors = x.errors.bits();
    r.status = standard_status(x.code, r.errors);
    r.a_written = x.written;
    r.a_needed = x.needed;
    r.u_written = x.u_written;
    r.u_needed = x.u_needed;
    r.position = x.position;
    r.offset = x.offset;
    r.code_point = static_cast<std::uint32_t>(x.code_point);
  }
  if (result != nullptr) *result = r;
  return r.status;
}

}  // extern "C"
