// puny CLI — text as the reports show it.
#include "check_text.hpp"

#include <cstdint>
#include <span>

#include "idna/explain_text.hpp"
#include "puny/utf8.hpp"
#include "unicode/ucd.hpp"

namespace puny::cli {
namespace {

using detail::explain_text::is_hidden;

constexpr char hex_digits[] = "0123456789ABCDEF";

void append_escape(std::string& s, char32_t c) {
  const auto v = static_cast<std::uint32_t>(c);
  s += "\\u{";
  for (int shift = v > 0xFFFF ? 16 : 12; shift >= 0; shift -= 4) s += hex_digits[(v >> shift) & 0xF];
  s += '}';
}

void append_utf8(std::string& s, char32_t c) {
  char buffer[4];
  const result r = utf32_to_utf8(std::span<const char32_t>(&c, 1), buffer);
  s.append(buffer, r.ok() ? r.written : 0);
}

/// Text as a report shows it: hidden characters, and a combining mark
/// at its start, as \u{XXXX}; ill-formed bytes as \xHH.  It is put in
/// double quotes (with '"' and '\' escaped) when it is empty or holds a
/// space, a quote, a backslash or an escape, so that where it begins and
/// ends is never in doubt.
class shown_text {
 public:
  void add(char32_t c) {
    if (c == U'"' || c == U'\\') {
      quote_ = true;
      body_ += '\\';
      body_ += static_cast<char>(c);
    } else if (is_hidden(c) || (body_.empty() && detail::ucd::lookup_properties(c).mark)) {
      // A combining mark that begins the text (UTS #46 §4.1 criterion 6's
      // V6) would combine with whatever the report puts before it.
      quote_ = true;
      append_escape(body_, c);
    } else {
      quote_ = quote_ || c == U' ';
      append_utf8(body_, c);
    }
  }
  void add_byte(unsigned char b) {
    quote_ = true;
    body_ += "\\x";
    body_ += hex_digits[b >> 4];
    body_ += hex_digits[b & 0xF];
  }
  [[nodiscard]] std::string str() const {
    if (!quote_ && !body_.empty()) return body_;
    return '"' + body_ + '"';
  }

 private:
  std::string body_;
  bool quote_ = false;
};

}  // namespace

std::string shown(std::string_view utf8) {
  shown_text t;
  const std::span<const char> bytes(utf8.data(), utf8.size());
  for (std::size_t pos = 0; pos < utf8.size();) {
    const detail::utf8_sequence seq = detail::read_utf8(bytes, pos);
    if (seq.length == 0) {
      t.add_byte(static_cast<unsigned char>(utf8[pos]));
      ++pos;
    } else {
      t.add(seq.value);
      pos += seq.length;
    }
  }
  return t.str();
}

std::string shown(std::u32string_view text) {
  shown_text t;
  for (const char32_t c : text) t.add(c);
  return t.str();
}

/// A library detail with any hidden character escaped: the library names
/// such characters rather than writing them, and this makes sure of it.
std::string sanitized(std::string_view said) {
  std::string s;
  const std::span<const char> bytes(said.data(), said.size());
  for (std::size_t pos = 0; pos < said.size();) {
    const detail::utf8_sequence seq = detail::read_utf8(bytes, pos);
    if (seq.length == 0) {
      s += "\\x";
      s += hex_digits[static_cast<unsigned char>(said[pos]) >> 4];
      s += hex_digits[static_cast<unsigned char>(said[pos]) & 0xF];
      ++pos;
      continue;
    }
    if (is_hidden(seq.value)) {
      append_escape(s, seq.value);
    } else {
      s.append(said, pos, seq.length);
    }
    pos += seq.length;
  }
  return s;
}

}  // namespace puny::cli
