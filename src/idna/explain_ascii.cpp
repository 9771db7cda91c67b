// puny — A3, A4_1, A4_2, W1 and W2 located.
#include "idna/explain_ascii.hpp"

#include <algorithm>

#include "idna/conversions.hpp"
#include "idna/explain_text.hpp"
#include "puny/punycode.hpp"

namespace puny::detail {
namespace {

using explain_text::code_point_at;

// RFC 1035 §2.3.4, as UTS #46 §4.2 step 4 applies it.
constexpr std::size_t max_label_length = 63;
constexpr std::size_t max_domain_length = 253;

bool is_unicode_scalar_value(char32_t c) noexcept { return c <= 0x10FFFF && (c < 0xD800 || c > 0xDFFF); }

}  // namespace

std::optional<std::string> explain_ace_form(std::u32string_view label, bool record_failure, violation_list& out) {
  if (std::all_of(label.begin(), label.end(), [](char32_t c) { return c < 0x80; })) {
    return std::string(label.begin(), label.end());
  }
  const auto bad = std::find_if_not(label.begin(), label.end(), is_unicode_scalar_value);
  if (bad != label.end()) {
    const auto at = static_cast<std::size_t>(bad - label.begin());
    out.add(idna_code::A3, at + 1, *bad,
            code_point_at(*bad, at + 1) +
                " is not a Unicode scalar value, and Punycode encodes only those (RFC 3492 §5; UTS #46 §4.2 "
                "step 3)");
    return std::nullopt;
  }
  const converted<std::string> encoded = puny::encode(label);
  if (!encoded.ok()) {
    if (record_failure) {
      out.add(idna_code::A3, 0, 0,
              std::string("Punycode encoding of the label failed: ") + std::string(name(encoded.code)) + " (" +
                  std::string(message(encoded.code)) + ") (UTS #46 §4.2 step 3)");
    }
    return std::nullopt;
  }
  return "xn--" + encoded.value;
}

void explain_label_length(std::size_t length, bool root, violation_list& out) {
  if (length != 0 && length <= max_label_length) return;
  if (length == 0) {
    out.add(idna_code::A4_2, 0, 0,
            root ? "the name ends in '.', so its last label is empty; VerifyDnsLength needs every label, this "
                   "one too, to have 1 to 63 bytes (UTS #46 §4.2 step 4)"
                 : "the label is empty; VerifyDnsLength needs every label to have 1 to 63 bytes (UTS #46 §4.2 "
                   "step 4)");
    return;
  }
  out.add(idna_code::A4_2, 0, 0,
          "the label is " + std::to_string(length) +
              " bytes long in ASCII, more than the 63 a DNS label may have (RFC 1035 §2.3.4; UTS #46 §4.2 step 4, "
              "VerifyDnsLength)");
}

void explain_domain_length(std::size_t length, violation_list& out) {
  if (length != 0 && length <= max_domain_length) return;
  if (length == 0) {
    out.add(idna_code::A4_1, 0, 0,
            "the name is empty in ASCII; VerifyDnsLength needs 1 to 253 bytes (UTS #46 §4.2 step 4)");
    return;
  }
  out.add(idna_code::A4_1, 0, 0,
          "the name is " + std::to_string(length) +
              " bytes long in ASCII (a final root dot not counted), more than the 253 a DNS name may have "
              "(RFC 1035 §2.3.4; UTS #46 §4.2 step 4, VerifyDnsLength)");
}

void explain_forbidden(std::u32string_view label, violation_list& out) {
  for (std::size_t i = 0; i < label.size(); ++i) {
    const char32_t cp = label[i];
    if (!is_forbidden_domain_code_point(cp)) continue;
    out.add_each(idna_code::W1, i + 1, cp, [&] {
      return code_point_at(cp, i + 1) + " is a forbidden domain code point (URL Standard, host parsing)";
    });
  }
}

void explain_empty_host(violation_list& out) {
  out.add(idna_code::W2, 0, 0,
          "the name is empty after processing, and the URL Standard does not accept an empty host");
}

}  // namespace puny::detail
