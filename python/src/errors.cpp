// puny._puny — the Python objects of a result: outputs, puny.IDNAError
// (defined in puny/_types.py, a ValueError and a UnicodeError) and
// puny.CheckResult.
#include <cstdio>

#include "common.hpp"

namespace puny_py {

namespace {

nb::object types_attr(const char* name) { return nb::module_::import_("puny._types").attr(name); }

nb::object opt_size(const std::optional<std::size_t>& v) { return v ? nb::object(nb::int_(*v)) : nb::none(); }
nb::object opt_label(std::size_t label) { return label == no_label ? nb::none() : nb::object(nb::int_(label)); }

std::string u_plus(char32_t cp) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(cp));
  return buf;
}

}  // namespace

nb::tuple str_tuple(const std::vector<std::string>& names) {
  PyObject* t = PyTuple_New(static_cast<Py_ssize_t>(names.size()));
  if (t == nullptr) throw nb::python_error();
  nb::tuple result = nb::steal<nb::tuple>(t);
  for (std::size_t i = 0; i < names.size(); ++i) {
    PyObject* s = PyUnicode_FromStringAndSize(names[i].data(), static_cast<Py_ssize_t>(names[i].size()));
    if (s == nullptr) throw nb::python_error();
    PyTuple_SET_ITEM(t, static_cast<Py_ssize_t>(i), s);
  }
  return result;
}

nb::object make_output(const outcome& o, bool as_bytes) {
  if (!o.has_value) return nb::none();
  PyObject* r = nullptr;
  if (o.wide) {
    // Code points, lone surrogates included (given back as they came).
    r = PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, o.value32.data(), static_cast<Py_ssize_t>(o.value32.size()));
    if (r != nullptr && as_bytes) {
      PyObject* b = PyUnicode_AsEncodedString(r, "utf-8", "surrogatepass");
      Py_DECREF(r);
      r = b;
    }
  } else if (as_bytes) {
    r = PyBytes_FromStringAndSize(o.value.data(), static_cast<Py_ssize_t>(o.value.size()));
  } else {
    r = PyUnicode_DecodeUTF8(o.value.data(), static_cast<Py_ssize_t>(o.value.size()), "strict");
  }
  if (r == nullptr) throw nb::python_error();
  return nb::steal(r);
}

void raise_idna_error(std::string_view operation, std::string_view profile, const diagnosis& dg) {
  std::string msg(operation);
  msg += " (";
  msg += profile;
  msg += ") failed: ";
  for (std::size_t i = 0; i < dg.codes.size(); ++i) msg += (i ? ", " : "") + dg.codes[i];
  if (dg.label != no_label || dg.position) {
    msg += " (";
    if (dg.label != no_label) msg += "label " + std::to_string(dg.label);
    if (dg.position) msg += std::string(dg.label != no_label ? ", " : "") + "position " + std::to_string(*dg.position);
    if (dg.code_point) msg += ", " + u_plus(*dg.code_point);
    msg += ")";
  }
  for (std::size_t i = 0; i < dg.messages.size(); ++i) msg += (i ? "; " : ": ") + dg.messages[i];

  nb::object cls = types_attr("IDNAError");
  nb::object exc = cls(nb::str(msg.c_str(), msg.size()), nb::arg("codes") = str_tuple(dg.codes),
                       nb::arg("label") = opt_label(dg.label), nb::arg("position") = opt_size(dg.position),
                       nb::arg("code_point") = dg.code_point ? nb::object(nb::int_(*dg.code_point)) : nb::none(),
                       nb::arg("messages") = str_tuple(dg.messages), nb::arg("profile") = nb::str(profile.data(), profile.size()));
  PyErr_SetObject(cls.ptr(), exc.ptr());
  throw nb::python_error();
}

nb::object make_check_result(const config& c, const diagnosis& dg, bool ok, nb::object ascii, nb::object unicode) {
  nb::object cls = types_attr("CheckResult");
  return cls(nb::arg("ok") = ok, nb::arg("codes") = str_tuple(dg.codes), nb::arg("label") = opt_label(dg.label),
             nb::arg("position") = opt_size(dg.position),
             nb::arg("code_point") = dg.code_point ? nb::object(nb::int_(*dg.code_point)) : nb::none(),
             nb::arg("messages") = str_tuple(dg.messages), nb::arg("ascii") = ascii, nb::arg("unicode") = unicode,
             nb::arg("profile") = nb::str(c.profile.data(), c.profile.size()));
}

}  // namespace puny_py
