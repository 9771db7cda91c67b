// puny — one run of UTS #46 §4 Processing in working memory that is on the
// stack, or on the heap when the domain outgrows it.  Internal.
#pragma once

#include <string_view>

#include "idna/mapping.hpp"
#include "idna/process.hpp"
#include "idna/workspace.hpp"
#include "puny/idna.hpp"

namespace puny::detail {

/// Maps and processes `in`, then returns finish(workspace, processed_domain)
/// while the working memory is still alive.  Kept out of line so that the
/// stack workspace is in no frame but this one: the ASCII fast path of the
/// callers never touches it.
template <class Char, class Finish>
[[gnu::noinline]] idna_result run_pipeline(std::basic_string_view<Char> in, const idna_options& options,
                                           idna_operation operation, Finish&& finish) noexcept {
  stack_workspace stack;
  heap_workspace heap;
  workspace ws = stack.view();
  // At most three rounds: the stack; the heap sized for the mapped domain;
  // the heap sized for its normal form, should NFC have made it longer.
  // Each needed capacity is exact, so a round never asks twice.
  for (;;) {
    const mapping_result mapped = map_domain(in, options.transitional_processing, ws.domain);
    if (mapped.code != status::success) {
      idna_result r;
      r.code = mapped.code;
      r.position = mapped.position;
      return r;
    }
    std::size_t capacity = mapped.length;
    if (capacity <= ws.capacity()) {
      const processed_domain p = process_domain(ws, mapped, options, operation);
      if (p.capacity_needed == 0) return finish(ws, p);
      capacity = p.capacity_needed;
    }
    if (!heap.allocate(capacity)) {
      idna_result r;
      r.code = status::scratch_too_small;
      r.needed = capacity;
      return r;
    }
    ws = heap.view();
  }
}

}  // namespace puny::detail
