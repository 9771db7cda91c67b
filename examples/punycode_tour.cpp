// Punycode (RFC 3492) with the C++ API: the allocating wrappers, Appendix A
// mixed-case annotation, a precise error, and the allocation-free core.
#include <array>
#include <iostream>
#include <string_view>

#include <puny/punycode.hpp>

int main() {
  const auto encoded = puny::encode_utf8("bücher");
  std::cout << "bücher -> " << *encoded << '\n';  // bcher-kva
  const auto decoded = puny::decode_to_utf8(*encoded);
  std::cout << *encoded << " -> " << *decoded << '\n';

  // RFC 3492 §7.1 sample (J): the case flags survive a round trip.
  const std::string_view sample = "MajiKoi5-783gue6qz075azm5e";
  const auto annotated = puny::decode_annotated(sample);
  const auto again = puny::encode(annotated->code_points, annotated->uppercase);
  std::cout << sample << " round trip: " << (*again == sample ? "ok" : "MISMATCH") << '\n';

  // "-abc" would be a second encoding of "abc" (§6.2 uniqueness): rejected.
  const auto bad = puny::decode("-abc");
  std::cout << "-abc: " << puny::name(bad.code) << " at " << bad.position << '\n';

  // The core functions work on caller buffers and never allocate.
  std::array<char, 16> out{};
  const puny::result r = puny::encode(std::u32string_view(U"\u00FC"), out);
  if (!r) return 1;
  std::cout << "ü -> " << std::string_view(out.data(), r.written) << " (" << r.written
            << " characters, no allocation)\n";
  return *again == sample ? 0 : 1;
}
