// puny CLI — finding a label of a domain name as the user typed it.
#include "domain_labels.hpp"

namespace puny::cli {
namespace {

// Length of the label separator at domain[pos], or 0 when there is none:
// U+002E, or the UTF-8 of U+3002 (E3 80 82), U+FF0E (EF BC 8E) or U+FF61
// (EF BD A1), the dots UTS #46 maps to U+002E.
std::size_t separator_at(std::string_view domain, std::size_t pos, label_separators separators) noexcept {
  if (domain[pos] == '.') return 1;
  if (separators == label_separators::full_stop_only) return 0;
  const std::string_view rest = domain.substr(pos, 3);
  if (rest == "\xE3\x80\x82" || rest == "\xEF\xBC\x8E" || rest == "\xEF\xBD\xA1") return 3;
  return 0;
}

}  // namespace

std::optional<std::string_view> label_at(std::string_view domain, std::size_t index,
                                         label_separators separators) noexcept {
  std::size_t start = 0;
  std::size_t label = 0;
  for (std::size_t pos = 0; pos < domain.size();) {
    const std::size_t separator = separator_at(domain, pos, separators);
    if (separator == 0) {
      ++pos;
      continue;
    }
    if (label == index) return domain.substr(start, pos - start);
    ++label;
    pos += separator;
    start = pos;
  }
  if (label == index) return domain.substr(start);
  return std::nullopt;
}

std::vector<std::string_view> split_labels(std::string_view domain, label_separators separators) {
  std::vector<std::string_view> labels;
  std::size_t start = 0;
  for (std::size_t pos = 0; pos < domain.size();) {
    const std::size_t separator = separator_at(domain, pos, separators);
    if (separator == 0) {
      ++pos;
      continue;
    }
    labels.push_back(domain.substr(start, pos - start));
    pos += separator;
    start = pos;
  }
  labels.push_back(domain.substr(start));
  return labels;
}

}  // namespace puny::cli
