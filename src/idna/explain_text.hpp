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

/// Default_Ignorable_Code_Point (DerivedCoreProperties.txt, Unicode 17.0):
/// shown as nothing at all.  Checked against the file for every code point
/// by the conformance tests.
[[nodiscard]] bool is_default_ignorable(char32_t cp) noexcept;

/// What a terminal would not show as itself: C0 and C1 controls, DEL,
/// U+2028 and U+2029, and is_default_ignorable() (ZWNJ and ZWJ among them,
/// and the Bidi formatting characters, which could reorder a message).
/// The CLI writes these as escapes; unlike is_showable() it keeps marks and
/// spaces, which belong in a label shown whole.
[[nodiscard]] bool is_hidden(char32_t cp) noexcept;

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
