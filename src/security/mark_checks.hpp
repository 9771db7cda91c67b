// puny — the optional detections of UTS #39 §5.4 that read combining marks,
// with ICU's semantics (uspoof.cpp checkImpl, USPOOF_INVISIBLE and
// USPOOF_HIDDEN_OVERLAY).  Internal.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "security/code_point_class.hpp"
#include "security/nfd.hpp"
#include "security/security_data.hpp"

namespace puny::detail::security {

/// What scan_marks() found.
struct mark_findings {
  bool repeated = false;  ///< the same nonspacing mark twice in one run of nonspacing marks
  bool long_run = false;  ///< more than max_mark_run nonspacing marks in a row
};

/// §5.4: "more than 4 nonspacing marks in a row" is suspicious.
inline constexpr std::size_t max_mark_run = 4;

/// True for a code point under which U+0307 hides: i, j, l, ı, ȷ, a
/// Soft_Dotted letter, or a character whose skeleton ends in one of them
/// (ICU's isIllegalCombiningDotLeadCharacter: 1 -> l, U+1D6A4 -> i,
/// U+0133 -> ij).
[[nodiscard]] bool is_dot_lead(char32_t cp) noexcept;

namespace marks {

/// Open addressing over the 2,059 nonspacing marks of Unicode 17.0 at most;
/// only a run of more than `small` marks (crafted text) needs it.
inline constexpr std::size_t small = 32;
inline constexpr std::size_t table_size = 8192;
static_assert(table_size >= 2 * 2059, "keep the load factor at one half");
inline constexpr char32_t empty_slot = 0xFFFFFFFF;

/// Inserts cp; false when it was already there.
inline bool insert(std::array<char32_t, table_size>& table, char32_t cp) noexcept {
  std::size_t i = ((cp * 2654435761u) >> 19) & (table_size - 1);
  for (;;) {
    if (table[i] == cp) return false;
    if (table[i] == empty_slot) {
      table[i] = cp;
      return true;
    }
    i = (i + 1) & (table_size - 1);
  }
}

/// Finishes a run that outgrew the small list: reads on until the run
/// ends and says whether a mark repeats.  Kept out of line so that its
/// table takes stack only when such a run occurs.
template <class Reader>
[[gnu::noinline]] bool finish_long_run(Reader& reader, const std::array<char32_t, small>& first, char32_t next) noexcept {
  std::array<char32_t, table_size> table;
  table.fill(empty_slot);
  bool repeated = false;
  for (const char32_t cp : first) repeated |= !insert(table, cp);
  repeated |= !insert(table, next);
  element e{};
  while (reader.next(e) && info_of(e.cp).nonspacing_mark()) {
    if (!repeated) repeated = !insert(table, e.cp);
  }
  return repeated;
}

}  // namespace marks

/// §5.4 on NFD(text): the same nonspacing mark twice within one run of
/// consecutive General_Category=Mn code points (ICU INVISIBLE: the marks
/// need not be adjacent, "á"+U+0301 repeats), and a run longer than
/// max_mark_run.  Linear, no heap.
template <class Source>
[[nodiscard]] mark_findings scan_marks(const Source& source) noexcept {
  mark_findings found;
  nfd_reader<Source> reader(source, 0, source.size());
  std::array<char32_t, marks::small> run{};
  std::size_t length = 0;
  element e{};
  while (reader.next(e)) {
    if (e.cp < 0x300 || !info_of(e.cp).nonspacing_mark()) {
      length = 0;
      continue;
    }
    if (length == marks::small) {
      // A run this long is long; whether a mark repeats takes the table.
      found.long_run = true;
      found.repeated |= marks::finish_long_run(reader, run, e.cp);
      length = 0;
      continue;
    }
    for (std::size_t i = 0; i < length; ++i) found.repeated |= run[i] == e.cp;
    run[length++] = e.cp;
    found.long_run |= length > max_mark_run;
    if (found.repeated && found.long_run) break;
  }
  return found;
}

}  // namespace puny::detail::security
