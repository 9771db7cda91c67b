// The AVX2 Punycode label encoder (src/simd/avx2/label_encoder.hpp), called
// through its kernel set whatever PUNY_CPU says, on what it promises beyond
// the contract all kernels share (Reference/SimdKernels in reference_test.cpp):
// it takes exactly the labels of 1 to 32 scalar values whose deltas stay
// below 2^23 — so every such label in the Basic Multilingual Plane — when
// the output has room, and writes the reference's encoding and nothing
// else; every other input it leaves to the portable encoder, writing
// nothing.  Each count of non-basic code points (one to four registers of
// keys), integers of one to seven digits (the most below 2^23), reads and
// writes that end against an unmapped page, and every label of the corpus.  Skipped on a
// CPU without AVX2 and in builds without the AVX2 kernels.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "puny/detail/simd_dispatch.hpp"
#include "puny/utf8.hpp"
#include "simd_test_support.hpp"
#include "test_support.hpp"
#include "unicode_data.hpp"

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace {

using puny::detail::simd_level;

constexpr std::uint64_t delta_limit = std::uint64_t{1} << 23;

const puny::detail::simd_kernels* avx2_kernels() {
  if (puny_test::simd_kernels_missing(simd_level::avx2) != nullptr) return nullptr;
  return puny::detail::simd_kernels_of(simd_level::avx2);
}

#define PUNY_AVX2_KERNELS_OR_SKIP(k)                                                          \
  const puny::detail::simd_kernels* const k = avx2_kernels();                                 \
  if (k == nullptr) GTEST_SKIP() << puny_test::simd_kernels_missing(simd_level::avx2);

/// §6.3 followed step by step for a valid label: its largest delta and the
/// most digits of any of its integers, the two things that decide whether
/// the AVX2 encoder takes it.
struct integer_sizes {
  std::uint64_t max_delta = 0;
  unsigned max_digits = 0;
};

integer_sizes sizes_of(std::u32string_view x) {
  const puny::bootstring& p = puny::punycode_params;
  integer_sizes s;
  std::uint64_t n = p.initial_n;
  std::uint64_t delta = 0;
  std::uint64_t bias = p.initial_bias;
  std::uint64_t h = 0;
  for (const char32_t c : x) h += c < 0x80 ? 1 : 0;
  const std::uint64_t b = h;
  while (h < x.size()) {
    std::uint64_t m = ~std::uint64_t{0};
    for (const char32_t c : x) {
      if (c >= n && c < m) m = c;
    }
    delta += (m - n) * (h + 1);
    n = m;
    for (const char32_t c : x) {
      if (c < n) ++delta;
      if (c != n) continue;
      s.max_delta = std::max(s.max_delta, delta);
      unsigned digits = 1;
      std::uint64_t q = delta;
      for (std::uint64_t k = p.base;; k += p.base, ++digits) {
        const std::uint64_t t = puny_test::ref::threshold(p, k, bias);
        if (q < t) break;
        q = (q - t) / (p.base - t);
      }
      s.max_digits = std::max(s.max_digits, digits);
      bias = puny_test::ref::adapt(p, delta, h + 1, h == b);
      delta = 0;
      ++h;
    }
    ++delta;
    ++n;
  }
  return s;
}

std::size_t pick(std::mt19937& rng, std::size_t lo, std::size_t hi) {
  return std::uniform_int_distribution<std::size_t>(lo, hi)(rng);
}

/// What the encoder did with one input and one room.
enum class outcome { took, declined };

/// Runs the kernel with `room` characters of a larger buffer and checks the
/// contract: the reference's encoding and nothing past it, or 0 and nothing
/// written at all.
outcome run(const puny::detail::simd_kernels& k, std::u32string_view x, std::size_t room) {
  constexpr char untouched = '\x7F';
  std::string out(room + 64, untouched);
  const std::size_t written = k.encode_label(x, std::span<char>(out.data(), room));
  if (written == 0) {
    for (const char c : out) EXPECT_EQ(c, untouched) << puny_test::hex(x);
    return outcome::declined;
  }
  const auto ref = puny_test::ref_encode(x);
  EXPECT_EQ(ref.code, puny::status::success) << puny_test::hex(x);
  EXPECT_EQ(std::string_view(out.data(), written), ref.text) << puny_test::hex(x);
  for (std::size_t j = written; j < out.size(); ++j) EXPECT_EQ(out[j], untouched) << puny_test::hex(x);
  return outcome::took;
}

/// The promise for a valid label: taken with room for its encoding exactly
/// when its deltas stay below 2^23, and never without room.
void expect_taken_when_it_fits(const puny::detail::simd_kernels& k, std::u32string_view x) {
  const auto ref = puny_test::ref_encode(x);
  ASSERT_EQ(ref.code, puny::status::success) << puny_test::hex(x);
  const bool small = sizes_of(x).max_delta < delta_limit;
  EXPECT_EQ(run(k, x, ref.text.size()), small ? outcome::took : outcome::declined) << puny_test::hex(x);
  EXPECT_EQ(run(k, x, ref.text.size() + 40), small ? outcome::took : outcome::declined) << puny_test::hex(x);
  EXPECT_EQ(run(k, x, ref.text.size() - 1), outcome::declined) << puny_test::hex(x);
}

/// A non-basic code point of the BMP: near its ends, or anywhere in it.
char32_t bmp_non_basic(std::mt19937& rng) {
  static constexpr char32_t edges[] = {0x80, 0x81, 0xFF, 0x100, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFE, 0xFFFF};
  if (pick(rng, 0, 3) == 0) return edges[pick(rng, 0, std::size(edges) - 1)];
  char32_t c = static_cast<char32_t>(pick(rng, 0x80, 0xFFFF - 0x800));
  return c >= 0xD800 ? c + 0x800 : c;
}

// For every length 1 to 32 and every count of non-basic code points in it,
// at random positions and from few or many distinct values: one register
// of keys or two, compressed or not, then one to four blocks of integers.
TEST(Avx2LabelEncoder, TakesEveryBmpLabelOfEachShapeThatFits) {
  PUNY_AVX2_KERNELS_OR_SKIP(k);
  std::mt19937 rng(20261127);
  for (std::size_t n = 1; n <= 32; ++n) {
    for (std::size_t m = 0; m <= n; ++m) {
      for (int iter = 0; iter < 12; ++iter) {
        std::u32string x(n, U'a');
        for (char32_t& c : x) c = static_cast<char32_t>(pick(rng, 0, 0x7F));
        // Few distinct values give equal keys apart from their positions.
        const std::size_t distinct = pick(rng, 1, m + 1);
        std::vector<char32_t> values(distinct);
        for (char32_t& v : values) v = bmp_non_basic(rng);
        std::vector<std::size_t> at(n);
        for (std::size_t j = 0; j < n; ++j) at[j] = j;
        std::shuffle(at.begin(), at.end(), rng);
        for (std::size_t j = 0; j < m; ++j) x[at[j]] = values[pick(rng, 0, distinct - 1)];
        ASSERT_LT(sizes_of(x).max_delta, delta_limit);
        expect_taken_when_it_fits(*k, x);
        if (HasFailure()) return;
      }
    }
  }
}

// Labels of every script, BMP or not, as reference_test.cpp draws them:
// taken exactly when their deltas stay below 2^23.
TEST(Avx2LabelEncoder, TakesExactlyTheLabelsWithSmallDeltas) {
  PUNY_AVX2_KERNELS_OR_SKIP(k);
  std::mt19937 rng(20261128);
  std::size_t large = 0;
  std::size_t taken = 0;
  for (int iter = 0; iter < 40000; ++iter) {
    const auto s = puny_test::all_scripts[pick(rng, 0, std::size(puny_test::all_scripts) - 1)];
    const std::u32string x = puny_test::random_string(rng, s, pick(rng, 1, 32));
    const bool small = sizes_of(x).max_delta < delta_limit;
    large += small ? 0 : 1;
    taken += small ? 1 : 0;
    expect_taken_when_it_fits(*k, x);
    if (HasFailure()) return;
  }
  EXPECT_GT(large, 1000u);
  EXPECT_GT(taken, 30000u);
}

// The edges of the delta limit: a code point far above the others after
// h basic code points has the delta (c - 128) (h + 1).
TEST(Avx2LabelEncoder, DeclinesFromADeltaOf2To23) {
  PUNY_AVX2_KERNELS_OR_SKIP(k);
  for (std::size_t h = 0; h < 31; ++h) {
    // The largest value whose delta, (c - 128) (h + 1) + h, stays below the
    // limit, and the next.
    const std::uint64_t below = 0x80 + (delta_limit - 1 - h) / (h + 1);
    for (const std::uint64_t c : {below, below + 1}) {
      if (c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) continue;
      std::u32string x(h, U'x');
      x += static_cast<char32_t>(c);
      ASSERT_EQ(sizes_of(x).max_delta < delta_limit, c == below);
      expect_taken_when_it_fits(*k, x);
    }
  }
}

// §6.3's integers of five to seven digits take another path than those of
// up to four: large deltas, and small biases after runs of equal values.
TEST(Avx2LabelEncoder, TakesIntegersOfFourToSevenDigits) {
  PUNY_AVX2_KERNELS_OR_SKIP(k);
  std::mt19937 rng(20261129);
  std::size_t by_digits[8] = {};
  for (int iter = 0; iter < 30000; ++iter) {
    std::u32string x;
    const std::size_t n = pick(rng, 1, 32);
    const char32_t repeated = static_cast<char32_t>(pick(rng, 0x80, 0x3FF));
    for (std::size_t j = 0; j < n; ++j) {
      switch (pick(rng, 0, 3)) {
        case 0: x += static_cast<char32_t>(pick(rng, 0x20, 0x7E)); break;
        case 1: x += repeated; break;
        case 2: x += static_cast<char32_t>(pick(rng, 0x10000, 0x10FFFF)); break;
        default: x += static_cast<char32_t>(pick(rng, 0xE000, 0x10000 + 0xFFFF)); break;
      }
    }
    const integer_sizes s = sizes_of(x);
    if (s.max_delta < delta_limit) {
      ASSERT_LE(s.max_digits, 7u) << puny_test::hex(x);
      ++by_digits[s.max_digits];
    }
    expect_taken_when_it_fits(*k, x);
    if (HasFailure()) return;
  }
  for (unsigned d = 4; d <= 7; ++d) EXPECT_GT(by_digits[d], 20u) << d << " digits";
}

// Surrogates and values past U+10FFFF anywhere, and sizes outside 1 to 32:
// nothing taken, nothing written.
TEST(Avx2LabelEncoder, LeavesInvalidInputToThePortableEncoder) {
  PUNY_AVX2_KERNELS_OR_SKIP(k);
  std::mt19937 rng(20261130);
  static constexpr char32_t bad[] = {0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0x110000, 0x1FFFFF, 0x7FFFFFFF, 0x80000000,
                                     0xFFFFFFFF};
  for (int iter = 0; iter < 5000; ++iter) {
    const auto s = puny_test::all_scripts[pick(rng, 0, std::size(puny_test::all_scripts) - 1)];
    std::u32string x = puny_test::random_string(rng, s, pick(rng, 1, 32));
    x[pick(rng, 0, x.size() - 1)] = bad[pick(rng, 0, std::size(bad) - 1)];
    EXPECT_EQ(run(*k, x, 400), outcome::declined) << puny_test::hex(x);
    if (HasFailure()) return;
  }
  EXPECT_EQ(run(*k, std::u32string_view(), 64), outcome::declined);
  const std::u32string long_label(33, U'\u00E9');
  EXPECT_EQ(run(*k, long_label, 400), outcome::declined);
}

// Inputs that end on the last code point of a mapped page and outputs whose
// room ends there: the masked loads read nothing past the input, and the
// stores write nothing past the encoding.
TEST(Avx2LabelEncoder, TouchesNothingPastTheBuffers) {
  PUNY_AVX2_KERNELS_OR_SKIP(k);
#if defined(__linux__)
  const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  void* const map = mmap(nullptr, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(map, MAP_FAILED);
  ASSERT_EQ(mprotect(static_cast<char*>(map) + page, page, PROT_NONE), 0);
  char* const end = static_cast<char*>(map) + page;
  std::mt19937 rng(20261131);
  for (std::size_t n = 1; n <= 32; ++n) {
    for (int iter = 0; iter < 40; ++iter) {
      const auto s = puny_test::all_scripts[pick(rng, 0, std::size(puny_test::all_scripts) - 1)];
      const std::u32string x = puny_test::random_string(rng, s, n);
      const auto ref = puny_test::ref_encode(x);
      auto* const in = reinterpret_cast<char32_t*>(end) - n;
      std::copy(x.begin(), x.end(), in);
      std::vector<char> out(400);
      const std::size_t written = k->encode_label(std::span<const char32_t>(in, n), out);
      if (written != 0) {
        EXPECT_EQ(std::string_view(out.data(), written), ref.text) << puny_test::hex(x);
      }
      if (ref.code != puny::status::success || ref.text.size() > 64) continue;
      // The encoding itself against the end of the page.
      char* const room = end - ref.text.size();
      const std::size_t again = k->encode_label(x, std::span<char>(room, ref.text.size()));
      if (again != 0) {
        EXPECT_EQ(std::string_view(room, again), ref.text) << puny_test::hex(x);
      }
      EXPECT_EQ(again, written) << puny_test::hex(x);
    }
  }
  munmap(map, 2 * page);
#else
  GTEST_SKIP() << "needs mmap";
#endif
}

std::filesystem::path corpus_dir() {
  if (const char* env = std::getenv("PUNY_CORPUS_DIR"); env != nullptr && *env != '\0') return env;
#ifdef PUNY_CORPUS_DIR
  return PUNY_CORPUS_DIR;
#else
  return "../shared/corpus";
#endif
}

// Every label of unicode.txt with a non-ASCII code point, the labels the
// benchmarks time: each taken (none has 33 code points or a delta of 2^23)
// and encoded as the reference does.
TEST(Avx2LabelEncoder, TakesEveryCorpusLabel) {
  PUNY_AVX2_KERNELS_OR_SKIP(k);
  std::ifstream in(corpus_dir() / "unicode.txt", std::ios::binary);
  if (!in) {
    if (puny_test::running_in_ci()) FAIL() << "CI=true and unicode.txt is missing under " << corpus_dir();
    GTEST_SKIP() << "unicode.txt not found under " << corpus_dir() << " (set PUNY_CORPUS_DIR)";
  }
  std::size_t labels = 0;
  std::size_t taken = 0;
  std::u32string x;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::size_t from = 0;
    while (from <= line.size()) {
      const std::size_t dot = std::min(line.find('.', from), line.size());
      const std::string_view label(line.data() + from, dot - from);
      from = dot + 1;
      if (std::all_of(label.begin(), label.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; })) {
        continue;
      }
      x.assign(label.size(), U'\0');
      const puny::result r = puny::utf8_to_utf32(std::span<const char>(label.data(), label.size()), x);
      ASSERT_TRUE(r.ok()) << label;
      x.resize(r.written);
      if (x.size() > puny::detail::encode_kernel_limit) continue;
      ++labels;
      const auto ref = puny_test::ref_encode(x);
      ASSERT_EQ(ref.code, puny::status::success) << label;
      taken += run(*k, x, ref.text.size()) == outcome::took ? 1 : 0;
      if (HasFailure()) return;
    }
  }
  ASSERT_GT(labels, 100000u);
  EXPECT_EQ(taken, labels);
}

}  // namespace
