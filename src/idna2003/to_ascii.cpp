// puny — IDNA2003 ToASCII of a whole name (RFC 3490 §4 steps 1-5): every
// label through §4.1, the separators written as U+002E, one trailing
// separator kept as the root, and the DNS length of the name on request.
#include <algorithm>
#include <array>
#include <cstring>

#include "idna2003/names.hpp"

namespace puny::idna2003 {
namespace {

using puny::detail::idna2003::ascii_label;
using puny::detail::idna2003::elastic_buffer;
using puny::detail::idna2003::label_span;
using puny::detail::idna2003::label_walker;

// RFC 1034 §3.1 as usually applied (UTS #46 VerifyDnsLength): 253 octets
// without the root's dot.  RFC 3490 itself sets no limit on a name.
constexpr std::size_t max_name_length = 253;

result too_small(std::size_t needed) noexcept {
  result r;
  r.code = status::output_too_small;
  r.needed = needed;
  return r;
}

template <class Char>
bool is_lone_separator(std::basic_string_view<Char> name) noexcept {
  const auto sep = puny::detail::idna2003::find_separator(name, 0);
  return sep.at == 0 && sep.length == name.size() && sep.length != 0;
}

void note_label_error(result& r, std::size_t index, const ascii_label& a) noexcept {
  r.errors |= a.errors;
  if (r.label == result::no_label) {
    r.label = index;
    r.offset = a.offset;
    r.code_point = a.code_point;
  }
}

/// A name of ASCII code units only: no label goes through Nameprep, so the
/// result is the input itself once every label passes steps 3 and 8.
template <class Char>
result ascii_name_to_ascii(std::basic_string_view<Char> name, std::span<char> out, const options& o) noexcept {
  result r;
  label_walker<Char> walker(name);
  label_span l;
  std::size_t length = 0;
  while (walker.next(l)) {
    length += l.index > 0 ? 1 : 0;
    if (l.root) break;
    const std::size_t n = l.end - l.begin;
    ascii_label a;
    if (o.use_std3_ascii_rules) {
      for (std::size_t i = l.begin; i < l.end; ++i) {
        if (!puny::detail::idna2003::is_ldh(static_cast<char32_t>(name[i]))) {
          a.errors.insert(error::non_ldh_ascii);
          a.offset = i - l.begin;
          a.code_point = static_cast<char32_t>(name[i]);
          break;
        }
      }
      if (n != 0 && (name[l.begin] == '-' || name[l.end - 1] == '-')) a.errors.insert(error::leading_or_trailing_hyphen);
    }
    if (a.errors.empty() && (n == 0 || n > puny::detail::idna2003::max_label_length)) {
      a.errors.insert(error::invalid_length);
    }
    if (!a.errors.empty()) {
      note_label_error(r, l.index, a);
    } else {
      length += n;
    }
  }
  const std::size_t dotted = l.root ? length - 1 : length;
  if (o.verify_dns_length && dotted > max_name_length) r.errors.insert(error::name_too_long);
  if (!r.errors.empty()) return r;
  if (name.size() > out.size()) return too_small(name.size());
  for (std::size_t i = 0; i < name.size(); ++i) out[i] = static_cast<char>(name[i]);
  r.written = name.size();
  return r;
}

/// The general case.  Each label's ASCII form is kept in `staged` while
/// the name's result fits there (any name within the DNS limits does), so
/// that nothing reaches `out` before every label has passed; a longer
/// result is written by converting its remaining labels a second time.
template <class Char>
class name_converter {
 public:
  name_converter(std::basic_string_view<Char> name, const options& o) noexcept : name_(name), options_(o) {}

  result run(std::span<char> out) noexcept {
    result r;
    label_walker<Char> walker(name_);
    label_span l;
    std::size_t total = 0;  // characters of the result
    std::size_t staged = 0;
    bool overflow = false;
    label_span resume;
    std::size_t known = 0;  // characters of the labels that passed
    bool rooted = false;
    while (walker.next(l)) {
      const std::size_t dot = l.index > 0 ? 1 : 0;
      std::size_t length = 0;
      if (l.root) {
        rooted = true;
      } else {
        const ascii_label a = convert(l);
        if (a.code != status::success) {
          r = {};
          r.code = a.code;
          return r;
        }
        if (!a.errors.empty()) {
          note_label_error(r, l.index, a);
          total += dot;
          continue;
        }
        length = a.length;
      }
      known += dot + length;
      if (r.errors.empty() && !overflow) {
        if (staged + dot + length <= staged_.size()) {
          if (dot != 0) staged_[staged] = '.';
          std::memcpy(staged_.data() + staged + dot, ace_.data(), length);
          staged += dot + length;
        } else {
          overflow = true;
          resume = l;
        }
      }
      total += dot + length;
    }
    const std::size_t dotted = rooted ? known - 1 : known;
    if (options_.verify_dns_length && dotted > max_name_length) r.errors.insert(error::name_too_long);
    if (!r.errors.empty()) return r;
    if (total > out.size()) return too_small(total);
    std::memcpy(out.data(), staged_.data(), staged);
    if (overflow && !write_from(resume, out.subspan(staged))) {
      r.code = status::scratch_too_small;
      return r;
    }
    r.written = total;
    return r;
  }

 private:
  ascii_label convert(const label_span& l) noexcept {
    const auto text = puny::detail::idna2003::code_points_of(name_, l, label_);
    if (!text.ok) {
      ascii_label a;
      a.code = status::scratch_too_small;
      return a;
    }
    return puny::detail::idna2003::label_to_ascii(text.text, ace_, prepared_, options_);
  }

  /// Converts again the labels from `first` on, straight into `out`: they
  /// passed once, and the conversion is a function of the label.
  bool write_from(const label_span& first, std::span<char> out) noexcept {
    label_walker<Char> walker(name_, first.begin, first.index);
    label_span l;
    std::size_t at = 0;
    while (walker.next(l)) {
      if (l.index > 0) out[at++] = '.';
      if (l.root) break;
      const ascii_label a = convert(l);
      if (a.failed()) return false;
      std::memcpy(out.data() + at, ace_.data(), a.length);
      at += a.length;
    }
    return true;
  }

  std::basic_string_view<Char> name_;
  const options& options_;
  std::array<char, puny::detail::idna2003::max_label_length> ace_;
  std::array<char, max_stack_domain> staged_;
  elastic_buffer<char32_t, max_stack_domain> label_;
  elastic_buffer<char32_t, max_stack_domain> prepared_;
};

template <class Char>
result to_ascii_core(std::basic_string_view<Char> name, std::span<char> out, const options& o) noexcept {
  const auto input = puny::detail::idna2003::check_input(name);
  if (input.code != status::success) {
    result r;
    r.code = input.code;
    r.position = input.position;
    return r;
  }
  // The empty name stays empty and the root alone is "." (libidn does the
  // same); neither has a label for §4.1 to reject.
  if (name.empty()) return {};
  if (is_lone_separator(name)) {
    if (out.empty()) return too_small(1);
    out[0] = '.';
    result r;
    r.written = 1;
    return r;
  }
  if (puny::detail::idna2003::all_ascii(name)) return ascii_name_to_ascii(name, out, o);
  name_converter<Char> converter(name, o);
  return converter.run(out);
}

}  // namespace

result to_ascii(std::string_view domain, std::span<char> out, const options& o) noexcept {
  return to_ascii_core(domain, out, o);
}

result to_ascii(std::u32string_view domain, std::span<char> out, const options& o) noexcept {
  return to_ascii_core(domain, out, o);
}

}  // namespace puny::idna2003
