// puny — implementation of the Bootstring encoder and decoder (RFC 3492 §6).
// Not part of the public API: include <puny/punycode.hpp>.
//
// Both directions are O(n log n) in the worst case:
//  * encode visits the non-basic code points sorted by (value, position) —
//    the order in which §6.3's loops emit them — and computes each delta from
//    counts of already-handled positions kept in a bitset with a Fenwick tree
//    over its word counts, instead of rescanning the input per value;
//  * decode parses every (code point, insertion index) pair first, then
//    places them back to front into the k-th free slot of the output found in
//    the same structure, instead of memmoving on every insertion.
// Label-sized input decodes in place (insertion by memmove), which is faster
// when the string is short and needs no scratch.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <string_view>

#include "../bootstring.hpp"
#include "../status.hpp"

namespace puny::detail {

inline constexpr std::uint64_t u64_max = std::numeric_limits<std::uint64_t>::max();
inline constexpr char32_t max_code_point = 0x10FFFF;

/// Inputs up to this many elements use an internal stack arena; longer ones
/// need caller scratch.  The arena is sized so that both directions fit.
inline constexpr std::size_t arena_words = 512;
/// Decoder input of at most this many characters is decoded in place.
inline constexpr std::size_t in_place_decode_limit = 96;
/// Positions are packed into 64-bit keys next to a 21-bit code point.
inline constexpr std::size_t max_packed_length = std::size_t{1} << 40;

[[nodiscard]] constexpr std::size_t bitset_words(std::size_t n) noexcept { return (n + 63) / 64; }

/// Words of scratch for the O(n log n) paths on an input of n elements: one
/// key per code point, a bitset and a Fenwick tree over its words.
[[nodiscard]] constexpr std::size_t scratch_words_for(std::size_t n) noexcept {
  return n + 2 * bitset_words(n) + 2;
}

/// A fixed parameter set lifted into the type so that every field is a
/// compile-time constant in the hot loops.
template <bootstring P>
struct fixed_params {
  static constexpr std::uint32_t base = P.base;
  static constexpr std::uint32_t tmin = P.tmin;
  static constexpr std::uint32_t tmax = P.tmax;
  static constexpr std::uint32_t skew = P.skew;
  static constexpr std::uint32_t damp = P.damp;
  static constexpr std::uint32_t initial_bias = P.initial_bias;
  static constexpr char32_t initial_n = P.initial_n;
  static constexpr char delimiter = P.delimiter;
};

/// RFC 3492 §6.1.
template <class Params>
[[nodiscard]] constexpr std::uint64_t adapt(const Params& p, std::uint64_t delta,
                                            std::uint64_t numpoints, bool firsttime) noexcept {
  delta = firsttime ? delta / p.damp : delta / 2;
  delta += delta / numpoints;
  std::uint64_t k = 0;
  constexpr auto one = std::uint64_t{1};
  const std::uint64_t step = one * p.base - p.tmin;
  const std::uint64_t limit = (step * p.tmax) / 2;
  while (delta > limit) {
    delta /= step;
    k += p.base;
  }
  return k + ((step + 1) * delta) / (delta + p.skew);
}

/// The threshold t of §6.2/§6.3, clamped to [tmin, tmax] with the "+ tmin"
/// the RFC says may be omitted kept in (it costs nothing and is exact for
/// every valid parameter set).
template <class Params>
[[nodiscard]] constexpr std::uint64_t threshold(const Params& p, std::uint64_t k,
                                                std::uint64_t bias) noexcept {
  if (k <= bias + p.tmin) return p.tmin;
  if (k >= bias + p.tmax) return p.tmax;
  return k - bias;
}

[[nodiscard]] constexpr bool is_scalar_value(char32_t c) noexcept {
  return c <= max_code_point && (c < 0xD800 || c > 0xDFFF);
}

[[nodiscard]] constexpr char ascii_upper(char c) noexcept {
  return (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
}
[[nodiscard]] constexpr char ascii_lower(char c) noexcept {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}
[[nodiscard]] constexpr bool is_ascii_upper(char c) noexcept { return c >= 'A' && c <= 'Z'; }

// ---------------------------------------------------------------------------
// Counting bitset: a bitset over positions with a Fenwick tree over the
// population counts of its words.  prefix() and select() are O(log(n/64)).

class counting_bitset {
 public:
  constexpr counting_bitset(std::uint64_t* bits, std::uint64_t* tree, std::size_t words) noexcept
      : bits_(bits), tree_(tree), words_(words) {}

  /// Builds the tree from the bits already stored, in O(words).
  constexpr void build() noexcept {
    for (std::size_t w = 0; w < words_; ++w) tree_[w] = static_cast<std::uint64_t>(std::popcount(bits_[w]));
    for (std::size_t i = 1; i <= words_; ++i) {
      const std::size_t parent = i + (i & (~i + 1));
      if (parent <= words_) tree_[parent - 1] += tree_[i - 1];
    }
  }

  constexpr void set(std::size_t pos) noexcept {
    bits_[pos >> 6] |= std::uint64_t{1} << (pos & 63);
    for (std::size_t i = (pos >> 6) + 1; i <= words_; i += i & (~i + 1)) ++tree_[i - 1];
  }

  constexpr void reset(std::size_t pos) noexcept {
    bits_[pos >> 6] &= ~(std::uint64_t{1} << (pos & 63));
    for (std::size_t i = (pos >> 6) + 1; i <= words_; i += i & (~i + 1)) --tree_[i - 1];
  }

  /// Number of set bits at positions below pos.
  [[nodiscard]] constexpr std::uint64_t prefix(std::size_t pos) const noexcept {
    std::uint64_t sum = 0;
    for (std::size_t i = pos >> 6; i > 0; i -= i & (~i + 1)) sum += tree_[i - 1];
    const std::uint64_t below = (std::uint64_t{1} << (pos & 63)) - 1;
    if ((pos >> 6) < words_) sum += static_cast<std::uint64_t>(std::popcount(bits_[pos >> 6] & below));
    return sum;
  }

  /// Position of the set bit of rank j (0-based); j must be below the count.
  [[nodiscard]] constexpr std::size_t select(std::uint64_t j) const noexcept {
    std::size_t idx = 0;
    for (std::size_t step = std::bit_floor(words_); step != 0; step >>= 1) {
      const std::size_t next = idx + step;
      if (next <= words_ && tree_[next - 1] <= j) {
        idx = next;
        j -= tree_[next - 1];
      }
    }
    return (idx << 6) + select_in_word(bits_[idx], static_cast<unsigned>(j));
  }

 private:
  [[nodiscard]] static constexpr unsigned select_in_word(std::uint64_t w, unsigned j) noexcept {
    unsigned base = 0;
    for (unsigned width = 32; width != 0; width >>= 1) {
      const std::uint64_t low = w & ((std::uint64_t{1} << width) - 1);
      const auto c = static_cast<unsigned>(std::popcount(low));
      if (j >= c) {
        j -= c;
        w >>= width;
        base += width;
      } else {
        w = low;
      }
    }
    return base;
  }

  std::uint64_t* bits_;
  std::uint64_t* tree_;
  std::size_t words_;
};

// ---------------------------------------------------------------------------
// Observers receive the steps of §7.2/§7.3 traces.  The default does nothing
// and compiles away.

struct no_observer {
  static constexpr bool enabled = false;
  constexpr void encode_start(std::uint64_t, std::span<const char32_t>) noexcept {}
  constexpr void encode_literal(std::size_t, std::span<const char32_t>, std::string_view) noexcept {}
  constexpr void encode_next(char32_t) noexcept {}
  constexpr void encode_delta(std::uint64_t, std::string_view) noexcept {}
  constexpr void bias(std::uint64_t) noexcept {}
  constexpr void encode_done(std::string_view) noexcept {}
  constexpr void decode_start(std::uint64_t, std::uint64_t, std::uint64_t, std::string_view) noexcept {}
  constexpr void decode_literal(std::string_view, std::span<const char32_t>) noexcept {}
  constexpr void decode_delta(std::string_view, std::uint64_t) noexcept {}
  constexpr void decode_state(std::span<const char32_t>, std::size_t) noexcept {}
};

// ---------------------------------------------------------------------------
// Output writer: writes while there is room and keeps counting after, so a
// too-small buffer still learns the size it needs.

template <class T>
struct counting_writer {
  std::span<T> out;
  std::size_t count = 0;
  constexpr void put(T v) noexcept {
    if (count < out.size()) out[count] = v;
    ++count;
  }
  [[nodiscard]] constexpr bool fits() const noexcept { return count <= out.size(); }
};

[[nodiscard]] constexpr result fail(status s, std::size_t pos) noexcept {
  result r;
  r.code = s;
  r.position = pos;
  return r;
}

[[nodiscard]] constexpr result too_small(status s, std::size_t needed) noexcept {
  result r;
  r.code = s;
  r.needed = needed;
  return r;
}

// ---------------------------------------------------------------------------
// Encoder (§6.3)

/// Writes q as a generalized variable-length integer (§3.3) in the digits
/// of §5; the last digit carries the case flag (Appendix A).
template <class Params>
constexpr void emit_integer(const Params& p, counting_writer<char>& w, std::uint64_t q,
                            std::uint64_t bias, bool upper) noexcept {
  for (std::uint64_t k = p.base;; k += p.base) {
    const std::uint64_t t = threshold(p, k, bias);
    if (q < t) break;
    const std::uint64_t span = p.base - t;
    w.put(digit_char(static_cast<std::uint32_t>(t + (q - t) % span)));
    q = (q - t) / span;
  }
  w.put(digit_char(static_cast<std::uint32_t>(q), upper));
}

template <class Params, class Observer>
constexpr result encode_impl(const Params& p, std::span<const char32_t> input, std::span<char> output,
                             std::span<const bool> upper, std::span<std::uint64_t> scratch,
                             Observer& obs) noexcept {
  const std::size_t n_in = input.size();
  const bool flags = !upper.empty();
  if (flags && upper.size() != n_in) return fail(status::case_flags_size, 0);
  if (flags && p.tmax > 26) return fail(status::invalid_parameters, 0);
  if (n_in >= max_packed_length) return fail(status::overflow, 0);

  // Validate and count in one pass; §6.3's brace check for code points
  // below initial_n is folded in here.
  std::size_t basic = 0;
  for (std::size_t j = 0; j < n_in; ++j) {
    const char32_t c = input[j];
    if (c < 0x80) {
      ++basic;
    } else if (!is_scalar_value(c) || c < p.initial_n) {
      return fail(status::invalid_code_point, j);
    }
  }
  const std::size_t extended = n_in - basic;

  std::uint64_t arena[arena_words];
  std::span<std::uint64_t> work;
  const std::size_t need = extended == 0 ? 0 : scratch_words_for(n_in);
  if (need <= arena_words) {
    work = std::span<std::uint64_t>(arena, arena_words);
  } else if (need <= scratch.size()) {
    work = scratch;
  } else {
    return too_small(status::scratch_too_small, need);
  }

  if constexpr (Observer::enabled) obs.encode_start(p.initial_bias, input);

  counting_writer<char> w{output};
  for (std::size_t j = 0; j < n_in; ++j) {
    const char32_t c = input[j];
    if (c >= 0x80) continue;
    auto ch = static_cast<char>(c);
    // Appendix A: with annotation, a basic letter takes the flag's case.
    if (flags) ch = upper[j] ? ascii_upper(ch) : ascii_lower(ch);
    w.put(ch);
  }
  if (basic > 0) w.put(p.delimiter);
  if constexpr (Observer::enabled) {
    if (w.fits()) obs.encode_literal(basic, input, std::string_view(w.out.data(), w.count));
  }

  if (extended > 0) {
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
    std::sort(keys, keys + nk);
    counting_bitset handled(bits, tree, words);
    handled.build();

    constexpr std::uint64_t pos_mask = (std::uint64_t{1} << 40) - 1;
    std::uint64_t bias = p.initial_bias;
    std::uint64_t h = basic;
    std::uint64_t prev_value = 0;
    std::size_t prev_pos = 0;
    for (std::size_t e = 0; e < nk; ++e) {
      const std::uint64_t value = keys[e] >> 40;
      const auto pos = static_cast<std::size_t>(keys[e] & pos_mask);
      std::uint64_t delta = 0;
      // The counts below are exactly the "c < n" increments of §6.3's scan.
      if (e == 0) {
        if (__builtin_mul_overflow(value - p.initial_n, h + 1, &delta)) return fail(status::overflow, pos);
        delta += handled.prefix(pos);
      } else if (value == prev_value) {
        delta = handled.prefix(pos) - handled.prefix(prev_pos + 1);
      } else {
        // Rest of the scan after the previous value's last position, the
        // "increment delta" at the loop's bottom, then (m - n) * (h + 1).
        std::uint64_t jump = 0;
        if (__builtin_mul_overflow(value - prev_value - 1, h + 1, &jump)) return fail(status::overflow, pos);
        delta = (h - handled.prefix(prev_pos + 1)) + 1;
        if (__builtin_add_overflow(delta, jump, &delta)) return fail(status::overflow, pos);
        if (__builtin_add_overflow(delta, handled.prefix(pos), &delta)) return fail(status::overflow, pos);
      }
      if constexpr (Observer::enabled) obs.encode_next(static_cast<char32_t>(value));
      const std::size_t start = w.count;
      emit_integer(p, w, delta, bias, flags && upper[pos]);
      if constexpr (Observer::enabled) {
        if (w.fits()) obs.encode_delta(delta, std::string_view(output.data() + start, w.count - start));
      }
      bias = adapt(p, delta, h + 1, h == basic);
      if constexpr (Observer::enabled) obs.bias(bias);
      handled.set(pos);
      ++h;
      prev_value = value;
      prev_pos = pos;
    }
  }

  if (!w.fits()) return too_small(status::output_too_small, w.count);
  if constexpr (Observer::enabled) obs.encode_done(std::string_view(output.data(), w.count));
  result r;
  r.written = w.count;
  return r;
}

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
  for (std::uint64_t k = p.base;; k += p.base) {
    if (st.pos == in.size()) return fail(status::truncated_integer, st.pos);
    last = in[st.pos];
    const std::uint32_t digit = digit_value(last);
    if (digit >= p.base) return fail(status::invalid_digit, st.pos);
    std::uint64_t add = 0;
    if (__builtin_mul_overflow(std::uint64_t{digit}, w, &add) || __builtin_add_overflow(i, add, &i)) {
      return fail(status::overflow, st.pos);
    }
    ++st.pos;
    const std::uint64_t t = threshold(p, k, st.bias);
    if (digit < t) break;
    if (__builtin_mul_overflow(w, p.base - t, &w)) return fail(status::overflow, st.pos - 1);
  }
  const std::uint64_t len1 = st.length + 1;
  st.bias = adapt(p, i - oldi, len1, oldi == 0);
  if constexpr (Observer::enabled) {
    obs.decode_delta(std::string_view(in.data() + start, st.pos - start), i - oldi);
    obs.bias(st.bias);
  }
  const std::uint64_t q = i / len1;
  if (__builtin_add_overflow(st.n, q, &st.n)) return fail(status::overflow, start);
  i %= len1;
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

/// Splits off the literal portion (§6.2's first two steps).  Returns the
/// number of basic code points and sets st.pos past the delimiter.
template <class Params>
[[nodiscard]] constexpr result split_literal(const Params& p, std::span<const char> in,
                                             decode_state& st) noexcept {
  std::size_t last = in.size();
  for (std::size_t j = in.size(); j > 0; --j) {
    if (in[j - 1] == p.delimiter) {
      last = j - 1;
      break;
    }
  }
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
      std::copy_backward(out.data() + at, out.data() + len - 1, out.data() + len);
      out[at] = step.code_point;
      if (flags) {
        std::copy_backward(upper.data() + at, upper.data() + len - 1, upper.data() + len);
        upper[at] = step.upper;
      }
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

template <class Params, class Observer>
constexpr result decode_impl(const Params& p, std::span<const char> input, std::span<char32_t> output,
                             std::span<bool> upper, std::span<std::uint64_t> scratch,
                             Observer& obs) noexcept {
  if (input.size() >= max_packed_length) return fail(status::overflow, 0);
  decode_state st{p.initial_n, 0, p.initial_bias, 0, 0};
  if constexpr (Observer::enabled) obs.decode_start(st.n, st.i, st.bias, std::string_view(input.data(), input.size()));
  const result lit = split_literal(p, input, st);
  if (!lit) return lit;
  const std::size_t basic = lit.written;
  st.length = basic;
  if (Observer::enabled || input.size() <= in_place_decode_limit) {
    return decode_in_place(p, input, output, upper, basic, st, obs);
  }
  const std::size_t need = scratch_words_for(input.size());
  if (need <= arena_words) {
    std::uint64_t arena[arena_words];
    return decode_offline(p, input, output, upper, basic, st, std::span<std::uint64_t>(arena, arena_words));
  }
  if (need <= scratch.size()) return decode_offline(p, input, output, upper, basic, st, scratch);
  return too_small(status::scratch_too_small, need);
}

}  // namespace puny::detail
