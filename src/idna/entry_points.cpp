// puny — the public ToASCII / ToUnicode overloads of <puny/idna.hpp>: the
// buffer functions over UTF-8, UTF-16 and UTF-32, and the convenience
// functions that size a string for them.
#include <string>

#include "idna/conversions.hpp"
#include "puny/idna.hpp"
#include "unicode/ucd.hpp"

namespace puny {

std::string_view unicode_version() noexcept { return detail::ucd::unicode_version; }

namespace {

// A first guess at the output size that fits most domains in one call:
// ToASCII of a Unicode label is rarely more than twice its code units,
// ToUnicode rarely longer than its input plus mapping growth.
constexpr std::size_t first_guess(std::size_t input_units) noexcept { return 2 * input_units + 16; }

/// Runs a buffer function into a string, growing it once to `needed`.
template <class String, class Call>
idna_converted<String> into_string(std::size_t input_units, bool keep_on_error, Call&& call) {
  idna_converted<String> c;
  String s(first_guess(input_units), typename String::value_type{});
  idna_result r = call(std::span<typename String::value_type>(s.data(), s.size()));
  if (r.code == status::output_too_small) {
    s.assign(r.needed, typename String::value_type{});
    r = call(std::span<typename String::value_type>(s.data(), s.size()));
  }
  c.code = r.code;
  c.errors = r.errors;
  c.position = r.position;
  c.label = r.label;
  if (r.code == status::success && (keep_on_error || r.errors.empty())) {
    s.resize(r.written);
    c.value = std::move(s);
  }
  return c;
}

}  // namespace

idna_result to_ascii(std::string_view domain, std::span<char> out, const idna_options& options) noexcept {
  return detail::to_ascii_core(domain, out, options);
}
idna_result to_ascii(std::u16string_view domain, std::span<char> out, const idna_options& options) noexcept {
  return detail::to_ascii_core(domain, out, options);
}
idna_result to_ascii(std::u32string_view domain, std::span<char> out, const idna_options& options) noexcept {
  return detail::to_ascii_core(domain, out, options);
}

idna_result to_unicode(std::string_view domain, std::span<char> out, const idna_options& options) noexcept {
  return detail::to_unicode_core(domain, out, options);
}
idna_result to_unicode(std::u16string_view domain, std::span<char16_t> out, const idna_options& options) noexcept {
  return detail::to_unicode_core(domain, out, options);
}
idna_result to_unicode(std::u32string_view domain, std::span<char32_t> out, const idna_options& options) noexcept {
  return detail::to_unicode_core(domain, out, options);
}

idna_converted<std::string> to_ascii(std::string_view domain, const idna_options& options) {
  return into_string<std::string>(domain.size(), false,
                                  [&](std::span<char> out) { return to_ascii(domain, out, options); });
}
idna_converted<std::string> to_ascii(std::u16string_view domain, const idna_options& options) {
  return into_string<std::string>(domain.size(), false,
                                  [&](std::span<char> out) { return to_ascii(domain, out, options); });
}
idna_converted<std::string> to_ascii(std::u32string_view domain, const idna_options& options) {
  return into_string<std::string>(domain.size(), false,
                                  [&](std::span<char> out) { return to_ascii(domain, out, options); });
}

idna_converted<std::string> to_unicode(std::string_view domain, const idna_options& options) {
  return into_string<std::string>(domain.size(), true,
                                  [&](std::span<char> out) { return to_unicode(domain, out, options); });
}
idna_converted<std::u16string> to_unicode(std::u16string_view domain, const idna_options& options) {
  return into_string<std::u16string>(domain.size(), true,
                                     [&](std::span<char16_t> out) { return to_unicode(domain, out, options); });
}
idna_converted<std::u32string> to_unicode(std::u32string_view domain, const idna_options& options) {
  return into_string<std::u32string>(domain.size(), true,
                                     [&](std::span<char32_t> out) { return to_unicode(domain, out, options); });
}

}  // namespace puny
