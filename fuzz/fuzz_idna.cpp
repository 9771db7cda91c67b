// UTS #46 on arbitrary bytes: the first two bytes pick the options (each
// UTS #46 flag, and the URL Standard's and display profile's additions) and
// whether the rest is read as UTF-8 or as raw UTF-16 code units (lone
// surrogates included), the rest is the domain.  Properties: no crash, UB
// or heap misuse whatever the input; the UTF-8, UTF-16 and UTF-32 entry
// points agree; the allocating functions agree with the buffer ones; a
// buffer of exactly `needed` is enough and a shorter one is refused with
// nothing written past it; ToASCII's success means ASCII output; and under
// every option set, ToASCII is idempotent on its own output, and ToUnicode
// of that output succeeds and maps back to it under ToASCII.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.hpp"
#include "puny/idna.hpp"
#include "puny/utf8.hpp"
#include "test_encoding.hpp"

namespace {

using puny_test::to_utf16;

puny::idna_options options_from(std::uint8_t bits, std::uint8_t more) {
  // Bit 4 of the second byte: one of the named profiles exactly (bits 5
  // and 6 say which), which flag soup alone would rarely produce.
  if ((more & 16) != 0) return puny::idna_options::for_profile(static_cast<puny::idna_profile>((more >> 5) & 3));
  puny::idna_options o;
  o.use_std3_ascii_rules = (bits & 1) != 0;
  o.check_hyphens = (bits & 2) != 0;
  o.check_bidi = (bits & 4) != 0;
  o.check_joiners = (bits & 8) != 0;
  o.transitional_processing = (bits & 16) != 0;
  o.verify_dns_length = (bits & 32) != 0;
  o.ignore_invalid_punycode = (bits & 64) != 0;
  o.forbid_domain_code_points = (bits & 128) != 0;
  o.reject_empty = (more & 1) != 0;
  o.ascii_input_lowercase_only = (more & 2) != 0;
  o.display_fallback = (more & 4) != 0;
  return o;
}


/// UTF-16 to code points, a lone surrogate standing for itself (as the
/// UTF-16 entry points read it).
std::u32string from_utf16(std::u16string_view s) {
  std::u32string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char32_t c = s[i];
    if (c >= 0xD800 && c <= 0xDBFF && i + 1 < s.size() && s[i + 1] >= 0xDC00 && s[i + 1] <= 0xDFFF) {
      out += static_cast<char32_t>(0x10000 + ((c - 0xD800) << 10) + (s[i + 1] - 0xDC00));
      ++i;
    } else {
      out += c;
    }
  }
  return out;
}

/// Raw UTF-16 input: the two entry points that take code units and code
/// points agree, lone surrogates and all.
void check_utf16(const std::uint8_t* data, std::size_t size, const puny::idna_options& options) {
  std::u16string units(size / 2, u'\0');
  for (std::size_t j = 0; j < units.size(); ++j) {
    units[j] = static_cast<char16_t>(data[2 * j] | (data[2 * j + 1] << 8));
  }
  const std::u32string cps = from_utf16(units);
  std::vector<char> a16(64 * units.size() + 64);
  std::vector<char> a32(a16.size());
  const puny::idna_result x16 = puny::to_ascii(std::u16string_view(units), std::span<char>(a16), options);
  const puny::idna_result x32 = puny::to_ascii(std::u32string_view(cps), std::span<char>(a32), options);
  PUNY_FUZZ_CHECK(x16.code == puny::status::success && x32.code == puny::status::success);
  PUNY_FUZZ_CHECK(x16.errors == x32.errors && x16.written == x32.written && x16.label == x32.label);
  PUNY_FUZZ_CHECK(std::string_view(a16.data(), x16.written) == std::string_view(a32.data(), x32.written));
  std::vector<char16_t> u16(18 * units.size() + 64);
  std::vector<char32_t> u32(18 * units.size() + 64);
  const puny::idna_result y16 = puny::to_unicode(std::u16string_view(units), std::span<char16_t>(u16), options);
  const puny::idna_result y32 = puny::to_unicode(std::u32string_view(cps), std::span<char32_t>(u32), options);
  PUNY_FUZZ_CHECK(y16.code == puny::status::success && y32.code == puny::status::success);
  PUNY_FUZZ_CHECK(y16.errors == y32.errors && y16.label == y32.label);
  // Compared in UTF-16: mapping can bring a high and a low lone surrogate
  // together, which then read back as one pair.
  PUNY_FUZZ_CHECK(std::u16string_view(u16.data(), y16.written) ==
                  to_utf16(std::u32string_view(u32.data(), y32.written)));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const puny::idna_options options = options_from(data[0], data[1]);
  if ((data[1] & 8) != 0) {
    check_utf16(data + 2, size - 2, options);
    return 0;
  }
  const std::string domain(reinterpret_cast<const char*>(data + 2), size - 2);

  std::vector<char> ascii(64 * domain.size() + 64);
  const puny::idna_result a = puny::to_ascii(std::string_view(domain), std::span<char>(ascii), options);
  std::vector<char> unicode(18 * domain.size() + 64);
  const puny::idna_result u = puny::to_unicode(std::string_view(domain), std::span<char>(unicode), options);

  if (!puny_fuzz::well_formed_or_rejected(domain, a, u)) return 0;
  PUNY_FUZZ_CHECK(a.code == puny::status::success);
  PUNY_FUZZ_CHECK(u.code == puny::status::success);
  if (a.ok()) {
    for (std::size_t j = 0; j < a.written; ++j) PUNY_FUZZ_CHECK(static_cast<unsigned char>(ascii[j]) < 0x80);
  } else {
    PUNY_FUZZ_CHECK(a.written == 0 && !a.errors.empty());
  }

  // The same domain in UTF-32 and UTF-16 gives the same codes and text.
  const std::vector<char32_t> cps = puny_fuzz::code_points_of(domain);
  const std::u32string_view d32(cps.data(), cps.size());
  std::vector<char> ascii32(ascii.size());
  const puny::idna_result a32 = puny::to_ascii(d32, std::span<char>(ascii32), options);
  PUNY_FUZZ_CHECK(a32.code == a.code && a32.errors == a.errors && a32.written == a.written &&
                  a32.label == a.label);
  PUNY_FUZZ_CHECK(std::string_view(ascii32.data(), a32.written) == std::string_view(ascii.data(), a.written));
  const std::u16string d16 = to_utf16(std::u32string_view(cps.data(), cps.size()));
  std::vector<char> ascii16(ascii.size());
  const puny::idna_result a16 = puny::to_ascii(std::u16string_view(d16), std::span<char>(ascii16), options);
  PUNY_FUZZ_CHECK(a16.code == a.code && a16.errors == a.errors && a16.written == a.written);
  PUNY_FUZZ_CHECK(std::string_view(ascii16.data(), a16.written) == std::string_view(ascii.data(), a.written));
  std::vector<char32_t> unicode32(18 * cps.size() + 64);
  const puny::idna_result u32 = puny::to_unicode(d32, std::span<char32_t>(unicode32), options);
  PUNY_FUZZ_CHECK(u32.code == u.code && u32.errors == u.errors && u32.label == u.label);

  // `needed` is exact: an output of that size suffices.
  std::vector<char> tiny(1);
  const puny::idna_result small = puny::to_unicode(std::string_view(domain), std::span<char>(tiny), options);
  if (small.code == puny::status::output_too_small) {
    PUNY_FUZZ_CHECK(small.needed == u.written);
    std::vector<char> exact(small.needed);
    const puny::idna_result again = puny::to_unicode(std::string_view(domain), std::span<char>(exact), options);
    PUNY_FUZZ_CHECK(again.code == puny::status::success && again.written == u.written && again.errors == u.errors);
  } else {
    PUNY_FUZZ_CHECK(small.code == puny::status::success && small.written == u.written);
  }

  // The allocating functions are the buffer ones: same codes, same text
  // (ToASCII's text only on success, ToUnicode's always).
  const puny::idna_converted<std::string> ca = puny::to_ascii(std::string_view(domain), options);
  PUNY_FUZZ_CHECK(ca.code == a.code && ca.errors == a.errors && ca.label == a.label);
  PUNY_FUZZ_CHECK(ca.value == (a.ok() ? std::string_view(ascii.data(), a.written) : std::string_view()));
  const puny::idna_converted<std::string> cu = puny::to_unicode(std::string_view(domain), options);
  PUNY_FUZZ_CHECK(cu.code == u.code && cu.errors == u.errors && cu.label == u.label);
  PUNY_FUZZ_CHECK(cu.value == std::string_view(unicode.data(), u.written));

  // One byte short of a successful ToASCII: refused, with `needed` exact,
  // and nothing written into the bytes past the span (guarded by a canary).
  if (a.ok() && a.written > 0) {
    std::vector<char> guarded(a.written + 16, '\xA5');
    const puny::idna_result shorter =
        puny::to_ascii(std::string_view(domain), std::span<char>(guarded.data(), a.written - 1), options);
    PUNY_FUZZ_CHECK(shorter.code == puny::status::output_too_small && shorter.needed == a.written);
    for (std::size_t j = a.written - 1; j < guarded.size(); ++j) PUNY_FUZZ_CHECK(guarded[j] == '\xA5');
  }

  // ToASCII is idempotent on its own output, and ToUnicode accepts that
  // output and maps back to it (UTS #46 §4.2, §4.3: an xn-- label that
  // ToASCII wrote decodes and validates under the same options).  The one
  // exception is the spec's own: without VerifyDnsLength, ToASCII accepts
  // an empty label (".de", "a..b"), which ToUnicode reports as X4_2 (§4
  // step 5; IdnaTestV2 says so), its output still the same text.
  // ToUnicode is always nontransitional (UTS #46 §4.3), so with
  // Transitional_Processing its output maps back through a nontransitional
  // ToASCII: a transitional one would map the deviations that an xn-- label
  // may hold (§4 step 4 validates those labels nontransitionally), and
  // "xn--xn-bbcvad" (ςςxnμς) would come back as "xn--xn-bbczad" (σσxnμσ).
  // The URL Standard's shortcut for all-ASCII input (the whatwg profile's
  // ascii_input_lowercase_only) is not UTS #46 in ToASCII: it lowercases
  // and checks W1 only, so "xn--a" passes it and ToUnicode then rejects
  // it (P4), as the URL Standard's tests expect.  The round trip through
  // ToUnicode is promised where ToASCII is UTS #46 proper.
  const bool round_trip_promised = !options.ascii_input_lowercase_only;
  puny::idna_errors only_empty_label;
  only_empty_label.insert(puny::idna_code::X4_2);
  if (a.ok()) {
    const std::string_view once(ascii.data(), a.written);
    std::vector<char> twice(64 * once.size() + 64);
    const puny::idna_result a2 = puny::to_ascii(once, std::span<char>(twice), options);
    PUNY_FUZZ_CHECK(a2.ok() && std::string_view(twice.data(), a2.written) == once);
    if (!round_trip_promised) return 0;
    std::vector<char> back(18 * once.size() + 64);
    const puny::idna_result u2 = puny::to_unicode(once, std::span<char>(back), options);
    PUNY_FUZZ_CHECK(u2.code == puny::status::success);
    PUNY_FUZZ_CHECK(u2.errors.empty() || (u2.errors == only_empty_label && !options.verify_dns_length));
    puny::idna_options back_options = options;
    back_options.transitional_processing = false;
    std::vector<char> again(64 * u2.written + 64);
    const puny::idna_result a3 =
        puny::to_ascii(std::string_view(back.data(), u2.written), std::span<char>(again), back_options);
    PUNY_FUZZ_CHECK(a3.ok() && std::string_view(again.data(), a3.written) == once);
  }
  return 0;
}
