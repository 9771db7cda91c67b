// UTF-8 validation and conversion on arbitrary bytes: the validator agrees
// with an independent byte-by-byte reading of the Unicode Standard's Table
// 3-7 (well-formed byte sequences) on whether and where the input is
// ill-formed; the decoder and the UTF-8 Punycode wrappers agree with the
// validator; and well-formed input survives both round trips.
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "puny/punycode.hpp"
#include "puny/utf8.hpp"

namespace {

/// Offset of the first byte that cannot continue a well-formed sequence
/// (Unicode Table 3-7), counting a sequence cut short by the end of input
/// from its lead byte; size when the input is well-formed.
std::size_t first_ill_formed(const std::uint8_t* s, std::size_t size) {
  std::size_t i = 0;
  while (i < size) {
    const std::uint8_t b = s[i];
    std::size_t length = 0;
    std::uint8_t low = 0x80;  // the second byte's range, as Table 3-7 narrows it
    std::uint8_t high = 0xBF;
    if (b <= 0x7F) {
      length = 1;
    } else if (b >= 0xC2 && b <= 0xDF) {
      length = 2;
    } else if (b >= 0xE0 && b <= 0xEF) {
      length = 3;
      if (b == 0xE0) low = 0xA0;   // no overlong forms
      if (b == 0xED) high = 0x9F;  // no surrogates
    } else if (b >= 0xF0 && b <= 0xF4) {
      length = 4;
      if (b == 0xF0) low = 0x90;   // no overlong forms
      if (b == 0xF4) high = 0x8F;  // nothing above U+10FFFF
    } else {
      return i;  // C0, C1, F5..FF, or a stray continuation byte
    }
    if (i + length > size) return i;
    for (std::size_t k = 1; k < length; ++k) {
      const std::uint8_t c = s[i + k];
      const std::uint8_t lo = k == 1 ? low : 0x80;
      const std::uint8_t hi = k == 1 ? high : 0xBF;
      if (c < lo || c > hi) return i;
    }
    i += length;
  }
  return size;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  const puny::result v = puny::validate_utf8(std::span<const char>(input));
  const std::size_t bad = first_ill_formed(data, size);
  PUNY_FUZZ_CHECK(v.ok() == (bad == size));
  PUNY_FUZZ_CHECK(v.ok() || v.position == bad);
  std::vector<char32_t> cps(size);
  const puny::result d = puny::utf8_to_utf32(std::span<const char>(input), std::span<char32_t>(cps));
  PUNY_FUZZ_CHECK(v.code == d.code && v.position == d.position);
  const auto enc = puny::encode_utf8(input);
  if (!v) {
    PUNY_FUZZ_CHECK(v.code == puny::status::invalid_utf8 && v.position < size);
    PUNY_FUZZ_CHECK(enc.code == puny::status::invalid_utf8 && enc.position == v.position);
    return 0;
  }
  PUNY_FUZZ_CHECK(d.written == v.written);
  std::vector<char> bytes(size);
  const puny::result e = puny::utf32_to_utf8(std::span<const char32_t>(cps.data(), d.written), std::span<char>(bytes));
  PUNY_FUZZ_CHECK(e.ok() && e.written == size && std::string(bytes.data(), e.written) == input);
  PUNY_FUZZ_CHECK(enc.ok());
  const auto dec = puny::decode_to_utf8(*enc);
  PUNY_FUZZ_CHECK(dec.ok() && *dec == input);
  return 0;
}
