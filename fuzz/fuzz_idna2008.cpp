// IDNA2008 (include/puny/idna2008.hpp) on arbitrary bytes: the first byte
// picks the options (each flag of idna2008::options), the second what else
// to run (bit 0: read the rest as raw UTF-32 code units, surrogates and
// values above U+10FFFF included; bit 1: register the input as a label too;
// bit 2: register it under the registration profile exactly), the rest is
// the name in UTF-8.
// Properties: no crash, UB or heap misuse whatever the input; the UTF-8 and
// UTF-32 entry points agree on everything (status, codes, label, offset,
// code point, text); the allocating functions agree with the buffer ones;
// `needed` is exact (an output of that size suffices, one element fewer is
// refused and nothing is written past it); ToASCII's success means ASCII
// output, and ToUnicode of that output succeeds, and ToASCII of what it
// gives is that output again (the A-label ⇄ U-label round trip, RFC 5891
// §5.3); register_label (RFC 5891 §4) agrees with lookup on what it
// registers: lookup of the A-label gives the U-label, lookup ToASCII of the
// U-label gives the A-label, under the same options and under the (less
// strict) lookup profile, and registering the pair or the A-label alone
// gives the same two labels.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.hpp"
#include "puny/idna2008.hpp"
#include "puny/utf8.hpp"
#include "test_encoding.hpp"

namespace {

using puny_fuzz::all_ascii;
namespace i8 = puny::idna2008;

i8::options options_from(std::uint8_t bits) {
  i8::options o;
  o.check_contexto = (bits & 1) != 0;
  o.check_bidi = (bits & 2) != 0;
  o.check_hostname = (bits & 4) != 0;
  o.check_hyphens = (bits & 8) != 0;
  o.require_lowercase_alabels = (bits & 16) != 0;
  o.allow_reserved_ldh = (bits & 32) != 0;
  o.verify_dns_length = (bits & 64) != 0;
  o.allow_trailing_dot = (bits & 128) != 0;
  return o;
}

/// register_label against lookup, for one label given as a U-label.  With
/// the registration profile exactly (`profile`), lookup's own profile,
/// which checks less, must accept what was registered too.
void check_registration(std::string_view label, const i8::options& o, bool profile) {
  char a_out[64];
  char u_out[256];
  const i8::registration_result r = i8::register_label(label, std::string_view(), a_out, u_out, o);
  const i8::registered s = i8::register_label(label, std::string_view(), o);
  PUNY_FUZZ_CHECK(s.code == r.code && s.errors == r.errors && s.offset == r.offset && s.code_point == r.code_point);
  if (!r.ok()) {
    PUNY_FUZZ_CHECK(s.a_label.empty() && s.u_label.empty());
    return;
  }
  const std::string_view a(a_out, r.written);
  const std::string_view u(u_out, r.u_written);
  PUNY_FUZZ_CHECK(s.a_label == a && s.u_label == u);
  PUNY_FUZZ_CHECK(a.size() <= 63 && all_ascii(a) && u.size() <= 252);
  std::vector<i8::options> lookups = {o};
  if (profile) lookups.push_back(i8::options::for_profile(i8::profile::lookup));
  for (const i8::options& lookup : lookups) {
    const i8::converted<std::string> back = i8::to_unicode(a, lookup);
    PUNY_FUZZ_CHECK(back.ok() && back.value == u);
    const i8::converted<std::string> forth = i8::to_ascii(u, lookup);
    PUNY_FUZZ_CHECK(forth.ok() && forth.value == a);
  }
  const i8::registered both = i8::register_label(u, a, o);
  PUNY_FUZZ_CHECK(both.ok() && both.a_label == a && both.u_label == u);
  const i8::registered from_a = i8::register_label(std::string_view(), a, o);
  PUNY_FUZZ_CHECK(from_a.ok() && from_a.a_label == a && from_a.u_label == u);
}

/// Raw UTF-32: whatever the code units, no crash, and ToASCII's success
/// means ASCII output.
void check_utf32(const std::uint8_t* data, std::size_t size, const i8::options& o) {
  const std::u32string units = puny_fuzz::utf32_units(data, size);
  std::vector<char> ascii(4 * units.size() + 4 * (units.size() + 1) + 8);
  const i8::result a = i8::to_ascii(std::u32string_view(units), ascii, o);
  PUNY_FUZZ_CHECK(a.code == puny::status::success || a.code == puny::status::scratch_too_small);
  if (a.ok()) PUNY_FUZZ_CHECK(all_ascii(std::string_view(ascii.data(), a.written)));
  std::vector<char32_t> unicode(units.size() + 8);
  const i8::result u = i8::to_unicode(std::u32string_view(units), unicode, o);
  PUNY_FUZZ_CHECK(u.code == puny::status::success || u.code == puny::status::scratch_too_small);
  PUNY_FUZZ_CHECK(u.written <= units.size());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const i8::options o = options_from(data[0]);
  const std::uint8_t mode = data[1];
  if ((mode & 1) != 0) {
    check_utf32(data + 2, size - 2, o);
    return 0;
  }
  const std::string domain(reinterpret_cast<const char*>(data + 2), size - 2);

  // The documented bounds: ToASCII at most 4 × code points + 4 × labels,
  // ToUnicode at most 4 × input bytes.  ToUnicode always writes: its
  // `needed` is the size of what it writes.
  const auto checked = puny_fuzz::check_standard_name<i8::result>(
      domain, 8 * domain.size() + 8,
      [](const auto&... args) { return i8::to_ascii(args...); },
      [](const auto&... args) { return i8::to_unicode(args...); },
      o, false);
  if (!checked) return 0;
  const i8::result& a = checked->a;
  const std::string_view a_text(checked->a_text);

  // The round trip: ToUnicode accepts what ToASCII wrote, and ToASCII of
  // its answer is that text again.
  if (a.ok()) {
    const i8::converted<std::string> back = i8::to_unicode(a_text, o);
    PUNY_FUZZ_CHECK(back.ok());
    const i8::converted<std::string> again = i8::to_ascii(back.value, o);
    PUNY_FUZZ_CHECK(again.ok() && again.value == a_text);
  }

  if ((mode & 2) != 0) {
    const bool profile = (mode & 4) != 0;
    check_registration(domain, profile ? i8::options::for_profile(i8::profile::registration) : o, profile);
  }
  return 0;
}
