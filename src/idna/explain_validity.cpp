// puny — P4, V1–V4, V6, V7, U1, C1 and C2 located in one label.
#include "idna/explain_validity.hpp"

#include <algorithm>
#include <span>
#include <string>

#include "idna/explain_contextj.hpp"
#include "idna/explain_text.hpp"
#include "puny/punycode.hpp"
#include "unicode/nfc.hpp"
#include "unicode/ucd.hpp"

namespace puny::detail {
namespace {

using explain_text::code_point;
using explain_text::code_point_at;
using explain_text::quoted;
using ucd::idna_status;

constexpr std::size_t ace_prefix_length = 4;  // "xn--"

bool is_ascii(std::u32string_view s) noexcept {
  return std::all_of(s.begin(), s.end(), [](char32_t c) { return c < 0x80; });
}

bool is_unicode_scalar_value(char32_t c) noexcept { return c <= 0x10FFFF && (c < 0xD800 || c > 0xDFFF); }

/// §4 step 4.1, when the label begins with "xn--" and is not Punycode.
void explain_not_punycode(const processed_label& label, violation_list& out) {
  const std::u32string_view text = label.mapped;
  if (label.ace == ace_outcome::non_ascii) {
    const auto it = std::find_if(text.begin(), text.end(), [](char32_t c) { return c >= 0x80; });
    const auto at = static_cast<std::size_t>(it - text.begin());
    out.add(idna_code::P4, at + 1, *it,
            "the label begins with \"xn--\" but holds " + code_point_at(*it, at + 1) +
                ", which is not ASCII, so it is not Punycode (UTS #46 §4 step 4.1)");
    return;
  }
  std::string detail = "the text after \"xn--\" is not valid Punycode: ";
  std::string reason = std::string(name(label.punycode_status)) + " (" + std::string(message(label.punycode_status)) +
                       ") (RFC 3492 §6.2; UTS #46 §4 step 4.1)";
  const std::size_t at = ace_prefix_length + label.punycode_position;
  if (at < text.size()) {
    out.add(idna_code::P4, at + 1, text[at], detail + "at " + code_point_at(text[at], at + 1) + ", " + reason);
  } else {
    out.add(idna_code::P4, 0, 0, detail + "at its end, " + reason);
  }
}

/// §4.1 criterion 7: which statuses may remain after processing.
void explain_statuses(std::u32string_view text, bool decoded, const idna_options& options, violation_list& out) {
  const bool deviation_invalid = options.transitional_processing && !decoded;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char32_t cp = text[i];
    const ucd::idna_entry entry = ucd::idna_lookup(cp);
    const bool invalid = entry.status == idna_status::ignored || entry.status == idna_status::mapped ||
                         entry.status == idna_status::disallowed ||
                         (deviation_invalid && entry.status == idna_status::deviation);
    if (!invalid) continue;
    out.add_each(idna_code::V7, i + 1, cp, [&] {
      std::string d = code_point_at(cp, i + 1);
      if (!is_unicode_scalar_value(cp)) {
        d += cp > 0x10FFFF ? " is beyond U+10FFFF, not a Unicode code point"
                           : " is a lone surrogate, not a Unicode scalar value";
        d += ": disallowed by UTS #46 (§4.1 criterion 7)";
        return d;
      }
      d += " is ";
      switch (entry.status) {
        case idna_status::disallowed:
          d += "disallowed by UTS #46 (IdnaMappingTable status disallowed; §4.1 criterion 7)";
          break;
        case idna_status::deviation:
          d += "a deviation (IdnaMappingTable status deviation), which transitional processing maps "
               "and so never accepts as it is (§4.1 criterion 7)";
          break;
        case idna_status::mapped:
        case idna_status::ignored:
          d += entry.status == idna_status::mapped ? "mapped by UTS #46 (IdnaMappingTable status mapped, to " +
                                                         quoted(entry.mapping()) + ")"
                                                   : "ignored by UTS #46 (IdnaMappingTable status ignored)";
          d += decoded ? ", and a label decoded from Punycode is not mapped: it must hold only valid code points"
                       : ", yet normalization produced it: only valid code points may remain";
          d += " (§4.1 criterion 7)";
          break;
        case idna_status::valid:
          break;
      }
      return d;
    });
  }
}

/// UseSTD3ASCIIRules: the ASCII of a host name (RFC 1123 §2.1).
void explain_std3(std::u32string_view text, violation_list& out) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char32_t cp = text[i];
    if (cp >= 0x80 || (cp >= U'a' && cp <= U'z') || (cp >= U'0' && cp <= U'9') || cp == U'-') continue;
    out.add_each(idna_code::U1, i + 1, cp, [&] {
      return code_point_at(cp, i + 1) +
             " is not a letter, digit or hyphen, the only ASCII a host name may hold (UseSTD3ASCIIRules)";
    });
  }
}

/// §4.1 criteria 2 and 3 (CheckHyphens).
void explain_hyphens(std::u32string_view text, violation_list& out) {
  if (text.size() >= 4 && text[2] == U'-' && text[3] == U'-') {
    out.add(idna_code::V2, 3, U'-',
            "the label has '-' in both its third and fourth positions, which are reserved for tagged labels "
            "such as \"xn--\" (UTS #46 §4.1 criterion 2, CheckHyphens)");
  }
  const bool begins = text.front() == U'-';
  const bool ends = text.back() == U'-';
  if (begins && text.size() == 1) {
    out.add(idna_code::V3, 1, U'-', "the label is a single '-', so it begins and ends with a hyphen "
                                    "(UTS #46 §4.1 criterion 3, CheckHyphens)");
    return;
  }
  if (begins) {
    out.add(idna_code::V3, 1, U'-', "the label begins with '-' (UTS #46 §4.1 criterion 3, CheckHyphens)");
  }
  if (ends) {
    out.add(idna_code::V3, text.size(), U'-',
            "the label ends with '-' at position " + std::to_string(text.size()) +
                " (UTS #46 §4.1 criterion 3, CheckHyphens)");
  }
}

/// §4.1 criterion 1 for a decoded label (every other label was normalized
/// in step 2): where NFC would first change it.
void explain_nfc(std::u32string_view text, violation_list& out) {
  std::u32string normalized(nfc_buffer_size(text.size()), U'\0');
  normalized.resize(to_nfc(text, normalized));
  if (normalized == text) return;
  const auto diff = std::mismatch(text.begin(), text.end(), normalized.begin(), normalized.end());
  // A label that differs from its NFC differs at one of its own code points:
  // NFC never just appends to a string.
  const auto at = static_cast<std::size_t>(diff.first - text.begin());
  if (at >= text.size()) return;
  out.add(idna_code::V1, at + 1, text[at],
          "the label decoded from Punycode is not in Normalization Form C: NFC changes it from " +
              code_point_at(text[at], at + 1) + " on, into " + quoted(std::u32string_view(normalized).substr(at)) +
              " (UTS #46 §4.1 criterion 1)");
}

}  // namespace

bool explain_validity(const processed_label& label, const idna_options& options, violation_list& out) {
  const std::u32string_view text = label.unicode;
  const bool decoded = label.ace == ace_outcome::decoded;
  // A label that fails Punycode stays as it is, unchecked (§4 step 4.1);
  // IgnoreInvalidPunycode validates it as it stands instead, but only when
  // the conversion itself failed: a non-ASCII code point is step 4.1.1's
  // error whatever the flag says.
  if (label.ace == ace_outcome::non_ascii ||
      (label.ace == ace_outcome::bad_punycode && !options.ignore_invalid_punycode)) {
    explain_not_punycode(label, out);
    return false;
  }
  if (decoded && is_ascii(text)) {
    // §4 step 4.1: no Punycode encoder produces an empty or all-ASCII label.
    out.add(idna_code::P4, 0, 0,
            "the text after \"xn--\" decodes to " + quoted(text) +
                (text.empty() ? ", nothing at all" : ", which is all ASCII") +
                ": no Punycode encoder produces that, so it is not an ACE label (UTS #46 §4 step 4.1)");
  }
  if (text.empty()) return true;

  explain_statuses(text, decoded, options, out);
  if (options.use_std3_ascii_rules) explain_std3(text, out);
  if (options.check_hyphens) explain_hyphens(text, out);
  // §4.1 criterion 4 applies whatever CheckHyphens says (as IdnaTestV2
  // has it); only a decoded label can still begin with "xn--" here.
  if (decoded && text.substr(0, ace_prefix_length) == U"xn--") {
    out.add(idna_code::V4, 1, U'x',
            "the label decodes to text that itself begins with \"xn--\": a label is Punycode-encoded only once "
            "(UTS #46 §4.1 criterion 4)");
  }
  // A label IgnoreInvalidPunycode kept unconverted (§4 step 4.1.2) still
  // begins with "xn--": criterion 4 when CheckHyphens is off (criterion 2,
  // V2, when it is on).
  if (label.ace == ace_outcome::bad_punycode && !options.check_hyphens) {
    out.add(idna_code::V4, 1, U'x',
            "the label begins with \"xn--\" but is not valid Punycode; IgnoreInvalidPunycode keeps it "
            "unconverted, and without CheckHyphens a label must not begin with \"xn--\" "
            "(UTS #46 §4 step 4.1, §4.1 criterion 4)");
  }
  // §4.1 criterion 6.
  if (ucd::lookup_properties(text.front()).mark) {
    out.add(idna_code::V6, 1, text.front(),
            "the label begins with " + code_point(text.front()) +
                ", a combining mark (General_Category M), which has no base to combine with "
                "(UTS #46 §4.1 criterion 6)");
  }
  if (decoded) explain_nfc(text, out);
  if (options.check_joiners) explain_contextj(text, out);
  return true;
}

}  // namespace puny::detail
