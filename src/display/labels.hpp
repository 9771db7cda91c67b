// puny — the labels of a name as given, for the display decision.
// Internal: src/display/display.cpp and display_wrapper.cpp split alike.
#pragma once

#include <cstddef>
#include <cstring>
#include <string_view>

#include "puny/display.hpp"
#include "puny/idna.hpp"

namespace puny::detail::display {

/// The length of the label separator at s[i], or 0.  UTS #46 maps exactly
/// U+002E, U+3002, U+FF0E and U+FF61 to U+002E (src/idna/to_unicode.cpp),
/// so these are the label separators of any input, whatever it maps to.
[[nodiscard]] constexpr std::size_t separator_length(std::string_view s, std::size_t i) noexcept {
  const auto b = static_cast<unsigned char>(s[i]);
  if (b == '.') return 1;
  if ((b != 0xE3 && b != 0xEF) || i + 2 >= s.size()) return 0;
  const auto b1 = static_cast<unsigned char>(s[i + 1]);
  const auto b2 = static_cast<unsigned char>(s[i + 2]);
  if (b == 0xE3 && b1 == 0x80 && b2 == 0x82) return 3;                                  // U+3002
  if (b == 0xEF && ((b1 == 0xBC && b2 == 0x8E) || (b1 == 0xBD && b2 == 0xA1))) return 3;  // U+FF0E, U+FF61
  return 0;
}

/// The UTS #46 options of each label's ToUnicode under `policy`.  Chromium
/// opens ICU's converter with UIDNA_CHECK_BIDI alone (url_formatter.cc
/// UIDNAWrapper): nontransitional for an `xn--` label, CheckHyphens (ICU
/// always checks them), CheckBidi, but neither UseSTD3ASCIIRules nor
/// CheckJoiners, so that `안녕!` decodes and its `!` is then refused by the
/// spoof checks, not by UTS #46.  The other policies take puny's uts46
/// profile.  ToUnicode never applies the DNS length limit.
[[nodiscard]] constexpr idna_options label_options(display_policy policy) noexcept {
  idna_options o = idna_options::for_profile(idna_profile::uts46);
  if (policy == display_policy::chromium) {
    o.use_std3_ascii_rules = false;
    o.check_joiners = false;
  }
  return o;
}

/// The options of a label's ToASCII for display: those of its ToUnicode,
/// without the DNS length limit (ToUnicode accepted the label, and ToASCII of
/// the display string must fail exactly where ToASCII of the input does).
[[nodiscard]] constexpr idna_options label_ascii_options(display_policy policy) noexcept {
  idna_options o = label_options(policy);
  o.verify_dns_length = false;
  return o;
}

/// False only for code points that are not of Bidi_Class R, AL or AN: every
/// such code point is U+200F or lies in these ranges (DerivedBidiClass.txt
/// of Unicode 17.0, @missing defaults included; a test checks every code
/// point), so that most labels need no Bidi_Class lookup at all.
[[nodiscard]] constexpr bool may_be_rtl(char32_t c) noexcept {
  return (c >= 0x0590 && c <= 0x08FF) || c == 0x200F || (c >= 0xFB1D && c <= 0xFEFF) || (c >= 0x10800 && c <= 0x10FFF) ||
         (c >= 0x1E800 && c <= 0x1EFFF);
}

/// One label of the input.
struct label_slice {
  std::string_view text;  ///< the label as given (may be empty)
  bool last = false;      ///< no separator follows
};

/// The labels of a name, left to right; a name of n separators has n + 1.
class label_reader {
 public:
  explicit label_reader(std::string_view domain) noexcept : domain_(domain) {
    // An ASCII name (the usual one: hosts come from URLs in ACE) has only
    // U+002E for a separator, found with memchr.
    unsigned char any = 0;
    for (const char c : domain) any |= static_cast<unsigned char>(c);
    ascii_ = any < 0x80;
  }
  [[nodiscard]] bool done() const noexcept { return done_; }
  label_slice next() noexcept {
    const std::size_t begin = at_;
    if (ascii_) {
      const void* dot = at_ < domain_.size() ? std::memchr(domain_.data() + at_, '.', domain_.size() - at_) : nullptr;
      if (dot != nullptr) {
        const auto i = static_cast<std::size_t>(static_cast<const char*>(dot) - domain_.data());
        at_ = i + 1;
        return {domain_.substr(begin, i - begin), false};
      }
    } else {
      for (std::size_t i = at_; i < domain_.size(); ++i) {
        if (const std::size_t n = separator_length(domain_, i); n != 0) {
          at_ = i + n;
          return {domain_.substr(begin, i - begin), false};
        }
      }
    }
    done_ = true;
    return {domain_.substr(begin), true};
  }

 private:
  std::string_view domain_;
  std::size_t at_ = 0;
  bool ascii_ = true;
  bool done_ = false;
};

/// The length of the label separator that ends just before s[end], or 0.
[[nodiscard]] constexpr std::size_t separator_length_before(std::string_view s, std::size_t end) noexcept {
  if (end >= 1 && s[end - 1] == '.') return 1;
  if (end >= 3 && separator_length(s, end - 3) == 3) return 3;
  return 0;
}

/// The name's last label (the TLD), a trailing empty label (the root) not
/// counted; empty when the name has fewer than two labels.  Found from the
/// end, so that it costs the length of the TLD.
[[nodiscard]] constexpr std::string_view tld_of(std::string_view domain) noexcept {
  std::size_t end = domain.size();
  end -= separator_length_before(domain, end);  // the root
  for (std::size_t i = end; i > 0; --i) {
    if (const std::size_t n = separator_length_before(domain, i); n != 0) return domain.substr(i, end - i);
  }
  return {};
}

}  // namespace puny::detail::display
