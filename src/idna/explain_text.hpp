// puny — the wording shared by the explanations of <puny/explain.hpp>:
// property value names as the Unicode Character Database spells them, and
// code points and text shown so that a reader can see what they are.
// Internal.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "unicode/ucd.hpp"

namespace puny::detail::explain_text {

/// "L", "AL", "NSM", ... (PropertyValueAliases.txt, Bidi_Class).
[[nodiscard]] std::string_view bidi_class_name(ucd::bidi_class c) noexcept;
/// "U", "C", "D", "L", "R", "T" (PropertyValueAliases.txt, Joining_Type).
[[nodiscard]] std::string_view joining_type_name(ucd::joining_type t) noexcept;
/// "valid", "ignored", "mapped", "deviation", "disallowed" (IdnaMappingTable.txt).
[[nodiscard]] std::string_view idna_status_name(ucd::idna_status s) noexcept;

/// True when the code point can be shown as itself between quotes without
/// hiding, reordering or merging with the text around it.
[[nodiscard]] bool is_showable(char32_t cp) noexcept;

/// "U+00FC 'ü'"; "U+200C ZERO WIDTH NON-JOINER" and the same for U+200D,
/// the two code points the CONTEXTJ rules are about; "U+0301" for what
/// is_showable() refuses.
[[nodiscard]] std::string code_point(char32_t cp);

/// code_point(cp) followed by " at position N".
[[nodiscard]] std::string code_point_at(char32_t cp, std::size_t position);

/// The text in double quotes, with every code point that is_showable()
/// refuses (and '"', '\') written as \u{XXXX}.
[[nodiscard]] std::string quoted(std::u32string_view text);

/// " (3 times in the label)" for n > 1, else "".
[[nodiscard]] std::string repeated(std::size_t n);

}  // namespace puny::detail::explain_text
