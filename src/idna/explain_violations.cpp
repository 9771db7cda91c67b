// puny — the violations of one label, grouped and in a stable order.
#include "idna/explain_violations.hpp"

#include <algorithm>
#include <utility>

#include "idna/explain_text.hpp"

namespace puny::detail {

void violation_list::add(idna_code code, std::size_t position, char32_t code_point, std::string detail) {
  if (full(code)) {
    ++unlisted_;
    return;
  }
  ++listed_[static_cast<std::size_t>(code)];
  idna_violation v;
  v.code = code;
  v.label = label_;
  v.position = position;
  v.code_point = position != 0 ? code_point : 0;
  v.detail = std::move(detail);
  violations_.push_back(std::move(v));
  codes_.insert(code);
}

std::vector<idna_violation> violation_list::take() {
  for (idna_violation& v : violations_) v.detail += explain_text::repeated(v.occurrences);
  std::stable_sort(violations_.begin(), violations_.end(), [](const idna_violation& a, const idna_violation& b) {
    if (a.code != b.code) return a.code < b.code;
    return a.position < b.position;
  });
  seen_.clear();
  return std::move(violations_);
}

}  // namespace puny::detail
