// puny — everything UTS #39 §5 says about one string, in one pass over it:
// the profile (§3.1), the resolved script set (§5.1), the restriction level
// (§5.2), mixed numbers (§5.3) and hidden overlay (§5.4); a second pass over
// its NFD only when two nonspacing marks could meet there (§5.4 repeated
// marks and long runs of marks).
//
// The display policies run this on every label, so the pass reads one
// summary per code point (code_point_class.hpp, a generated trie) and looks
// further only at marks and characters that decompose.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "puny/security.hpp"
#include "security/code_point_class.hpp"
#include "security/mark_checks.hpp"
#include "security/profile.hpp"
#include "security/script_resolution.hpp"
#include "security/security_data.hpp"
#include "security/text_source.hpp"
#include "tables/security_tables.hpp"
#include "unicode/ucd.hpp"

namespace puny {

namespace detail::security {
namespace {

constexpr char32_t combining_dot_above = 0x0307;
constexpr char32_t no_code_point = 0xFFFFFFFF;

/// §5.3: records the zero of a decimal digit in `a` unless it is there
/// already.  The distinct zeros past the four `a` keeps go to `more`;
/// Unicode 17.0 has 77 numbering systems (tables::decimal_zeros).
void add_zero(char32_t zero, identifier_analysis& a, std::array<char32_t, 128>& more) noexcept {
  const std::size_t kept = a.zero_count < a.zeros.size() ? a.zero_count : a.zeros.size();
  for (std::size_t i = 0; i < kept; ++i)
    if (a.zeros[i] == zero) return;
  if (a.zero_count < a.zeros.size()) {
    a.zeros[a.zero_count++] = zero;
    return;
  }
  const std::size_t extra = a.zero_count - a.zeros.size();
  for (std::size_t i = 0; i < extra && i < more.size(); ++i)
    if (more[i] == zero) return;
  if (extra < more.size()) more[extra] = zero;
  ++a.zero_count;
}

template <class Source>
identifier_analysis analyze(const Source& source, const identifier_profile& profile) noexcept {
  identifier_analysis a;
  const bool plain_profile = is_plain(profile);
  bool in_profile = true;
  char32_t any = 0;
  script_resolution scripts;
  std::uint32_t last_augmented = 0xFFFFFFFF;
  std::array<char32_t, 128> more_zeros;  // read only below the count
  // Hidden overlay follows ICU's findHiddenOverlay on the text as given: the
  // last code point of class 0 or 230 is the one a U+0307 would sit on.
  char32_t dot_base = no_code_point;
  bool hidden_overlay = false;
  // Upper bound of the nonspacing marks in the current combining sequence
  // after NFD; the NFD pass runs only when it reaches 2 somewhere.
  std::size_t sequence_marks = 0;
  bool marks_may_meet = false;

  std::size_t index = 0;
  for (std::size_t at = 0; at < source.size(); ++index) {
    const read_code_point r = source.read(at);
    if (r.next == at) {
      a = identifier_analysis{};
      a.code = status::invalid_utf8;
      a.position = at;
      return a;
    }
    at = r.next;
    const char32_t c = r.value;
    const code_point_info info = info_of(c);

    const bool allowed = plain_profile ? info.allowed() : profile_allows(profile, info.allowed(), info.cjk_compat(), c);
    if (!allowed && in_profile) {
      in_profile = false;
      a.restricted_index = index;
      a.restricted_code_point = c;
    }
    any |= c;
    // Consecutive code points mostly share their augmented set.
    if (info.augmented_index() != last_augmented) {
      last_augmented = info.augmented_index();
      scripts.add(info.augmented());
    }
    if (info.decimal()) add_zero(decimal_zero(c), a, more_zeros);

    std::uint8_t ccc = 0;
    if (c >= 0x80 && (info.kind() == code_point_class::other || info.nonspacing_mark())) {
      const ucd::properties p = ucd::lookup_properties(c);
      ccc = p.ccc;
      // A mark, or a non-starter, continues the combining sequence.  Each
      // code point adds at most its own markness plus the code points its
      // decomposition adds (a decomposition that starts with a mark
      // belongs to a mark: true of every decomposition in Unicode 17.0).
      // A code point of another class is a starter that neither decomposes
      // nor is a nonspacing mark: it ends every run of nonspacing marks.
      const std::size_t parts =
          info.kind() == code_point_class::other ? ucd::canonical_decomposition(c).size() : 0;
      const std::size_t adds = (p.mark ? 1u : 0u) + (parts > 1 ? parts - 1 : 0u);
      sequence_marks = (p.mark || ccc != 0) ? sequence_marks + adds : adds;
      marks_may_meet = marks_may_meet || sequence_marks >= 2;
    } else {
      sequence_marks = 0;
    }
    if (c == combining_dot_above && !hidden_overlay && dot_base != no_code_point) hidden_overlay = is_dot_lead(dot_base);
    if (ccc == 0 || ccc == 230) dot_base = c;
  }

  a.level = classify(in_profile, any < 0x80, scripts);
  a.resolved = scripts.resolved;
  if (!in_profile) a.findings.insert(identifier_finding::restricted_character);
  if (scripts.resolved.empty()) a.findings.insert(identifier_finding::mixed_script);
  if (a.zero_count > 1) a.findings.insert(identifier_finding::mixed_numbers);
  if (hidden_overlay) a.findings.insert(identifier_finding::hidden_overlay);
  if (marks_may_meet) {
    const mark_findings m = scan_marks(source);
    if (m.repeated) a.findings.insert(identifier_finding::repeated_mark);
    if (m.long_run) a.findings.insert(identifier_finding::long_mark_run);
  }
  return a;
}

}  // namespace
}  // namespace detail::security

identifier_analysis analyze_identifier(std::string_view utf8, const identifier_profile& profile) noexcept {
  return detail::security::analyze(detail::security::utf8_source(utf8), profile);
}

identifier_analysis analyze_identifier(std::u32string_view text, const identifier_profile& profile) noexcept {
  return detail::security::analyze(detail::security::utf32_source(text), profile);
}

}  // namespace puny
