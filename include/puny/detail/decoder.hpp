// puny — the Bootstring decoder (RFC 3492 §6.2).
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
#include "label_order.hpp"
#include "label_tables.hpp"
#include "simd_dispatch.hpp"

namespace puny::detail {

// ---------------------------------------------------------------------------
// Decoder (§6.2)

struct decode_state {
  std::uint64_t n;
  std::uint64_t i;
  std::uint64_t bias;
  std::uint64_t length;  // code points in the output so far
  std::size_t pos;       // next input character
};

struct decoded_step {
  char32_t code_point;
  std::uint64_t index;  // insertion index into the output of `length` code points
  bool upper;           // Appendix A: case of the integer's last digit
};

/// Reads one variable-length integer and applies it to the state.
template <class Params, class Observer>
[[nodiscard]] constexpr result next_step(const Params& p, std::span<const char> in, decode_state& st,
                                         decoded_step& step, Observer& obs) noexcept {
  const std::size_t start = st.pos;
  const std::uint64_t oldi = st.i;
  std::uint64_t i = st.i;
  std::uint64_t w = 1;
  char last = 0;
  std::uint64_t k = p.base;
  // The first digits need no overflow checks: i starts at most at the
  // output length (below 2^40) and w grows by at most base <= 36 per digit,
  // so after 11 digits i < 2^40 + 36^11 < 2^58 and w <= 36^11.
  constexpr unsigned unchecked_digits = 11;
  bool w_overflow = false;
  for (unsigned d = 0;; ++d, k += p.base) {
    if (st.pos == in.size()) return fail(status::truncated_integer, st.pos);
    last = in[st.pos];
    const std::uint32_t digit = digit_table.v[static_cast<unsigned char>(last)];
    if (digit >= p.base) return fail(status::invalid_digit, st.pos);
    const std::uint64_t t = threshold(p, k, st.bias);
    if (d < unchecked_digits) {
      i += digit * w;
      ++st.pos;
      if (digit < t) break;
      w *= p.base - t;
    } else {
      // §6.4 with the value, not the bookkeeping, as the judge: w may pass
      // 2^64 while only zero digits follow (possible when tmin = 0, or for
      // a value above 2^64 / base), and the encoder produces such strings,
      // so only a non-zero digit times an oversized w is an overflow.
      if (digit != 0) {
        std::uint64_t add = 0;
        if (w_overflow || __builtin_mul_overflow(std::uint64_t{digit}, w, &add) ||
            __builtin_add_overflow(i, add, &i)) {
          return fail(status::overflow, st.pos);
        }
      }
      ++st.pos;
      if (digit < t) break;
      if (!w_overflow && __builtin_mul_overflow(w, p.base - t, &w)) w_overflow = true;
    }
  }
  const std::uint64_t len1 = st.length + 1;
  st.bias = adapt(p, i - oldi, len1, oldi == 0);
  if constexpr (Observer::enabled) {
    obs.decode_delta(std::string_view(in.data() + start, st.pos - start), i - oldi);
    obs.bias(st.bias);
  }
  // In long strings most deltas stay within the current code point (i
  // below the length): no division then.
  const quotient qr = i < len1 ? quotient{0, i} : divide(i, len1);
  if (__builtin_add_overflow(st.n, qr.quot, &st.n)) return fail(status::overflow, start);
  i = qr.rem;
  if (st.n > max_code_point || (st.n >= 0xD800 && st.n <= 0xDFFF)) {
    return fail(status::invalid_code_point, start);
  }
  if (st.n < 0x80) return fail(status::encoded_basic, start);
  step.code_point = static_cast<char32_t>(st.n);
  step.index = i;
  step.upper = is_ascii_upper(last);
  st.i = i + 1;
  st.length = len1;
  return {};
}

/// Index of the last occurrence of c in the input, or its size.  Eight
/// bytes at a time: this runs once per string and labels are short.
[[nodiscard]] constexpr std::size_t find_last(std::span<const char> in, char c) noexcept {
  std::size_t end = in.size();
  if (!std::is_constant_evaluated()) {
    constexpr std::uint64_t low7 = 0x7F7F7F7F7F7F7F7Fu;
    const std::uint64_t pattern = 0x0101010101010101u * static_cast<unsigned char>(c);
    while (end >= 8) {
      std::uint64_t x;
      std::memcpy(&x, in.data() + end - 8, 8);
      x ^= pattern;
      // Exact zero-byte test (no borrow between bytes): a byte's top bit is
      // set iff the byte is zero.
      const std::uint64_t zero = ~(((x & low7) + low7) | x | low7);
      if (zero != 0) {
        if constexpr (std::endian::native == std::endian::little) {
          return end - 8 + static_cast<std::size_t>((63 - std::countl_zero(zero)) >> 3);
        } else {
          return end - 8 + static_cast<std::size_t>(7 - (std::countr_zero(zero) >> 3));
        }
      }
      end -= 8;
    }
    if (end > 0 && in.size() >= 8) {
      // The head, as one overlapping load with the bytes already seen
      // masked off.
      std::uint64_t x;
      std::memcpy(&x, in.data(), 8);
      x ^= pattern;
      std::uint64_t zero = ~(((x & low7) + low7) | x | low7);
      if constexpr (std::endian::native == std::endian::little) {
        zero &= (std::uint64_t{1} << (8 * end)) - 1;
        return zero != 0 ? static_cast<std::size_t>((63 - std::countl_zero(zero)) >> 3) : in.size();
      } else {
        zero &= ~((std::uint64_t{1} << (64 - 8 * end)) - 1);
        return zero != 0 ? static_cast<std::size_t>(std::countr_zero(zero) >> 3) ^ 7 : in.size();
      }
    }
  }
  for (; end > 0; --end) {
    if (in[end - 1] == c) return end - 1;
  }
  return in.size();
}

/// Splits off the literal portion (§6.2's first two steps).  Returns the
/// number of basic code points and sets st.pos past the delimiter.
template <class Params>
[[nodiscard]] constexpr result split_literal(const Params& p, std::span<const char> in,
                                             decode_state& st) noexcept {
  const std::size_t last = find_last(in, p.delimiter);
  if (last == in.size()) {
    st.pos = 0;
    result r;
    r.written = 0;
    return r;
  }
  // Nothing before the last delimiter: §6.2 would read the delimiter as a
  // digit and fail; say why precisely.
  if (last == 0) return fail(status::empty_literal, 0);
  for (std::size_t j = 0; j < last; ++j) {
    if (static_cast<unsigned char>(in[j]) >= 0x80) return fail(status::non_basic_literal, j);
  }
  st.pos = last + 1;
  result r;
  r.written = last;
  return r;
}

/// Inserts v at index `at` of the first len - 1 elements of a, making len.
/// Label-sized moves: carrying each element forward in a register is cheaper
/// than a call to memmove (which a plain shifting loop becomes).
template <class T>
constexpr void insert_at(std::span<T> a, std::size_t at, std::size_t len, T v) noexcept {
  for (std::size_t j = at; j + 1 < len; ++j) {
    const T moved = a[j];
    a[j] = v;
    v = moved;
  }
  a[len - 1] = v;
}

template <class Params, class Observer>
constexpr result decode_in_place(const Params& p, std::span<const char> in, std::span<char32_t> out,
                                 std::span<bool> upper, std::size_t basic, decode_state st,
                                 Observer& obs) noexcept {
  // Runs while the output has room; on running out it keeps parsing to learn
  // the size needed (and any later error, which takes precedence).
  const bool flags = !upper.empty();
  std::size_t cap = out.size();
  if (flags && upper.size() < cap) cap = upper.size();
  const bool room = basic <= cap;
  if (room) {
    for (std::size_t j = 0; j < basic; ++j) {
      out[j] = static_cast<unsigned char>(in[j]);
      if (flags) upper[j] = is_ascii_upper(in[j]);
    }
  }
  if constexpr (Observer::enabled) {
    obs.decode_literal(std::string_view(in.data(), st.pos), std::span<const char32_t>(out.data(), basic));
  }
  bool fits = room;
  while (st.pos < in.size()) {
    decoded_step step{};
    if (result r = next_step(p, in, st, step, obs); !r) return r;
    const auto len = static_cast<std::size_t>(st.length);  // after insertion
    if (fits && len > cap) fits = false;
    if (fits) {
      const auto at = static_cast<std::size_t>(step.index);
      insert_at(out, at, len, step.code_point);
      if (flags) insert_at(upper, at, len, step.upper);
      if constexpr (Observer::enabled) obs.decode_state(std::span<const char32_t>(out.data(), len), at);
    }
  }
  if (!fits) return too_small(status::output_too_small, static_cast<std::size_t>(st.length));
  result r;
  r.written = static_cast<std::size_t>(st.length);
  return r;
}

template <class Params>
constexpr result decode_offline(const Params& p, std::span<const char> in, std::span<char32_t> out,
                                std::span<bool> upper, std::size_t basic, decode_state st,
                                std::span<std::uint64_t> work) noexcept {
  no_observer none;
  // Pass 1: every (code point, insertion index, flag), packed as
  // index << 22 | flag << 21 | code point.
  std::uint64_t* steps = work.data();
  std::size_t count = 0;
  while (st.pos < in.size()) {
    decoded_step step{};
    if (result r = next_step(p, in, st, step, none); !r) return r;
    steps[count++] = (step.index << 22) | (std::uint64_t{step.upper} << 21) | step.code_point;
  }
  const auto total = static_cast<std::size_t>(st.length);
  const bool flags = !upper.empty();
  if (total > out.size() || (flags && total > upper.size())) {
    return too_small(status::output_too_small, total);
  }
  // Pass 2: back to front, the step inserted at index k landed in the k-th
  // slot not taken by a later insertion.
  const std::size_t words = bitset_words(total);
  std::uint64_t* bits = steps + count;
  std::uint64_t* tree = bits + words;
  for (std::size_t wd = 0; wd < words; ++wd) bits[wd] = ~std::uint64_t{0};
  if ((total & 63) != 0) bits[words - 1] = (std::uint64_t{1} << (total & 63)) - 1;
  counting_bitset free_slots(bits, tree, words);
  free_slots.build();
  for (std::size_t e = count; e > 0; --e) {
    const std::uint64_t s = steps[e - 1];
    const std::size_t slot = free_slots.select(s >> 22);
    free_slots.reset(slot);
    out[slot] = static_cast<char32_t>(s & 0x1FFFFF);
    if (flags) upper[slot] = ((s >> 21) & 1) != 0;
  }
  // The basic code points fill the remaining slots in order.
  std::size_t next = 0;
  for (std::size_t wd = 0; wd < words && next < basic; ++wd) {
    for (std::uint64_t b = bits[wd]; b != 0; b &= b - 1) {
      const std::size_t slot = (wd << 6) + static_cast<std::size_t>(std::countr_zero(b));
      out[slot] = static_cast<unsigned char>(in[next]);
      if (flags) upper[slot] = is_ascii_upper(in[next]);
      ++next;
    }
  }
  result r;
  r.written = total;
  return r;
}

/// Digit-values of in[first..] into dv (which has room for eight more), or
/// false when one of them is not a digit below base.  Eight characters at a
/// time, with byte-wise range tests that cannot carry between bytes; the
/// last, partial word is read as the input's last eight bytes.
[[nodiscard]] inline bool digit_values(std::span<const char> in, std::size_t first, std::uint32_t base,
                                       std::uint8_t* dv) noexcept {
  const std::size_t count = in.size() - first;
  if (std::endian::native != std::endian::little || in.size() < 8) {
    std::uint32_t bad = 0;
    for (std::size_t j = 0; j < count; ++j) {
      const std::uint8_t d = digit_table.v[static_cast<unsigned char>(in[first + j])];
      dv[j] = d;
      bad |= d >= base ? 1u : 0u;
    }
    return bad == 0;
  }
  constexpr std::uint64_t ones = 0x0101010101010101u;
  constexpr std::uint64_t high = ones * 0x80;
  const std::uint64_t below_base = ones * (0x80 - base);
  auto convert = [&](std::uint64_t x, std::uint64_t& value) {
    const std::uint64_t x7 = x & ~high;
    const std::uint64_t lower = x7 | (ones * 0x20);
    // Top bit of each byte: the byte lies in the range (no carries: every
    // byte sum stays below 0x100).
    const std::uint64_t digit = ((x7 + ones * (0x80 - '0')) & ~(x7 + ones * (0x7F - '9'))) & high;
    const std::uint64_t letter = ((lower + ones * (0x80 - 'a')) & ~(lower + ones * (0x7F - 'z'))) & high;
    const std::uint64_t letter_value = ((lower | high) - ones * 'a') & ~high;
    const std::uint64_t digit_value = ((x7 | high) - ones * ('0' - 26)) & ~high;
    value = (letter_value & ((letter >> 7) * 0xFF)) | (digit_value & ((digit >> 7) * 0xFF));
    const std::uint64_t too_big = (value + below_base) & high;
    return (~(digit | letter) | (x & high) | too_big) & high;  // bad bytes
  };
  std::size_t j = 0;
  for (; j + 8 <= count; j += 8) {
    std::uint64_t x;
    std::memcpy(&x, in.data() + first + j, 8);
    std::uint64_t value;
    if (convert(x, value) != 0) return false;
    std::memcpy(dv + j, &value, 8);
  }
  if (j < count) {
    // The last 8 bytes of the input; the first `skip` of them are done.
    const std::size_t skip = 8 - (count - j);
    std::uint64_t x;
    std::memcpy(&x, in.data() + in.size() - 8, 8);
    std::uint64_t value;
    const std::uint64_t bad = convert(x, value) >> (8 * skip);
    if (bad != 0) return false;
    value >>= 8 * skip;
    std::memcpy(dv + j, &value, 8);
  }
  return true;
}

/// The value of an integer of one, two, three or four digits — d0, s2, s3
/// or s4 — as `end` says: the one byte of 0x80808080 that marks where the
/// integer ends.  Without a branch, since the length of an integer follows
/// the data and a branch would be mispredicted on every other integer.
/// clang emits CMOVs for selects it is told are unpredictable; g++ 12 turns
/// every form of select into branches (even with
/// __builtin_expect_with_probability 0.5), but keeps masks made from the
/// marker bits as masks, and they do not wait on one another.
[[nodiscard]] inline std::uint64_t select_by_end(std::uint32_t end, std::uint64_t d0, std::uint64_t s2,
                                                 std::uint64_t s3, std::uint64_t s4) noexcept {
#if defined(__clang__)
  std::uint64_t v = d0;
  v = __builtin_unpredictable(end == 0x8000u) ? s2 : v;
  v = __builtin_unpredictable(end == 0x800000u) ? s3 : v;
  v = __builtin_unpredictable(end == 0x80000000u) ? s4 : v;
  return v;
#else
  const std::uint64_t m2 = std::uint64_t{0} - ((end >> 15) & 1);
  const std::uint64_t m3 = std::uint64_t{0} - ((end >> 23) & 1);
  const std::uint64_t m4 = std::uint64_t{0} - (end >> 31);
  return (d0 & ~(m2 | m3 | m4)) | (s2 & m2) | (s3 & m3) | (s4 & m4);
#endif
}

/// Decodes label-sized input (at most Order::capacity characters) into an
/// output with room for it.  Each integer costs a handful of instructions
/// and no branch that depends on the data: the digit-values are looked up
/// once; the end of an integer is found by comparing its first four digits
/// with their thresholds at once; the weights and thresholds of the next
/// integer come from one table load indexed by the adapted delta; and the
/// insertions are tracked by `Order` (label_order.hpp) instead of by moving
/// elements.  `dv` holds the digit-values of in[first..] and four bytes of
/// padding.  Returns false — leaving the work to decode_in_place, which
/// then reports the precise error — for a bad digit, an integer of more
/// than four digits, a truncated one, or a code point that is not a scalar
/// value; the output is written only on success.
template <class Params, class Order>
[[nodiscard]] inline bool decode_label(const Params& p, std::span<const char> in, std::span<char32_t> out,
                                       std::span<bool> upper, std::size_t basic, std::size_t first,
                                       const std::uint8_t* dv, result& r) noexcept {
  using tables = label_tables<Params>;
  const std::size_t count = in.size() - first;
  // The basic code points, then the decoded ones; every element that the
  // order may read is initialized.
  char32_t src[Order::capacity] = {};
  bool src_flag[Order::capacity] = {};
  const bool flags = !upper.empty();
  for (std::size_t j = 0; j < basic; ++j) src[j] = static_cast<unsigned char>(in[j]);
  if (flags) {
    for (std::size_t j = 0; j < basic; ++j) src_flag[j] = is_ascii_upper(in[j]);
  }
  char32_t* const cps = src + basic;
  bool* const flag = src_flag + basic;
  Order order(basic);
  std::size_t k = 0;
  std::uint64_t n = p.initial_n;
  std::uint64_t i = 0;
  std::size_t len = basic;
  std::size_t pos = 0;
  std::uint32_t surrogate = 0;
  const bias_entry* e = &tables::for_bias(p.initial_bias);
  // One integer (§6.2) and the bias after it (§6.1).  The loop's critical
  // path runs from one table entry to the next: the value of the integer
  // for each of its four possible lengths is computed from the entry's
  // weights, and the one its thresholds pick is selected without a branch.
  auto integer = [&](auto initial) noexcept -> bool {
    std::uint32_t dw;
    std::memcpy(&dw, dv + pos, 4);
    if constexpr (std::endian::native == std::endian::big) dw = __builtin_bswap32(dw);
    // Byte j's top bit: d_j <= t_j - 1, i.e. the integer ends at digit j.
    const std::uint32_t ends = ((e->t_less_one | 0x80808080u) - dw) & 0x80808080u;
    if (ends == 0) return false;
    const std::uint32_t lowest = ends & (0u - ends);
    const std::uint64_t d0 = dw & 0xFF;
    const std::uint64_t s2 = d0 + ((dw >> 8) & 0xFF) * std::uint64_t{e->w1};
    const std::uint64_t s3 = s2 + ((dw >> 16) & 0xFF) * std::uint64_t{e->w2};
    const std::uint64_t s4 = s3 + (dw >> 24) * std::uint64_t{e->w3};
    const std::uint64_t delta = select_by_end(lowest, d0, s2, s3, s4);
    const std::uint64_t len1 = len + 1;
    // Twice §6.1's delta after its divisions (delta < 2^27), as multiplies:
    // delta / damp + that / numpoints the first time, then
    // delta / 2 + delta / (2 numpoints), floor(floor(d / 2) / np) being
    // floor(d / (2 np)).  Twice, so that it scales the 16-byte entries as
    // an index scaled by 8.
    std::uint64_t x;
    if constexpr (decltype(initial)::value) {
      const std::uint64_t once = (delta * first_divisor<Params>::m[1]) >> 37;
      x = 2 * (once + ((once * small_np_table.m[len1]) >> 34));
    } else {
      x = (delta & ~std::uint64_t{1}) + (((delta * half_np_table.m[len1]) >> 34) & ~std::uint64_t{1});
    }
    pos += static_cast<std::size_t>(std::countr_zero(lowest) >> 3) + 1;
    if (x <= 2 * tables::limit) {
      e = reinterpret_cast<const bias_entry*>(reinterpret_cast<const char*>(tables::by_tail.e) +
                                              x * (sizeof(bias_entry) / 2));
    } else {
      e = &tables::for_bias(adapt_small(p, delta, len1, decltype(initial)::value));
    }
    i += delta;
    const std::uint64_t q = (i * small_np_table.m[len1]) >> 34;
    i -= q * len1;
    n += q;
    // n never decreases, so one test after the loop catches values above
    // U+10FFFF; a surrogate can be passed over, so it is noted each time.
    surrogate |= n - 0xD800 < 0x800 ? 1u : 0u;
    cps[k] = static_cast<char32_t>(n);
    order.insert(static_cast<std::size_t>(i));
    if (flags) flag[k] = is_ascii_upper(in[first + pos - 1]);
    ++k;
    ++i;
    len = len1;
    return true;
  };
  if (pos < count && !integer(std::true_type{})) return false;
  while (pos < count) {
    if (!integer(std::false_type{})) return false;
  }
  if (surrogate != 0 || n > max_code_point || (p.initial_n < 0x80 && k > 0 && cps[0] < 0x80)) return false;
  order.write(src, src_flag, flags, basic, len, out, upper);
  r.written = len;
  return true;
}

/// The label decoder for the input's size class.  `Portable` takes the
/// index_order that targets without 16-byte vectors use, so that it is
/// tested on every target.
template <class Params, bool Portable = false>
[[nodiscard]] inline bool decode_label_sized(const Params& p, std::span<const char> in, std::span<char32_t> out,
                                             std::span<bool> upper, std::size_t basic, std::size_t first,
                                             result& r) noexcept {
  std::uint8_t dv[label_limit + 8];
  if (!digit_values(in, first, p.base, dv)) return false;
  // Padding that never ends an integer (t <= tmax <= base - 1): an integer
  // still open at the end shows as one of more than four digits.
  const std::uint32_t pad = 0x01010101u * (p.base - 1);
  std::memcpy(dv + (in.size() - first), &pad, 4);
  if constexpr (!Portable && byte_order_pays) {
    if (in.size() <= 16) return decode_label<Params, byte_order<1>>(p, in, out, upper, basic, first, dv, r);
    if (in.size() <= 32) return decode_label<Params, byte_order<2>>(p, in, out, upper, basic, first, dv, r);
    return decode_label<Params, byte_order<4>>(p, in, out, upper, basic, first, dv, r);
  } else {
    return decode_label<Params, index_order>(p, in, out, upper, basic, first, dv, r);
  }
}

/// Everything but the AVX-512 label path.  Out of line, so that the label
/// path does not pay for this frame (its arena alone is 4 KiB).
template <class Params, class Observer>
[[gnu::noinline]] constexpr result decode_portable(const Params& p, std::span<const char> input,
                                                   std::span<char32_t> output, std::span<bool> upper,
                                                   std::span<std::uint64_t> scratch, Observer& obs) noexcept {
  // Widened explicitly: see encode_portable (encoder.hpp).
  if (static_cast<std::uint64_t>(input.size()) >= max_packed_length) return fail(status::overflow, 0);
  // Appendix A: the annotation is only defined when every digit that can
  // end an integer is a letter.
  if (!upper.empty() && p.tmax > 26) return fail(status::invalid_parameters, 0);
  decode_state st{p.initial_n, 0, p.initial_bias, 0, 0};
  if constexpr (Observer::enabled) obs.decode_start(st.n, st.i, st.bias, std::string_view(input.data(), input.size()));
  const result lit = split_literal(p, input, st);
  if (!lit) return lit;
  const std::size_t basic = lit.written;
  st.length = basic;
  if constexpr (!Observer::enabled && label_decoder_applies<Params>()) {
    if (!std::is_constant_evaluated() && input.size() <= label_limit && output.size() >= input.size() &&
        (upper.empty() || upper.size() >= input.size())) {
      result r;
      if (decode_label_sized(p, input, output, upper, basic, st.pos, r)) return r;
    }
  }
  if (Observer::enabled || input.size() <= in_place_decode_limit) {
    return decode_in_place(p, input, output, upper, basic, st, obs);
  }
  const std::size_t need = scratch_words_for(input.size());
  if (input.size() <= inline_length) {
    std::uint64_t arena[arena_words];
    return decode_offline(p, input, output, upper, basic, st, std::span<std::uint64_t>(arena, arena_words));
  }
  if (need <= scratch.size()) return decode_offline(p, input, output, upper, basic, st, scratch);
  return too_small(status::scratch_too_small, need);
}

template <class Params, class Observer>
constexpr result decode_impl(const Params& p, std::span<const char> input, std::span<char32_t> output,
                             std::span<bool> upper, std::span<std::uint64_t> scratch,
                             Observer& obs) noexcept {
  if constexpr (!Observer::enabled && std::is_same_v<Params, fixed_params<punycode_params>>) {
    // Punycode labels without case flags, to the kernel chosen at start-up
    // for the label's width (simd_dispatch.hpp); it leaves every error to
    // the portable path.
    if (!std::is_constant_evaluated() && upper.empty() && input.size() <= decode_long_kernel_limit) {
      const auto kernel = input.size() <= decode_kernel_limit ? active_simd_kernels.decode_label
                                                              : active_simd_kernels.decode_long_label;
      if (kernel != nullptr) {
        if (const std::size_t written = kernel(input, output); written != 0) return succeeded(written);
      }
    }
  }
  return decode_portable(p, input, output, upper, scratch, obs);
}

}  // namespace puny::detail
