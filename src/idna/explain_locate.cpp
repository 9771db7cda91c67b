// puny — the violations of a whole domain name, located.
#include "idna/explain_locate.hpp"

#include <algorithm>
#include <utility>

#include "idna/explain_ascii.hpp"
#include "idna/explain_bidi.hpp"
#include "idna/explain_labels.hpp"
#include "idna/explain_validity.hpp"
#include "idna/explain_violations.hpp"

namespace puny::detail {
namespace {

idna_errors codes_of(const std::vector<idna_violation>& violations) noexcept {
  idna_errors e;
  for (const idna_violation& v : violations) e.insert(v.code);
  return e;
}

/// The URL Standard on an all-ASCII input: lowercased, and only W1 and W2
/// can be recorded.
located_domain locate_lowercase_only(std::u32string_view domain, const idna_options& options) {
  located_domain located;
  const std::vector<processed_label> labels = lowercase_labels(domain);
  for (std::size_t index = 0; index < labels.size(); ++index) {
    violation_list list(index);
    if (options.forbid_domain_code_points) explain_forbidden(labels[index].unicode, list);
    label_explanation& l = located.labels.emplace_back();
    l.input = labels[index].input;
    l.unicode = labels[index].unicode;
    l.ascii.assign(l.unicode.begin(), l.unicode.end());
    l.violations = list.take();
    l.errors = list.codes();
    l.unlisted = list.unlisted();
  }
  violation_list domain_list(idna_violation::no_label);
  if (domain.empty() && options.reject_empty) explain_empty_host(domain_list);
  located.domain_violations = domain_list.take();
  return located;
}

}  // namespace

idna_errors located_domain::codes() const noexcept {
  idna_errors e = codes_of(domain_violations);
  for (const label_explanation& l : labels) e |= l.errors;
  return e;
}

std::size_t located_domain::first_label() const noexcept {
  for (std::size_t i = 0; i < labels.size(); ++i) {
    if (!labels[i].violations.empty()) return i;
  }
  // to_ascii() files the URL Standard's empty host under the name's one,
  // empty, label.
  if (codes_of(domain_violations).contains(idna_code::W2)) return 0;
  return idna_result::no_label;
}

located_domain locate_violations(std::u32string_view domain, const idna_options& options) {
  if (options.ascii_input_lowercase_only && is_all_ascii(domain)) return locate_lowercase_only(domain, options);

  const std::vector<processed_label> labels = process_labels(domain, options);
  std::vector<violation_list> lists;
  std::vector<bool> checked;
  lists.reserve(labels.size());
  checked.reserve(labels.size());
  for (std::size_t index = 0; index < labels.size(); ++index) {
    lists.emplace_back(index);
    checked.push_back(explain_validity(labels[index], options, lists.back()));
  }

  located_domain located;
  // RFC 5893 §2 applies to every label of a Bidi domain name (§1.4), but
  // not to one kept unchecked for invalid Punycode.
  if (options.check_bidi) {
    located.bidi_domain = find_bidi_domain(labels, checked);
    if (located.bidi_domain) {
      for (std::size_t index = 0; index < labels.size(); ++index) {
        if (checked[index]) explain_bidi(labels[index].unicode, *located.bidi_domain, index, lists[index]);
      }
    }
  }

  // The URL Standard's checks come before the DNS lengths, as in to_ascii().
  violation_list domain_list(idna_violation::no_label);
  if (options.forbid_domain_code_points) {
    for (std::size_t index = 0; index < labels.size(); ++index) explain_forbidden(labels[index].unicode, lists[index]);
  }
  const bool empty_domain = labels.size() == 1 && labels[0].unicode.empty();
  if (options.reject_empty && empty_domain) explain_empty_host(domain_list);

  // §4.2 steps 3 and 4.  Like to_ascii(), a label that cannot be encoded
  // has no length, and then the name has none either.
  idna_errors so_far = domain_list.codes();
  for (const violation_list& list : lists) so_far |= list.codes();
  const bool measure = options.verify_dns_length || so_far.empty();
  std::size_t total = 0;
  bool total_known = true;
  std::vector<std::string> ascii(labels.size());
  for (std::size_t index = 0; index < labels.size(); ++index) {
    const std::optional<std::string> form = explain_ace_form(labels[index].unicode, measure, lists[index]);
    const bool last = index + 1 == labels.size();
    if (form) {
      ascii[index] = *form;
      // IdnaTestV2 counts the empty label after a final dot as empty too.
      if (options.verify_dns_length) explain_label_length(form->size(), last && index > 0, lists[index]);
      total += form->size();
    } else {
      total_known = false;
    }
    if (!last) ++total;
  }
  if (options.verify_dns_length && total_known) {
    const bool rooted = labels.size() > 1 && labels.back().unicode.empty();
    explain_domain_length(rooted ? total - 1 : total, domain_list);
  }

  for (std::size_t index = 0; index < labels.size(); ++index) {
    label_explanation& l = located.labels.emplace_back();
    l.input = labels[index].input;
    l.unicode = labels[index].unicode;
    l.ascii = std::move(ascii[index]);
    l.decoded = labels[index].ace == ace_outcome::decoded;
    l.violations = lists[index].take();
    l.errors = lists[index].codes();
    l.unlisted = lists[index].unlisted();
  }
  located.domain_violations = domain_list.take();
  return located;
}

void reconcile(located_domain& located, idna_errors verdict, std::size_t first_label) {
  auto outside = [verdict](const idna_violation& v) { return !verdict.contains(v.code); };
  for (label_explanation& l : located.labels) {
    std::erase_if(l.violations, outside);
    l.errors = codes_of(l.violations);
  }
  std::erase_if(located.domain_violations, outside);
  const idna_errors found = located.codes();
  for (const idna_code code : verdict) {
    if (found.contains(code)) continue;
    idna_violation v;
    v.code = code;
    v.detail = std::string(message(code)) + " (puny records this code but could not locate it further)";
    if (first_label < located.labels.size()) {
      v.label = first_label;
      label_explanation& l = located.labels[first_label];
      l.violations.push_back(std::move(v));
      l.errors.insert(code);
    } else {
      located.domain_violations.push_back(std::move(v));
    }
  }
}

}  // namespace puny::detail
