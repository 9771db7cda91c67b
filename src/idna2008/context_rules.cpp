// puny — the CONTEXTJ and CONTEXTO rules of RFC 5892 Appendix A over one
// label, in at most three linear passes and no heap.
#include "idna2008/context_rules.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "idna2008/derived_property.hpp"
#include "puny/security.hpp"
#include "tables/idna2008_tables.hpp"
#include "unicode/ucd.hpp"

namespace puny::detail::idna2008 {
namespace {

using puny::idna2008::error;
using ucd::joining_type;

constexpr char32_t zero_width_non_joiner = 0x200C;
constexpr char32_t zero_width_joiner = 0x200D;
constexpr char32_t middle_dot = 0x00B7;
constexpr char32_t greek_keraia = 0x0375;
constexpr char32_t hebrew_geresh = 0x05F3;
constexpr char32_t hebrew_gershayim = 0x05F4;
constexpr char32_t katakana_middle_dot = 0x30FB;
// Canonical_Combining_Class=Virama, the exception A.1 and A.2 share.
constexpr std::uint8_t virama = 9;

constexpr bool arabic_indic_digit(char32_t cp) noexcept { return cp - 0x0660 < 10; }
constexpr bool extended_arabic_indic_digit(char32_t cp) noexcept { return cp - 0x06F0 < 10; }

constexpr bool joins_to_the_right(joining_type t) noexcept {
  return t == joining_type::L || t == joining_type::D;
}
constexpr bool joins_to_the_left(joining_type t) noexcept {
  return t == joining_type::R || t == joining_type::D;
}

// Keeps the rule codes and the earliest failing occurrence: a ZWNJ's right
// context is decided after the code points that follow it, so failures are
// not always found in label order.
class failures {
 public:
  void record(error e, std::size_t offset, char32_t cp) noexcept {
    if (verdict_.errors.empty() || offset < verdict_.offset) {
      verdict_.offset = offset;
      verdict_.code_point = cp;
    }
    verdict_.errors.insert(e);
  }
  [[nodiscard]] const context_verdict& verdict() const noexcept { return verdict_; }

 private:
  context_verdict verdict_;
};

// What one scan without property lookups finds: which rules the label needs.
struct label_survey {
  bool joiner = false;               // U+200C or U+200D: A.1, A.2
  bool contexto = false;             // any A.3-A.9 code point
  bool katakana_middle_dot = false;  // A.7
  bool arabic_indic = false;         // U+0660..0669 (A.8, and A.9's condition)
  bool extended_arabic_indic = false;  // U+06F0..06F9 (A.9, and A.8's condition)
};

label_survey survey(std::u32string_view label) noexcept {
  label_survey s;
  for (const char32_t cp : label) {
    // Every rule code point is at or above U+00B7: most labels are decided
    // by this one comparison per code point.
    if (cp < middle_dot || !has_context_rule(cp)) continue;
    if ((cp | 1) == zero_width_joiner) {
      s.joiner = true;
      continue;
    }
    s.contexto = true;
    s.katakana_middle_dot |= cp == katakana_middle_dot;
    s.arabic_indic |= arabic_indic_digit(cp);
    s.extended_arabic_indic |= extended_arabic_indic_digit(cp);
  }
  return s;
}

// A.7's condition, over the whole label once (never per occurrence:
// CVE-2024-3651).  Script is sc, not scx: U+30FB itself is sc=Common and
// counts for nothing, and neither do U+30FC (Common) or U+3099 (Inherited).
bool has_hiragana_katakana_or_han(std::u32string_view label) noexcept {
  for (const char32_t cp : label) {
    if (cp < 0x2E80) continue;  // below the first Han (CJK Radicals Supplement) or kana code point
    const script s = script_of(cp);
    if (s == script::hiragana || s == script::katakana || s == script::han) return true;
  }
  return false;
}

// RFC 5891 §5.4: a CONTEXTJ/CONTEXTO code point the rules do not cover
// fails whatever the options say.  Unicode 17 has none (the generator
// checks), so the compiler drops this pass unless the table changes that.
void check_rules_exist(std::u32string_view label, failures& found) noexcept {
  for (std::size_t i = 0; i < label.size(); ++i) {
    const char32_t cp = label[i];
    if (cp < 0x80 || has_context_rule(cp)) continue;
    const derived_property p = lookup(cp);
    if (p == derived_property::contextj || p == derived_property::contexto) {
      found.record(error::context_no_rule, i, cp);
    }
  }
}

}  // namespace

context_verdict check_context_rules(std::u32string_view label, bool evaluate_contexto) noexcept {
  failures found;
  if (!tables::idna2008_every_context_code_point_has_a_rule) check_rules_exist(label, found);

  const label_survey s = survey(label);
  const bool contexto = evaluate_contexto && s.contexto;
  if (!s.joiner && !contexto) return found.verdict();
  const bool kana_or_han = contexto && s.katakana_middle_dot && has_hiragana_katakana_or_han(label);

  // A.1's regular expression
  //   (Joining_Type:{L,D})(Joining_Type:T)*\u200C(Joining_Type:T)*(Joining_Type:{R,D})
  // is matched without rescanning: `left_joins` carries the left half
  // forward (the last code point that is not T is L or D), and a ZWNJ whose
  // left half matched waits for the next code point that is not T to decide
  // its right half.  At most one ZWNJ waits at a time, because a later ZWNJ
  // (Joining_Type U) is itself the code point that decides the earlier one,
  // so the pass is linear however many ZWNJ and T the label holds.
  bool after_virama = false;
  bool left_joins = false;
  bool zwnj_waiting = false;
  std::size_t waiting_offset = 0;
  const std::size_t n = label.size();
  for (std::size_t i = 0; i < n; ++i) {
    const char32_t cp = label[i];
    if (s.joiner) {
      const ucd::properties p = ucd::lookup_properties(cp);
      if (zwnj_waiting && p.joining != joining_type::T) {
        if (!joins_to_the_left(p.joining)) found.record(error::contextj, waiting_offset, zero_width_non_joiner);
        zwnj_waiting = false;
      }
      if (cp == zero_width_non_joiner && !after_virama) {
        // A.1: "If Canonical_Combining_Class(Before(cp)) .eq. Virama Then
        // True"; otherwise the joining context must hold on both sides.
        if (left_joins) {
          zwnj_waiting = true;
          waiting_offset = i;
        } else {
          found.record(error::contextj, i, cp);
        }
      } else if (cp == zero_width_joiner && !after_virama) {
        // A.2: a ZWJ is allowed only right after a virama.
        found.record(error::contextj, i, cp);
      }
      if (p.joining != joining_type::T) left_joins = joins_to_the_right(p.joining);
      after_virama = p.ccc == virama;
    }
    if (!contexto || cp < middle_dot) continue;
    // Before(cp) and After(cp) are the neighbours inside the label; a
    // missing neighbour fails the rule.
    bool holds = true;
    if (cp == middle_dot) {
      // A.3: between two U+006C (l·l, Catalan).
      holds = i > 0 && label[i - 1] == U'l' && i + 1 < n && label[i + 1] == U'l';
    } else if (cp == greek_keraia) {
      // A.4: Script(After(cp)) .eq. Greek.
      holds = i + 1 < n && script_of(label[i + 1]) == script::greek;
    } else if (cp == hebrew_geresh || cp == hebrew_gershayim) {
      // A.5, A.6: Script(Before(cp)) .eq. Hebrew.
      holds = i > 0 && script_of(label[i - 1]) == script::hebrew;
    } else if (cp == katakana_middle_dot) {
      // A.7: some code point of the label is Hiragana, Katakana or Han.
      holds = kana_or_han;
    } else if (arabic_indic_digit(cp)) {
      // A.8: no Extended Arabic-Indic digit anywhere in the label.
      holds = !s.extended_arabic_indic;
    } else if (extended_arabic_indic_digit(cp)) {
      // A.9: no Arabic-Indic digit anywhere in the label.
      holds = !s.arabic_indic;
    }
    if (!holds) found.record(error::contexto, i, cp);
  }
  // A ZWNJ still waiting at the end has nothing of type R or D after it.
  if (zwnj_waiting) found.record(error::contextj, waiting_offset, zero_width_non_joiner);
  return found.verdict();
}

}  // namespace puny::detail::idna2008
