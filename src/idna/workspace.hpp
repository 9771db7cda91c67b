// puny — working memory of the UTS #46 pipeline: on the stack for domains
// up to max_stack_domain code points after mapping, else from the heap
// (std::nothrow).  Internal.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>

#include "puny/idna.hpp"
#include "puny/punycode.hpp"
#include "unicode/nfc.hpp"

namespace puny::detail {

/// Views of the buffers one conversion works in.  Every size follows from
/// capacity(), the most code points the mapped (and normalized) domain may
/// have: a label is never longer than the domain, a decoded label never
/// longer than its xn-- form, and no label grows past nfc_buffer_size.
struct workspace {
  std::span<char32_t> domain;       // the mapped domain, then the processed one (in place)
  std::span<char32_t> scratch;      // NFC output, of the domain or of one decoded label
  std::span<char> label_text;       // an xn-- label's ASCII, as the Punycode decoder reads it
  std::span<std::uint64_t> words;   // Punycode scratch for labels longer than puny::inline_limit
  /// Per label: label_has_error and the other flags of process.hpp.
  std::span<std::uint8_t> failed;
  /// Per label: its B1–B6 codes, counted only if the domain is a Bidi
  /// domain name.
  std::span<std::uint8_t> bidi;
  /// Per label: one past its last code point in `domain`, so that what
  /// follows process_domain need not scan the processed domain for U+002E.
  std::span<std::uint32_t> label_ends;

  [[nodiscard]] std::size_t capacity() const noexcept { return domain.size(); }
};

[[nodiscard]] constexpr std::size_t punycode_words(std::size_t capacity) noexcept {
  return std::max(encode_scratch_words(capacity), decode_scratch_words(capacity));
}

/// The working memory of a domain up to max_stack_domain code points.
/// About 66 KiB: a caller's frame holds it only on the general path (the
/// ASCII fast path never reaches it).
class stack_workspace {
 public:
  [[nodiscard]] workspace view() noexcept {
    return {domain_, scratch_, label_text_, words_, failed_, bidi_, label_ends_};
  }

 private:
  static constexpr std::size_t capacity = max_stack_domain;
  char32_t domain_[capacity];
  char32_t scratch_[nfc_buffer_size(capacity)];
  char label_text_[capacity];
  std::uint64_t words_[punycode_words(capacity)];
  std::uint8_t failed_[capacity + 1];
  std::uint8_t bidi_[capacity + 1];
  std::uint32_t label_ends_[capacity + 1];
};

/// The same buffers from the heap, for a longer domain.
class heap_workspace {
 public:
  /// The largest capacity allocate() accepts: label_ends holds 32-bit
  /// positions.  (Its buffers would take over 100 GiB.)
  static constexpr std::size_t max_capacity = 0xFFFFFFFE;

  /// False when the heap refused, or the capacity is above max_capacity
  /// (status::scratch_too_small then).
  [[nodiscard]] bool allocate(std::size_t capacity) noexcept;
  [[nodiscard]] workspace view() noexcept { return view_; }

 private:
  std::unique_ptr<char32_t[]> domain_;
  std::unique_ptr<char32_t[]> scratch_;
  std::unique_ptr<char[]> label_text_;
  std::unique_ptr<std::uint64_t[]> words_;
  std::unique_ptr<std::uint8_t[]> failed_;
  std::unique_ptr<std::uint8_t[]> bidi_;
  std::unique_ptr<std::uint32_t[]> label_ends_;
  workspace view_;
};

}  // namespace puny::detail
