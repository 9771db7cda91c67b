// puny — an allocator for the look-alike index's large arrays.  Internal.
//
// A query of an index of a million domains touches two or three random
// places in tens of megabytes: with 4 KiB pages each of them is a TLB miss
// as well as a cache miss.  On Linux, an array of 2 MiB or more is aligned
// to 2 MiB and marked MADV_HUGEPAGE before it is first written, so that
// transparent huge pages back it where the system allows them
// (/sys/kernel/mm/transparent_hugepage/enabled set to always or madvise);
// elsewhere, or when the advice is refused, it is an ordinary allocation.
#pragma once

#include <cstddef>
#include <new>

#include "wrapper_exceptions.hpp"

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace puny::detail::lookalike {

template <class T>
struct large_allocator {
  using value_type = T;

  static constexpr std::size_t huge_page = std::size_t{2} << 20;

  large_allocator() noexcept = default;
  template <class U>
  large_allocator(const large_allocator<U>&) noexcept {}  // NOLINT(google-explicit-constructor): allocator rebind

  [[nodiscard]] T* allocate(std::size_t n) {
    if (n > static_cast<std::size_t>(-1) / sizeof(T)) detail::throw_bad_alloc();
    const std::size_t bytes = n * sizeof(T);
    if (!huge(bytes)) return static_cast<T*>(::operator new(bytes, std::align_val_t{alignof(T)}));
    void* p = ::operator new(bytes, std::align_val_t{huge_page});
#if defined(MADV_HUGEPAGE)
    (void)madvise(p, bytes - bytes % huge_page, MADV_HUGEPAGE);  // advice only: failure changes nothing
#endif
    return static_cast<T*>(p);
  }

  void deallocate(T* p, std::size_t n) noexcept {
    const std::size_t bytes = n * sizeof(T);
    ::operator delete(p, std::align_val_t{huge(bytes) ? huge_page : alignof(T)});
  }

  template <class U>
  friend bool operator==(const large_allocator&, const large_allocator<U>&) noexcept {
    return true;
  }

 private:
  static constexpr bool huge(std::size_t bytes) noexcept {
#if defined(MADV_HUGEPAGE)
    return bytes >= huge_page;
#else
    (void)bytes;
    return false;
#endif
  }
};

}  // namespace puny::detail::lookalike
