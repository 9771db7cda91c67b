/// \file
/// puny — Bootstring parameter sets (RFC 3492 §4, §5).
#pragma once

#include <cstdint>

namespace puny {

/// The digit-value of an ASCII character under RFC 3492 §5 (A–Z and a–z are
/// 0–25, 0–9 are 26–35), or 0xFF when it has none.  Case-insensitive, as §5
/// requires of a decoder.
[[nodiscard]] constexpr std::uint8_t digit_value(char c) noexcept {
  const auto u = static_cast<unsigned char>(c);
  if (u >= '0' && u <= '9') return static_cast<std::uint8_t>(u - '0' + 26);
  if (u >= 'a' && u <= 'z') return static_cast<std::uint8_t>(u - 'a');
  if (u >= 'A' && u <= 'Z') return static_cast<std::uint8_t>(u - 'A');
  return 0xFF;
}

/// The lowercase (or, with `upper`, uppercase) character for a digit-value
/// below 36.  Digits 26–35 are 0–9 and have no case.
[[nodiscard]] constexpr char digit_char(std::uint32_t d, bool upper = false) noexcept {
  if (d < 26) return static_cast<char>((upper ? 'A' : 'a') + d);
  return static_cast<char>('0' + (d - 26));
}

/// A Bootstring parameter set.  The basic code points are ASCII (0..7F) and
/// digit-values are those of §5, so `base` is at most 36.
///
/// It is a structural type: a constant parameter set can be a template
/// argument (`puny::encode<my_params>(...)`), which checks it at compile time.
struct bootstring {
  /// Number of digit-values: the radix of the variable-length integers (§3.3).
  std::uint32_t base = 36;
  /// Lower bound of a digit's threshold t (§3.3, §6.1).
  std::uint32_t tmin = 1;
  /// Upper bound of a digit's threshold t (§3.3, §6.1).
  std::uint32_t tmax = 26;
  /// Bias adaptation: the k + ((base - tmin + 1) * delta) / (delta + skew)
  /// step (§3.4, §6.1).
  std::uint32_t skew = 38;
  /// Bias adaptation: the first delta is divided by damp instead of 2, as it
  /// is usually much larger than the ones after it (§3.4).
  std::uint32_t damp = 700;
  /// The bias before the first delta (§6.2, §6.3).
  std::uint32_t initial_bias = 72;
  /// The first code point the deltas count from (§6.2, §6.3).
  char32_t initial_n = 0x80;
  /// Ends the basic code points, when there are any (§3.1).
  char delimiter = '-';

  /// The §4 constraints, plus the two the RFC leaves implicit that every
  /// implementation needs to terminate:
  ///  * 2 <= base <= 36 (one digit-value per distinct case-folded ASCII letter
  ///    or decimal digit);
  ///  * 1 <= tmax: with tmax = 0 no digit ever ends an integer;
  ///  * tmin <= base - 2: with base - tmin = 1 the loop in adapt() (§6.1)
  ///    divides by 1 forever;
  ///  * the delimiter is a basic code point with no digit-value below base;
  ///  * initial_n <= 0x10FFFF.
  [[nodiscard]] constexpr bool valid() const noexcept {
    if (base < 2 || base > 36) return false;
    if (tmax < 1 || tmin > tmax || tmax > base - 1) return false;
    if (tmin > base - 2) return false;
    if (skew < 1 || damp < 2) return false;
    if (initial_bias % base > base - tmin) return false;
    if (static_cast<unsigned char>(delimiter) >= 0x80) return false;
    if (digit_value(delimiter) < base) return false;
    if (initial_n > 0x10FFFF) return false;
    return true;
  }

  /// Appendix A: mixed-case annotation needs every digit-value below tmax to
  /// be a letter (have an uppercase and a lowercase form).
  [[nodiscard]] constexpr bool supports_case_flags() const noexcept { return tmax <= 26; }

  /// Member-wise: two parameter sets are equal when every value is.
  friend constexpr bool operator==(const bootstring&, const bootstring&) = default;
};

/// Punycode's parameter values, RFC 3492 §5.  The fast path.
inline constexpr bootstring punycode_params{};

static_assert(punycode_params.valid());

}  // namespace puny
