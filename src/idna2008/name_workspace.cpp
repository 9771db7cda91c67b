// puny — heap working memory of the IDNA2008 functions, for names beyond
// max_stack_domain code points.
#include "idna2008/name_workspace.hpp"

#include <new>

namespace puny::detail::idna2008 {

bool heap_name_workspace::allocate(std::size_t capacity) noexcept {
  // A count that would overflow the byte sizes below cannot be allocated.
  if (capacity > static_cast<std::size_t>(-1) / (8 * sizeof(char32_t))) return false;
  const std::size_t scratch = nfc_buffer_size(capacity);
  text_.reset(new (std::nothrow) char32_t[capacity]);
  scratch_.reset(new (std::nothrow) char32_t[scratch]);
  labels_.reset(new (std::nothrow) label_state[capacity + 1]);
  if (!text_ || !scratch_ || !labels_) return false;
  view_ = {std::span<char32_t>(text_.get(), capacity), std::span<char32_t>(scratch_.get(), scratch),
           std::span<label_state>(labels_.get(), capacity + 1)};
  return true;
}

}  // namespace puny::detail::idna2008
