// puny — the string functions of <puny/idna2008.hpp>, which size a string
// for the buffer functions.
#include <array>
#include <span>
#include <string>
#include <string_view>

#include "puny/idna2008.hpp"
#include "string_wrapper.hpp"

namespace puny::idna2008 {

converted<std::string> to_ascii(std::string_view domain, const options& o) {
  return detail::into_string<converted<std::string>>(domain.size(), false,
                                                     [&](std::span<char> out) { return to_ascii(domain, out, o); });
}

converted<std::string> to_unicode(std::string_view domain, const options& o) {
  return detail::into_string<converted<std::string>>(domain.size(), true,
                                                     [&](std::span<char> out) { return to_unicode(domain, out, o); });
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
