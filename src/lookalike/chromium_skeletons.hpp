// puny — Chromium's top-domain skeletons (components/url_formatter/
// spoof_checks/skeleton_generator.cc, SkeletonGenerator::GetSkeletons), as
// the look-alike index stores and looks them up.  Internal.
//
// Ported from the Unicode 17 / ICU 78 generation of that file (the
// cinagroup/CinaBrowser fork @b3278698, which has the extra mappings of ß,
// စ, ੜ and კ), with ICU's pieces replaced by puny's own:
//  - the "DropAcc" transliterator (::NFD; ::[:Nonspacing Mark:] Remove;
//    ::NFC; ł > l; ø > o; đ > d;) by remove_diacritics();
//  - the "ExtraConf" transliterator by extra_confusable();
//  - uspoof_getSkeletonUnicodeString (type 0) by puny::skeleton.
// Everything runs over caller-visible stack buffers: no heap, and time
// linear in the host (a host longer than 32 UTF-16 units has no skeleton at
// all, so the work past the first pass is bounded by constants).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>
#include <utility>

#include "puny/security.hpp"

namespace puny::detail::lookalike {

/// kMaxHostnameLengthToComputeSupplementalHostnames: a host longer than
/// this, in UTF-16 code units, has no variants, hence no skeleton.
inline constexpr std::size_t max_variant_length = 32;
/// kMaxSupplementalHostnames: the most variants of one host.
inline constexpr std::size_t max_variants = 128;
/// kMaxCharactersWithMultipleSkeletons: a host with more of þ œ ł ı than
/// this has no variants.
inline constexpr std::size_t max_multiple_skeleton_characters = 5;
/// The longest variant, in code points: 32 units, and each of the (at most
/// 5) characters with several readings may become 2 (œ → ce).
inline constexpr std::size_t max_variant_code_points = max_variant_length + max_multiple_skeleton_characters;
/// The longest skeleton, in UTF-8 bytes: a variant after ExtraConf (each
/// code point may become 2: ӕ → ae) through puny::skeleton, 4 bytes a code
/// point.
inline constexpr std::size_t max_skeleton_bytes = 4 * skeleton_buffer_size(2 * max_variant_code_points);

/// A non-owning reference to a callable `bool(std::string_view) noexcept`
/// (or any callable returning bool), so that the generator can live in a
/// .cpp file.  Returning true stops the enumeration.
class skeleton_visitor {
 public:
  template <class F, class = std::enable_if_t<!std::is_same_v<std::remove_cvref_t<F>, skeleton_visitor>>>
  skeleton_visitor(F&& f) noexcept  // NOLINT(google-explicit-constructor): a function_ref
      : object_(const_cast<void*>(static_cast<const void*>(&f))),
        call_([](void* o, std::string_view s) noexcept -> bool {
          return (*static_cast<std::remove_reference_t<F>*>(o))(s);
        }) {}
  bool operator()(std::string_view skeleton) const noexcept { return call_(object_, skeleton); }

 private:
  void* object_;
  bool (*call_)(void*, std::string_view) noexcept;
};

/// The same shape for a variant host (UTF-32), for the tests of
/// GenerateSupplementalHostnames.
class variant_visitor {
 public:
  template <class F, class = std::enable_if_t<!std::is_same_v<std::remove_cvref_t<F>, variant_visitor>>>
  variant_visitor(F&& f) noexcept  // NOLINT(google-explicit-constructor): a function_ref
      : object_(const_cast<void*>(static_cast<const void*>(&f))),
        call_([](void* o, std::u32string_view s) noexcept -> bool {
          return (*static_cast<std::remove_reference_t<F>*>(o))(s);
        }) {}
  bool operator()(std::u32string_view variant) const noexcept { return call_(object_, variant); }

 private:
  void* object_;
  bool (*call_)(void*, std::u32string_view) noexcept;
};

/// lgc_letters_n_ascii_ (ShouldRemoveDiacriticsFromLabel): every code point
/// has Script Latin, Greek or Cyrillic, or is one of 0-9 . _ -, or is in
/// U+0300–U+0339.  True for the empty string, as UnicodeSet::containsAll.
[[nodiscard]] bool is_lgc_host(std::u32string_view host) noexcept;

/// The length of `s` in UTF-16 code units (Chromium measures hosts so).
[[nodiscard]] std::size_t utf16_length(std::u32string_view s) noexcept;

/// The readings character_map_ gives `c` besides itself (þ → b, p;
/// œ → ce, oe; ł → l, t; ı → l, i), or an empty pair.
[[nodiscard]] std::pair<std::u32string_view, std::u32string_view> other_readings(char32_t c) noexcept;

/// The ExtraConf mapping of one code point (ӕ → "ae", ß → "b", ...): the
/// ASCII replacement, or an empty view when `c` is not mapped.
[[nodiscard]] std::string_view extra_confusable(char32_t c) noexcept;

/// GenerateSupplementalHostnames(input, max_alternatives, character_map_):
/// nothing for an empty input, one longer than 32 UTF-16 units, a zero
/// limit or more than 5 characters with several readings; otherwise every
/// reading of those characters, kept or replaced, in the breadth-first
/// order of Chromium's queue (the first such character varies slowest,
/// the character itself before its readings), the first
/// `max_alternatives` of them.  The variants are distinct.  `visit` may stop
/// the enumeration by returning true; the function then returns true.
bool for_each_variant(std::u32string_view input, std::size_t max_alternatives, variant_visitor visit) noexcept;

/// SkeletonGenerator::GetSkeletons(host): every skeleton of `host` (a
/// domain in Unicode, normally ToUnicode's output), in UTF-8, possibly more
/// than once; `visit` may stop the enumeration by returning true (the
/// function then returns true).  A host of more than
/// max_stack_domain code points has none.
bool for_each_skeleton(std::u32string_view host, skeleton_visitor visit) noexcept;

/// The same for a host of ASCII characters only, as bytes: at most one
/// skeleton, built from per-character pieces (for a host of a-z 0-9 . -
/// the result equals for_each_skeleton's; other ASCII characters whose
/// skeleton piece is not plain take the general path).
bool for_each_skeleton_ascii(std::string_view host, skeleton_visitor visit) noexcept;

/// Either of the two, chosen by the content of a UTF-8 host (ill-formed
/// UTF-8: no skeleton).
bool for_each_skeleton_utf8(std::string_view host, skeleton_visitor visit) noexcept;

}  // namespace puny::detail::lookalike
