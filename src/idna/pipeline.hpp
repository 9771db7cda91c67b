// puny — one run of UTS #46 §4 Processing in working memory that is on the
// stack, or on the heap when the domain outgrows it.  Internal.
#pragma once

#include <algorithm>
#include <string_view>

#include "idna/process.hpp"
#include "idna/workspace.hpp"
#include "puny/idna.hpp"

namespace puny::detail {

/// Processes `in`, then returns finish(workspace, processed_domain) while
/// the working memory is still alive.  Kept out of line so that the stack
/// workspace is in no frame but this one: the ASCII fast path of the
/// callers never touches it.
template <class Char, class Finish>
[[gnu::noinline]] idna_result run_pipeline(std::basic_string_view<Char> in, const idna_options& options,
                                           idna_operation operation, Finish&& finish) noexcept {
  stack_workspace stack;
  heap_workspace heap;
  workspace ws = stack.view();
  // At most three rounds: the stack; the heap sized for the mapped domain;
  // the heap sized for its normal form, should NFC have made it longer.
  for (;;) {
    const processed_domain p = process_domain(in, ws, options, operation);
    if (p.code != status::success) {
      idna_result r;
      r.code = p.code;
      r.position = p.position;
      return r;
    }
    if (p.capacity_needed == 0) return finish(ws, p);
    // Every round asks for more than the last had, so the rounds end.
    const std::size_t capacity = std::max(p.capacity_needed, ws.capacity() + 1);
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
