// puny — the public face of the RFC 5892 derived-property table.
#include "idna2008/derived_property.hpp"

#include <string_view>

#include "puny/idna2008.hpp"

namespace puny::idna2008 {

derived_property property_of(char32_t cp) noexcept { return detail::idna2008::lookup(cp); }

std::string_view name(derived_property p) noexcept {
  // The spellings of RFC 5892 §3 and Idna2008.txt's data lines.
  switch (p) {
    case derived_property::pvalid:
      return "PVALID";
    case derived_property::contextj:
      return "CONTEXTJ";
    case derived_property::contexto:
      return "CONTEXTO";
    case derived_property::disallowed:
      return "DISALLOWED";
    case derived_property::unassigned:
      return "UNASSIGNED";
  }
  return "UNKNOWN";
}

}  // namespace puny::idna2008
