// puny CLI — the text of `puny check`.
#include "check_report.hpp"

#include "check_text.hpp"

#include <algorithm>
#include <cstddef>
#include <optional>
#include <cstdint>
#include <span>

#include "idna/explain_text.hpp"
#include "puny/explain.hpp"
#include "puny/utf8.hpp"
#include "unicode/ucd.hpp"

namespace puny::cli {
namespace {

void add_violation(std::string& text, const idna_violation& v, std::string_view indent) {
  text += indent;
  text += name(v.code);
  text += ": ";
  text += sanitized(v.detail);
  text += '\n';
}

}  // namespace

void append_label_display(std::string& text, const label_display& d, const display_outcome& outcome) {
  if (!d.non_ascii && d.reasons.empty()) return;
  text += "    display: ";
  if (d.shown_unicode) {
    text += "shown in Unicode\n";
    return;
  }
  text += d.reasons.contains(display_reason::invalid) ? "shown as given\n" : "shown as ASCII\n";
  bool first = true;
  for (const display_reason r : d.reasons) {
    text += "      ";
    text += name(r);
    text += ": ";
    // The library's explanation names the characters and scripts that
    // decided the first reason; the others get their general message.
    if (first && !d.detail.empty()) {
      text += sanitized(d.detail);
    } else {
      text += message(r);
      if (r == display_reason::lookalike_of_protected && outcome.lookalike_of) {
        text += ": ";
        text += shown(std::string_view(*outcome.lookalike_of));
      }
    }
    text += '\n';
    first = false;
  }
  if (d.reasons.empty() && outcome.lookalike_of) {
    // The whole name is shown in ASCII because it looks like a protected one.
    text += "      ";
    text += name(display_reason::lookalike_of_protected);
    text += ": ";
    text += message(display_reason::lookalike_of_protected);
    text += ": ";
    text += shown(std::string_view(*outcome.lookalike_of));
    text += '\n';
  }
}

std::optional<display_outcome> display_decision(std::string_view record, const display_options* display) {
  if (display == nullptr) return std::nullopt;
  std::optional<display_outcome> d = puny::display(record, *display);
  const bool idn =
      std::any_of(d->labels.begin(), d->labels.end(), [](const label_display& l) { return l.non_ascii; });
  if (d->code != status::success || !idn) d.reset();
  return d;
}

void append_display_line(std::string& text, const display_outcome& d, const display_options& display) {
  text += "  Display: ";
  text += shown(std::string_view(d.value));
  text += "  (";
  text += name(display.policy);
  text += " policy";
  if (d.lookalike_of) {
    text += "; looks like the protected domain ";
    text += shown(std::string_view(*d.lookalike_of));
  }
  text += ")\n";
}

namespace {

void add_label(std::string& text, std::size_t index, const label_explanation& label) {
  text += "  label ";
  text += std::to_string(index + 1);
  text += "  ";
  text += shown(label.unicode);
  text += "  ";
  text += label.ascii.empty() && !label.unicode.empty() ? "(no ASCII form)" : shown(std::string_view(label.ascii));
  if (label.input != label.unicode) {
    text += "  (typed ";
    text += shown(label.input);
    text += ')';
  }
  text += '\n';
  for (const idna_violation& v : label.violations) add_violation(text, v, "    ");
  if (label.unlisted != 0) {
    text += "    (";
    text += std::to_string(label.unlisted);
    text += " more not listed: at most ";
    text += std::to_string(max_listed_violations);
    text += " violations of each code are listed per label)\n";
  }
}

}  // namespace

bool check_report(std::string_view record, const idna_options& options, std::string& text) {
  return check_report(record, options, nullptr, text);
}

bool check_report(std::string_view record, const idna_options& options, const display_options* display,
                  std::string& text) {
  text = shown(record);
  const domain_explanation e = explain(record, options);
  if (e.code == status::invalid_utf8) {
    text += ": not well-formed UTF-8 at byte offset ";
    text += std::to_string(e.position);
    text += '\n';
    return false;
  }
  if (e.code != status::success) {
    text += ": not checked: ";
    text += message(e.code);
    text += '\n';
    return false;
  }

  if (e.ok()) {
    text += ": valid\n";
  } else {
    text += ": invalid (";
    text += to_string(e.errors);
    text += ")\n";
  }
  text += "  ASCII:   ";
  text += e.ok() ? shown(std::string_view(e.ascii)) : "(none: ToASCII fails)";
  text += "\n  Unicode: ";
  text += shown(e.unicode);
  // ToUnicode's own codes (X4_2 for an empty label, which ToASCII calls
  // A4_2 or accepts), so that the Unicode form is not taken for valid.
  bool first = true;
  for (const idna_code c : e.unicode_errors) {
    if (e.errors.contains(c)) continue;
    text += first ? "  (ToUnicode also records " : "; ";
    text += name(c);
    text += ": ";
    text += message(c);
    first = false;
  }
  if (!first) text += ')';
  text += '\n';
  // The display decision, for a name with an IDN label (UTS #46 with the
  // uts46 profile whatever the options above, as puny::display runs it).
  const std::optional<display_outcome> d = display_decision(record, display);
  if (d) append_display_line(text, *d, *display);
  if (e.bidi_domain) {
    const bidi_domain_reason& b = *e.bidi_domain;
    text += "  Bidi domain name: label ";
    text += std::to_string(b.label + 1);
    text += " holds ";
    text += sanitized(detail::explain_text::code_point(b.code_point));
    text += " of Bidi_Class ";
    text += b.bidi_class;
    text += " at position ";
    text += std::to_string(b.position);
    text += ", so every label must satisfy the Bidi rule (RFC 5893 §2)\n";
  }
  for (const idna_violation& v : e.domain_violations) add_violation(text, v, "  ");
  // Labels are split the same way whatever the options (UTS #46 maps the
  // same full stops), so the display verdicts line up with the labels.
  const bool aligned = d && d->labels.size() == e.labels.size();
  for (std::size_t i = 0; i < e.labels.size(); ++i) {
    add_label(text, i, e.labels[i]);
    if (aligned) append_label_display(text, d->labels[i], *d);
  }
  return e.ok();
}

}  // namespace puny::cli
