// puny — UTS #46 §4 Processing step 1: map each code point by its status.
#include "idna/mapping.hpp"

#include "idna/encoded_text.hpp"
#include "unicode/ucd.hpp"

namespace puny::detail {
namespace {

constexpr char32_t capital_sharp_s = 0x1E9E;

}  // namespace

template <class Char>
mapping_result map_domain(std::basic_string_view<Char> in, bool transitional, std::span<char32_t> out) noexcept {
  mapping_result r;
  std::size_t n = 0;
  const std::size_t room = out.size();
  auto put = [&](char32_t cp) noexcept {
    if (n < room) out[n] = cp;
    ++n;
  };
  std::size_t pos = 0;
  while (pos < in.size()) {
    // ASCII is valid except A-Z, which map to a-z (IdnaMappingTable.txt
    // 0000..007F): no table lookup for the common case.
    if (static_cast<char32_t>(in[pos]) < 0x80) {
      const auto c = static_cast<char32_t>(in[pos]);
      put(c >= U'A' && c <= U'Z' ? c + 0x20 : c);
      ++pos;
      continue;
    }
    const read_code_point cp = read_at(in, pos);
    if (cp.length == 0) {
      r.code = status::invalid_utf8;
      r.position = pos;
      return r;
    }
    pos += cp.length;
    const ucd::idna_entry e = ucd::idna_lookup(cp.value);
    switch (e.status) {
      case ucd::idna_status::valid:
        put(cp.value);
        break;
      case ucd::idna_status::ignored:
        break;
      case ucd::idna_status::mapped:
        // UTS #46 §4 step 1: with Transitional_Processing, U+1E9E maps to
        // "ss" — its table mapping is the deviation U+00DF, which
        // transitional processing maps in turn.  It is the only mapping
        // whose target holds a deviation.
        if (transitional && cp.value == capital_sharp_s) {
          put(U's');
          put(U's');
          break;
        }
        for (const char32_t m : e.mapping()) put(m);
        break;
      case ucd::idna_status::deviation:
        if (transitional) {
          for (const char32_t m : e.mapping()) put(m);
        } else {
          put(cp.value);
        }
        break;
      case ucd::idna_status::disallowed:
        // Kept: §4.1 criterion 7 reports it after normalization (V7).
        r.disallowed = true;
        put(cp.value);
        break;
    }
  }
  // Mapped text is ASCII only if every code point is: one pass over the
  // output instead of a test per put.
  for (std::size_t i = 0; i < n && i < room; ++i) {
    if (out[i] >= 0x80) {
      r.non_ascii = true;
      break;
    }
  }
  if (n > room) r.non_ascii = true;
  r.length = n;
  return r;
}

template mapping_result map_domain<char>(std::string_view, bool, std::span<char32_t>) noexcept;
template mapping_result map_domain<char16_t>(std::u16string_view, bool, std::span<char32_t>) noexcept;
template mapping_result map_domain<char32_t>(std::u32string_view, bool, std::span<char32_t>) noexcept;

}  // namespace puny::detail
