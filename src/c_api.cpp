// puny — the C API of <puny/puny.h>, over the C++ core functions.
//
// Everything here is noexcept: the core functions never throw, and the
// working memory that long Punycode input needs is taken with std::nothrow,
// so no exception can cross the C boundary.
#include "puny/puny.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "c_api_support.hpp"
#include "puny/idna.hpp"
#include "puny/punycode.hpp"
#include "puny/status.hpp"
#include "puny/utf8.hpp"

namespace {

using namespace puny::c_api;  // c_api_support.hpp

// The C values 1–12 are puny::status, so that a status converts by value.
static_assert(PUNY_INVALID_DIGIT == static_cast<int>(puny::status::invalid_digit));
static_assert(PUNY_TRUNCATED_INTEGER == static_cast<int>(puny::status::truncated_integer));
static_assert(PUNY_NON_BASIC_LITERAL == static_cast<int>(puny::status::non_basic_literal));
static_assert(PUNY_EMPTY_LITERAL == static_cast<int>(puny::status::empty_literal));
static_assert(PUNY_ENCODED_BASIC == static_cast<int>(puny::status::encoded_basic));
static_assert(PUNY_OVERFLOW == static_cast<int>(puny::status::overflow));
static_assert(PUNY_INVALID_CODE_POINT == static_cast<int>(puny::status::invalid_code_point));
static_assert(PUNY_INVALID_UTF8 == static_cast<int>(puny::status::invalid_utf8));
static_assert(PUNY_OUTPUT_TOO_SMALL == static_cast<int>(puny::status::output_too_small));
static_assert(PUNY_OUT_OF_MEMORY == static_cast<int>(puny::status::scratch_too_small));
static_assert(PUNY_INVALID_PARAMETERS == static_cast<int>(puny::status::invalid_parameters));
static_assert(PUNY_CASE_FLAGS_SIZE == static_cast<int>(puny::status::case_flags_size));
// And the UTS #46 codes are puny::idna_code.
static_assert(PUNY_IDNA_CODE_COUNT == puny::idna_code_count);
static_assert(PUNY_IDNA_A3 == static_cast<int>(puny::idna_code::A3));
static_assert(PUNY_IDNA_P4 == static_cast<int>(puny::idna_code::P4));
static_assert(PUNY_IDNA_V7 == static_cast<int>(puny::idna_code::V7));
static_assert(PUNY_IDNA_X4_2 == static_cast<int>(puny::idna_code::X4_2));

template <class Convert>
int domain_call(const char* in, std::size_t in_len, puny_options options, char* out, std::size_t out_cap,
                puny_result* result, Convert convert) noexcept {
  if (bad_buffer(in, in_len) || bad_buffer(out, out_cap) || (options & ~known_options) != 0)
    return with_status(result, PUNY_INVALID_ARGUMENT);
  return finish(result, from_idna(convert(view(in, in_len), span_of(out, out_cap), from_bits(options))));
}

// The simple form: the length, or the size needed, through out_len.
int with_length(int status, const puny_result& r, std::size_t* out_len) noexcept {
  if (out_len != nullptr) *out_len = status == PUNY_OUTPUT_TOO_SMALL ? r.needed : r.written;
  return status;
}

puny_result out_of_memory() noexcept {
  puny_result r = fresh();
  r.status = PUNY_OUT_OF_MEMORY;
  return r;
}

// RFC 3492 §6.3 over code points, with the scratch long input needs.
puny_result encode_code_points(std::span<const char32_t> cps, std::span<char> out) noexcept {
  work_buffer<std::uint64_t, 1> scratch(puny::encode_scratch_words(cps.size()));
  if (!scratch.ok()) return out_of_memory();
  return from_core(puny::encode(cps, out, {}, scratch.span()));
}

// RFC 3492 §6.2: never more code points than input characters.
puny_result decode_code_points(std::span<const char> in, std::span<char32_t> out) noexcept {
  work_buffer<std::uint64_t, 1> scratch(puny::decode_scratch_words(in.size()));
  if (!scratch.ok()) return out_of_memory();
  return from_core(puny::decode(in, out, {}, scratch.span()));
}

constexpr std::size_t label_size = 256;

// The statuses of the C API alone, and puny::status's own texts for the
// others.  Every text is a string literal, so NUL-terminated.
struct c_only_status {
  int status;
  const char* name;
  const char* message;
};
constexpr c_only_status c_only_statuses[] = {
    {PUNY_OUT_OF_MEMORY, "out_of_memory", "out of memory for a very long input"},
    {PUNY_IDNA_ERRORS, "idna_errors", "the domain name breaks the rules of its IDNA standard"},
    {PUNY_INVALID_ARGUMENT, "invalid_argument", "NULL pointer with a nonzero length, or unknown option bits"},
};

enum class text_kind { name, message };

const char* status_text(int status, text_kind kind) noexcept {
  for (const c_only_status& c : c_only_statuses)
    if (c.status == status) return kind == text_kind::name ? c.name : c.message;
  if (status < PUNY_OK || status > PUNY_CASE_FLAGS_SIZE) return kind == text_kind::name ? "unknown" : "unknown status";
  const auto s = static_cast<puny::status>(status);
  return (kind == text_kind::name ? puny::name(s) : puny::message(s)).data();
}

}  // namespace

extern "C" {

const char* puny_status_name(int status) noexcept { return status_text(status, text_kind::name); }

const char* puny_status_message(int status) noexcept { return status_text(status, text_kind::message); }

const char* puny_idna_code_name(int code) noexcept {
  if (code < 0 || code >= PUNY_IDNA_CODE_COUNT) return nullptr;
  return puny::name(static_cast<puny::idna_code>(code)).data();
}

const char* puny_idna_code_message(int code) noexcept {
  if (code < 0 || code >= PUNY_IDNA_CODE_COUNT) return nullptr;
  return puny::message(static_cast<puny::idna_code>(code)).data();
}

puny_options puny_profile_options(int profile) noexcept {
  if (profile < PUNY_PROFILE_UTS46 || profile > PUNY_PROFILE_DISPLAY) return ~puny_options{0};
  return to_bits(puny::idna_options::for_profile(static_cast<puny::idna_profile>(profile)));
}

int puny_to_ascii_ex(const char* in, size_t in_len, puny_options options, char* out, size_t out_cap,
                     puny_result* result) noexcept {
  return domain_call(in, in_len, options, out, out_cap, result,
                     [](std::string_view d, std::span<char> o, const puny::idna_options& opt) noexcept {
                       return puny::to_ascii(d, o, opt);
                     });
}

int puny_to_unicode_ex(const char* in, size_t in_len, puny_options options, char* out, size_t out_cap,
                       puny_result* result) noexcept {
  return domain_call(in, in_len, options, out, out_cap, result,
                     [](std::string_view d, std::span<char> o, const puny::idna_options& opt) noexcept {
                       return puny::to_unicode(d, o, opt);
                     });
}

int puny_to_ascii(const char* in, size_t in_len, char* out, size_t out_cap, size_t* out_len) noexcept {
  puny_result r;
  return with_length(puny_to_ascii_ex(in, in_len, puny_profile_options(PUNY_PROFILE_UTS46), out, out_cap, &r), r,
                     out_len);
}

int puny_to_unicode(const char* in, size_t in_len, char* out, size_t out_cap, size_t* out_len) noexcept {
  puny_result r;
  return with_length(puny_to_unicode_ex(in, in_len, puny_profile_options(PUNY_PROFILE_UTS46), out, out_cap, &r), r,
                     out_len);
}

int puny_encode_utf32(const char32_t* in, size_t in_len, char* out, size_t out_cap, puny_result* result) noexcept {
  if (bad_buffer(in, in_len) || bad_buffer(out, out_cap)) return with_status(result, PUNY_INVALID_ARGUMENT);
  return finish(result, encode_code_points({in, in_len}, {out, out_cap}));
}

int puny_decode_utf32(const char* in, size_t in_len, char32_t* out, size_t out_cap, puny_result* result) noexcept {
  if (bad_buffer(in, in_len) || bad_buffer(out, out_cap)) return with_status(result, PUNY_INVALID_ARGUMENT);
  return finish(result, decode_code_points({in, in_len}, {out, out_cap}));
}

int puny_encode_ex(const char* utf8, size_t utf8_len, char* out, size_t out_cap, puny_result* result) noexcept {
  if (bad_buffer(utf8, utf8_len) || bad_buffer(out, out_cap)) return with_status(result, PUNY_INVALID_ARGUMENT);
  const std::span<const char> text(utf8, utf8_len);
  // UTF-8 never has more code points than bytes.
  work_buffer<char32_t, label_size> cps(utf8_len);
  if (!cps.ok()) return finish(result, out_of_memory());
  const puny::result u = puny::utf8_to_utf32(text, cps.span());
  if (!u) return finish(result, from_core(u));
  // Valid UTF-8 holds only scalar values, so encoding fails only for room.
  return finish(result, encode_code_points(cps.span().first(u.written), {out, out_cap}));
}

int puny_decode_ex(const char* in, size_t in_len, char* out_utf8, size_t out_cap, puny_result* result) noexcept {
  if (bad_buffer(in, in_len) || bad_buffer(out_utf8, out_cap)) return with_status(result, PUNY_INVALID_ARGUMENT);
  work_buffer<char32_t, label_size> cps(in_len);
  if (!cps.ok()) return finish(result, out_of_memory());
  const puny_result d = decode_code_points({in, in_len}, cps.span());
  if (d.status != PUNY_OK) return finish(result, d);
  return finish(result, from_core(puny::utf32_to_utf8(cps.span().first(d.written), {out_utf8, out_cap})));
}

int puny_encode(const char* utf8, size_t utf8_len, char* out, size_t out_cap, size_t* out_len) noexcept {
  puny_result r;
  return with_length(puny_encode_ex(utf8, utf8_len, out, out_cap, &r), r, out_len);
}

int puny_decode(const char* in, size_t in_len, char* out_utf8, size_t out_cap, size_t* out_len) noexcept {
  puny_result r;
  return with_length(puny_decode_ex(in, in_len, out_utf8, out_cap, &r), r, out_len);
}

const char* puny_version(void) noexcept { return PUNY_VERSION_STRING; }

const char* puny_unicode_version(void) noexcept { return puny::unicode_version().data(); }

}  // extern "C"
