// UTF-8 validation and conversion on arbitrary bytes: the validator, the
// decoder and the UTF-8 Punycode wrappers agree on where the input is
// ill-formed, and well-formed input survives both round trips.
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "puny/punycode.hpp"
#include "puny/utf8.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  const puny::result v = puny::validate_utf8(std::span<const char>(input));
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
