// puny._puny — display safety (UTS #39 and the browsers' policies): display,
// display_batch, skeleton, are_confusable, the per-code-point and per-string
// properties of <puny/security.hpp>, and the look-alike index of
// <puny/lookalike.hpp> as the class LookalikeIndex.
//
// The results are the frozen dataclasses of puny/_display.py.  Input is a
// str or bytes (UTF-8); ill-formed UTF-8 and lone surrogates raise
// IDNAError (codes "invalid_utf8" / "invalid_code_point", with the
// position), never a replacement: a screening pipeline must not see a
// different name from the one it was given.
#include <algorithm>
#include <atomic>
#include <exception>
#include <memory>
#include <new>
#include <stdexcept>

#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/string_view.h>
#include <puny/display.hpp>
#include <puny/lookalike.hpp>
#include <puny/security.hpp>
#include <puny/utf8.hpp>

#include "batch.hpp"
#include "common.hpp"

namespace puny_py {

namespace {

// ---------------------------------------------------------------------------
// Errors and small conversions.

/// `profile` of the IDNAError: the display policy for display calls,
/// "uts39" for the other UTS #39 functions, "uts46" for the index.
[[noreturn]] void raise_code(std::string_view operation, std::string code, std::optional<std::size_t> position,
                             std::optional<char32_t> cp, std::string message, std::string_view profile) {
  diagnosis dg;
  dg.codes.push_back(std::move(code));
  dg.position = position;
  dg.code_point = cp;
  dg.messages.push_back(std::move(message));
  raise_idna_error(operation, profile, dg);
}

[[noreturn]] void raise_invalid_utf8(std::string_view operation, std::size_t position,
                                     std::string_view profile = "uts39") {
  raise_code(operation, "invalid_utf8", position, std::nullopt, "ill-formed UTF-8 at byte " + std::to_string(position),
             profile);
}

[[noreturn]] void raise_surrogate(std::string_view operation, const text& t, std::string_view profile = "uts39") {
  const std::size_t i = first_surrogate(t);
  raise_code(operation, "invalid_code_point", i, t.utf32[i],
             "a lone surrogate (not a Unicode scalar value) at index " + std::to_string(i), profile);
}

/// `t` as well-formed UTF-8, or IDNAError: the display and look-alike
/// functions of the library take UTF-8 only.
std::string_view utf8_or_throw(std::string_view operation, const text& t, std::string_view profile = "uts39") {
  if (t.wide) raise_surrogate(operation, t, profile);
  if (t.from_bytes) {
    const puny::result r = puny::validate_utf8(std::span<const char>(t.utf8.data(), t.utf8.size()));
    if (r.code != puny::status::success) raise_invalid_utf8(operation, r.position, profile);
  }
  return t.utf8;
}

/// A class of puny/_display.py.  The module is found in sys.modules (it
/// is imported by puny/__init__.py): importing it through the import
/// system on every call cost more than the call itself.
nb::object types_attr(const char* name) {
  PyObject* mod = PyImport_GetModule(nb::str("puny._display").ptr());
  if (mod == nullptr) {
    if (PyErr_Occurred()) throw nb::python_error();
    return nb::module_::import_("puny._display").attr(name);
  }
  return nb::steal(mod).attr(name);
}

nb::str make_str(std::string_view s) {
  PyObject* o = PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), "strict");
  if (o == nullptr) throw nb::python_error();
  return nb::steal<nb::str>(o);
}

nb::str make_str32(std::u32string_view s) {
  PyObject* o = PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, s.data(), static_cast<Py_ssize_t>(s.size()));
  if (o == nullptr) throw nb::python_error();
  return nb::steal<nb::str>(o);
}

nb::frozenset script_codes(const puny::script_set& s) {
  PyObject* f = PyFrozenSet_New(nullptr);
  if (f == nullptr) throw nb::python_error();
  nb::object r = nb::steal(f);
  for (puny::script sc : s) {
    nb::str code = make_str(puny::short_name(sc));
    if (PySet_Add(f, code.ptr()) != 0) throw nb::python_error();
  }
  return nb::borrow<nb::frozenset>(r);
}

/// The code points of a str argument (characters lists and single code points).
std::u32string code_points_of(nb::handle o, const char* what) {
  if (!PyUnicode_Check(o.ptr())) {
    throw nb::type_error((std::string(what) + " must be str, not " + nb::cast<std::string>(nb::type_name(o.type()))).c_str());
  }
  Py_UCS4* cps = PyUnicode_AsUCS4Copy(o.ptr());
  if (cps == nullptr) throw nb::python_error();
  std::u32string out;
  try {
    out.assign(reinterpret_cast<const char32_t*>(cps), static_cast<std::size_t>(PyUnicode_GetLength(o.ptr())));
  } catch (...) {
    PyMem_Free(cps);
    throw;
  }
  PyMem_Free(cps);
  return out;
}

/// A code point given as an int or a one-character str.
char32_t one_code_point(nb::handle o) {
  if (PyLong_Check(o.ptr())) {
    const long v = PyLong_AsLong(o.ptr());
    if (v == -1 && PyErr_Occurred()) {
      PyErr_Clear();
      throw nb::value_error("code point out of range (0 to 0x10FFFF)");
    }
    if (v < 0 || v > 0x10FFFF) throw nb::value_error("code point out of range (0 to 0x10FFFF)");
    return static_cast<char32_t>(v);
  }
  if (PyUnicode_Check(o.ptr())) {
    if (PyUnicode_GetLength(o.ptr()) != 1) throw nb::value_error("expected one character");
    return static_cast<char32_t>(PyUnicode_ReadChar(o.ptr(), 0));
  }
  throw nb::type_error(("code point must be int or str, not " + nb::cast<std::string>(nb::type_name(o.type()))).c_str());
}

/// Runs `f` with the GIL released when the input is long (as idna.cpp).
template <class F>
auto maybe_released(std::size_t size, F f) {
  if (size >= release_gil_at) {
    nb::gil_scoped_release unlocked;
    return f();
  }
  return f();
}

// ---------------------------------------------------------------------------
// The look-alike index.

/// The index and the number of calls reading it without the GIL: add()
/// must not run while a find() does (lookalike.hpp), and every read that
/// releases the GIL registers here first, with the GIL held.
struct py_index {
  explicit py_index(puny::lookalike_index&& i) : index(std::move(i)) {}
  puny::lookalike_index index;
  std::atomic<int> readers{0};
};

struct reading {
  explicit reading(const py_index* i) : idx(const_cast<py_index*>(i)) {
    if (idx) ++idx->readers;
  }
  ~reading() {
    if (idx) --idx->readers;
  }
  reading(const reading&) = delete;
  reading& operator=(const reading&) = delete;
  py_index* idx;
};

std::vector<std::string> idna_code_names(puny::idna_errors e) {
  std::vector<std::string> out;
  for (puny::idna_code c : e) out.emplace_back(puny::name(c));
  return out;
}

/// IDNAError for a domain add() refused (not a repeat).
[[noreturn]] void raise_add_error(const puny::lookalike_add_result& r, std::string_view domain) {
  if (r.code == puny::status::invalid_utf8) raise_invalid_utf8("LookalikeIndex.add", r.position, "uts46");
  diagnosis dg;
  dg.codes = idna_code_names(r.errors);
  for (puny::idna_code c : r.errors) dg.messages.emplace_back(puny::message(c));
  if (dg.codes.empty()) {
    dg.codes.emplace_back("invalid_domain");
    dg.messages.emplace_back("not a domain name the index can hold: \"" + std::string(domain) + "\"");
  }
  raise_idna_error("LookalikeIndex.add", "uts46", dg);
}

/// Adds one domain (str or bytes); true when added, false for a repeat.
bool index_add(puny::lookalike_index& index, nb::handle domain, bool top_bucket) {
  const text t = read_text_or_throw(domain, "domain");
  if (t.wide) raise_surrogate("LookalikeIndex.add", t, "uts46");
  const puny::lookalike_add_result r = index.add(t.utf8, top_bucket);
  if (r.added) return true;
  if (r.duplicate) return false;
  raise_add_error(r, t.utf8);
}

void fill_index(puny::lookalike_index& index, nb::handle domains, bool top_bucket) {
  if (PyUnicode_Check(domains.ptr()) || PyBytes_Check(domains.ptr())) {
    throw nb::type_error("domains must be an iterable of str, not one str (use add_list for a list's text)");
  }
  const Py_ssize_t hint = PyObject_LengthHint(domains.ptr(), 0);
  if (hint > 0) index.reserve(static_cast<std::size_t>(hint));
  for (nb::handle d : domains) index_add(index, d, top_bucket);
  index.shrink_to_fit();
}

nb::object make_match(const std::optional<puny::lookalike_match>& m) {
  if (!m) return nb::none();
  return types_attr("LookalikeMatch")(nb::arg("domain") = make_str(m->domain), nb::arg("id") = m->id,
                                      nb::arg("top_bucket") = m->top_bucket,
                                      nb::arg("separators_removed") = m->separators_removed,
                                      nb::arg("skeleton") = make_str(m->skeleton));
}

/// The UTF-8 of a query: a name with lone surrogates or ill-formed UTF-8 is
/// an error, as for display().
std::string_view query_text(const text& t, const char* operation) { return utf8_or_throw(operation, t, "uts46"); }

// ---------------------------------------------------------------------------
// Display options from keyword arguments.

struct display_args {
  puny::display_options opts;
  std::u32string allowed, blocked;
  std::unique_ptr<py_index> owned;  ///< a protect list given as an iterable
  nb::object keep;                  ///< a LookalikeIndex given, kept alive
  const py_index* protect = nullptr;
  std::string_view policy_name;
};

puny::script_set parse_scripts(nb::handle scripts) {
  puny::script_set out;
  auto add = [&](std::string_view name) {
    if (name.empty()) return;
    const auto s = puny::script_from_name(name);
    if (!s) {
      throw nb::value_error(("unknown script \"" + std::string(name) +
                             "\" (expected ISO 15924 codes such as Latn, Grek, Cyrl, or long names such as Latin)")
                                .c_str());
    }
    out.insert(*s);
  };
  auto add_list = [&](std::string_view v) {
    std::size_t i = 0;
    while (i <= v.size()) {
      const std::size_t j = std::min(v.find_first_of(", ", i), v.size());
      add(v.substr(i, j - i));
      i = j + 1;
    }
  };
  if (PyUnicode_Check(scripts.ptr())) {
    add_list(nb::cast<std::string_view>(scripts));
  } else {
    for (nb::handle s : scripts) {
      if (!PyUnicode_Check(s.ptr())) throw nb::type_error("allowed_scripts must hold str");
      add(nb::cast<std::string_view>(s));
    }
  }
  if (out.empty()) throw nb::value_error("allowed_scripts names no script");
  return out;
}

puny::han_bopomofo parse_cjk(std::string_view cjk) {
  if (cjk == "strict17") return puny::han_bopomofo::strict17;
  if (cjk == "cjk-compat" || cjk == "cjk_compat") return puny::han_bopomofo::cjk_compat;
  throw nb::value_error(("unknown cjk choice \"" + std::string(cjk) + "\" (expected strict17 or cjk-compat)").c_str());
}

std::string policy_names() {
  std::string s;
  for (std::size_t i = 0; i < puny::display_policy_count; ++i) {
    s += i ? ", " : "";
    s += puny::name(static_cast<puny::display_policy>(i));
  }
  return s;
}

void make_display_args(display_args& a, std::string_view policy, nb::handle protect,
                       nb::handle allowed_characters, nb::handle blocked_characters,
                       nb::handle allowed_scripts, std::string_view cjk) {
  const auto p = puny::display_policy_from_name(policy);
  if (!p) throw nb::value_error(("unknown display policy \"" + std::string(policy) + "\" (expected " + policy_names() + ")").c_str());
  a.opts.policy = *p;
  a.policy_name = puny::name(*p);
  if (!allowed_characters.is_none()) a.allowed = code_points_of(allowed_characters, "allowed_characters");
  if (!blocked_characters.is_none()) a.blocked = code_points_of(blocked_characters, "blocked_characters");
  a.opts.allowed_characters = a.allowed;
  a.opts.blocked_characters = a.blocked;
  if (!allowed_scripts.is_none()) a.opts.allowed_scripts = parse_scripts(allowed_scripts);
  a.opts.cjk = parse_cjk(cjk);
  if (!protect.is_none()) {
    if (nb::isinstance<py_index>(protect)) {
      a.keep = nb::borrow(protect);
      a.protect = nb::inst_ptr<py_index>(protect);
    } else {
      if (PyUnicode_Check(protect.ptr()) || PyBytes_Check(protect.ptr())) {
        throw nb::type_error("protect must be a LookalikeIndex or an iterable of domains, not one str");
      }
      puny::lookalike_index index;
      fill_index(index, protect, false);
      a.owned = std::make_unique<py_index>(std::move(index));
      a.protect = a.owned.get();
    }
    a.opts.protect = &a.protect->index;
  }
}

// ---------------------------------------------------------------------------
// Display results.

/// Builds instances of a frozen dataclass of puny/_display.py without
/// running its __init__, which sets each field through object.__setattr__
/// (about half a microsecond a field: most of the time of a screening
/// batch).  The fields go straight into the instance's __dict__, where
/// __init__ puts them, so equality, repr, pickling and replace() see an
/// ordinary instance.  The field names are given in the class's order;
/// test_display.py checks that every field is set.
class record_builder {
 public:
  record_builder(const char* cls_name, std::initializer_list<const char*> fields)
      : cls_(types_attr(cls_name)), new_(nb::handle(reinterpret_cast<PyObject*>(&PyBaseObject_Type)).attr("__new__")) {
    for (const char* f : fields) {
      PyObject* name = PyUnicode_InternFromString(f);
      if (name == nullptr) throw nb::python_error();
      names_.push_back(nb::steal(name));
    }
  }

  template <class... V>
  nb::object make(const V&... values) const {
    if (sizeof...(V) != names_.size()) throw std::logic_error("record_builder: wrong number of fields");
    nb::object obj = new_(cls_);
    PyObject* dict = PyObject_GenericGetDict(obj.ptr(), nullptr);
    if (dict == nullptr) throw nb::python_error();
    nb::object keep = nb::steal(dict);
    std::size_t i = 0;
    (set(dict, i++, nb::cast(values)), ...);
    return obj;
  }

 private:
  void set(PyObject* dict, std::size_t i, const nb::object& v) const {
    if (PyDict_SetItem(dict, names_[i].ptr(), v.ptr()) != 0) throw nb::python_error();
  }
  nb::object cls_, new_;
  std::vector<nb::object> names_;
};

struct result_types {
  record_builder display{"DisplayResult",
                         {"value", "ok", "shown_unicode", "reasons", "messages", "errors", "label", "code_point",
                          "position", "lookalike_of", "labels", "policy"}};
  record_builder label{"LabelDisplay",
                       {"unicode", "ascii", "non_ascii", "shown_unicode", "reasons", "messages", "errors",
                        "code_point", "position", "detail"}};
};

template <class Reasons>
std::pair<nb::tuple, nb::tuple> reason_tuples(const Reasons& rs) {
  std::vector<std::string> names, messages;
  for (puny::display_reason r : rs) {
    names.emplace_back(puny::name(r));
    messages.emplace_back(puny::message(r));
  }
  return {str_tuple(names), str_tuple(messages)};
}

nb::object opt_int(bool has, std::size_t v) { return has ? nb::object(nb::int_(v)) : nb::none(); }

/// `with_labels` false: the labels tuple is left empty (display_batch's
/// labels=False), which saves most of the objects of a result.
nb::object make_display_result(const result_types& types, const puny::display_outcome& d, const nb::str& policy,
                               bool with_labels = true) {
  const std::size_t n = d.labels.size();
  PyObject* lt = PyTuple_New(static_cast<Py_ssize_t>(with_labels ? n : 0));
  if (lt == nullptr) throw nb::python_error();
  nb::tuple labels = nb::steal<nb::tuple>(lt);
  bool any_idn = false, all_shown = true;
  std::optional<std::size_t> first;
  for (std::size_t i = 0; i < n; ++i) {
    const puny::label_display& l = d.labels[i];
    if (l.non_ascii) {
      any_idn = true;
      all_shown = all_shown && l.shown_unicode;
    }
    if (!first && !l.reasons.empty()) first = i;
    if (!with_labels) continue;
    auto [names, messages] = reason_tuples(l.reasons);
    const bool has_cp = !l.reasons.empty() && l.code_point != 0;
    nb::object o = types.label.make(
        make_str(l.unicode), make_str(l.ascii), nb::bool_(l.non_ascii), nb::bool_(l.shown_unicode), names, messages,
        str_tuple(idna_code_names(l.errors)),
        has_cp ? nb::object(nb::int_(static_cast<std::uint32_t>(l.code_point))) : nb::none(),
        opt_int(has_cp, l.code_point_index), make_str(l.detail));
    PyTuple_SET_ITEM(lt, static_cast<Py_ssize_t>(i), o.release().ptr());
  }
  auto [names, messages] = reason_tuples(d.reasons);
  const puny::label_display* fl = first ? &d.labels[*first] : nullptr;
  const bool has_cp = fl != nullptr && fl->code_point != 0;
  return types.display.make(
      make_str(d.value), nb::bool_(d.ok()), nb::bool_(any_idn && all_shown && !d.lookalike_of), names, messages,
      str_tuple(idna_code_names(d.errors)), opt_int(first.has_value(), first.value_or(0)),
      has_cp ? nb::object(nb::int_(static_cast<std::uint32_t>(fl->code_point))) : nb::none(),
      opt_int(has_cp, has_cp ? fl->code_point_index : 0),
      d.lookalike_of ? nb::object(make_str(*d.lookalike_of)) : nb::none(), labels, policy);
}

nb::object display(nb::handle domain, std::string_view policy, nb::handle protect,
                   nb::handle allowed_characters, nb::handle blocked_characters,
                   nb::handle allowed_scripts, std::string_view cjk) {
  display_args a;
  make_display_args(a, policy, protect, allowed_characters, blocked_characters, allowed_scripts, cjk);
  const text t = read_text_or_throw(domain, "domain");
  if (t.wide) raise_surrogate("display", t, a.policy_name);
  const result_types types;
  reading r(a.protect);
  const puny::display_outcome d = maybe_released(t.size(), [&] { return puny::display(t.utf8, a.opts); });
  if (d.code == puny::status::invalid_utf8) raise_invalid_utf8("display", d.position, a.policy_name);
  return make_display_result(types, d, make_str(a.policy_name));
}

// ---------------------------------------------------------------------------
// Batches: many names over `jobs` threads, in order, an error per element.

/// Runs `work(i)` for i in [0, n) over `threads` threads (thread_count of
/// batch.hpp), each a contiguous range, the GIL released.
template <class F>
void run_parallel(std::size_t n, std::size_t threads, F work) {
  nb::gil_scoped_release unlocked;
  threads = std::max<std::size_t>(1, std::min(threads, n));
  const std::size_t chunk = (n + threads - 1) / threads;
  run_tasks(threads, [&](std::size_t t) noexcept {
    for (std::size_t i = std::min(n, t * chunk), e = std::min(n, i + chunk); i < e; ++i) work(i);
  });
}

/// One batch element: its text, or why it has none.
struct batch_item {
  text in;
  enum class kind : std::uint8_t { ok, not_a_string, surrogate, bad_utf8, out_of_memory } state = kind::ok;
  std::size_t position = 0;
};

/// Reads element `o` (GIL held); UTF-8 of bytes is validated in the worker.
void read_item(PyObject* o, batch_item& item) {
  if (!(PyUnicode_Check(o) || PyBytes_Check(o)) || !read_text(o, item.in)) {
    item.state = batch_item::kind::not_a_string;
  } else if (item.in.wide) {
    item.state = batch_item::kind::surrogate;
    item.position = first_surrogate(item.in);
  }
}

/// The per-element IDNAError of a batch (an instance, not raised).
nb::object element_error(const char* operation, std::string_view profile, std::size_t i, const batch_item& item,
                         PyObject* o) {
  diagnosis dg;
  switch (item.state) {
    case batch_item::kind::not_a_string:
      dg.codes.emplace_back("not_a_string");
      dg.messages.emplace_back("element " + std::to_string(i) + " is not a str or bytes but " +
                               nb::cast<std::string>(nb::type_name(nb::handle(o).type())));
      break;
    case batch_item::kind::surrogate:
      dg.codes.emplace_back("invalid_code_point");
      dg.position = item.position;
      dg.code_point = item.in.utf32[item.position];
      dg.messages.emplace_back("element " + std::to_string(i) + " has a lone surrogate at index " +
                               std::to_string(item.position));
      break;
    case batch_item::kind::bad_utf8:
      dg.codes.emplace_back("invalid_utf8");
      dg.position = item.position;
      dg.messages.emplace_back("element " + std::to_string(i) + " is ill-formed UTF-8 at byte " +
                               std::to_string(item.position));
      break;
    case batch_item::kind::out_of_memory:
    case batch_item::kind::ok:
      dg.codes.emplace_back("out_of_memory");
      dg.messages.emplace_back("out of memory for element " + std::to_string(i));
      break;
  }
  try {
    raise_idna_error(operation, profile, dg);
  } catch (nb::python_error& e) {
    return nb::borrow(e.value());
  }
}

/// The cyclic garbage collector paused while a batch's results are built:
/// they are millions of new tuples and instances, none of them in a cycle,
/// and each collection the allocations trigger would scan the whole
/// growing result list again (measured: 40% of a batch's time).  The
/// previous state is restored, so a caller's gc.disable() stands.
class gc_paused {
 public:
  gc_paused() : was_enabled_(PyGC_Disable() != 0) {}
  ~gc_paused() {
    if (was_enabled_) PyGC_Enable();
  }
  gc_paused(const gc_paused&) = delete;
  gc_paused& operator=(const gc_paused&) = delete;

 private:
  bool was_enabled_;
};

/// Elements per round: the outcomes of one round are held in C++ at once,
/// so memory stays bounded whatever the batch's length.
constexpr std::size_t batch_round = 1 << 14;

nb::list display_batch(nb::handle names, int jobs, bool with_labels, std::string_view policy, nb::handle protect,
                       nb::handle allowed_characters, nb::handle blocked_characters,
                       nb::handle allowed_scripts, std::string_view cjk) {
  display_args a;
  make_display_args(a, policy, protect, allowed_characters, blocked_characters, allowed_scripts, cjk);
  if (PyUnicode_Check(names.ptr()) || PyBytes_Check(names.ptr())) {
    throw nb::type_error("names must be an iterable of str, not one str");
  }
  PyObject* seq_raw = PySequence_Fast(names.ptr(), "names must be an iterable of str");
  if (seq_raw == nullptr) throw nb::python_error();
  nb::object seq = nb::steal(seq_raw);
  const auto n = static_cast<std::size_t>(PySequence_Fast_GET_SIZE(seq_raw));
  const std::size_t threads = thread_count(jobs, std::min(n, batch_round));
  const result_types types;
  const nb::str policy_name = make_str(a.policy_name);
  reading r(a.protect);

  nb::list out;
  std::vector<nb::object> refs;
  std::vector<batch_item> items;
  std::vector<puny::display_outcome> results;
  for (std::size_t base = 0; base < n; base += batch_round) {
    const std::size_t m = std::min(batch_round, n - base);
    // Strong references: the elements' text is read without the GIL while
    // another thread may change the list.
    refs.clear();
    items.assign(m, batch_item{});
    results.assign(m, puny::display_outcome{});
    for (std::size_t i = 0; i < m; ++i) {
      PyObject* o = PySequence_Fast_GET_ITEM(seq_raw, static_cast<Py_ssize_t>(base + i));
      refs.push_back(nb::borrow(o));
      read_item(o, items[i]);
    }
    run_parallel(m, threads, [&](std::size_t i) noexcept {
      batch_item& it = items[i];
      if (it.state != batch_item::kind::ok) return;
      try {
        results[i] = puny::display(it.in.utf8, a.opts);
        if (results[i].code == puny::status::invalid_utf8) {
          it.state = batch_item::kind::bad_utf8;
          it.position = results[i].position;
        }
      } catch (...) {
        it.state = batch_item::kind::out_of_memory;
      }
    });
    const gc_paused paused;
    for (std::size_t i = 0; i < m; ++i) {
      if (items[i].state == batch_item::kind::ok) {
        out.append(make_display_result(types, results[i], policy_name, with_labels));
      } else {
        out.append(element_error("display_batch", a.policy_name, base + i, items[i], refs[i].ptr()));
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------------------
// Skeletons, confusability, properties.

nb::object skeleton(nb::handle s) {
  const text t = read_text_or_throw(s, "s");
  if (t.wide) {
    // Lone surrogates map to themselves (security.hpp): a precise answer.
    const auto r = maybe_released(t.size(), [&] { return puny::skeleton(std::u32string_view(t.utf32)); });
    return make_str32(r.value);
  }
  const auto r = maybe_released(t.size(), [&] { return puny::skeleton(t.utf8); });
  if (r.code == puny::status::invalid_utf8) raise_invalid_utf8("skeleton", r.position);
  if (t.from_bytes) return nb::bytes(r.value.data(), r.value.size());
  return make_str(r.value);
}

nb::object are_confusable(nb::handle a, nb::handle b) {
  const text ta = read_text_or_throw(a, "a"), tb = read_text_or_throw(b, "b");
  puny::confusability c;
  if (ta.wide || tb.wide) {
    // A str with lone surrogates has no UTF-8: compare code points.
    auto wide = [](const text& t) {
      if (t.wide) return t.utf32;
      const std::string_view u = utf8_or_throw("are_confusable", t);
      std::u32string w(u.size(), U'\0');
      const puny::result r = puny::utf8_to_utf32(std::span<const char>(u.data(), u.size()), w);
      w.resize(r.written);
      return w;
    };
    const std::u32string wa = wide(ta), wb = wide(tb);
    c = maybe_released(wa.size() + wb.size(), [&] { return puny::confusable(wa, wb); });
  } else {
    const std::string_view ua = utf8_or_throw("are_confusable", ta), ub = utf8_or_throw("are_confusable", tb);
    c = maybe_released(ua.size() + ub.size(), [&] { return puny::confusable(ua, ub); });
  }
  return types_attr("Confusability")(nb::arg("confusable") = c.confusable, nb::arg("single_script") = c.single_script,
                                     nb::arg("mixed_script") = c.mixed_script, nb::arg("whole_script") = c.whole_script);
}

/// The profile of restriction_level / analyze_identifier.
struct profile_args {
  std::u32string allowed, blocked;
  puny::identifier_profile profile;
};

void make_profile(profile_args& p, std::string_view cjk, nb::handle allowed,
                  nb::handle blocked) {
  p.profile.cjk = parse_cjk(cjk);
  if (!allowed.is_none()) p.allowed = code_points_of(allowed, "allowed_characters");
  if (!blocked.is_none()) p.blocked = code_points_of(blocked, "blocked_characters");
  p.profile.extra_allowed = p.allowed;
  p.profile.extra_blocked = p.blocked;
}

/// Runs `f` on the text of `s` as UTF-8 or, with lone surrogates, as code
/// points (the security functions take any char32_t).
template <class F>
auto on_text(const char* operation, nb::handle s, F f) {
  const text t = read_text_or_throw(s, "s");
  if (t.wide) return maybe_released(t.size(), [&] { return f(std::u32string_view(t.utf32)); });
  const std::string_view u = utf8_or_throw(operation, t);
  return maybe_released(t.size(), [&] { return f(u); });
}

std::string_view restriction_level(nb::handle s, std::string_view cjk, nb::handle allowed,
                                   nb::handle blocked) {
  profile_args p;
  make_profile(p, cjk, allowed, blocked);
  return puny::name(on_text("restriction_level", s, [&](auto v) { return puny::restriction_level_of(v, p.profile); }));
}

nb::object analyze_identifier(nb::handle s, std::string_view cjk, nb::handle allowed,
                              nb::handle blocked) {
  profile_args p;
  make_profile(p, cjk, allowed, blocked);
  const puny::identifier_analysis a =
      on_text("analyze_identifier", s, [&](auto v) { return puny::analyze_identifier(v, p.profile); });
  std::vector<std::string> names, messages;
  for (puny::identifier_finding f : a.findings) {
    names.emplace_back(puny::name(f));
    messages.emplace_back(puny::message(f));
  }
  nb::list zeros;
  for (std::size_t i = 0; i < std::min<std::size_t>(a.zero_count, a.zeros.size()); ++i)
    zeros.append(nb::int_(static_cast<std::uint32_t>(a.zeros[i])));
  const bool restricted = a.findings.contains(puny::identifier_finding::restricted_character);
  return types_attr("IdentifierAnalysis")(
      nb::arg("level") = make_str(puny::name(a.level)), nb::arg("resolved_scripts") = script_codes(a.resolved),
      nb::arg("findings") = str_tuple(names), nb::arg("messages") = str_tuple(messages),
      nb::arg("zeros") = nb::tuple(zeros), nb::arg("numbering_systems") = a.zero_count,
      nb::arg("restricted_code_point") =
          restricted ? nb::object(nb::int_(static_cast<std::uint32_t>(a.restricted_code_point))) : nb::none(),
      nb::arg("restricted_position") = opt_int(restricted, a.restricted_index));
}

nb::object label_confusables(nb::handle s) {
  const puny::label_confusables c =
      on_text("label_confusables", s, [&](auto v) { return puny::find_label_confusables(v); });
  return types_attr("LabelConfusables")(nb::arg("whole_script") = script_codes(c.whole_script),
                                        nb::arg("mixed_script") = c.mixed_script);
}

nb::frozenset resolved_script_set(nb::handle s) {
  return script_codes(on_text("resolved_script_set", s, [&](auto v) { return puny::resolved_script_set(v); }));
}

// ---------------------------------------------------------------------------
// LookalikeIndex methods.

py_index& writable(py_index& self) {
  if (self.readers.load() != 0) {
    throw std::runtime_error("LookalikeIndex changed while a display_batch or find_batch reads it");
  }
  return self;
}

nb::list find_batch(const py_index& self, nb::handle names, int jobs) {
  if (PyUnicode_Check(names.ptr()) || PyBytes_Check(names.ptr())) {
    throw nb::type_error("names must be an iterable of str, not one str");
  }
  PyObject* seq_raw = PySequence_Fast(names.ptr(), "names must be an iterable of str");
  if (seq_raw == nullptr) throw nb::python_error();
  nb::object seq = nb::steal(seq_raw);
  const auto n = static_cast<std::size_t>(PySequence_Fast_GET_SIZE(seq_raw));
  const std::size_t threads = thread_count(jobs, n);
  reading r(&self);
  std::vector<nb::object> refs;
  refs.reserve(n);
  std::vector<batch_item> items(n);
  for (std::size_t i = 0; i < n; ++i) {
    PyObject* o = PySequence_Fast_GET_ITEM(seq_raw, static_cast<Py_ssize_t>(i));
    refs.push_back(nb::borrow(o));
    read_item(o, items[i]);
  }
  // The match's skeleton lives in a buffer of the calling thread: keep the
  // id and which lookup found it, and look the skeleton up again below.
  struct hit {
    bool found = false;
    std::size_t id = 0;
    bool top = false;
    std::string skeleton;
  };
  std::vector<hit> hits(n);
  run_parallel(n, threads, [&](std::size_t i) noexcept {
    batch_item& it = items[i];
    if (it.state != batch_item::kind::ok) return;
    if (it.in.from_bytes) {
      const puny::result v = puny::validate_utf8(std::span<const char>(it.in.utf8.data(), it.in.utf8.size()));
      if (v.code != puny::status::success) {
        it.state = batch_item::kind::bad_utf8;
        it.position = v.position;
        return;
      }
    }
    const auto m = self.index.find(it.in.utf8);
    if (!m) return;
    try {
      hits[i] = hit{true, m->id, m->top_bucket, std::string(m->skeleton)};
    } catch (...) {
      it.state = batch_item::kind::out_of_memory;
    }
  });
  nb::list out;
  const record_builder match("LookalikeMatch", {"domain", "id", "top_bucket", "separators_removed", "skeleton"});
  const gc_paused paused;
  for (std::size_t i = 0; i < n; ++i) {
    if (items[i].state != batch_item::kind::ok) {
      out.append(element_error("LookalikeIndex.find_batch", "uts46", i, items[i], refs[i].ptr()));
    } else if (!hits[i].found) {
      out.append(nb::none());
    } else {
      out.append(match.make(make_str(self.index.domain(hits[i].id)), nb::int_(hits[i].id), nb::bool_(hits[i].top),
                            nb::bool_(false), make_str(hits[i].skeleton)));
    }
  }
  return out;
}

nb::list add_list(py_index& self, nb::handle list_text) {
  const text t = read_text_or_throw(list_text, "text");
  if (t.wide) raise_surrogate("LookalikeIndex.add_list", t, "uts46");
  std::vector<puny::lookalike_list_error> errors;
  writable(self).index.add_list(t.utf8, &errors);
  nb::list out;
  for (const auto& e : errors) {
    std::vector<std::string> codes = idna_code_names(e.why.errors);
    if (e.why.code != puny::status::success) codes.insert(codes.begin(), std::string(puny::name(e.why.code)));
    if (codes.empty()) codes.emplace_back("invalid_domain");
    // The line as it was: bytes of a list that is not UTF-8 are kept by
    // "backslashreplace" rather than lost.
    PyObject* line = PyUnicode_DecodeUTF8(e.text.data(), static_cast<Py_ssize_t>(e.text.size()), "backslashreplace");
    if (line == nullptr) throw nb::python_error();
    out.append(nb::make_tuple(e.line, nb::steal(line), str_tuple(codes)));
  }
  return out;
}

}  // namespace

void init_display(nb::module_& m) {
  nb::class_<py_index>(m, "LookalikeIndex",
                       "Protected domains, and which of them a name looks like (Chromium's top-domain skeleton "
                       "rules).  find() is thread-safe; add() must not run during a batch that reads the index.")
      .def(
          "__init__",
          [](py_index* self, nb::handle domains, bool top_bucket) {
            puny::lookalike_index index;
            if (!domains.is_none()) fill_index(index, domains, top_bucket);
            new (self) py_index(std::move(index));
          },
          nb::arg("domains") = nb::none(), nb::kw_only(), nb::arg("top_bucket") = false,
          "An index of `domains` (ACE or Unicode); raises IDNAError for one that is not a valid domain name.")
      .def(
          "add", [](py_index& self, nb::handle domain, bool top_bucket) {
            return index_add(writable(self).index, domain, top_bucket);
          },
          nb::arg("domain"), nb::kw_only(), nb::arg("top_bucket") = false,
          "Adds a protected domain: True when added, False when it was there already; IDNAError when invalid.")
      .def("add_list", &add_list, nb::arg("text"),
           "Adds the domains of a list in the format of Chromium's top-domain lists; returns the lines refused "
           "as (line number, text, codes).")
      .def("__len__", [](const py_index& self) { return self.index.size(); })
      .def_prop_ro("memory_bytes", [](const py_index& self) { return self.index.memory_bytes(); },
                   "Bytes of memory the index holds.")
      .def(
          "domain",
          [](const py_index& self, std::size_t id) {
            if (id >= self.index.size()) throw nb::index_error("no protected domain of that id");
            return make_str(self.index.domain(id));
          },
          nb::arg("id"), "The protected domain of an id (Unicode).")
      .def(
          "domains",
          [](const py_index& self) {
            nb::list l;
            for (std::size_t i = 0; i < self.index.size(); ++i) l.append(make_str(self.index.domain(i)));
            return l;
          },
          "The protected domains, in the order they were added (Unicode).")
      .def(
          "find",
          [](const py_index& self, nb::handle name) {
            const text t = read_text_or_throw(name, "name");
            return make_match(self.index.find(query_text(t, "LookalikeIndex.find")));
          },
          nb::arg("name"), "The protected domain `name` looks like (a LookalikeMatch), or None.")
      .def(
          "find_without_separators",
          [](const py_index& self, nb::handle name) {
            const text t = read_text_or_throw(name, "name");
            return make_match(self.index.find_without_separators(query_text(t, "LookalikeIndex.find_without_separators")));
          },
          nb::arg("name"), "A top-bucket domain equal to `name` with dots and hyphens removed, or None.")
      .def(
          "lookup_skeleton",
          [](const py_index& self, nb::handle skel, bool separators_removed) {
            const text t = read_text_or_throw(skel, "skeleton");
            return make_match(self.index.lookup_skeleton(query_text(t, "LookalikeIndex.lookup_skeleton"), separators_removed));
          },
          nb::arg("skeleton"), nb::kw_only(), nb::arg("separators_removed") = false,
          "Chromium's LookupSkeletonInTopDomains: a skeleton's last 4, 3, 2 labels looked up; no exclusion.")
      .def("find_batch", &find_batch, nb::arg("names"), nb::kw_only(), nb::arg("jobs") = 1,
           "find() over many names, the GIL released over `jobs` threads, in order: a LookalikeMatch, None, "
           "or an IDNAError per element.")
      .def_static(
          "skeletons",
          [](nb::handle host) {
            const text t = read_text_or_throw(host, "unicode_host");
            const std::vector<std::string> s = puny::lookalike_index::skeletons(query_text(t, "LookalikeIndex.skeletons"));
            return str_tuple(s);
          },
          nb::arg("unicode_host"), "The skeletons Chromium's GetSkeletons computes for a host in Unicode, sorted.");

  m.def("display", &display, nb::arg("domain"), nb::kw_only(), nb::arg("policy") = "chromium",
        nb::arg("protect") = nb::none(), nb::arg("allowed_characters") = nb::none(),
        nb::arg("blocked_characters") = nb::none(), nb::arg("allowed_scripts") = nb::none(),
        nb::arg("cjk") = "strict17",
        "Whether each label of a domain name is safe to show in Unicode, under a browser's policy: a "
        "DisplayResult.");
  m.def("display_batch", &display_batch, nb::arg("names"), nb::kw_only(), nb::arg("jobs") = 1,
        nb::arg("labels") = true, nb::arg("policy") = "chromium", nb::arg("protect") = nb::none(), nb::arg("allowed_characters") = nb::none(),
        nb::arg("blocked_characters") = nb::none(), nb::arg("allowed_scripts") = nb::none(),
        nb::arg("cjk") = "strict17",
        "display() over many names, the GIL released over `jobs` threads, in order: a DisplayResult or an "
        "IDNAError per element; labels=False leaves each result's labels empty (faster).");
  m.def("display_policies", [] {
    std::vector<std::string> v;
    for (std::size_t i = 0; i < puny::display_policy_count; ++i) v.emplace_back(puny::name(static_cast<puny::display_policy>(i)));
    return str_tuple(v);
  }, "The names of the display policies.");
  m.def("display_reasons", [] {
    nb::dict d;
    for (std::size_t i = 0; i < puny::display_reason_count; ++i) {
      const auto r = static_cast<puny::display_reason>(i);
      d[make_str(puny::name(r))] = make_str(puny::message(r));
    }
    return d;
  }, "Every display reason's name and message, in enumerator order.");
  m.def("skeleton", &skeleton, nb::arg("s"), "The UTS #39 §4 skeleton of a string (str, or bytes holding UTF-8).");
  m.def("are_confusable", &are_confusable, nb::arg("a"), nb::arg("b"),
        "Whether two strings are confusable (equal skeletons) and how: a Confusability.");
  m.def("restriction_level", &restriction_level, nb::arg("s"), nb::kw_only(), nb::arg("cjk") = "strict17",
        nb::arg("allowed_characters") = nb::none(), nb::arg("blocked_characters") = nb::none(),
        "The UTS #39 §5.2 restriction level of a string (\"highly_restrictive\", ...).");
  m.def("analyze_identifier", &analyze_identifier, nb::arg("s"), nb::kw_only(), nb::arg("cjk") = "strict17",
        nb::arg("allowed_characters") = nb::none(), nb::arg("blocked_characters") = nb::none(),
        "Everything UTS #39 §5 says about a string: an IdentifierAnalysis.");
  m.def("label_confusables", &label_confusables, nb::arg("s"),
        "The whole-script and mixed-script confusable tests of UTS #39 §4.1, §4.2: a LabelConfusables.");
  m.def("resolved_script_set", &resolved_script_set, nb::arg("s"),
        "The resolved script set (UTS #39 §5.1) as ISO 15924 codes.");
  m.def("script_of", [](nb::handle cp) { return make_str(puny::short_name(puny::script_of(one_code_point(cp)))); },
        nb::arg("cp"), "The Script of a code point (int or one-character str) as an ISO 15924 code (\"Latn\").");
  m.def("script_extensions", [](nb::handle cp) { return script_codes(puny::script_extensions_of(one_code_point(cp))); },
        nb::arg("cp"), "The Script_Extensions of a code point as ISO 15924 codes.");
  m.def("augmented_script_set",
        [](nb::handle cp) { return script_codes(puny::augmented_script_set_of(one_code_point(cp))); }, nb::arg("cp"),
        "The augmented script set of a code point (UTS #39 §5.1) as ISO 15924 codes.");
  m.def("script_name", [](std::string_view code) {
    const auto s = puny::script_from_name(code);
    if (!s) throw nb::value_error(("unknown script \"" + std::string(code) + "\"").c_str());
    return make_str(puny::name(*s));
  }, nb::arg("code"), "The long name of a script (\"Latn\" -> \"Latin\").");
  m.def("identifier_status",
        [](nb::handle cp) { return make_str(puny::name(puny::identifier_status_of(one_code_point(cp)))); },
        nb::arg("cp"), "The Identifier_Status of a code point: \"Allowed\" or \"Restricted\".");
  m.def("identifier_types", [](nb::handle cp) {
    const puny::identifier_types t = puny::identifier_types_of(one_code_point(cp));
    std::vector<std::string> v;
    for (std::size_t i = 0; i < puny::identifier_type_count; ++i) {
      if (t.contains(static_cast<puny::identifier_type>(i))) v.emplace_back(puny::name(static_cast<puny::identifier_type>(i)));
    }
    return str_tuple(v);
  }, nb::arg("cp"), "The Identifier_Type values of a code point (\"Limited_Use\", ...), in file order.");
}

}  // namespace puny_py
