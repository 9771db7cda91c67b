// puny — the string functions of <puny/idna2008.hpp>, which size a string
// for the buffer functions.
#include <array>
#include <span>
#include <string>
#include <string_view>

#include "puny/idna2008.hpp"

namespace puny::idna2008 {
namespace {

// A first guess that fits most names in one call: ToASCII of a Unicode
// label is rarely more than twice its bytes, ToUnicode never more than
// four times them and rarely more than twice.
constexpr std::size_t first_guess(std::size_t input_units) noexcept { return 2 * input_units + 16; }

/// Runs a buffer function into a string, growing it once to `needed`.
template <class Call>
converted<std::string> into_string(std::size_t input_units, bool keep_on_error, Call&& call) {
  converted<std::string> c;
  std::string s(first_guess(input_units), '\0');
  result r = call(std::span<char>(s.data(), s.size()));
  if (r.code == status::output_too_small) {
    s.assign(r.needed, '\0');
    r = call(std::span<char>(s.data(), s.size()));
  }
  c.code = r.code;
  c.errors = r.errors;
  c.position = r.position;
  c.label = r.label;
  c.offset = r.offset;
  c.code_point = r.code_point;
  if (r.code == status::success && (keep_on_error || r.errors.empty())) {
    s.resize(r.written);
    c.value = std::move(s);
  }
  return c;
}

}  // namespace

converted<std::string> to_ascii(std::string_view domain, const options& o) {
  return into_string(domain.size(), false, [&](std::span<char> out) { return to_ascii(domain, out, o); });
}

converted<std::string> to_unicode(std::string_view domain, const options& o) {
  return into_string(domain.size(), true, [&](std::span<char> out) { return to_unicode(domain, out, o); });
}

registered register_label(std::string_view u_label, std::string_view a_label, const options& o) {
  // What a label that passes can need: 63 octets of A-label, and 59 code
  // points of U-label in UTF-8 (RFC 3492 writes at least one character per
  // code point).  Grown once should that ever fall short.
  std::string a(64, '\0');
  std::string u(256, '\0');
  registration_result r = register_label(u_label, a_label, std::span<char>(a.data(), a.size()), std::span<char>(u.data(), u.size()), o);
  if (r.code == status::output_too_small) {
    a.assign(r.needed, '\0');
    u.assign(r.u_needed, '\0');
    r = register_label(u_label, a_label, std::span<char>(a.data(), a.size()), std::span<char>(u.data(), u.size()), o);
  }
  registered out;
  out.code = r.code;
  out.errors = r.errors;
  out.position = r.position;
  out.offset = r.offset;
  out.code_point = r.code_point;
  if (r.ok()) {
    a.resize(r.written);
    u.resize(r.u_written);
    out.a_label = std::move(a);
    out.u_label = std::move(u);
  }
  return out;
}

}  // namespace puny::idna2008
