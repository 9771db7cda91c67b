// puny — the two input encodings of the UTS #39 functions as one interface,
// so that the algorithms of src/security/ are written once.  Internal.
//
// A source reads one code point at a byte or element offset.  Positions are
// what the public API reports: byte offsets for UTF-8, indexes for UTF-32.
#pragma once

#include <cstddef>
#include <string_view>


namespace puny::detail::security {

/// One code point read from a source: its value and the offset after it;
/// `next` equal to the offset read from means ill-formed UTF-8 there.
struct read_code_point {
  char32_t value;
  std::size_t next;
};

/// UTF-8 input.  read() checks well-formedness (Unicode Table 3-7), so the
/// first pass over a text finds its first bad byte; replays may trust it.
class utf8_source {
 public:
  explicit constexpr utf8_source(std::string_view text) noexcept : text_(text) {}
  [[nodiscard]] constexpr std::size_t size() const noexcept { return text_.size(); }
  [[nodiscard]] read_code_point read(std::size_t at) const noexcept {
    const auto byte = [this](std::size_t i) { return static_cast<unsigned char>(text_[i]); };
    const unsigned b = byte(at);
    if (b < 0x80) return {b, at + 1};
    // Table 3-7 by value: continuation bytes are 10xxxxxx, and the value
    // must need the length used (no overlong form), be no surrogate and be
    // at most U+10FFFF.  Ill-formed: `next` stays at `at`.
    const std::size_t left = text_.size() - at;
    if (b < 0xC2) return {0, at};
    if (b < 0xE0) {
      if (left < 2 || (byte(at + 1) & 0xC0) != 0x80) return {0, at};
      return {(b & 0x1Fu) << 6 | (byte(at + 1) & 0x3Fu), at + 2};
    }
    if (b < 0xF0) {
      if (left < 3 || (byte(at + 1) & 0xC0) != 0x80 || (byte(at + 2) & 0xC0) != 0x80) return {0, at};
      const char32_t c = (b & 0x0Fu) << 12 | (byte(at + 1) & 0x3Fu) << 6 | (byte(at + 2) & 0x3Fu);
      if (c < 0x800 || (c >= 0xD800 && c <= 0xDFFF)) return {0, at};
      return {c, at + 3};
    }
    if (b > 0xF4 || left < 4 || (byte(at + 1) & 0xC0) != 0x80 || (byte(at + 2) & 0xC0) != 0x80 ||
        (byte(at + 3) & 0xC0) != 0x80)
      return {0, at};
    const char32_t c = (b & 0x07u) << 18 | (byte(at + 1) & 0x3Fu) << 12 | (byte(at + 2) & 0x3Fu) << 6 | (byte(at + 3) & 0x3Fu);
    if (c < 0x10000 || c > 0x10FFFF) return {0, at};
    return {c, at + 4};
  }
  /// True when every byte is ASCII (checked eight bytes at a time).
  [[nodiscard]] bool all_ascii() const noexcept;
  /// The UTF-8 of the code points in [from, to).
  [[nodiscard]] constexpr std::string_view bytes(std::size_t from, std::size_t to) const noexcept {
    return text_.substr(from, to - from);
  }
  [[nodiscard]] constexpr std::string_view text() const noexcept { return text_; }

 private:
  std::string_view text_;
};

/// UTF-32 input: any char32_t, never ill-formed (a surrogate or a value
/// above U+10FFFF is a code point without properties).
class utf32_source {
 public:
  explicit constexpr utf32_source(std::u32string_view text) noexcept : text_(text) {}
  [[nodiscard]] constexpr std::size_t size() const noexcept { return text_.size(); }
  [[nodiscard]] constexpr read_code_point read(std::size_t at) const noexcept { return {text_[at], at + 1}; }
  /// No bytes: a UTF-32 text goes to UTF-32 output, which needs none.
  [[nodiscard]] constexpr std::string_view bytes(std::size_t, std::size_t) const noexcept { return {}; }
  [[nodiscard]] bool all_ascii() const noexcept {
    char32_t any = 0;
    for (const char32_t c : text_) any |= c;
    return any < 0x80;
  }

 private:
  std::u32string_view text_;
};

inline bool utf8_source::all_ascii() const noexcept {
  // Eight bytes at a time: any byte with its top bit set is non-ASCII.
  const std::size_t n = text_.size();
  std::size_t i = 0;
  unsigned char any = 0;
  for (; i + 8 <= n; i += 8) {
    unsigned char block = 0;
    for (std::size_t k = 0; k < 8; ++k) block |= static_cast<unsigned char>(text_[i + k]);
    any |= block;
  }
  for (; i < n; ++i) any |= static_cast<unsigned char>(text_[i]);
  return any < 0x80;
}

}  // namespace puny::detail::security
