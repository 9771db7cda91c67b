// puny — one run of UTS #46 §4 Processing in working memory that is on the
// stack, or on the heap when the domain outgrows it.  Internal.
#pragma once

#include <algorithm>
#include <span>
#include <string_view>

#include "idna/process.hpp"
#include "idna/workspace.hpp"
#include "puny/idna.hpp"

namespace puny::detail {

[[nodiscard]] inline idna_result not_processed(const processed_domain& p) noexcept {
  idna_result r;
  r.code = p.code;
  r.position = p.position;
  return r;
}

/// The rounds after the first, for a domain that outgrew the stack: heap
/// working memory of the capacity the last round asked for.  Out of line,
/// so that the common path neither constructs nor destroys a heap_workspace.
template <class Char, class Finish>
[[gnu::noinline]] idna_result run_on_heap(std::basic_string_view<Char> in, const idna_options& options,
                                          idna_operation operation, std::size_t capacity_needed,
                                          std::size_t capacity_tried, Finish&& finish,
                                          const std::span<label_facts>* facts) noexcept {
  heap_workspace heap;
  // At most two rounds here: the heap sized for the mapped domain; the heap
  // sized for its normal form, should NFC have made it longer.  Every round
  // asks for more than the last had, so the rounds end.
  for (;;) {
    const std::size_t capacity = std::max(capacity_needed, capacity_tried + 1);
    if (!heap.allocate(capacity)) {
      idna_result r;
      r.code = status::scratch_too_small;
      r.needed = capacity;
      return r;
    }
    const workspace ws = heap.view();
    const processed_domain p = process_domain(in, ws, options, operation, facts);
    if (p.code != status::success) return not_processed(p);
    if (p.capacity_needed == 0) return finish(ws, p);
    capacity_needed = p.capacity_needed;
    capacity_tried = capacity;
  }
}

/// Processes `in`, then returns finish(workspace, processed_domain) while
/// the working memory is still alive; with `facts`, the labels' facts go
/// there as far as it holds them (the display's hook, process.hpp).
/// Kept out of line so that the stack workspace is in no frame but this
/// one: the ASCII fast path of the callers never touches it.
template <class Char, class Finish>
[[gnu::noinline]] idna_result run_pipeline(std::basic_string_view<Char> in, const idna_options& options,
                                           idna_operation operation, Finish&& finish,
                                           const std::span<label_facts>* facts = nullptr) noexcept {
  stack_workspace stack;
  const workspace ws = stack.view();
  const processed_domain p = process_domain(in, ws, options, operation, facts);
  if (p.code != status::success) return not_processed(p);
  if (p.capacity_needed == 0) return finish(ws, p);
  return run_on_heap(in, options, operation, p.capacity_needed, ws.capacity(), finish, facts);
}

}  // namespace puny::detail
