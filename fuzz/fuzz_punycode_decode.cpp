// Decode arbitrary bytes.  When decoding succeeds, the input is a canonical
// encoding (RFC 3492 §6.2): re-encoding gives it back up to the case of the
// digits after the last delimiter, and with the decoded Appendix A flags the
// last digit of every delta keeps its case too.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "puny/punycode.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);

  // Core API into exactly-sized buffers, so that any write past the end is
  // caught by ASan.
  std::vector<char32_t> out(size);
  std::vector<std::uint64_t> scratch(puny::decode_scratch_words(size));
  const std::unique_ptr<bool[]> flags(new bool[size]);
  const puny::result r = puny::decode(std::span<const char>(input), std::span<char32_t>(out),
                                      std::span<bool>(flags.get(), size), std::span<std::uint64_t>(scratch));
  const auto wrapped = puny::decode_annotated(input);
  PUNY_FUZZ_CHECK(wrapped.code == r.code);
  if (!r) {
    PUNY_FUZZ_CHECK(r.position <= size);
    return 0;
  }
  PUNY_FUZZ_CHECK(r.written <= size);
  const std::u32string decoded(out.data(), r.written);
  PUNY_FUZZ_CHECK(wrapped.value.code_points == decoded);
  for (std::size_t j = 0; j < r.written; ++j) PUNY_FUZZ_CHECK(wrapped.value.uppercase[j] == flags[j]);

  // A buffer one short must report the exact size needed.
  if (r.written > 0) {
    std::vector<char32_t> small(r.written - 1);
    const puny::result s = puny::decode(std::span<const char>(input), std::span<char32_t>(small), {},
                                        std::span<std::uint64_t>(scratch));
    PUNY_FUZZ_CHECK(s.code == puny::status::output_too_small && s.needed == r.written);
  }

  const std::size_t delim = input.rfind('-');
  std::string canonical = input;
  for (std::size_t j = (delim == std::string::npos ? 0 : delim + 1); j < canonical.size(); ++j) {
    const char c = canonical[j];
    if (c >= 'A' && c <= 'Z') canonical[j] = static_cast<char>(c - 'A' + 'a');
  }
  const auto plain = puny::encode(decoded);
  PUNY_FUZZ_CHECK(plain.ok());
  // Without flags the basic code points are copied as they are.
  PUNY_FUZZ_CHECK(*plain == canonical);

  const auto annotated = puny::encode(decoded, wrapped.value.uppercase);
  PUNY_FUZZ_CHECK(annotated.ok());
  PUNY_FUZZ_CHECK(annotated->size() == input.size());
  // Only digits inside a delta may differ, and only in case.
  for (std::size_t j = 0; j < input.size(); ++j) {
    const char a = (*annotated)[j];
    PUNY_FUZZ_CHECK(a == input[j] || (j > delim && delim != std::string::npos && a == canonical[j]) ||
                    (delim == std::string::npos && a == canonical[j]));
  }
  return 0;
}
