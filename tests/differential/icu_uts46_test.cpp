// Differential test of puny's UTS #46 ToASCII and ToUnicode against ICU's
// (uidna_openUTS46 + uidna_nameToASCII_UTF8 / uidna_nameToUnicodeUTF8).
//
// ICU 72 implements Unicode 15.0 (UTS #46 revision 29); puny implements
// Unicode 17.0 (revision 35).  The domains are a hand-picked few, 30,000
// generated with a fixed seed from code points assigned in Unicode 15.0
// (DerivedAge.txt) and aimed at each part of UTS #46 §4 (mapping, NFC,
// deviations, Punycode, the validity criteria of §4.1, the Bidi rule,
// ContextJ, the length limits of §4.2), and the first lines of the shared
// domain corpora.  For every domain the two libraries must agree on
// accepting or rejecting it and, when both accept, on the output.
//
// Two kinds of disagreement are allowed, and counted:
//  - a Unicode 15.0 → 17.0 data change: the domain holds a code point of
//    kUnicodeChanges, each listed with the version that changed it and why
//    (IcuUts46.ChangeTableIsTheUnicodeDataDiff checks that the table is
//    exactly the difference between ICU's data and the 17.0 files);
//  - an ICU departure from the UTS #46 algorithm, named by icu_deviation()
//    and only where its precise condition holds.
// Anything else fails the test with the first ten domains.  ICU accepts an
// empty root label ("example.com.") where §4.2 step 4 reports A4_2; that is
// an interface difference, bridged in run_puny_root_as_icu().
//
// Options compared (ICU's flags as UTS #46 §4 options, see puny_options()):
//  - ICU UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ |
//    UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_NONTRANSITIONAL_TO_UNICODE
//    against puny's uts46 profile with UseSTD3ASCIIRules off (ToASCII and
//    ToUnicode);
//  - ICU UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ (transitional ToASCII)
//    against puny's transitional profile with UseSTD3ASCIIRules off.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "puny/idna.hpp"
#include "puny/punycode.hpp"
#include "test_encoding.hpp"
#include "unicode_data.hpp"

#if defined(PUNY_HAVE_ICU)
#include <unicode/uchar.h>
#include <unicode/uidna.h>
#include <unicode/unorm2.h>
#include <unicode/uversion.h>

namespace {

// ---------------------------------------------------------------------------
// UTF-8 and printing.

// Domains are written out with the tests' own UTF-8 writer (Unicode Table
// 3-6), not the converter under test.
using puny_test::append_utf8;
using puny_test::to_utf8;

// Lenient: the strings decoded here come from the generator, the corpora
// and the two libraries, all well-formed; a stray byte becomes U+FFFD.
std::u32string to_utf32(std::string_view s) {
  std::u32string out;
  for (std::size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    const std::size_t n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
    if (b >= 0x80 && b < 0xC0) {
      out += U'\uFFFD';
      ++i;
      continue;
    }
    std::uint32_t cp = n == 1 ? b : n == 2 ? (b & 0x1Fu) : n == 3 ? (b & 0x0Fu) : (b & 0x07u);
    for (std::size_t k = 1; k < n && i + k < s.size(); ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3Fu);
    out += static_cast<char32_t>(cp);
    i += n;
  }
  return out;
}

// "a.U+00DF" — printable ASCII as is, everything else as U+XXXX, so that a
// failure message shows exactly which code points were involved.
std::string escaped(std::string_view utf8) {
  std::string out;
  for (char32_t c : to_utf32(utf8)) {
    if (c >= 0x21 && c < 0x7F && c != U'\\') {
      out += static_cast<char>(c);
    } else {
      char buf[16];
      std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(c));
      out += ' ';
      out += buf;
      out += ' ';
    }
  }
  return out;
}

// ---------------------------------------------------------------------------
// Unicode 15.0: which code points exist there (DerivedAge.txt, read from
// the 17.0 data directory; an age of at most 15.0 means assigned in 15.0).

struct age_table {
  // Age as major * 16 + minor, 0 for unassigned.
  std::vector<std::uint16_t> age = std::vector<std::uint16_t>(0x110000, 0);
  [[nodiscard]] bool in_15_0(char32_t c) const {
    const auto a = age[static_cast<std::size_t>(c)];
    return a != 0 && a <= 15 * 16;
  }
  [[nodiscard]] std::string version(char32_t c) const {
    const auto a = age[static_cast<std::size_t>(c)];
    if (a == 0) return "unassigned in 17.0";
    return std::to_string(a / 16) + "." + std::to_string(a % 16);
  }
};

bool parse_derived_age(std::istream& in, age_table& t) {
  std::string line;
  std::size_t ranges = 0;
  while (std::getline(in, line)) {
    if (const auto hash = line.find('#'); hash != std::string::npos) line.resize(hash);
    const auto semi = line.find(';');
    if (semi == std::string::npos) continue;
    const std::string range = line.substr(0, semi);
    const std::string ver = line.substr(semi + 1);
    unsigned long first = 0;
    unsigned long last = 0;
    const auto dots = range.find("..");
    first = std::stoul(range.substr(0, dots), nullptr, 16);
    last = dots == std::string::npos ? first : std::stoul(range.substr(dots + 2), nullptr, 16);
    unsigned major = 0;
    unsigned minor = 0;
    if (std::sscanf(ver.c_str(), " %u.%u", &major, &minor) != 2 || last > 0x10FFFF || first > last) return false;
    for (unsigned long c = first; c <= last; ++c) t.age[c] = static_cast<std::uint16_t>(major * 16 + minor);
    ++ranges;
  }
  return ranges > 1000;
}

// One property of a UCD file ("first..last ; value ; ..."), for lookups.
class range_table {
 public:
  bool parse(std::istream& in) {
    std::string line;
    while (std::getline(in, line)) {
      if (const auto hash = line.find('#'); hash != std::string::npos) line.resize(hash);
      const auto semi = line.find(';');
      if (semi == std::string::npos) continue;
      const std::string range = line.substr(0, semi);
      const auto dots = range.find("..");
      const auto first = static_cast<char32_t>(std::stoul(range.substr(0, dots), nullptr, 16));
      const auto last =
          dots == std::string::npos ? first : static_cast<char32_t>(std::stoul(range.substr(dots + 2), nullptr, 16));
      std::string fields = line.substr(semi + 1);
      // Fields trimmed and rejoined with ";": "mapped;0061" or "NSM".
      std::string value;
      std::stringstream ss(fields);
      for (std::string f; std::getline(ss, f, ';');) {
        const auto b = f.find_first_not_of(' ');
        const auto e = f.find_last_not_of(' ');
        if (!value.empty()) value += ';';
        if (b != std::string::npos) value.append(f, b, e - b + 1);
      }
      entries_.push_back({first, last, value});
    }
    std::sort(entries_.begin(), entries_.end(), [](const entry& a, const entry& b) { return a.first < b.first; });
    return !entries_.empty();
  }
  [[nodiscard]] std::string_view get(char32_t c, std::string_view missing) const {
    auto it = std::upper_bound(entries_.begin(), entries_.end(), c,
                               [](char32_t x, const entry& e) { return x < e.first; });
    if (it == entries_.begin()) return missing;
    --it;
    return c <= it->last ? std::string_view(it->value) : missing;
  }

 private:
  struct entry {
    char32_t first;
    char32_t last;
    std::string value;
  };
  std::vector<entry> entries_;
};

// ---------------------------------------------------------------------------
// The Unicode 15.0 → 17.0 changes that make puny and ICU 72 disagree.
//
// Each entry is a code point (range) assigned in Unicode 15.0 whose UTS #46
// data differs between Unicode 15.0, which ICU 72 has, and Unicode 17.0,
// which puny has: its IdnaMappingTable.txt status or mapping (§5), or, for
// a valid code point, a property the validity criteria read
// (General_Category=Mark for §4.1 criterion 6, Bidi_Class for RFC 5893,
// Joining_Type and Canonical_Combining_Class for RFC 5892 Appendix A).  NFC
// (criterion 1) cannot differ for such code points: the Normalization
// Stability Policy freezes their decompositions.  A domain on which the
// libraries disagree must hold one of them, or a code point that Unicode
// 15.0 did not have (only Punycode inside an xn-- label can bring one in).
struct unicode_change {
  char32_t first;
  char32_t last;
  const char* version;  // the Unicode version whose data changed it
  const char* reason;
};

// The IdnaMappingTable entries were changed by UTS #46 revision 31
// (Unicode 15.1), which dropped the exceptions that had kept IDNA2003's
// results for these characters; U+1171E's properties by Unicode 16.0.
// IcuUts46.ChangeTableIsTheUnicodeDataDiff checks that this table is
// exactly the set of such differences between ICU's data and the 17.0
// files, so that nothing is listed that did not change, and no change is
// missing.
constexpr const char* kIdna2003Mapped =
    "IdnaMappingTable: disallowed (IDNA2003 exception) in 15.0, mapped to its lowercase since 15.1";
constexpr const char* kIdna2003Ignored =
    "IdnaMappingTable: disallowed (IDNA2003 exception) in 15.0, ignored (default ignorable) since 15.1";
constexpr const char* kIdna2003Compat =
    "IdnaMappingTable: disallowed (IDNA2003 exception) in 15.0, mapped to its canonical decomposition since 15.1";

constexpr unicode_change kUnicodeChanges[] = {
    {0x04C0, 0x04C0, "15.1", kIdna2003Mapped},  // CYRILLIC LETTER PALOCHKA -> U+04CF
    {0x10A0, 0x10C5, "15.1", kIdna2003Mapped},  // GEORGIAN CAPITAL LETTER AN..HOE -> U+2D00..U+2D25
    {0x115F, 0x1160, "15.1", kIdna2003Ignored},  // HANGUL CHOSEONG / JUNGSEONG FILLER
    {0x17B4, 0x17B5, "15.1", kIdna2003Ignored},  // KHMER VOWEL INHERENT AQ, AA
    {0x1806, 0x1806, "15.1",
     "IdnaMappingTable: MONGOLIAN TODO SOFT HYPHEN disallowed (IDNA2003 exception) in 15.0, valid since 15.1"},
    {0x180E, 0x180E, "15.1", kIdna2003Ignored},  // MONGOLIAN VOWEL SEPARATOR
    {0x1E9E, 0x1E9E, "15.1",
     "IdnaMappingTable: LATIN CAPITAL LETTER SHARP S mapped to \"ss\" in 15.0, to U+00DF (a deviation) since "
     "15.1, so nontransitional processing keeps a sharp s"},
    {0x2061, 0x2063, "15.1", kIdna2003Ignored},  // FUNCTION APPLICATION..INVISIBLE SEPARATOR
    {0x206A, 0x206F, "15.1", kIdna2003Ignored},  // deprecated format characters
    {0x2132, 0x2132, "15.1", kIdna2003Mapped},   // TURNED CAPITAL F -> U+214E
    {0x2183, 0x2183, "15.1", kIdna2003Mapped},   // ROMAN NUMERAL REVERSED ONE HUNDRED -> U+2184
    {0x3164, 0x3164, "15.1", kIdna2003Ignored},  // HANGUL FILLER
    {0xFFA0, 0xFFA0, "15.1", kIdna2003Ignored},  // HALFWIDTH HANGUL FILLER
    {0x1171E, 0x1171E, "16.0",
     "AHOM CONSONANT SIGN MEDIAL RA: Bidi_Class NSM -> L and Joining_Type T -> U in 16.0 (RFC 5893 rules 2, 3, "
     "5, 6; RFC 5892 A.1)"},
    {0x1D173, 0x1D17A, "15.1", kIdna2003Ignored},  // MUSICAL SYMBOL BEGIN BEAM..END PHRASE
    {0x2F868, 0x2F868, "15.1", kIdna2003Compat},   // CJK COMPATIBILITY IDEOGRAPH-2F868 -> U+36FC
    {0x2F874, 0x2F874, "15.1", kIdna2003Compat},   // -> U+5F53
    {0x2F91F, 0x2F91F, "15.1", kIdna2003Compat},   // -> U+243AB
    {0x2F95F, 0x2F95F, "15.1", kIdna2003Compat},   // -> U+7AEE
    {0x2F9BF, 0x2F9BF, "15.1", kIdna2003Compat},   // -> U+45D7
};

const unicode_change* change_for(char32_t c) {
  for (const auto& e : kUnicodeChanges)
    if (c >= e.first && c <= e.last) return &e;
  return nullptr;
}

// ---------------------------------------------------------------------------
// The generator.  std::uniform_int_distribution is not specified exactly,
// so the draws use the engine (which is) and a modulo: the same seed gives
// the same domains with any standard library.

class generator {
 public:
  generator(const age_table& ages, std::uint64_t seed) : ages_(ages), rng_(seed) { build_pools(); }

  std::string domain() {
    const std::size_t labels = pick_weighted({40, 35, 17, 8}) + 1;
    std::string d;
    for (std::size_t i = 0; i < labels; ++i) {
      if (i != 0) d += separator();
      if (chance(2)) continue;  // an empty label (A4_2 / X4_2)
      d += label();
    }
    if (chance(6)) d += separator();  // the root label: a trailing dot
    return d;
  }

 private:
  using pool = std::vector<char32_t>;

  std::uint64_t below(std::uint64_t n) { return rng_() % n; }
  bool chance(unsigned percent) { return below(100) < percent; }
  std::size_t pick_weighted(std::initializer_list<unsigned> weights) {
    unsigned total = 0;
    for (unsigned w : weights) total += w;
    auto r = static_cast<unsigned>(below(total));
    std::size_t i = 0;
    for (unsigned w : weights) {
      if (r < w) return i;
      r -= w;
      ++i;
    }
    return 0;
  }
  char32_t from(const pool& p) { return p[below(p.size())]; }
  // Each draw is its own statement: the order in which function arguments
  // are evaluated is unspecified (g++ and clang++ differ), and the domains
  // must not depend on the compiler.
  const pool& theme() { return *themes_[below(themes_.size())]; }

  pool make(std::initializer_list<std::pair<char32_t, char32_t>> ranges) const {
    pool p;
    for (auto [first, last] : ranges)
      for (char32_t c = first; c <= last; ++c)
        if (ages_.in_15_0(c) && (c < 0xD800 || c > 0xDFFF)) p.push_back(c);
    return p;
  }

  void build_pools() {
    ldh_ = make({{U'a', U'z'}, {U'0', U'9'}});
    upper_ = make({{U'A', U'Z'}, {0xC0, 0xDE}, {0x391, 0x3A9}, {0x410, 0x42F}, {0x1E00, 0x1E00}, {0xFF21, 0xFF3A}});
    // Printable ASCII other than letters, digits, hyphen and full stop, and a
    // few controls: valid with UseSTD3ASCIIRules off.
    ascii_other_ = make({{0x00, 0x2C}, {0x2F, 0x2F}, {0x3A, 0x40}, {0x5B, 0x60}, {0x7B, 0x7F}});
    latin_ = make({{0xC0, 0x24F}, {0x1E00, 0x1EFF}, {0x2C60, 0x2C7F}, {0xA720, 0xA7FF}, {0xAB30, 0xAB6F}});
    marks_ = make({{0x300, 0x36F},
                   {0x483, 0x489},
                   {0x591, 0x5BD},
                   {0x64B, 0x65F},
                   {0x93C, 0x93C},
                   {0x941, 0x94D},
                   {0xE31, 0xE31},
                   {0xE34, 0xE3A},
                   {0x1AB0, 0x1AFF},
                   {0x1DC0, 0x1DFF},
                   {0x20D0, 0x20F0},
                   {0xFE20, 0xFE2F}});
    greek_ = make({{0x370, 0x3FF}, {0x1F00, 0x1FFF}});
    cyrillic_ = make({{0x400, 0x52F}, {0x1C80, 0x1C8F}, {0xA640, 0xA69F}});
    hebrew_ = make({{0x591, 0x5F4}, {0xFB1D, 0xFB4F}});
    arabic_ = make({{0x600, 0x6FF}, {0x750, 0x77F}, {0x8A0, 0x8FF}, {0xFB50, 0xFBB1}, {0xFE70, 0xFEFC}});
    devanagari_ = make({{0x900, 0x97F}, {0xA8E0, 0xA8FF}});
    thai_ = make({{0xE01, 0xE5B}});
    cjk_ = make({{0x3040, 0x30FF}, {0x3400, 0x4DBF}, {0x4E00, 0x9FFF}, {0xF900, 0xFAFF}, {0x20000, 0x2A6DF}});
    hangul_ = make({{0x1100, 0x11FF}, {0x3130, 0x318F}, {0xAC00, 0xD7A3}, {0xFFA0, 0xFFDC}});
    fullwidth_ = make({{0xFF01, 0xFF5E}, {0xFF61, 0xFF9F}, {0x3000, 0x303F}});
    symbols_ = make({{0x2000, 0x2BFF}, {0x3200, 0x33FF}, {0x1D400, 0x1D7FF}, {0x1F100, 0x1FAFF}});
    for (char32_t c = 0; c <= 0x10FFFF; ++c)
      if (ages_.in_15_0(c) && (c < 0xD800 || c > 0xDFFF)) any_.push_back(c);
    deviations_ = {0xDF, 0x3C2, 0x200C, 0x200D, 0x1E9E, 0x3A3};
    themes_ = {&ldh_, &latin_, &greek_, &cyrillic_, &hebrew_, &arabic_, &devanagari_, &thai_, &cjk_, &hangul_,
               &fullwidth_, &symbols_, &any_};
  }

  std::string separator() {
    switch (pick_weighted({88, 6, 3, 3})) {
      case 0: return ".";
      case 1: return to_utf8(U"\u3002");  // IDEOGRAPHIC FULL STOP, mapped to U+002E
      case 2: return to_utf8(U"\uFF0E");
      default: return to_utf8(U"\uFF61");
    }
  }

  // Code points of one label in the style of `theme`, with the occasional
  // character from elsewhere.
  std::u32string text(const pool& theme, std::size_t length) {
    std::u32string s;
    while (s.size() < length) {
      switch (pick_weighted({70, 6, 5, 4, 3, 3, 3, 2, 2, 2})) {
        case 0: s += from(theme); break;
        case 1: s += from(ldh_); break;
        case 2: s += from(upper_); break;
        case 3: s += from(marks_); break;
        case 4: s += from(deviations_); break;
        case 5: s += U'-'; break;
        case 6: s += from(any_); break;
        case 7: s += from(ascii_other_); break;
        case 8:  // a virama, then a joiner: RFC 5892 A.1 / A.2 satisfied
          s += from(devanagari_);
          s += U'\u094D';
          s += chance(50) ? U'\u200D' : U'\u200C';
          break;
        default:  // ZWNJ between two Arabic letters: A.1's joining context
          s += from(arabic_);
          s += U'\u200C';
          s += from(arabic_);
          break;
      }
    }
    return s;
  }

  std::size_t length() {
    switch (pick_weighted({60, 30, 6, 4})) {
      case 0: return 1 + below(6);
      case 1: return 6 + below(10);
      case 2: return 16 + below(30);
      default: return 55 + below(15);  // around the 63-octet limit of §4.2 step 4
    }
  }

  std::string label() {
    switch (pick_weighted({55, 20, 8, 8, 9})) {
      case 0: {
        const pool& t = theme();
        const std::size_t n = length();
        return to_utf8(text(t, n));
      }
      case 1: return ascii_label();
      case 2: {  // §4.1 criterion 6: a combining mark first
        std::u32string s(1, from(marks_));
        const pool& t = theme();
        const std::size_t n = below(6);
        s += text(t, n);
        return to_utf8(s);
      }
      case 3: {  // a Bidi domain name: RTL letters, digits of either kind, NSM
        const pool& p = chance(50) ? hebrew_ : arabic_;
        std::u32string s = text(p, 1 + below(8));
        if (chance(30)) s += static_cast<char32_t>(U'0' + below(10));
        if (chance(20)) s += static_cast<char32_t>(0x660 + below(10));
        return to_utf8(s);
      }
      default: return ace_label();
    }
  }

  std::string ascii_label() {
    std::string s;
    const std::size_t n = length();
    for (std::size_t i = 0; i < n; ++i) {
      const auto k = pick_weighted({80, 8, 6, 6});
      s += k == 0   ? static_cast<char>(from(ldh_))
           : k == 1 ? static_cast<char>('A' + below(26))
           : k == 2 ? '-'
                    : static_cast<char>(from(ascii_other_));
    }
    if (chance(10) && s.size() >= 4) s[2] = s[3] = '-';  // §4.1 criterion 2
    return s;
  }

  // Labels that begin with xn--: Punycode of generated text (valid or not
  // as UTS #46 labels), of ASCII only, mutated or truncated Punycode, and
  // random digits.
  std::string ace_label() {
    std::string prefix = chance(85) ? "xn--" : chance(50) ? "XN--" : "Xn--";
    std::string body;
    switch (pick_weighted({55, 8, 15, 15, 7})) {
      case 0:
      case 2: {
        const pool& t = theme();
        const std::size_t n = 1 + below(12);
        const auto encoded = puny::encode(text(t, n));
        if (!encoded) return prefix;
        body = *encoded;
        if (below(3) == 2 && !body.empty()) {  // mutate one digit or truncate
          const std::size_t at = below(body.size());
          if (chance(50)) body[at] = static_cast<char>(from(ldh_));
          else body.resize(at);
        }
        break;
      }
      case 1: {  // Punycode of an ASCII-only label: P4 since UTS #46 revision 31
        std::u32string s;
        for (std::size_t i = 1 + below(6); i > 0; --i) s += from(ldh_);
        const auto encoded = puny::encode(s);
        if (encoded) body = *encoded;
        break;
      }
      case 3:
        for (std::size_t i = below(12); i > 0; --i) body += static_cast<char>(chance(10) ? '-' : from(ldh_));
        break;
      default:
        break;  // "xn--" alone
    }
    if (chance(10))
      for (char& c : body) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
    return prefix + body;
  }

  const age_table& ages_;
  std::mt19937_64 rng_;
  pool ldh_, upper_, ascii_other_, latin_, marks_, greek_, cyrillic_, hebrew_, arabic_, devanagari_, thai_, cjk_,
      hangul_, fullwidth_, symbols_, any_, deviations_;
  std::vector<const pool*> themes_;
};

// ---------------------------------------------------------------------------
// Corpora: the first lines of each /work/shared/corpus file, if present.

std::filesystem::path corpus_dir() {
  if (const char* env = std::getenv("PUNY_CORPUS_DIR"); env != nullptr && *env != '\0') return env;
#ifdef PUNY_CORPUS_DIR
  return PUNY_CORPUS_DIR;
#else
  return {};
#endif
}

constexpr std::size_t kGeneratedDomains = 30000;
constexpr std::size_t kCorpusLinesPerFile = 3000;
constexpr std::uint64_t kSeed = 0x7075'6E79'4943'5535;  // "punyICU5"

struct domain_set {
  std::vector<std::string> domains;
  std::size_t hand_picked = 0;
  std::size_t generated = 0;
  std::size_t from_corpus = 0;
  std::size_t corpus_skipped = 0;  // lines with code points Unicode 15.0 did not have
};

bool all_in_15_0(const age_table& ages, std::string_view d) {
  for (char32_t c : to_utf32(d))
    if (c > 0x10FFFF || !ages.in_15_0(c)) return false;
  return true;
}

// Each rule once on purpose, before the random domains: deviations both
// ways, mapping, the root label, empty labels, the hyphen rules, Punycode
// that is not valid, ContextJ, the Bidi rule, the length limits, and the
// ICU departures that icu_deviation() names.
const char* const kHandPicked[] = {
    "b\u00FCcher.de", "B\u00DCCHER.DE", "fa\u00DF.de", "FASS.de", "\u1E9E.de", "\u03B2\u03CC\u03BB\u03BF\u03C2.gr",
    "\u0392\u038C\u039B\u039F\u03A3.gr", "a\u200Db.com", "\u0915\u094D\u200D\u0937.in", "\u0628\u200C\u0628.eg",
    "a\u200Cb.com", "\u05D0\u05D1.\u05D2\u05D3", "\u05D0\u05D1.a1", "\u05D01.com", "\u0627\u0661\u06F1.com",
    "xn--abc-", "xn--", "xn--a", "XN--BCHER-KVA.de", "xn--zca.xn--ZCA", "xn--a--b-kq84c", "xn--ls8h", "a..b", ".a",
    "a.", "a.\u3002", "\u3002", "", ".", "\u0301a.com", "ab--cd.com", "-a.com", "a-.com",
    "\u65E5\u672C\u8A9E\u3002\uFF2A\uFF30", "\uFF21\uFF22\uFF0E\uFF43\uFF4F\uFF4D", "a\uFF61b", "a_b.com",
    "\U00020000a--b.com", "\U00020000--b.com", "a.\u034F", "\u00E9.\u034F", "a.\u200D", "\u00E9.\u200D",
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.com",   // 63
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.com",  // 64
};

domain_set make_domains(const age_table& ages) {
  domain_set set;
  for (const char* d : kHandPicked) set.domains.emplace_back(d);
  // 253 and 254 octets (§4.2 step 4), with and without the root label.
  const std::string d253 = std::string(63, 'a').append(".") + std::string(63, 'b').append(".") + std::string(63, 'c').append(".") +
                           std::string(61, 'd');
  for (const std::string& d : {d253, d253 + ".", d253 + "d", d253 + "d."}) set.domains.push_back(d);
  set.hand_picked = set.domains.size();
  generator g(ages, kSeed);
  for (std::size_t i = 0; i < kGeneratedDomains; ++i) set.domains.push_back(g.domain());
  set.generated = set.domains.size() - set.hand_picked;
  const auto dir = corpus_dir();
  if (!dir.empty()) {
    for (const char* name : {"ascii.txt", "mixed.txt", "unicode.txt"}) {
      std::ifstream in(dir / name);
      std::string line;
      for (std::size_t n = 0; n < kCorpusLinesPerFile && std::getline(in, line); ++n) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!all_in_15_0(ages, line)) {
          ++set.corpus_skipped;
          continue;
        }
        set.domains.push_back(line);
        ++set.from_corpus;
      }
    }
  }
  return set;
}

// ---------------------------------------------------------------------------
// The two sides.

struct outcome {
  bool accepted = false;
  std::string text;    // ToASCII: empty for puny on failure; ToUnicode: always set
  std::string errors;  // puny's codes or ICU's UIDNA_ERROR_* bits, for messages
  puny::idna_errors puny_codes;
  std::uint32_t icu_errors = 0;
};

enum class operation { to_ascii, to_unicode };

// What uidna_openUTS46's flags below amount to as UTS #46 §4 options:
// UseSTD3ASCIIRules only with UIDNA_USE_STD3_RULES, so off; CheckHyphens
// and VerifyDnsLength have no ICU flag and are always on (ICU reports
// UIDNA_ERROR_LEADING_HYPHEN, _TRAILING_HYPHEN, _HYPHEN_3_4, and in
// ToASCII _EMPTY_LABEL, _LABEL_TOO_LONG, _DOMAIN_NAME_TOO_LONG); CheckBidi
// and CheckJoiners with UIDNA_CHECK_BIDI and UIDNA_CHECK_CONTEXTJ;
// IgnoreInvalidPunycode does not exist in ICU, so off.
puny::idna_options puny_options(bool transitional) {
  puny::idna_options o = puny::idna_options::for_profile(transitional ? puny::idna_profile::transitional
                                                                      : puny::idna_profile::uts46);
  o.use_std3_ascii_rules = false;
  return o;
}

outcome run_puny(operation op, std::string_view d, const puny::idna_options& o) {
  auto r = op == operation::to_ascii ? puny::to_ascii(d, o) : puny::to_unicode(d, o);
  outcome out;
  out.accepted = r.ok();
  out.text = std::move(r.value);
  out.errors = r.code != puny::status::success ? "status " + std::to_string(static_cast<int>(r.code))
                                                : puny::to_string(r.errors);
  out.puny_codes = r.errors;
  return out;
}


std::string icu_error_names(std::uint32_t bits) {
  static constexpr std::pair<std::uint32_t, const char*> names[] = {
      {UIDNA_ERROR_EMPTY_LABEL, "EMPTY_LABEL"},
      {UIDNA_ERROR_LABEL_TOO_LONG, "LABEL_TOO_LONG"},
      {UIDNA_ERROR_DOMAIN_NAME_TOO_LONG, "DOMAIN_NAME_TOO_LONG"},
      {UIDNA_ERROR_LEADING_HYPHEN, "LEADING_HYPHEN"},
      {UIDNA_ERROR_TRAILING_HYPHEN, "TRAILING_HYPHEN"},
      {UIDNA_ERROR_HYPHEN_3_4, "HYPHEN_3_4"},
      {UIDNA_ERROR_LEADING_COMBINING_MARK, "LEADING_COMBINING_MARK"},
      {UIDNA_ERROR_DISALLOWED, "DISALLOWED"},
      {UIDNA_ERROR_PUNYCODE, "PUNYCODE"},
      {UIDNA_ERROR_LABEL_HAS_DOT, "LABEL_HAS_DOT"},
      {UIDNA_ERROR_INVALID_ACE_LABEL, "INVALID_ACE_LABEL"},
      {UIDNA_ERROR_BIDI, "BIDI"},
      {UIDNA_ERROR_CONTEXTJ, "CONTEXTJ"},
      {UIDNA_ERROR_CONTEXTO_PUNCTUATION, "CONTEXTO_PUNCTUATION"},
      {UIDNA_ERROR_CONTEXTO_DIGITS, "CONTEXTO_DIGITS"},
  };
  std::string s;
  for (auto [bit, name] : names) {
    if ((bits & bit) == 0) continue;
    if (!s.empty()) s += ", ";
    s += name;
  }
  return s;
}

class icu_uts46 {
 public:
  explicit icu_uts46(std::uint32_t options) {
    UErrorCode error = U_ZERO_ERROR;
    idna_ = uidna_openUTS46(options, &error);
    if (U_FAILURE(error)) idna_ = nullptr;
  }
  ~icu_uts46() {
    if (idna_ != nullptr) uidna_close(idna_);
  }
  icu_uts46(const icu_uts46&) = delete;
  icu_uts46& operator=(const icu_uts46&) = delete;
  [[nodiscard]] bool ok() const { return idna_ != nullptr; }

  // ICU always writes a result; it accepts the domain when info.errors is 0.
  outcome run(operation op, std::string_view d) const {
    auto* f = op == operation::to_ascii ? &uidna_nameToASCII_UTF8 : &uidna_nameToUnicodeUTF8;
    std::string buf(d.size() * 18 + 64, '\0');
    for (;;) {
      UIDNAInfo info = UIDNA_INFO_INITIALIZER;
      UErrorCode error = U_ZERO_ERROR;
      const std::int32_t n = f(idna_, d.data(), static_cast<std::int32_t>(d.size()), buf.data(),
                               static_cast<std::int32_t>(buf.size()), &info, &error);
      if (error == U_BUFFER_OVERFLOW_ERROR) {
        buf.assign(static_cast<std::size_t>(n) + 1, '\0');
        continue;
      }
      outcome out;
      if (U_FAILURE(error)) {
        out.errors = std::string("UErrorCode ") + u_errorName(error);
        return out;
      }
      buf.resize(static_cast<std::size_t>(n));
      out.accepted = info.errors == 0;
      out.text = std::move(buf);
      out.errors = icu_error_names(info.errors);
      out.icu_errors = info.errors;
      return out;
    }
  }

 private:
  UIDNA* idna_ = nullptr;
};

constexpr std::uint32_t kIcuNontransitional =
    UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ | UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_NONTRANSITIONAL_TO_UNICODE;
constexpr std::uint32_t kIcuTransitional = UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ;


// ---------------------------------------------------------------------------
// Comparison.

bool agree(const outcome& a, const outcome& b) { return a.accepted == b.accepted && (!a.accepted || a.text == b.text); }

// Why a disagreement is allowed, or nullopt.  The code points looked at are
// those of the input and of both libraries' ToUnicode of it, so that a
// change reached through an xn-- label counts too.
std::optional<std::string> explanation(const age_table& ages, std::initializer_list<std::string_view> texts) {
  for (std::string_view t : texts) {
    for (char32_t c : to_utf32(t)) {
      char buf[16];
      std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(c));
      if (const unicode_change* e = change_for(c)) return std::string(buf) + " changed in Unicode " + e->version;
      if (c <= 0x10FFFF && !ages.in_15_0(c)) return std::string(buf) + " is new in Unicode " + ages.version(c);
    }
  }
  return std::nullopt;
}

// ICU's ToASCII accepts a domain that ends in a separator — the empty root
// label of a fully qualified name, "example.com." — and checks the
// 253-octet limit without it (uidna.h: UIDNA_ERROR_EMPTY_LABEL is "a
// non-final domain name label (or the whole domain name) is empty").
// UTS #46 §4.2 step 4 with VerifyDnsLength makes that empty label an A4_2
// error, which puny reports.  This is ICU's documented interface, so to
// compare everything else puny converts such a domain without its final
// separator and the dot is put back.
constexpr std::string_view kSeparators[] = {".", "\u3002", "\uFF0E", "\uFF61"};

outcome run_puny_root_as_icu(std::string_view d, const puny::idna_options& o) {
  for (std::string_view sep : kSeparators) {
    if (d.size() > sep.size() && d.ends_with(sep)) {
      outcome r = run_puny(operation::to_ascii, d.substr(0, d.size() - sep.size()), o);
      if (r.accepted) r.text += '.';
      return r;
    }
  }
  return run_puny(operation::to_ascii, d, o);
}

// Whether `text` maps to nothing under §4 step 1 (ignored code points, and
// in transitional processing ZWJ and ZWNJ).
bool maps_to_nothing(std::string_view text, const puny::idna_options& o) {
  puny::idna_options lax = o;
  lax.verify_dns_length = false;
  lax.check_bidi = false;
  lax.check_joiners = false;
  std::string probe(1, 'a');
  probe.append(text);
  const auto r = puny::to_ascii(probe, lax);
  return r.ok() && r.value == "a";
}

// The text after the domain's last separator, or nullopt if it has none.
std::optional<std::string_view> last_label(std::string_view d) {
  std::optional<std::string_view> tail;
  std::size_t best = 0;
  for (std::string_view sep : kSeparators) {
    const std::size_t at = d.rfind(sep);
    if (at != std::string_view::npos && (!tail || at + sep.size() > best)) {
      best = at + sep.size();
      tail = d.substr(best);
    }
  }
  return tail;
}

// Where ICU 72 departs from UTS #46 itself (not from its data): returns why,
// or nullopt.  `unicode` is puny's ToUnicode of the domain: its labels are
// the ones §4.1 validates.  Only a disagreement on that very rule counts:
// puny reports V2 and ICU does not report UIDNA_ERROR_HYPHEN_3_4, or the
// other way round.
std::optional<std::string> icu_deviation(std::string_view domain, std::string_view unicode,
                                         const puny::idna_options& options, const outcome& mine,
                                         const outcome& theirs) {
  // §4 splits the domain into labels after mapping, so a last label that
  // maps to nothing ("a.b.U+034F") leaves the domain ending in a dot: the
  // root label (no error in ToUnicode, A4_2 in ToASCII with
  // VerifyDnsLength).  ICU 72 decides by where its slow path began: with no
  // non-ASCII code point before the last label it reports
  // UIDNA_ERROR_EMPTY_LABEL, otherwise it accepts the domain as if the dot
  // were literal.  Only that disagreement counts: one side's sole error is
  // the empty label, the other side accepts.
  if (const auto tail = last_label(domain); tail && !tail->empty() && maps_to_nothing(*tail, options)) {
    const bool icu_only_empty = theirs.icu_errors == UIDNA_ERROR_EMPTY_LABEL && mine.accepted;
    const bool puny_only_a4_2 =
        mine.puny_codes == puny::idna_errors{puny::idna_code::A4_2} && theirs.accepted;
    if (icu_only_empty || puny_only_a4_2)
      return "ICU decides on a last label that maps to nothing by the labels before it";
  }
  const bool v2_mine = mine.puny_codes.contains(puny::idna_code::V2);
  const bool v2_theirs = (theirs.icu_errors & UIDNA_ERROR_HYPHEN_3_4) != 0;
  if (v2_mine == v2_theirs) return std::nullopt;
  // §4.1 criterion 2 (CheckHyphens) looks at the 3rd and 4th code points;
  // ICU tests the 3rd and 4th UTF-16 code units, so a supplementary
  // character in the first three positions shifts what it sees.
  std::u32string text = to_utf32(unicode);
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find(U'.', start);
    if (end == std::u32string::npos) end = text.size();
    const std::u32string_view label(text.data() + start, end - start);
    const bool by_code_point = label.size() >= 4 && label[2] == U'-' && label[3] == U'-';
    std::u16string units;
    for (char32_t c : label) {
      if (c >= 0x10000) {
        units += static_cast<char16_t>(0xD800 + ((c - 0x10000) >> 10));
        units += static_cast<char16_t>(0xDC00 + ((c - 0x10000) & 0x3FF));
      } else {
        units += static_cast<char16_t>(c);
      }
    }
    const bool by_code_unit = units.size() >= 4 && units[2] == u'-' && units[3] == u'-';
    if (by_code_point != by_code_unit) return "ICU checks UTS #46 4.1 criterion 2 (V2) on UTF-16 code units";
    start = end + 1;
  }
  return std::nullopt;
}

struct report {
  std::size_t compared = 0;
  std::size_t agreed = 0;
  std::size_t explained = 0;
  std::size_t icu_deviations = 0;
  std::map<std::string, std::size_t> by_reason;
  std::vector<std::string> unexplained;  // formatted, first ones only
  std::size_t unexplained_count = 0;
};

}  // namespace

// ---------------------------------------------------------------------------
// The tests.


namespace {

struct fixture_data {
  age_table ages;
  domain_set set;
  bool loaded = false;
};

class IcuUts46 : public ::testing::Test {
 protected:
  static fixture_data& data() {
    static fixture_data d;
    return d;
  }

  void SetUp() override {
    if (!data().loaded) {
      PUNY_OPEN_UNICODE_FILE(in, "DerivedAge.txt");
      ASSERT_TRUE(parse_derived_age(in, data().ages)) << "cannot parse DerivedAge.txt";
      data().set = make_domains(data().ages);
      data().loaded = true;
    }
  }

  // Runs `op` on every domain with both libraries and fails on any
  // disagreement that kUnicodeChanges does not explain.
  void compare(operation op, const std::vector<std::string>& domains, const puny::idna_options& options,
               const icu_uts46& icu, const icu_uts46& icu_to_unicode) {
    ASSERT_TRUE(icu.ok() && icu_to_unicode.ok()) << "uidna_openUTS46 failed";
    report r;
    const puny::idna_options unicode_options = puny_options(false);
    for (const std::string& d : domains) {
      ++r.compared;
      const outcome mine = op == operation::to_ascii ? run_puny_root_as_icu(d, options) : run_puny(op, d, options);
      const outcome theirs = icu.run(op, d);
      if (agree(mine, theirs)) {
        ++r.agreed;
        continue;
      }
      const std::string mine_u = run_puny(operation::to_unicode, d, unicode_options).text;
      const std::string theirs_u = icu_to_unicode.run(operation::to_unicode, d).text;
      if (auto why = explanation(data().ages, {d, mine_u, theirs_u})) {
        ++r.explained;
        ++r.by_reason[*why];
        continue;
      }
      if (auto why = icu_deviation(d, mine_u, options, mine, theirs)) {
        ++r.icu_deviations;
        ++r.by_reason[*why];
        continue;
      }
      if (++r.unexplained_count <= 10) {
        std::ostringstream m;
        m << "  \"" << escaped(d) << "\"\n    puny: " << (mine.accepted ? "accepts" : "rejects") << " \""
          << escaped(mine.text) << "\" [" << mine.errors << "]\n    ICU:  " << (theirs.accepted ? "accepts" : "rejects")
          << " \"" << escaped(theirs.text) << "\" [" << theirs.errors << "]\n";
        r.unexplained.push_back(m.str());
      }
    }
    std::ostringstream summary;
    summary << r.compared << " domains: " << r.agreed << " agree, " << r.explained
            << " differ where Unicode 15.0 -> 17.0 data changed, " << r.icu_deviations
            << " where ICU departs from UTS #46, " << r.unexplained_count << " differ otherwise";
    for (const auto& [why, n] : r.by_reason) summary << "\n  " << n << " x " << why;
    std::cout << "[ summary  ] " << summary.str() << '\n';
    std::string first;
    for (const auto& m : r.unexplained) first += m;
    EXPECT_EQ(r.unexplained_count, 0u) << summary.str() << "\nFirst disagreements not explained by a Unicode change:\n"
                                       << first;
    EXPECT_EQ(r.compared, r.agreed + r.explained + r.icu_deviations + r.unexplained_count);
  }
};

}  // namespace

TEST_F(IcuUts46, GeneratesEnoughDomainsFromUnicode15) {
  const domain_set& s = data().set;
  EXPECT_GE(s.generated, 20000u);
  for (const std::string& d : s.domains) ASSERT_TRUE(all_in_15_0(data().ages, d)) << escaped(d);
  std::cout << "[ domains  ] " << s.hand_picked << " hand-picked, " << s.generated << " generated (seed " << kSeed
            << "), " << s.from_corpus
            << " from the corpora, " << s.corpus_skipped << " corpus lines skipped (not all in Unicode 15.0)\n";
}

TEST_F(IcuUts46, ToAsciiAgreesOnGeneratedDomains) {
  const icu_uts46 icu(kIcuNontransitional);
  compare(operation::to_ascii, data().set.domains, puny_options(false), icu, icu);
}

TEST_F(IcuUts46, ToUnicodeAgreesOnGeneratedDomains) {
  const icu_uts46 icu(kIcuNontransitional);
  // The domains as generated, and their ToASCII forms: ACE labels that
  // decode to valid text exercise ToUnicode's Punycode path (§4 step 4).
  std::vector<std::string> inputs = data().set.domains;
  const puny::idna_options o = puny_options(false);
  for (const std::string& d : data().set.domains)
    if (auto a = puny::to_ascii(d, o); a.ok() && a.value != d) inputs.push_back(a.value);
  compare(operation::to_unicode, inputs, o, icu, icu);
}

TEST_F(IcuUts46, TransitionalToAsciiAgreesOnGeneratedDomains) {
  // ICU's transitional ToUnicode maps deviations too, where UTS #46 §4.3
  // ToUnicode is always nontransitional, so only ToASCII is compared.
  const icu_uts46 icu(kIcuTransitional);
  const icu_uts46 icu_to_unicode(kIcuNontransitional);
  compare(operation::to_ascii, data().set.domains, puny_options(true), icu, icu_to_unicode);
}

// kUnicodeChanges is exactly the set of code points assigned in Unicode
// 15.0 whose UTS #46 data differs between ICU's copy and the 17.0 files:
// the IDNA mapping (ICU's "uts46" normalizer gives a code point's mapping,
// nothing when ignored, U+FFFD when disallowed, and keeps valid code points
// and deviations), and, for code points valid in either, the properties
// the validity criteria read (Bidi_Class, Joining_Type,
// Canonical_Combining_Class, General_Category=Mark).  A mapped code point's
// own properties never reach the criteria, so they are not compared.
TEST_F(IcuUts46, ChangeTableIsTheUnicodeDataDiff) {
  range_table idna;
  range_table bidi;
  range_table joining;
  range_table ccc;
  range_table gc;
  {
    PUNY_OPEN_UNICODE_FILE(in, "IdnaMappingTable.txt");
    ASSERT_TRUE(idna.parse(in));
  }
  {
    PUNY_OPEN_UNICODE_FILE(in, "DerivedBidiClass.txt");
    ASSERT_TRUE(bidi.parse(in));
  }
  {
    PUNY_OPEN_UNICODE_FILE(in, "DerivedJoiningType.txt");
    ASSERT_TRUE(joining.parse(in));
  }
  {
    PUNY_OPEN_UNICODE_FILE(in, "DerivedCombiningClass.txt");
    ASSERT_TRUE(ccc.parse(in));
  }
  {
    PUNY_OPEN_UNICODE_FILE(in, "DerivedGeneralCategory.txt");
    ASSERT_TRUE(gc.parse(in));
  }
  UErrorCode error = U_ZERO_ERROR;
  const UNormalizer2* uts46 = unorm2_getInstance(nullptr, "uts46", UNORM2_COMPOSE, &error);
  ASSERT_TRUE(U_SUCCESS(error)) << u_errorName(error);

  std::vector<char32_t> changed;
  std::map<char32_t, std::string> what;
  for (char32_t c = 0; c <= 0x10FFFF; ++c) {
    if (!data().ages.in_15_0(c) || (c >= 0xD800 && c <= 0xDFFF)) continue;
    // ICU 15.0: the mapping of c alone.
    const UChar32 u = static_cast<UChar32>(c);
    UChar src[2];
    std::int32_t src_len = 0;
    if (u < 0x10000) {
      src[src_len++] = static_cast<UChar>(u);
    } else {
      src[src_len++] = static_cast<UChar>(0xD800 + ((u - 0x10000) >> 10));
      src[src_len++] = static_cast<UChar>(0xDC00 + ((u - 0x10000) & 0x3FF));
    }
    UChar dst[64];
    error = U_ZERO_ERROR;
    const std::int32_t n = unorm2_normalize(uts46, src, src_len, dst, 64, &error);
    ASSERT_TRUE(U_SUCCESS(error)) << u_errorName(error);
    std::u32string theirs;
    for (std::int32_t i = 0; i < n; ++i) {
      const auto unit = static_cast<char32_t>(dst[i]);
      if (unit >= 0xD800 && unit <= 0xDBFF && i + 1 < n) {
        theirs += static_cast<char32_t>(0x10000 + ((unit - 0xD800) << 10) + (static_cast<char32_t>(dst[i + 1]) - 0xDC00));
        ++i;
      } else {
        theirs += unit;
      }
    }
    // Unicode 17.0: IdnaMappingTable.txt.
    const std::string_view entry = idna.get(c, "disallowed");
    const std::string_view status = entry.substr(0, entry.find(';'));
    std::u32string mine;
    if (status == "valid" || status == "deviation") {
      mine.assign(1, c);
    } else if (status == "mapped") {
      std::stringstream ss{std::string(entry.substr(entry.find(';') + 1))};
      for (std::string hex; ss >> hex;) mine += static_cast<char32_t>(std::stoul(hex, nullptr, 16));
    } else if (status != "ignored") {
      mine.assign(1, U'\uFFFD');
    }
    if (mine != theirs) {
      changed.push_back(c);
      what[c] = "IDNA mapping " + escaped(to_utf8(theirs)) + " -> " + escaped(to_utf8(mine));
      continue;
    }
    if (mine != std::u32string(1, c)) continue;  // mapped, ignored or disallowed in both
    const std::string_view bc =
        u_getPropertyValueName(UCHAR_BIDI_CLASS, u_charDirection(u), U_SHORT_PROPERTY_NAME);
    const std::string_view jt = u_getPropertyValueName(
        UCHAR_JOINING_TYPE, u_getIntPropertyValue(u, UCHAR_JOINING_TYPE), U_SHORT_PROPERTY_NAME);
    const bool mark = (U_GET_GC_MASK(u) & U_GC_M_MASK) != 0;
    std::string diff;
    if (bc != bidi.get(c, "L")) diff += " Bidi_Class " + std::string(bc) + " -> " + std::string(bidi.get(c, "L"));
    if (jt != joining.get(c, "U")) diff += " Joining_Type " + std::string(jt) + " -> " + std::string(joining.get(c, "U"));
    if (std::to_string(u_getCombiningClass(u)) != ccc.get(c, "0")) diff += " ccc";
    if (mark != gc.get(c, "Cn").starts_with('M')) diff += " General_Category (Mark)";
    if (!diff.empty()) {
      changed.push_back(c);
      what[c] = diff;
    }
  }
  std::vector<char32_t> listed;
  for (const auto& e : kUnicodeChanges)
    for (char32_t c = e.first; c <= e.last; ++c) listed.push_back(c);
  std::string missing;
  for (char32_t c : changed)
    if (change_for(c) == nullptr) missing += "\n  " + escaped(to_utf8(std::u32string(1, c))) + ":" + what[c];
  std::string extra;
  for (char32_t c : listed)
    if (std::find(changed.begin(), changed.end(), c) == changed.end())
      extra += " " + escaped(to_utf8(std::u32string(1, c)));
  EXPECT_TRUE(missing.empty()) << "Unicode 15.0 -> 17.0 changes not in kUnicodeChanges:" << missing;
  EXPECT_TRUE(extra.empty()) << "kUnicodeChanges lists code points whose data did not change:" << extra;
  EXPECT_EQ(changed.size(), listed.size());
}

#else  // !PUNY_HAVE_ICU: the tests exist, and say why they cannot run.

// CI=true wants the peer, so a missing ICU fails there; but a cross build
// (PUNY_ICU_NOT_FOR_TARGET) has no ICU for its target to link, and skips.
#if defined(PUNY_ICU_NOT_FOR_TARGET)
#define PUNY_SKIP_WITHOUT_ICU() GTEST_SKIP() << "cross build: ICU is not installed for this target"
#else
#define PUNY_SKIP_WITHOUT_ICU()                                                                              \
  if (puny_test::running_in_ci()) FAIL() << "CI=true and ICU (pkg-config icu-uc) was not found at configure time"; \
  GTEST_SKIP() << "ICU not built in (pkg-config icu-uc not found at configure time)"
#endif

TEST(IcuUts46, ToAsciiAgreesOnGeneratedDomains) { PUNY_SKIP_WITHOUT_ICU(); }

TEST(IcuUts46, ToUnicodeAgreesOnGeneratedDomains) { PUNY_SKIP_WITHOUT_ICU(); }

TEST(IcuUts46, TransitionalToAsciiAgreesOnGeneratedDomains) { PUNY_SKIP_WITHOUT_ICU(); }

#endif
