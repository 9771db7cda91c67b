// puny — working memory of the IDNA2008 functions: on the stack for names
// up to max_stack_domain code points, else from the heap (std::nothrow).
// Internal.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>

#include "puny/idna.hpp"
#include "unicode/nfc.hpp"

namespace puny::detail::idna2008 {

/// What a name remembers of each label between its passes.  Trivial, so
/// that the stack workspace costs nothing until a label is written.
struct label_state {
  std::uint8_t flags;  ///< label_state::failed | decoded | opaque | bidi_pending
  std::uint8_t bidi;   ///< its BIDI_n codes (label_checks.hpp bidi_codes), unless bidi_pending

  static constexpr std::uint8_t failed = 1;        ///< some rule failed: ToUnicode writes it as given
  static constexpr std::uint8_t decoded = 2;       ///< an XN-label decoded: its Unicode form differs from the input
  static constexpr std::uint8_t opaque = 4;        ///< no Unicode form (an xn-- label not decoded): no Bidi rule
  static constexpr std::uint8_t bidi_pending = 8;  ///< an ASCII label: its Bidi codes are computed if the name needs them
};

/// Views of the buffers one call works in.  A label's Unicode form is
/// never longer than the label (a decoded A-label is shorter than its
/// Punycode), so the Unicode form of the whole name fits `text` when that
/// holds as many code points as the input has.
struct name_workspace {
  std::span<char32_t> text;        ///< the labels' Unicode forms, separated by U+002E
  std::span<char32_t> scratch;     ///< NFC of one label (is_nfc), nfc_buffer_size(capacity)
  std::span<label_state> labels;   ///< one per label: capacity + 1
  [[nodiscard]] std::size_t capacity() const noexcept { return text.size(); }
};

/// The working memory of a name up to max_stack_domain code points, about
/// 34 KiB, uninitialized until used.
class stack_name_workspace {
 public:
  [[nodiscard]] name_workspace view() noexcept { return {text_, scratch_, labels_}; }

 private:
  static constexpr std::size_t capacity = max_stack_domain;
  char32_t text_[capacity];
  char32_t scratch_[nfc_buffer_size(capacity)];
  label_state labels_[capacity + 1];
};

/// The same buffers from the heap, for a longer name.
class heap_name_workspace {
 public:
  /// False when the heap refused (status::scratch_too_small then).
  [[nodiscard]] bool allocate(std::size_t capacity) noexcept;
  [[nodiscard]] name_workspace view() const noexcept { return view_; }

 private:
  std::unique_ptr<char32_t[]> text_;
  std::unique_ptr<char32_t[]> scratch_;
  std::unique_ptr<label_state[]> labels_;
  name_workspace view_;
};

/// Runs work(workspace) with working memory for `capacity` code points:
/// the stack when that is enough, else the heap; status::scratch_too_small
/// (with `needed` the capacity) when the heap refuses.  Out of line, so
/// that callers' frames do not hold the stack buffers.
template <class Result, class Work>
[[gnu::noinline]] Result with_name_workspace(std::size_t capacity, Work&& work) noexcept {
  if (capacity <= max_stack_domain) {
    stack_name_workspace stack;
    return work(stack.view());
  }
  heap_name_workspace heap;
  if (!heap.allocate(capacity)) {
    Result r;
    r.code = status::scratch_too_small;
    r.needed = capacity;
    return r;
  }
  return work(heap.view());
}

}  // namespace puny::detail::idna2008
