// puny CLI — RFC 3492 Appendix A mixed-case annotation of UTF-8 text
// (encode --mixed-case, decode --mixed-case).
//
// Punycode of a label is case-folded text plus one flag per code point that
// says "show this one in uppercase".  encode --mixed-case lowercases each
// code point that has a simple lowercase mapping (UnicodeData field 13) and
// flags it; decode --mixed-case uppercases each flagged code point with its
// simple uppercase mapping (field 12).  Basic code points need no mapping:
// the encoder writes a flagged one in uppercase and the decoder returns
// them exactly as they are written.
//
// A code point is annotated only when its mapping round-trips
// (simple_uppercase(simple_lowercase(c)) == c): U+0130 LATIN CAPITAL
// LETTER I WITH DOT ABOVE, U+212A KELVIN SIGN or titlecase U+01C5 would
// come back as other characters, so they are encoded unchanged and
// unflagged.  That way decoding with --mixed-case always gives back exactly
// the text that was encoded with --mixed-case.
#pragma once

#include <string>
#include <vector>

namespace puny::cli {

/// Lowercases the code points that have a round-tripping simple lowercase
/// mapping and sets `uppercase` to one flag per code point, true for them.
void annotate_case(std::u32string& code_points, std::vector<bool>& uppercase);

/// Uppercases the flagged non-basic code points (`uppercase` has one flag
/// per code point); basic ones are left as they are.
void apply_case(std::u32string& code_points, const std::vector<bool>& uppercase);

}  // namespace puny::cli
