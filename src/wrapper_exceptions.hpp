// puny — the exceptions the allocating wrappers throw (std::bad_alloc for
// memory exhaustion met inside noexcept code, std::length_error past a
// container's limits), in builds with exceptions and in builds without them
// (-fno-exceptions: the wasm32-wasi build), where they abort as the
// standard library does.  Internal.
#pragma once

#include <cstdlib>
#include <new>
#include <stdexcept>

namespace puny::detail {

/// Throws std::bad_alloc.  Without exceptions it aborts, as operator new
/// itself does there when memory runs out.
[[noreturn]] inline void throw_bad_alloc() {
#if defined(__cpp_exceptions)
  throw std::bad_alloc();
#else
  std::abort();
#endif
}

/// Throws std::length_error(what); aborts without exceptions.
[[noreturn]] inline void throw_length_error(const char* what) {
#if defined(__cpp_exceptions)
  throw std::length_error(what);
#else
  (void)what;
  std::abort();
#endif
}

/// Runs `f`, which may allocate, from noexcept code: false when it ran out
/// of memory (std::bad_alloc).  Without exceptions operator new aborts on
/// failure, so `f` just runs.
template <class F>
[[nodiscard]] bool allocates_without_bad_alloc(F&& f) noexcept {
#if defined(__cpp_exceptions)
  try {
    f();
  } catch (const std::bad_alloc&) {
    return false;
  }
#else
  f();
#endif
  return true;
}

}  // namespace puny::detail
