// puny — the shape of the IDNA2008 and IDNA2003 rule-code tables (a name,
// an English message and the RFC section per code, in enumerator order)
// and the spelling of a set of codes ("A, B, C"), which UTS #46's codes
// share.  Each standard keeps its own table; only the code around them is
// here.  Internal.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

namespace puny::detail {

struct rule_error_text {
  std::string_view name;
  std::string_view message;
  std::string_view rule;
};

/// The entry of `e` in a table in enumerator order.
template <class Error, std::size_t N>
[[nodiscard]] constexpr const rule_error_text& text_of(const std::array<rule_error_text, N>& texts,
                                                       Error e) noexcept {
  return texts[static_cast<std::size_t>(e)];
}

/// Whether the names sort as the enumerators do (each name is its
/// enumerator's in upper case, and the enumerators are in name order).
template <std::size_t N>
[[nodiscard]] constexpr bool names_sorted(const std::array<rule_error_text, N>& texts) noexcept {
  for (std::size_t i = 1; i < texts.size(); ++i) {
    if (!(texts[i - 1].name < texts[i].name)) return false;
  }
  return true;
}

/// The names of a set of codes, in the set's order, joined by ", ".
template <class Set, class NameOf>
[[nodiscard]] std::string join_names(const Set& codes, NameOf name_of) {
  std::string s;
  for (const auto c : codes) {
    if (!s.empty()) s += ", ";
    s += name_of(c);
  }
  return s;
}

}  // namespace puny::detail
