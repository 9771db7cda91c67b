// puny — how the explanations name properties, code points and text.
#include "idna/explain_text.hpp"

#include <cstdint>
#include <iterator>

namespace puny::detail::explain_text {
namespace {

using ucd::bidi_class;

constexpr char32_t zero_width_non_joiner = 0x200C;
constexpr char32_t zero_width_joiner = 0x200D;

void append_hex(std::string& s, char32_t cp) {
  static constexpr char digits[] = "0123456789ABCDEF";
  const auto v = static_cast<std::uint32_t>(cp);
  int shift = 12;
  while (shift < 28 && (v >> (shift + 4)) != 0) shift += 4;
  for (; shift >= 0; shift -= 4) s += digits[(v >> shift) & 0xF];
}

void append_utf8(std::string& s, char32_t cp) {
  if (cp < 0x80) {
    s += static_cast<char>(cp);
  } else if (cp < 0x800) {
    s += static_cast<char>(0xC0 | (cp >> 6));
    s += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    s += static_cast<char>(0xE0 | (cp >> 12));
    s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    s += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    s += static_cast<char>(0xF0 | (cp >> 18));
    s += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    s += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

}  // namespace

std::string_view bidi_class_name(bidi_class c) noexcept {
  constexpr std::string_view names[] = {"L",   "R",   "AL",  "EN",  "ES",  "ET",  "AN",  "CS",
                                        "NSM", "BN",  "B",   "S",   "WS",  "ON",  "LRE", "LRO",
                                        "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"};
  const auto i = static_cast<std::size_t>(c);
  return i < std::size(names) ? names[i] : std::string_view("?");
}

std::string_view joining_type_name(ucd::joining_type t) noexcept {
  constexpr std::string_view names[] = {"U", "C", "D", "L", "R", "T"};
  const auto i = static_cast<std::size_t>(t);
  return i < std::size(names) ? names[i] : std::string_view("?");
}

std::string_view idna_status_name(ucd::idna_status s) noexcept {
  constexpr std::string_view names[] = {"valid", "ignored", "mapped", "deviation", "disallowed"};
  const auto i = static_cast<std::size_t>(s);
  return i < std::size(names) ? names[i] : std::string_view("?");
}

bool is_default_ignorable(char32_t cp) noexcept {
  struct range {
    char32_t first, last;
  };
  static constexpr range ignorable[] = {
      {0x00AD, 0x00AD}, {0x034F, 0x034F},   {0x061C, 0x061C},   {0x115F, 0x1160},   {0x17B4, 0x17B5},
      {0x180B, 0x180F}, {0x200B, 0x200F},   {0x202A, 0x202E},   {0x2060, 0x206F},   {0x3164, 0x3164},
      {0xFE00, 0xFE0F}, {0xFEFF, 0xFEFF},   {0xFFA0, 0xFFA0},   {0xFFF0, 0xFFF8},   {0x1BCA0, 0x1BCA3},
      {0x1D173, 0x1D17A}, {0xE0000, 0xE0FFF},
  };
  for (const range& r : ignorable) {
    if (cp >= r.first && cp <= r.last) return true;
  }
  return false;
}

bool is_hidden(char32_t cp) noexcept {
  return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0x2028 || cp == 0x2029 || is_default_ignorable(cp);
}

bool is_showable(char32_t cp) noexcept {
  if (cp >= 0x20 && cp < 0x7F) return true;
  // C0 and C1 controls, DEL; surrogates and non-code points have no UTF-8.
  if (cp < 0xA0 || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) return false;
  // Default ignorables show as nothing at all; most are BN below, but not
  // U+061C ARABIC LETTER MARK (AL) nor the Hangul fillers (L).
  if (is_default_ignorable(cp)) return false;
  const ucd::properties p = ucd::lookup_properties(cp);
  // A mark would combine with the quote before it; B, S and WS are
  // separators and spaces (U+2028 among them); the explicit Bidi formatting
  // classes (UAX #9 Table 4) would reorder the text that follows.
  if (p.mark) return false;
  switch (p.bidi) {
    case bidi_class::NSM: case bidi_class::BN: case bidi_class::B: case bidi_class::S: case bidi_class::WS:
    case bidi_class::LRE: case bidi_class::LRO: case bidi_class::RLE: case bidi_class::RLO: case bidi_class::PDF:
    case bidi_class::LRI: case bidi_class::RLI: case bidi_class::FSI: case bidi_class::PDI:
      return false;
    default:
      return true;
  }
}

std::string code_point(char32_t cp) {
  std::string s = "U+";
  append_hex(s, cp);
  if (cp == zero_width_non_joiner) {
    s += " ZERO WIDTH NON-JOINER";
  } else if (cp == zero_width_joiner) {
    s += " ZERO WIDTH JOINER";
  } else if (is_showable(cp)) {
    s += " '";
    append_utf8(s, cp);
    s += '\'';
  }
  return s;
}

std::string code_point_at(char32_t cp, std::size_t position) {
  std::string s = code_point(cp);
  s += " at position ";
  s += std::to_string(position);
  return s;
}

std::string quoted(std::u32string_view text) {
  std::string s = "\"";
  for (const char32_t cp : text) {
    if (is_showable(cp) && cp != U'"' && cp != U'\\') {
      append_utf8(s, cp);
    } else {
      s += "\\u{";
      append_hex(s, cp);
      s += '}';
    }
  }
  s += '"';
  return s;
}

std::string repeated(std::size_t n) {
  if (n <= 1) return {};
  return " (" + std::to_string(n) + " times in the label)";
}

}  // namespace puny::detail::explain_text
