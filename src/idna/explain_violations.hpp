// puny — gathers the located violations of one label (or of the whole
// domain) for <puny/explain.hpp>.  Internal.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "puny/explain.hpp"

namespace puny::detail {

class violation_list {
 public:
  /// `label`: 0-based index, or idna_violation::no_label for the domain.
  explicit violation_list(std::size_t label) : label_(label) {}

  /// A violation at `position` (1-based; 0 when it has none, and then
  /// `code_point` is ignored); only counted once max_listed_violations of
  /// its code are listed.
  void add(idna_code code, std::size_t position, char32_t code_point, std::string detail);

  /// A violation of a rule that each code point breaks on its own (V7, U1,
  /// B2, B5, W1): the first occurrence of `code_point` is recorded with the
  /// detail `make_detail()` gives, later ones only counted, so that a label
  /// of a thousand '_' reads as one U1, not a thousand.
  template <class MakeDetail>
  void add_each(idna_code code, std::size_t position, char32_t code_point, MakeDetail&& make_detail) {
    const std::uint64_t key = std::uint64_t{static_cast<std::uint8_t>(code)} << 32 | code_point;
    if (const auto it = seen_.find(key); it != seen_.end()) {
      ++violations_[it->second].occurrences;
      return;
    }
    if (full(code)) {
      ++unlisted_;
      return;
    }
    seen_.emplace(key, violations_.size());
    add(code, position, code_point, make_detail());
  }

  /// The violations sorted by code (in name order, as idna_errors lists
  /// them) and then by position, with the repeat count added to the
  /// detail of each that occurs more than once.
  [[nodiscard]] std::vector<idna_violation> take();

  [[nodiscard]] idna_errors codes() const noexcept { return codes_; }
  /// Violations not listed: max_listed_violations of their code already were.
  [[nodiscard]] std::size_t unlisted() const noexcept { return unlisted_; }

 private:
  [[nodiscard]] bool full(idna_code code) const noexcept {
    return listed_[static_cast<std::size_t>(code)] >= max_listed_violations;
  }

  std::size_t label_;
  std::array<std::size_t, idna_code_count> listed_{};
  std::size_t unlisted_ = 0;
  std::vector<idna_violation> violations_;
  std::unordered_map<std::uint64_t, std::size_t> seen_;
  idna_errors codes_;
};

}  // namespace puny::detail
