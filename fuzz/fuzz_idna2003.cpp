// IDNA2003 (include/puny/idna2003.hpp) on arbitrary bytes: the first byte
// picks the options (AllowUnassigned, UseSTD3ASCIIRules, VerifyDnsLength,
// the NFKC composition rule), the second what to run (bit 0: read the rest
// as raw UTF-32 code units, surrogates and values above U+10FFFF included;
// bit 1: Nameprep of the whole input as one label too), the rest is the
// name in UTF-8.  Properties: no crash, UB or heap misuse whatever the
// input; the UTF-8 and UTF-32 entry points agree (status, codes, label,
// offset, code point, text); the allocating functions agree with the
// buffer ones; `needed` is exact (that size suffices, one fewer is refused
// with nothing written past it); ToASCII's success means ASCII output, and
// ToASCII of that output gives it back (RFC 3490 §4.1 leaves an ASCII
// label that Nameprep would not change as it is); ToUnicode (RFC 3490 §4.2)
// never fails to write (status success on well-formed input), writes one
// label per input label, and no label longer in code points than the one
// it came from; with the corrected NFKC, which makes Nameprep idempotent,
// ToUnicode of each label ToASCII encoded gives that label's Nameprep.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.hpp"
#include "puny/idna2003.hpp"
#include "puny/utf8.hpp"
#include "test_encoding.hpp"

namespace {

using puny_fuzz::all_ascii;
namespace i3 = puny::idna2003;

i3::options options_from(std::uint8_t bits) {
  i3::options o;
  o.allow_unassigned = (bits & 1) != 0;
  o.use_std3_ascii_rules = (bits & 2) != 0;
  o.verify_dns_length = (bits & 4) != 0;
  o.nfkc = (bits & 8) != 0 ? i3::composition::unicode_3_2_text : i3::composition::corrected;
  return o;
}

bool is_separator(char32_t c) { return c == U'.' || c == U'\u3002' || c == U'\uFF0E' || c == U'\uFF61'; }

/// The labels of a name: split on the four separators of RFC 3490 §3.1
/// (input), or on U+002E only (ToUnicode's output, whose decoded labels may
/// hold U+3002 and its like: only the input's separators separate).
std::vector<std::u32string_view> labels_of(std::u32string_view s, bool all_four) {
  std::vector<std::u32string_view> out;
  std::size_t start = 0;
  for (std::size_t j = 0; j <= s.size(); ++j) {
    if (j == s.size() || (all_four ? is_separator(s[j]) : s[j] == U'.')) {
      out.push_back(s.substr(start, j - start));
      start = j + 1;
    }
  }
  return out;
}

void check_utf32(const std::uint8_t* data, std::size_t size, const i3::options& o) {
  const std::u32string units = puny_fuzz::utf32_units(data, size);
  // A code unit above U+10FFFF is status::invalid_code_point (as
  // ill-formed UTF-8 is invalid_utf8); a surrogate is a code point of table
  // C.5 (RFC 3454), so a rule code (PROHIBITED), with status success.
  bool in_range = true;
  for (const char32_t c : units) in_range = in_range && c <= 0x10FFFF;
  const auto expected = [&](const i3::result& r) {
    return in_range ? r.code == puny::status::success || r.code == puny::status::scratch_too_small
                    : r.code == puny::status::invalid_code_point;
  };
  std::vector<char> ascii(4 * 18 * units.size() + 4 * (units.size() + 1) + 8);
  const i3::result a = i3::to_ascii(std::u32string_view(units), ascii, o);
  PUNY_FUZZ_CHECK(expected(a));
  if (a.ok()) PUNY_FUZZ_CHECK(all_ascii(std::string_view(ascii.data(), a.written)));
  std::vector<char32_t> unicode(units.size() + 8);
  const i3::result u = i3::to_unicode(std::u32string_view(units), unicode, o);
  PUNY_FUZZ_CHECK(expected(u));
  PUNY_FUZZ_CHECK(u.written <= units.size());
  std::vector<char32_t> prepared(18 * units.size() + 8);
  const i3::result n = i3::nameprep(std::u32string_view(units), prepared, o);
  PUNY_FUZZ_CHECK(expected(n));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const i3::options o = options_from(data[0]);
  const std::uint8_t mode = data[1];
  if ((mode & 1) != 0) {
    check_utf32(data + 2, size - 2, o);
    return 0;
  }
  const std::string domain(reinterpret_cast<const char*>(data + 2), size - 2);

  // The documented bounds: ToASCII 4 × 18 × code points + 4 × labels,
  // ToUnicode 4 × input bytes.
  const auto checked = puny_fuzz::check_standard_name<i3::result>(
      domain, 76 * domain.size() + 8,
      [](const auto&... args) { return i3::to_ascii(args...); },
      [](const auto&... args) { return i3::to_unicode(args...); },
      o, true);
  if (!checked) return 0;
  const i3::result& a = checked->a;
  const std::string_view a_text(checked->a_text);
  const std::u32string_view d32(checked->cps);
  const std::string_view d8(domain);

  // One label out per label in, none longer in code points.
  const auto in_labels = labels_of(d32, true);
  const auto out_labels = labels_of(checked->u32_text, false);
  PUNY_FUZZ_CHECK(in_labels.size() == out_labels.size());
  for (std::size_t j = 0; j < in_labels.size() && j < out_labels.size(); ++j) {
    PUNY_FUZZ_CHECK(out_labels[j].size() <= in_labels[j].size());
  }

  if (a.ok()) {
    // Nameprep's NFKC maps U+2024 ONE DOT LEADER and U+FE52 SMALL FULL
    // STOP to U+002E, and RFC 3490 §4.1 keeps that dot in the label (only
    // UseSTD3ASCIIRules, step 3, refuses it), as libidn, Java and Python
    // do: the ACE name then has more dots than the input had separators,
    // possibly empty labels, and is no longer a fixed point of ToASCII.
    bool nameprep_dot = false;
    for (const auto& label : in_labels) {
      if (all_ascii(label)) continue;
      const i3::converted<std::string> prepared = i3::nameprep(puny_test::to_utf8(label), o);
      if (prepared.ok() && prepared.value.find('.') != std::string::npos) nameprep_dot = true;
    }
    if (nameprep_dot) {
      PUNY_FUZZ_CHECK(!o.use_std3_ascii_rules);
      return 0;
    }
    const i3::converted<std::string> again = i3::to_ascii(a_text, o);
    PUNY_FUZZ_CHECK(again.ok() && again.value == a_text);
    // Each label ToASCII encoded (its Nameprep is not ASCII: an ASCII label,
    // or one that Nameprep makes ASCII, is passed on as it is and may spell
    // a fake "xn--" label) decodes to its Nameprep, given the corrected NFKC.
    const std::u32string a32_text(a_text.begin(), a_text.end());
    const auto ace_labels = labels_of(a32_text, false);
    PUNY_FUZZ_CHECK(ace_labels.size() == in_labels.size());
    const bool idempotent = o.nfkc == i3::composition::corrected;
    for (std::size_t j = 0; idempotent && j < in_labels.size() && j < ace_labels.size(); ++j) {
      if (all_ascii(in_labels[j])) continue;
      const std::string label8 = puny_test::to_utf8(in_labels[j]);
      const i3::converted<std::string> prepared = i3::nameprep(label8, o);
      PUNY_FUZZ_CHECK(prepared.ok());
      if (all_ascii(prepared.value)) continue;
      const std::string ace(ace_labels[j].begin(), ace_labels[j].end());
      const i3::converted<std::string> back = i3::to_unicode(ace, o);
      PUNY_FUZZ_CHECK(back.ok() && back.value == prepared.value);
    }
  }

  if ((mode & 2) != 0) {
    std::vector<char> prepared(18 * 4 * domain.size() + 8);
    const i3::result n = i3::nameprep(d8, prepared, o);
    PUNY_FUZZ_CHECK(n.code == puny::status::success);
    std::vector<char32_t> prepared32(18 * d32.size() + 8);
    const i3::result n32 = i3::nameprep(d32, prepared32, o);
    PUNY_FUZZ_CHECK(n32.code == n.code && n32.errors == n.errors && n32.offset == n.offset &&
                    n32.code_point == n.code_point);
    const std::string_view n_text(prepared.data(), n.written);
    if (n.ok()) {
      PUNY_FUZZ_CHECK(puny_test::to_utf8(std::u32string_view(prepared32.data(), n32.written)) == n_text);
      // Nameprep with the corrected NFKC is idempotent (RFC 3454 §3-§4
      // are built so that B.2 already holds the NFKC closure).
      if (o.nfkc == i3::composition::corrected) {
        const i3::converted<std::string> twice = i3::nameprep(n_text, o);
        PUNY_FUZZ_CHECK(twice.ok() && twice.value == n_text);
      }
    } else {
      PUNY_FUZZ_CHECK(n.written == 0 && !n.errors.empty());
    }
    puny_fuzz::check_standard_room<char, i3::result>([&](std::span<char> out) { return i3::nameprep(d8, out, o); }, n,
                                                     n_text);
  }
  return 0;
}
