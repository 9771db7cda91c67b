// puny — the ASCII fast path (see ascii_fast_path.hpp).
#include "idna/ascii_fast_path.hpp"

#include <algorithm>
#include <array>
#include <type_traits>

#include "idna/conversions.hpp"
#include "simd/vector128.hpp"

namespace puny::detail {
namespace {

// UTS #46 §4.2 step 4 (VerifyDnsLength): the longest label, and the
// longest domain without its root dot.
constexpr std::size_t max_label_length = 63;
constexpr std::size_t max_domain_length = 253;

/// Which label shapes record a code under the options, for one operation.
struct label_rules {
  bool check_hyphens;   // §4.1 V3 (leading or trailing '-'); V2 needs no flag here, see below
  bool dns_lengths;     // ToASCII with VerifyDnsLength: §4.2 step 4, A4_1 and A4_2
  bool empty_label_ok;  // an empty label before a dot records nothing
  bool empty_root_ok;   // nor does the empty root label after a trailing dot
};

constexpr label_rules rules_for(const idna_options& options, idna_operation operation) noexcept {
  const bool to_ascii = operation == idna_operation::to_ascii;
  // Empty labels: X4_2 in ToUnicode (§4 step 5, but not the root label
  // after a trailing dot), A4_2 in ToASCII with VerifyDnsLength (IdnaTestV2
  // counts the root label too), nothing in ToASCII without it.
  return {options.check_hyphens, to_ascii && options.verify_dns_length, to_ascii && !options.verify_dns_length,
          !(to_ascii && options.verify_dns_length)};
}

enum ascii_kind : std::uint8_t { other, letter_or_digit, hyphen, dot };

constexpr std::array<std::uint8_t, 128> kinds = [] {
  std::array<std::uint8_t, 128> k{};
  for (unsigned c = 'a'; c <= 'z'; ++c) k[c] = letter_or_digit;
  for (unsigned c = 'A'; c <= 'Z'; ++c) k[c] = letter_or_digit;
  for (unsigned c = '0'; c <= '9'; ++c) k[c] = letter_or_digit;
  k['-'] = hyphen;
  k['.'] = dot;
  return k;
}();

/// The decision of lower_plain_ascii_domain a code unit at a time, visiting
/// each label once: any code unit width and any length.
template <class Char>
bool plain_by_code_unit(std::basic_string_view<Char> in, const label_rules& rules) noexcept {
  const std::size_t n = in.size();
  // An empty domain always has a code (X4_2; A4_1 and A4_2) or none to
  // find quickly.
  if (n == 0) return false;
  auto label_ok = [&](std::size_t start, std::size_t end) noexcept {
    const std::size_t length = end - start;
    if (length == 0) return end == n && start > 0 ? rules.empty_root_ok : rules.empty_label_ok;
    // Possibly an xn-- label (to decode), else V2 when CheckHyphens.
    if (length >= 4 && in[start + 2] == '-' && in[start + 3] == '-') return false;
    if (rules.check_hyphens && (in[start] == '-' || in[end - 1] == '-')) return false;  // V3
    return !rules.dns_lengths || length <= max_label_length;
  };
  std::size_t start = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const auto c = static_cast<std::uint32_t>(static_cast<std::make_unsigned_t<Char>>(in[i]));
    if (c >= 0x80) return false;
    const std::uint8_t k = kinds[c];
    if (k == letter_or_digit || k == hyphen) continue;
    if (k == other) return false;
    if (!label_ok(start, i)) return false;
    start = i + 1;
  }
  if (!label_ok(start, n)) return false;
  // A4_1.  A root dot is not counted, but with VerifyDnsLength its empty
  // label has already failed (A4_2) above.
  return !rules.dns_lengths || n <= max_domain_length;
}

/// The label rules of plain_by_code_unit on n <= 64 positions at once.
[[gnu::always_inline]] inline bool labels_ok(std::uint64_t dots, std::uint64_t hyphens, std::size_t n,
                                             const label_rules& rules) noexcept {
  const std::uint64_t last = std::uint64_t{1} << (n - 1);
  const std::uint64_t starts = (dots << 1) | 1;   // first position of each label (a dot when it is empty)
  const std::uint64_t ends = (dots >> 1) | last;  // last position of each label
  std::uint64_t failing = 0;
  // An empty label before a dot: its first position is that dot.
  if (!rules.empty_label_ok) failing |= starts & dots;
  // The empty root label after a trailing dot.
  if (!rules.empty_root_ok) failing |= dots & last;
  // "--" in the 3rd and 4th positions of a label of 4 or more: possibly
  // an xn-- label (to decode), else V2 when CheckHyphens.
  failing |= starts & ~dots & ~(dots >> 1) & (hyphens >> 2) & (hyphens >> 3);
  // V3: a label that begins or ends with '-'.
  if (rules.check_hyphens) failing |= (starts | ends) & hyphens;
  // A4_2: only 64 positions with no dot make a label longer than 63; the
  // whole domain cannot pass 253.
  if (rules.dns_lengths && n > max_label_length && dots == 0) return false;
  return failing == 0;
}

/// Each ASCII code unit's part in the decision, for masks_by_code_unit: bit
/// 0 rejects it (not a-z A-Z 0-9 '-' '.'), bit 1 is a dot, bit 2 a hyphen.
/// Entry 128 stands for every non-ASCII unit.
constexpr std::array<std::uint8_t, 129> unit_bits = [] {
  std::array<std::uint8_t, 129> t{};
  for (std::size_t c = 0; c < t.size(); ++c) {
    const std::uint8_t k = c < 128 ? kinds[c] : std::uint8_t{other};
    t[c] = k == other ? 1 : k == dot ? 2 : k == hyphen ? 4 : 0;
  }
  return t;
}();

/// plain_by_code_unit for 1 to 64 code units without a branch per unit:
/// one table load per unit builds the masks of dots and hyphens, and
/// labels_ok applies every label rule to them at once (as the SSE2 path
/// does with vectors).  Where there is no SSE2 (wasm32, aarch64) and for
/// UTF-16 and UTF-32 input, this is the path nearly every domain takes;
/// plain_by_code_unit branches on every unit and every dot.
template <class Char>
[[gnu::always_inline]] inline bool plain_by_masks(std::basic_string_view<Char> in, const label_rules& rules) noexcept {
  const std::size_t n = in.size();
  std::uint64_t dots = 0;
  std::uint64_t hyphens = 0;
  unsigned rejected = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const auto c = static_cast<std::uint32_t>(static_cast<std::make_unsigned_t<Char>>(in[i]));
    const unsigned k = unit_bits[std::min<std::uint32_t>(c, 128)];
    rejected |= k;
    dots |= std::uint64_t{(k >> 1) & 1u} << i;
    hyphens |= std::uint64_t{(k >> 2) & 1u} << i;
  }
  // 64 units cannot pass 253 (A4_1); labels_ok covers A4_2.
  return (rejected & 1u) == 0 && labels_ok(dots, hyphens, n, rules);
}

#if defined(PUNY_VECTOR128)

// Domains of 8 to 64 code units — nearly every real one — in UTF-8 or
// UTF-16 are read in 16-byte vectors (UTF-16 narrowed to bytes on the
// way, every non-ASCII unit becoming a byte that is rejected) made of
// loads that overlap at the end rather than run past it, so the number of
// loads and the code path do not depend on the length (a length-dependent
// loop mispredicts on every other domain).  Each position is then a bit of
// a 64-bit mask, and every label rule is a few operations on the masks of
// dots and hyphens (labels_ok).  The helpers are forced inline: out of
// line, their vectors and masks go through memory, which costs as much as
// the work itself.  SSE2 on x86-64, SIMD128 in WebAssembly
// (simd/vector128.hpp).
constexpr std::size_t vector_min = 8;
constexpr std::size_t vector_max = 64;

using v128::vec;

/// A vector of input bytes, classified.
struct classified {
  vec lowered;       // A-Z lowered, everything else as it was
  vec rejected;      // 0xFF where the byte is none of a-z A-Z 0-9 '-' '.'
  unsigned dots;     // bit i: byte i is '.'
  unsigned hyphens;  // bit i: byte i is '-'
};

/// 0xFF in the bytes of v within [lo, lo + count): one add and one signed
/// compare, as the add moves lo to -128 and wraps everything below the
/// range above it.
[[gnu::always_inline]] inline vec in_range(vec v, char lo, int count) noexcept {
  const vec shifted = v128::add8(v, v128::splat8(static_cast<char>(0x80 - lo)));
  return v128::lt8(shifted, v128::splat8(static_cast<char>(-128 + count)));
}

/// For the UTS #46 fast path: a-z A-Z 0-9 '-' '.' accepted, with the
/// positions of the dots and hyphens.
[[gnu::always_inline]] inline classified ldh_classify(vec v) noexcept {
  const vec upper = in_range(v, 'A', 26);
  const vec lowered = v128::or_(v, v128::and_(upper, v128::splat8(0x20)));
  const vec dot = v128::eq8(v, v128::splat8('.'));
  const vec hyphen = v128::eq8(v, v128::splat8('-'));
  const vec accepted = v128::or_(v128::or_(in_range(lowered, 'a', 26), in_range(v, '0', 10)), v128::or_(dot, hyphen));
  return {lowered, v128::and_not(v128::splat8(-1), accepted), v128::bitmask8(dot), v128::bitmask8(hyphen)};
}

/// 8 code units as 8 bytes in the low half (UTF-16: narrowed, so that a
/// non-ASCII unit becomes 0x00 or 0xFF, both rejected).
[[gnu::always_inline]] inline vec load8(const char* p) noexcept { return v128::load8(p); }
[[gnu::always_inline]] inline vec load8(const char16_t* p) noexcept {
  return v128::narrow16(v128::load16(p), v128::zero());
}
/// 16 code units as 16 bytes.
[[gnu::always_inline]] inline vec load16(const char* p) noexcept { return v128::load16(p); }
[[gnu::always_inline]] inline vec load16(const char16_t* p) noexcept {
  return v128::narrow16(v128::load16(p), v128::load16(p + 8));
}

/// The low 8 bytes of v written as 8 code units at p.
[[gnu::always_inline]] inline void store8(char* p, vec v) noexcept { v128::store8(p, v); }
[[gnu::always_inline]] inline void store8(char16_t* p, vec v) noexcept { v128::store16(p, v128::widen_low(v)); }
/// The 16 bytes of v written as 16 code units at p.
[[gnu::always_inline]] inline void store16(char* p, vec v) noexcept { v128::store16(p, v); }
[[gnu::always_inline]] inline void store16(char16_t* p, vec v) noexcept {
  v128::store16(p, v128::widen_low(v));
  v128::store16(p + 8, v128::widen_high(v));
}

/// The bits of a 16-bit lane mask at input positions: lanes 0-7 from
/// position `low`, lanes 8-15 from position `high`.
[[gnu::always_inline]] inline std::uint64_t place(unsigned lanes, std::size_t low, std::size_t high) noexcept {
  return (std::uint64_t{lanes & 0xFFu} << low) | (std::uint64_t{lanes >> 8} << high);
}

/// The masks of a whole domain, and where its vectors came from.
struct domain_bits {
  std::size_t at[4];  // where each 8-unit half (n <= 32) or each vector (n > 32) was read
  vec rejected;       // any lane nonzero: some unit is not a-z A-Z 0-9 '-' '.'
  std::uint64_t dots = 0;
  std::uint64_t hyphens = 0;
};

/// n in [8, 32]: four 8-unit loads at 0, 8, 16, 24, each pulled back to
/// end at most at n.
template <classified (*classify)(vec), class Char>
[[gnu::always_inline]] inline void read_up_to_32(const Char* in, std::size_t n, domain_bits& d,
                                                 vec (&lowered)[4]) noexcept {
  for (std::size_t j = 0; j < 4; ++j) d.at[j] = std::min(8 * j, n - 8);
  const classified a = classify(v128::low_halves(load8(in + d.at[0]), load8(in + d.at[1])));
  const classified b = classify(v128::low_halves(load8(in + d.at[2]), load8(in + d.at[3])));
  d.rejected = v128::or_(a.rejected, b.rejected);
  d.dots = place(a.dots, d.at[0], d.at[1]) | place(b.dots, d.at[2], d.at[3]);
  d.hyphens = place(a.hyphens, d.at[0], d.at[1]) | place(b.hyphens, d.at[2], d.at[3]);
  lowered[0] = a.lowered;
  lowered[1] = b.lowered;
}

/// n in (32, 64]: four 16-unit loads at 0, 16, 32, 48, pulled back the same way.
template <classified (*classify)(vec), class Char>
[[gnu::always_inline]] inline void read_up_to_64(const Char* in, std::size_t n, domain_bits& d,
                                                 vec (&lowered)[4]) noexcept {
  for (std::size_t j = 0; j < 4; ++j) d.at[j] = std::min(16 * j, n - 16);
  vec rejected = v128::zero();
  for (std::size_t j = 0; j < 4; ++j) {
    const classified c = classify(load16(in + d.at[j]));
    rejected = v128::or_(rejected, c.rejected);
    d.dots |= std::uint64_t{c.dots} << d.at[j];
    d.hyphens |= std::uint64_t{c.hyphens} << d.at[j];
    lowered[j] = c.lowered;
  }
  d.rejected = rejected;
}

/// A whole domain of vector_min to vector_max units, classified.
template <classified (*classify)(vec), class Char>
[[gnu::always_inline]] inline void read_domain(const Char* in, std::size_t n, domain_bits& d,
                                               vec (&lowered)[4]) noexcept {
  if (n > 32) {
    read_up_to_64<classify>(in, n, d, lowered);
  } else {
    read_up_to_32<classify>(in, n, d, lowered);
  }
}

/// The lowered vectors of read_domain written back at the positions they
/// were read from: overlapping units agree.
template <class Out>
[[gnu::always_inline]] inline void store_lowered(Out* out, std::size_t n, const domain_bits& d,
                                                 const vec (&lowered)[4]) noexcept {
  if (n > 32) {
    for (std::size_t j = 0; j < 4; ++j) store16(out + d.at[j], lowered[j]);
  } else {
    for (std::size_t j = 0; j < 2; ++j) {
      store8(out + d.at[2 * j], lowered[j]);
      store8(out + d.at[2 * j + 1], v128::high_half(lowered[j]));
    }
  }
}

/// lower_plain_ascii_domain for vector_min to vector_max code units of
/// UTF-8 or UTF-16; writes to `out` only when it returns true.
template <class Char, class Out>
[[gnu::always_inline]] inline bool lower_by_vector(const Char* in, std::size_t n, Out* out,
                                                   const label_rules& rules) noexcept {
  domain_bits d;
  vec lowered[4];
  read_domain<ldh_classify>(in, n, d, lowered);
  if (v128::bitmask8(d.rejected) != 0 || !labels_ok(d.dots, d.hyphens, n, rules)) return false;
  store_lowered(out, n, d, lowered);
  return true;
}

/// For the URL Standard's shortcut with forbidden domain code points: any
/// ASCII byte but those (U+0000-U+0020, # % / : < > ? @ [ \ ] ^ | U+007F)
/// accepted.  A byte of 0x80 or more is negative as a signed byte, so the
/// one compare below U+0021 rejects it with the controls and the space;
/// narrowed UTF-16 gives 0x00 or 0xFF for a non-ASCII unit, both rejected.
[[gnu::always_inline]] inline classified url_classify(vec v) noexcept {
  const vec upper = in_range(v, 'A', 26);
  const vec lowered = v128::or_(v, v128::and_(upper, v128::splat8(0x20)));
  vec rejected = v128::lt8(v, v128::splat8(0x21));
  rejected = v128::or_(rejected, v128::or_(v128::eq8(v, v128::splat8('#')), v128::eq8(v, v128::splat8('%'))));
  rejected = v128::or_(rejected, v128::or_(v128::eq8(v, v128::splat8('/')), v128::eq8(v, v128::splat8(':'))));
  rejected = v128::or_(rejected, v128::or_(v128::eq8(v, v128::splat8('<')), in_range(v, '>', 3)));  // > ? @
  rejected = v128::or_(rejected, v128::or_(in_range(v, '[', 4), v128::eq8(v, v128::splat8('|'))));  // [ \ ] ^
  rejected = v128::or_(rejected, v128::eq8(v, v128::splat8(0x7F)));
  return {lowered, rejected, 0, 0};
}

/// lower_url_ascii_domain with forbidden code points, for vector_min to
/// vector_max code units of UTF-8 or UTF-16; writes only when it returns true.
template <class Char>
[[gnu::always_inline]] inline bool lower_url_by_vector(const Char* in, std::size_t n, char* out) noexcept {
  domain_bits d;
  vec lowered[4];
  read_domain<url_classify>(in, n, d, lowered);
  if (v128::bitmask8(d.rejected) != 0) return false;
  store_lowered(out, n, d, lowered);
  return true;
}

/// Whether the vector path reads this code unit type and writes this output type.
template <class Char, class Out>
constexpr bool vector_pair = (std::is_same_v<Char, char> && std::is_same_v<Out, char>) ||
                             (std::is_same_v<Char, char16_t> &&
                              (std::is_same_v<Out, char> || std::is_same_v<Out, char16_t>));

#endif  // PUNY_VECTOR128

}  // namespace

template <class Char, class Out>
ascii_fast_path lower_plain_ascii_domain(std::basic_string_view<Char> in, std::span<Out> out,
                                         const idna_options& options, idna_operation operation) noexcept {
  const label_rules rules = rules_for(options, operation);
  const std::size_t n = in.size();
  // A first label of four or more code units with "--" in the 3rd and 4th
  // positions, as every xn-- label has, is never taken (see the header):
  // ToUnicode of an ACE domain, a common case, is refused from four code
  // units rather than after classifying all of them.
  if (n >= 4 && in[2] == '-' && in[3] == '-' && in[0] != '.' && in[1] != '.') return ascii_fast_path::not_taken;
#if defined(PUNY_VECTOR128)
  if constexpr (vector_pair<Char, Out>) {
    if (n >= vector_min && n <= vector_max && n <= out.size()) {
      // Likewise a UTF-8 domain with a non-ASCII byte among its first
      // eight, as most domains for ToASCII that are not plain ASCII have.
      if constexpr (std::is_same_v<Char, char>) {
        if (v128::bitmask8(v128::load8(in.data())) != 0) return ascii_fast_path::not_taken;
      }
      return lower_by_vector(in.data(), n, out.data(), rules) ? ascii_fast_path::written : ascii_fast_path::not_taken;
    }
  }
#endif
  // Short, long or wide input, or too little room: checked first, so that
  // nothing is written for a domain the general path takes.
  const bool plain = n == 0 ? false : n <= 64 ? plain_by_masks(in, rules) : plain_by_code_unit(in, rules);
  if (!plain) return ascii_fast_path::not_taken;
  if (n > out.size()) return ascii_fast_path::output_too_small;
  for (std::size_t i = 0; i < n; ++i) {
    out[i] = static_cast<Out>(ascii_lower(static_cast<char32_t>(static_cast<std::make_unsigned_t<Char>>(in[i]))));
  }
  return ascii_fast_path::written;
}

template <class Char>
ascii_fast_path lower_url_ascii_domain(std::basic_string_view<Char> in, std::span<char> out, bool forbid) noexcept {
  const std::size_t n = in.size();
  if (n == 0) return ascii_fast_path::not_taken;  // W2, or an empty result: the caller's
#if defined(PUNY_VECTOR128)
  if constexpr (std::is_same_v<Char, char> || std::is_same_v<Char, char16_t>) {
    // Without `forbid` U+0000 is accepted, which narrowed UTF-16 cannot
    // tell from U+8000 and above: that rare option set takes the loop.
    if (forbid && n >= vector_min && n <= vector_max && n <= out.size()) {
      return lower_url_by_vector(in.data(), n, out.data()) ? ascii_fast_path::written : ascii_fast_path::not_taken;
    }
  }
#endif
  // One pass that checks, then one that writes, so that nothing is written
  // for an input the caller takes on.
  std::uint32_t any = 0;
  bool forbidden = false;
  for (std::size_t i = 0; i < n; ++i) {
    const auto c = static_cast<std::uint32_t>(static_cast<std::make_unsigned_t<Char>>(in[i]));
    any |= c;
    forbidden |= forbid && c < 0x80 && is_forbidden_domain_code_point(c);
  }
  if (any >= 0x80 || forbidden) return ascii_fast_path::not_taken;
  if (n > out.size()) return ascii_fast_path::output_too_small;
  for (std::size_t i = 0; i < n; ++i) {
    out[i] = static_cast<char>(ascii_lower(static_cast<char32_t>(static_cast<std::make_unsigned_t<Char>>(in[i]))));
  }
  return ascii_fast_path::written;
}

template ascii_fast_path lower_url_ascii_domain<char>(std::string_view, std::span<char>, bool) noexcept;
template ascii_fast_path lower_url_ascii_domain<char16_t>(std::u16string_view, std::span<char>, bool) noexcept;
template ascii_fast_path lower_url_ascii_domain<char32_t>(std::u32string_view, std::span<char>, bool) noexcept;

template ascii_fast_path lower_plain_ascii_domain<char, char>(std::string_view, std::span<char>, const idna_options&,
                                                              idna_operation) noexcept;
template ascii_fast_path lower_plain_ascii_domain<char16_t, char>(std::u16string_view, std::span<char>,
                                                                  const idna_options&, idna_operation) noexcept;
template ascii_fast_path lower_plain_ascii_domain<char32_t, char>(std::u32string_view, std::span<char>,
                                                                  const idna_options&, idna_operation) noexcept;
template ascii_fast_path lower_plain_ascii_domain<char16_t, char16_t>(std::u16string_view, std::span<char16_t>,
                                                                      const idna_options&, idna_operation) noexcept;
template ascii_fast_path lower_plain_ascii_domain<char32_t, char32_t>(std::u32string_view, std::span<char32_t>,
                                                                      const idna_options&, idna_operation) noexcept;

}  // namespace puny::detail
