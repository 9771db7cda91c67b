// puny — the C API's batch calls (puny.h "Batches"): names given as one
// buffer and offsets (the layout of an Arrow string column, of a file read
// in one piece), converted through <puny/batch.hpp> a block of names at a
// time so that no heap is needed for the views and items in between.
#include <algorithm>
#include <cstddef>
#include <span>
#include <string_view>

#include "c_api_support.hpp"
#include "puny/batch.hpp"
#include "puny/puny.h"

namespace {

using namespace puny::c_api;

// Names per block: the views and items of a block live on the stack.
constexpr std::size_t block = 128;

[[nodiscard]] int item_status(const puny::batch_item& item) noexcept {
  if (item.code != puny::status::success) return static_cast<int>(item.code);
  return item.errors.empty() ? PUNY_OK : PUNY_IDNA_ERRORS;
}

template <class Convert>
int batch_call(const char* data, const std::size_t* offsets, std::size_t count, puny_options options, char* out,
               std::size_t out_cap, puny_batch_item* items, puny_batch_result* result, Convert convert) noexcept {
  puny_batch_result total{};
  const auto finish_with = [&](int status) noexcept {
    if (result != nullptr) *result = total;
    return status;
  };
  if ((options & ~known_options) != 0 || bad_buffer(out, out_cap) || (count != 0 && (offsets == nullptr || items == nullptr))) {
    return finish_with(PUNY_INVALID_ARGUMENT);
  }
  if (count != 0) {
    for (std::size_t i = 0; i < count; ++i) {
      if (offsets[i + 1] < offsets[i]) return finish_with(PUNY_INVALID_ARGUMENT);
    }
    if (bad_buffer(data, offsets[count] - offsets[0])) return finish_with(PUNY_INVALID_ARGUMENT);
  }
  const puny::idna_options o = from_bits(options);
  const std::span<char> output = span_of(out, out_cap);
  std::string_view names[block];
  puny::batch_item converted[block];
  while (total.done < count) {
    const std::size_t first = total.done;
    const std::size_t n = std::min(block, count - first);
    for (std::size_t i = 0; i < n; ++i) {
      names[i] = view(data + offsets[first + i], offsets[first + i + 1] - offsets[first + i]);
    }
    const puny::batch_result r =
        convert(std::span<const std::string_view>(names, n), output.subspan(total.written), std::span(converted, n), o);
    for (std::size_t i = 0; i < r.done; ++i) {
      const puny::batch_item& c = converted[i];
      items[first + i] = puny_batch_item{item_status(c), c.errors.bits(), total.written + c.offset, c.size,
                                         c.position, c.label};
    }
    total.done += r.done;
    total.written += r.written;
    total.failed += r.failed;
    if (r.done < n) {
      total.needed = r.needed;
      return finish_with(PUNY_OUTPUT_TOO_SMALL);
    }
  }
  return finish_with(PUNY_OK);
}

}  // namespace

extern "C" {

int puny_to_ascii_batch(const char* data, const size_t* offsets, size_t count, puny_options options, char* out,
                        size_t out_cap, puny_batch_item* items, puny_batch_result* result) noexcept {
  return batch_call(data, offsets, count, options, out, out_cap, items, result,
                    [](std::span<const std::string_view> n, std::span<char> o, std::span<puny::batch_item> i,
                       const puny::idna_options& opt) noexcept { return puny::to_ascii_batch(n, o, i, opt); });
}

int puny_to_unicode_batch(const char* data, const size_t* offsets, size_t count, puny_options options, char* out,
                          size_t out_cap, puny_batch_item* items, puny_batch_result* result) noexcept {
  return batch_call(data, offsets, count, options, out, out_cap, items, result,
                    [](std::span<const std::string_view> n, std::span<char> o, std::span<puny::batch_item> i,
                       const puny::idna_options& opt) noexcept { return puny::to_unicode_batch(n, o, i, opt); });
}

}  // extern "C"
