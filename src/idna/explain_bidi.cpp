// puny — RFC 5893 §2 located, with the Bidi_Class of every code point that
// breaks a rule.
#include "idna/explain_bidi.hpp"

#include <string>

#include "idna/explain_text.hpp"
#include "unicode/ucd.hpp"

namespace puny::detail {
namespace {

using explain_text::bidi_class_name;
using explain_text::code_point;
using ucd::bidi_class;

bidi_class class_of(char32_t cp) noexcept { return ucd::lookup_properties(cp).bidi; }

// RFC 5893 §2 rule 2: what a right-to-left label may hold.
bool rtl_allowed(bidi_class c) noexcept {
  switch (c) {
    case bidi_class::R: case bidi_class::AL: case bidi_class::AN: case bidi_class::EN: case bidi_class::ES:
    case bidi_class::CS: case bidi_class::ET: case bidi_class::ON: case bidi_class::BN: case bidi_class::NSM:
      return true;
    default:
      return false;
  }
}

// Rule 5: what a left-to-right label may hold.
bool ltr_allowed(bidi_class c) noexcept {
  switch (c) {
    case bidi_class::L: case bidi_class::EN: case bidi_class::ES: case bidi_class::CS: case bidi_class::ET:
    case bidi_class::ON: case bidi_class::BN: case bidi_class::NSM:
      return true;
    default:
      return false;
  }
}

bool is_rtl_trigger(bidi_class c) noexcept { return c == bidi_class::R || c == bidi_class::AL || c == bidi_class::AN; }

/// "U+05D0 'א' of Bidi_Class R at position 1".
std::string classed(std::u32string_view label, std::size_t at) {
  return code_point(label[at]) + " of Bidi_Class " + std::string(bidi_class_name(class_of(label[at]))) +
         " at position " + std::to_string(at + 1);
}

/// Why the rule applies, said once per detail.
std::string applies_because(const bidi_domain_reason& reason, std::size_t index) {
  std::string s = "; the rule applies because ";
  s += reason.label == index ? std::string("this label") : "label " + std::to_string(reason.label + 1);
  s += " holds " + code_point(reason.code_point) + " of Bidi_Class ";
  s += reason.bidi_class;
  s += ", which makes the name a Bidi domain name (RFC 5893 §1.4)";
  return s;
}

/// Rules 3 and 6: the last code point that is not NSM must be of a class
/// in `endings`.
template <class Allowed>
void explain_ending(std::u32string_view label, idna_code code, std::string_view rule, Allowed&& allowed_ending,
                    const std::string& because, violation_list& out) {
  // The first code point is L, R or AL here, so one that is not NSM exists.
  std::size_t last = label.size() - 1;
  while (class_of(label[last]) == bidi_class::NSM) --last;
  if (allowed_ending(class_of(label[last]))) return;
  std::string d = "the label ends in " + classed(label, last);
  if (last + 1 < label.size()) d += " (then only NSM)";
  d += "; ";
  d += rule;
  out.add(code, last + 1, label[last], d + because);
}

}  // namespace

std::optional<bidi_domain_reason> find_bidi_domain(const std::vector<processed_label>& labels,
                                                   const std::vector<bool>& checked) {
  for (std::size_t index = 0; index < labels.size(); ++index) {
    if (!checked[index]) continue;
    const std::u32string_view label = labels[index].unicode;
    for (std::size_t i = 0; i < label.size(); ++i) {
      const bidi_class c = class_of(label[i]);
      if (is_rtl_trigger(c)) return bidi_domain_reason{index, i + 1, label[i], bidi_class_name(c)};
    }
  }
  return std::nullopt;
}

void explain_bidi(std::u32string_view label, const bidi_domain_reason& reason, std::size_t index,
                  violation_list& out) {
  if (label.empty()) return;
  const std::string because = applies_because(reason, index);
  const bidi_class first = class_of(label[0]);
  // Rule 1 decides the label's direction; without one, rules 2–6 cannot
  // be applied (IdnaTestV2 records B1 alone then).
  if (first != bidi_class::L && first != bidi_class::R && first != bidi_class::AL) {
    out.add(idna_code::B1, 1, label[0],
            "the label begins with " + classed(label, 0) + "; RFC 5893 §2 rule 1 needs L, R or AL" + because);
    return;
  }
  if (first == bidi_class::L) {
    for (std::size_t i = 0; i < label.size(); ++i) {
      if (ltr_allowed(class_of(label[i]))) continue;
      out.add_each(idna_code::B5, i + 1, label[i], [&] {
        return classed(label, i) +
               " is not allowed in a left-to-right label (one that begins with L); RFC 5893 §2 rule 5 allows "
               "L, EN, ES, CS, ET, ON, BN and NSM" +
               because;
      });
    }
    explain_ending(
        label, idna_code::B6, "RFC 5893 §2 rule 6 needs a left-to-right label to end in L or EN",
        [](bidi_class c) { return c == bidi_class::L || c == bidi_class::EN; }, because, out);
    return;
  }
  std::size_t first_en = label.size();
  std::size_t first_an = label.size();
  for (std::size_t i = 0; i < label.size(); ++i) {
    const bidi_class c = class_of(label[i]);
    if (c == bidi_class::EN && first_en == label.size()) first_en = i;
    if (c == bidi_class::AN && first_an == label.size()) first_an = i;
    if (rtl_allowed(c)) continue;
    out.add_each(idna_code::B2, i + 1, label[i], [&] {
      return classed(label, i) +
             " is not allowed in a right-to-left label (one that begins with R or AL); RFC 5893 §2 rule 2 "
             "allows R, AL, AN, EN, ES, CS, ET, ON, BN and NSM" +
             because;
    });
  }
  explain_ending(
      label, idna_code::B3, "RFC 5893 §2 rule 3 needs a right-to-left label to end in R, AL, EN or AN",
      [](bidi_class c) { return c == bidi_class::R || c == bidi_class::AL || c == bidi_class::EN || c == bidi_class::AN; },
      because, out);
  if (first_en < label.size() && first_an < label.size()) {
    const std::size_t later = first_en > first_an ? first_en : first_an;
    out.add(idna_code::B4, later + 1, label[later],
            "the label holds both " + classed(label, first_en) + " and " + classed(label, first_an) +
                "; RFC 5893 §2 rule 4 forbids European (EN) and Arabic-Indic (AN) digits together in a "
                "right-to-left label" +
                because);
  }
}

}  // namespace puny::detail
