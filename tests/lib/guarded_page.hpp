// What the direct tests of the SIMD kernels share to catch a read or write
// past a buffer that no sanitizer sees (inline assembly, vector loads):
// a buffer placed to end where an inaccessible page begins.
#pragma once

#include <cstddef>

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>

namespace puny_test {

/// Two pages, the second inaccessible: a buffer placed to end at the first
/// page's end faults on any access past it.
class guarded_page {
 public:
  guarded_page() {
    page_ = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    void* p = mmap(nullptr, 2 * page_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return;
    base_ = static_cast<char*>(p);
    if (mprotect(base_ + page_, page_, PROT_NONE) != 0) {
      munmap(base_, 2 * page_);
      base_ = nullptr;
    }
  }
  ~guarded_page() {
    if (base_ != nullptr) munmap(base_, 2 * page_);
  }
  guarded_page(const guarded_page&) = delete;
  guarded_page& operator=(const guarded_page&) = delete;
  [[nodiscard]] bool ok() const { return base_ != nullptr; }
  /// Room for `count` elements that end where the page ends.
  template <class T>
  [[nodiscard]] T* ending(std::size_t count) const {
    return reinterpret_cast<T*>(base_ + page_ - count * sizeof(T));
  }

 private:
  std::size_t page_ = 0;
  char* base_ = nullptr;
};

}  // namespace puny_test

#endif
