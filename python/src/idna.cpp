// puny._puny — to_ascii, to_unicode and check: one domain name under a
// profile (UTS #46, IDNA2008 or IDNA2003) and keyword flags.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/string_view.h>

#include "common.hpp"

namespace puny_py {

namespace {

/// Runs `f` with the GIL released when the input is long.
template <class F>
auto maybe_released(const text& t, F f) {
  if (t.size() >= release_gil_at) {
    nb::gil_scoped_release unlocked;
    return f();
  }
  return f();
}

nb::object convert_one(direction d, nb::handle domain, std::string_view profile, const flag_args& flags) {
  const config c = make_config(profile, flags);
  const text t = read_text_or_throw(domain, "domain");
  const outcome o = maybe_released(t, [&] { return convert(c, d, t); });
  if (!o.ok()) raise_idna_error(d == direction::to_ascii ? "to_ascii" : "to_unicode", c.profile, maybe_released(t, [&] { return diagnose(c, d, t, o); }));
  return make_output(o, t.from_bytes);
}

nb::object to_ascii(nb::handle domain, std::string_view profile, PUNY_PY_FLAG_PARAMS) {
  PUNY_PY_COLLECT_FLAGS(flags);
  return convert_one(direction::to_ascii, domain, profile, flags);
}

nb::object to_unicode(nb::handle domain, std::string_view profile, PUNY_PY_FLAG_PARAMS) {
  PUNY_PY_COLLECT_FLAGS(flags);
  return convert_one(direction::to_unicode, domain, profile, flags);
}

nb::object check(nb::handle domain, std::string_view profile, PUNY_PY_FLAG_PARAMS) {
  PUNY_PY_COLLECT_FLAGS(flags);
  const config c = make_config(profile, flags);
  const text t = read_text_or_throw(domain, "domain");
  struct both {
    outcome ascii, unicode;
    diagnosis dg;
  };
  const both b = maybe_released(t, [&] {
    both r{convert(c, direction::to_ascii, t), convert(c, direction::to_unicode, t), {}};
    r.dg = diagnose(c, direction::to_ascii, t, r.ascii);
    return r;
  });
  return make_check_result(c, b.dg, b.ascii.ok(), make_output(b.ascii, false), make_output(b.unicode, false));
}

}  // namespace

void init_idna(nb::module_& m) {
  m.def("to_ascii", &to_ascii, nb::arg("domain"), nb::kw_only(), nb::arg("profile") = "uts46", PUNY_PY_FLAG_ARGS,
        "ToASCII of a domain name (str, or bytes holding UTF-8) under a profile; raises IDNAError.");
  m.def("to_unicode", &to_unicode, nb::arg("domain"), nb::kw_only(), nb::arg("profile") = "uts46",
        PUNY_PY_FLAG_ARGS, "ToUnicode of a domain name (str, or bytes holding UTF-8); raises IDNAError.");
  m.def("check", &check, nb::arg("domain"), nb::kw_only(), nb::arg("profile") = "uts46", PUNY_PY_FLAG_ARGS,
        "Whether a domain name converts under a profile, and why not: a CheckResult (never raises for the name).");
  m.def("unicode_version", [] { return std::string(puny::unicode_version()); },
        "The Unicode version of the tables (\"17.0.0\").");
}

}  // namespace puny_py
