// Caller buffers of the core API: output_too_small and scratch_too_small
// report the exact size that is enough, and that size then succeeds.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "puny/punycode.hpp"
#include "test_support.hpp"

namespace {

using puny::status;

std::string sname(status s) { return std::string(puny::name(s)); }

// Fills scratch with garbage: the codec must not rely on its contents.
std::vector<std::uint64_t> dirty_scratch(std::size_t words) {
  return std::vector<std::uint64_t>(words, 0xDEADBEEFCAFEF00Dull);
}

// Output sizes too small for a result of `size` elements: all of them for
// short results, a sample for long ones.
std::vector<std::size_t> sizes_below(std::size_t size) {
  std::vector<std::size_t> sizes;
  if (size < 100) {
    for (std::size_t k = 0; k < size; ++k) sizes.push_back(k);
  } else {
    sizes = {0, 1, size / 2, size - 1};
  }
  return sizes;
}

// Encodes with every output size from 0 to the real size + 1 (or a sample
// of them for long inputs) and checks needed / success.
void check_encode_sizes(std::u32string_view text, const std::vector<bool>* flags = nullptr) {
  SCOPED_TRACE("length " + std::to_string(text.size()));
  const auto expected = flags ? puny::encode(text, *flags) : puny::encode(text);
  ASSERT_TRUE(expected.ok());
  const std::size_t size = expected.value.size();
  ASSERT_TRUE(puny_test::same(puny_test::ref_encode(text, flags).text, expected.value));
  const std::span<const char32_t> in(text.data(), text.size());
  puny_test::bool_array f = flags ? puny_test::bool_array(*flags) : puny_test::bool_array();
  auto scratch = dirty_scratch(puny::encode_scratch_words(text.size()));

  for (const std::size_t k : sizes_below(size)) {
    std::vector<char> out(k);
    const puny::result r = puny::encode(in, out, f.cspan(), scratch);
    ASSERT_EQ(sname(r.code), "output_too_small") << "output size " << k;
    ASSERT_EQ(r.needed, size) << "output size " << k;
  }
  for (const std::size_t extra : {std::size_t{0}, std::size_t{1}, std::size_t{7}}) {
    std::vector<char> out(size + extra, '#');
    const puny::result r = puny::encode(in, out, f.cspan(), scratch);
    ASSERT_TRUE(r.ok()) << sname(r.code);
    ASSERT_EQ(r.written, size);
    ASSERT_TRUE(puny_test::same(std::string_view(out.data(), r.written), expected.value));
    // (What is left in the span after `written` is unspecified: the encoder
    // may store a few digits ahead.)
  }
}

void check_decode_sizes(std::string_view punycode) {
  SCOPED_TRACE("length " + std::to_string(punycode.size()));
  const auto expected = puny::decode_annotated(punycode);
  ASSERT_TRUE(expected.ok()) << sname(expected.code);
  const std::size_t size = expected.value.code_points.size();
  const std::span<const char> in(punycode.data(), punycode.size());
  auto scratch = dirty_scratch(puny::decode_scratch_words(punycode.size()));

  for (const std::size_t k : sizes_below(size)) {
    std::vector<char32_t> out(k);
    puny::result r = puny::decode(in, out, {}, scratch);
    ASSERT_EQ(sname(r.code), "output_too_small") << "output size " << k;
    ASSERT_EQ(r.needed, size) << "output size " << k;
    // Room for the code points but not for their flags is too small too
    // (an empty flag span means no flags).
    if (k > 0) {
      std::vector<char32_t> big(size);
      puny_test::bool_array flags(k);
      r = puny::decode(in, big, flags.span(), scratch);
      ASSERT_EQ(sname(r.code), "output_too_small") << "flags size " << k;
      ASSERT_EQ(r.needed, size) << "flags size " << k;
    }
  }
  for (const std::size_t extra : {std::size_t{0}, std::size_t{1}, std::size_t{7}}) {
    std::vector<char32_t> out(size + extra, U'#');
    puny_test::bool_array flags(size + extra);
    const puny::result r = puny::decode(in, out, flags.span(), scratch);
    ASSERT_TRUE(r.ok()) << sname(r.code);
    ASSERT_EQ(r.written, size);
    ASSERT_EQ(std::u32string_view(out.data(), r.written), expected.value.code_points);
    ASSERT_TRUE(puny_test::same(flags.first(size), expected.value.uppercase));
  }
}

TEST(OutputTooSmall, EncodeSamples) {
  for (const auto& s : puny_test::rfc_samples) {
    SCOPED_TRACE(std::string(s.name));
    const auto parsed = puny_test::parse_sample(s);
    check_encode_sizes(parsed.code_points);
    check_encode_sizes(parsed.code_points, &parsed.uppercase);
  }
}

TEST(OutputTooSmall, DecodeSamples) {
  for (const auto& s : puny_test::rfc_samples) {
    SCOPED_TRACE(std::string(s.name));
    check_decode_sizes(s.punycode);
  }
  // The literal portion alone does not fit.
  std::array<char32_t, 3> out{};
  const std::string text = "abcdef-";
  const puny::result r = puny::decode(std::span<const char>(text), std::span<char32_t>(out));
  EXPECT_EQ(sname(r.code), "output_too_small");
  EXPECT_EQ(r.needed, 6u);
}

// Lengths that take every internal path: decoded in place (<= 96
// characters), in the internal arena, and in caller scratch.
TEST(OutputTooSmall, EveryPathReportsTheExactSize) {
  std::mt19937 rng(20240601);
  for (const std::size_t n : {1, 5, 30, 60, 95, 96, 97, 150, 300, 479, 480, 481, 700, 3000}) {
    for (const puny_test::script sc : {puny_test::script::cyrillic, puny_test::script::any_scalar}) {
      const std::u32string text = puny_test::random_string(rng, sc, n);
      check_encode_sizes(text);
      const auto flags = puny_test::random_flags(rng, n);
      check_encode_sizes(text, &flags);
      const auto enc = puny::encode(text, flags);
      ASSERT_TRUE(enc.ok());
      check_decode_sizes(enc.value);
    }
  }
}

// ---------------------------------------------------------------------------
// Scratch

TEST(Scratch, NoScratchUpToTheInlineLimit) {
  for (std::size_t n = 0; n <= puny::inline_limit; ++n) {
    ASSERT_EQ(puny::encode_scratch_words(n), 0u) << n;
    ASSERT_EQ(puny::decode_scratch_words(n), 0u) << n;
  }
  // Worst cases at the limit: every code point non-basic and distinct
  // (encode), and a string of 480 characters (decode), with no scratch.
  std::u32string text;
  for (std::size_t j = 0; j < puny::inline_limit; ++j) text += static_cast<char32_t>(0x10FFFF - 7 * j);
  std::vector<char> out(8 * text.size());
  const puny::result e = puny::encode(std::span<const char32_t>(text), std::span<char>(out));
  ASSERT_TRUE(e.ok()) << sname(e.code);
  const std::string punycode(out.data(), e.written);
  EXPECT_TRUE(puny_test::same(punycode, puny_test::ref_encode(text).text));

  std::mt19937 rng(7);
  std::u32string dense = puny_test::random_string(rng, puny_test::script::cjk, 200);
  auto enc = puny::encode(dense);
  ASSERT_TRUE(enc.ok());
  while (enc.value.size() < puny::inline_limit) {
    dense += U'\u4E00';
    enc = puny::encode(dense);
  }
  while (enc.value.size() > puny::inline_limit) {
    dense.pop_back();
    enc = puny::encode(dense);
  }
  ASSERT_LE(enc.value.size(), puny::inline_limit);
  std::vector<char32_t> cps(enc.value.size());
  const puny::result d = puny::decode(std::span<const char>(enc.value), std::span<char32_t>(cps));
  ASSERT_TRUE(d.ok()) << sname(d.code);
  EXPECT_TRUE(puny_test::same(std::u32string_view(cps.data(), d.written), dense));
}

TEST(Scratch, ScratchWordsGrowWithTheLength) {
  std::size_t last = 0;
  for (std::size_t n = puny::inline_limit + 1; n < 5000; n += 37) {
    const std::size_t e = puny::encode_scratch_words(n);
    const std::size_t d = puny::decode_scratch_words(n);
    EXPECT_GT(e, 0u);
    EXPECT_GT(d, 0u);
    EXPECT_GE(e, last);
    last = e;
  }
}

// Above the limit: no scratch (or one word too few) is scratch_too_small
// with needed == encode_scratch_words(n), and exactly that much succeeds
// with the same output as the wrapper.
TEST(Scratch, EncodeNeedsExactlyTheAdvertisedScratch) {
  std::mt19937 rng(99);
  for (const std::size_t n : {1000, 1001, 4096, 20000}) {
    for (const puny_test::script sc : {puny_test::script::latin1, puny_test::script::supplementary}) {
      SCOPED_TRACE(std::to_string(n) + " " + puny_test::script_name(sc));
      std::u32string text = puny_test::random_string(rng, sc, n);
      text[0] = U'\u00E9';  // at least one non-basic code point
      const std::size_t need = puny::encode_scratch_words(n);
      ASSERT_GT(need, 0u);
      const auto expected = puny::encode(text);
      ASSERT_TRUE(expected.ok());
      std::vector<char> out(expected.value.size());
      const std::span<const char32_t> in(text);

      puny::result r = puny::encode(in, out);
      ASSERT_EQ(sname(r.code), "scratch_too_small");
      EXPECT_EQ(r.needed, need);
      auto small = dirty_scratch(need - 1);
      r = puny::encode(in, out, {}, small);
      ASSERT_EQ(sname(r.code), "scratch_too_small");
      EXPECT_EQ(r.needed, need);

      auto exact = dirty_scratch(need);
      r = puny::encode(in, out, {}, exact);
      ASSERT_TRUE(r.ok()) << sname(r.code);
      EXPECT_TRUE(puny_test::same(std::string_view(out.data(), r.written), expected.value));
      // Reused (now dirty) scratch gives the same again.
      r = puny::encode(in, out, {}, exact);
      ASSERT_TRUE(r.ok());
      EXPECT_TRUE(puny_test::same(std::string_view(out.data(), r.written), expected.value));
      // With flags and through the other overloads.
      const auto flags = puny_test::random_flags(rng, n);
      puny_test::bool_array f(flags);
      const auto with_flags = puny::encode(text, flags);
      ASSERT_TRUE(with_flags.ok());
      out.resize(with_flags.value.size());
      EXPECT_EQ(sname(puny::encode(in, out, f.cspan()).code), "scratch_too_small");
      r = puny::encode(in, out, f.cspan(), exact);
      ASSERT_TRUE(r.ok());
      EXPECT_TRUE(puny_test::same(std::string_view(out.data(), r.written), with_flags.value));
      EXPECT_EQ(sname(puny::encode(puny::punycode_params, in, out, {}, small).code), "scratch_too_small");
      EXPECT_EQ(sname(puny::encode<puny::punycode_params>(in, out, {}, small).code), "scratch_too_small");
      EXPECT_TRUE(puny::encode(puny::punycode_params, in, out, {}, exact).ok());
      EXPECT_TRUE(puny::encode<puny::punycode_params>(in, out, {}, exact).ok());
    }
  }
}

TEST(Scratch, DecodeNeedsExactlyTheAdvertisedScratch) {
  std::mt19937 rng(100);
  for (const std::size_t n : {700, 3000, 20000}) {
    for (const puny_test::script sc : {puny_test::script::greek, puny_test::script::any_scalar}) {
      SCOPED_TRACE(std::to_string(n) + " " + puny_test::script_name(sc));
      const std::u32string text = puny_test::random_string(rng, sc, n);
      const auto flags = puny_test::random_flags(rng, n);
      const auto enc = puny::encode(text, flags);
      ASSERT_TRUE(enc.ok());
      const std::string& punycode = enc.value;
      const std::size_t need = puny::decode_scratch_words(punycode.size());
      ASSERT_GT(need, 0u);
      std::vector<char32_t> out(text.size());
      puny_test::bool_array f(text.size());
      const std::span<const char> in(punycode);

      puny::result r = puny::decode(in, out);
      ASSERT_EQ(sname(r.code), "scratch_too_small");
      EXPECT_EQ(r.needed, need);
      auto small = dirty_scratch(need - 1);
      r = puny::decode(in, out, f.span(), small);
      ASSERT_EQ(sname(r.code), "scratch_too_small");
      EXPECT_EQ(r.needed, need);
      EXPECT_EQ(sname(puny::decode(puny::punycode_params, in, out, {}, small).code), "scratch_too_small");
      EXPECT_EQ(sname(puny::decode<puny::punycode_params>(in, out, {}, small).code), "scratch_too_small");

      auto exact = dirty_scratch(need);
      // (The annotation forced the case of the basic letters.)
      const auto back = puny::decode_annotated(punycode);
      ASSERT_TRUE(back.ok());
      ASSERT_TRUE(puny_test::same(puny_test::lower_basic(back.value.code_points), puny_test::lower_basic(text)));
      r = puny::decode(in, out, f.span(), exact);
      ASSERT_TRUE(r.ok()) << sname(r.code);
      EXPECT_TRUE(puny_test::same(std::u32string_view(out.data(), r.written), back.value.code_points));
      EXPECT_TRUE(puny_test::same(f.first(r.written), back.value.uppercase));
      r = puny::decode(in, out, {}, exact);
      ASSERT_TRUE(r.ok());
      EXPECT_TRUE(puny_test::same(std::u32string_view(out.data(), r.written), back.value.code_points));
      EXPECT_TRUE(puny::decode(puny::punycode_params, in, out, {}, exact).ok());
      EXPECT_TRUE(puny::decode<puny::punycode_params>(in, out, {}, exact).ok());
    }
  }
}

// A caller that follows `needed` converges: at most one scratch and one
// output retry.
// Calls a core function the way a caller would: grow whichever buffer the
// result names, and call again.  Gives up after four calls.
template <class Out, class Call>
puny::result follow_needed(std::vector<Out>& out, std::vector<std::uint64_t>& scratch, int& calls, Call call) {
  puny::result r;
  for (calls = 1;; ++calls) {
    r = call(std::span<Out>(out), std::span<std::uint64_t>(scratch));
    if (r.code == status::scratch_too_small) {
      scratch.resize(r.needed);
    } else if (r.code == status::output_too_small) {
      out.resize(r.needed);
    } else {
      return r;
    }
    if (calls == 4) return r;
  }
}

TEST(Scratch, FollowingNeededConverges) {
  std::mt19937 rng(5);
  for (const std::size_t n : {10, 481, 2000}) {
    const std::u32string text = puny_test::random_string(rng, puny_test::script::hangul, n);
    std::vector<char> out;
    std::vector<std::uint64_t> scratch;
    int calls = 0;
    puny::result r = follow_needed(out, scratch, calls, [&](std::span<char> o, std::span<std::uint64_t> s) {
      return puny::encode(std::span<const char32_t>(text), o, {}, s);
    });
    ASSERT_TRUE(r.ok()) << sname(r.code);
    EXPECT_LE(calls, 3);
    const std::string punycode(out.data(), r.written);
    EXPECT_TRUE(puny_test::same(punycode, puny::encode(text).value));

    std::vector<char32_t> cps;
    std::vector<std::uint64_t> dscratch;
    r = follow_needed(cps, dscratch, calls, [&](std::span<char32_t> o, std::span<std::uint64_t> s) {
      return puny::decode(std::span<const char>(punycode), o, {}, s);
    });
    ASSERT_TRUE(r.ok()) << sname(r.code);
    EXPECT_LE(calls, 3);
    EXPECT_TRUE(puny_test::same(std::u32string_view(cps.data(), r.written), text));
  }
}

// punycode.hpp: "Inputs longer than puny::inline_limit elements need
// scratch: pass a span of at least encode_scratch_words(n) /
// decode_scratch_words(n) 64-bit words, or get status::scratch_too_small
// with `needed` set."  So the boundary is sharp at inline_limit + 1.
TEST(Scratch, InlineLimitIsTheBoundary) {
  const std::size_t n = puny::inline_limit + 1;
  const std::u32string text(n, U'\u00E9');
  const auto enc = puny::encode(text);
  ASSERT_TRUE(enc.ok());
  std::vector<char> out(enc.value.size());
  const puny::result e = puny::encode(std::span<const char32_t>(text), out);
  EXPECT_EQ(sname(e.code), "scratch_too_small")
      << "encode of " << n << " non-basic code points without scratch";
  EXPECT_EQ(e.needed, puny::encode_scratch_words(n));

  // A Punycode string of exactly inline_limit + 1 characters.
  const std::string punycode = std::string(puny::inline_limit - 4, 'a') + "-" + "cja" + "a";
  ASSERT_EQ(punycode.size(), n);
  ASSERT_TRUE(puny::decode(punycode).ok());
  std::vector<char32_t> cps(n);
  const puny::result d = puny::decode(std::span<const char>(punycode), cps);
  EXPECT_EQ(sname(d.code), "scratch_too_small") << "decode of " << n << " characters without scratch";
  EXPECT_EQ(d.needed, puny::decode_scratch_words(n));
}

// Whatever a long input needs, the advertised scratch is always enough,
// including for inputs of only basic code points and for decoder input
// that is mostly literal.
TEST(Scratch, AdvertisedScratchIsAlwaysEnough) {
  for (const std::size_t n : {481, 494, 495, 512, 1000, 5000}) {
    const std::u32string ascii(n, U'x');
    std::vector<char> out(n + 1);
    auto scratch = dirty_scratch(puny::encode_scratch_words(n));
    const puny::result e = puny::encode(std::span<const char32_t>(ascii), out, {}, scratch);
    ASSERT_TRUE(e.ok()) << n;
    EXPECT_TRUE(puny_test::same(std::string_view(out.data(), e.written), std::string(n, 'x') + "-"));

    const std::string literal = std::string(n - 1, 'x') + "-";
    std::vector<char32_t> cps(n);
    auto dscratch = dirty_scratch(puny::decode_scratch_words(n));
    const puny::result d = puny::decode(std::span<const char>(literal), cps, {}, dscratch);
    ASSERT_TRUE(d.ok()) << n;
    EXPECT_TRUE(puny_test::same(std::u32string_view(cps.data(), d.written), std::u32string(n - 1, U'x')));
  }
}

}  // namespace
