// puny CLI — `puny check` with an IDNA2008 or IDNA2003 profile.
#include "standard_check_report.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "check_report.hpp"
#include "check_text.hpp"
#include "domain_labels.hpp"
#include "idna/explain_text.hpp"
#include "idna2008/context_rules.hpp"
#include "puny/punycode.hpp"
#include "puny/utf8.hpp"
#include "unicode/ucd.hpp"

namespace puny::cli {
namespace {

using detail::explain_text::code_point_at;

// One conversion under either standard, its codes as bits of that
// standard's error set.
struct run {
  status code = status::success;
  std::uint32_t errors = 0;
  std::string value;
  std::size_t position = 0;
  std::size_t label = 0;
  std::size_t offset = 0;
  char32_t code_point = 0;

  template <class Converted>
  static run of(Converted&& c) {
    run r;
    r.code = c.code;
    r.errors = c.errors.bits();
    r.value = std::move(c.value);
    r.position = c.position;
    r.label = c.label;
    r.offset = c.offset;
    r.code_point = c.code_point;
    return r;
  }
  [[nodiscard]] bool ok() const noexcept { return code == status::success && errors == 0; }
};

class standard {
 public:
  explicit standard(const profile_settings& p) : p_(p) {}

  [[nodiscard]] bool idna2008() const noexcept { return p_.standard == idna_standard::idna2008; }

  [[nodiscard]] run to_ascii(std::string_view name) const {
    return idna2008() ? run::of(puny::idna2008::to_ascii(name, p_.idna2008))
                      : run::of(puny::idna2003::to_ascii(name, p_.idna2003));
  }
  [[nodiscard]] run to_unicode(std::string_view name) const {
    return idna2008() ? run::of(puny::idna2008::to_unicode(name, p_.idna2008))
                      : run::of(puny::idna2003::to_unicode(name, p_.idna2003));
  }

  // Code names, messages and sections by bit.
  [[nodiscard]] std::string_view name(unsigned bit) const {
    return idna2008() ? puny::idna2008::name(static_cast<puny::idna2008::error>(bit))
                      : puny::idna2003::name(static_cast<puny::idna2003::error>(bit));
  }
  [[nodiscard]] std::string_view message(unsigned bit) const {
    return idna2008() ? puny::idna2008::message(static_cast<puny::idna2008::error>(bit))
                      : puny::idna2003::message(static_cast<puny::idna2003::error>(bit));
  }
  [[nodiscard]] std::string_view rule(unsigned bit) const {
    return idna2008() ? puny::idna2008::rule(static_cast<puny::idna2008::error>(bit))
                      : puny::idna2003::rule(static_cast<puny::idna2003::error>(bit));
  }
  [[nodiscard]] std::string names(std::uint32_t bits) const {
    std::string s;
    for (unsigned b = 0; b < 32; ++b) {
      if (((bits >> b) & 1u) == 0) continue;
      if (!s.empty()) s += ", ";
      s += name(b);
    }
    return s;
  }

  // A final empty label after a separator is the root, where accepted.
  [[nodiscard]] bool accepts_root() const noexcept { return !idna2008() || p_.idna2008.allow_trailing_dot; }
  [[nodiscard]] bool bidi_across_labels() const noexcept { return idna2008() && p_.idna2008.check_bidi; }
  [[nodiscard]] bool evaluates_contexto() const noexcept { return p_.idna2008.check_contexto; }
  [[nodiscard]] label_separators separators() const noexcept {
    return idna2008() ? label_separators::full_stop_only : label_separators::four_dots;
  }

 private:
  const profile_settings& p_;
};

constexpr unsigned bit_of(puny::idna2008::error e) noexcept { return static_cast<unsigned>(e); }

// The label's code points in its Unicode form: an XN-label decoded when it
// decodes, else the label's own code points.
std::u32string unicode_form(std::string_view label) {
  const bool xn = label.size() >= 4 && (label[0] | 0x20) == 'x' && (label[1] | 0x20) == 'n' && label[2] == '-' &&
                  label[3] == '-';
  if (xn) {
    puny::converted<std::u32string> d = puny::decode(label.substr(4));
    if (d) return std::move(d.value);
  }
  std::u32string cps(label.size(), U'\0');
  const result r = utf8_to_utf32(std::span<const char>(label.data(), label.size()), std::span<char32_t>(cps));
  cps.resize(r.ok() ? r.written : 0);
  return cps;
}

// RFC 5893 §1.4: a right-to-left label holds R, AL or AN.
std::optional<std::size_t> first_rtl(std::u32string_view cps) {
  for (std::size_t i = 0; i < cps.size(); ++i) {
    const detail::ucd::bidi_class b = detail::ucd::bidi(cps[i]);
    if (b == detail::ucd::bidi_class::R || b == detail::ucd::bidi_class::AL || b == detail::ucd::bidi_class::AN) {
      return i;
    }
  }
  return std::nullopt;
}

// "U+0042 'B' at position 1, U+00C4 'Ä' at position 3": every code point of
// the label with property `p`, at most `max_listed` of them.
constexpr std::size_t max_listed = 8;
std::string listed(std::u32string_view cps, puny::idna2008::derived_property p, bool& any) {
  std::string s;
  std::size_t n = 0;
  for (std::size_t i = 0; i < cps.size(); ++i) {
    if (puny::idna2008::property_of(cps[i]) != p) continue;
    if (n < max_listed) {
      if (n != 0) s += ", ";
      s += sanitized(code_point_at(cps[i], i + 1));
    }
    ++n;
  }
  if (n > max_listed) s += " and " + std::to_string(n - max_listed) + " more";
  any = n != 0;
  return s;
}

void add_code(std::string& text, const standard& s, unsigned bit, std::string_view indent) {
  text += indent;
  text += s.name(bit);
  text += ": ";
  text += s.message(bit);
  text += " (";
  text += s.rule(bit);
  text += ')';
}

// What one label breaks, each code on its line.
void add_label_codes(std::string& text, const standard& s, std::string_view label, const run& at_fault,
                     std::uint32_t errors) {
  const std::u32string cps = s.idna2008() ? unicode_form(label) : std::u32string();
  // IDNA2008: every DISALLOWED and UNASSIGNED code point is named on its
  // code's line (the derived property says which they are).
  std::uint32_t named = 0;
  std::string disallowed, unassigned;
  if (s.idna2008()) {
    bool any = false;
    disallowed = listed(cps, puny::idna2008::derived_property::disallowed, any);
    if (any) named |= 1u << bit_of(puny::idna2008::error::disallowed);
    unassigned = listed(cps, puny::idna2008::derived_property::unassigned, any);
    if (any) named |= 1u << bit_of(puny::idna2008::error::unassigned);
  }
  named &= errors;
  // The first code point whose RFC 5892 Appendix A rule fails names its
  // code, CONTEXTJ or CONTEXTO, whatever else the label breaks.
  std::string context_point;
  unsigned context_bit = 32;
  if (s.idna2008()) {
    const detail::idna2008::context_verdict v = detail::idna2008::check_context_rules(cps, s.evaluates_contexto());
    const auto p = puny::idna2008::property_of(v.code_point);
    if (v.code_point != 0 && (p == puny::idna2008::derived_property::contextj ||
                              p == puny::idna2008::derived_property::contexto)) {
      context_bit = bit_of(p == puny::idna2008::derived_property::contextj ? puny::idna2008::error::contextj
                                                                            : puny::idna2008::error::contexto);
      if (((errors >> context_bit) & 1u) != 0) {
        context_point = sanitized(code_point_at(v.code_point, v.offset + 1));
        named |= 1u << context_bit;
      }
    }
  }
  // The code point the library reports is the first at fault; it belongs
  // to the one code left when the others name theirs.
  const std::uint32_t others = errors & ~named;
  const bool pointed = at_fault.code_point != 0;
  bool point_shown = false;
  if (pointed && s.idna2008()) {
    const auto p = puny::idna2008::property_of(at_fault.code_point);
    auto named_code = [&](puny::idna2008::error e) { return ((named >> bit_of(e)) & 1u) != 0; };
    point_shown = (p == puny::idna2008::derived_property::disallowed && named_code(puny::idna2008::error::disallowed)) ||
                  (p == puny::idna2008::derived_property::unassigned && named_code(puny::idna2008::error::unassigned)) ||
                  (p == puny::idna2008::derived_property::contextj && named_code(puny::idna2008::error::contextj)) ||
                  (p == puny::idna2008::derived_property::contexto && named_code(puny::idna2008::error::contexto));
  }
  const bool single = others != 0 && (others & (others - 1)) == 0;
  for (unsigned b = 0; b < 32; ++b) {
    if (((errors >> b) & 1u) == 0) continue;
    add_code(text, s, b, "    ");
    if (s.idna2008() && b == bit_of(puny::idna2008::error::disallowed) && !disallowed.empty()) {
      text += ": ";
      text += disallowed;
    } else if (s.idna2008() && b == bit_of(puny::idna2008::error::unassigned) && !unassigned.empty()) {
      text += ": ";
      text += unassigned;
    } else if (b == context_bit && !context_point.empty()) {
      text += ": ";
      text += context_point;
    } else if (single && pointed && !point_shown) {
      text += ": ";
      text += sanitized(code_point_at(at_fault.code_point, at_fault.offset + 1));
      point_shown = true;
    }
    text += '\n';
  }
  if (pointed && !point_shown) {
    text += "    first code point at fault: ";
    text += sanitized(code_point_at(at_fault.code_point, at_fault.offset + 1));
    text += '\n';
  }
}

}  // namespace

bool standard_check_report(std::string_view record, const profile_settings& profile,
                           const display_options* display, std::string& text) {
  text = shown(record);
  const result valid = validate_utf8(std::span<const char>(record.data(), record.size()));
  if (valid.code != status::success) {
    text += ": not well-formed UTF-8 at byte offset ";
    text += std::to_string(valid.position);
    text += '\n';
    return false;
  }
  const standard s(profile);
  const run ascii = s.to_ascii(record);
  const run unicode = s.to_unicode(record);
  for (const run* r : {&ascii, &unicode}) {
    if (r->code != status::success) {
      text += ": not checked: ";
      text += message(r->code);
      text += '\n';
      return false;
    }
  }
  const std::uint32_t errors = ascii.errors | unicode.errors;
  text += errors == 0 ? ": valid under " : ": invalid under ";
  text += standard_title(profile);
  if (errors != 0) {
    text += " (";
    text += s.names(errors);
    text += ')';
  }
  text += "\n  ASCII:   ";
  text += ascii.ok() ? shown(std::string_view(ascii.value)) : "(none: ToASCII fails)";
  text += "\n  Unicode: ";
  text += shown(std::string_view(unicode.value));
  if (unicode.errors != 0) text += "  (labels that fail are given back as typed)";
  text += '\n';
  const std::optional<display_outcome> d = display_decision(record, display);
  if (d) append_display_line(text, *d, *display);

  std::vector<std::string_view> labels = split_labels(record, s.separators());
  if (labels.size() > 1 && labels.back().empty() && s.accepts_root()) labels.pop_back();
  // The labels' Unicode forms, for the Bidi domain condition.
  std::vector<std::u32string> forms;
  if (s.bidi_across_labels()) {
    forms.reserve(labels.size());
    for (const std::string_view l : labels) forms.push_back(unicode_form(l));
  }

  // RFC 5893 §1.4: a Bidi domain name has a right-to-left label, and then
  // every label must satisfy the rule; a label that has none is checked
  // next to a right-to-left label that satisfies it (U+05D0 HEBREW LETTER
  // ALEF alone), so that its codes are those it has in this name.
  bool bidi_domain = false;
  if (s.bidi_across_labels()) {
    for (std::size_t i = 0; i < labels.size() && !bidi_domain; ++i) {
      if (const std::optional<std::size_t> at = first_rtl(forms[i])) {
        bidi_domain = true;
        text += "  Bidi domain name: label ";
        text += std::to_string(i + 1);
        text += " holds ";
        text += sanitized(detail::explain_text::code_point(forms[i][*at]));
        text += " of Bidi_Class ";
        text += detail::explain_text::bidi_class_name(detail::ucd::bidi(forms[i][*at]));
        text += " at position ";
        text += std::to_string(*at + 1);
        text += ", so every label must satisfy the Bidi rule (RFC 5893 §2)\n";
      }
    }
  }

  struct label_report {
    run ascii;
    run unicode;
    run at_fault;
    std::uint32_t errors = 0;
  };
  std::vector<label_report> reports(labels.size());
  std::uint32_t in_labels = 0;
  for (std::size_t i = 0; i < labels.size(); ++i) {
    label_report& r = reports[i];
    r.ascii = s.to_ascii(labels[i]);
    r.unicode = s.to_unicode(labels[i]);
    r.at_fault = r.ascii.errors != 0 ? r.ascii : r.unicode;
    if (bidi_domain && !first_rtl(forms[i])) {
      std::string beside(labels[i]);
      beside += ".\u05D0";
      run in_name = s.to_ascii(beside);
      // Only label 0 is this one; the length of the pair is not its fault.
      in_name.errors &= ~(1u << bit_of(puny::idna2008::error::name_too_long));
      if (in_name.errors != 0) r.at_fault = in_name;
      r.ascii.errors |= in_name.errors;
    }
    r.errors = r.ascii.errors | r.unicode.errors;
    in_labels |= r.errors;
  }
  // Codes of the name as a whole (its length, an empty name).
  const std::uint32_t name_only = errors & ~in_labels;
  for (unsigned b = 0; b < 32; ++b) {
    if (((name_only >> b) & 1u) == 0) continue;
    add_code(text, s, b, "  ");
    text += '\n';
  }
  const bool aligned = d && d->labels.size() == labels.size();
  for (std::size_t i = 0; i < labels.size(); ++i) {
    const label_report& r = reports[i];
    text += "  label ";
    text += std::to_string(i + 1);
    text += "  ";
    text += shown(std::string_view(r.unicode.value));
    text += "  ";
    text += r.ascii.ok() ? shown(std::string_view(r.ascii.value)) : "(no ASCII form)";
    if (labels[i] != r.unicode.value) {
      text += "  (typed ";
      text += shown(labels[i]);
      text += ')';
    } else if (r.unicode.errors != 0) {
      text += "  (ToUnicode gives it back as typed)";
    }
    text += '\n';
    if (r.errors != 0) add_label_codes(text, s, labels[i], r.at_fault, r.errors);
    if (aligned) append_label_display(text, d->labels[i], *d);
  }
  return errors == 0;
}

}  // namespace puny::cli
