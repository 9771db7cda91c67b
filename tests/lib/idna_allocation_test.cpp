// The buffer overloads of to_ascii / to_unicode (UTS #46, IDNA2008,
// IDNA2003) and of register_label / nameprep allocate nothing for domains
// up to 255 bytes: a replaced global operator new counts the allocations
// made while a flag is set.  (Only one file of the test program may
// replace operator new, so every such test is here.)
//
// clang's ThreadSanitizer runtime is a static library that defines the
// global operator new and delete itself, so a program cannot replace them
// (the link fails on duplicate symbols).  Under it these tests report
// themselves skipped; the README build and the ASan+UBSan build count.
#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <cstdlib>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include "puny/idna.hpp"
#include "puny/idna2003.hpp"
#include "puny/idna2008.hpp"
#include "puny/utf8.hpp"

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define PUNY_TEST_NO_NEW_REPLACEMENT 1
#endif
#endif

#if !defined(PUNY_TEST_NO_NEW_REPLACEMENT)

namespace {

std::atomic<bool> counting{false};
std::atomic<std::size_t> allocations{0};

void* allocate(std::size_t n) {
  if (counting.load(std::memory_order_relaxed)) allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}

}  // namespace

void* operator new(std::size_t n) { return allocate(n); }
void* operator new[](std::size_t n) { return allocate(n); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  try {
    return allocate(n);
  } catch (...) {
    return nullptr;
  }
}
void* operator new[](std::size_t n, const std::nothrow_t& t) noexcept { return operator new(n, t); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }

#define PUNY_SKIP_WITHOUT_COUNTING() static_cast<void>(0)

#else

namespace {
std::atomic<std::size_t> allocations{0};
std::atomic<bool> counting{false};
}  // namespace

#define PUNY_SKIP_WITHOUT_COUNTING() GTEST_SKIP() << "clang's TSan runtime owns the global operator new"

#endif

namespace {

class count_allocations {
 public:
  count_allocations() {
    allocations = 0;
    counting = true;
  }
  ~count_allocations() { counting = false; }
  std::size_t count() const { return allocations.load(); }
};

std::u32string widen(std::string_view utf8) {
  std::array<char32_t, 1024> cps;
  const auto r = puny::utf8_to_utf32(std::span<const char>(utf8.data(), utf8.size()), cps);
  return std::u32string(cps.data(), r.written);
}

// A volatile destination keeps the compiler from eliding the allocation
// (C++14 [expr.new] lets it merge or omit new/delete pairs).
int* volatile escaped = nullptr;

TEST(IdnaAllocation, CountingWorks) {
  PUNY_SKIP_WITHOUT_COUNTING();
  count_allocations scope;
  escaped = new int(1);
  delete escaped;
  EXPECT_EQ(scope.count(), 1u);
}

// Domains up to 255 bytes that reach every path: ASCII, mapped, A-labels,
// Bidi, joiners, empty labels, the longest labels and the longest mapping.
std::vector<std::string> domains_up_to_255_bytes() {
  const std::string label63(63, 'q');
  std::string long_unicode;
  while (long_unicode.size() + 3 <= 255) long_unicode += "日";
  std::string mixed;
  while (mixed.size() + 12 <= 255) mixed += "Bücher.xn--";
  // U+FDFA maps to 18 code points: 255 bytes of it are the longest mapped
  // domain a 255-byte input can give (1530 code points).
  std::string longest_mapping;
  while (longest_mapping.size() + 3 <= 255) longest_mapping += "\uFDFA";
  std::string longest_mapping_labels;
  while (longest_mapping_labels.size() + 4 <= 255) longest_mapping_labels += "\uFDFA.";
  std::vector<std::string> domains = {
      "example.com",
      "EXAMPLE.COM",
      "bücher.de",
      "xn--bcher-kva.de",
      "ＥＸＡＭＰＬＥ。ｃｏｍ",
      "نامه\u200Cای.com",
      "0à.\u05D0",
      "a\u0308\u0301.de",
      "xn--a-ä.pt",
      "xn---",
      "a..b",
      "",
      label63 + "." + label63 + "." + label63 + "." + std::string(63, 'r'),
      long_unicode,
      mixed,
      longest_mapping,
      longest_mapping_labels,
      "\xFF invalid",
      "l\u00B7l.\u30FB\u6F22.\u0660\u06F0",
      "xn--ll-0ea.xn--7a.xn---9uc.XN--BCHER-KVA",
      "fa\u00DF.de\u3002\uFF10\u200D",
  };
  return domains;
}

TEST(IdnaAllocation, BufferOverloadsAllocateNothingUpTo255Bytes) {
  PUNY_SKIP_WITHOUT_COUNTING();
  const std::vector<std::string> domains = domains_up_to_255_bytes();
  std::array<char, 8192> out8;
  std::array<char16_t, 4096> out16;
  std::array<char32_t, 4096> out32;
  const puny::idna_options profiles[] = {
      puny::idna_options::for_profile(puny::idna_profile::uts46),
      puny::idna_options::for_profile(puny::idna_profile::whatwg),
      puny::idna_options::for_profile(puny::idna_profile::transitional),
      puny::idna_options::for_profile(puny::idna_profile::display),
  };
  for (const std::string& d : domains) {
    ASSERT_LE(d.size(), 255u);
    const std::u32string d32 = widen(d);
    std::u16string d16;
    for (const char32_t c : d32) {
      if (c < 0x10000) d16 += static_cast<char16_t>(c);
    }
    for (const auto& o : profiles) {
      count_allocations scope;
      (void)puny::to_ascii(std::string_view(d), out8, o);
      (void)puny::to_unicode(std::string_view(d), out8, o);
      (void)puny::to_ascii(std::u16string_view(d16), out8, o);
      (void)puny::to_unicode(std::u16string_view(d16), out16, o);
      (void)puny::to_ascii(std::u32string_view(d32), out8, o);
      (void)puny::to_unicode(std::u32string_view(d32), out32, o);
      (void)puny::to_ascii(std::string_view(d), std::span<char>(), o);  // output_too_small
      EXPECT_EQ(scope.count(), 0u) << d;
    }
  }
}

TEST(IdnaAllocation, Idna2008AndIdna2003AllocateNothingUpTo255Bytes) {
  PUNY_SKIP_WITHOUT_COUNTING();
  std::array<char, 8192> out8;
  std::array<char, 1024> u_out;
  std::array<char32_t, 8192> out32;
  const puny::idna2008::options idna2008_profiles[] = {
      puny::idna2008::options::for_profile(puny::idna2008::profile::lookup),
      puny::idna2008::options::for_profile(puny::idna2008::profile::registration),
  };
  puny::idna2003::options idna2003_flags[4];
  idna2003_flags[1].allow_unassigned = true;
  idna2003_flags[2].use_std3_ascii_rules = true;
  idna2003_flags[3].nfkc = puny::idna2003::composition::unicode_3_2_text;
  for (const std::string& d : domains_up_to_255_bytes()) {
    const std::u32string d32 = widen(d);
    for (const auto& o : idna2008_profiles) {
      count_allocations scope;
      (void)puny::idna2008::to_ascii(std::string_view(d), out8, o);
      (void)puny::idna2008::to_unicode(std::string_view(d), out8, o);
      (void)puny::idna2008::to_ascii(std::u32string_view(d32), out8, o);
      (void)puny::idna2008::to_unicode(std::u32string_view(d32), out32, o);
      (void)puny::idna2008::to_ascii(std::string_view(d), std::span<char>(), o);  // output_too_small
      (void)puny::idna2008::register_label(std::string_view(d), std::string_view(), out8, u_out, o);
      (void)puny::idna2008::register_label(std::string_view(), std::string_view(d), out8, u_out, o);
      EXPECT_EQ(scope.count(), 0u) << d;
    }
    for (const auto& o : idna2003_flags) {
      count_allocations scope;
      (void)puny::idna2003::to_ascii(std::string_view(d), out8, o);
      (void)puny::idna2003::to_unicode(std::string_view(d), out8, o);
      (void)puny::idna2003::to_ascii(std::u32string_view(d32), out8, o);
      (void)puny::idna2003::to_unicode(std::u32string_view(d32), out32, o);
      (void)puny::idna2003::nameprep(std::u32string_view(d32), out32, o);
      (void)puny::idna2003::nameprep(std::string_view(d), out8, o);
      (void)puny::idna2003::to_ascii(std::string_view(d), std::span<char>(), o);  // output_too_small
      EXPECT_EQ(scope.count(), 0u) << d;
    }
  }
}

TEST(IdnaAllocation, BeyondTheStackTheHeapIsUsed) {
  PUNY_SKIP_WITHOUT_COUNTING();
  std::string big;
  while (big.size() < 5000) big += "bücher.";
  std::array<char, 16> out;
  count_allocations scope;
  const auto r = puny::to_unicode(std::string_view(big), out);
  EXPECT_EQ(r.code, puny::status::output_too_small);
  EXPECT_GT(scope.count(), 0u);
}

}  // namespace
