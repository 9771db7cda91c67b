// puny — IdnaTestV2's spelling of a set of UTS #46 status codes.
#include <string>

#include "puny/idna.hpp"

namespace puny {

std::string to_string(idna_errors errors) {
  std::string s;
  for (const idna_code c : errors) {
    if (!s.empty()) s += ", ";
    s += name(c);
  }
  return s;
}

}  // namespace puny
