// puny — IdnaTestV2's spelling of a set of UTS #46 status codes.
#include <string>

#include "puny/idna.hpp"
#include "rule_error_texts.hpp"

namespace puny {

std::string to_string(idna_errors errors) {
  return detail::join_names(errors, [](idna_code c) { return name(c); });
}

}  // namespace puny
