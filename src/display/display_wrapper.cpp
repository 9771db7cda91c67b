// puny — the display decision as strings, with each label's forms and an
// English account of what decided (include/puny/display.hpp).
#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include "display/chromium_tables.hpp"
#include "display/labels.hpp"
#include "wrapper_exceptions.hpp"
#include "puny/display.hpp"
#include "puny/idna.hpp"
#include "puny/security.hpp"
#include "puny/utf8.hpp"

namespace puny {
namespace {

namespace chromium = detail::display::chromium;

std::u32string to_code_points(std::string_view utf8) {
  std::u32string text(utf8.size(), U'\0');
  const result r = utf8_to_utf32(utf8, text);
  text.resize(r.written);
  return text;
}

std::string to_utf8(std::u32string_view text) {
  std::string s(text.size() * 4, '\0');
  const result r = utf32_to_utf8(text, s);
  s.resize(r.code == status::success ? r.written : 0);
  return s;
}

bool is_ascii(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

std::string lower_ascii(std::string_view s) {
  std::string t(s);
  for (char& c : t)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return t;
}

// "U+0430 а (Cyrillic)": a character as the explanations name it.  A mark
// is shown on U+25CC DOTTED CIRCLE.
std::string describe(char32_t c, bool with_script = true) {
  char hex[16];
  std::snprintf(hex, sizeof hex, "U+%04X ", static_cast<unsigned>(c));
  std::string s = hex;
  const script sc = script_of(c);
  if (sc == script::inherited || (c >= 0x0300 && c <= 0x036F)) s += to_utf8(U"\u25CC");
  if (c >= 0x20 && c != 0x7F) s += to_utf8(std::u32string_view(&c, 1));
  if (with_script) {
    s += " (";
    s += name(sc);
    s += ')';
  }
  return s;
}

// The distinct scripts of the label's characters, Common and Inherited left out.
std::string scripts_of(std::u32string_view label) {
  std::vector<script> seen;
  for (const char32_t c : label) {
    const script sc = script_of(c);
    if (sc == script::common || sc == script::inherited) continue;
    if (std::find(seen.begin(), seen.end(), sc) == seen.end()) seen.push_back(sc);
  }
  std::string s;
  for (std::size_t i = 0; i < seen.size(); ++i) {
    if (i > 0) s += i + 1 == seen.size() ? " and " : ", ";
    s += name(seen[i]);
  }
  return s;
}

std::string tld_phrase(std::string_view tld) {
  if (tld.empty()) return "the name has no TLD";
  return "the TLD ." + std::string(tld);
}

std::string explain_invalid(idna_errors errors) {
  std::string s = "UTS #46 ToUnicode finds the label invalid (";
  bool first = true;
  for (const idna_code c : errors) {
    if (!first) s += "; ";
    first = false;
    s += name(c);
    s += ": ";
    s += message(c);
  }
  return s + ")";
}

std::string explain_not_allowed(char32_t c, const display_options& options) {
  std::string s = describe(c) + " is not in the " + std::string(name(options.policy)) + " policy's allowed set: ";
  if (identifier_status_of(c) == identifier_status::restricted) {
    s += "Identifier_Status is Restricted (Identifier_Type " + to_string(identifier_types_of(c)) + ")";
  } else if (options.policy == display_policy::chromium && chromium::removed_from_allowed_set(c)) {
    s += "Chromium removes it from the identifier profile (idn_spoof_checker.cc SetAllowedUnicodeSet)";
  } else {
    s += "the policy excludes it";
  }
  return s;
}

std::string explain_restriction(std::u32string_view label, char32_t c, display_policy policy) {
  const identifier_analysis a = analyze_identifier(label);
  std::string s = "the label mixes " + scripts_of(label) + " (" + std::string(title(a.level));
  s += policy == display_policy::uts39_moderately_restrictive ? ", above Moderately Restrictive)"
                                                              : ", above Highly Restrictive)";
  if (c != 0) s += "; the mix starts at " + describe(c);
  return s;
}

std::string explain_mixed_numbers(std::u32string_view label) {
  const identifier_analysis a = analyze_identifier(label);
  std::string s = "the label has digits of " + std::to_string(a.zero_count) + " numbering systems (zeros";
  for (std::size_t i = 0; i < std::min<std::size_t>(a.zero_count, a.zeros.size()); ++i) {
    s += i == 0 ? " " : ", ";
    s += describe(a.zeros[i]);
  }
  return s + ")";
}

std::string explain_marks(std::u32string_view label, char32_t c) {
  const identifier_analysis a = analyze_identifier(label);
  std::string s;
  if (a.findings.contains(identifier_finding::hidden_overlay))
    s = "U+0307 COMBINING DOT ABOVE sits on a letter that already has a dot or looks like i, j or l";
  if (a.findings.contains(identifier_finding::repeated_mark)) {
    if (!s.empty()) s += "; ";
    s += "the same nonspacing mark occurs twice in one sequence of marks (after NFD)";
  }
  if (a.findings.contains(identifier_finding::long_mark_run)) {
    if (!s.empty()) s += "; ";
    s += "more than 4 nonspacing marks follow each other (after NFD)";
  }
  if (s.empty()) s = "the label has invisible or hidden marks";
  if (c != 0) s += " (at " + describe(c) + ")";
  return s;
}

std::string explain_whole_script(std::u32string_view label, char32_t c, std::string_view tld) {
  const script sc = script_of(c);
  std::string letters;
  std::u32string seen;
  for (const char32_t x : label) {
    if (script_of(x) != sc || seen.find(x) != std::u32string::npos) continue;
    seen.push_back(x);
    letters += ' ';
    letters += to_utf8(std::u32string_view(&x, 1));
  }
  std::string s = "the " + std::string(name(sc)) + " letters" + letters +
                  (seen.size() == 1 ? " looks" : " all look") + " like Latin letters, and ";
  s += tld.empty() ? "the name has no TLD" : tld_phrase(tld) + " is not " + std::string(name(sc));
  return s;
}

std::string explain_digits(std::u32string_view label) {
  std::string s = "the label is made of digits and characters that look like digits:";
  std::u32string seen;
  for (const char32_t x : label) {
    if ((x >= U'0' && x <= U'9') || seen.find(x) != std::u32string::npos) continue;
    seen.push_back(x);
    s += ' ';
    s += describe(x);
  }
  return s;
}

std::string explain_tld_specific(char32_t c, std::string_view tld) {
  std::string s = describe(c) + " is allowed only ";
  if (c == 0x00FE || c == 0x00F0) {
    s += "under .is and .fo";
  } else if (c == 0x0259) {
    s += "under .az";
  } else if (c == 0x00B7) {
    s += "under .cat, between two l (ela geminada)";
  } else {
    s += "under its own TLD";
  }
  return s + "; " + tld_phrase(tld);
}

std::string explain_dangerous(char32_t c) {
  std::string s = describe(c);
  if (chromium::in(chromium::slash_like, c)) return s + " looks like a slash between characters that are not Japanese";
  if (chromium::in(chromium::cjk_stroke_like, c))
    return s + " looks like a Latin letter or punctuation next to a character that is not CJK";
  if (c == 0x30FD || c == 0x30FE) return s + " (an iteration mark) does not follow Katakana";
  if (c == 0x30FC) return s + " (a prolonged sound mark) does not follow Katakana or Hiragana";
  if (c == 0x30FB) return s + " (a middle dot) is next to a character that is not Japanese, or ends the label";
  if ((c >= 0x3078 && c <= 0x307A) || (c >= 0x30D8 && c <= 0x30DA))
    return s + " looks the same in Hiragana and Katakana and stands alone among the other kana";
  if (c == 0x3099 || c == 0x309A) return s + " is a combining Kana voiced sound mark";
  if (c == 0x0307) return s + " puts a second dot on i, j or l";
  if (c >= 0x0300 && c <= 0x0339)
    return s + " is a combining mark after a character that is not Latin, Greek or Cyrillic, or after dotless i";
  return s + " is part of a pattern browsers reject";
}

std::string explain_non_ascii_latin(std::u32string_view label, char32_t c) {
  return describe(c) + " is a non-ASCII Latin letter in a label that mixes " + scripts_of(label);
}

std::string explain(display_reason r, std::u32string_view label, const label_display& l, std::string_view tld,
                    const display_options& options, std::string_view lookalike) {
  const char32_t c = l.code_point;
  switch (r) {
    case display_reason::invalid:
      return explain_invalid(l.errors);
    case display_reason::character_not_allowed:
      return explain_not_allowed(c, options);
    case display_reason::deny_listed_character:
      return describe(c) + (options.blocked_characters.find(c) != std::u32string_view::npos
                                ? " is on the caller's list of blocked characters"
                                : " is on the " + std::string(name(options.policy)) + " policy's character blocklist");
    case display_reason::script_not_allowed:
      return describe(c) + " is not in one of the allowed scripts";
    case display_reason::restriction_level:
      return explain_restriction(label, c, options.policy);
    case display_reason::mixed_numbers:
      return explain_mixed_numbers(label);
    case display_reason::invisible_or_hidden_marks:
      return explain_marks(label, c);
    case display_reason::whole_script_confusable:
      return explain_whole_script(label, c, tld);
    case display_reason::digit_lookalike:
      return explain_digits(label);
    case display_reason::tld_specific_character:
      return explain_tld_specific(c, tld);
    case display_reason::dangerous_pattern:
      return explain_dangerous(c);
    case display_reason::non_ascii_latin_mixed:
      return explain_non_ascii_latin(label, c);
    case display_reason::lookalike_of_protected:
      return "the name looks like the protected domain " + std::string(lookalike);
    case display_reason::ascii_policy:
      return "the ascii policy shows every IDN label in its xn-- form";
  }
  return std::string(message(r));
}

std::size_t count_labels(std::string_view domain) {
  std::size_t n = 0;
  for (detail::display::label_reader reader(domain); !reader.done(); reader.next()) ++n;
  return n;
}

}  // namespace

display_outcome display(std::string_view domain, const display_options& options) {
  display_outcome outcome;
  std::vector<label_verdict> verdicts(count_labels(domain));
  std::string value(display_buffer_size(domain.size()), '\0');
  display_result r = display(domain, value, verdicts, options);
  if (r.code == status::output_too_small) {
    value.assign(r.needed, '\0');
    r = display(domain, value, verdicts, options);
  }
  if (r.code == status::scratch_too_small) detail::throw_bad_alloc();
  outcome.code = r.code;
  if (r.code != status::success) {
    outcome.position = r.position;
    return outcome;
  }
  value.resize(r.written);
  outcome.value = std::move(value);
  outcome.errors = r.errors;
  outcome.reasons = r.reasons;
  std::string_view lookalike;
  if (r.lookalike != display_result::no_lookalike && options.protect != nullptr) {
    lookalike = options.protect->domain(r.lookalike);
    outcome.lookalike_of = std::string(lookalike);
  }

  // The TLD as the explanations name it: its ASCII form.
  std::string tld(detail::display::tld_of(domain));
  const idna_options ascii_options = detail::display::label_ascii_options(options.policy);
  if (!is_ascii(tld)) {
    auto a = to_ascii(tld, ascii_options);
    tld = a.ok() ? std::move(a.value) : std::string();
  } else {
    tld = lower_ascii(tld);
  }

  outcome.labels.reserve(verdicts.size());
  detail::display::label_reader reader(domain);
  for (const label_verdict& v : verdicts) {
    const std::string_view text = reader.next().text;
    label_display l;
    l.non_ascii = v.non_ascii;
    l.shown_unicode = v.shown_unicode;
    l.reasons = v.reasons;
    l.errors = v.errors;
    l.code_point = v.code_point;
    l.code_point_index = v.code_point_index;
    std::u32string unicode;
    if (!text.empty()) {
      auto u = to_unicode(to_code_points(text), ascii_options);
      if (v.errors.empty() && u.ok()) {
        unicode = std::move(u.value);
        l.unicode = to_utf8(unicode);
        if (is_ascii(text)) {
          l.ascii = lower_ascii(text);
        } else {
          auto a = to_ascii(text, ascii_options);
          l.ascii = a.ok() ? std::move(a.value) : std::string(text);
        }
      } else {
        unicode = to_code_points(text);
        l.unicode = std::string(text);
        l.ascii = std::string(text);
      }
    }
    for (const display_reason reason : v.reasons) {
      if (!l.detail.empty()) l.detail += "; ";
      l.detail += explain(reason, unicode, l, tld, options, lookalike);
    }
    outcome.labels.push_back(std::move(l));
  }
  return outcome;
}

}  // namespace puny
