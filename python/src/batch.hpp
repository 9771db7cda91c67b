// puny._puny — the batch engine shared by the list path (batch.cpp) and the
// Arrow path (arrow.cpp): many inputs, one per-element converter, `jobs`
// threads over contiguous ranges, outputs appended to one growing buffer per
// thread, a compact verdict per element.  Nothing here makes a Python
// object, so it runs with the GIL released; a later batch operation (display,
// skeleton) plugs in its own element_converter and reuses the rest.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <span>
#include <string_view>
#include <system_error>
#include <thread>
#include <unordered_map>
#include <vector>

#include "common.hpp"

namespace puny_py {

// ---------------------------------------------------------------------------
// Inputs.

/// One element of a list input, read under the GIL before the work starts.
struct list_item {
  enum kind_t : std::uint8_t { utf8, null, not_a_string, wide };
  kind_t kind = null;
  std::string_view s;          ///< with utf8: the str's UTF-8 (kept alive by the caller)
  const text* t = nullptr;     ///< with wide: the code points (lone surrogates)
};

/// A run of inputs: an Arrow string array (any of the three layouts, with
/// its offset and validity), or list items.  Read, never copied.
struct segment {
  enum kind_t : std::uint8_t { offsets32, offsets64, views, all_null, items } kind = items;
  std::int64_t length = 0;
  std::int64_t offset = 0;                 ///< Arrow array offset (in elements)
  const std::uint8_t* validity = nullptr;  ///< Arrow validity bitmap (nullptr: no nulls)
  const void* offsets = nullptr;           ///< int32 / int64 offsets, or 16-byte views
  const char* data = nullptr;              ///< the string bytes (offsets layouts)
  const char* const* view_data = nullptr;  ///< the variadic buffers (views layout)
  std::int64_t view_buffers = 0;
  const list_item* list = nullptr;         ///< with items
};

/// All the inputs of a call, in order: one segment per Arrow chunk, or one
/// for a list.
struct source {
  std::vector<segment> segments;
  std::size_t size() const noexcept {
    std::size_t n = 0;
    for (const auto& s : segments) n += static_cast<std::size_t>(s.length);
    return n;
  }
};

// ---------------------------------------------------------------------------
// One element.

/// What the converter of one element reports; the output went to the span.
struct step {
  puny::status code = puny::status::success;
  std::uint32_t errors = 0;
  std::size_t written = 0;
  std::size_t needed = 0;  ///< with output_too_small: room that is enough
  bool out_of_memory = false;
  bool keep = false;  ///< not ok, but the output written stands (ToUnicode: it always has one)
  bool ok() const noexcept { return !out_of_memory && code == puny::status::success && errors == 0; }
};

/// The verdict kept per element (8 bytes).
struct verdict {
  enum kind_t : std::uint8_t { ok, failed, null, not_a_string, out_of_memory };
  kind_t kind = ok;
  puny::status code = puny::status::success;
  bool output = false;  ///< the element has an output (ok, or a ToUnicode that flagged the name)
  std::uint32_t errors = 0;
  /// One number per distinct verdict, to cache its code names.
  std::uint64_t key() const noexcept {
    return (std::uint64_t{kind} << 40) | (std::uint64_t{static_cast<std::uint8_t>(code)} << 32) | errors;
  }
};

/// A per-element operation.  `utf8` writes the output of `in` into `out`
/// (or says output_too_small and how much it needs); `wide` does the same for
/// a str with lone surrogates (list inputs only); `names` appends the code
/// names of a failed verdict (kinds failed; the engine names the others).
struct element_converter {
  virtual ~element_converter() = default;
  virtual step utf8(std::string_view in, std::span<char> out) const noexcept = 0;
  virtual step wide(const text& in, std::span<char> out) const noexcept = 0;
  virtual void names(const verdict& v, std::vector<std::string_view>& out) const = 0;
};

/// The converter of to_ascii / to_unicode under a config.
std::unique_ptr<element_converter> idna_converter(const config& c, direction d);

// ---------------------------------------------------------------------------
// Outputs.

/// A byte buffer that grows geometrically and hands its memory over (to an
/// Arrow release callback) with release(); malloc'd so that free() frees it.
class out_buffer {
 public:
  out_buffer() = default;
  out_buffer(const out_buffer&) = delete;
  out_buffer& operator=(const out_buffer&) = delete;
  out_buffer(out_buffer&& o) noexcept : p_(o.p_), size_(o.size_), cap_(o.cap_) { o.p_ = nullptr, o.size_ = o.cap_ = 0; }
  ~out_buffer() { std::free(p_); }
  /// Room for `more` bytes past size(); false when the memory is refused.
  bool reserve_more(std::size_t more) noexcept;
  char* data() noexcept { return p_; }
  const char* data() const noexcept { return p_; }
  std::size_t size() const noexcept { return size_; }
  std::size_t room() const noexcept { return cap_ - size_; }
  void grow_by(std::size_t n) noexcept { size_ += n; }
  char* release() noexcept {
    char* p = p_;
    p_ = nullptr, size_ = cap_ = 0;
    return p;
  }

 private:
  char* p_ = nullptr;
  std::size_t size_ = 0, cap_ = 0;
};

/// What one thread produced for the inputs [begin, end).
struct part {
  std::size_t begin = 0, end = 0;
  out_buffer data;                 ///< the outputs, back to back
  std::vector<std::uint64_t> ends; ///< end of element i's output in data (begin of it: ends[i - 1], or 0)
  std::vector<verdict> verdicts;
};

/// Runs `conv` over every input of `src` on `threads` threads (the calling
/// one included), each over a contiguous range; the parts come back in
/// order.  Needs no GIL; throws std::bad_alloc only before the threads start.
std::vector<part> convert_all(const source& src, const element_converter& conv, std::size_t threads);

/// Threads for `jobs` (0: one per core) and `n` elements; ValueError for
/// a negative `jobs`.
std::size_t thread_count(int jobs, std::size_t n);

/// Runs task(0) on the calling thread and task(1) ... task(count - 1) on
/// threads of their own, and returns when all are done.  A thread that
/// cannot be started (std::system_error) has its task run by the caller
/// instead.  `task` must not throw; needs no GIL.
template <class Task>
void run_tasks(std::size_t count, Task task) {
  std::vector<std::thread> pool;
  pool.reserve(count > 0 ? count - 1 : 0);
  std::vector<std::size_t> inline_tasks;
  for (std::size_t t = 1; t < count; ++t) {
    try {
      pool.emplace_back(task, t);
    } catch (const std::system_error&) {
      inline_tasks.push_back(t);
    }
  }
  if (count > 0) task(std::size_t{0});
  for (std::size_t t : inline_tasks) task(t);
  for (auto& th : pool) th.join();
}

/// A batch call over a list or any iterable with `conv`: (outputs, ok,
/// errors) as three lists (None: no output; () when ok; ("null",) for None;
/// ("not_a_string",) for a non-str).  ValueError for a negative `jobs`.
nb::tuple batch_list(nb::handle names, const element_converter& conv, int jobs);

/// A batch call over Arrow input with `conv`: `arrow` is the pair of
/// __arrow_c_array__() (`stream` false) or the capsule of
/// __arrow_c_stream__(); a list of _ArrowExport objects, one per array /
/// chunk, each a struct<output, ok, errors> for pyarrow.array() (arrow.cpp).
nb::list batch_arrow(nb::handle arrow, bool stream, const element_converter& conv, int jobs);

/// Code names of verdicts, each distinct verdict named once.
class name_cache {
 public:
  explicit name_cache(const element_converter& conv) : conv_(conv) {}
  const std::vector<std::string_view>& operator()(const verdict& v);

 private:
  const element_converter& conv_;
  std::unordered_map<std::uint64_t, std::vector<std::string_view>> names_;
};

}  // namespace puny_py
