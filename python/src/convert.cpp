// puny._puny — one conversion under a config, in the outcome shape shared by
// UTS #46, IDNA2008 and IDNA2003.  Pure C++: callable without the GIL.
#include <span>

#include "common.hpp"

namespace puny_py {

namespace {

/// Runs a core function `f(span)` into `buf`, growing it to `needed` once
/// when the first guess was too small.
template <class Buf, class F>
auto into(Buf& buf, std::size_t guess, F f) {
  buf.resize(guess);
  auto r = f(std::span(buf.data(), buf.size()));
  if (r.code == puny::status::output_too_small) {
    buf.resize(r.needed);
    r = f(std::span(buf.data(), buf.size()));
  }
  buf.resize(r.code == puny::status::success || !r.errors.empty() ? r.written : 0);
  return r;
}

template <class R>
void take_standard(outcome& o, const R& r) {
  o.code = r.code;
  o.errors = r.errors.bits();
  o.position = r.position;
  o.label = r.label;
  o.offset = r.offset;
  o.code_point = r.code_point;
}

template <class R>
void take_uts46(outcome& o, const R& r) {
  o.code = r.code;
  o.errors = r.errors.bits();
  o.position = r.position;
  o.label = r.label;
}

}  // namespace

outcome convert(const config& c, direction d, const text& t) {
  outcome o;
  const bool ascii = d == direction::to_ascii;
  switch (c.std) {
    case standard::uts46:
      if (!t.wide) {
        auto r = ascii ? puny::to_ascii(t.utf8, c.uts46) : puny::to_unicode(t.utf8, c.uts46);
        take_uts46(o, r);
        o.value = std::move(r.value);
      } else if (ascii) {
        auto r = puny::to_ascii(std::u32string_view(t.utf32), c.uts46);
        take_uts46(o, r);
        o.value = std::move(r.value);
      } else {
        auto r = puny::to_unicode(std::u32string_view(t.utf32), c.uts46);
        take_uts46(o, r);
        o.value32 = std::move(r.value);
        o.wide = true;
      }
      break;
    case standard::idna2008:
      if (!t.wide) {
        auto r = ascii ? puny::idna2008::to_ascii(t.utf8, c.idna2008) : puny::idna2008::to_unicode(t.utf8, c.idna2008);
        take_standard(o, r);
        o.value = std::move(r.value);
      } else if (ascii) {
        const std::u32string_view in(t.utf32);
        auto r = into(o.value, 8 * in.size() + 8,
                      [&](std::span<char> out) { return puny::idna2008::to_ascii(in, out, c.idna2008); });
        take_standard(o, r);
      } else {
        const std::u32string_view in(t.utf32);
        auto r = into(o.value32, in.size() + 1,
                      [&](std::span<char32_t> out) { return puny::idna2008::to_unicode(in, out, c.idna2008); });
        take_standard(o, r);
        o.wide = true;
      }
      break;
    case standard::idna2003:
      if (!t.wide) {
        auto r = ascii ? puny::idna2003::to_ascii(t.utf8, c.idna2003) : puny::idna2003::to_unicode(t.utf8, c.idna2003);
        take_standard(o, r);
        o.value = std::move(r.value);
      } else if (ascii) {
        const std::u32string_view in(t.utf32);
        auto r = into(o.value, 8 * in.size() + 8,
                      [&](std::span<char> out) { return puny::idna2003::to_ascii(in, out, c.idna2003); });
        take_standard(o, r);
      } else {
        const std::u32string_view in(t.utf32);
        auto r = into(o.value32, in.size() + 1,
                      [&](std::span<char32_t> out) { return puny::idna2003::to_unicode(in, out, c.idna2003); });
        take_standard(o, r);
        o.wide = true;
      }
      break;
  }
  // ToASCII has a value only on success; ToUnicode whenever it ran.
  o.has_value = ascii ? o.ok() : o.code == puny::status::success;
  if (!o.has_value) {
    o.value.clear();
    o.value32.clear();
  }
  return o;
}

}  // namespace puny_py
