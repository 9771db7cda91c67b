// puny._puny — to_ascii_batch and to_unicode_batch: many names in one call,
// converted with the GIL released over `jobs` threads, in order, with a
// per-element verdict instead of an exception.
#include <algorithm>
#include <exception>
#include <new>
#include <thread>

#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/string_view.h>

#include "common.hpp"

namespace puny_py {

namespace {

struct element {
  text in;
  bool is_str = false;
  outcome out;
};

void convert_range(const config& c, direction d, std::vector<element>& items, std::size_t begin,
                   std::size_t end) noexcept {
  for (std::size_t i = begin; i < end; ++i) {
    element& e = items[i];
    if (!e.is_str) {
      e.out.not_a_string = true;
      continue;
    }
    try {
      e.out = convert(c, d, e.in);
    } catch (const std::bad_alloc&) {
      e.out = outcome{};
      e.out.out_of_memory = true;
    }
  }
}

nb::tuple run_batch(direction d, nb::handle names, int jobs, std::string_view profile, const flag_args& flags) {
  const config c = make_config(profile, flags);
  if (jobs < 0) throw nb::value_error("jobs must be 0 (one per core) or more");
  std::size_t threads = jobs == 0 ? std::max(1u, std::thread::hardware_concurrency()) : static_cast<std::size_t>(jobs);

  PyObject* seq_raw = PySequence_Fast(names.ptr(), "names must be an iterable of str");
  if (seq_raw == nullptr) throw nb::python_error();
  nb::object seq = nb::steal(seq_raw);
  const auto n = static_cast<std::size_t>(PySequence_Fast_GET_SIZE(seq_raw));

  // Strong references to the elements: their UTF-8 is read without the GIL,
  // while another thread may change the list.
  std::vector<nb::object> refs;
  refs.reserve(n);
  std::vector<element> items(n);
  for (std::size_t i = 0; i < n; ++i) {
    PyObject* o = PySequence_Fast_GET_ITEM(seq_raw, static_cast<Py_ssize_t>(i));
    refs.push_back(nb::borrow(o));
    items[i].is_str = PyUnicode_Check(o) && read_text(o, items[i].in);
  }

  threads = std::min(threads, std::max<std::size_t>(1, n));
  {
    nb::gil_scoped_release unlocked;
    if (threads <= 1) {
      convert_range(c, d, items, 0, n);
    } else {
      std::vector<std::thread> pool;
      pool.reserve(threads - 1);
      const std::size_t chunk = (n + threads - 1) / threads;
      for (std::size_t t = 1; t < threads; ++t) {
        const std::size_t b = std::min(n, t * chunk), e = std::min(n, b + chunk);
        pool.emplace_back(convert_range, std::cref(c), d, std::ref(items), b, e);
      }
      convert_range(c, d, items, 0, std::min(n, chunk));
      for (auto& th : pool) th.join();
    }
  }

  nb::list outputs, oks, errors;
  nb::tuple none_failed = nb::steal<nb::tuple>(PyTuple_New(0));
  for (std::size_t i = 0; i < n; ++i) {
    const outcome& o = items[i].out;
    outputs.append(make_output(o, false));
    const bool ok = o.ok();
    oks.append(nb::bool_(ok));
    if (ok) {
      errors.append(none_failed);
    } else {
      std::vector<std::string> codes;
      for (auto name : code_names(c, o)) codes.emplace_back(name);
      errors.append(str_tuple(codes));
    }
  }
  return nb::make_tuple(outputs, oks, errors);
}

nb::tuple to_ascii_batch(nb::handle names, int jobs, std::string_view profile, PUNY_PY_FLAG_PARAMS) {
  PUNY_PY_COLLECT_FLAGS(flags);
  return run_batch(direction::to_ascii, names, jobs, profile, flags);
}

nb::tuple to_unicode_batch(nb::handle names, int jobs, std::string_view profile, PUNY_PY_FLAG_PARAMS) {
  PUNY_PY_COLLECT_FLAGS(flags);
  return run_batch(direction::to_unicode, names, jobs, profile, flags);
}

}  // namespace

void init_batch(nb::module_& m) {
  m.def("to_ascii_batch", &to_ascii_batch, nb::arg("names"), nb::kw_only(), nb::arg("jobs") = 1,
        nb::arg("profile") = "uts46", PUNY_PY_FLAG_ARGS,
        "ToASCII of every name: (outputs, ok flags, error codes), in order; the GIL is released.");
  m.def("to_unicode_batch", &to_unicode_batch, nb::arg("names"), nb::kw_only(), nb::arg("jobs") = 1,
        nb::arg("profile") = "uts46", PUNY_PY_FLAG_ARGS,
        "ToUnicode of every name: (outputs, ok flags, error codes), in order; the GIL is released.");
}

}  // namespace puny_py
