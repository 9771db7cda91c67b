// puny — NFKC over the Unicode 3.2 data of Nameprep (RFC 3491 §4): full
// compatibility decomposition, canonical ordering, canonical composition;
// no heap, O(n log n) however long a run of combining marks is.
#include "idna2003/nfkc32.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>

#include "idna2003/stringprep_tables.hpp"

namespace puny::detail::stringprep {

namespace {

// The sort of a run of non-starters follows src/unicode/nfc.cpp: runs up
// to this length are insertion-sorted, longer ones merge-sorted, so that a
// hostile run of 100,000 marks stays O(n log n).
constexpr std::size_t insertion_sort_limit = 32;

// While a run is sorted each element carries its combining class above the
// 21 bits of the code point, so that comparisons need no lookups.  Only
// scalar values are ever non-starters (anything above U+10FFFF reads as
// U+10FFFF, class 0), so the tag never meets a wider value.
constexpr unsigned ccc_tag_shift = 24;
constexpr char32_t code_point_mask = (char32_t{1} << ccc_tag_shift) - 1;

constexpr char32_t sort_key(char32_t tagged) noexcept { return tagged >> ccc_tag_shift; }

void insertion_sort(char32_t* run, std::size_t length) noexcept {
  for (std::size_t i = 1; i < length; ++i) {
    const char32_t value = run[i];
    std::size_t j = i;
    // Strictly greater only: the Canonical Ordering Algorithm (Unicode
    // §3.11 D109) never swaps equal classes, so the sort must be stable.
    for (; j > 0 && sort_key(run[j - 1]) > sort_key(value); --j) run[j] = run[j - 1];
    run[j] = value;
  }
}

/// Stable merge of the sorted [run, run + left) and [run + left, run +
/// length), buffering the shorter side in scratch.
void merge(char32_t* run, std::size_t left, std::size_t length, char32_t* scratch) noexcept {
  const std::size_t right = length - left;
  if (sort_key(run[left - 1]) <= sort_key(run[left])) return;
  if (left <= right) {
    std::copy(run, run + left, scratch);
    std::size_t a = 0;
    std::size_t b = left;
    std::size_t to = 0;
    while (a < left && b < length) run[to++] = sort_key(run[b]) < sort_key(scratch[a]) ? run[b++] : scratch[a++];
    while (a < left) run[to++] = scratch[a++];
  } else {
    std::copy(run + left, run + length, scratch);
    std::size_t a = left;
    std::size_t b = right;
    std::size_t to = length;
    while (a > 0 && b > 0) run[--to] = sort_key(scratch[b - 1]) < sort_key(run[a - 1]) ? run[--a] : scratch[--b];
    while (b > 0) run[--to] = scratch[--b];
  }
}

/// Stable sort by combining class; scratch holds length / 2 elements.
void sort_run(char32_t* run, std::size_t length, char32_t* scratch) noexcept {
  if (length <= insertion_sort_limit) {
    insertion_sort(run, length);
    return;
  }
  for (std::size_t start = 0; start < length; start += insertion_sort_limit) {
    insertion_sort(run + start, std::min(insertion_sort_limit, length - start));
  }
  for (std::size_t width = insertion_sort_limit; width < length; width *= 2) {
    for (std::size_t start = 0; start + width < length; start += 2 * width) {
      merge(run + start, width, std::min(2 * width, length - start), scratch);
    }
  }
}

/// Canonical Ordering Algorithm (Unicode §3.11 D109): each maximal run of
/// non-starters sorted stably by combining class.
void canonical_order(char32_t* text, std::size_t length, char32_t* scratch) noexcept {
  std::size_t i = 0;
  while (i < length) {
    std::uint8_t ccc = record(text[i]).ccc();
    if (ccc == 0) {
      ++i;
      continue;
    }
    const std::size_t start = i;
    bool sorted = true;
    std::uint8_t previous = 0;
    do {
      sorted = sorted && previous <= ccc;
      previous = ccc;
      text[i] |= char32_t{ccc} << ccc_tag_shift;
      ++i;
    } while (i < length && (ccc = record(text[i]).ccc()) != 0);
    if (!sorted) sort_run(text + start, i - start, scratch);
    for (std::size_t j = start; j < i; ++j) text[j] &= code_point_mask;
  }
}

/// Canonical Composition Algorithm (Unicode §3.11 D117), in place.
/// `last_class` is the class of the last character kept since the current
/// starter, 0 when nothing sits between them.  Text in canonical order
/// keeps the marks after a starter in ascending class, so "some
/// intervening character has a class >= the candidate's" (UAX #15 D2', as
/// corrected after PRI #29) reduces to comparing with the last one, and
/// "some intervening character has the same class" (the Unicode 3.2 text
/// of D2, which libidn keeps) to inequality: the two differ only when the
/// candidate is itself a starter (U+1100 U+0300 U+1161).
std::size_t compose(char32_t* text, std::size_t length, idna2003::composition mode) noexcept {
  if (length == 0) return 0;
  constexpr unsigned no_starter = 256;  // before the first starter nothing composes
  const bool corrected = mode == idna2003::composition::corrected;
  std::size_t starter = 0;
  unsigned last_class = record(text[0]).ccc() == 0 ? 0 : no_starter;
  std::size_t written = 1;
  for (std::size_t i = 1; i < length; ++i) {
    const char32_t cp = text[i];
    const record r(cp);
    const unsigned ccc = r.ccc();
    if (r.composes_second() && last_class != no_starter &&
        (last_class == 0 || (corrected ? last_class < ccc : last_class != ccc))) {
      const char32_t composite = primary_composite(text[starter], cp);
      if (composite != 0) {
        text[starter] = composite;
        continue;
      }
    }
    if (ccc == 0) starter = written;
    if (last_class != no_starter || ccc == 0) last_class = ccc;
    text[written++] = cp;
  }
  return written;
}

}  // namespace

char32_t primary_composite(char32_t a, char32_t b) noexcept {
  using namespace hangul;
  if (a - l_base < l_count && b - v_base < v_count) return s_base + ((a - l_base) * v_count + (b - v_base)) * t_count;
  if (a - s_base < s_count && (a - s_base) % t_count == 0 && b - t_base - 1 < t_count - 1) return a + (b - t_base);
  const auto* const first = std::begin(tables::nameprep_compositions);
  const auto* const last = std::end(tables::nameprep_compositions);
  const auto* const found = std::lower_bound(first, last, a, [b](const tables::nameprep_composition& c, char32_t x) {
    return c.first < x || (c.first == x && c.second < b);
  });
  return found != last && found->first == a && found->second == b ? found->composite : 0;
}

std::size_t decomposed_length(std::u32string_view in) noexcept {
  std::size_t n = 0;
  for (const char32_t cp : in) n += record(cp).decomposed_length(cp);
  return n;
}

std::size_t compose_decomposed(char32_t* text, std::size_t length, char32_t* scratch,
                               idna2003::composition mode) noexcept {
  canonical_order(text, length, scratch);
  return compose(text, length, mode);
}

std::size_t to_nfkc(std::u32string_view in, std::span<char32_t> out, idna2003::composition mode) noexcept {
  const std::size_t decomposed = decomposed_length(in);
  if (out.size() < nfkc_buffer_size(decomposed)) return 0;
  char32_t* const text = out.data();
  std::size_t length = 0;
  for (const char32_t cp : in) length += record(cp).write_decomposition(cp, text + length);
  return compose_decomposed(text, length, text + length, mode);
}

}  // namespace puny::detail::stringprep
