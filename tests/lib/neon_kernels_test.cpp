// The NEON kernels (src/simd/neon/), called directly, on what the
// randomized tests of reference_test.cpp and utf8_writer_test.cpp reach
// only by chance: the edges of their reads and writes (every input length
// ending against an unmapped page, outputs that end against one), every
// length class of the decoder's input load, the bounds of the encoder's
// §6.1 rounds, and labels in the Basic Multilingual Plane, which the
// encoder must never decline when they fit.  Skipped where the NEON
// kernels are not built (any target but little-endian AArch64).
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "puny/detail/simd_dispatch.hpp"
#include "guarded_page.hpp"
#include "simd_test_support.hpp"
#include "test_support.hpp"


namespace {

using puny::status;
using puny::detail::simd_level;

const puny::detail::simd_kernels* neon_kernels() {
  if (puny_test::simd_kernels_missing(simd_level::neon) != nullptr) return nullptr;
  return puny::detail::simd_kernels_of(simd_level::neon);
}

std::string sname(status s) { return std::string(puny::name(s)); }

/// The decoder of the input's width.
std::size_t decode(const puny::detail::simd_kernels& k, std::string_view s, std::span<char32_t> out) {
  const auto kernel = s.size() <= puny::detail::decode_kernel_limit ? k.decode_label : k.decode_long_label;
  return kernel(std::span<const char>(s.data(), s.size()), out);
}

/// A kernel's answer must be the reference's, or 0 with nothing written.
void expect_decoded(const puny::detail::simd_kernels& k, const std::string& s) {
  constexpr char32_t untouched = 0xFFFFFFFF;
  std::vector<char32_t> out(s.size() + 8, untouched);
  const std::size_t written = decode(k, s, std::span<char32_t>(out.data(), s.size()));
  const auto ref = puny_test::ref_decode(puny::punycode_params, s);
  if (written == 0) {
    for (const char32_t c : out) ASSERT_EQ(c, untouched) << s;
    return;
  }
  ASSERT_EQ(sname(ref.code), "success") << s;
  ASSERT_EQ(std::u32string_view(out.data(), written), ref.code_points) << s;
  for (std::size_t j = written; j < out.size(); ++j) ASSERT_EQ(out[j], untouched) << s;
}

// Every length of both widths (1 to 63), every position of the delimiter
// and of the last letter: the input load takes a different path for
// lengths of 1-3, 4-7, 8-15, 16 and 17-32 characters, and the long one
// reads its last 32 bytes from two loads that end with the input.
TEST(NeonKernels, DecoderAtEveryLengthAndDelimiter) {
  const auto* k = neon_kernels();
  if (k == nullptr) GTEST_SKIP() << puny_test::simd_kernels_missing(simd_level::neon);
  std::mt19937 rng(27);
  std::size_t accepted = 0;
  for (std::size_t size = 1; size <= 63; ++size) {
    for (int iter = 0; iter < 200; ++iter) {
      std::string s(size, 'a');
      // Digits mostly letters (integers of one to three digits), a
      // delimiter somewhere now and then, a literal of ASCII before it.
      for (char& c : s) {
        const int r = std::uniform_int_distribution<int>(0, 9)(rng);
        c = r < 6 ? static_cast<char>('a' + std::uniform_int_distribution<int>(0, 25)(rng))
                  : static_cast<char>('0' + std::uniform_int_distribution<int>(0, 9)(rng));
      }
      if (iter % 2 == 0) s[std::uniform_int_distribution<std::size_t>(0, size - 1)(rng)] = '-';
      if (iter % 7 == 0) s[std::uniform_int_distribution<std::size_t>(0, size - 1)(rng)] = 'Q';
      expect_decoded(*k, s);
      if (HasFailure()) return;
      std::vector<char32_t> out(size);
      accepted += decode(*k, s, out) != 0 ? 1 : 0;
    }
  }
  EXPECT_GT(accepted, 2000u);
}

// Inputs the decoder must leave to the portable one (which reports their
// errors), and valid labels at the edges of what it takes.
TEST(NeonKernels, DecoderCases) {
  const auto* k = neon_kernels();
  if (k == nullptr) GTEST_SKIP() << puny_test::simd_kernels_missing(simd_level::neon);
  for (const std::string s : {"-abc", "abc-", "b", "ab-99", "a\x80-ca", "ab-c!", "9999999999", "ab--", "-"}) {
    expect_decoded(*k, s);
    std::vector<char32_t> out(s.size());
    if (puny_test::ref_decode(puny::punycode_params, s).code != status::success) {
      EXPECT_EQ(decode(*k, s, out), 0U) << s;
    }
  }
  // Five-digit integers after the first (the tails hold four digits),
  // upper-case digits and a literal with delimiters in it: taken.
  for (const std::string s : {"eckwa7i8a7c0cc5574p", "hort6qba5760d", "andra-8ed5290c", "fck9axc8a3g4fo608d",
                              "tshknt-pta7322d", "BCHER-KVA", "bcher-kva", "a-b-c-kva", "mnchen-3ya"}) {
    expect_decoded(*k, s);
    std::vector<char32_t> out(s.size());
    ASSERT_EQ(sname(puny_test::ref_decode(puny::punycode_params, s).code), "success") << s;
    EXPECT_NE(decode(*k, s, out), 0U) << s;
  }
  // RFC 3492 §7.1's samples, both widths: exact when taken.
  for (std::size_t j = 0; j < puny_test::rfc_sample_count; ++j) {
    const std::string s(puny_test::rfc_samples[j].punycode);
    if (s.size() <= puny::detail::decode_long_kernel_limit) expect_decoded(*k, s);
  }
}

/// The smallest x in [lo, hi] with f(x) >= target (f non-decreasing), or hi.
template <class F>
std::uint64_t first_reaching(F f, std::uint64_t lo, std::uint64_t hi, std::uint64_t target) {
  while (lo < hi) {
    const std::uint64_t mid = lo + (hi - lo) / 2;
    if (f(mid) >= target) {
      hi = mid;
    } else {
      lo = mid + 1;
    }
  }
  return lo;
}

// RFC 3492 §6.1's loop runs 0 to 3 times in the encoder's lanes: code
// points chosen so that the adapted first and second deltas land on each
// side of 456, 456 * 35 and 456 * 35^2, and of 456 * 35^3, from which on
// it declines.
TEST(NeonKernels, EncoderAtTheBoundsOfSection61) {
  const auto* k = neon_kernels();
  if (k == nullptr) GTEST_SKIP() << puny_test::simd_kernels_missing(simd_level::neon);
  std::size_t accepted = 0;
  std::size_t tried = 0;
  auto check = [&](const std::u32string& x) {
    const auto ref = puny_test::ref_encode(x);
    ASSERT_EQ(sname(ref.code), "success") << puny_test::hex(x);
    std::string out(ref.text.size() + 16, '\x7F');
    const std::size_t written = k->encode_label(x, std::span<char>(out.data(), ref.text.size()));
    ++tried;
    if (written != 0) {
      ++accepted;
      ASSERT_EQ(std::string_view(out.data(), written), ref.text) << puny_test::hex(x);
    }
    for (std::size_t j = written; j < out.size(); ++j) ASSERT_EQ(out[j], '\x7F') << puny_test::hex(x);
  };
  for (const std::uint64_t bound : {456ULL, 456ULL * 35, 456ULL * 35 * 35, 456ULL * 35 * 35 * 35}) {
    for (std::uint64_t basic = 0; basic < 6; ++basic) {
      const std::u32string literal(basic, U'a');
      // The first integer alone: delta = (c - 128) (basic + 1) + basic,
      // divided by damp (700), plus that over numpoints basic + 1.
      auto first = [&](std::uint64_t c) {
        const std::uint64_t d = ((c - 128) * (basic + 1) + basic) / 700;
        return d + d / (basic + 1);
      };
      const std::uint64_t c = first_reaching(first, 128, 0x10FFFF, bound);
      for (std::uint64_t cc = c - 2; cc <= c + 2 && cc <= 0x10FFFF; ++cc) {
        if (cc >= 0xD800 && cc <= 0xDFFF) continue;
        check(literal + static_cast<char32_t>(cc));
        if (HasFailure()) return;
      }
      // The second: U+0100 then U+0100 + step, delta = step * np with
      // numpoints np = basic + 2, halved, plus the half over np.
      const std::uint64_t np = basic + 2;
      auto second = [&](std::uint64_t step) { return step * np / 2 + step * np / 2 / np; };
      const std::uint64_t step = first_reaching(second, 0, 0x10FFFF - 0x100, bound);
      for (std::uint64_t st = step - 2; st <= step + 2 && 0x100 + st <= 0x10FFFF; ++st) {
        if (0x100 + st >= 0xD800 && 0x100 + st <= 0xDFFF) continue;
        check(literal + U'\u0100' + static_cast<char32_t>(0x100 + st));
        if (HasFailure()) return;
      }
    }
  }
  // Every case but those at or past 456 * 35^3 fits the kernel.
  EXPECT_GT(accepted * 4, tried * 3) << accepted << " of " << tried;
}

// In the BMP a label's deltas stay below 2^22, so the encoder may decline a
// valid label only for want of room; every count of code points from 1 to
// 32, basic and not in any mix.
TEST(NeonKernels, EncoderTakesEveryFittingBmpLabel) {
  const auto* k = neon_kernels();
  if (k == nullptr) GTEST_SKIP() << puny_test::simd_kernels_missing(simd_level::neon);
  std::mt19937 rng(2027);
  for (std::size_t n = 1; n <= 32; ++n) {
    for (int iter = 0; iter < 300; ++iter) {
      std::u32string x(n, U'a');
      const int basic_share = std::uniform_int_distribution<int>(0, 4)(rng);
      const char32_t around = std::uniform_int_distribution<char32_t>(0x80, 0xFF00)(rng);
      for (char32_t& c : x) {
        if (std::uniform_int_distribution<int>(0, 3)(rng) < basic_share) {
          c = std::uniform_int_distribution<char32_t>(0, 0x7F)(rng);
        } else if (iter % 3 == 0) {
          c = std::uniform_int_distribution<char32_t>(0x80, 0xD7FF)(rng);
        } else {
          c = around + std::uniform_int_distribution<char32_t>(0, 60)(rng);
          if (c >= 0xD800 && c <= 0xDFFF) c += 0x800;  // no surrogates
        }
      }
      const auto ref = puny_test::ref_encode(x);
      ASSERT_EQ(sname(ref.code), "success");
      std::string out(ref.text.size() + 16, '\x7F');
      const std::size_t written = k->encode_label(x, std::span<char>(out.data(), ref.text.size()));
      ASSERT_EQ(std::string_view(out.data(), written), ref.text) << puny_test::hex(x);
      for (std::size_t j = written; j < out.size(); ++j) ASSERT_EQ(out[j], '\x7F') << puny_test::hex(x);
      // One character less room: declined, nothing written.
      std::string short_out(ref.text.size() + 16, '\x7F');
      ASSERT_EQ(k->encode_label(x, std::span<char>(short_out.data(), ref.text.size() - 1)), 0U);
      for (const char c : short_out) ASSERT_EQ(c, '\x7F') << puny_test::hex(x);
    }
  }
}

#if defined(__linux__)

using puny_test::guarded_page;

// Inputs and outputs that end against an unmapped page: a read or write
// past either faults.  Every length each kernel takes, valid labels and
// ones it declines.
TEST(NeonKernels, NothingReadOrWrittenPastTheBuffers) {
  const auto* k = neon_kernels();
  if (k == nullptr) GTEST_SKIP() << puny_test::simd_kernels_missing(simd_level::neon);
  guarded_page input;
  guarded_page output;
  if (!input.ok() || !output.ok()) GTEST_SKIP() << "mmap or mprotect failed";
  std::mt19937 rng(63);
  for (std::size_t size = 1; size <= 63; ++size) {
    for (int iter = 0; iter < 20; ++iter) {
      // A label of about `size` characters, encoded, then cut or padded.
      std::u32string x;
      while (x.size() < size / 2 + 1) {
        x += std::uniform_int_distribution<int>(0, 2)(rng) == 0
                 ? std::uniform_int_distribution<char32_t>('a', 'z')(rng)
                 : std::uniform_int_distribution<char32_t>(0x430, 0x44F)(rng);
      }
      std::string s = puny_test::ref_encode(x).text;
      s.resize(size, 'a');
      char* in = input.ending<char>(size);
      std::copy(s.begin(), s.end(), in);
      const auto ref = puny_test::ref_decode(puny::punycode_params, s);
      const std::size_t room = ref.code == status::success ? ref.code_points.size() : size;
      if (room == 0) continue;
      char32_t* out = output.ending<char32_t>(room);
      const std::size_t written = decode(*k, std::string_view(in, size), std::span<char32_t>(out, room));
      if (written != 0) {
        ASSERT_EQ(std::u32string_view(out, written), ref.code_points) << s;
      }
    }
  }
  for (std::size_t n = 1; n <= 32; ++n) {
    for (int iter = 0; iter < 20; ++iter) {
      std::u32string x(n, U'a');
      for (char32_t& c : x) {
        c = std::uniform_int_distribution<int>(0, 1)(rng) == 0 ? std::uniform_int_distribution<char32_t>('a', 'z')(rng)
                                                               : std::uniform_int_distribution<char32_t>(0xE0, 0x2FF)(rng);
      }
      char32_t* in = input.ending<char32_t>(n);
      std::copy(x.begin(), x.end(), in);
      const auto ref = puny_test::ref_encode(x);
      char* out = output.ending<char>(ref.text.size());
      const std::size_t written =
          k->encode_label(std::u32string_view(in, n), std::span<char>(out, ref.text.size()));
      ASSERT_EQ(std::string_view(out, written), ref.text) << puny_test::hex(x);
    }
  }
}

#endif

}  // namespace
