// puny — IDNA2008 lookup of a whole name (RFC 5891 §5): ToASCII and
// ToUnicode over caller buffers, from UTF-8 or UTF-32.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>
#include <type_traits>

#include "idna/encoded_text.hpp"
#include "idna2008/label_processing.hpp"
#include "idna2008/name_workspace.hpp"
#include "idna2008/plain_names.hpp"
#include "puny/idna2008.hpp"

namespace puny::idna2008 {
namespace {

using detail::idna2008::label_fault;
using detail::idna2008::label_form;
using detail::idna2008::label_outcome;
using detail::idna2008::label_state;
using detail::idna2008::name_workspace;

template <class Char>
constexpr char32_t unit_at(std::basic_string_view<Char> in, std::size_t pos) noexcept {
  return static_cast<std::make_unsigned_t<Char>>(in[pos]);
}

/// Code points the Unicode form of `in` may have: one per UTF-32 unit; in
/// UTF-8 at most one per byte, and exactly one per byte that is not a
/// continuation byte (which is counted only for names beyond the stack).
template <class Char>
std::size_t capacity_for(std::basic_string_view<Char> in) noexcept {
  if constexpr (std::is_same_v<Char, char>) {
    if (in.size() > max_stack_domain) {
      return static_cast<std::size_t>(
          std::count_if(in.begin(), in.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
    }
  }
  return in.size();
}

/// One lookup of a name: every label processed (process_label), then the
/// Bidi rule over the labels of a Bidi domain name (RFC 5893 §1.4: decided
/// only once every label is known), and the name's length.  The labels'
/// Unicode forms stay in ws.text, separated by U+002E, for ToUnicode.
template <class Char>
class name_lookup {
 public:
  name_lookup(std::basic_string_view<Char> in, const name_workspace& ws, const options& o) noexcept
      : in_(in), ws_(ws), o_(o) {}

  /// Runs the passes; the ASCII form of the name goes to ascii_out as far
  /// as it fits (read it only when the name passed).
  void run(std::span<char> ascii_out) noexcept {
    std::size_t pos = 0;
    std::size_t t = 0;  // code points written to ws_.text
    bool rooted = false;
    for (std::size_t index = 0;; ++index) {
      // Labels are split on U+002E only (RFC 5890 §2.3.2.4 as RFC 5891
      // applies it: U+3002, U+FF0E and U+FF61 are DISALLOWED characters).
      // In UTF-8 a 0x2E byte is never part of a longer sequence.
      const std::size_t start = t;
      char32_t any = 0;
      while (pos < in_.size()) {
        const char32_t unit = unit_at(in_, pos);
        if (unit == U'.') break;
        if constexpr (std::is_same_v<Char, char>) {
          if (unit >= 0x80) {
            const detail::read_code_point r = detail::read_at(in_, pos);
            if (r.length == 0) {
              code_ = status::invalid_utf8;
              position_ = pos;
              return;
            }
            ws_.text[t++] = r.value;
            any |= r.value;
            pos += r.length;
            continue;
          }
        }
        ws_.text[t++] = unit;
        any |= unit;
        ++pos;
      }
      const std::size_t length = t - start;
      const bool last = pos >= in_.size();
      label_state& state = ws_.labels[index];
      state.flags = 0;
      state.bidi = 0;
      if (length == 0) {
        // RFC 1034 §3.1: the only empty label is the root, after one
        // trailing dot (and, with allow_trailing_dot off, not even that).
        rooted = last && index > 0;
        state.flags = label_state::opaque;
        if (!(rooted && o_.allow_trailing_dot)) {
          record(index, {error::empty_label}, {});
        }
      } else {
        const std::span<char> target = ascii_out.subspan(std::min(ascii_total_, ascii_out.size()));
        const label_outcome out = detail::idna2008::process_label(ws_.text.subspan(start), length, any < 0x80,
                                                                  ws_.scratch, target, o_);
        t = start + out.unicode_length;
        ascii_total_ += out.ascii.length;
        switch (out.form) {
          case label_form::alabel:
          case label_form::ulabel:
            if (out.form == label_form::alabel) state.flags = label_state::decoded;
            state.bidi = detail::idna2008::bidi_codes(out.bidi);
            bidi_domain_ = bidi_domain_ || detail::has_rtl(out.bidi);
            break;
          case label_form::ascii:
            // An ASCII label has no R, AL or AN; its Bidi codes matter only
            // in a Bidi domain name, rare enough to compute them then.
            state.flags = label_state::bidi_pending;
            break;
          case label_form::empty:
          case label_form::opaque:
            state.flags = label_state::opaque;
            break;
        }
        if (!out.errors.empty()) record(index, out.errors, out.fault);
      }
      if (last) {
        labels_ = index + 1;
        break;
      }
      if (ascii_total_ < ascii_out.size()) ascii_out[ascii_total_] = '.';
      ++ascii_total_;
      ws_.text[t++] = U'.';
      ++pos;
    }
    text_length_ = t;

    // RFC 5891 §5.4 (SHOULD), §4.2.3.4; RFC 5893 §1.4, §2: in a Bidi domain
    // name every label, all-ASCII ones included, satisfies the Bidi rule.
    if (o_.check_bidi && bidi_domain_) check_bidi();

    // RFC 1034 §3.1: 255 octets in wire form, 253 dotted without the root.
    if (o_.verify_dns_length && ascii_total_ - (rooted ? 1 : 0) > detail::idna2008::max_name_octets) {
      errors_.insert(error::name_too_long);
    }
  }

  [[nodiscard]] status code() const noexcept { return code_; }
  [[nodiscard]] std::size_t ascii_total() const noexcept { return ascii_total_; }
  [[nodiscard]] std::size_t labels() const noexcept { return labels_; }

  /// The rule codes, the first label at fault and its code point.
  [[nodiscard]] result verdict() const noexcept {
    result r;
    r.code = code_;
    if (code_ != status::success) {
      r.position = position_;
      return r;
    }
    r.errors = errors_;
    r.label = first_label_;
    if (fault_.set) {
      r.offset = fault_.offset;
      r.code_point = fault_.code_point;
    }
    return r;
  }

  /// ToUnicode's output: each label's Unicode form when it passed and was
  /// decoded, else the label as given (RFC 5891 §5: display what failed as
  /// it came).  Returns the units needed, writing as long as they fit.
  std::size_t write_unicode(std::span<Char> out) const noexcept {
    std::size_t n = 0;
    std::size_t pos = 0;
    std::size_t t = 0;
    for (std::size_t index = 0; index < labels_; ++index) {
      std::size_t end = pos;
      while (end < in_.size() && unit_at(in_, end) != U'.') ++end;
      std::size_t text_end = t;
      while (text_end < text_length_ && ws_.text[text_end] != U'.') ++text_end;
      const label_state state = ws_.labels[index];
      if ((state.flags & (label_state::decoded | label_state::failed)) == label_state::decoded) {
        for (std::size_t i = t; i < text_end; ++i) {
          const char32_t cp = ws_.text[i];
          const std::size_t units = detail::units_of(Char{}, cp);
          if (n + units <= out.size()) detail::write_at(out.data() + n, cp);
          n += units;
        }
      } else {
        if (n + (end - pos) <= out.size()) {
          std::copy(in_.begin() + static_cast<std::ptrdiff_t>(pos), in_.begin() + static_cast<std::ptrdiff_t>(end),
                    out.begin() + static_cast<std::ptrdiff_t>(n));
        }
        n += end - pos;
      }
      if (end < in_.size()) {
        if (n < out.size()) out[n] = static_cast<Char>('.');
        ++n;
      }
      pos = end + 1;
      t = text_end + 1;
    }
    return n;
  }

 private:
  void record(std::size_t index, error_set e, const label_fault& fault) noexcept {
    errors_ |= e;
    ws_.labels[index].flags |= label_state::failed;
    if (index < first_label_) {
      first_label_ = index;
      fault_ = fault;
    } else if (index == first_label_) {
      fault_.merge(fault);
    }
  }

  void check_bidi() noexcept {
    std::size_t t = 0;
    for (std::size_t index = 0; index < labels_; ++index) {
      std::size_t end = t;
      while (end < text_length_ && ws_.text[end] != U'.') ++end;
      const std::u32string_view label(ws_.text.data() + t, end - t);
      t = end + 1;
      const label_state state = ws_.labels[index];
      if ((state.flags & label_state::opaque) != 0) continue;
      const std::uint8_t codes = (state.flags & label_state::bidi_pending) != 0
                                     ? detail::idna2008::bidi_codes(detail::idna2008::bidi_profile_of(label))
                                     : state.bidi;
      if (codes == 0) continue;
      // The code point at fault matters only for the first label at fault.
      label_fault fault;
      if (index <= first_label_) fault = detail::idna2008::check_bidi_rule(label).fault;
      record(index, detail::idna2008::bidi_errors(codes), fault);
    }
  }

  std::basic_string_view<Char> in_;
  const name_workspace& ws_;
  const options& o_;
  status code_ = status::success;
  std::size_t position_ = 0;
  error_set errors_;
  std::size_t first_label_ = result::no_label;
  label_fault fault_;
  std::size_t labels_ = 0;
  std::size_t ascii_total_ = 0;
  std::size_t text_length_ = 0;
  bool bidi_domain_ = false;
};

template <class Char>
result to_ascii_core(std::basic_string_view<Char> in, std::span<char> out, const options& o) noexcept {
  result plain;
  if (detail::idna2008::plain_ldh_name(in, o) || detail::idna2008::plain_ascii_name(in, o, plain)) {
    if (!plain.errors.empty()) return plain;
    if (in.size() > out.size()) {
      plain.code = status::output_too_small;
      plain.needed = in.size();
      return plain;
    }
    detail::idna2008::copy_ascii(in, out);
    plain.written = in.size();
    return plain;
  }
  return detail::idna2008::with_name_workspace<result>(capacity_for(in), [&](const name_workspace& ws) noexcept {
    // A name that passes with verify_dns_length has at most 253 octets and
    // the root dot: it is written here first, so that `out` is written only
    // when the name passes.  A longer name (verify_dns_length off) is run
    // again into `out` once it is known to pass.
    std::array<char, detail::idna2008::max_name_octets + 1> local;
    name_lookup<Char> pass(in, ws, o);
    pass.run(local);
    result r = pass.verdict();
    if (!r.ok()) return r;
    const std::size_t total = pass.ascii_total();
    if (total > out.size()) {
      r.code = status::output_too_small;
      r.needed = total;
      return r;
    }
    if (total <= local.size()) {
      std::memcpy(out.data(), local.data(), total);
    } else {
      name_lookup<Char> again(in, ws, o);
      again.run(out);
    }
    r.written = total;
    return r;
  });
}

template <class Char>
result to_unicode_core(std::basic_string_view<Char> in, std::span<Char> out, const options& o) noexcept {
  result plain;
  if (detail::idna2008::plain_ldh_name(in, o) || detail::idna2008::plain_ascii_name(in, o, plain)) {
    // Every label is written as given, failing or not.
    if (in.size() > out.size()) {
      plain.code = status::output_too_small;
      plain.needed = in.size();
      return plain;
    }
    std::copy(in.begin(), in.end(), out.begin());
    plain.written = in.size();
    return plain;
  }
  return detail::idna2008::with_name_workspace<result>(capacity_for(in), [&](const name_workspace& ws) noexcept {
    name_lookup<Char> pass(in, ws, o);
    pass.run({});
    result r = pass.verdict();
    if (r.code != status::success) return r;
    const std::size_t needed = pass.write_unicode(out);
    if (needed > out.size()) {
      r.code = status::output_too_small;
      r.needed = needed;
      return r;
    }
    r.written = needed;
    return r;
  });
}

}  // namespace

result to_ascii(std::string_view domain, std::span<char> out, const options& o) noexcept {
  return to_ascii_core(domain, out, o);
}
result to_ascii(std::u32string_view domain, std::span<char> out, const options& o) noexcept {
  return to_ascii_core(domain, out, o);
}
result to_unicode(std::string_view domain, std::span<char> out, const options& o) noexcept {
  return to_unicode_core(domain, out, o);
}
result to_unicode(std::u32string_view domain, std::span<char32_t> out, const options& o) noexcept {
  return to_unicode_core(domain, out, o);
}

}  // namespace puny::idna2008
