// puny CLI — the --help text and the hint after a usage error.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "options.hpp"

namespace puny::cli {

/// The --help text, general or for one command; ends in a newline.
std::string usage_text(std::optional<command> topic);

/// The one-line hint printed after a usage error; ends in a newline.
std::string_view usage_hint() noexcept;

}  // namespace puny::cli
