// puny — the Bootstring encoder (RFC 3492 §6.3).
// Not part of the public API: include <puny/punycode.hpp>.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <span>
#include <string_view>
#include <type_traits>

#include "arithmetic.hpp"
#include "codec_common.hpp"
#include "counting_bitset.hpp"
#include "simd_dispatch.hpp"

namespace puny::detail {

// ---------------------------------------------------------------------------
// Encoder (§6.3)

/// Writes q as a generalized variable-length integer (§3.3) in the digits
/// of §5; the last digit carries the case flag (Appendix A).
inline constexpr char digit_chars[] = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

template <class Params>
constexpr void emit_integer(const Params& p, counting_writer<char>& w, std::uint64_t q,
                            std::uint64_t bias, bool upper) noexcept {
  for (std::uint64_t k = p.base;; k += p.base) {
    const std::uint64_t t = threshold(p, k, bias);
    if (q < t) break;
    const quotient qr = divide(q - t, p.base - t);
    w.put(digit_chars[t + qr.rem]);
    q = qr.quot;
  }
  w.put(digit_chars[q + (upper ? 36 : 0)]);
}

/// For each of the first nk keys (value << 6 | position, below 2^27, in
/// increasing order of position; the array is padded to a multiple of 4),
/// its rank among them and the number of smaller keys before it, which
/// are the smaller keys at smaller positions.  Stores both at the rank.
constexpr void rank_keys(const std::uint32_t* keys, std::size_t nk, std::uint32_t* sorted,
                         std::uint8_t* before) noexcept {
  if (!std::is_constant_evaluated()) {
    // Four keys a at a time against every key b broadcast, so the counts
    // accumulate in the lanes: no horizontal sums, and no branch that
    // depends on the data (a sort's would mispredict on most labels).
    using v4 = std::int32_t __attribute__((vector_size(16)));
    const std::size_t bound = (nk + 3) & ~std::size_t{3};  // keys are padded to here
    v4 broadcast[small_extended];
    for (std::size_t b = 0; b < bound; ++b) {
      const auto kb = static_cast<std::int32_t>(keys[b]);
      broadcast[b] = v4{kb, kb, kb, kb};
    }
    // Key a + d of a group is before lanes above d only.
    const v4 after0 = {0, -1, -1, -1};
    const v4 after1 = {0, 0, -1, -1};
    const v4 after2 = {0, 0, 0, -1};
    for (std::size_t a = 0; a < nk; a += 4) {
      v4 ka;
      std::memcpy(&ka, keys + a, sizeof ka);
      v4 rank = {0, 0, 0, 0};
      v4 left = {0, 0, 0, 0};
      for (std::size_t b = 0; b < a; ++b) {
        const v4 lt = broadcast[b] < ka;
        rank -= lt;
        left -= lt;
      }
      const v4 lt0 = broadcast[a] < ka;
      const v4 lt1 = broadcast[a + 1] < ka;
      const v4 lt2 = broadcast[a + 2] < ka;
      const v4 lt3 = broadcast[a + 3] < ka;
      rank -= lt0 + lt1 + lt2 + lt3;
      left -= (lt0 & after0) + (lt1 & after1) + (lt2 & after2);
      for (std::size_t b = a + 4; b < bound; ++b) rank -= broadcast[b] < ka;
      const std::size_t group_end = nk < a + 4 ? nk : a + 4;
      std::int32_t r[4];
      std::int32_t l[4];
      std::uint32_t k[4];
      std::memcpy(r, &rank, sizeof r);
      std::memcpy(l, &left, sizeof l);
      std::memcpy(k, &ka, sizeof k);
      for (std::size_t j = 0; j < group_end - a; ++j) {
        const auto at = static_cast<std::size_t>(r[j]);
        sorted[at] = k[j];
        before[at] = static_cast<std::uint8_t>(l[j]);
      }
    }
    return;
  }
  for (std::size_t a = 0; a < nk; ++a) {
    std::uint32_t r = 0;
    std::uint32_t left = 0;
    for (std::size_t b = 0; b < nk; ++b) {
      const std::uint32_t lt = keys[b] < keys[a] ? 1u : 0u;
      r += lt;
      left += b < a ? lt : 0u;
    }
    sorted[r] = keys[a];
    before[r] = static_cast<std::uint8_t>(left);
  }
}

/// Emits one delta as §6.3's digit loop does.  The first four digits are
/// produced without branches when the output has room, so that the loop's
/// exit — which depends on the data — costs no misprediction for typical
/// deltas.
template <class Params>
constexpr void emit_delta(const Params& p, counting_writer<char>& w, std::uint64_t q, std::uint64_t bias,
                          bool upper) noexcept {
  const std::size_t room = w.out.size() - (w.count < w.out.size() ? w.count : w.out.size());
  if (q < small_dividend_limit && room >= 4 && !std::is_constant_evaluated()) {
    char chars[4];
    std::uint32_t stop = 0;
    std::uint64_t q32 = q;
    const std::uint64_t up = upper ? 36 : 0;
    for (std::uint32_t j = 0; j < 4; ++j) {
      const std::uint64_t t = threshold(p, std::uint64_t{p.base} * (j + 1), bias);
      const std::uint64_t span = p.base - t;
      // Wraps when q32 < t; the quotient is then unused.
      const std::uint64_t n = (q32 - t) & 0xFFFFFFFFu;
      const std::uint64_t quot = (n * small_reciprocal_table.m[span]) >> 33;
      const bool last = q32 < t;
      const std::uint64_t index = last ? q32 + up : t + (n - quot * span);
      chars[j] = digit_chars[index];
      stop |= static_cast<std::uint32_t>(last) << j;
      q32 = last ? 0 : quot;
    }
    const auto count = static_cast<std::size_t>(std::countr_zero(stop | 16u)) + 1;
    std::memcpy(w.out.data() + w.count, chars, 4);
    if (count <= 4) {
      w.count += count;
      return;
    }
    w.count += 4;
    q = q32;
    // More than four digits: the rest by the loop below, from k = 5 * base.
    for (std::uint64_t k = 5 * std::uint64_t{p.base};; k += p.base) {
      const std::uint64_t t = threshold(p, k, bias);
      if (q < t) break;
      const quotient qr = divide(q - t, p.base - t);
      w.put(digit_chars[t + qr.rem]);
      q = qr.quot;
    }
    w.put(digit_chars[q + up]);
    return;
  }
  emit_integer(p, w, q, bias, upper);
}

inline constexpr std::size_t radix_sort_threshold = 2048;

/// Stable LSD radix sort of keys on their code point (bits 40 to 60), in
/// two passes of 11 bits through `temp`; the result ends in `keys`.
// Out of line: its 16 KiB of counters stay off the encoder's stack frame.
[[gnu::noinline]] constexpr void radix_sort_by_value(std::uint64_t* keys, std::uint64_t* temp, std::size_t n) noexcept {
  std::uint64_t* from = keys;
  std::uint64_t* to = temp;
  for (unsigned pass = 0; pass < 2; ++pass) {
    const unsigned shift = 40 + 11 * pass;
    std::size_t offset[2048] = {};
    for (std::size_t j = 0; j < n; ++j) ++offset[(from[j] >> shift) & 2047];
    std::size_t sum = 0;
    for (std::size_t& o : offset) {
      const std::size_t c = o;
      o = sum;
      sum += c;
    }
    for (std::size_t j = 0; j < n; ++j) to[offset[(from[j] >> shift) & 2047]++] = from[j];
    std::uint64_t* swap = from;
    from = to;
    to = swap;
  }
}

/// Everything but the AVX-512 label path.  Out of line, so that the label
/// path does not pay for this frame (its arena alone is 4 KiB).
template <class Params, class Observer>
[[gnu::noinline]] constexpr result encode_portable(const Params& p, std::span<const char32_t> input,
                                                   std::span<char> output, std::span<const bool> upper,
                                                   std::span<std::uint64_t> scratch, Observer& obs) noexcept {
  const std::size_t n_in = input.size();
  const bool flags = !upper.empty();
  if (flags && upper.size() != n_in) return fail(status::case_flags_size, 0);
  if (flags && p.tmax > 26) return fail(status::invalid_parameters, 0);
  // The explicit widening: with a 32-bit size_t (wasm32, i386) the test can
  // never hold, and clang's -Wtautological-constant-out-of-range-compare
  // would reject the implicit comparison under -Werror.
  if (static_cast<std::uint64_t>(n_in) >= max_packed_length) return fail(status::overflow, 0);

  // One pass: validate (§6.3's brace check for code points below initial_n
  // included), copy the basic code points, and for label-sized input also
  // build the keys and the count of basic code points before each position.
  const bool small_len = n_in <= small_length;
  std::uint32_t small_keys[small_length];
  std::uint8_t basic_before[small_length + 1];
  counting_writer<char> w{output};
  std::size_t basic = 0;
  bool scanned = false;
  if (small_len && !flags && output.size() > n_in && !std::is_constant_evaluated()) {
    // Labels: the same pass without a branch on the data (ASCII and
    // non-ASCII alternate unpredictably in mixed labels).  Every code point
    // is written to the output slot of the next basic one and to the next
    // key, and only the right counter advances; the slot after the last
    // basic code point is overwritten by what follows.
    std::size_t nk = 0;
    std::uint32_t bad = 0;
    char* o = output.data();
    for (std::size_t j = 0; j < n_in; ++j) {
      const char32_t c = input[j];
      basic_before[j] = static_cast<std::uint8_t>(basic);
      const std::uint32_t is_basic = c < 0x80 ? 1u : 0u;
      o[basic] = static_cast<char>(c);
      small_keys[nk] = static_cast<std::uint32_t>(c << 6 | j);
      bad |= (is_basic ^ 1u) & ((c > max_code_point ? 1u : 0u) | (c - 0xD800u < 0x800u ? 1u : 0u) |
                                (c < p.initial_n ? 1u : 0u));
      nk += is_basic ^ 1u;
      basic += is_basic;
    }
    if (bad == 0) {
      basic_before[n_in] = static_cast<std::uint8_t>(basic);
      w.count = basic;
      scanned = true;
    } else {
      basic = 0;
    }
  }
  for (std::size_t j = 0; j < n_in && !scanned; ++j) {
    const char32_t c = input[j];
    if (small_len) basic_before[j] = static_cast<std::uint8_t>(basic);
    if (c < 0x80) {
      auto ch = static_cast<char>(c);
      // Appendix A: with annotation, a basic letter takes the flag's case.
      if (flags) ch = upper[j] ? ascii_upper(ch) : ascii_lower(ch);
      w.put(ch);
      ++basic;
    } else if (!is_scalar_value(c) || c < p.initial_n) {
      return fail(status::invalid_code_point, j);
    } else if (small_len && j - basic < small_extended) {
      small_keys[j - basic] = static_cast<std::uint32_t>(c << 6 | j);
    }
  }
  if (small_len && !scanned) basic_before[n_in] = static_cast<std::uint8_t>(basic);
  const std::size_t extended = n_in - basic;
  const bool small = small_len && extended <= small_extended;

  std::uint64_t arena[arena_words];
  std::span<std::uint64_t> work;
  // The arena serves exactly the lengths encode_scratch_words() promises.
  const std::size_t need = (extended == 0 || small) ? 0 : encode_words_for(n_in);
  if (need == 0 || n_in <= inline_length) {
    work = std::span<std::uint64_t>(arena, arena_words);
  } else if (need <= scratch.size()) {
    work = scratch;
  } else {
    return too_small(status::scratch_too_small, need);
  }

  if (basic > 0) w.put(p.delimiter);
  if constexpr (Observer::enabled) {
    obs.encode_start(p.initial_bias, input);
    if (w.fits()) obs.encode_literal(basic, input, std::string_view(w.out.data(), w.count));
  }

  std::uint64_t bias = p.initial_bias;
  std::uint64_t h = basic;
  // One step of §6.3's inner loop for the code point at `pos`.  The delta
  // is what the scan would have counted: handled code points between the
  // previous position and this one (wrapping around once per new value),
  // plus (value - previous value) rounds of h + 1:
  //   delta = handled_left_of(pos) - handled_up_to(prev_pos)
  //           + (value - prev_value) * (h + 1),
  // which covers the same-value, new-value and first cases alike (for the
  // first, prev_value = initial_n - 1 and handled_up_to = h + 1).
  auto step = [&](std::uint64_t value, std::size_t pos, std::uint64_t delta) __attribute__((always_inline)) {
    if constexpr (Observer::enabled) obs.encode_next(static_cast<char32_t>(value));
    const std::size_t start = w.count;
    emit_delta(p, w, delta, bias, flags && upper[pos]);
    if constexpr (Observer::enabled) {
      if (w.fits()) obs.encode_delta(delta, std::string_view(output.data() + start, w.count - start));
    }
    bias = small ? adapt_small(p, delta, h + 1, h == basic) : adapt(p, delta, h + 1, h == basic);
    if constexpr (Observer::enabled) obs.bias(bias);
    ++h;
  };

  if (extended > 0 && small) {
    // Label-sized: positions below 64 and deltas below 2^27, so no
    // overflow checks; counts from one branch-free pairwise comparison.
    for (std::size_t j = extended; j < ((extended + 3) & ~std::size_t{3}); ++j) small_keys[j] = 0x7FFFFFFFu;
    std::uint32_t sorted[small_extended];
    std::uint8_t before[small_extended];
    rank_keys(small_keys, extended, sorted, before);
    std::uint64_t prev_value = std::uint64_t{p.initial_n} - 1;
    std::uint64_t upto_prev = h + 1;
    for (std::size_t e = 0; e < extended; ++e) {
      const std::uint64_t value = sorted[e] >> 6;
      const std::uint32_t pos = sorted[e] & 63;
      const std::uint64_t left = basic_before[pos] + before[e];
      const std::uint64_t delta = left - upto_prev + (value - prev_value) * (h + 1);
      step(value, pos, delta);
      prev_value = value;
      // Handled up to and including pos, once pos itself is handled.
      upto_prev = basic_before[pos + 1] + before[e] + 1;
    }
  } else if (extended > 0) {
    // Keys: code point in the high bits, position in the low 40, so a plain
    // sort yields §6.3's emission order.
    std::uint64_t* keys = work.data();
    std::size_t nk = 0;
    const std::size_t words = bitset_words(n_in);
    std::uint64_t* bits = keys + extended;
    std::uint64_t* tree = bits + words;
    for (std::size_t wd = 0; wd < words; ++wd) bits[wd] = 0;
    for (std::size_t j = 0; j < n_in; ++j) {
      const char32_t c = input[j];
      if (c < 0x80) {
        bits[j >> 6] |= std::uint64_t{1} << (j & 63);
      } else {
        keys[nk++] = (static_cast<std::uint64_t>(c) << 40) | j;
      }
    }
    // The keys are made in position order, so a stable sort on the code
    // point alone gives (value, position) order; past a few thousand keys a
    // two-pass radix sort (linear) beats comparison sorting.
    if (nk >= radix_sort_threshold && work.size() >= 2 * nk + words + index_words(words)) {
      radix_sort_by_value(keys, tree + index_words(words), nk);
    } else {
      std::sort(keys, keys + nk);
    }
    counting_bitset handled(bits, tree, words);
    handled.build();

    constexpr std::uint64_t pos_mask = (std::uint64_t{1} << 40) - 1;
    std::uint64_t prev_value = std::uint64_t{p.initial_n} - 1;
    std::uint64_t upto_prev = h + 1;
    for (std::size_t e = 0; e < nk; ++e) {
      const std::uint64_t value = keys[e] >> 40;
      const auto pos = static_cast<std::size_t>(keys[e] & pos_mask);
      const std::uint64_t left = handled.prefix(pos);
      std::uint64_t delta = 0;
      if (__builtin_mul_overflow(value - prev_value, h + 1, &delta) ||
          __builtin_add_overflow(delta, left, &delta)) {
        return fail(status::overflow, pos);
      }
      delta -= upto_prev;  // never below zero: see the comment on step()
      step(value, pos, delta);
      handled.set(pos);
      prev_value = value;
      // Handled up to and including pos, now that pos is handled.
      upto_prev = left + 1;
    }
  }

  if (!w.fits()) return too_small(status::output_too_small, w.count);
  if constexpr (Observer::enabled) obs.encode_done(std::string_view(output.data(), w.count));
  result r;
  r.written = w.count;
  return r;
}

template <class Params, class Observer>
constexpr result encode_impl(const Params& p, std::span<const char32_t> input, std::span<char> output,
                             std::span<const bool> upper, std::span<std::uint64_t> scratch,
                             Observer& obs) noexcept {
  if constexpr (!Observer::enabled && std::is_same_v<Params, fixed_params<punycode_params>>) {
    // Punycode labels without case flags, to the kernel chosen at start-up
    // (simd_dispatch.hpp); it leaves every error to the portable path.
    if (!std::is_constant_evaluated() && upper.empty() && input.size() <= encode_kernel_limit) {
      if (const auto kernel = active_simd_kernels.encode_label; kernel != nullptr) {
        if (const std::size_t written = kernel(input, output); written != 0) return succeeded(written);
      }
    }
  }
  return encode_portable(p, input, output, upper, scratch, obs);
}

}  // namespace puny::detail
