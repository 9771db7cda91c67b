// puny — IDNA2008 registration of one label (RFC 5891 §4), given as a
// U-label, an A-label or both, over caller buffers.
#include <algorithm>
#include <array>
#include <span>
#include <string_view>

#include "idna/bidi_rule.hpp"
#include "idna/encoded_text.hpp"
#include "idna2008/label_processing.hpp"
#include "idna2008/name_workspace.hpp"
#include "puny/idna2008.hpp"

namespace puny::idna2008 {
namespace {

using detail::idna2008::label_fault;
using detail::idna2008::label_form;
using detail::idna2008::label_outcome;
using detail::idna2008::name_workspace;

registration_result rule_failure(error_set errors, const label_fault& fault) noexcept {
  registration_result r;
  r.errors = errors;
  r.label = 0;
  if (fault.set) {
    r.offset = fault.offset;
    r.code_point = fault.code_point;
  }
  return r;
}

/// U+002E inside the label: the separator is a DISALLOWED code point, and
/// an ASCII label's LDH test would otherwise let it pass without the
/// hostname check.
void find_separator(std::u32string_view label, error_set& errors, label_fault& fault) noexcept {
  const std::size_t dot = label.find(U'.');
  if (dot == std::u32string_view::npos) return;
  errors.insert(error::disallowed);
  fault.note(dot, U'.');
}

registration_result register_in(std::string_view u_label, std::string_view a_label, std::span<char> a_out,
                                 std::span<char> u_out, const options& o, const name_workspace& ws) noexcept {
  // The A-label given goes to text[0, a_label.size()) and is decoded in
  // place; the U-label given follows it.
  char32_t* const u_text = ws.text.data() + a_label.size();
  std::size_t u_length = 0;
  char32_t u_any = 0;
  for (std::size_t pos = 0; pos < u_label.size();) {
    const detail::read_code_point cp = detail::read_at(u_label, pos);
    if (cp.length == 0) {
      registration_result r;
      r.code = status::invalid_utf8;
      r.position = pos;
      return r;
    }
    u_text[u_length++] = cp.value;
    u_any |= cp.value;
    pos += cp.length;
  }
  const std::u32string_view given_u(u_text, u_length);

  std::array<char, detail::idna2008::max_label_octets + 1> ascii_form;
  label_outcome out;
  if (!a_label.empty()) {
    // RFC 5890 §2.3.2.1: an A-label is an LDH label, so all ASCII; a byte
    // of anything else makes the xn-- tail undecodable (RFC 3492 §6.2
    // reads only basic code points) and the label no A-label.
    if (std::any_of(a_label.begin(), a_label.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; })) {
      return rule_failure({error::punycode_invalid}, {});
    }
    for (std::size_t i = 0; i < a_label.size(); ++i) ws.text[i] = static_cast<unsigned char>(a_label[i]);
    label_fault dot_fault;
    error_set dot;
    find_separator(std::u32string_view(ws.text.data(), a_label.size()), dot, dot_fault);
    out = detail::idna2008::process_label(ws.text, a_label.size(), true, ws.scratch, ascii_form, o);
    out.errors |= dot;
    out.fault.merge(dot_fault);
    // §4.2.1: given both, the A-label decoded must be the U-label given,
    // exactly (nothing is normalized or case-folded).  An A-label that
    // did not decode has nothing to compare.
    if (!u_label.empty() && (out.form == label_form::alabel || out.form == label_form::ascii) &&
        std::u32string_view(ws.text.data(), out.unicode_length) != given_u) {
      out.errors.insert(error::ualabel_mismatch);
    }
  } else {
    label_fault dot_fault;
    error_set dot;
    find_separator(given_u, dot, dot_fault);
    // A U-label given as such is never decoded: "xn--..." here is one more
    // label with "--" at positions 3-4 (§4.2.3.1).
    out = detail::idna2008::process_label(std::span<char32_t>(u_text, u_length), u_length, u_any < 0x80, ws.scratch,
                                          ascii_form, o, true);
    out.errors |= dot;
    out.fault.merge(dot_fault);
  }
  const std::u32string_view unicode(a_label.empty() ? u_text : ws.text.data(), out.unicode_length);

  // §4.2.3.4: a label with right-to-left characters must satisfy RFC 5893;
  // the label is all the registry sees of the name, so it is the Bidi
  // domain name whose labels (this one) the rule covers.
  if (o.check_bidi && (out.form == label_form::alabel || out.form == label_form::ulabel) &&
      detail::has_rtl(out.bidi)) {
    const detail::idna2008::label_verdict b = detail::idna2008::check_bidi_rule(unicode);
    out.errors |= b.errors;
    out.fault.merge(b.fault);
  }
  if (!out.errors.empty()) return rule_failure(out.errors, out.fault);

  // §4.4, §4.5: the A-label (or the NR-LDH label) and its U-label.
  registration_result r;
  r.needed = out.ascii.length;
  for (const char32_t cp : unicode) r.u_needed += detail::units_of(char{}, cp);
  if (r.needed > a_out.size() || r.u_needed > u_out.size()) {
    r.code = status::output_too_small;
    return r;
  }
  std::copy_n(ascii_form.begin(), r.needed, a_out.begin());
  std::size_t n = 0;
  for (const char32_t cp : unicode) {
    detail::write_at(u_out.data() + n, cp);
    n += detail::units_of(char{}, cp);
  }
  r.written = r.needed;
  r.u_written = n;
  r.needed = 0;
  r.u_needed = 0;
  return r;
}

}  // namespace

registration_result register_label(std::string_view u_label, std::string_view a_label, std::span<char> a_out,
                                   std::span<char> u_out, const options& o) noexcept {
  if (u_label.empty() && a_label.empty()) return rule_failure({error::empty_label}, {});
  // Room for both labels' code points: at most one per byte.
  const std::size_t capacity = u_label.size() + a_label.size();
  return detail::idna2008::with_name_workspace<registration_result>(
      capacity, [&](const name_workspace& ws) noexcept { return register_in(u_label, a_label, a_out, u_out, o, ws); });
}

}  // namespace puny::idna2008
