// puny CLI — RFC 3492 Appendix A mixed-case annotation of UTF-8 text.
#include "case_annotation.hpp"

#include <cstddef>

#include "unicode/ucd.hpp"

namespace puny::cli {

void annotate_case(std::u32string& code_points, std::vector<bool>& uppercase) {
  namespace ucd = puny::detail::ucd;
  uppercase.assign(code_points.size(), false);
  for (std::size_t j = 0; j < code_points.size(); ++j) {
    const char32_t c = code_points[j];
    const char32_t lower = ucd::simple_lowercase(c);
    if (lower != c && ucd::simple_uppercase(lower) == c) {
      code_points[j] = lower;
      uppercase[j] = true;
    }
  }
}

void apply_case(std::u32string& code_points, const std::vector<bool>& uppercase) {
  // RFC 3492 §5: the basic code points are U+0000..U+007F.
  constexpr char32_t first_non_basic = 0x80;
  for (std::size_t j = 0; j < code_points.size() && j < uppercase.size(); ++j) {
    if (uppercase[j] && code_points[j] >= first_non_basic) {
      code_points[j] = puny::detail::ucd::simple_uppercase(code_points[j]);
    }
  }
}

}  // namespace puny::cli
