// puny CLI — why one record could not be converted.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "puny/status.hpp"

namespace puny::cli {

struct record_failure {
  /// Stable identifier: "UTF8" for ill-formed UTF-8 in any command, a
  /// puny::name(status) such as "invalid_digit", or a CLI one such as
  /// "invalid_token".
  std::string name;
  /// Byte offset in the record where the problem is.
  std::size_t offset = 0;
  /// Human-readable explanation.
  std::string reason;
};

/// The code of ill-formed UTF-8 input, whatever the command (the library's
/// status::invalid_utf8).
inline constexpr std::string_view utf8_failure_name = "UTF8";

/// The failure for a library status at byte `offset` of the record.
[[nodiscard]] inline record_failure status_failure(puny::status code, std::size_t offset) {
  const std::string_view name = code == puny::status::invalid_utf8 ? utf8_failure_name : puny::name(code);
  return record_failure{std::string(name), offset, std::string(puny::message(code))};
}

}  // namespace puny::cli
