// puny — decoding, round trip and encoding of A-labels (RFC 5890
// §2.3.2.1; RFC 5891 §4.2.1, §4.4, §5.3, §5.5; RFC 3492 §6.2).
#include "idna2008/alabel.hpp"

#include <algorithm>
#include <array>

#include "puny/punycode.hpp"

namespace puny::detail::idna2008 {

using puny::idna2008::error;

static_assert(max_label_octets <= puny::inline_limit, "A-labels are decoded and encoded without scratch");

alabel_decoding decode_alabel(std::span<char32_t> slot, std::size_t length, bool require_lowercase) noexcept {
  alabel_decoding d;
  // The caller has checked the length (RFC 5890 §2.3.2.1: before decoding).
  const std::size_t digits = std::min(length, max_label_octets) - ace_prefix_length;
  bool upper = false;
  for (std::size_t i = 0; i < ace_prefix_length; ++i) upper |= slot[i] - U'A' < 26;
  for (std::size_t i = 0; i < digits; ++i) {
    const char32_t c = slot[ace_prefix_length + i];
    upper |= c - U'A' < 26;
    d.tail.text[i] = static_cast<char>(c - U'A' < 26 ? c + 0x20 : c);
  }
  d.tail.size = digits;
  if (upper && require_lowercase) d.errors.insert(error::alabel_uppercase);

  // RFC 5891 §5.3 (lookup: MAY, but strict mode always decodes) and §4.2.1
  // (registration: MUST).  An empty tail is no Punycode of a U-label.
  std::string_view tail = d.tail.view();
  result r;
  r.code = status::empty_literal;
  if (!tail.empty()) {
    // Decoded in place: never longer than its digits, so within the slot.
    r = puny::decode(std::span<const char>(tail.data(), tail.size()), slot.first(digits));
    if (r.code == status::empty_literal && tail.size() > 1) {
      tail.remove_prefix(1);
      r = puny::decode(std::span<const char>(tail.data(), tail.size()), slot.first(digits));
    }
  }
  if (!r.ok()) {
    d.errors.insert(error::punycode_invalid);
    // The slot keeps the label as it was given, but in lower case: nothing
    // reads its case again.
    slot[0] = U'x';
    slot[1] = U'n';
    slot[2] = U'-';
    slot[3] = U'-';
    for (std::size_t i = 0; i < digits; ++i) slot[ace_prefix_length + i] = static_cast<unsigned char>(d.tail.text[i]);
    return d;
  }
  d.decoded = true;
  d.length = r.written;
  // RFC 5890 §2.3.2.1: a U-label has a non-ASCII code point, so an xn--
  // label that decodes to ASCII only ("xn--example-") is a fake A-label.
  if (std::all_of(slot.begin(), slot.begin() + static_cast<std::ptrdiff_t>(d.length),
                  [](char32_t c) { return c < 0x80; })) {
    d.errors.insert(error::alabel_ascii_only);
  }
  return d;
}

bool encodes_to(std::u32string_view decoded, std::string_view tail) noexcept {
  std::array<char, max_label_octets> encoded;
  const result r = puny::encode(std::span<const char32_t>(decoded.data(), decoded.size()), encoded);
  return r.ok() && std::string_view(encoded.data(), r.written) == tail;
}

ascii_length encode_ulabel(std::u32string_view label, std::span<char> out) noexcept {
  ascii_length a;
  a.length = ace_prefix_length + label.size();
  if (label.size() > puny::inline_limit) {
    a.exact = false;
    return a;
  }
  constexpr std::string_view prefix = "xn--";
  if (out.size() >= prefix.size()) std::copy(prefix.begin(), prefix.end(), out.begin());
  const std::span<char> digits = out.subspan(std::min(out.size(), prefix.size()));
  const result r = puny::encode(std::span<const char32_t>(label.data(), label.size()), digits);
  if (r.code == status::success) {
    a.length = ace_prefix_length + r.written;
  } else if (r.code == status::output_too_small) {
    a.length = ace_prefix_length + r.needed;
  } else {
    // A surrogate or a value above U+10FFFF (UTF-32 input): DISALLOWED,
    // and not encodable at all.
    a.exact = false;
  }
  return a;
}

}  // namespace puny::detail::idna2008
