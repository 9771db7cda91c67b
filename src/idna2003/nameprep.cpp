// puny — Nameprep (RFC 3491), the Stringprep (RFC 3454) profile of
// IDNA2003, over Unicode 3.2: map (B.1, B.2), normalize (NFKC), prohibit
// (C.1.2, C.2.2, C.3-C.9), check Bidi (RFC 3454 §6) and unassigned code
// points (A.1).
//
// Where the RFC checks the prepared string, puny checks the label as given
// wherever that gives the same verdict, so that an error names the code
// point the caller wrote (`offset` counts code points of the label as
// given): a prohibited, C.8 or unassigned code point in the output always
// comes from one input code point whose mapped, decomposed form holds it,
// and composition neither makes nor consumes such code points
// (tools/gen_idna2003_tables.py asserts these facts of the data).  The
// Bidi rules 2 and 3 are about the prepared label as a whole (offset 0):
// composition can change its first or last character (U+0627 U+0653 is
// U+0622).
//
// Most labels are already their own Nameprep: one lookup per code point
// (the UAX #15 §9 NFKC quick check, with B.1/B.2 membership added) finds
// them, and only the others are mapped and normalized, into working memory
// (no heap below 4,096 code points of decomposed text).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <span>
#include <string>
#include <string_view>

#include "idna2003/nfkc32.hpp"
#include "idna2003/stringprep_tables.hpp"
#include "puny/idna2003.hpp"
#include "puny/utf8.hpp"

namespace puny::idna2003 {
namespace {

using detail::stringprep::record;

/// Working memory: on the stack while it fits, else from the heap
/// (std::nothrow; a refusal becomes status::scratch_too_small).  The
/// stack part holds the NFKC work of a label whose compatibility
/// decomposition has up to 4,096 code points (nfkc_buffer_size: 1.5 slots
/// per code point), far beyond the 63 of a DNS label.
class working_memory {
 public:
  working_memory() noexcept {}  // the stack part stays uninitialized
  working_memory(const working_memory&) = delete;
  working_memory& operator=(const working_memory&) = delete;

  /// n code points that do not overlap any taken before, or nullptr.
  [[nodiscard]] char32_t* take(std::size_t n) noexcept {
    if (n <= stack_capacity - used_) {
      char32_t* const p = stack_ + used_;
      used_ += n;
      return p;
    }
    std::unique_ptr<char32_t[]>& slot = heap_[0] ? heap_[1] : heap_[0];
    if (slot) return nullptr;  // at most two blocks are ever taken
    slot.reset(new (std::nothrow) char32_t[n]);
    return slot.get();
  }

 private:
  static constexpr std::size_t stack_capacity = 6144;
  char32_t stack_[stack_capacity];
  std::size_t used_ = 0;
  std::unique_ptr<char32_t[]> heap_[2];
};

/// Nameprep's verdict, and the prepared label when there is no error (it
/// points into the input or into the working memory).
struct prepared {
  result r;
  std::u32string_view text;
};

constexpr std::size_t none = static_cast<std::size_t>(-1);

void fail_at(result& r, error e, std::size_t offset, char32_t cp) noexcept {
  // The first rule in RFC 3454's order that names a code point locates the
  // failure; a later one only adds its code.
  if (r.errors.empty() || (r.offset == 0 && r.code_point == 0)) {
    r.offset = offset;
    r.code_point = cp;
  }
  r.errors.insert(e);
  r.label = 0;
}

/// Bidi (RFC 3454 §6 rules 2 and 3) of a prepared label that holds a
/// RandALCat code point.
void check_bidi(std::u32string_view text, result& r) noexcept {
  if (text.empty()) return;
  if (std::any_of(text.begin(), text.end(), [](char32_t c) { return record(c).lcat(); })) {
    r.errors.insert(error::bidi_both_l_and_ral);
    r.label = 0;
  }
  if (!record(text.front()).randalcat() || !record(text.back()).randalcat()) {
    r.errors.insert(error::bidi_ral_not_first_last);
    r.label = 0;
  }
}

/// Steps 1 (B.1, B.2) and 2 (NFKC) into working memory: the mapped text is
/// decomposed as it is written, then ordered and composed.  Empty text
/// and false when the memory was refused.
bool map_and_normalize(std::u32string_view label, composition mode, working_memory& memory,
                       std::u32string_view& text) noexcept {
  std::size_t decomposed = 0;
  char32_t mapping[detail::tables::nameprep_max_mapping_length];
  for (const char32_t cp : label) {
    const record r(cp);
    if (!r.mapped()) {
      decomposed += r.decomposed_length(cp);
      continue;
    }
    const std::size_t n = r.write_mapping(cp, mapping);
    for (std::size_t k = 0; k < n; ++k) decomposed += record(mapping[k]).decomposed_length(mapping[k]);
  }
  char32_t* const buffer = memory.take(detail::stringprep::nfkc_buffer_size(decomposed));
  if (buffer == nullptr) return false;
  std::size_t length = 0;
  for (const char32_t cp : label) {
    const record r(cp);
    if (!r.mapped()) {
      length += r.write_decomposition(cp, buffer + length);
      continue;
    }
    const std::size_t n = r.write_mapping(cp, mapping);
    for (std::size_t k = 0; k < n; ++k) length += record(mapping[k]).write_decomposition(mapping[k], buffer + length);
  }
  length = detail::stringprep::compose_decomposed(buffer, length, buffer + length, mode);
  text = std::u32string_view(buffer, length);
  return true;
}

prepared prepare(std::u32string_view label, const options& o, working_memory& memory) noexcept {
  prepared p;
  // One lookup per code point decides whether steps 1-2 change anything
  // (the UAX #15 §9 quick check, with "mapped" added) and does steps 3, 4
  // (C.8) and 5 on the label as given (see the file comment).
  bool changes = false;
  bool randalcat = false;
  std::uint8_t last_class = 0;
  std::size_t prohibited_at = none;
  std::size_t bidi_prohibited_at = none;
  std::size_t unassigned_at = none;
  for (std::size_t i = 0; i < label.size(); ++i) {
    const char32_t cp = label[i];
    if (cp > 0x10FFFF) {
      p.r.code = status::invalid_code_point;
      p.r.position = i;
      return p;
    }
    const record r(cp);
    const std::uint8_t ccc = r.ccc();
    if (ccc != 0 && ccc < last_class) changes = true;  // not in canonical order
    last_class = ccc;
    if (r.plain()) continue;
    changes = changes || r.changes_in_nfkc();
    if (r.prohibited_out() && prohibited_at == none) prohibited_at = i;
    if (r.bidi_prohibited_out() && bidi_prohibited_at == none) bidi_prohibited_at = i;
    if (r.unassigned() && unassigned_at == none && !o.allow_unassigned) unassigned_at = i;
    randalcat = randalcat || r.randalcat_out();
  }
  p.text = label;
  if (changes && !map_and_normalize(label, o.nfkc, memory, p.text)) {
    p.r.code = status::scratch_too_small;
    p.text = {};
    return p;
  }
  // Step 3: RFC 3491 §5.
  if (prohibited_at != none) fail_at(p.r, error::prohibited, prohibited_at, label[prohibited_at]);
  // Step 4: RFC 3454 §6 rule 1 on the label as given, rules 2 and 3 on the
  // prepared label, and only when it holds a RandALCat code point.
  if (bidi_prohibited_at != none) {
    fail_at(p.r, error::bidi_prohibited, bidi_prohibited_at, label[bidi_prohibited_at]);
  }
  if (randalcat) check_bidi(p.text, p.r);
  // Step 5: RFC 3491 §7 (A.1 code points are their own Nameprep).
  if (unassigned_at != none) fail_at(p.r, error::unassigned, unassigned_at, label[unassigned_at]);
  return p;
}

std::size_t utf8_length(std::u32string_view text) noexcept {
  std::size_t n = 0;
  for (const char32_t c : text) n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  return n;
}

/// Nameprep of a UTF-8 label; the prepared text is UTF-32 in `memory`.
prepared prepare_utf8(std::string_view label, const options& o, working_memory& memory) noexcept {
  prepared p;
  char32_t* const decoded = memory.take(label.size());
  if (decoded == nullptr) {
    p.r.code = status::scratch_too_small;
    return p;
  }
  const puny::result d = utf8_to_utf32(std::span<const char>(label.data(), label.size()),
                                       std::span<char32_t>(decoded, label.size()));
  if (d.code != status::success) {
    p.r.code = d.code;
    p.r.position = d.position;
    return p;
  }
  return prepare(std::u32string_view(decoded, d.written), o, memory);
}

}  // namespace

result nameprep(std::u32string_view label, std::span<char32_t> out, const options& o) noexcept {
  working_memory memory;
  prepared p = prepare(label, o, memory);
  if (!p.r.ok()) return p.r;
  if (out.size() < p.text.size()) {
    p.r.code = status::output_too_small;
    p.r.needed = p.text.size();
    return p.r;
  }
  std::copy(p.text.begin(), p.text.end(), out.begin());
  p.r.written = p.text.size();
  return p.r;
}

result nameprep(std::string_view label, std::span<char> out, const options& o) noexcept {
  working_memory memory;
  prepared p = prepare_utf8(label, o, memory);
  if (!p.r.ok()) return p.r;
  const std::size_t bytes = utf8_length(p.text);
  if (out.size() < bytes) {
    p.r.code = status::output_too_small;
    p.r.needed = bytes;
    return p.r;
  }
  // The prepared text holds scalar values only: C.5 (surrogates) is
  // prohibited and the input was well-formed UTF-8.
  p.r.written = utf32_to_utf8(std::span<const char32_t>(p.text.data(), p.text.size()), out).written;
  return p.r;
}

converted<std::string> nameprep(std::string_view label, const options& o) {
  converted<std::string> c;
  {
    working_memory memory;
    const prepared p = prepare_utf8(label, o, memory);
    c.code = p.r.code;
    c.errors = p.r.errors;
    c.position = p.r.position;
    c.label = p.r.label;
    c.offset = p.r.offset;
    c.code_point = p.r.code_point;
    if (!p.r.ok()) return c;
    c.value.resize(utf8_length(p.text));
    (void)utf32_to_utf8(std::span<const char32_t>(p.text.data(), p.text.size()),
                        std::span<char>(c.value.data(), c.value.size()));
  }
  return c;
}

}  // namespace puny::idna2003
