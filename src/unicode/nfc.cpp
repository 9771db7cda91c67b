// puny — Normalization Form C (UAX #15): full canonical decomposition,
// canonical ordering, canonical composition; no heap, O(n log n).
#include "unicode/nfc.hpp"

#include <cstddef>
#include <cstdint>
#include <algorithm>

#include "unicode/decomposition.hpp"
#include "unicode/idna_record.hpp"
#include "unicode/ucd.hpp"

namespace puny::detail {

namespace {

using hangul::l_base;
using hangul::l_count;
using hangul::s_base;
using hangul::s_count;
using hangul::t_base;
using hangul::t_count;
using hangul::v_base;
using hangul::v_count;

// Runs of non-starters up to this length are insertion-sorted; longer
// ones are merge-sorted so that a hostile run stays O(n log n).
constexpr std::size_t insertion_sort_limit = 32;

// While a run of non-starters is sorted, each element carries its
// combining class above the 21 bits of the code point, so that comparisons
// need no table lookups.  Only scalar values (which fit 21 bits) are ever
// non-starters: everything else passes through with ccc 0.
constexpr unsigned ccc_tag_shift = 24;
constexpr char32_t code_point_mask = (char32_t{1} << ccc_tag_shift) - 1;

constexpr char32_t sort_key(char32_t tagged) noexcept { return tagged >> ccc_tag_shift; }

void insertion_sort(char32_t* run, std::size_t length) noexcept {
  for (std::size_t i = 1; i < length; ++i) {
    const char32_t value = run[i];
    std::size_t j = i;
    // Strict comparison keeps equal classes in order: the Canonical
    // Ordering Algorithm (Unicode §3.11 D109) only swaps c1 c2 when
    // ccc(c1) > ccc(c2), which is a stable sort.
    for (; j > 0 && sort_key(run[j - 1]) > sort_key(value); --j) run[j] = run[j - 1];
    run[j] = value;
  }
}

/// Stable merge of the sorted ranges [run, run + left) and
/// [run + left, run + length), buffering the shorter one in scratch, which
/// must hold min(left, length - left) elements.
void merge(char32_t* run, std::size_t left, std::size_t length, char32_t* scratch) noexcept {
  const std::size_t right = length - left;
  if (sort_key(run[left - 1]) <= sort_key(run[left])) return;  // already in order
  if (left <= right) {
    for (std::size_t i = 0; i < left; ++i) scratch[i] = run[i];
    std::size_t a = 0;
    std::size_t b = left;
    std::size_t to = 0;
    while (a < left && b < length) run[to++] = sort_key(run[b]) < sort_key(scratch[a]) ? run[b++] : scratch[a++];
    while (a < left) run[to++] = scratch[a++];
  } else {
    for (std::size_t i = 0; i < right; ++i) scratch[i] = run[left + i];
    std::size_t a = left;   // one past the next element of the left range
    std::size_t b = right;  // one past the next element of the buffered right range
    std::size_t to = length;
    while (a > 0 && b > 0) run[--to] = sort_key(scratch[b - 1]) < sort_key(run[a - 1]) ? run[--a] : scratch[--b];
    while (b > 0) run[--to] = scratch[--b];
  }
}

/// Stable sort of tagged code points by combining class.  scratch must
/// hold length / 2 elements when length > insertion_sort_limit.
void sort_run(char32_t* run, std::size_t length, char32_t* scratch) noexcept {
  if (length <= insertion_sort_limit) {
    insertion_sort(run, length);
    return;
  }
  // Bottom-up: sorted blocks of insertion_sort_limit, then merges of
  // doubling width.  Each merge buffers its shorter side, at most length / 2.
  for (std::size_t start = 0; start < length; start += insertion_sort_limit) {
    const std::size_t block = length - start < insertion_sort_limit ? length - start : insertion_sort_limit;
    insertion_sort(run + start, block);
  }
  for (std::size_t width = insertion_sort_limit; width < length; width *= 2) {
    for (std::size_t start = 0; start + width < length; start += 2 * width) {
      const std::size_t span = length - start < 2 * width ? length - start : 2 * width;
      merge(run + start, width, span, scratch);
    }
  }
}

/// Canonical Ordering Algorithm (Unicode §3.11 D109) over text[0, length):
/// each maximal run of non-starters is sorted stably by combining class.
/// scratch is the unused tail of the output buffer.
void canonical_order(char32_t* text, std::size_t length, char32_t* scratch) noexcept {
  std::size_t i = 0;
  while (i < length) {
    if (ucd::combining_class(text[i]) == 0) {
      ++i;
      continue;
    }
    const std::size_t start = i;
    bool sorted = true;
    std::uint8_t previous = 0;
    for (; i < length; ++i) {
      const std::uint8_t ccc = ucd::combining_class(text[i]);
      if (ccc == 0) break;
      sorted = sorted && previous <= ccc;
      previous = ccc;
      text[i] |= char32_t{ccc} << ccc_tag_shift;
    }
    if (!sorted) sort_run(text + start, i - start, scratch);
    for (std::size_t j = start; j < i; ++j) text[j] &= code_point_mask;
  }
}

/// The primary composite of (starter, next) including Hangul LV and LVT
/// (Unicode §3.12), or 0.
char32_t compose_pair(char32_t starter, char32_t next) noexcept {
  if (starter - l_base < l_count && next - v_base < v_count) {
    return s_base + ((starter - l_base) * v_count + (next - v_base)) * t_count;
  }
  if (starter - s_base < s_count && (starter - s_base) % t_count == 0 && next - t_base - 1 < t_count - 1) {
    return starter + (next - t_base);
  }
  return ucd::primary_composite(starter, next);
}

/// Canonical Composition Algorithm (Unicode §3.11 D117), in place; returns
/// the new length.  `last_class` is the class of the last character kept
/// since the current starter: 0 means nothing sits between them, and a
/// character is blocked from the starter when a kept character in between
/// has a class of 0 or one >= its own.
std::size_t compose(char32_t* text, std::size_t length) noexcept {
  if (length == 0) return 0;
  constexpr unsigned blocked = 256;  // above every combining class
  std::size_t starter = 0;
  const auto first = ucd::lookup_properties(text[0]);
  unsigned last_class = first.ccc == 0 ? 0 : blocked;  // a leading non-starter has no starter
  std::size_t written = 1;
  for (std::size_t i = 1; i < length; ++i) {
    const char32_t cp = text[i];
    const ucd::properties props = ucd::lookup_properties(cp);
    // Only NFC_Quick_Check=Maybe characters are ever the second half of a
    // primary composite (UAX #15 §9); the generator asserts it.
    if (props.nfc_qc == ucd::nfc_quick_check::maybe && (last_class == 0 || last_class < props.ccc)) {
      const char32_t composite = compose_pair(text[starter], cp);
      if (composite != 0) {
        text[starter] = composite;
        continue;
      }
    }
    if (props.ccc == 0) starter = written;
    last_class = props.ccc;
    text[written++] = cp;
  }
  return written;
}

bool has_decomposition(char32_t cp) noexcept {
  return cp - s_base < s_count || !ucd::canonical_decomposition(cp).empty();
}

/// NFC leaves s as it is (scratch as for is_nfc).
bool to_nfc_unchanged(std::u32string_view s, std::span<char32_t> scratch) noexcept {
  const std::size_t k = to_nfc(s, scratch);
  return k == s.size() && std::equal(s.begin(), s.end(), scratch.begin());
}

}  // namespace

bool is_nfc(std::u32string_view s, std::span<char32_t> scratch) noexcept {
  // UAX #15 §9 resolves a Maybe by normalizing; most Maybe code points of
  // real labels are decided here without it.  Up to s[i] the text is
  // proven in NFC, so the Canonical Composition Algorithm (Unicode §3.11
  // D117) leaves it as it is; s[i] then changes it only by composing with
  // the last starter, which needs NFC_Quick_Check Maybe (no other code
  // point is ever the second half of a primary composite: the generator
  // asserts it) and not being blocked (D115).  Two facts of the tables,
  // held by tests: every non-starter that decomposes has NFC_Quick_Check
  // No, and every Maybe code point that decomposes is above U+FFFF.
  bool seen_starter = false;
  std::size_t starter_at = 0;       // the last starter so far
  ucd::idna_record starter(0);      // ... and its record
  std::uint8_t last_class = 0;      // of s[i - 1]; 0 right after the starter
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char32_t cp = s[i];
    // The inline record: IDNA validation, the caller, has just read the
    // same entries.
    const ucd::idna_record props = ucd::lookup_validation_record(cp);
    const ucd::nfc_quick_check qc = props.nfc_qc();
    const std::uint8_t ccc = props.ccc();
    if (qc == ucd::nfc_quick_check::no) return false;
    // Not in canonical order (D109): normalization would reorder it.
    if (ccc != 0 && last_class > ccc) return false;
    if (qc == ucd::nfc_quick_check::maybe) {
      // One that decomposes (U+16D68 KIRAT RAI VOWEL SIGN AI = U+16D67
      // U+16D67) can compose by its first part with what precedes it.
      if (cp > 0xFFFF && has_decomposition(cp)) return to_nfc_unchanged(s, scratch);
      // Before the first starter there is nothing to compose with.
      if (seen_starter && ccc == 0) {
        // A starter composes only with a starter right before it, whose
        // own decomposition has composed back into it by then.
        if (starter_at == i - 1 && starter.composes() && compose_pair(s[starter_at], cp) != 0) return false;
      } else if (seen_starter && (last_class == 0 || last_class < ccc)) {
        // Not blocked: in canonical order the previous mark has the
        // greatest class since the starter.  The starter's decomposition
        // could put a mark of a greater class after cp in NFD, which
        // composition meets first (U+00F4 U+0323 is U+1ED9): such rare
        // cases take the full normalization.
        if (has_decomposition(s[starter_at])) return to_nfc_unchanged(s, scratch);
        if (starter.composes() && compose_pair(s[starter_at], cp) != 0) return false;
      }
    }
    if (ccc == 0) {
      seen_starter = true;
      starter_at = i;
      starter = props;
    }
    last_class = ccc;
  }
  return true;
}

std::size_t to_nfc(std::u32string_view in, std::span<char32_t> out) noexcept {
  // The contract guarantees the room; refusing instead of overrunning keeps
  // a caller's mistake from becoming memory corruption.
  if (out.size() < nfc_buffer_size(in.size())) return 0;
  char32_t* const text = out.data();
  std::size_t length = 0;
  for (const char32_t cp : in) length += full_decomposition(cp, text + length);
  // The merge sort's scratch is the unused tail of out.  It always holds
  // half of any run: out has 4 slots per input code point, a run of
  // non-starters takes at most 2 of them per code point (no non-starter
  // decomposes further than that: asserted by the generator) plus at most 3
  // from the starter-initial decomposition that opens it.
  canonical_order(text, length, text + length);
  return compose(text, length);
}

}  // namespace puny::detail
