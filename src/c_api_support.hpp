// puny — what the C API's files share: the check of a (pointer, length)
// argument, the views over one, the filling of a puny_result and of a
// puny_standard_result, the rule codes' texts, and working memory taken
// without throwing, the PUNY_OPT_ bits as idna_options.  Internal:
// c_api.cpp (Punycode and IDNA), c_api_display.cpp (display safety),
// c_api_idna2008.cpp, c_api_idna2003.cpp, and the JS package's WebAssembly
// exports (js/wasm/puny_js.cpp), which call the C++ API over UTF-16.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <new>
#include <span>
#include <string_view>

#include "puny/detail/standard_result.hpp"
#include "puny/idna.hpp"
#include "puny/puny.h"
#include "puny/status.hpp"

namespace puny::c_api {

// A pointer may be NULL only with a zero length (PUNY_INVALID_ARGUMENT).
[[nodiscard]] constexpr bool bad_buffer(const void* p, std::size_t n) noexcept { return p == nullptr && n != 0; }

// The text of an argument that passed bad_buffer: NULL with length 0 is
// the empty text.
[[nodiscard]] inline std::string_view view(const char* p, std::size_t n) noexcept {
  return n == 0 ? std::string_view() : std::string_view(p, n);
}
[[nodiscard]] inline std::u32string_view view(const char32_t* p, std::size_t n) noexcept {
  return n == 0 ? std::u32string_view() : std::u32string_view(p, n);
}
[[nodiscard]] inline std::u16string_view view(const char16_t* p, std::size_t n) noexcept {
  return n == 0 ? std::u16string_view() : std::u16string_view(p, n);
}

// The output buffer of an argument that passed bad_buffer.
template <class T>
[[nodiscard]] std::span<T> span_of(T* p, std::size_t n) noexcept {
  return n == 0 ? std::span<T>() : std::span<T>(p, n);
}

// A result with nothing filled but "no label" (label 0 is a real label).
[[nodiscard]] inline puny_result fresh() noexcept {
  puny_result r{};
  r.label = PUNY_NO_LABEL;
  return r;
}

// Stores `r` where the caller asked for it (`out` may be NULL) and returns
// its status, the return value of every puny_result-filling call.
inline int finish(puny_result* out, const puny_result& r) noexcept {
  if (out != nullptr) *out = r;
  return r.status;
}

// A result that is only a status (invalid arguments, no memory).
inline int with_status(puny_result* out, int status) noexcept {
  puny_result r = fresh();
  r.status = status;
  return finish(out, r);
}

// Every PUNY_OPT_ bit.
inline constexpr puny_options known_options = (PUNY_OPT_DISPLAY_FALLBACK << 1) - 1;

// One bit per idna_options member, in the order of the PUNY_OPT_ bits.
inline constexpr bool puny::idna_options::*option_members[] = {
    &puny::idna_options::use_std3_ascii_rules,       &puny::idna_options::check_hyphens,
    &puny::idna_options::check_bidi,                 &puny::idna_options::check_joiners,
    &puny::idna_options::transitional_processing,    &puny::idna_options::verify_dns_length,
    &puny::idna_options::ignore_invalid_punycode,    &puny::idna_options::forbid_domain_code_points,
    &puny::idna_options::reject_empty,               &puny::idna_options::ascii_input_lowercase_only,
    &puny::idna_options::display_fallback,
};
static_assert(known_options == (puny_options{1} << std::size(option_members)) - 1);

[[nodiscard]] constexpr puny_options to_bits(const puny::idna_options& o) noexcept {
  puny_options bits = 0;
  for (std::size_t i = 0; i < std::size(option_members); ++i)
    if (o.*option_members[i]) bits |= puny_options{1} << i;
  return bits;
}

[[nodiscard]] constexpr puny::idna_options from_bits(puny_options bits) noexcept {
  puny::idna_options o;
  for (std::size_t i = 0; i < std::size(option_members); ++i) o.*option_members[i] = ((bits >> i) & 1u) != 0;
  return o;
}

static_assert(from_bits(to_bits(puny::idna_options::for_profile(puny::idna_profile::whatwg))) ==
              puny::idna_options::for_profile(puny::idna_profile::whatwg));

// The result of a core function: the C statuses 1–12 are puny::status's.
[[nodiscard]] inline puny_result from_core(const puny::result& x) noexcept {
  puny_result r = fresh();
  r.status = static_cast<int>(x.code);
  r.written = x.written;
  r.needed = x.needed;
  r.position = x.position;
  return r;
}

// The result of a UTS #46 conversion: PUNY_IDNA_ERRORS when the call
// succeeded but recorded codes.
[[nodiscard]] inline puny_result from_idna(const puny::idna_result& x) noexcept {
  puny_result r = fresh();
  r.errors = x.errors.bits();
  r.written = x.written;
  r.needed = x.needed;
  r.position = x.position;
  r.label = x.label;
  if (x.code != puny::status::success)
    r.status = static_cast<int>(x.code);
  else if (!x.errors.empty())
    r.status = PUNY_IDNA_ERRORS;
  else
    r.status = PUNY_OK;
  return r;
}

// PUNY_IDNA_ERRORS when an IDNA2008 or IDNA2003 rule code was recorded
// (the C++ status is then success), else the status by value.
[[nodiscard]] inline int standard_status(puny::status code, std::uint32_t errors) noexcept {
  if (code != puny::status::success) return static_cast<int>(code);
  return errors != 0 ? PUNY_IDNA_ERRORS : PUNY_OK;
}

// The result of an IDNA2008 or IDNA2003 core function.
template <class ErrorSet>
[[nodiscard]] puny_standard_result from_standard(const puny::detail::standard_result<ErrorSet>& x) noexcept {
  puny_standard_result r{};
  r.errors = x.errors.bits();
  r.status = standard_status(x.code, r.errors);
  r.written = x.written;
  r.needed = x.needed;
  r.position = x.position;
  r.label = x.label;
  r.offset = x.offset;
  r.code_point = static_cast<std::uint32_t>(x.code_point);
  return r;
}

// Stores `r` where the caller asked for it (`out` may be NULL) and returns
// its status.
inline int finish(puny_standard_result* out, const puny_standard_result& r) noexcept {
  if (out != nullptr) *out = r;
  return r.status;
}

// A name conversion of IDNA2008 or IDNA2003 over (pointer, length)
// arguments: PUNY_INVALID_ARGUMENT for a bad buffer or unknown flags, else
// what `convert(input, output)` returns, filled in.
template <class Convert>
int standard_text_call(const char* in, std::size_t in_len, bool flags_known, char* out, std::size_t out_cap,
                       puny_standard_result* result, Convert convert) noexcept {
  if (bad_buffer(in, in_len) || bad_buffer(out, out_cap) || !flags_known) {
    puny_standard_result r{};
    r.status = PUNY_INVALID_ARGUMENT;
    r.label = PUNY_NO_LABEL;
    return finish(result, r);
  }
  return finish(result, from_standard(convert(view(in, in_len), span_of(out, out_cap))));
}

// The name, message or rule of an IDNA2008 or IDNA2003 rule code, or NULL
// outside 0..Count-1.  The C++ texts are string literals, so NUL-terminated.
template <class Error, std::size_t Count>
[[nodiscard]] const char* error_text(int error, std::string_view (*text)(Error) noexcept) noexcept {
  if (error < 0 || error >= static_cast<int>(Count)) return nullptr;
  return text(static_cast<Error>(error)).data();
}

// Working memory of n elements: on the stack when small (up to Inline),
// else from the heap without throwing; ok() is false when that is refused.
template <class T, std::size_t Inline>
class work_buffer {
 public:
  explicit work_buffer(std::size_t n) noexcept {
    if (n <= Inline) {
      data_ = inline_;
      size_ = n;
    } else {
      heap_.reset(new (std::nothrow) T[n]);
      data_ = heap_.get();
      size_ = heap_ ? n : 0;
    }
  }
  work_buffer(const work_buffer&) = delete;
  work_buffer& operator=(const work_buffer&) = delete;

  [[nodiscard]] bool ok() const noexcept { return data_ != nullptr; }
  [[nodiscard]] std::span<T> span() noexcept { return {data_, size_}; }

 private:
  T inline_[Inline];
  std::unique_ptr<T[]> heap_;
  T* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace puny::c_api
