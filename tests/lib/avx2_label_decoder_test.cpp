// The AVX2 label decoders (src/simd/avx2/label_decoder.hpp), called
// directly whatever PUNY_CPU says, on what they promise beyond the shared
// agreement test of reference_test.cpp: which labels they must take (every
// valid one whose integers have at most four digits, upper or lower case),
// that they read no byte past the input (inputs of every length ending
// against an unmapped page, for the VPMASKMOVD load and its 1-3-byte
// tail), the paths the chain leaves the fast step for (a bias above 46, a
// delta past the weight table), the widths' split, and that the weight
// table is RFC 3492 §6.1's.  Skipped on CPUs without AVX2 and in builds
// without the AVX2 kernels.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "puny/detail/simd_dispatch.hpp"
#include "simd/avx2/label_decoder.hpp"
#include "guarded_page.hpp"
#include "simd_test_support.hpp"
#include "test_support.hpp"


namespace {

using puny::status;
using puny::detail::simd_level;

const puny::detail::simd_kernels* avx2_kernels() {
  if (puny_test::simd_kernels_missing(simd_level::avx2) != nullptr) return nullptr;
  return puny::detail::simd_kernels_of(simd_level::avx2);
}

std::string sname(status s) { return std::string(puny::name(s)); }

std::size_t pick(std::mt19937& rng, std::size_t lo, std::size_t hi) {
  return std::uniform_int_distribution<std::size_t>(lo, hi)(rng);
}

/// The decoder of the input's width.
std::size_t decode(const puny::detail::simd_kernels& k, std::string_view s, std::span<char32_t> out) {
  const auto kernel = s.size() <= puny::detail::decode_kernel_limit ? k.decode_label : k.decode_long_label;
  return kernel(std::span<const char>(s.data(), s.size()), out);
}

/// The number of digits of the longest integer of a valid Punycode label
/// (RFC 3492 §6.2, the digits counted), 0 without any.
std::size_t longest_integer(std::string_view s) {
  const std::size_t last = s.rfind('-');
  std::size_t pos = last == std::string_view::npos ? 0 : last + 1;
  std::uint64_t bias = 72;
  std::uint64_t numpoints = last == std::string_view::npos ? 0 : last;
  std::size_t longest = 0;
  bool first = true;
  while (pos < s.size()) {
    std::uint64_t delta = 0;
    std::uint64_t w = 1;
    const std::size_t start = pos;
    for (std::uint64_t k = 36;; k += 36) {
      const std::uint64_t digit = puny_test::ref::decode_digit(puny::punycode_params, s[pos++]);
      delta += digit * w;
      const std::uint64_t t = puny_test::ref::threshold(puny::punycode_params, k, bias);
      if (digit < t) break;
      w *= 36 - t;
    }
    longest = std::max(longest, pos - start);
    bias = puny_test::ref::adapt(puny::punycode_params, delta, ++numpoints, first);
    first = false;
  }
  return longest;
}

/// Labels from every script of test_support.hpp, encoded by the reference,
/// some with their digits in uppercase.
std::string random_label(std::mt19937& rng, std::size_t most) {
  const auto s = puny_test::all_scripts[pick(rng, 0, std::size(puny_test::all_scripts) - 1)];
  std::string text = puny_test::ref_encode(puny_test::random_string(rng, s, pick(rng, 1, most))).text;
  if (pick(rng, 0, 4) == 0) text = puny_test::upper_digits(text);
  return text;
}

// Every valid label of 1 to 63 characters with something to decode and no
// integer of more than four digits is taken (the fast step and the general
// one both read up to four digits; only longer integers, from far-apart
// code points, may go to the portable decoder), with exactly the
// reference's code points and nothing written past them.  Real labels'
// integers are that short: 149942 of the 149946 labels of the benchmark
// corpus are taken.
TEST(Avx2LabelDecoder, TakesEveryValidLabelWithIntegersOfUpToFourDigits) {
  const auto* k = avx2_kernels();
  if (k == nullptr) GTEST_SKIP() << puny_test::simd_kernels_missing(simd_level::avx2);
  std::mt19937 rng(2027);
  std::size_t promised = 0;
  std::size_t five = 0;
  std::size_t long_width = 0;
  for (int iter = 0; iter < 40000; ++iter) {
    const std::string s = random_label(rng, pick(rng, 0, 1) == 0 ? 20 : 45);
    if (s.empty() || s.size() > puny::detail::decode_long_kernel_limit) continue;
    const auto ref = puny_test::ref_decode(puny::punycode_params, s);
    if (ref.code != status::success) continue;
    const std::size_t longest = longest_integer(s);
    if (longest == 0) continue;
    constexpr char32_t untouched = 0xFFFFFFFF;
    std::vector<char32_t> out(ref.code_points.size() + 8, untouched);
    const std::size_t written = decode(*k, s, std::span<char32_t>(out.data(), ref.code_points.size()));
    if (longest <= 4) {
      ASSERT_EQ(written, ref.code_points.size()) << s;
      ++promised;
      long_width += s.size() > puny::detail::decode_kernel_limit ? 1 : 0;
    } else {
      ++five;
      if (written == 0) {
        for (const char32_t c : out) ASSERT_EQ(c, untouched) << s;
        continue;
      }
    }
    ASSERT_EQ(std::u32string_view(out.data(), written), ref.code_points) << s;
    for (std::size_t j = written; j < out.size(); ++j) ASSERT_EQ(out[j], untouched) << s;
  }
  EXPECT_GT(promised, 20000u);
  EXPECT_GT(long_width, 3000u);
  EXPECT_GT(five, 500u);
}

// Labels of real names, the RFC's samples among them, with their digits in
// either case: §5 makes uppercase letters the same digits, and the codecs
// hand the kernels only inputs decoded without case flags.  The literal
// keeps its case.  Lengths 1 to 3 take the load's byte-by-byte tail.
TEST(Avx2LabelDecoder, TakesRealLabelsInEitherCase) {
  const auto* k = avx2_kernels();
  if (k == nullptr) GTEST_SKIP() << puny_test::simd_kernels_missing(simd_level::avx2);
  const std::string labels[] = {
      "bcher-kva", "mnchen-3ya", "ihqwcrb4cv8a8dqg056pqjye", "e1afmkfd", "90a3ac", "wgbh1c", "fiqs8s", "j6w193g",
      "n3h", "a", "ca", "ba", "4ca", "egbpdaj6bu4bxfgehfvwxn", "ihqwctvzc91f659drss3x8bo0yb",
      "Proprostnemluvesky-uyb24dma41a", "4dbcagdahymbxekheh6e0a7fei0b", "989aomsvi5e83db1d2a355cv1e0vak1dwrv93d5xbh15a0dt30a5jpsd879ccm6fea98c",
      "tshknt-pta7322d", "hort6qba5760d", "xn--dmin-moa0i", "ls8h", "s9a", "d1acpjx3f.xn--p1ai",
      "abcdefghijklmnopqrstuvwxyz-01234", "abcdefghijklmnopqrstuvwxyz-012345",
      "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcde-0123"};
  std::size_t taken = 0;
  for (const std::string& label : labels) {
    for (const std::string& s : {label, puny_test::upper_digits(label), puny_test::ascii_upper(label)}) {
      const auto ref = puny_test::ref_decode(puny::punycode_params, s);
      std::vector<char32_t> out(s.size() + 4, U'\0');
      const std::size_t written = s.size() <= puny::detail::decode_long_kernel_limit ? decode(*k, s, out) : 0;
      if (ref.code != status::success || s.size() > puny::detail::decode_long_kernel_limit ||
          longest_integer(s) > 4) {
        if (written != 0) {
          EXPECT_EQ(std::u32string_view(out.data(), written), ref.code_points) << s;
        }
        continue;
      }
      EXPECT_EQ(std::u32string_view(out.data(), written), ref.code_points) << s;
      ++taken;
    }
  }
  EXPECT_GE(taken, 60u);
}

// Past the fast step: a bias above 46 (a large first delta with several
// basic code points, then more far-apart ones) takes the general step, and
// a delta past the weight table's 1120 entries is adapted by §6.1 itself;
// both return to the fast step when the bias comes back to 46 or less.
TEST(Avx2LabelDecoder, LeavesAndReentersTheFastStep) {
  const auto* k = avx2_kernels();
  if (k == nullptr) GTEST_SKIP() << puny_test::simd_kernels_missing(simd_level::avx2);
  std::mt19937 rng(46);
  std::size_t taken = 0;
  for (int iter = 0; iter < 20000; ++iter) {
    // A few basic code points, then code points whose gaps range from one
    // to a whole plane, so that deltas and biases cover the table's edges.
    std::u32string x;
    const std::size_t basic = pick(rng, 0, 6);
    for (std::size_t j = 0; j < basic; ++j) x += static_cast<char32_t>(pick(rng, 'a', 'z'));
    // Starting past the BMP one time in four: a first delta so large that
    // the bias after it is above 46.
    char32_t c = static_cast<char32_t>(pick(rng, 0, 3) == 0 ? pick(rng, 0x10000, 0x10FFFF) : pick(rng, 0x80, 0x3000));
    const std::size_t extended = pick(rng, 1, 12);
    for (std::size_t j = 0; j < extended; ++j) {
      x.insert(x.begin() + static_cast<std::ptrdiff_t>(pick(rng, 0, x.size())), c);
      static constexpr char32_t gaps[] = {1, 40, 300, 2000, 30000};
      c += static_cast<char32_t>(pick(rng, 0, gaps[pick(rng, 0, std::size(gaps) - 1)]));
      if (c >= 0xD800 && c <= 0xDFFF) c = 0xE000;
      if (c > 0x10FFFF) break;
    }
    const std::string s = puny_test::ref_encode(x).text;
    if (s.size() > puny::detail::decode_long_kernel_limit) continue;
    const auto ref = puny_test::ref_decode(puny::punycode_params, s);
    ASSERT_EQ(sname(ref.code), "success") << s;
    std::vector<char32_t> out(ref.code_points.size());
    const std::size_t written = decode(*k, s, out);
    if (longest_integer(s) <= 4) {
      ASSERT_NE(written, 0u) << s;
    }
    if (written == 0) continue;
    ++taken;
    ASSERT_EQ(std::u32string_view(out.data(), written), ref.code_points) << s;
  }
  EXPECT_GT(taken, 8000u);
}

// Invalid labels, one of each kind the portable decoder names, and a
// buffer one code point short: declined, nothing written.
TEST(Avx2LabelDecoder, DeclinesWhatThePortableDecoderMustJudge) {
  const auto* k = avx2_kernels();
  if (k == nullptr) GTEST_SKIP() << puny_test::simd_kernels_missing(simd_level::avx2);
  const std::string invalid[] = {
      "-kva",          // the same, the delimiter alone
      "b\xC3\xBC-kva", // non-basic literal
      "bcher-k!a",     // not a digit
      "bcher-kv",      // truncated integer
      "bcher-kva9",    // truncated after a complete one
      "99999999a",     // too large: past U+10FFFF
      "ib9b",          // a surrogate (U+D800)
      "a-qo7g",        // another (U+DFFF), after a basic code point
      "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzza",  // eleven code points, among them U+DEF3
      "bcher-",        // nothing to decode: the portable decoder's
      "bcher-kva-",    // the same after the last delimiter
      "a-b-",          // and again
  };
  for (const std::string& s : invalid) {
    const auto ref = puny_test::ref_decode(puny::punycode_params, s);
    EXPECT_TRUE(ref.code != status::success || longest_integer(s) == 0) << s << " " << sname(ref.code);
    constexpr char32_t untouched = 0xFFFFFFFF;
    std::vector<char32_t> out(s.size() + 8, untouched);
    EXPECT_EQ(decode(*k, s, std::span<char32_t>(out.data(), s.size())), 0u) << s;
    for (const char32_t c : out) ASSERT_EQ(c, untouched) << s;
  }
  for (const std::string s : {"bcher-kva", "ihqwcrb4cv8a8dqg056pqjye", "abcdefghijklmnopqrstuvwxyz-01234567890-kva"}) {
    const auto ref = puny_test::ref_decode(puny::punycode_params, s);
    ASSERT_EQ(sname(ref.code), "success") << s;
    constexpr char32_t untouched = 0xFFFFFFFF;
    std::vector<char32_t> out(s.size() + 8, untouched);
    EXPECT_EQ(decode(*k, s, std::span<char32_t>(out.data(), ref.code_points.size() - 1)), 0u) << s;
    for (const char32_t c : out) ASSERT_EQ(c, untouched) << s;
    EXPECT_EQ(decode(*k, s, std::span<char32_t>(out.data(), ref.code_points.size())), ref.code_points.size()) << s;
  }
}

// The one-vector decoder takes 1 to 32 characters, the two-vector one 33
// to 63; each declines the other's sizes and anything longer or empty.
TEST(Avx2LabelDecoder, EachWidthTakesItsOwnSizes) {
  const auto* k = avx2_kernels();
  if (k == nullptr) GTEST_SKIP() << puny_test::simd_kernels_missing(simd_level::avx2);
  std::vector<char32_t> out(128);
  EXPECT_EQ(k->decode_label(std::span<const char>(), out), 0u);
  EXPECT_EQ(k->decode_long_label(std::span<const char>(), out), 0u);
  for (std::size_t size = 1; size <= 70; ++size) {
    // A basic literal padded to size - 4, then "-kva" or the like: valid at
    // every size.
    std::string s(size >= 5 ? size - 4 : 0, 'x');
    s += size >= 5 ? "-kva" : std::string(size, 'a');
    ASSERT_EQ(s.size(), size);
    const auto ref = puny_test::ref_decode(puny::punycode_params, s);
    ASSERT_EQ(sname(ref.code), "success") << s;
    const std::span<const char> in(s.data(), s.size());
    const std::size_t short_width = k->decode_label(in, out);
    const std::size_t long_width = k->decode_long_label(in, out);
    EXPECT_EQ(short_width, size <= 32 ? ref.code_points.size() : 0u) << s;
    EXPECT_EQ(long_width, size > 32 && size <= 63 ? ref.code_points.size() : 0u) << s;
  }
}

#if defined(__linux__)

using puny_test::guarded_page;

// Inputs of every length 1 to 63 that end against an unmapped page, and
// outputs with room for exactly the code points that end against another:
// any read past the input (the whole-word load, the last one to three
// bytes) or write past the output faults.  Valid labels, which the kernel
// takes, and the same cut or padded, which it mostly declines.
TEST(Avx2LabelDecoder, ReadsAndWritesNothingPastTheBuffers) {
  const auto* k = avx2_kernels();
  if (k == nullptr) GTEST_SKIP() << puny_test::simd_kernels_missing(simd_level::avx2);
  guarded_page input;
  guarded_page output;
  if (!input.ok() || !output.ok()) GTEST_SKIP() << "mmap or mprotect failed";
  std::mt19937 rng(4096);
  std::size_t taken = 0;
  for (std::size_t size = 1; size <= 63; ++size) {
    for (int iter = 0; iter < 40; ++iter) {
      std::string s;
      if (iter % 2 == 0) {
        // Valid at exactly this size when the encoding happens to fit.
        std::u32string x;
        while (x.size() < size) {
          x += pick(rng, 0, 2) == 0 ? static_cast<char32_t>(pick(rng, 'a', 'z'))
                                    : static_cast<char32_t>(pick(rng, 0x430, 0x44F));
          const std::string e = puny_test::ref_encode(x).text;
          if (e.size() > size) break;
          s = e;
        }
      }
      // Otherwise, or when short, padded (with digits, so mostly invalid).
      while (s.size() < size) s += static_cast<char>(pick(rng, 0, 1) == 0 ? 'a' + pick(rng, 0, 25) : '0' + pick(rng, 0, 9));
      char* in = input.ending<char>(size);
      std::copy(s.begin(), s.end(), in);
      const auto ref = puny_test::ref_decode(puny::punycode_params, s);
      const std::size_t room = ref.code == status::success ? ref.code_points.size() : size;
      if (room == 0) continue;
      char32_t* out = output.ending<char32_t>(room);
      const std::size_t written = decode(*k, std::string_view(in, size), std::span<char32_t>(out, room));
      if (written == 0) continue;
      ++taken;
      ASSERT_EQ(std::u32string_view(out, written), ref.code_points) << s;
    }
  }
  EXPECT_GT(taken, 1000u);
}

#endif


}  // namespace
