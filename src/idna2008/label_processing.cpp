// puny — one label through IDNA2008 (RFC 5890 §2.3; RFC 5891 §4.2, §5.3-§5.5).
#include "idna2008/label_processing.hpp"

#include <algorithm>

namespace puny::detail::idna2008 {

using puny::idna2008::error;

namespace {

void copy_ascii(std::u32string_view label, std::span<char> out) noexcept {
  if (out.size() < label.size()) return;
  for (std::size_t i = 0; i < label.size(); ++i) out[i] = static_cast<char>(label[i]);
}

}  // namespace

label_outcome process_label(std::span<char32_t> slot, std::size_t length, bool all_ascii,
                            std::span<char32_t> scratch, std::span<char> ascii_out,
                            const puny::idna2008::options& o, bool reserved_xn) noexcept {
  label_outcome out;
  out.unicode_length = length;
  out.ascii.length = length;
  if (length == 0) return out;
  const std::u32string_view label(slot.data(), length);

  if (all_ascii && !(is_xn_label(label) && !reserved_xn)) {
    // NR-LDH, R-LDH other than XN, or non-LDH ASCII: IDNA maps and decodes
    // nothing here, and the DNS ignores ASCII case, so it is kept as given.
    out.form = label_form::ascii;
    static_cast<label_verdict&>(out) = check_ascii_label(label, o, reserved_xn);
    if (length > max_label_octets) out.errors.insert(error::label_too_long);
    copy_ascii(label, ascii_out);
    return out;
  }

  if (all_ascii) {
    // An XN-label must be an A-label.  RFC 5890 §2.3.2.1: its length is
    // checked before it is decoded (which also bounds the decoder's work).
    if (length > max_label_octets) {
      out.form = label_form::opaque;
      out.errors.insert(error::label_too_long);
      return out;
    }
    const alabel_decoding d = decode_alabel(slot, length, o.require_lowercase_alabels);
    out.errors = d.errors;
    if (!d.decoded || d.errors.contains(error::alabel_ascii_only)) {
      // Not a U-label's A-label: no Unicode form to test.
      out.form = label_form::opaque;
      return out;
    }
    out.form = label_form::alabel;
    out.unicode_length = d.length;
    const std::u32string_view decoded(slot.data(), d.length);
    // RFC 5891 §5.3 / §4.2.1: the decoded label is tested as a U-label ...
    const ulabel_verdict u = check_ulabel(decoded, scratch, o);
    out.errors |= u.errors;
    out.fault = u.fault;
    out.bidi = u.bidi;
    // ... and must encode back to the label exactly (RFC 5890 §2.3.2.1).
    if (!encodes_to(decoded, d.tail.view())) out.errors.insert(error::alabel_not_canonical);
    // The ASCII form is the XN-label in lower case, which the round trip
    // has just shown to be its canonical A-label.
    if (ascii_out.size() >= length) {
      constexpr std::string_view prefix = "xn--";
      std::copy(prefix.begin(), prefix.end(), ascii_out.begin());
      std::copy_n(d.tail.text.begin(), d.tail.size, ascii_out.begin() + ace_prefix_length);
    }
    return out;
  }

  // A putative U-label (RFC 5891 §5.4, §4.2.2-§4.2.3).
  out.form = label_form::ulabel;
  const ulabel_verdict u = check_ulabel(label, scratch, o);
  out.errors = u.errors;
  out.fault = u.fault;
  out.bidi = u.bidi;
  // §4.4, §5.5: only the length of the A-label can still fail.
  out.ascii = encode_ulabel(label, ascii_out);
  if (out.ascii.length > max_label_octets) out.errors.insert(error::label_too_long);
  return out;
}

}  // namespace puny::detail::idna2008
