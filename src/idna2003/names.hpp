// puny — the labels of a whole name for the IDNA2003 conversions (RFC 3490
// §3.1, §4 steps 2 and 5): split on the four separators, in UTF-8 or
// UTF-32, with one trailing separator standing for the root.  Internal.
#pragma once

#include <cstddef>
#include <span>
#include <string_view>
#include <type_traits>

#include "idna2003/labels.hpp"
#include "idna2003/scratch.hpp"
#include "puny/utf8.hpp"

namespace puny::detail::idna2003 {

/// Where the next separator starts at or after `from`, and how many code
/// units it takes (0 at the end of the name).  UTF-8 input must be valid:
/// U+3002 is E3 80 82, U+FF0E is EF BC 8E, U+FF61 is EF BD A1.
struct separator_at {
  std::size_t at;
  std::size_t length;
};

[[nodiscard]] inline separator_at find_separator(std::string_view s, std::size_t from) noexcept {
  for (std::size_t i = from; i < s.size(); ++i) {
    const auto b = static_cast<unsigned char>(s[i]);
    if (b == '.') return {i, 1};
    if (b == 0xE3 && static_cast<unsigned char>(s[i + 1]) == 0x80 && static_cast<unsigned char>(s[i + 2]) == 0x82) {
      return {i, 3};
    }
    if (b == 0xEF) {
      const auto b1 = static_cast<unsigned char>(s[i + 1]);
      const auto b2 = static_cast<unsigned char>(s[i + 2]);
      if ((b1 == 0xBC && b2 == 0x8E) || (b1 == 0xBD && b2 == 0xA1)) return {i, 3};
    }
  }
  return {s.size(), 0};
}

[[nodiscard]] inline separator_at find_separator(std::u32string_view s, std::size_t from) noexcept {
  for (std::size_t i = from; i < s.size(); ++i) {
    if (is_label_separator(s[i])) return {i, 1};
  }
  return {s.size(), 0};
}

/// One label: its code units [begin, end) in the name and its index.  The
/// root is the empty label after a final separator (`a.b.`); it is not
/// converted, only its separator is written.
struct label_span {
  std::size_t index = 0;
  std::size_t begin = 0;
  std::size_t end = 0;
  bool root = false;
};

/// The labels of `name` from code unit `pos` (the start of label `index`).
template <class Char>
class label_walker {
 public:
  label_walker(std::basic_string_view<Char> name, std::size_t pos = 0, std::size_t index = 0) noexcept
      : name_(name), pos_(pos), index_(index) {}

  /// The next label, or false after the last one.
  bool next(label_span& l) noexcept {
    if (done_) return false;
    const separator_at sep = find_separator(name_, pos_);
    l.index = index_++;
    l.begin = pos_;
    l.end = sep.at;
    l.root = false;
    if (sep.length == 0) {
      done_ = true;
      l.root = l.index > 0 && pos_ == name_.size();
    } else {
      pos_ = sep.at + sep.length;
    }
    return true;
  }

 private:
  std::basic_string_view<Char> name_;
  std::size_t pos_;
  std::size_t index_;
  bool done_ = false;
};

/// The code points of one label of a name: a view of UTF-32 input, or UTF-8
/// input (already validated) decoded into `buffer`.  Empty with `ok` false
/// when memory for a huge label was refused.
struct label_text {
  std::u32string_view text;
  bool ok = true;
};

[[nodiscard]] inline label_text code_points_of(std::u32string_view name, const label_span& l,
                                               elastic_buffer<char32_t, max_stack_domain>&) noexcept {
  return {name.substr(l.begin, l.end - l.begin), true};
}

[[nodiscard]] inline label_text code_points_of(std::string_view name, const label_span& l,
                                               elastic_buffer<char32_t, max_stack_domain>& buffer) noexcept {
  const std::size_t bytes = l.end - l.begin;
  const std::span<char32_t> out = buffer.get(bytes);
  if (out.empty() && bytes != 0) return {{}, false};
  const puny::result r = utf8_to_utf32(std::span<const char>(name.data() + l.begin, bytes), out);
  return {{out.data(), r.written}, true};
}

/// The input check every whole-name conversion starts with: well-formed
/// UTF-8 (status::invalid_utf8 at the byte offset of the bad sequence), or
/// UTF-32 without values above U+10FFFF (status::invalid_code_point at the
/// index of the first).  UTF-32 surrogates pass here: Nameprep prohibits
/// them (RFC 3454 C.5), as the JDNA test 4-3-7 expects.
struct input_check {
  status code = status::success;
  std::size_t position = 0;
};

[[nodiscard]] inline input_check check_input(std::string_view name) noexcept {
  const puny::result v = validate_utf8(std::span<const char>(name.data(), name.size()));
  return {v.code, v.position};
}

[[nodiscard]] inline input_check check_input(std::u32string_view name) noexcept {
  for (std::size_t i = 0; i < name.size(); ++i) {
    if (name[i] > 0x10FFFF) return {status::invalid_code_point, i};
  }
  return {};
}

/// True when every code unit is ASCII.
template <class Char>
[[nodiscard]] bool all_ascii(std::basic_string_view<Char> s) noexcept {
  std::make_unsigned_t<Char> any = 0;
  for (const Char c : s) any |= static_cast<std::make_unsigned_t<Char>>(c);
  return any < 0x80;
}

}  // namespace puny::detail::idna2003
