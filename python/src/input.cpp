// puny._puny — the text of a str or bytes argument, without copying it.
#include "common.hpp"

namespace puny_py {

bool read_text(PyObject* o, text& out) {
  if (PyUnicode_Check(o)) {
    Py_ssize_t n = 0;
    // The str's UTF-8, cached in the object (the str itself when ASCII).
    if (const char* p = PyUnicode_AsUTF8AndSize(o, &n)) {
      out.utf8 = std::string_view(p, static_cast<std::size_t>(n));
      return true;
    }
    // Lone surrogates have no UTF-8: take the code points, which the
    // library processes as IdnaTestV2 does (a surrogate is disallowed).
    PyErr_Clear();
    Py_UCS4* cps = PyUnicode_AsUCS4Copy(o);
    if (cps == nullptr) throw nb::python_error();
    const auto len = static_cast<std::size_t>(PyUnicode_GetLength(o));
    try {
      out.utf32.assign(reinterpret_cast<const char32_t*>(cps), len);
    } catch (...) {
      PyMem_Free(cps);
      throw;
    }
    PyMem_Free(cps);
    out.wide = true;
    return true;
  }
  if (PyBytes_Check(o)) {
    out.utf8 = std::string_view(PyBytes_AS_STRING(o), static_cast<std::size_t>(PyBytes_GET_SIZE(o)));
    out.from_bytes = true;
    return true;
  }
  return false;
}

text read_text_or_throw(nb::handle o, const char* what) {
  text t;
  if (!read_text(o.ptr(), t)) {
    throw nb::type_error((std::string(what) + " must be str or bytes, not " +
                          nb::cast<std::string>(nb::type_name(o.type())))
                             .c_str());
  }
  return t;
}

std::size_t first_surrogate(const text& t) noexcept {
  if (!t.wide) return std::string_view::npos;
  for (std::size_t i = 0; i < t.utf32.size(); ++i) {
    if (t.utf32[i] >= 0xD800 && t.utf32[i] <= 0xDFFF) return i;
  }
  return std::string_view::npos;
}

}  // namespace puny_py
