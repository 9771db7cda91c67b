// puny — heap working memory for domains beyond max_stack_domain.
#include "idna/workspace.hpp"

#include <new>

namespace puny::detail {

bool heap_workspace::allocate(std::size_t capacity) noexcept {
  // A count that would overflow the byte sizes below cannot be allocated.
  if (capacity > max_capacity || capacity > (static_cast<std::size_t>(-1) / 64)) return false;
  const std::size_t scratch = nfc_buffer_size(capacity);
  const std::size_t words = punycode_words(capacity);
  domain_.reset(new (std::nothrow) char32_t[capacity]);
  scratch_.reset(new (std::nothrow) char32_t[scratch]);
  label_text_.reset(new (std::nothrow) char[capacity]);
  words_.reset(new (std::nothrow) std::uint64_t[words]);
  failed_.reset(new (std::nothrow) std::uint8_t[capacity + 1]);
  bidi_.reset(new (std::nothrow) std::uint8_t[capacity + 1]);
  label_ends_.reset(new (std::nothrow) std::uint32_t[capacity + 1]);
  if (!domain_ || !scratch_ || !label_text_ || !words_ || !failed_ || !bidi_ || !label_ends_) return false;
  view_ = {std::span<char32_t>(domain_.get(), capacity), std::span<char32_t>(scratch_.get(), scratch),
           std::span<char>(label_text_.get(), capacity), std::span<std::uint64_t>(words_.get(), words),
           std::span<std::uint8_t>(failed_.get(), capacity + 1), std::span<std::uint8_t>(bidi_.get(), capacity + 1),
           std::span<std::uint32_t>(label_ends_.get(), capacity + 1)};
  return true;
}

}  // namespace puny::detail
