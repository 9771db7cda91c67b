// puny — what the C API's two files share: the check of a (pointer, length)
// argument, the views over one, the filling of a puny_result, and working
// memory taken without throwing.  Internal: c_api.cpp (Punycode and IDNA)
// and c_api_display.cpp (display safety) only.
#pragma once

#include <cstddef>
#include <memory>
#include <new>
#include <span>
#include <string_view>

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

// The result of a core function: the C statuses 1–12 are puny::status's.
[[nodiscard]] inline puny_result from_core(const puny::result& x) noexcept {
  puny_result r = fresh();
  r.status = static_cast<int>(x.code);
  r.written = x.written;
  r.needed = x.needed;
  r.position = x.position;
  return r;
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
