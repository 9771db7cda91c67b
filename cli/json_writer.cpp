// puny CLI — JSON text (RFC 8259) for the jsonl output format.
#include "json_writer.hpp"

#include <cstddef>
#include <span>

#include "puny/utf8.hpp"

namespace puny::cli {
namespace {

// Length of the maximal subpart of the ill-formed sequence at text[pos]:
// the longest prefix of some well-formed sequence, or 1 when text[pos]
// cannot begin one (Unicode §3.9, Table 3-7 and "U+FFFD Substitution of
// Maximal Subparts").  Each maximal subpart becomes one U+FFFD.
std::size_t maximal_subpart(std::string_view text, std::size_t pos) {
  const auto b0 = static_cast<unsigned char>(text[pos]);
  std::size_t length = 0;
  unsigned lo = 0x80, hi = 0xBF;
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    length = 2;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    length = 3;
    if (b0 == 0xE0) lo = 0xA0;
    if (b0 == 0xED) hi = 0x9F;
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    length = 4;
    if (b0 == 0xF0) lo = 0x90;
    if (b0 == 0xF4) hi = 0x8F;
  } else {
    return 1;
  }
  std::size_t k = 1;
  for (; k < length && pos + k < text.size(); ++k) {
    const auto b = static_cast<unsigned char>(text[pos + k]);
    if (b < lo || b > hi) break;
    lo = 0x80;
    hi = 0xBF;
  }
  return k;
}

// \b \f \n \r \t, or \u00XX for the other controls (RFC 8259 §7).
void append_control_escape(std::string& out, unsigned char c) {
  static constexpr char hex[] = "0123456789abcdef";
  switch (c) {
    case '\b': out += "\\b"; return;
    case '\f': out += "\\f"; return;
    case '\n': out += "\\n"; return;
    case '\r': out += "\\r"; return;
    case '\t': out += "\\t"; return;
    default: break;
  }
  out += "\\u00";
  out += hex[c >> 4];
  out += hex[c & 0xF];
}

}  // namespace

void append_json_string(std::string& out, std::string_view text) {
  out += '"';
  const std::span<const char> bytes(text.data(), text.size());
  std::size_t pos = 0;
  while (pos < text.size()) {
    const auto b = static_cast<unsigned char>(text[pos]);
    if (b < 0x80) {
      if (b == '"' || b == '\\') {
        out += '\\';
        out += static_cast<char>(b);
      } else if (b < 0x20 || b == 0x7F) {
        append_control_escape(out, b);
      } else {
        out += static_cast<char>(b);
      }
      ++pos;
      continue;
    }
    const puny::detail::utf8_sequence seq = puny::detail::read_utf8(bytes, pos);
    const std::size_t length = seq.length;
    if (length == 0) {
      out += "\\ufffd";
      pos += maximal_subpart(text, pos);
    } else if (seq.value <= 0x9F) {
      // C1 controls (U+0080..U+009F) are control characters too.
      append_control_escape(out, static_cast<unsigned char>(seq.value));
      pos += length;
    } else {
      out.append(text, pos, length);
      pos += length;
    }
  }
  out += '"';
}

void append_json_string_or_null(std::string& out, bool present, std::string_view text) {
  if (present) {
    append_json_string(out, text);
  } else {
    out += "null";
  }
}

}  // namespace puny::cli
