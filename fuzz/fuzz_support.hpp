// puny — helpers shared by the fuzz targets: the failure report, the
// decoding of raw input, and the properties every IDNA2008 and IDNA2003
// target checks alike.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "puny/status.hpp"
#include "puny/utf8.hpp"
#include "test_encoding.hpp"

// A property failed: say which and stop the fuzzer with a crash it reports.
#define PUNY_FUZZ_CHECK(cond)                                                       \
  do {                                                                              \
    if (!(cond)) {                                                                  \
      std::fprintf(stderr, "%s:%d: property failed: %s\n", __FILE__, __LINE__, #cond); \
      std::abort();                                                                 \
    }                                                                               \
  } while (0)

namespace puny_fuzz {

/// The input read as raw little-endian UTF-32 code units (a trailing
/// partial unit dropped), surrogates and values above U+10FFFF included.
inline std::u32string utf32_units(const std::uint8_t* data, std::size_t size) {
  std::u32string units(size / 4, U'\0');
  for (std::size_t j = 0; j < units.size(); ++j) {
    units[j] = static_cast<char32_t>(data[4 * j] | (data[4 * j + 1] << 8) | (data[4 * j + 2] << 16) |
                                     (static_cast<std::uint32_t>(data[4 * j + 3]) << 24));
  }
  return units;
}

inline bool all_ascii(std::string_view s) {
  for (const char c : s) {
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  }
  return true;
}

inline bool all_ascii(std::u32string_view s) {
  for (const char32_t c : s) {
    if (c >= 0x80) return false;
  }
  return true;
}

/// The code points of well-formed UTF-8.
inline std::vector<char32_t> code_points_of(std::string_view utf8) {
  std::vector<char32_t> cps(utf8.size());
  const puny::result c = puny::utf8_to_utf32(std::span<const char>(utf8), std::span<char32_t>(cps));
  cps.resize(c.written);
  return cps;
}

/// Ill-formed UTF-8 is status::invalid_utf8 at the first bad byte, for
/// ToASCII (`a`) and ToUnicode (`u`) alike, never replaced.  True when the
/// input is well-formed, so the caller goes on.
template <class Result>
bool well_formed_or_rejected(std::string_view domain, const Result& a, const Result& u) {
  const puny::result valid = puny::validate_utf8(std::span<const char>(domain));
  if (!valid) {
    PUNY_FUZZ_CHECK(a.code == puny::status::invalid_utf8 && a.position == valid.position);
    PUNY_FUZZ_CHECK(u.code == puny::status::invalid_utf8 && u.position == valid.position);
    return false;
  }
  return true;
}

/// Two results of IDNA2008 or IDNA2003 (puny::detail::standard_result)
/// that say the same.
template <class Result>
bool same_standard(const Result& a, const Result& b) {
  return a.code == b.code && a.errors == b.errors && a.written == b.written && a.label == b.label &&
         a.offset == b.offset && a.code_point == b.code_point;
}

/// `needed` of an IDNA2008 or IDNA2003 conversion that wrote something
/// (`full`, `text`): an empty span is refused with the exact size, that
/// size suffices with nothing written past it and, with `check_shorter`,
/// one element fewer is refused with nothing written past it either.
template <class Char, class Result, class Convert>
void check_standard_room(Convert convert, const Result& full, std::basic_string_view<Char> text,
                         bool check_shorter = true) {
  if (full.written == 0) return;
  const Result probe = convert(std::span<Char>());
  PUNY_FUZZ_CHECK(probe.code == puny::status::output_too_small && probe.needed == full.written);
  const Char canary = static_cast<Char>(0xA5);
  std::vector<Char> exact(full.written + 16, canary);
  const Result again = convert(std::span<Char>(exact.data(), full.written));
  PUNY_FUZZ_CHECK(same_standard(again, full) && std::basic_string_view<Char>(exact.data(), again.written) == text);
  for (std::size_t j = full.written; j < exact.size(); ++j) PUNY_FUZZ_CHECK(exact[j] == canary);
  if (!check_shorter) return;
  std::vector<Char> shorter(full.written + 16, canary);
  const Result refused = convert(std::span<Char>(shorter.data(), full.written - 1));
  PUNY_FUZZ_CHECK(refused.code == puny::status::output_too_small && refused.needed == full.written);
  for (std::size_t j = full.written - 1; j < shorter.size(); ++j) PUNY_FUZZ_CHECK(shorter[j] == canary);
}

/// ToASCII and ToUnicode of one well-formed name, as check_standard_name
/// leaves them for a target's own properties.
template <class Result>
struct standard_name {
  Result a;                    ///< ToASCII of the UTF-8 name
  Result u;                    ///< ToUnicode of the UTF-8 name
  std::string a_text;          ///< what ToASCII wrote
  std::string u_text;          ///< what ToUnicode wrote
  std::u32string cps;          ///< the name's code points
  std::u32string u32_text;     ///< what ToUnicode of the code points wrote
};

/// The properties every IDNA2008 and IDNA2003 target checks on a name in
/// UTF-8 (`to_ascii(args...)` and `to_unicode(args...)` call the
/// standard's overloads of those names; `ascii_room` the documented bound of
/// ToASCII's output, ToUnicode's being 4 × the input bytes): ill-formed
/// UTF-8 is invalid_utf8 for both; otherwise both succeed in status,
/// ToASCII writes ASCII on success and nothing without it, the UTF-32
/// entry points agree on everything, the allocating functions agree with
/// the buffer ones, and `needed` is exact (with `unicode_shorter`, one
/// element fewer than ToUnicode needs is refused too).  Empty for
/// ill-formed input.
template <class Result, class ToAscii, class ToUnicode, class Options>
std::optional<standard_name<Result>> check_standard_name(const std::string& domain, std::size_t ascii_room,
                                                         ToAscii to_ascii, ToUnicode to_unicode, const Options& o,
                                                         bool unicode_shorter) {
  const std::string_view d8(domain);
  std::vector<char> ascii(ascii_room);
  const Result a = to_ascii(d8, std::span<char>(ascii), o);
  std::vector<char> unicode(4 * domain.size() + 8);
  const Result u = to_unicode(d8, std::span<char>(unicode), o);
  if (!well_formed_or_rejected(domain, a, u)) return std::nullopt;
  // ToUnicode never fails to write; ToASCII writes only on success.
  PUNY_FUZZ_CHECK(a.code == puny::status::success && u.code == puny::status::success);
  standard_name<Result> n{a, u, std::string(ascii.data(), a.written), std::string(unicode.data(), u.written), {}, {}};
  if (a.ok()) {
    PUNY_FUZZ_CHECK(all_ascii(n.a_text));
  } else {
    PUNY_FUZZ_CHECK(a.written == 0 && !a.errors.empty());
  }

  // UTF-32 entry points: the same answers, the same text.
  const std::vector<char32_t> cps = code_points_of(domain);
  n.cps.assign(cps.begin(), cps.end());
  const std::u32string_view d32(n.cps);
  std::vector<char> ascii32(ascii.size());
  const Result a32 = to_ascii(d32, std::span<char>(ascii32), o);
  PUNY_FUZZ_CHECK(same_standard(a32, a) && std::string_view(ascii32.data(), a32.written) == n.a_text);
  std::vector<char32_t> unicode32(n.cps.size() + 8);
  const Result u32 = to_unicode(d32, std::span<char32_t>(unicode32), o);
  PUNY_FUZZ_CHECK(u32.code == u.code && u32.errors == u.errors && u32.label == u.label && u32.offset == u.offset &&
                  u32.code_point == u.code_point);
  n.u32_text.assign(unicode32.data(), u32.written);
  PUNY_FUZZ_CHECK(puny_test::to_utf8(n.u32_text) == n.u_text);

  // The allocating functions are the buffer ones.
  const auto ca = to_ascii(d8, o);
  PUNY_FUZZ_CHECK(ca.code == a.code && ca.errors == a.errors && ca.label == a.label && ca.offset == a.offset);
  PUNY_FUZZ_CHECK(ca.value == (a.ok() ? n.a_text : std::string()));
  const auto cu = to_unicode(d8, o);
  PUNY_FUZZ_CHECK(cu.code == u.code && cu.errors == u.errors && cu.label == u.label && cu.value == n.u_text);

  check_standard_room<char, Result>([&](std::span<char> out) { return to_ascii(d8, out, o); }, a,
                                    std::string_view(n.a_text));
  check_standard_room<char, Result>([&](std::span<char> out) { return to_unicode(d8, out, o); }, u,
                                    std::string_view(n.u_text), unicode_shorter);
  return n;
}

}  // namespace puny_fuzz
