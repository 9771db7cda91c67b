// decode(encode(x)) == x for arbitrary sequences of Unicode scalar values,
// with and without Appendix A case flags, through the core and the wrappers.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "puny/punycode.hpp"

namespace {

// Three bytes per code point: 21 bits of value (folded into the scalar
// values) and one bit of case flag.  The first byte picks a range so that
// ASCII, the BMP and the supplementary planes all show up often.
void read_input(const std::uint8_t* data, std::size_t size, std::u32string& cps, std::vector<bool>& flags) {
  for (std::size_t j = 0; j + 3 <= size; j += 3) {
    const std::uint32_t raw = (std::uint32_t{data[j]} << 16) | (std::uint32_t{data[j + 1]} << 8) | data[j + 2];
    std::uint32_t v = raw & 0x1FFFFF;
    switch (raw >> 22) {
      case 0: v &= 0x7F; break;
      case 1: v &= 0x7FF; break;
      default: v %= 0x110000; break;
    }
    if (v >= 0xD800 && v <= 0xDFFF) v -= 0x800;
    char32_t c = v;
    const bool upper = (raw >> 21) & 1;
    // Appendix A: a flagged basic letter comes back in the flag's case.
    if (c < 0x80) {
      if (upper && c >= 'a' && c <= 'z') c -= 0x20;
      if (!upper && c >= 'A' && c <= 'Z') c += 0x20;
    }
    cps.push_back(c);
    flags.push_back(upper);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::u32string cps;
  std::vector<bool> flags;
  read_input(data, size, cps, flags);

  const auto plain = puny::encode(cps);
  PUNY_FUZZ_CHECK(plain.ok());
  const auto back = puny::decode(*plain);
  PUNY_FUZZ_CHECK(back.ok() && *back == cps);

  const auto annotated = puny::encode(cps, flags);
  PUNY_FUZZ_CHECK(annotated.ok());
  const auto back2 = puny::decode_annotated(*annotated);
  PUNY_FUZZ_CHECK(back2.ok() && back2->code_points == cps);
  for (std::size_t j = 0; j < cps.size(); ++j) {
    // A basic non-letter carries no case, so its flag reads back as false.
    const bool carries = cps[j] >= 0x80 || (cps[j] >= 'A' && cps[j] <= 'Z') || (cps[j] >= 'a' && cps[j] <= 'z');
    if (carries) PUNY_FUZZ_CHECK(back2->uppercase[j] == flags[j]);
  }

  // Core API into an exactly sized buffer (ASan catches any overrun), and
  // one character short.
  std::vector<char> out(plain->size());
  std::vector<std::uint64_t> scratch(puny::encode_scratch_words(cps.size()));
  const puny::result r = puny::encode(std::span<const char32_t>(cps), std::span<char>(out), {},
                                      std::span<std::uint64_t>(scratch));
  PUNY_FUZZ_CHECK(r.ok() && r.written == plain->size() && std::string(out.data(), r.written) == *plain);
  if (!out.empty()) {
    const puny::result s = puny::encode(std::span<const char32_t>(cps), std::span<char>(out.data(), out.size() - 1),
                                        {}, std::span<std::uint64_t>(scratch));
    PUNY_FUZZ_CHECK(s.code == puny::status::output_too_small && s.needed == plain->size());
  }
  return 0;
}
