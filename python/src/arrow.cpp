// puny._puny — the batch calls over Arrow string arrays, zero-copy both ways
// (issue 25, "Batch calls ... zero-copy on Arrow input").  Inputs come
// through the Arrow C Data Interface's PyCapsule protocol (an array's
// __arrow_c_array__, a chunked array's __arrow_c_stream__): the engine of
// batch.hpp reads the producer's offsets, data and validity in place.  The
// results go back the same way: buffers built here, owned by an ArrowArray
// whose release callback frees them, wrapped in an object with
// __arrow_c_array__ that pyarrow.array() imports without a copy and without
// a Python object per element.  No Arrow library is linked: the structs are
// the ABI of https://arrow.apache.org/docs/format/CDataInterface.html.
#include <algorithm>
#include <cstring>
#include <limits>
#include <memory>
#include <new>
#include <string>

#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/string_view.h>

#include "batch.hpp"

extern "C" {
#ifndef ARROW_C_DATA_INTERFACE
#define ARROW_C_DATA_INTERFACE
#define ARROW_FLAG_DICTIONARY_ORDERED 1
#define ARROW_FLAG_NULLABLE 2
#define ARROW_FLAG_MAP_KEYS_SORTED 4

struct ArrowSchema {
  const char* format;
  const char* name;
  const char* metadata;
  int64_t flags;
  int64_t n_children;
  struct ArrowSchema** children;
  struct ArrowSchema* dictionary;
  void (*release)(struct ArrowSchema*);
  void* private_data;
};

struct ArrowArray {
  int64_t length;
  int64_t null_count;
  int64_t offset;
  int64_t n_buffers;
  int64_t n_children;
  const void** buffers;
  struct ArrowArray** children;
  struct ArrowArray* dictionary;
  void (*release)(struct ArrowArray*);
  void* private_data;
};
#endif

#ifndef ARROW_C_STREAM_INTERFACE
#define ARROW_C_STREAM_INTERFACE
struct ArrowArrayStream {
  int (*get_schema)(struct ArrowArrayStream*, struct ArrowSchema* out);
  int (*get_next)(struct ArrowArrayStream*, struct ArrowArray* out);
  const char* (*get_last_error)(struct ArrowArrayStream*);
  void (*release)(struct ArrowArrayStream*);
  void* private_data;
};
#endif
}

namespace puny_py {

namespace {

// ---------------------------------------------------------------------------
// Arrays and schemas built here.

/// malloc'd memory (so that a release callback can free it), at least one
/// byte: the C Data Interface wants a buffer even for an empty array.
void* alloc(std::size_t n) {
  void* p = std::malloc(std::max<std::size_t>(n, 1));
  if (p == nullptr) throw std::bad_alloc();
  return p;
}

/// An array to export: its buffers (owned) and children.
struct node {
  std::string format, name;
  std::int64_t flags = 0, length = 0, null_count = 0;
  std::vector<void*> owned;
  std::vector<const void*> buffers;
  std::vector<std::unique_ptr<node>> children;
  // Filled by export_array: the children's C structs, owned by the parent.
  std::vector<ArrowArray> child_arrays;
  std::vector<ArrowArray*> child_array_ptrs;

  node() = default;
  node(const node&) = delete;
  node& operator=(const node&) = delete;
  ~node() {
    for (void* p : owned) std::free(p);
  }
  /// `n` bytes owned by the node (freed with it); the caller places them in `buffers`.
  template <class T = std::uint8_t>
  T* own(std::size_t n) {
    owned.reserve(owned.size() + 1);
    void* p = alloc(n);
    owned.push_back(p);
    return static_cast<T*>(p);
  }
  /// Memory from malloc that the node frees from now on.
  void own_malloced(void* p) {
    owned.reserve(owned.size() + 1);
    owned.push_back(p);
  }
};

void release_array(ArrowArray* a) {
  if (a == nullptr || a->release == nullptr) return;
  for (std::int64_t i = 0; i < a->n_children; ++i) {
    ArrowArray* c = a->children[i];
    if (c->release != nullptr) c->release(c);  // unless the consumer moved it
  }
  delete static_cast<node*>(a->private_data);
  a->release = nullptr;
}

/// `out` takes the node (and its buffers); its release frees them.
void export_array(std::unique_ptr<node> nd, ArrowArray* out) {
  nd->child_arrays.resize(nd->children.size());
  nd->child_array_ptrs.resize(nd->children.size());
  for (std::size_t i = 0; i < nd->children.size(); ++i) {
    nd->child_array_ptrs[i] = &nd->child_arrays[i];
    export_array(std::move(nd->children[i]), &nd->child_arrays[i]);
  }
  node* raw = nd.release();
  *out = ArrowArray{raw->length,
                    raw->null_count,
                    0,
                    static_cast<std::int64_t>(raw->buffers.size()),
                    static_cast<std::int64_t>(raw->child_arrays.size()),
                    raw->buffers.data(),
                    raw->child_array_ptrs.data(),
                    nullptr,
                    &release_array,
                    raw};
}

/// A schema's strings and children.
struct schema_data {
  std::string format, name;
  std::vector<ArrowSchema> children;
  std::vector<ArrowSchema*> child_ptrs;
};

void release_schema(ArrowSchema* s) {
  if (s == nullptr || s->release == nullptr) return;
  for (std::int64_t i = 0; i < s->n_children; ++i) {
    ArrowSchema* c = s->children[i];
    if (c->release != nullptr) c->release(c);
  }
  delete static_cast<schema_data*>(s->private_data);
  s->release = nullptr;
}

/// The schema of a node (call before export_array moves the node away).
void export_schema(const node& nd, ArrowSchema* out) {
  auto sd = std::make_unique<schema_data>();
  sd->format = nd.format;
  sd->name = nd.name;
  sd->children.resize(nd.children.size());
  sd->child_ptrs.resize(nd.children.size());
  for (std::size_t i = 0; i < nd.children.size(); ++i) {
    sd->child_ptrs[i] = &sd->children[i];
    export_schema(*nd.children[i], &sd->children[i]);
  }
  schema_data* raw = sd.release();
  *out = ArrowSchema{raw->format.c_str(),
                     raw->name.c_str(),
                     nullptr,
                     nd.flags,
                     static_cast<std::int64_t>(raw->children.size()),
                     raw->child_ptrs.data(),
                     nullptr,
                     &release_schema,
                     raw};
}

/// What Python sees: an exported array (a struct of the three result
/// columns) with __arrow_c_array__, consumed once by pyarrow.array().
struct arrow_export {
  ArrowSchema schema{};
  ArrowArray array{};
  arrow_export() = default;
  arrow_export(const arrow_export&) = delete;
  arrow_export& operator=(const arrow_export&) = delete;
  ~arrow_export() {
    release_schema(&schema);
    release_array(&array);
  }
};

void schema_capsule_free(PyObject* cap) {
  auto* s = static_cast<ArrowSchema*>(PyCapsule_GetPointer(cap, "arrow_schema"));
  if (s == nullptr) {
    PyErr_Clear();
    return;
  }
  release_schema(s);
  delete s;
}

void array_capsule_free(PyObject* cap) {
  auto* a = static_cast<ArrowArray*>(PyCapsule_GetPointer(cap, "arrow_array"));
  if (a == nullptr) {
    PyErr_Clear();
    return;
  }
  release_array(a);
  delete a;
}

nb::tuple export_capsules(arrow_export& e, nb::handle /*requested_schema*/) {
  // The requested schema may be ignored (the protocol allows it): the type
  // is the one the input had.
  if (e.array.release == nullptr) throw nb::value_error("this result was already exported");
  auto s = std::make_unique<ArrowSchema>(e.schema);
  auto a = std::make_unique<ArrowArray>(e.array);
  PyObject* sc = PyCapsule_New(s.get(), "arrow_schema", &schema_capsule_free);
  if (sc == nullptr) throw nb::python_error();
  nb::object scap = nb::steal(sc);
  e.schema.release = nullptr;
  s.release();
  PyObject* ac = PyCapsule_New(a.get(), "arrow_array", &array_capsule_free);
  if (ac == nullptr) throw nb::python_error();
  nb::object acap = nb::steal(ac);
  e.array.release = nullptr;
  a.release();
  return nb::make_tuple(scap, acap);
}

// ---------------------------------------------------------------------------
// Inputs.

constexpr const char* empty_data = "";

/// The segment of one Arrow array (kept alive by the caller); TypeError for
/// a type that is not a string type.
segment segment_of(const ArrowSchema& s, const ArrowArray& a, std::string& format) {
  const std::string_view f = s.format ? s.format : "";
  if (s.dictionary != nullptr || a.dictionary != nullptr)
    throw nb::type_error("a dictionary-encoded array: decode it first (pyarrow: .dictionary_decode())");
  segment g;
  g.length = a.length;
  g.offset = a.offset;
  if (a.length < 0 || a.offset < 0) throw nb::value_error("an Arrow array with a negative length or offset");
  auto buf = [&](std::int64_t i) { return i < a.n_buffers ? a.buffers[i] : nullptr; };
  if (f == "u" || f == "U") {
    if (a.n_buffers != 3 && a.length > 0) throw nb::value_error("an Arrow string array without its three buffers");
    g.kind = f == "u" ? segment::offsets32 : segment::offsets64;
    g.offsets = buf(1);
    g.data = buf(2) ? static_cast<const char*>(buf(2)) : empty_data;
    if (g.offsets == nullptr && a.length > 0) throw nb::value_error("an Arrow string array without offsets");
    if (g.offsets == nullptr) g.kind = segment::all_null, g.length = 0;
  } else if (f == "vu") {
    if (a.n_buffers < 3 && a.length > 0) throw nb::value_error("an Arrow string_view array without its buffers");
    g.kind = segment::views;
    g.offsets = buf(1);
    g.view_data = a.n_buffers > 2 ? reinterpret_cast<const char* const*>(a.buffers + 2) : nullptr;
    g.view_buffers = std::max<std::int64_t>(0, a.n_buffers - 3);
    if (g.offsets == nullptr && a.length > 0) throw nb::value_error("an Arrow string_view array without views");
  } else if (f == "n") {
    g.kind = segment::all_null;  // pa.array([None, None]): all null, given back as string
  } else {
    throw nb::type_error(("names must be an Arrow string array (string, large_string or string_view), not "
                          "Arrow format '" + std::string(f) + "'")
                             .c_str());
  }
  if (g.kind != segment::all_null && a.null_count != 0) g.validity = static_cast<const std::uint8_t*>(buf(0));
  format = f == "n" ? "u" : std::string(f);
  return g;
}

// ---------------------------------------------------------------------------
// Outputs of a range of the inputs, from the parts.

inline void set_bit(std::uint8_t* bits, std::size_t i) noexcept {
  bits[i >> 3] = static_cast<std::uint8_t>(bits[i >> 3] | (1u << (i & 7)));
}

/// The struct<output, ok, errors> of the inputs [b, e).  `format` is the
/// output's string type.  Empty `err` when it worked; no GIL needed.
std::unique_ptr<node> build_range(std::vector<part>& parts, std::size_t b, std::size_t e, const std::string& format,
                                  name_cache& names, std::string& err) {
  const std::size_t len = e - b;
  const std::size_t bitmap_bytes = (len + 7) / 8;

  // The parts that overlap [b, e), and the output bytes they hold there.
  std::size_t total = 0, valid_count = 0, name_count = 0, name_bytes = 0;
  for (part& p : parts) {
    const std::size_t lo = std::max(b, p.begin), hi = std::min(e, p.end);
    if (lo >= hi) continue;
    const std::uint64_t first = lo == p.begin ? 0 : p.ends[lo - p.begin - 1];
    total += p.ends[hi - p.begin - 1] - first;
    for (std::size_t i = lo; i < hi; ++i) {
      const verdict& v = p.verdicts[i - p.begin];
      if (v.output) ++valid_count;
      if (v.kind == verdict::ok) continue;
      const auto& ns = names(v);
      name_count += ns.size();
      for (auto n : ns) name_bytes += n.size();
    }
  }
  constexpr std::size_t i32max = std::numeric_limits<std::int32_t>::max();
  const bool wide_offsets = format == "U";
  if (!wide_offsets && total > i32max) {
    err = "the outputs exceed 2 GiB, more than an Arrow " + std::string(format == "vu" ? "string_view" : "string") +
          " array holds: give a large_string array (pyarrow: .cast(pa.large_string()))";
    return nullptr;
  }
  if (name_bytes > i32max || name_count > i32max) {
    err = "the error codes exceed 2 GiB";
    return nullptr;
  }

  // output: validity, offsets or views, data.
  auto out = std::make_unique<node>();
  out->format = format;
  out->name = "output";
  out->flags = ARROW_FLAG_NULLABLE;
  out->length = static_cast<std::int64_t>(len);
  out->null_count = static_cast<std::int64_t>(len - valid_count);
  auto* valid = out->own(bitmap_bytes);
  std::memset(valid, 0, std::max<std::size_t>(bitmap_bytes, 1));
  void* offsets = out->own((format == "vu" ? 16 : wide_offsets ? 8 : 4) * (len + 1));
  // The data: a part's buffer as it is when one part is the whole range (one
  // thread, one chunk: no copy), else the parts' slices back to back.
  char* data = nullptr;
  bool adopted = false;
  for (part& p : parts) {
    if (p.begin == b && p.end == e && len > 0) {
      data = p.data.release();
      adopted = data != nullptr;
      if (adopted) {
        // Give back the geometric growth's slack (usually in place).
        if (void* q = std::realloc(data, std::max<std::size_t>(total, 1))) data = static_cast<char*>(q);
        out->own_malloced(data);
      }
    }
  }
  if (!adopted) {
    data = out->own<char>(total);
    std::size_t at = 0;
    for (part& p : parts) {
      const std::size_t lo = std::max(b, p.begin), hi = std::min(e, p.end);
      if (lo >= hi) continue;
      const std::uint64_t first = lo == p.begin ? 0 : p.ends[lo - p.begin - 1];
      const std::uint64_t last = p.ends[hi - p.begin - 1];
      if (last > first) std::memcpy(data + at, p.data.data() + first, last - first);
      at += last - first;
    }
  }

  // ok: a bitmap, the same bits as the output's validity.
  auto ok = std::make_unique<node>();
  ok->format = "b";
  ok->name = "ok";
  ok->length = static_cast<std::int64_t>(len);
  auto* ok_bits = ok->own(bitmap_bytes);
  std::memset(ok_bits, 0, std::max<std::size_t>(bitmap_bytes, 1));
  ok->buffers = {nullptr, ok_bits};

  // errors: list<string>, an empty list when ok.
  auto errs = std::make_unique<node>();
  errs->format = "+l";
  errs->name = "errors";
  errs->length = static_cast<std::int64_t>(len);
  auto* list_offsets = errs->own<std::int32_t>(4 * (len + 1));
  errs->buffers = {nullptr, list_offsets};
  auto item = std::make_unique<node>();
  item->format = "u";
  item->name = "item";
  item->flags = ARROW_FLAG_NULLABLE;  // as pa.list_(pa.string()) has it
  item->length = static_cast<std::int64_t>(name_count);
  auto* item_offsets = item->own<std::int32_t>(4 * (name_count + 1));
  char* item_data = item->own<char>(name_bytes);
  item->buffers = {nullptr, item_offsets, item_data};

  // One pass over the verdicts fills the offsets, the bits and the codes.
  std::size_t at = 0, k = 0, name_at = 0, byte_at = 0;
  list_offsets[0] = 0;
  item_offsets[0] = 0;
  auto* off32 = static_cast<std::int32_t*>(offsets);
  auto* off64 = static_cast<std::int64_t*>(offsets);
  auto* views = static_cast<char*>(offsets);
  if (format == "u") off32[0] = 0;
  if (format == "U") off64[0] = 0;
  for (part& p : parts) {
    const std::size_t lo = std::max(b, p.begin), hi = std::min(e, p.end);
    if (lo >= hi) continue;
    std::uint64_t begin = lo == p.begin ? 0 : p.ends[lo - p.begin - 1];
    for (std::size_t i = lo; i < hi; ++i, ++k) {
      const verdict& v = p.verdicts[i - p.begin];
      const std::uint64_t end = p.ends[i - p.begin];
      const std::size_t n = end - begin;
      at += n;
      if (format == "u") {
        off32[k + 1] = static_cast<std::int32_t>(at);
      } else if (format == "U") {
        off64[k + 1] = static_cast<std::int64_t>(at);
      } else {
        // A view: inline up to 12 bytes, else a prefix and (buffer 0, offset).
        char* view = views + 16 * k;
        std::memset(view, 0, 16);
        const auto n32 = static_cast<std::int32_t>(n);
        std::memcpy(view, &n32, 4);
        const char* s = data + (at - n);
        if (n <= 12) {
          if (n > 0) std::memcpy(view + 4, s, n);
        } else {
          const std::int32_t zero = 0, off = static_cast<std::int32_t>(at - n);
          std::memcpy(view + 4, s, 4);
          std::memcpy(view + 8, &zero, 4);
          std::memcpy(view + 12, &off, 4);
        }
      }
      if (v.output) set_bit(valid, k);
      if (v.kind == verdict::ok) {
        set_bit(ok_bits, k);
      } else {
        for (auto nm : names(v)) {
          std::memcpy(item_data + byte_at, nm.data(), nm.size());
          byte_at += nm.size();
          item_offsets[++name_at] = static_cast<std::int32_t>(byte_at);
        }
      }
      list_offsets[k + 1] = static_cast<std::int32_t>(name_at);
      begin = end;
    }
  }
  // The layout's buffers: validity, offsets or views, data (and, for views,
  // the sizes of the variadic data buffers: one here).
  out->buffers = {out->null_count == 0 ? nullptr : valid, offsets, data};
  if (format == "vu") {
    auto* sizes = out->own<std::int64_t>(8);
    sizes[0] = static_cast<std::int64_t>(total);
    out->buffers.push_back(sizes);
  }

  errs->children.push_back(std::move(item));
  auto st = std::make_unique<node>();
  st->format = "+s";
  st->length = static_cast<std::int64_t>(len);
  st->buffers.push_back(nullptr);
  st->children.push_back(std::move(out));
  st->children.push_back(std::move(ok));
  st->children.push_back(std::move(errs));
  return st;
}

nb::object exported(std::unique_ptr<node> nd) {
  auto e = std::make_unique<arrow_export>();
  export_schema(*nd, &e->schema);
  export_array(std::move(nd), &e->array);
  return nb::cast(e.release(), nb::rv_policy::take_ownership);
}

// ---------------------------------------------------------------------------
// The call.

/// Releases imported stream arrays and schema at the end of the call.
struct imported {
  ArrowSchema schema{};
  std::vector<ArrowArray> arrays;
  imported() = default;
  imported(const imported&) = delete;
  imported& operator=(const imported&) = delete;
  ~imported() {
    for (auto& a : arrays)
      if (a.release) a.release(&a);
    if (schema.release) schema.release(&schema);
  }
};

[[noreturn]] void stream_error(ArrowArrayStream* s, int code) {
  const char* m = s->get_last_error ? s->get_last_error(s) : nullptr;
  throw nb::value_error(("reading the Arrow stream failed (error " + std::to_string(code) + ")" +
                         (m ? std::string(": ") + m : std::string()))
                            .c_str());
}

}  // namespace

// `arrow`: a (schema capsule, array capsule) pair (`stream` false) or an
// ArrowArrayStream capsule.  A list of exported struct<output, ok, errors>
// arrays, one per input array / chunk.
nb::list batch_arrow(nb::handle arrow, bool stream, const element_converter& conv, int jobs) {
  (void)thread_count(jobs, 0);  // a bad `jobs`: raise before any work
  source src;
  std::string format;
  imported owned;
  if (!stream) {
    nb::tuple pair = nb::borrow<nb::tuple>(arrow);
    if (pair.size() != 2) throw nb::type_error("expected the pair of __arrow_c_array__()");
    auto* s = static_cast<ArrowSchema*>(PyCapsule_GetPointer(pair[0].ptr(), "arrow_schema"));
    if (s == nullptr) throw nb::python_error();
    auto* a = static_cast<ArrowArray*>(PyCapsule_GetPointer(pair[1].ptr(), "arrow_array"));
    if (a == nullptr) throw nb::python_error();
    if (a->release == nullptr || s->release == nullptr) throw nb::value_error("an Arrow array already released");
    src.segments.push_back(segment_of(*s, *a, format));  // the capsules (held by `arrow`) keep it alive
  } else {
    auto* st = static_cast<ArrowArrayStream*>(PyCapsule_GetPointer(arrow.ptr(), "arrow_array_stream"));
    if (st == nullptr) throw nb::python_error();
    if (st->release == nullptr) throw nb::value_error("an Arrow stream already released");
    if (int rc = st->get_schema(st, &owned.schema)) stream_error(st, rc);
    std::string f0 = owned.schema.format ? owned.schema.format : "";
    for (;;) {
      ArrowArray a{};
      if (int rc = st->get_next(st, &a)) stream_error(st, rc);
      if (a.release == nullptr) break;
      owned.arrays.push_back(a);
    }
    for (const ArrowArray& a : owned.arrays) src.segments.push_back(segment_of(owned.schema, a, format));
    if (owned.arrays.empty()) {
      ArrowArray none{};
      (void)segment_of(owned.schema, none, format);  // the type check, for an empty stream
    }
  }

  const std::size_t n = src.size();
  const std::size_t threads = thread_count(jobs, n);
  std::vector<std::unique_ptr<node>> results;
  std::string err;
  {
    nb::gil_scoped_release unlocked;
    std::vector<part> parts = convert_all(src, conv, threads);
    name_cache names(conv);
    std::size_t b = 0;
    for (const segment& g : src.segments) {
      const std::size_t e = b + static_cast<std::size_t>(g.length);
      results.push_back(build_range(parts, b, e, format, names, err));
      if (!err.empty()) break;
      b = e;
    }
  }
  if (!err.empty()) {
    PyErr_SetString(PyExc_OverflowError, err.c_str());
    throw nb::python_error();
  }
  nb::list out;
  for (auto& r : results) out.append(exported(std::move(r)));
  return out;
}

namespace {

nb::list batch_arrow_py(nb::handle arrow, bool stream, bool unicode, int jobs, std::string_view profile,
                        PUNY_PY_FLAG_PARAMS) {
  PUNY_PY_COLLECT_FLAGS(flags);
  const config c = make_config(profile, flags);  // bad profile / flag: raise before any work
  const auto conv = idna_converter(c, unicode ? direction::to_unicode : direction::to_ascii);
  return batch_arrow(arrow, stream, *conv, jobs);
}

}  // namespace

void init_arrow(nb::module_& m) {
  nb::class_<arrow_export>(m, "_ArrowExport",
                           "Batch results built in C++ (struct<output, ok, errors>), for pyarrow.array() to "
                           "import once through the Arrow C Data Interface.")
      .def("__arrow_c_array__", &export_capsules, nb::arg("requested_schema") = nb::none());
  m.def("_batch_arrow", &batch_arrow_py, nb::arg("arrow"), nb::kw_only(), nb::arg("stream"), nb::arg("unicode"),
        nb::arg("jobs") = 1, nb::arg("profile") = "uts46", PUNY_PY_FLAG_ARGS,
        "The batch calls over Arrow capsules: a list of _ArrowExport, one per array or chunk.  Use "
        "puny.to_ascii_batch / puny.to_unicode_batch.");
}

}  // namespace puny_py
