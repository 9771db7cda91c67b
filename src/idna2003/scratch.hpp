// puny — a buffer that lives on the stack up to a fixed size and takes a
// larger one from the heap (std::nothrow) only for an input that needs it,
// as the IDNA2003 conversions do for names beyond puny::max_stack_domain
// code points.  Internal.
#pragma once

#include <cstddef>
#include <memory>
#include <new>
#include <span>

namespace puny::detail::idna2003 {

/// `StackSize` elements in the object itself, uninitialized; more on
/// demand from the heap, kept until the object dies (a later, smaller
/// request reuses them).
template <class T, std::size_t StackSize>
class elastic_buffer {
 public:
  // User-provided so that value-initialization does not zero the stack part.
  elastic_buffer() noexcept {}
  elastic_buffer(const elastic_buffer&) = delete;
  elastic_buffer& operator=(const elastic_buffer&) = delete;

  /// At least `n` elements (the stack part when it is enough), or an empty
  /// span when the heap refused.
  [[nodiscard]] std::span<T> get(std::size_t n) noexcept {
    if (n <= StackSize) return {stack_, StackSize};
    if (n <= heap_size_) return {heap_.get(), heap_size_};
    heap_.reset(new (std::nothrow) T[n]);
    heap_size_ = heap_ ? n : 0;
    return {heap_.get(), heap_size_};
  }
  /// The stack part.
  [[nodiscard]] std::span<T> stack() noexcept { return {stack_, StackSize}; }

 private:
  T stack_[StackSize];
  std::unique_ptr<T[]> heap_;
  std::size_t heap_size_ = 0;
};

}  // namespace puny::detail::idna2003
