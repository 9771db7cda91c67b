// puny CLI — why one record could not be converted.
#pragma once

#include <cstddef>
#include <string>

namespace puny::cli {

struct record_failure {
  /// Stable identifier: a puny::name(status) such as "invalid_digit", or a
  /// CLI one such as "invalid_token".
  std::string name;
  /// Byte offset in the record where the problem is.
  std::size_t offset = 0;
  /// Human-readable explanation.
  std::string reason;
};

}  // namespace puny::cli
