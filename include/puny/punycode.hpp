/// \file
/// puny — Punycode and the general Bootstring algorithm (RFC 3492).
///
/// Two layers:
///  * core functions — constexpr, noexcept, no heap allocation — that convert
///    between caller-provided spans and return a puny::result;
///  * wrappers that return std::string / std::u32string (and UTF-8) in a
///    puny::converted<T>, which carry the same status and position.
///
/// Punycode text here is the bare RFC 3492 form, without an IDNA "xn--"
/// prefix.  Decoding is case-insensitive on digits (§5) and accepts exactly
/// the canonical encodings of sequences of Unicode scalar values: "-" and
/// "-abc" are rejected (§6.2, uniqueness), overflow is detected exactly in
/// 64-bit arithmetic (§6.4), and decoded surrogates or values above U+10FFFF
/// are errors.
///
/// Both directions are O(n log n) in the worst case.  Inputs longer than
/// puny::inline_limit elements need scratch: pass a span of at least
/// encode_scratch_words(n) / decode_scratch_words(n) 64-bit words, or get
/// status::scratch_too_small with `needed` set.  The wrappers handle this.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bootstring.hpp"
#include "detail/bootstring_codec.hpp"
#include "status.hpp"

namespace puny {

/// Inputs of at most this many elements (code points to encode, characters
/// to decode) never need caller scratch.
inline constexpr std::size_t inline_limit = detail::inline_length;

/// 64-bit words of scratch that encoding `length` code points may need.
[[nodiscard]] constexpr std::size_t encode_scratch_words(std::size_t length) noexcept {
  return length <= inline_limit ? 0 : detail::encode_words_for(length);
}

/// 64-bit words of scratch that decoding `length` characters may need.
[[nodiscard]] constexpr std::size_t decode_scratch_words(std::size_t length) noexcept {
  return length <= inline_limit ? 0 : detail::scratch_words_for(length);
}


// ---------------------------------------------------------------------------
// Core: Punycode (§5 parameters).

/// Encodes code points as Punycode.  `uppercase`, when not empty, has one
/// flag per input code point and turns on mixed-case annotation (Appendix A):
/// a flagged basic code point is written uppercase, an unflagged one
/// lowercase, and the last digit of each delta takes its code point's flag.
/// On success `written` is the number of characters; the output span past
/// them may have been used as room for speculative digits.
[[nodiscard]] constexpr result encode(std::span<const char32_t> input, std::span<char> output,
                                      std::span<const bool> uppercase = {},
                                      std::span<std::uint64_t> scratch = {}) noexcept {
  detail::no_observer none;
  return detail::encode_impl(detail::fixed_params<punycode_params>{}, input, output, uppercase, scratch, none);
}

/// Decodes Punycode into code points.  `uppercase`, when not empty, receives
/// the Appendix A annotation of each output code point (a basic one is
/// flagged when it is an uppercase letter, a decoded one when its last digit
/// was).  On success `written` is the number of code points; the output
/// span past them may have been written too (label-sized input: up to
/// three more elements).  On failure the output holds nothing meaningful.
[[nodiscard]] constexpr result decode(std::span<const char> input, std::span<char32_t> output,
                                      std::span<bool> uppercase = {},
                                      std::span<std::uint64_t> scratch = {}) noexcept {
  detail::no_observer none;
  return detail::decode_impl(detail::fixed_params<punycode_params>{}, input, output, uppercase, scratch, none);
}

// ---------------------------------------------------------------------------
// Core: any Bootstring parameter set.

/// Encodes with a constant parameter set, checked at compile time (§4).
template <bootstring Params>
[[nodiscard]] constexpr result encode(std::span<const char32_t> input, std::span<char> output,
                                      std::span<const bool> uppercase = {},
                                      std::span<std::uint64_t> scratch = {}) noexcept {
  static_assert(Params.valid(), "Bootstring parameters violate RFC 3492 section 4");
  detail::no_observer none;
  return detail::encode_impl(detail::fixed_params<Params>{}, input, output, uppercase, scratch, none);
}

/// Decodes with a constant parameter set, checked at compile time (§4).
template <bootstring Params>
[[nodiscard]] constexpr result decode(std::span<const char> input, std::span<char32_t> output,
                                      std::span<bool> uppercase = {},
                                      std::span<std::uint64_t> scratch = {}) noexcept {
  static_assert(Params.valid(), "Bootstring parameters violate RFC 3492 section 4");
  detail::no_observer none;
  return detail::decode_impl(detail::fixed_params<Params>{}, input, output, uppercase, scratch, none);
}

/// Encodes with a parameter set known at run time; status::invalid_parameters
/// when it violates §4.
[[nodiscard]] constexpr result encode(const bootstring& params, std::span<const char32_t> input,
                                      std::span<char> output, std::span<const bool> uppercase = {},
                                      std::span<std::uint64_t> scratch = {}) noexcept {
  if (!params.valid()) return detail::fail(status::invalid_parameters, 0);
  detail::no_observer none;
  return detail::encode_impl(params, input, output, uppercase, scratch, none);
}

/// Decodes with a parameter set known at run time; status::invalid_parameters
/// when it violates §4.
[[nodiscard]] constexpr result decode(const bootstring& params, std::span<const char> input,
                                      std::span<char32_t> output, std::span<bool> uppercase = {},
                                      std::span<std::uint64_t> scratch = {}) noexcept {
  if (!params.valid()) return detail::fail(status::invalid_parameters, 0);
  detail::no_observer none;
  return detail::decode_impl(params, input, output, uppercase, scratch, none);
}

// ---------------------------------------------------------------------------
// Wrappers.  They allocate (and may throw std::bad_alloc); errors are
// reported in the result, never thrown.

/// A converted value with the status and error position of the conversion.
template <class T>
struct [[nodiscard]] converted {
  /// The result; meaningful only when ok().
  T value{};
  /// What happened.
  status code = status::success;
  /// On failure: index into the input (code points for UTF-32 input, bytes
  /// for UTF-8 or Punycode input).
  std::size_t position = 0;

  /// True when `code` is status::success.
  [[nodiscard]] bool ok() const noexcept { return code == status::success; }
  /// ok(): `if (auto p = puny::encode(U"bücher")) use(*p);`.
  explicit operator bool() const noexcept { return ok(); }
  /// The value, as with std::optional; check ok() first.
  [[nodiscard]] const T& operator*() const& noexcept { return value; }
  /// The value, moved out of an rvalue so that it is not copied.
  [[nodiscard]] T&& operator*() && noexcept { return std::move(value); }
  /// Member access to the value.
  [[nodiscard]] const T* operator->() const noexcept { return &value; }
};

/// Decoded code points with their Appendix A case flags.
struct annotated {
  /// The decoded code points.
  std::u32string code_points;
  /// One flag per code point: uppercase as annotated (Appendix A).
  std::vector<bool> uppercase;
};

/// Punycode of a code point sequence (lowercase digits).
converted<std::string> encode(std::u32string_view input);
/// Punycode with mixed-case annotation; `uppercase` has one flag per code point.
converted<std::string> encode(std::u32string_view input, const std::vector<bool>& uppercase);
/// Code points of a Punycode string.
converted<std::u32string> decode(std::string_view input);
/// Code points of a Punycode string with their case annotation.
converted<annotated> decode_annotated(std::string_view input);

/// Punycode of UTF-8 text; invalid UTF-8 gives status::invalid_utf8 at the
/// byte offset of the bad sequence.
converted<std::string> encode_utf8(std::string_view utf8);
/// UTF-8 text of a Punycode string.
converted<std::string> decode_to_utf8(std::string_view input);

/// The same with any valid Bootstring parameter set (status::invalid_parameters
/// when it violates §4).
converted<std::string> encode(const bootstring& params, std::u32string_view input);
/// Code points of a Bootstring string under any valid parameter set
/// (status::invalid_parameters when it violates §4).
converted<std::u32string> decode(const bootstring& params, std::string_view input);

}  // namespace puny
