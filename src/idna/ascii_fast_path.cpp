// puny — the ASCII fast path (see ascii_fast_path.hpp).
#include "idna/ascii_fast_path.hpp"

#include <array>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace puny::detail {
namespace {

// UTS #46 §4.2 step 4 (VerifyDnsLength): the longest label, and the
// longest domain without its root dot.
constexpr std::size_t max_label_length = 63;
constexpr std::size_t max_domain_length = 253;

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

// SWAR over 8 bytes at a time (no byte has its top bit set when these are
// used, so no addition carries into the next byte): the bytes of w that
// are at least c have their top bit set in ge(w, c).
constexpr std::uint64_t ones = 0x0101010101010101u;
constexpr std::uint64_t tops = 0x8080808080808080u;
constexpr std::uint64_t ge(std::uint64_t w, unsigned c) noexcept { return (w + (0x80 - c) * ones) & tops; }
constexpr std::uint64_t in_range(std::uint64_t w, unsigned lo, unsigned hi) noexcept {
  return ge(w, lo) & ~ge(w, hi + 1);
}
constexpr std::uint64_t uppercase_bytes(std::uint64_t w) noexcept { return in_range(w, 'A', 'Z'); }
// True when all 8 bytes are ASCII letters, digits, '-' or '.'.
constexpr bool plain_word(std::uint64_t w) noexcept {
  if ((w & tops) != 0) return false;
  const std::uint64_t ok = in_range(w, '-', '.') | in_range(w, '0', '9') | uppercase_bytes(w) | in_range(w, 'a', 'z');
  return ok == tops;
}
static_assert(plain_word(0x2D2E303961417A5Au) && !plain_word(0x2D2E30396141205Au) && !plain_word(0x2F00000000000000u));

std::uint64_t load(const char* p) noexcept {
  std::uint64_t w;
  std::memcpy(&w, p, sizeof w);
  return w;
}

}  // namespace

void ascii_lower_copy(std::string_view in, char* out) noexcept {
  std::size_t i = 0;
  for (; i + 8 <= in.size(); i += 8) {
    const std::uint64_t w = load(in.data() + i);
    // 'A'..'Z' have bit 5 clear; the top bit of each upper byte, shifted
    // down by 2, is that bit.
    const std::uint64_t lowered = w | (uppercase_bytes(w) >> 2);
    std::memcpy(out + i, &lowered, 8);
  }
  for (; i < in.size(); ++i) out[i] = static_cast<char>(ascii_lower(static_cast<char32_t>(static_cast<unsigned char>(in[i]))));
}

template <class Char>
bool is_plain_ascii_domain(std::basic_string_view<Char> in, const idna_options& options,
                           idna_operation operation) noexcept {
  const std::size_t n = in.size();
  // An empty domain always has a code (X4_2; A4_1 and A4_2) or none to
  // find quickly.
  if (n == 0) return false;
  const bool lengths = operation == idna_operation::to_ascii && options.verify_dns_length;
  // Empty labels: X4_2 in ToUnicode (but not the root label after a
  // trailing dot), A4_2 in ToASCII with VerifyDnsLength (IdnaTestV2 counts
  // the root label too).
  const bool empty_label_fails = operation == idna_operation::to_unicode || options.verify_dns_length;
  const bool root_may_be_empty = operation == idna_operation::to_unicode || !options.verify_dns_length;
  auto label_ok = [&](std::size_t start, std::size_t end) noexcept {
    const std::size_t length = end - start;
    if (length == 0) return !empty_label_fails || (end == n && start > 0 && root_may_be_empty);
    // Possibly an xn-- label (to decode), else V2 when CheckHyphens.
    if (length >= 4 && in[start + 2] == '-' && in[start + 3] == '-') return false;
    if (options.check_hyphens && (in[start] == '-' || in[end - 1] == '-')) return false;  // V3
    return !lengths || length <= max_label_length;
  };
  std::size_t start = 0;
  if constexpr (std::is_same_v<Char, char>) {
    // UTF-8: check the characters a word at a time, then visit only the
    // label boundaries.
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
      if (!plain_word(load(in.data() + i))) return false;
    }
    if (i < n) {
      // The tail: the last 8 bytes again, overlapping, when there are 8;
      // a variable-length copy would cost more than the whole check.
      if (n >= 8) {
        if (!plain_word(load(in.data() + n - 8))) return false;
      } else {
        for (; i < n; ++i) {
          if (!plain_word(0x6161616161616100u | static_cast<unsigned char>(in[i]))) return false;
        }
      }
    }
    for (;;) {
      const void* dot = std::memchr(in.data() + start, '.', n - start);
      if (dot == nullptr) break;
      const auto end = static_cast<std::size_t>(static_cast<const char*>(dot) - in.data());
      if (!label_ok(start, end)) return false;
      start = end + 1;
    }
  } else {
  for (std::size_t i = 0; i < n; ++i) {
    const auto c = static_cast<std::uint32_t>(static_cast<std::make_unsigned_t<Char>>(in[i]));
    if (c >= 0x80) return false;
    const std::uint8_t k = kinds[c];
    if (k == letter_or_digit || k == hyphen) continue;
    if (k == other) return false;
    if (!label_ok(start, i)) return false;
    start = i + 1;
  }
  }
  if (!label_ok(start, n)) return false;
  if (lengths) {
    const std::size_t domain_length = in[n - 1] == '.' ? n - 1 : n;
    if (domain_length > max_domain_length) return false;
  }
  return true;
}

template bool is_plain_ascii_domain<char>(std::string_view, const idna_options&, idna_operation) noexcept;
template bool is_plain_ascii_domain<char16_t>(std::u16string_view, const idna_options&, idna_operation) noexcept;
template bool is_plain_ascii_domain<char32_t>(std::u32string_view, const idna_options&, idna_operation) noexcept;

}  // namespace puny::detail
