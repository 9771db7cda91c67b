// Differential tests against an independent reference: RFC 3492 Appendix C
// ported to 64-bit arithmetic (test_support.hpp).  Same status, same error
// position, same output on success, for thousands of random inputs in both
// directions (valid, mutated and garbage), for Punycode and for random valid
// Bootstring parameter sets.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "puny/detail/simd_dispatch.hpp"
#include "puny/punycode.hpp"
#include "simd/next_weight_table.hpp"
#include "simd_test_support.hpp"
#include "test_support.hpp"

namespace {

using puny::status;
using puny::detail::simd_level;
using puny_test::script;

std::string sname(status s) { return std::string(puny::name(s)); }

std::size_t pick(std::mt19937& rng, std::size_t lo, std::size_t hi) {
  return std::uniform_int_distribution<std::size_t>(lo, hi)(rng);
}

script random_script(std::mt19937& rng) {
  return puny_test::all_scripts[pick(rng, 0, std::size(puny_test::all_scripts) - 1)];
}

char32_t invalid_code_point(std::mt19937& rng) {
  switch (pick(rng, 0, 3)) {
    case 0: return static_cast<char32_t>(pick(rng, 0xD800, 0xDFFF));
    case 1: return 0x110000;
    case 2: return static_cast<char32_t>(pick(rng, 0x110000, 0x7FFFFFFF));
    default: return 0xFFFFFFFF;
  }
}

// Encodes with the library (core, run-time parameters) and the reference and
// compares everything.
void compare_encode(const puny::bootstring& p, const std::u32string& x, const std::vector<bool>* flags) {
  const auto ref = puny_test::ref_encode(p, x, flags);
  puny_test::bool_array f = flags ? puny_test::bool_array(*flags) : puny_test::bool_array();
  std::vector<char> out(ref.code == status::success ? ref.text.size() : 16 * x.size() + 16);
  std::vector<std::uint64_t> scratch(puny::encode_scratch_words(x.size()));
  const puny::result r = puny::encode(p, std::span<const char32_t>(x), out, f.cspan(), scratch);
  ASSERT_EQ(sname(r.code), sname(ref.code)) << puny_test::hex(x);
  if (r.ok()) {
    ASSERT_TRUE(puny_test::same(std::string_view(out.data(), r.written), ref.text)) << puny_test::hex(x);
  } else {
    ASSERT_EQ(r.position, ref.position) << puny_test::hex(x);
  }
}

// Decodes with the library and the reference and compares everything.
// Returns the reference's result.  The output (and flag) buffers have room
// for `room` elements, the input's length when not given.
puny_test::ref_decoded compare_decode(const puny::bootstring& p, std::string_view s, std::size_t room = SIZE_MAX,
                                      bool with_flags = true) {
  auto ref = puny_test::ref_decode(p, s);
  if (room == SIZE_MAX) room = s.size();
  std::vector<char32_t> out(room);
  puny_test::bool_array flags(room);
  std::vector<std::uint64_t> scratch(puny::decode_scratch_words(s.size()));
  const std::span<const char> in(s.data(), s.size());
  std::string what;  // (built with += : GCC 12 warns falsely on "..." + std::string)
  what += '"';
  what += s;
  what += "\" (";
  what += puny_test::hex_bytes(s);
  what += ')';
  // With flags unless the parameter set cannot carry them.
  const bool annotate = with_flags && p.supports_case_flags();
  auto check = [&](const puny::result& r, const char* overload) {
    EXPECT_EQ(sname(r.code), sname(ref.code)) << what << " " << overload;
    if (r.ok() && ref.code == status::success) {
      EXPECT_EQ(std::u32string_view(out.data(), r.written), ref.code_points) << what << " " << overload;
      if (annotate) {
        EXPECT_TRUE(puny_test::same(flags.first(r.written), ref.uppercase)) << what << " " << overload;
      }
    } else {
      EXPECT_EQ(r.position, ref.position) << what << " " << sname(r.code) << " " << overload;
    }
  };
  const std::span<bool> flag_span = annotate ? flags.span() : std::span<bool>();
  check(puny::decode(p, in, out, flag_span, scratch), "(run-time parameters)");
  // Punycode's own overload, whose parameters are constants: only it takes
  // the label-sized decoder.
  if (p == puny::punycode_params) check(puny::decode(in, out, flag_span, scratch), "(Punycode)");
  return ref;
}

// One random edit of a string: replace, insert or delete a character, or
// flip the case of one.
std::string mutate(std::mt19937& rng, std::string s) {
  static constexpr char alphabet[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-!~ \x80\xFF";
  const char c = alphabet[pick(rng, 0, sizeof(alphabet) - 2)];
  const std::size_t op = pick(rng, 0, 3);
  if (s.empty() || op == 0) {
    s.insert(s.begin() + static_cast<std::ptrdiff_t>(pick(rng, 0, s.size())), c);
  } else if (op == 1) {
    s[pick(rng, 0, s.size() - 1)] = c;
  } else if (op == 2) {
    s.erase(s.begin() + static_cast<std::ptrdiff_t>(pick(rng, 0, s.size() - 1)));
  } else {
    char& ch = s[pick(rng, 0, s.size() - 1)];
    if (ch >= 'a' && ch <= 'z') ch = static_cast<char>(ch - 32);
    else if (ch >= 'A' && ch <= 'Z') ch = static_cast<char>(ch + 32);
    else ch = c;
  }
  return s;
}

std::string garbage(std::mt19937& rng, std::size_t n) {
  // Mostly digits, so that the integers get somewhere before failing.
  static constexpr char alphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789aaaaabbbccd-A!\x80";
  std::string s(n, 'a');
  for (char& c : s) c = alphabet[pick(rng, 0, sizeof(alphabet) - 2)];
  return s;
}

TEST(Reference, RandomEncode) {
  std::mt19937 rng(31337);
  for (int iter = 0; iter < 3000; ++iter) {
    const std::size_t n = pick(rng, 0, 300);
    std::u32string x = puny_test::random_string(rng, random_script(rng), n);
    if (n > 0 && pick(rng, 0, 9) == 0) x[pick(rng, 0, n - 1)] = invalid_code_point(rng);
    const std::size_t mode = pick(rng, 0, 9);
    if (mode < 5) {
      compare_encode(puny::punycode_params, x, nullptr);
    } else {
      // Sometimes one flag too many or too few.
      std::size_t nflags = n;
      // (Never zero for a non-empty input: an empty span means no flags.)
      if (mode == 9) nflags = pick(rng, 0, 1) == 0 || n < 2 ? n + 1 : n - 1;
      const auto flags = puny_test::random_flags(rng, nflags);
      compare_encode(puny::punycode_params, x, &flags);
    }
    if (HasFatalFailure()) return;
  }
}

TEST(Reference, RandomDecode) {
  std::mt19937 rng(4242);
  std::size_t ok = 0;
  std::size_t failed = 0;
  for (int iter = 0; iter < 4000; ++iter) {
    std::string s;
    const std::size_t kind = pick(rng, 0, 3);
    if (kind == 3) {
      s = garbage(rng, pick(rng, 0, 40));
    } else {
      // (Separate statements: the order of evaluation of arguments differs
      // between compilers, and the sequence must not.)
      const script sc = random_script(rng);
      const std::size_t n = pick(rng, 0, 200);
      const std::u32string x = puny_test::random_string(rng, sc, n);
      s = puny::encode(x, puny_test::random_flags(rng, x.size())).value;
      // kind 0: unmodified; 1: one edit; 2: up to four.
      for (std::size_t e = 0, edits = kind == 0 ? 0 : kind == 1 ? 1 : pick(rng, 1, 4); e < edits; ++e) {
        s = mutate(rng, s);
      }
    }
    const auto ref = compare_decode(puny::punycode_params, s);
    if (HasFailure()) return;
    if (ref.code == status::success) {
      ++ok;
      // §6.2 uniqueness: a string that decodes is the encoding of what it
      // decodes to, up to the case of its digits.
      const auto again = puny::encode(ref.code_points);
      ASSERT_TRUE(again.ok());
      ASSERT_TRUE(puny_test::same(again.value, puny_test::lower_digits(s))) << s;
    } else {
      ++failed;
    }
  }
  // Both outcomes were exercised in quantity.
  EXPECT_GT(ok, 800u);
  EXPECT_GT(failed, 800u);
}

// A label as in real names: one alphabet (its deltas are small, its
// integers short), with basic code points among its letters so that
// literals occur — lowercase letters and the characters first..last
// (uppercase letters, or decimal digits) — and now and then a code point
// from anywhere.
std::u32string alphabet_label(std::mt19937& rng, std::size_t min_length, std::size_t max_length, char first,
                              char last) {
  static constexpr char32_t alphabets[] = {0xE0, 0x430, 0x5D0, 0x627, 0x905, 0xE01, 0x3042, 0x4E00, 0xAC00};
  const char32_t alphabet = alphabets[pick(rng, 0, std::size(alphabets) - 1)];
  const script sc = random_script(rng);
  const std::size_t basic_share = pick(rng, 0, 3);
  std::u32string x(pick(rng, min_length, max_length), U'a');
  for (char32_t& c : x) {
    const std::size_t what = pick(rng, 0, 19);
    if (what < 4 * basic_share) {
      c = static_cast<char32_t>(pick(rng, 0, 1) == 0 ? pick(rng, 'a', 'z')
                                                     : pick(rng, static_cast<std::size_t>(first),
                                                            static_cast<std::size_t>(last)));
    } else if (what == 19) {
      c = puny_test::random_string(rng, sc, 1)[0];
    } else {
      c = alphabet + static_cast<char32_t>(pick(rng, 0, 40));
    }
  }
  return x;
}

// Label-sized input (at most 64 characters) takes a decoder of its own,
// one per size class (up to 16, 32 and 64 characters), which writes the
// whole of a 16-element output when it has room for that many: every size,
// with output room exactly the input's length and larger, with and without
// case flags; and the order that targets without SSE2 use, called directly.
TEST(Reference, LabelSizedInputWithEveryOutputRoom) {
  std::mt19937 rng(20261123);
  std::size_t ok = 0;
  std::size_t portable = 0;
  std::size_t by_class[3] = {};
  for (int iter = 0; iter < 6000; ++iter) {
    const std::u32string x = alphabet_label(rng, 0, 40, 'A', 'Z');
    std::string s = puny::encode(x, puny_test::random_flags(rng, x.size())).value;
    if (pick(rng, 0, 4) == 0) s = mutate(rng, s);
    if (s.size() > 64) continue;
    // The decoder that targets without SSE2 use, on the same input.
    {
      const auto ref = puny_test::ref_decode(puny::punycode_params, s);
      const puny::detail::fixed_params<puny::punycode_params> fixed{};
      puny::detail::decode_state st{};
      const puny::result lit = puny::detail::split_literal(fixed, std::span<const char>(s.data(), s.size()), st);
      std::vector<char32_t> out(s.size());
      puny_test::bool_array flags(s.size());
      puny::result r;
      if (lit.ok() && puny::detail::decode_label_sized<decltype(fixed), true>(
                          fixed, std::span<const char>(s.data(), s.size()), out, flags.span(), lit.written, st.pos, r)) {
        ++portable;
        ASSERT_EQ(sname(ref.code), "success") << s;
        ASSERT_EQ(std::u32string_view(out.data(), r.written), ref.code_points) << s;
        ASSERT_TRUE(puny_test::same(flags.first(r.written), ref.uppercase)) << s;
      }
    }
    const std::size_t rooms[] = {s.size(), 16, 32, 64, s.size() + 70};
    for (const std::size_t room : rooms) {
      if (room < s.size()) continue;
      const auto ref = compare_decode(puny::punycode_params, s, room, pick(rng, 0, 1) == 0);
      if (HasFailure()) return;
      if (ref.code == status::success) ++ok;
    }
    ++by_class[s.size() <= 16 ? 0 : s.size() <= 32 ? 1 : 2];
  }
  EXPECT_GT(ok, 10000u);
  EXPECT_GT(portable, 2000u);
  for (const std::size_t n : by_class) EXPECT_GT(n, 300u);
}

// Each kernel set's label decoders (src/simd/*/label_decoder.hpp), called
// directly, whatever PUNY_CPU says, so that what they accept is known:
// whatever they decode must be exactly what the reference decodes, with
// nothing written past `written`, and whatever the reference rejects they
// must leave to the portable decoder.  Labels as in real names (one
// alphabet, literals, now and then any code point, so that biases above 46
// and five-digit integers occur) and mutated ones, of every size either
// width takes (1 to 32 and 33 to 63 characters) and beyond, which they
// must decline, as each width must decline the other's.
class SimdKernels : public testing::TestWithParam<simd_level> {};

INSTANTIATE_TEST_SUITE_P(Reference, SimdKernels, testing::ValuesIn(puny_test::simd_kernel_levels),
                         [](const testing::TestParamInfo<simd_level>& info) {
                           return std::string(puny::detail::simd_level_name(info.param));
                         });

TEST_P(SimdKernels, LabelDecoderAgreesWithReference) {
  const simd_level level = GetParam();
  if (const char* const why = puny_test::simd_kernels_missing(level)) GTEST_SKIP() << why;
  const puny::detail::simd_kernels& k = *puny::detail::simd_kernels_of(level);
  std::mt19937 rng(20261124);
  std::size_t accepted = 0;
  std::size_t accepted_long = 0;
  std::size_t declined_longer = 0;
  std::size_t declined_room = 0;
  std::size_t valid = 0;
  std::size_t rejected_invalid = 0;
  std::size_t with_surrogate = 0;
  for (int iter = 0; iter < 60000; ++iter) {
    // Real alphabets, and every script (far-apart code points: integers of
    // five digits); one label in 16 with a surrogate, which only a lenient
    // encoder writes and the decoder must decline.
    const std::size_t most = pick(rng, 0, 1) == 0 ? 24 : 48;
    std::u32string x = pick(rng, 0, 1) == 0 ? alphabet_label(rng, 1, most, '0', '9')
                                            : puny_test::random_string(rng, random_script(rng), pick(rng, 1, most));
    const bool surrogate = pick(rng, 0, 15) == 0;
    if (surrogate) x[pick(rng, 0, x.size() - 1)] = static_cast<char32_t>(pick(rng, 0xD800, 0xDFFF));
    std::string s = puny_test::ref_encode(puny::punycode_params, x, nullptr, true).text;
    if (surrogate) ++with_surrogate;
    if (pick(rng, 0, 3) == 0) s = mutate(rng, s);
    if (pick(rng, 0, 9) == 0) s = puny_test::upper_digits(s);
    if (s.empty() || s.size() > 80) continue;
    const auto ref = puny_test::ref_decode(puny::punycode_params, s);
    constexpr char32_t untouched = 0xFFFFFFFF;
    std::vector<char32_t> out(s.size() + 8, untouched);
    // Room for the input's length, or for exactly the code points, or for
    // one fewer (which it must decline, writing nothing).
    std::size_t room = s.size();
    const int room_kind = pick(rng, 0, 3);
    if (ref.code == status::success && room_kind == 1) room = ref.code_points.size();
    if (ref.code == status::success && room_kind == 2 && !ref.code_points.empty()) room = ref.code_points.size() - 1;
    const bool short_room = ref.code == status::success && room < ref.code_points.size();
    const std::span<const char> in(s.data(), s.size());
    const bool short_width = s.size() <= puny::detail::decode_kernel_limit;
    ASSERT_EQ((short_width ? k.decode_long_label : k.decode_label)(in, out), 0U) << s;
    const std::size_t written =
        (short_width ? k.decode_label : k.decode_long_label)(in, std::span<char32_t>(out.data(), room));
    if (short_room) {
      ASSERT_EQ(written, 0U) << s;
      for (const char32_t c : out) ASSERT_EQ(c, untouched) << s;
      ++declined_room;
      continue;
    }
    const bool took = written != 0;
    if (s.size() > puny::detail::decode_long_kernel_limit) {
      ASSERT_FALSE(took) << s;
      ++declined_longer;
    }
    if (ref.code == status::success && s.size() <= puny::detail::decode_long_kernel_limit) ++valid;
    if (!took) {
      if (ref.code != status::success) ++rejected_invalid;
      for (const char32_t c : out) ASSERT_EQ(c, untouched) << s;
      continue;
    }
    ++accepted;
    if (s.size() > puny::detail::decode_kernel_limit) ++accepted_long;
    ASSERT_EQ(sname(ref.code), "success") << s;
    ASSERT_EQ(std::u32string_view(out.data(), written), ref.code_points) << s;
    for (std::size_t j = written; j < out.size(); ++j) ASSERT_EQ(out[j], untouched) << s;
  }
  // The AVX-512 decoders take most valid labels (here 77 %; the rest have
  // nothing to decode or a code point so far off that an integer has more
  // than five digits); every set takes most of them, and left invalid ones
  // alone in quantity.
  EXPECT_GT(valid, 30000u);
  EXPECT_GT(accepted * 100, valid * (level == simd_level::avx512 ? 75 : 60))
      << "valid " << valid << " accepted " << accepted;
  EXPECT_GT(accepted_long, 5000u);
  EXPECT_GT(declined_longer, 1000u);
  EXPECT_GT(declined_room, 5000u);
  EXPECT_GT(rejected_invalid, 500u);
  EXPECT_GT(with_surrogate, 1000u);
}

// Corpus labels with an integer of five digits after the first (Han and
// Katakana after Latin, a combining mark after a Latin letter): the
// decoder's tails carry four digits, so it takes them.
TEST(Reference, Avx512LabelDecoderTakesFiveDigitIntegers) {
  if (const char* const why = puny_test::simd_kernels_missing(simd_level::avx512)) GTEST_SKIP() << why;
  const puny::detail::simd_kernels& k = *puny::detail::simd_kernels_of(simd_level::avx512);
  for (const std::string s : {"eckwa7i8a7c0cc5574p", "hort6qba5760d", "andra-8ed5290c", "fck9axc8a3g4fo608d",
                              "tshknt-pta7322d"}) {
    std::vector<char32_t> out(s.size());
    const std::size_t written = k.decode_label(std::span<const char>(s.data(), s.size()), out);
    const auto ref = puny_test::ref_decode(puny::punycode_params, s);
    ASSERT_EQ(sname(ref.code), "success") << s;
    EXPECT_EQ(std::u32string_view(out.data(), written), ref.code_points) << s;
  }
}

// The SIMD label decoders' weight table (src/simd/next_weight_table.hpp),
// entry by entry against RFC 3492's own adapt (§6.1): the w1 = clamp(bias,
// 10, 35) of the next integer, or 0 when the bias is above 46.  The first
// integer reads it at twice delta / damp.  Constant, ISA-free data:
// checked on every target.
TEST(Reference, NextWeightTableIsSection61) {
  const auto& t = puny::detail::punycode_next_w1_table;
  auto w1 = [](std::uint64_t bias) -> std::uint64_t { return bias > 46 ? 0 : std::clamp<std::uint64_t>(bias, 10, 35); };
  std::size_t zeros = 0;
  for (std::size_t np = 1; np <= puny::detail::punycode_next_w1::max_np; ++np) {
    for (std::size_t d = 0; d < puny::detail::punycode_next_w1::rows; ++d) {
      ASSERT_EQ(t.v[np][d], w1(puny_test::ref::adapt(puny::punycode_params, d, np, false))) << np << " " << d;
      zeros += t.v[np][d] == 0 ? 1 : 0;
    }
    for (std::uint64_t first = 0; first < 700 * (puny::detail::punycode_next_w1::rows / 2); first += 7) {
      ASSERT_EQ(t.v[np][2 * (first / 700)], w1(puny_test::ref::adapt(puny::punycode_params, first, np, true)))
          << np << " " << first;
    }
  }
  // Biases above 46 do occur inside the table (np = 1, large deltas).
  EXPECT_GT(zeros, 0U);
}

// Each kernel set's label encoder (src/simd/*/label_encoder.hpp), called
// directly, whatever PUNY_CPU says: whatever it encodes must be exactly
// RFC 3492's reference encoding, with nothing written past `written`; it
// must write nothing when it declines and decline every input the
// reference rejects.  Labels as in real names, labels from every script
// (so that far-apart code points, large deltas and long integers occur),
// surrogates and values past U+10FFFF put in, and output room from too
// small to ample.
TEST_P(SimdKernels, LabelEncoderAgreesWithReference) {
  const simd_level level = GetParam();
  if (const char* const why = puny_test::simd_kernels_missing(level)) GTEST_SKIP() << why;
  const puny::detail::simd_kernels& k = *puny::detail::simd_kernels_of(level);
  std::mt19937 rng(20261124);
  std::size_t accepted = 0;
  std::size_t eligible = 0;
  std::size_t invalid = 0;
  std::size_t by_width[3] = {};
  for (int iter = 0; iter < 60000; ++iter) {
    std::u32string x = pick(rng, 0, 1) == 0 ? alphabet_label(rng, 1, 32, '0', '9')
                                            : puny_test::random_string(rng, random_script(rng), pick(rng, 1, 32));
    if (pick(rng, 0, 19) == 0) {
      static constexpr char32_t bad[] = {0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0x110000, 0xFFFFFFFF};
      x[pick(rng, 0, x.size() - 1)] = bad[pick(rng, 0, std::size(bad) - 1)];
    }
    const auto ref = puny_test::ref_encode(x);
    const std::size_t rooms[] = {ref.text.size(), ref.text.size() + 1, ref.text.size() + 64,
                                 ref.text.empty() ? 0 : ref.text.size() - 1};
    const std::size_t room = rooms[pick(rng, 0, std::size(rooms) - 1)];
    constexpr char untouched = '\x7F';
    std::string out(room + 80, untouched);
    const std::size_t written = k.encode_label(x, std::span<char>(out.data(), room));
    const bool took = written != 0;
    std::size_t extended = 0;
    for (const char32_t c : x) extended += c >= 0x80 ? 1 : 0;
    const bool fits = ref.code == status::success && ref.text.size() <= room;
    if (fits) ++eligible;
    if (ref.code != status::success) ++invalid;
    if (!took) {
      // In the BMP a label's deltas stay below 2^22, far from the one limit
      // on deltas; so there the AVX-512 encoder may decline only for the
      // reasons above.
      const bool bmp = std::all_of(x.begin(), x.end(), [](char32_t c) { return c < 0x10000; });
      ASSERT_FALSE(fits && bmp && level == simd_level::avx512) << "declined " << puny_test::hex(x);
      for (const char c : out) ASSERT_EQ(c, untouched) << puny_test::hex(x);
      continue;
    }
    ++accepted;
    ++by_width[extended <= 8 ? 0 : extended <= 16 ? 1 : 2];
    ASSERT_EQ(sname(ref.code), "success") << puny_test::hex(x);
    ASSERT_LE(ref.text.size(), room) << puny_test::hex(x);
    ASSERT_EQ(std::string_view(out.data(), written), ref.text) << puny_test::hex(x);
    for (std::size_t j = written; j < out.size(); ++j) ASSERT_EQ(out[j], untouched) << puny_test::hex(x);
  }
  // Among the labels it is for, the AVX-512 encoder declines only deltas of
  // 456 * 35^3 or more after §6.1's halving: supplementary code points in
  // long labels.  Every set takes most of them.
  EXPECT_GT(eligible, 15000u);
  EXPECT_GT(accepted * 100, eligible * (level == simd_level::avx512 ? 95 : 50))
      << "eligible " << eligible << " accepted " << accepted;
  EXPECT_GT(invalid, 2000u);
  if (level == simd_level::avx512) {
    for (const std::size_t n : by_width) EXPECT_GT(n, 1000u);
  }
}

// Every string of up to five characters over a small alphabet that covers
// each kind of character.
TEST(Reference, ExhaustiveShortStrings) {
  static constexpr char alphabet[] = {'a', 'b', 'z', 'A', '0', '9', '-', '!', '\x80'};
  constexpr std::size_t k = sizeof(alphabet);
  std::string s;
  for (std::size_t len = 0; len <= 5; ++len) {
    std::size_t total = 1;
    for (std::size_t j = 0; j < len; ++j) total *= k;
    s.assign(len, 'a');
    for (std::size_t code = 0; code < total; ++code) {
      std::size_t c = code;
      for (std::size_t j = 0; j < len; ++j, c /= k) s[j] = alphabet[c % k];
      const auto ref = compare_decode(puny::punycode_params, s);
      if (HasFailure()) return;
      if (ref.code == status::success) {
        const auto again = puny::encode(ref.code_points);
        ASSERT_TRUE(again.ok());
        ASSERT_TRUE(puny_test::same(again.value, puny_test::lower_digits(s))) << s;
      }
    }
  }
}

// ---------------------------------------------------------------------------
// Random valid Bootstring parameter sets.

puny::bootstring random_params(std::mt19937& rng) {
  puny::bootstring p;
  p.base = static_cast<std::uint32_t>(pick(rng, 2, 36));
  p.tmax = static_cast<std::uint32_t>(pick(rng, 1, p.base - 1));
  p.tmin = static_cast<std::uint32_t>(pick(rng, 0, std::min<std::size_t>(p.tmax, p.base - 2)));
  p.skew = static_cast<std::uint32_t>(pick(rng, 1, 60));
  p.damp = static_cast<std::uint32_t>(pick(rng, 2, 800));
  const std::size_t r = pick(rng, 0, std::min<std::size_t>(p.base - 1, p.base - p.tmin));
  p.initial_bias = static_cast<std::uint32_t>(pick(rng, 0, 4) * p.base + r);
  static constexpr char32_t initial_ns[] = {0, 0x41, 0x80, 0x80, 0x80, 0x100, 0x4E00};
  p.initial_n = initial_ns[pick(rng, 0, std::size(initial_ns) - 1)];
  // A printable ASCII delimiter with no digit-value below base.
  for (;;) {
    const char c = static_cast<char>(pick(rng, 0x20, 0x7E));
    if (puny_test::ref::decode_digit(p, c) >= p.base) {
      p.delimiter = c;
      break;
    }
  }
  return p;
}

std::u32string random_text_for(std::mt19937& rng, const puny::bootstring& p, std::size_t n) {
  std::u32string x = puny_test::random_string(rng, random_script(rng), n);
  for (char32_t& c : x) {
    if (c >= 0x80 && c < p.initial_n) c = p.initial_n + c % 64;
  }
  return x;
}

TEST(Reference, RandomParameterSets) {
  std::mt19937 rng(8675309);
  std::size_t round_trips = 0;
  for (int set = 0; set < 300; ++set) {
    const puny::bootstring p = random_params(rng);
    ASSERT_TRUE(p.valid()) << "base " << p.base << " tmin " << p.tmin << " tmax " << p.tmax;
    SCOPED_TRACE("base " + std::to_string(p.base) + " tmin " + std::to_string(p.tmin) + " tmax " +
                 std::to_string(p.tmax) + " skew " + std::to_string(p.skew) + " damp " + std::to_string(p.damp) +
                 " bias " + std::to_string(p.initial_bias) + " n " + std::to_string(p.initial_n) +
                 " delimiter '" + std::string(1, p.delimiter) + "'");
    for (int iter = 0; iter < 20; ++iter) {
      std::u32string x = random_text_for(rng, p, pick(rng, 0, 60));
      if (!x.empty() && pick(rng, 0, 9) == 0) x[pick(rng, 0, x.size() - 1)] = invalid_code_point(rng);
      if (p.supports_case_flags() && pick(rng, 0, 1) == 0) {
        const auto flags = puny_test::random_flags(rng, x.size());
        compare_encode(p, x, &flags);
      } else {
        compare_encode(p, x, nullptr);
      }
      if (HasFatalFailure()) return;
      const auto ref = puny_test::ref_encode(p, x);
      if (ref.code != status::success) continue;
      // The wrapper agrees, and so does decoding, mutated or not.
      const auto wrapped = puny::encode(p, x);
      ASSERT_TRUE(wrapped.ok());
      ASSERT_TRUE(puny_test::same(wrapped.value, ref.text));
      const auto back = compare_decode(p, ref.text);
      if (back.code == status::success) {
        ++round_trips;
        ASSERT_EQ(back.code_points, x);
        const auto w = puny::decode(p, ref.text);
        ASSERT_TRUE(w.ok());
        ASSERT_TRUE(puny_test::same(w.value, x));
      }
      compare_decode(p, mutate(rng, ref.text));
      compare_decode(p, mutate(rng, mutate(rng, ref.text)));
      if (HasFailure()) return;
    }
  }
  EXPECT_GT(round_trips, 3000u);
}

}  // namespace
