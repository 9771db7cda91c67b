// puny._puny — the extension module behind the Python package puny.
#include <puny/version.h>

#include "common.hpp"

NB_MODULE(_puny, m) {
  m.doc() = "puny: Punycode (RFC 3492) and IDNA (UTS #46, IDNA2008, IDNA2003), the native core";
  m.attr("__version__") = PUNY_VERSION_STRING;
  puny_py::init_idna(m);
  puny_py::init_punycode(m);
  puny_py::init_batch(m);
  puny_py::init_arrow(m);
  puny_py::init_display(m);
}
