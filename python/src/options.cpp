// puny._puny — a profile name and keyword flags resolved to the options of
// the standard the profile belongs to.
#include <string>

#include "common.hpp"

namespace puny_py {

namespace {

[[noreturn]] void not_for(std::string_view flag, std::string_view profile) {
  throw nb::type_error(("the flag " + std::string(flag) + " does not apply to profile '" + std::string(profile) +
                        "'")
                           .c_str());
}

template <class T>
void set(bool& field, const std::optional<T>& v) {
  if (v) field = *v;
}

}  // namespace

config make_config(std::string_view profile, const flag_args& f) {
  config c;
  if (profile == "uts46" || profile == "whatwg" || profile == "transitional" || profile == "display") {
    c.std = standard::uts46;
    const auto p = profile == "uts46"          ? puny::idna_profile::uts46
                   : profile == "whatwg"       ? puny::idna_profile::whatwg
                   : profile == "transitional" ? puny::idna_profile::transitional
                                               : puny::idna_profile::display;
    c.profile = profile == "uts46" ? "uts46" : profile == "whatwg" ? "whatwg" : profile == "transitional" ? "transitional" : "display";
    c.uts46 = puny::idna_options::for_profile(p);
  } else if (profile == "idna2008" || profile == "idna2008-registration") {
    c.std = standard::idna2008;
    const bool reg = profile != "idna2008";
    c.profile = reg ? "idna2008-registration" : "idna2008";
    c.idna2008 = puny::idna2008::options::for_profile(reg ? puny::idna2008::profile::registration
                                                          : puny::idna2008::profile::lookup);
  } else if (profile == "idna2003") {
    c.std = standard::idna2003;
    c.profile = "idna2003";
  } else {
    throw nb::value_error(("unknown profile '" + std::string(profile) +
                           "' (uts46, whatwg, transitional, display, idna2008, idna2008-registration, idna2003)")
                              .c_str());
  }

  auto& u = c.uts46;
  auto& i8 = c.idna2008;
  auto& i3 = c.idna2003;
  const standard s = c.std;
  // Each flag goes to the standards that have it; given for another one,
  // it is an error rather than silently ignored.
#define PUNY_PY_ONLY(flag, cond) \
  if (f.flag && !(cond)) not_for(#flag, c.profile)
  PUNY_PY_ONLY(use_std3_ascii_rules, s != standard::idna2008);
  PUNY_PY_ONLY(check_hyphens, s != standard::idna2003);
  PUNY_PY_ONLY(check_bidi, s != standard::idna2003);
  PUNY_PY_ONLY(check_joiners, s == standard::uts46);
  PUNY_PY_ONLY(transitional_processing, s == standard::uts46);
  PUNY_PY_ONLY(ignore_invalid_punycode, s == standard::uts46);
  PUNY_PY_ONLY(forbid_domain_code_points, s == standard::uts46);
  PUNY_PY_ONLY(reject_empty, s == standard::uts46);
  PUNY_PY_ONLY(ascii_input_lowercase_only, s == standard::uts46);
  PUNY_PY_ONLY(display_fallback, s == standard::uts46);
  PUNY_PY_ONLY(check_contexto, s == standard::idna2008);
  PUNY_PY_ONLY(check_hostname, s == standard::idna2008);
  PUNY_PY_ONLY(require_lowercase_alabels, s == standard::idna2008);
  PUNY_PY_ONLY(allow_reserved_ldh, s == standard::idna2008);
  PUNY_PY_ONLY(allow_trailing_dot, s == standard::idna2008);
  PUNY_PY_ONLY(allow_unassigned, s == standard::idna2003);
  PUNY_PY_ONLY(nfkc, s == standard::idna2003);
#undef PUNY_PY_ONLY

  switch (s) {
    case standard::uts46:
      set(u.use_std3_ascii_rules, f.use_std3_ascii_rules);
      set(u.check_hyphens, f.check_hyphens);
      set(u.check_bidi, f.check_bidi);
      set(u.check_joiners, f.check_joiners);
      set(u.transitional_processing, f.transitional_processing);
      set(u.verify_dns_length, f.verify_dns_length);
      set(u.ignore_invalid_punycode, f.ignore_invalid_punycode);
      set(u.forbid_domain_code_points, f.forbid_domain_code_points);
      set(u.reject_empty, f.reject_empty);
      set(u.ascii_input_lowercase_only, f.ascii_input_lowercase_only);
      set(u.display_fallback, f.display_fallback);
      break;
    case standard::idna2008:
      set(i8.check_contexto, f.check_contexto);
      set(i8.check_bidi, f.check_bidi);
      set(i8.check_hostname, f.check_hostname);
      set(i8.check_hyphens, f.check_hyphens);
      set(i8.require_lowercase_alabels, f.require_lowercase_alabels);
      set(i8.allow_reserved_ldh, f.allow_reserved_ldh);
      set(i8.verify_dns_length, f.verify_dns_length);
      set(i8.allow_trailing_dot, f.allow_trailing_dot);
      break;
    case standard::idna2003:
      set(i3.allow_unassigned, f.allow_unassigned);
      set(i3.use_std3_ascii_rules, f.use_std3_ascii_rules);
      set(i3.verify_dns_length, f.verify_dns_length);
      if (f.nfkc) {
        if (*f.nfkc == "corrected") {
          i3.nfkc = puny::idna2003::composition::corrected;
        } else if (*f.nfkc == "unicode-3.2") {
          i3.nfkc = puny::idna2003::composition::unicode_3_2_text;
        } else {
          throw nb::value_error(("nfkc must be 'corrected' or 'unicode-3.2', not '" + *f.nfkc + "'").c_str());
        }
      }
      break;
  }
  return c;
}

}  // namespace puny_py
