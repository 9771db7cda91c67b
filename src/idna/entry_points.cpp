// puny — the public ToASCII / ToUnicode overloads of <puny/idna.hpp>: the
// buffer functions over UTF-8, UTF-16 and UTF-32, and the convenience
// functions that size a string for them.
#include <string>

#include "idna/conversions.hpp"
#include "puny/idna.hpp"
#include "string_wrapper.hpp"
#include "unicode/ucd.hpp"

namespace puny {

std::string_view unicode_version() noexcept { return detail::ucd::unicode_version; }

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
  return detail::into_string<idna_converted<std::string>>(domain.size(), false,
                                  [&](std::span<char> out) { return to_ascii(domain, out, options); });
}
idna_converted<std::string> to_ascii(std::u16string_view domain, const idna_options& options) {
  return detail::into_string<idna_converted<std::string>>(domain.size(), false,
                                  [&](std::span<char> out) { return to_ascii(domain, out, options); });
}
idna_converted<std::string> to_ascii(std::u32string_view domain, const idna_options& options) {
  return detail::into_string<idna_converted<std::string>>(domain.size(), false,
                                  [&](std::span<char> out) { return to_ascii(domain, out, options); });
}

idna_converted<std::string> to_unicode(std::string_view domain, const idna_options& options) {
  return detail::into_string<idna_converted<std::string>>(domain.size(), true,
                                  [&](std::span<char> out) { return to_unicode(domain, out, options); });
}
idna_converted<std::u16string> to_unicode(std::u16string_view domain, const idna_options& options) {
  return detail::into_string<idna_converted<std::u16string>>(domain.size(), true,
                                     [&](std::span<char16_t> out) { return to_unicode(domain, out, options); });
}
idna_converted<std::u32string> to_unicode(std::u32string_view domain, const idna_options& options) {
  return detail::into_string<idna_converted<std::u32string>>(domain.size(), true,
                                     [&](std::span<char32_t> out) { return to_unicode(domain, out, options); });
}

}  // namespace puny
