// puny — the uts39-highly-restrictive and uts39-moderately-restrictive
// display policies: UTS #39 (revision 32, Unicode 17.0) alone.  A label is
// shown in Unicode when every character is in the identifier profile
// (§3.1, with display_options::cjk and allowed_characters), its restriction
// level (§5.2) is at most the policy's, it does not mix numbering systems
// (§5.3), and none of the optional detections of §5.4 fires (a repeated
// nonspacing mark, more than 4 in a row, a hidden overlay).  Unlike the
// browser policies, every reason that applies is reported.
#include <cstddef>
#include <string_view>

#include "display/policy.hpp"
#include "security/security_data.hpp"

namespace puny::detail::display {
namespace {

namespace sec = puny::detail::security;

struct culprit {
  char32_t code_point = 0;
  std::size_t index = 0;
  script sc = script::unknown;
};

// The level of the script mix alone (§5.2 steps 3–6, as ICU's
// getRestrictionLevel orders them), for a label whose restricted characters
// already fail the profile: it tells whether the mix would fail too.
restriction_level script_mix_level(std::u32string_view label) noexcept {
  script_set resolved = script_set::all();
  script_set without_latin = script_set::all();
  bool ascii = true;
  for (const char32_t c : label) {
    const script_set& augmented = sec::script_set_at(sec::record_of(c).augmented);
    resolved &= augmented;
    if (!augmented.contains(script::latin)) without_latin &= augmented;
    ascii &= c < 0x80;
  }
  if (ascii) return restriction_level::ascii_only;
  if (!resolved.empty()) return restriction_level::single_script;
  if (without_latin.contains(script::hanb) || without_latin.contains(script::jpan) ||
      without_latin.contains(script::kore))
    return restriction_level::highly_restrictive;
  if (!without_latin.empty() && !without_latin.contains(script::cyrillic) && !without_latin.contains(script::greek) &&
      !without_latin.contains(script::cherokee))
    return restriction_level::moderately_restrictive;
  return restriction_level::minimally_restrictive;
}

// The character at which the resolved script set (§5.1) becomes empty: the
// first that does not share a script with everything before it.  For a
// single-script label above `max` (only when max is ascii_only) the first
// character that is not ASCII.
culprit script_mix_culprit(std::u32string_view label) noexcept {
  script_set resolved = script_set::all();
  for (std::size_t i = 0; i < label.size(); ++i) {
    const sec::code_point_record r = sec::record_of(label[i]);
    resolved &= sec::script_set_at(r.augmented);
    if (resolved.empty()) return {label[i], i, r.sc};
  }
  for (std::size_t i = 0; i < label.size(); ++i)
    if (label[i] >= 0x80) return {label[i], i, script_of(label[i])};
  return {};
}

// The first decimal digit of another numbering system than the first one.
culprit mixed_number_culprit(std::u32string_view label) noexcept {
  char32_t first_zero = 0xFFFFFFFF;
  for (std::size_t i = 0; i < label.size(); ++i) {
    const char32_t zero = sec::decimal_zero(label[i]);
    if (zero == 0xFFFFFFFF) continue;
    if (first_zero == 0xFFFFFFFF) {
      first_zero = zero;
    } else if (zero != first_zero) {
      return {label[i], i, script_of(label[i])};
    }
  }
  return {};
}

bool has_mark_finding(const identifier_findings& f) noexcept {
  return f.contains(identifier_finding::repeated_mark) || f.contains(identifier_finding::long_mark_run) ||
         f.contains(identifier_finding::hidden_overlay);
}

// The character that completes the first §5.4 finding: the end of the
// shortest prefix with one.  The detections work on NFD and a prefix of an
// NFC label keeps every mark sequence of the prefix, so a finding, once
// there, stays in longer prefixes and a binary search finds the boundary
// with O(log n) analyses.
culprit mark_culprit(std::u32string_view label, const identifier_profile& profile) noexcept {
  if (label.empty()) return {};
  std::size_t lo = 1, hi = label.size();  // the shortest prefix with a finding is in [lo, hi]
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo) / 2;
    if (has_mark_finding(analyze_identifier(label.substr(0, mid), profile).findings)) {
      hi = mid;
    } else {
      lo = mid + 1;
    }
  }
  return {label[hi - 1], hi - 1, script_of(label[hi - 1])};
}

}  // namespace

label_decision uts39_label(const label_context& ctx, restriction_level max) noexcept {
  const std::u32string_view label = ctx.label;
  identifier_profile profile;
  profile.cjk = ctx.options.cjk;
  profile.extra_allowed = ctx.options.allowed_characters;
  const identifier_analysis analysis = analyze_identifier(label, profile);

  label_decision d;
  bool placed = false;
  // Reasons are added in display_reason order, so the first one placed
  // names the character of the first reason.
  const auto add = [&](display_reason reason, const culprit& c) {
    d.reasons.insert(reason);
    if (placed) return;
    placed = true;
    d.code_point = c.code_point;
    d.index = c.index;
    d.culprit_script = c.sc;
  };

  const bool restricted = analysis.findings.contains(identifier_finding::restricted_character);
  if (restricted) {
    add(display_reason::character_not_allowed,
        {analysis.restricted_code_point, analysis.restricted_index, script_of(analysis.restricted_code_point)});
  }
  // A character outside the profile makes the level Unrestricted by
  // itself; the mix of scripts is a reason of its own only when it would
  // fail the level without that character's help.
  const restriction_level level = restricted ? script_mix_level(label) : analysis.level;
  if (level > max) add(display_reason::restriction_level, script_mix_culprit(label));
  if (analysis.findings.contains(identifier_finding::mixed_numbers))
    add(display_reason::mixed_numbers, mixed_number_culprit(label));
  if (has_mark_finding(analysis.findings)) add(display_reason::invisible_or_hidden_marks, mark_culprit(label, profile));
  return d;
}

}  // namespace puny::detail::display
