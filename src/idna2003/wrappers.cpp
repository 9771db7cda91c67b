// puny — the IDNA2003 ToASCII and ToUnicode functions that return strings,
// sized by the core functions over caller buffers.
#include <string>

#include "puny/idna2003.hpp"
#include "string_wrapper.hpp"

namespace puny::idna2003 {

converted<std::string> to_ascii(std::string_view domain, const options& o) {
  return detail::into_string<converted<std::string>>(domain.size(), false,
                                                     [&](std::span<char> out) { return to_ascii(domain, out, o); });
}

converted<std::string> to_unicode(std::string_view domain, const options& o) {
  return detail::into_string<converted<std::string>>(domain.size(), true,
                                                     [&](std::span<char> out) { return to_unicode(domain, out, o); });
}

}  // namespace puny::idna2003
