// puny — whether two strings are confusable (UTS #39 §4), and how, with the
// bits of ICU's uspoof_areConfusable: equal skeletons; single-script when
// the resolved script sets intersect, else mixed-script, and whole-script
// too when neither resolved set is empty.
#include <array>
#include <cstddef>
#include <memory>
#include <new>
#include <span>
#include <string_view>

#include "puny/security.hpp"

namespace puny {

namespace {

// Stack room for one skeleton (two are needed): 4 KiB of UTF-8 or 4 KiB of
// UTF-32, enough for any label and most names.
constexpr std::size_t confusable_inline_utf8 = 4096;
constexpr std::size_t confusable_inline_utf32 = 1024;

/// Room for a skeleton: on the stack when it is short, else from the heap
/// (std::nothrow; empty when that fails).
template <class Unit, std::size_t InlineSize>
class skeleton_buffer {
 public:
  static constexpr std::size_t inline_size = InlineSize;
  std::span<Unit> get(std::size_t n) noexcept {
    if (n <= inline_size) return {inline_.data(), n};
    heap_.reset(new (std::nothrow) Unit[n]);
    return heap_ ? std::span<Unit>(heap_.get(), n) : std::span<Unit>();
  }

 private:
  std::array<Unit, InlineSize> inline_;
  std::unique_ptr<Unit[]> heap_;
};

/// skeleton(text) into `buffer`, on the stack when it fits; false when the
/// input is ill-formed or no memory could be had.
template <class Text, class Buffer, class View>
bool skeleton_into(Text text, Buffer& buffer, View& out) noexcept {
  auto room = buffer.get(Buffer::inline_size);
  result r = skeleton(text, room);
  if (r.code == status::output_too_small) {
    room = buffer.get(r.needed);
    if (room.size() != r.needed) return false;
    r = skeleton(text, room);
  }
  if (!r.ok()) return false;
  out = View(room.data(), r.written);
  return true;
}

template <class Unit, std::size_t InlineSize>
confusability compare(std::basic_string_view<Unit> a, std::basic_string_view<Unit> b) noexcept {
  confusability c;
  skeleton_buffer<Unit, InlineSize> buffer_a;
  skeleton_buffer<Unit, InlineSize> buffer_b;
  std::basic_string_view<Unit> sa;
  std::basic_string_view<Unit> sb;
  if (!skeleton_into(a, buffer_a, sa) || !skeleton_into(b, buffer_b, sb) || sa != sb) return c;
  c.confusable = true;
  const script_set ra = resolved_script_set(a);
  const script_set rb = resolved_script_set(b);
  if (!(ra & rb).empty()) {
    c.single_script = true;
  } else {
    c.mixed_script = true;
    c.whole_script = !ra.empty() && !rb.empty();
  }
  return c;
}

}  // namespace

confusability confusable(std::string_view a, std::string_view b) noexcept {
  return compare<char, confusable_inline_utf8>(a, b);
}

confusability confusable(std::u32string_view a, std::u32string_view b) noexcept {
  return compare<char32_t, confusable_inline_utf32>(a, b);
}

}  // namespace puny
