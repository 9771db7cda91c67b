// puny — IDNA2003 ToUnicode of a whole name (RFC 3490 §4 steps 1-5 with
// §4.2 on every label).  ToUnicode never fails: a label that fails any
// step is written exactly as it was in the input, and the result's codes
// say why.  The separators are written as U+002E, as libidn and Java do.
#include <type_traits>

#include "idna2003/names.hpp"

namespace puny::idna2003 {
namespace {

using puny::detail::idna2003::label_memory;
using puny::detail::idna2003::label_span;
using puny::detail::idna2003::label_walker;
using puny::detail::idna2003::unicode_label;

/// Counts what it is given and writes what fits: the result's exact size
/// is known at the end even when `out` is too small for it.
template <class Char>
class unicode_writer {
 public:
  explicit unicode_writer(std::span<Char> out) noexcept : out_(out) {}

  void put(Char c) noexcept {
    if (count_ < out_.size()) out_[count_] = c;
    ++count_;
  }
  void put(std::basic_string_view<Char> s) noexcept {
    for (const Char c : s) put(c);
  }
  /// Decoded code points: scalar values (the Punycode decoder rejects
  /// surrogates and values above U+10FFFF).
  void put_code_points(std::u32string_view s) noexcept {
    for (const char32_t c : s) {
      if constexpr (std::is_same_v<Char, char32_t>) {
        put(c);
      } else if (c < 0x80) {
        put(byte(c));
      } else if (c < 0x800) {
        put(byte(0xC0 | (c >> 6)));
        put(byte(0x80 | (c & 0x3F)));
      } else if (c < 0x10000) {
        put(byte(0xE0 | (c >> 12)));
        put(byte(0x80 | ((c >> 6) & 0x3F)));
        put(byte(0x80 | (c & 0x3F)));
      } else {
        put(byte(0xF0 | (c >> 18)));
        put(byte(0x80 | ((c >> 12) & 0x3F)));
        put(byte(0x80 | ((c >> 6) & 0x3F)));
        put(byte(0x80 | (c & 0x3F)));
      }
    }
  }
  [[nodiscard]] std::size_t count() const noexcept { return count_; }

 private:
  static Char byte(char32_t v) noexcept { return static_cast<Char>(static_cast<unsigned char>(v)); }

  std::span<Char> out_;
  std::size_t count_ = 0;
};

template <class Char>
result to_unicode_core(std::basic_string_view<Char> name, std::span<Char> out, const options& o) noexcept {
  result r;
  const auto input = puny::detail::idna2003::check_input(name);
  if (input.code != status::success) {
    r.code = input.code;
    r.position = input.position;
    return r;
  }
  unicode_writer<Char> w(out);
  label_memory memory;
  puny::detail::idna2003::elastic_buffer<char32_t, max_stack_domain> code_points;
  label_walker<Char> walker(name);
  label_span l;
  while (walker.next(l)) {
    if (l.index > 0) w.put(Char{'.'});
    const std::basic_string_view<Char> raw = name.substr(l.begin, l.end - l.begin);
    // An ASCII label without the prefix is given back by step 3 as it is.
    if (puny::detail::idna2003::all_ascii(raw) && !puny::detail::idna2003::has_ace_prefix(raw)) {
      w.put(raw);
      continue;
    }
    const auto text = puny::detail::idna2003::code_points_of(name, l, code_points);
    const unicode_label u = text.ok ? puny::detail::idna2003::label_to_unicode(text.text, memory, o) : unicode_label{};
    const status code = text.ok ? u.code : status::scratch_too_small;
    if (code != status::success) {
      result failed;
      failed.code = code;
      return failed;
    }
    if (!u.errors.empty()) {
      r.errors |= u.errors;
      if (r.label == result::no_label) {
        r.label = l.index;
        r.offset = u.offset;
        r.code_point = u.code_point;
      }
    }
    if (u.decoded) {
      w.put_code_points(u.text);
    } else {
      w.put(raw);
    }
  }
  if (w.count() > out.size()) {
    r.code = status::output_too_small;
    r.needed = w.count();
    return r;
  }
  r.written = w.count();
  return r;
}

}  // namespace

result to_unicode(std::string_view domain, std::span<char> out, const options& o) noexcept {
  return to_unicode_core(domain, out, o);
}

result to_unicode(std::u32string_view domain, std::span<char32_t> out, const options& o) noexcept {
  return to_unicode_core(domain, out, o);
}

}  // namespace puny::idna2003
