/// \file
/// puny — status codes and the result of a core (buffer-based) conversion.
///
/// Every core function in puny is noexcept and reports failure through a
/// `puny::result`: what went wrong (`code`), where in the input it went wrong
/// (`position`), and, for size errors, how much room would have been enough
/// (`needed`).  Nothing is ever silently replaced.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

/// Punycode (RFC 3492), the general Bootstring algorithm, and IDNA (UTS #46
/// ToASCII / ToUnicode): the C++ API.  Its nested namespace detail is the
/// implementation, not an interface.
namespace puny {

/// Why a conversion stopped.  Values are stable; new ones are only appended.
enum class status : std::uint8_t {
  /// The conversion finished.
  success = 0,
  /// RFC 3492 §6.2: a character with no digit-value where a digit was expected
  /// (this includes a delimiter after the literal portion).
  invalid_digit,
  /// RFC 3492 §6.2: the input ended inside a variable-length integer.
  truncated_integer,
  /// RFC 3492 §6.2: a non-basic code point before the last delimiter.
  non_basic_literal,
  /// The last delimiter has nothing before it ("-" or "-abc").  The RFC's
  /// decoder fails on it as an invalid digit; accepting it would give a
  /// second encoding of a string (§6.2 uniqueness), so it is its own status.
  empty_literal,
  /// RFC 3492 §6.2: a delta that decodes to a basic code point (possible only
  /// with a parameter set whose initial_n is below 0x80).
  encoded_basic,
  /// RFC 3492 §6.4: an integer exceeded 64 bits.
  overflow,
  /// A surrogate or a value above U+10FFFF (encoder input or decoder result),
  /// or a non-basic encoder input below the parameter set's initial_n.
  invalid_code_point,
  /// Ill-formed UTF-8 (overlong, surrogate, above U+10FFFF, truncated, stray
  /// continuation byte); `position` is the byte offset of the bad sequence.
  invalid_utf8,
  /// The output span is too small; `needed` is the size that is enough.
  output_too_small,
  /// The caller's scratch span is too small for an input this long;
  /// `needed` is the number of 64-bit words that is enough.
  scratch_too_small,
  /// A run-time Bootstring parameter set violates RFC 3492 §4, or case flags
  /// were requested from a parameter set that cannot carry them (Appendix A).
  invalid_parameters,
  /// The case-flag span is neither empty nor the size of the input.
  case_flags_size,
};

/// True for the statuses that describe malformed Punycode input, as opposed
/// to a code point, size or argument problem.
[[nodiscard]] constexpr bool is_bad_input(status s) noexcept {
  return s == status::invalid_digit || s == status::truncated_integer ||
         s == status::non_basic_literal || s == status::empty_literal ||
         s == status::encoded_basic;
}

/// A stable identifier for the status, e.g. "invalid_digit".
[[nodiscard]] constexpr std::string_view name(status s) noexcept {
  switch (s) {
    case status::success: return "success";
    case status::invalid_digit: return "invalid_digit";
    case status::truncated_integer: return "truncated_integer";
    case status::non_basic_literal: return "non_basic_literal";
    case status::empty_literal: return "empty_literal";
    case status::encoded_basic: return "encoded_basic";
    case status::overflow: return "overflow";
    case status::invalid_code_point: return "invalid_code_point";
    case status::invalid_utf8: return "invalid_utf8";
    case status::output_too_small: return "output_too_small";
    case status::scratch_too_small: return "scratch_too_small";
    case status::invalid_parameters: return "invalid_parameters";
    case status::case_flags_size: return "case_flags_size";
  }
  return "unknown";
}

/// A short English explanation of the status.
[[nodiscard]] constexpr std::string_view message(status s) noexcept {
  switch (s) {
    case status::success: return "success";
    case status::invalid_digit: return "character is not a Punycode digit";
    case status::truncated_integer: return "input ends inside a variable-length integer";
    case status::non_basic_literal: return "non-basic code point before the last delimiter";
    case status::empty_literal: return "delimiter with nothing before it";
    case status::encoded_basic: return "delta decodes to a basic code point";
    case status::overflow: return "integer overflow (RFC 3492 section 6.4)";
    case status::invalid_code_point: return "surrogate or code point above U+10FFFF";
    case status::invalid_utf8: return "invalid UTF-8";
    case status::output_too_small: return "output buffer too small";
    case status::scratch_too_small: return "scratch buffer too small";
    case status::invalid_parameters: return "Bootstring parameters violate RFC 3492 section 4";
    case status::case_flags_size: return "case flags do not match the input length";
  }
  return "unknown status";
}

/// The outcome of a core conversion into a caller's buffer.
struct [[nodiscard]] result {
  /// What happened.
  status code = status::success;
  /// Elements written to the output (meaningful on success).
  std::size_t written = 0;
  /// On failure: index into the input (code points for UTF-32 input, bytes
  /// for byte input) where the error was found.
  std::size_t position = 0;
  /// On output_too_small / scratch_too_small: the size that is enough.
  std::size_t needed = 0;

  /// True when `code` is status::success.
  [[nodiscard]] constexpr bool ok() const noexcept { return code == status::success; }
  /// ok(): `if (auto r = puny::encode(...))`.
  constexpr explicit operator bool() const noexcept { return ok(); }
};

}  // namespace puny
