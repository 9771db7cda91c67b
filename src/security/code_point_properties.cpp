// puny — the per-code-point properties of include/puny/security.hpp
// (UTS #39 §3.1 Table 1, UAX #24, UTS #39 §5.1) and the names of their sets.
#include <cstddef>
#include <string>

#include "puny/security.hpp"
#include "security/security_data.hpp"

namespace puny {

using detail::security::record_of;
using detail::security::script_set_at;

identifier_status identifier_status_of(char32_t cp) noexcept {
  return record_of(cp).allowed ? identifier_status::allowed : identifier_status::restricted;
}

identifier_types identifier_types_of(char32_t cp) noexcept { return identifier_types::from_bits(record_of(cp).types); }

script script_of(char32_t cp) noexcept { return record_of(cp).sc; }

script_set script_extensions_of(char32_t cp) noexcept { return script_set_at(record_of(cp).scx); }

script_set augmented_script_set_of(char32_t cp) noexcept { return script_set_at(record_of(cp).augmented); }

std::string to_string(const script_set& scripts) {
  if (scripts.is_all()) return "ALL";
  std::string text;
  for (script s : scripts) {
    if (!text.empty()) text += ' ';
    text += short_name(s);
  }
  return text;
}

std::string to_string(identifier_types types) {
  // IdentifierType.txt writes a set least restrictive first ("Limited_Use
  // Technical", "Exclusion Not_XID"): the reverse of the enumeration order.
  std::string text;
  for (std::size_t i = identifier_type_count; i-- > 0;) {
    const auto t = static_cast<identifier_type>(i);
    if (!types.contains(t)) continue;
    if (!text.empty()) text += ' ';
    text += name(t);
  }
  return text;
}

}  // namespace puny
