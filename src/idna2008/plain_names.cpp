// puny — IDNA2008 lookup of the names that need no working memory (see
// plain_names.hpp).
#include "idna2008/plain_names.hpp"

#include <array>
#include <cstddef>
#include <type_traits>

#include "idna/ascii_fast_path.hpp"
#include "idna/process.hpp"
#include "idna2008/alabel.hpp"
#include "idna2008/label_checks.hpp"
#include "puny/idna.hpp"

namespace puny::detail::idna2008 {

using puny::idna2008::options;
using puny::idna2008::result;

namespace {

template <class Char>
constexpr char32_t unit_at(std::basic_string_view<Char> in, std::size_t pos) noexcept {
  return static_cast<std::make_unsigned_t<Char>>(in[pos]);
}

}  // namespace

template <class Char>
bool plain_ldh_name(std::basic_string_view<Char> in, const options& o) noexcept {
  // The fast path writes the name lower-cased, which is not wanted here:
  // it goes to a buffer that a name it takes (at most 253 units) fits.
  idna_options uts46;
  uts46.check_hyphens = o.check_hyphens;
  uts46.verify_dns_length = true;
  std::array<char, max_name_octets + 3> lowered;
  return detail::lower_plain_ascii_domain(in, std::span<char>(lowered), uts46, detail::idna_operation::to_ascii) ==
         detail::ascii_fast_path::written;
}

template <class Char>
bool plain_ascii_name(std::basic_string_view<Char> in, const options& o, result& r) noexcept {
  error_set errors;
  std::size_t first_label = result::no_label;
  label_fault fault;
  const std::size_t n = in.size();
  std::size_t start = 0;
  std::size_t index = 0;
  constexpr std::size_t none = static_cast<std::size_t>(-1);
  std::size_t non_ldh = none;  // offset in the label of its first character that is not LDH
  for (std::size_t i = 0;; ++i) {
    if (i < n) {
      const char32_t c = unit_at(in, i);
      if (c >= 0x80) return false;
      if (c != U'.') {
        if (non_ldh == none && !is_ldh(c)) non_ldh = i - start;
        continue;
      }
    }
    // The label [start, i) is complete.
    const std::size_t length = i - start;
    error_set e;
    if (length == 0) {
      // RFC 1034 §3.1: only the root may be empty.
      if (!(i == n && index > 0 && o.allow_trailing_dot)) e.insert(error::empty_label);
    } else {
      const std::basic_string_view<Char> label = in.substr(start, length);
      if (length >= ace_prefix_length && hyphens_3_4(label)) {
        // An XN-label is decoded on the general path; any other R-LDH
        // label is reserved (RFC 5890 §2.3.1).
        if ((unit_at(label, 0) | 0x20) == U'x' && (unit_at(label, 1) | 0x20) == U'n') return false;
        if (!o.allow_reserved_ldh) e.insert(error::hyphen_3_4);
      }
      if (o.check_hyphens && hyphen_at_an_end(label)) e.insert(error::hyphen_start_end);
      if (length > max_label_octets) e.insert(error::label_too_long);
      if (o.check_hostname && non_ldh != none) {
        e.insert(error::non_ldh_ascii);
        if (first_label == result::no_label) fault.note(non_ldh, unit_at(label, non_ldh));
      }
    }
    if (!e.empty()) {
      errors |= e;
      if (first_label == result::no_label) first_label = index;
    }
    if (i == n) break;
    start = i + 1;
    ++index;
    non_ldh = none;
  }
  const bool rooted = index > 0 && start == n;
  if (o.verify_dns_length && n - (rooted ? 1 : 0) > max_name_octets) {
    errors.insert(error::name_too_long);
  }
  r.errors = errors;
  r.label = first_label;
  if (fault.set) {
    r.offset = fault.offset;
    r.code_point = fault.code_point;
  }
  return true;
}

template bool plain_ldh_name<char>(std::string_view, const options&) noexcept;
template bool plain_ldh_name<char32_t>(std::u32string_view, const options&) noexcept;
template bool plain_ascii_name<char>(std::string_view, const options&, result&) noexcept;
template bool plain_ascii_name<char32_t>(std::u32string_view, const options&, result&) noexcept;

}  // namespace puny::detail::idna2008
