// Domain names with the C++ API: ToASCII and ToUnicode (UTS #46 §4.2,
// §4.3), a profile, and the error codes of a name that fails.
#include <iostream>
#include <string_view>

#include <puny/idna.hpp>

int main() {
  // Default profile (uts46): every UTS #46 check, nontransitional.
  const auto ascii = puny::to_ascii("bücher.de");
  if (!ascii) return 1;
  std::cout << "bücher.de -> " << *ascii << '\n';  // xn--bcher-kva.de

  // ToUnicode always gives a string; ok() says whether every label was valid.
  const auto unicode = puny::to_unicode(*ascii);
  std::cout << *ascii << " -> " << *unicode << '\n';  // bücher.de

  // The URL Standard's "domain to ASCII": all-ASCII input is only lowercased.
  const auto url_host = puny::to_ascii("EXAMPLE.com", puny::idna_profile::whatwg);
  std::cout << "EXAMPLE.com -> " << *url_host << " (whatwg)\n";

  // A failure carries its codes (as IdnaTestV2 names them) and the label.
  const auto bad = puny::to_ascii("a\u200Db.com");  // ZERO WIDTH JOINER, RFC 5892 Appendix A.2
  for (const puny::idna_code code : bad.errors)
    std::cout << "bad: " << puny::name(code) << " (" << puny::message(code) << "), label " << bad.label << '\n';

  // Options start from a profile; any flag can be overridden.
  auto options = puny::idna_options::for_profile(puny::idna_profile::uts46);
  options.check_hyphens = false;  // accept "ab--c" (V2)
  std::cout << "ab--c.example -> " << *puny::to_ascii("ab--c.example", options) << '\n';
  return bad ? 1 : 0;
}
