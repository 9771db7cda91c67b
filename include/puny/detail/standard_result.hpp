// puny — the result shape shared by the IDNA2008 and IDNA2003 functions:
// the status, the set of rule codes, the first label with an error, and the
// code point that broke the rule.  Not part of the public API: include
// <puny/idna2008.hpp> or <puny/idna2003.hpp>.
#pragma once

#include <cstddef>
#include <utility>

#include "../status.hpp"

namespace puny::detail {

/// What a core function of <puny/idna2008.hpp> or <puny/idna2003.hpp> did.
/// `ErrorSet` is the standard's set of rule codes.
template <class ErrorSet>
struct [[nodiscard]] standard_result {
  /// `label` when no label is at fault (no error, or an error about the
  /// whole name such as NAME_TOO_LONG).
  static constexpr std::size_t no_label = static_cast<std::size_t>(-1);
  /// success; output_too_small (nothing useful written; `needed` says how
  /// much room); invalid_utf8 (`position` is the byte offset);
  /// invalid_code_point (UTF-32 input above U+10FFFF: `position` is its
  /// index); scratch_too_small (working memory for a huge name was refused).
  status code = status::success;
  ErrorSet errors;               ///< every rule code recorded, over all labels
  std::size_t written = 0;       ///< elements written to the output
  std::size_t needed = 0;        ///< with output_too_small: the output size needed
  std::size_t position = 0;      ///< with invalid_utf8 / invalid_code_point: offset of the first bad element
  std::size_t label = no_label;  ///< index (0-based) of the first label with an error
  /// In that label, in its Unicode form (the U-label, or the decoded
  /// A-label), the index in code points of the first code point at fault;
  /// 0 when the rule is about the label as a whole (length, hyphens, Bidi
  /// rules 1, 3, 4 and 6, A-label checks).
  std::size_t offset = 0;
  /// That code point (U+0000 when the rule is about the label as a whole).
  char32_t code_point = 0;

  /// True when `code` is success and no rule code was recorded.
  [[nodiscard]] constexpr bool ok() const noexcept { return code == status::success && errors.empty(); }
  /// ok().
  constexpr explicit operator bool() const noexcept { return ok(); }
};

/// Result of a convenience function: the string, and why it failed.
template <class String, class ErrorSet>
struct [[nodiscard]] standard_converted {
  /// standard_result::no_label.
  static constexpr std::size_t no_label = static_cast<std::size_t>(-1);
  String value;                  ///< the name converted (see each function for what it holds on failure)
  status code = status::success; ///< as standard_result::code
  ErrorSet errors;               ///< as standard_result::errors
  std::size_t position = 0;      ///< as standard_result::position
  std::size_t label = no_label;  ///< as standard_result::label
  std::size_t offset = 0;        ///< as standard_result::offset
  char32_t code_point = 0;       ///< as standard_result::code_point

  /// True when `code` is success and no rule code was recorded.
  [[nodiscard]] bool ok() const noexcept { return code == status::success && errors.empty(); }
  /// ok(): `if (auto r = puny::idna2008::to_ascii(name)) use(*r);`.
  explicit operator bool() const noexcept { return ok(); }
  /// The string, as with std::optional.
  [[nodiscard]] const String& operator*() const& noexcept { return value; }
  /// The string, moved out of an rvalue so that it is not copied.
  [[nodiscard]] String&& operator*() && noexcept { return std::move(value); }
  /// Member access to the string.
  [[nodiscard]] const String* operator->() const noexcept { return &value; }
};

}  // namespace puny::detail
