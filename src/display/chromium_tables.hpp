// puny — the tables of Chromium's IdnSpoofChecker, hand-ported.  Internal.
//
// Source: ARAS-Workspace/phantom-browser-core (Chromium on Unicode 17 /
// ICU 78.2) @e3540440b634887d2fd68797d61be5a946aa0001,
// components/url_formatter/spoof_checks/idn_spoof_checker.cc, and for the
// LGC set cinagroup/CinaBrowser @b3278698047791c09684716b4a3ff9ce2d424388,
// components/url_formatter/spoof_checks/skeleton_generator.cc.  Each table
// names the constructor line it comes from; the character literals are
// Chromium's, copied, with their code points beside them.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "puny/script.hpp"

namespace puny::detail::display::chromium {

// ---------------------------------------------------------------------------
// IDNSpoofChecker::SetAllowedUnicodeSet(): the ICU allowed set is
// uspoof_getRecommendedUnicodeSet() ∪ uspoof_getInclusionUnicodeSet() (in
// Unicode 17 exactly Identifier_Status=Allowed) minus these.  The two
// `#if BUILDFLAG(IS_APPLE)` removals (U+0620, U+0F8C..0F8F) are left out:
// puny follows the Linux build.

/// `allowed_set.remove(0x338u)` ... `allowed_set.remove(0x0138)`.
inline constexpr std::array<char32_t, 10> removed_characters = {
    0x0338,  // Combining Long Solidus Overlay (Mozilla's blocklist)
    0x058A,  // Armenian Hyphen (NV8)
    0x2010,  // Hyphen
    0x2019,  // Right Single Quotation Mark
    0x2027,  // Hyphenation Point
    0x30A0,  // Katakana-Hiragana Double Hyphen
    0x02BB,  // Modifier Letter Turned Comma
    0x02BC,  // Modifier Letter Apostrophe
    0x02EC,  // Modifier Letter Voicing
    0x0138,  // Latin Kra
};

struct code_point_range {
  char32_t first;
  char32_t last;
};

/// "Disallow extremely rarely used LGC character blocks."
inline constexpr std::array<code_point_range, 6> removed_ranges = {{
    {0x01CD, 0x01DC},  // Latin Ext B; Pinyin
    {0x1C80, 0x1C8F},  // Cyrillic Extended-C
    {0x1E00, 0x1E9B},  // Latin Extended Additional
    {0x1F00, 0x1FFF},  // Greek Extended
    {0xA640, 0xA69F},  // Cyrillic Extended-B
    {0xA720, 0xA7FF},  // Latin Extended-D
}};

/// The removals below U+3100 as a bitmap, one load per code point.
inline constexpr char32_t removed_bitmap_end = 0x3100;
inline constexpr std::array<std::uint64_t, removed_bitmap_end / 64> removed_bits = [] {
  std::array<std::uint64_t, removed_bitmap_end / 64> bits{};
  auto add = [&](char32_t c) {
    if (c < removed_bitmap_end) bits[c / 64] |= std::uint64_t{1} << (c % 64);
  };
  for (const char32_t c : removed_characters) add(c);
  for (const code_point_range& r : removed_ranges)
    for (char32_t c = r.first; c <= r.last; ++c) add(c);
  return bits;
}();

/// True when SetAllowedUnicodeSet() removes `c` from the allowed set.
[[nodiscard]] constexpr bool removed_from_allowed_set(char32_t c) noexcept {
  if (c < removed_bitmap_end) return ((removed_bits[c / 64] >> (c % 64)) & 1u) != 0;
  return c >= 0xA640 && c <= 0xA7FF;  // the two ranges above U+3100
}

/// True when `c` is in `set` (the sets here are short).
[[nodiscard]] constexpr bool in(std::u32string_view set, char32_t c) noexcept {
  return set.find(c) != std::u32string_view::npos;
}

/// True when `c` is in `set`, sorted (the look-alike tables).
[[nodiscard]] constexpr bool in_sorted(std::u32string_view set, char32_t c) noexcept {
  std::size_t lo = 0;
  std::size_t hi = set.size();
  while (lo < hi) {
    const std::size_t mid = (lo + hi) / 2;
    if (set[mid] < c) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo < set.size() && set[lo] == c;
}

// ---------------------------------------------------------------------------
// kWholeScriptConfusables (IDNSpoofChecker::IDNSpoofChecker()): per script,
// the letters that look like Latin letters, and the ASCII TLDs under which
// the script is expected.  `[[:Cyrl:]]` is the Script property (not scx).

struct whole_script_confusable {
  script sc;                      ///< the script_regex "[[:Xxxx:]]"
  std::u32string_view lookalikes; ///< latin_lookalike_letters, sorted
  std::array<std::string_view, 8> allowed_tlds;  ///< allowed_tlds (unused entries empty)
};

inline constexpr std::array<whole_script_confusable, 17> whole_script_confusables = {{
    // Armenian "[ագզէլհյոսւօՙ]", {"am"}
    {script::armenian,
     U"\u0559\u0561\u0563\u0566\u0567\u056C\u0570\u0575\u0578\u057D\u0582\u0585",
     {"am"}},
    // Cyrillic "[аысԁеԍһіюкјӏорԗԛѕтԝхуъьҽпгѵѡ]", TLDs containing most of the
    // Cyrillic domains.
    {script::cyrillic,
     U"\u0430\u0433\u0435\u043A\u043E\u043F\u0440\u0441\u0442\u0443\u0445\u044A\u044B\u044C\u044E\u0455"
     U"\u0456\u0458\u0461\u0475\u04BB\u04BD\u04CF\u0501\u050D\u0517\u051B\u051D",
     {"bg", "by", "kz", "pyc", "ru", "su", "ua", "uz"}},
    // Ethiopic (Ge'ez) "[ሀሠሰስበነተከዐዕዘጠፐꬅ]", {"er", "et"}
    {script::ethiopic,
     U"\u1200\u1220\u1230\u1235\u1260\u1270\u1290\u12A8\u12D0\u12D5\u12D8\u1320\u1350\uAB05",
     {"er", "et"}},
    // Georgian "[იოყძხჽჿ]", {"ge"}
    {script::georgian, U"\u10D8\u10DD\u10E7\u10EB\u10EE\u10FD\u10FF", {"ge"}},
    // Greek "[αικνρυωηοτ]", {"gr"} ("This ignores variants such as ά, έ, ή, ί.")
    {script::greek, U"\u03B1\u03B7\u03B9\u03BA\u03BD\u03BF\u03C1\u03C4\u03C5\u03C9", {"gr"}},
    // Hebrew "[דוחיןסװײ׳ﬦ]", {"il"}
    {script::hebrew, U"\u05D3\u05D5\u05D7\u05D9\u05DF\u05E1\u05F0\u05F2\u05F3\uFB26", {"il"}},
    // "Indic scripts in the recommended set. No ccTLDs are allowlisted."
    {script::bengali, U"\u09E6\u09ED", {}},
    {script::devanagari, U"\u093D\u0966\u0971", {}},
    {script::gujarati, U"\u0A9F\u0AA1\u0AE6\u0AE7", {}},
    {script::gurmukhi, U"\u0A66\u0A67", {}},
    {script::kannada, U"\u0CBD\u0CE6\u0CE7", {}},
    {script::malayalam, U"\u0D1F\u0D20\u0D27\u0D28\u0D31\u0D66", {}},
    {script::oriya, U"\u0B20\u0B66\u0B6E", {}},
    {script::tamil, U"\u0B9F\u0BAA\u0BE6", {}},
    {script::telugu, U"\u0C66\u0C67", {}},
    // Myanmar "[ခဂငထပဝ၀၂ၔၜ\u1090\u1091\u1095\u1096\u1097]" (the Shan digits), {"mm"}
    {script::myanmar,
     U"\u1001\u1002\u1004\u1011\u1015\u101D\u1040\u1042\u1054\u105C\u1090\u1091\u1095\u1096\u1097",
     {"mm"}},
    // Thai, the `#if BUILDFLAG(IS_LINUX)` set "[ทนบพรหเแ๐ดลปฟม]" (other
    // platforms: "[บพเแ๐]"), {"th"}
    {script::thai,
     U"\u0E14\u0E17\u0E19\u0E1A\u0E1B\u0E1E\u0E1F\u0E21\u0E23\u0E25\u0E2B\u0E40\u0E41\u0E50",
     {"th"}},
}};

/// kAllowedWholeScriptConfusableWords: "common words that are whole script
/// confusables.  They aren't confusable with any words in Latin scripts."
inline constexpr std::array<std::u32string_view, 12> allowed_whole_script_confusable_words = {
    U"секс", U"как", U"коса", U"курс", U"парк", U"такий",
    U"укроп", U"сахарок", U"покраска", U"театр", U"астро", U"пхукет",
};

// ---------------------------------------------------------------------------
// digit_lookalikes_ "[θ२২੨੨૨೩೭շзҙӡउওਤ੩૩౩ဒვპੜკ੫丩ㄐճ৪੪୫૭୨౨]" (੨ is listed twice
// in the source): 32 distinct code points, sorted.
inline constexpr std::u32string_view digit_lookalikes =
    U"\u03B8\u0437\u0499\u04E1\u0573\u0577\u0909\u0968\u0993\u09E8\u09EA\u0A24\u0A5C\u0A68\u0A69\u0A6A"
    U"\u0A6B\u0AE8\u0AE9\u0AED\u0B68\u0B6B\u0C68\u0C69\u0CE9\u0CED\u1012\u10D5\u10D9\u10DE\u3110\u4E29";

// ---------------------------------------------------------------------------
// A bitmap of the look-alike letters and digits above, for the range where
// nearly all of them are (Greek to Myanmar and Georgian), so that a code
// point is tested with one load; the few outside (Ethiopic, U+AB05,
// U+FB26, U+3110, U+4E29) are searched in the sorted tables.  (The policy
// itself reads these sets through the display records' bits, which
// tools/gen_security_tables.py makes from the tables above.)

inline constexpr char32_t lookalike_bitmap_first = 0x0370;
inline constexpr char32_t lookalike_bitmap_end = 0x1100;

using lookalike_bitmap = std::array<std::uint64_t, (lookalike_bitmap_end - lookalike_bitmap_first + 63) / 64>;

[[nodiscard]] constexpr lookalike_bitmap make_lookalike_bitmap(bool digits) noexcept {
  lookalike_bitmap bits{};
  auto add = [&](std::u32string_view set) {
    for (const char32_t c : set)
      if (c >= lookalike_bitmap_first && c < lookalike_bitmap_end)
        bits[(c - lookalike_bitmap_first) / 64] |= std::uint64_t{1} << ((c - lookalike_bitmap_first) % 64);
  };
  if (digits) {
    add(digit_lookalikes);
  } else {
    for (const whole_script_confusable& entry : whole_script_confusables) add(entry.lookalikes);
  }
  return bits;
}

/// The code points of any latin_lookalike_letters set, in the bitmap's range.
inline constexpr lookalike_bitmap whole_script_lookalike_bits = make_lookalike_bitmap(false);
/// The digit look-alikes in the bitmap's range.
inline constexpr lookalike_bitmap digit_lookalike_bits = make_lookalike_bitmap(true);

/// `c` is in `set` (sorted), through `bits` when `c` is in their range.
[[nodiscard]] constexpr bool in_lookalikes(const lookalike_bitmap& bits, std::u32string_view set, char32_t c) noexcept {
  if (c >= lookalike_bitmap_first && c < lookalike_bitmap_end)
    return ((bits[(c - lookalike_bitmap_first) / 64] >> ((c - lookalike_bitmap_first) % 64)) & 1u) != 0;
  return in_sorted(set, c);
}

// ---------------------------------------------------------------------------
// The dangerous-pattern regex of SafeToDisplayAsUnicode(), its character
// classes.

/// `[\u30ce\u30f3\u30bd\u30be\u4e36\u4e40\u4e41\u4e3f]`: ノ ン ソ ゾ 丶 乀 乁 丿,
/// "mistaken for slashes when surrounded by non-Japanese scripts".
inline constexpr std::u32string_view slash_like = U"\u30CE\u30F3\u30BD\u30BE\u4E36\u4E40\u4E41\u4E3F";

/// `[\u4e00\u3127\u4e28\u4e5b\u4e03\u4e05\u5341\u3007\u3112\u311a\u311f\u3128
/// \u3129\u3108\u31ba\u31b3\u5dE5\u31b2\u8ba0\u4e01\u4e36\u4e85\u4e8c\u4ea0
/// \u5196\u5b80\u5ddb]`: CJK ideographs, Bopomofo and normalized Kangxi
/// radicals that "can be used to spoof Latin characters or punctuation marks"
/// next to non-CJK characters.
inline constexpr std::u32string_view cjk_stroke_like =
    U"\u4E00\u3127\u4E28\u4E5B\u4E03\u4E05\u5341\u3007\u3112\u311A\u311F\u3128\u3129\u3108"
    U"\u31BA\u31B3\u5DE5\u31B2\u8BA0\u4E01\u4E36\u4E85\u4E8C\u4EA0\u5196\u5B80\u5DDB";

/// kana_letters_exceptions_ `[\u3078-\u307a\u30d8-\u30da\u30fb-\u30fe]`.
[[nodiscard]] constexpr bool is_kana_letter_exception(char32_t c) noexcept {
  return (c >= 0x3078 && c <= 0x307A) || (c >= 0x30D8 && c <= 0x30DA) || (c >= 0x30FB && c <= 0x30FE);
}

/// combining_diacritics_exceptions_ `[\u0300-\u0339]`.
[[nodiscard]] constexpr bool is_combining_diacritic(char32_t c) noexcept { return c >= 0x0300 && c <= 0x0339; }

/// icelandic_characters_ `[\u00fe\u00f0]`: þ and ð, allowed under .is and .fo.
[[nodiscard]] constexpr bool is_icelandic_character(char32_t c) noexcept { return c == 0x00FE || c == 0x00F0; }

/// ə U+0259, allowed under .az.
inline constexpr char32_t latin_schwa = 0x0259;
/// · U+00B7, allowed under .cat between two `l` (ela geminada, RFC 5892 A.3).
inline constexpr char32_t middle_dot = 0x00B7;

// ---------------------------------------------------------------------------
// What the display records carry for the chromium policy.
//
// tools/gen_security_tables.py reads the tables above (removed_characters,
// removed_ranges, whole_script_confusables, digit_lookalikes) and the list
// below from this file, and gives each code point's display record
// (security_data.hpp, display_record) the bits the policy's one pass over a
// label reads: in Chromium's allowed set (before the caller's options), a
// look-alike letter, a digit or digit look-alike, its script's entry of
// kWholeScriptConfusables, and "read one by one": a code point some rule
// looks for by value.  A label of none of those is decided with a few bit
// operations per code point (chromium_policy.cpp, plainly_safe).

/// The code points that rules 2, 3, 4, 6 and 8 look for one by one, as
/// ranges (the generator reads this list): the ASCII that is not a-z 0-9
/// `-` (ASCII letters are no non-ASCII Latin, `.` `_` are in rule 8's LGC
/// set); · (kUnsafeMiddleDot); ð, þ (icelandic_characters_); ə (Schwa);
/// U+0300..0339 (combining_diacritics_exceptions_, also in the LGC set, and
/// U+0307 of HIDDEN_OVERLAY); the Kana exceptions
/// (kana_letters_exceptions_).
inline constexpr std::array<code_point_range, 12> one_by_one_ranges = {{
    {0x0000, 0x002C},
    {0x002E, 0x002F},
    {0x003A, 0x0060},
    {0x007B, 0x007F},
    {0x00B7, 0x00B7},
    {0x00F0, 0x00F0},
    {0x00FE, 0x00FE},
    {0x0259, 0x0259},
    {0x0300, 0x0339},
    {0x3078, 0x307A},
    {0x30D8, 0x30DA},
    {0x30FB, 0x30FE},
}};

/// True for the code points of one_by_one_ranges.
[[nodiscard]] constexpr bool is_read_one_by_one(char32_t c) noexcept {
  for (const code_point_range& r : one_by_one_ranges)
    if (c >= r.first && c <= r.last) return true;
  return false;
}

// The list holds exactly the code points the rules' own tests pick out.
static_assert([] {
  for (char32_t c = 0; c < 0x3100; ++c) {
    const bool ascii_other = c < 0x80 && !((c >= U'a' && c <= U'z') || (c >= U'0' && c <= U'9') || c == U'-');
    const bool picked = ascii_other || c == middle_dot || is_icelandic_character(c) || c == latin_schwa ||
                        is_combining_diacritic(c) || is_kana_letter_exception(c);
    if (picked != is_read_one_by_one(c)) return false;
  }
  return true;
}());

}  // namespace puny::detail::display::chromium
