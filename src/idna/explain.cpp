// puny — <puny/explain.hpp>: the verdict of to_ascii() and to_unicode(),
// and every code of it located and explained.
#include "puny/explain.hpp"

#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "idna/explain_locate.hpp"
#include "puny/utf8.hpp"

namespace puny {
namespace {

std::u32string widen_utf8(std::string_view utf8) {
  std::u32string cps(utf8.size(), U'\0');
  const result r = utf8_to_utf32(std::span<const char>(utf8.data(), utf8.size()), cps);
  cps.resize(r.ok() ? r.written : 0);
  return cps;
}

/// Fills in everything but the verdict, which the caller took from the
/// entry points matching the input's encoding.
void add_explanation(domain_explanation& e, std::u32string_view code_points, const idna_options& options) {
  detail::located_domain located = detail::locate_violations(code_points, options);
  detail::reconcile(located, e.errors, e.label);
  e.labels = std::move(located.labels);
  e.domain_violations = std::move(located.domain_violations);
  e.bidi_domain = located.bidi_domain;
}

// ToASCII gives the verdict, ToUnicode the form shown; both on the input as
// given, so that the UTF-8 and UTF-32 overloads explain alike.
template <typename Char>
domain_explanation explain_as_given(std::basic_string_view<Char> domain, const idna_options& options) {
  domain_explanation e;
  idna_converted<std::string> ascii = to_ascii(domain, options);
  e.code = ascii.code;
  e.position = ascii.position;
  if (ascii.code != status::success) return e;
  e.ascii = std::move(ascii.value);
  e.errors = ascii.errors;
  e.label = ascii.label;
  if constexpr (std::is_same_v<Char, char>) {
    const idna_converted<std::string> unicode = to_unicode(domain, options);
    e.unicode = widen_utf8(unicode.value);
    e.unicode_errors = unicode.errors;
    add_explanation(e, widen_utf8(domain), options);
  } else {
    idna_converted<std::u32string> unicode = to_unicode(domain, options);
    e.unicode = std::move(unicode.value);
    e.unicode_errors = unicode.errors;
    add_explanation(e, domain, options);
  }
  return e;
}

}  // namespace

domain_explanation explain(std::string_view domain, const idna_options& options) {
  return explain_as_given(domain, options);
}

domain_explanation explain(std::u32string_view domain, const idna_options& options) {
  return explain_as_given(domain, options);
}

}  // namespace puny
