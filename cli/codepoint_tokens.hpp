// puny CLI — the code point token form of RFC 3492's sample code.
//
// A token is "u+" or "U+" followed by 1 to 6 hexadecimal digits (either
// case) naming a Unicode scalar value; tokens are separated by whitespace
// (space, tab, CR, LF, VT, FF) and a line without tokens is the empty
// string.  The case of the "u" is the Appendix A uppercase flag.  Output
// tokens are written the way RFC 3492 §7.1 lists its samples: "u+" or "U+",
// uppercase hex, at least four digits, separated by single spaces.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace puny::cli {

/// Code points read from a token line.
struct token_line {
  std::u32string code_points;
  /// One Appendix A flag per code point (true for "U+").
  std::vector<bool> uppercase;
  /// Byte offset of each code point's token in the line.
  std::vector<std::size_t> offsets;
};

/// Why a token is not a code point token.
struct token_error {
  /// Byte offset of the token in the line.
  std::size_t offset = 0;
  /// 1-based number of the token in the line.
  std::size_t number = 0;
  /// The token as written.
  std::string_view token;
  /// What is wrong with it, e.g. "is a surrogate".
  std::string_view reason;
};

/// Parses a line of tokens into `out` (replacing its contents); on failure
/// returns the first bad token.
std::optional<token_error> parse_tokens(std::string_view line, token_line& out);

/// Appends the tokens of `code_points` to `out`; `uppercase` is empty or has
/// one flag per code point.
void format_tokens(std::u32string_view code_points, const std::vector<bool>& uppercase, std::string& out);

}  // namespace puny::cli
