// Differential test of puny's IDNA2003 ToASCII (include/puny/idna2003.hpp)
// against two independent implementations of RFC 3490 with Nameprep:
//  - CPython's `encodings.idna` (Lib/encodings/idna.py over the stringprep
//    module and unicodedata.ucd_3_2_0): ToASCII per label, str.encode("idna")
//    per name, through the python3 found at configure time (PUNY_PYTHON3;
//    the environment variable of that name overrides it);
//  - GNU libidn 1.x idna_to_ascii_8z (pkg-config libidn, linked into this
//    test binary only).
// Without a peer its tests report themselves skipped, except under CI=true,
// where they fail.
//
// The inputs are 20,000 strings generated with a fixed seed from code
// points assigned in Unicode 3.2 (UnicodeData.txt of PUNY_UNICODE_32_DIR),
// aimed at each step of RFC 3491/3490: table B.1 (mapped to nothing), B.2
// (case folding with its NFKC closure: ß, ligatures, letterlike and
// mathematical symbols), NFKC (full-width forms, compatibility characters,
// Hangul jamo, decomposed text, and the sequences of Public Review Issue 29),
// the prohibited tables C.1.2-C.9, the §6 Bidi rule (RandALCat first and
// last, no LCat beside it), the ACE prefix (in any case, and full width),
// label lengths around 63, all-ASCII labels (upper case, non-LDH: no
// Nameprep, RFC 3490 §4.1 step 1), and names over the four label
// separators with and without the root dot.  Compared:
//  - Python against puny with AllowUnassigned on and UseSTD3ASCIIRules off,
//    the only behaviour Python has (it never checks A.1 and never applies
//    STD3), and NFKC as corrected after PRI #29 (composition::corrected),
//    which Python's unicodedata does;
//  - libidn with IDNA_ALLOW_UNASSIGNED against puny with AllowUnassigned,
//    and libidn with IDNA_USE_STD3_ASCII_RULES against puny with
//    UseSTD3ASCIIRules, both with composition::unicode_3_2_text: libidn's
//    NFKC keeps the Unicode 3.2 text of the composition rule, from before
//    the PRI #29 correction.  The number of strings on which that choice
//    matters is printed (pr29), and each of them is checked to differ
//    between puny's two compositions.
// The verdicts must agree and, when both accept, the output byte for byte.
//
// Known divergence, checked where it occurs: Python's stringprep.map_table_b2
// folds case with the interpreter's current str.lower() outside a short
// exception list, so it maps 126 code points that table B.2 of RFC 3454
// leaves alone: U+04C0 (→ U+04CF), U+10A0..10C5 (→ U+2D00..), U+13A0..13F4
// (→ U+AB70..), U+2132 (→ U+214E), U+2183 (→ U+2184), all lower-case
// letters added after Unicode 3.2.  A difference on a string holding one
// of them counts as python_b2 only when puny, given the string with
// Python's mapping of those code points put in first, answers exactly as
// Python did.  Any other difference fails the test.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include "peer_report.hpp"
#include "puny/idna2003.hpp"
#include "python_peer.hpp"
#include "test_encoding.hpp"
#include "unicode_data.hpp"

#if defined(PUNY_HAVE_LIBIDN)
#include <idn-free.h>
#include <idna.h>
#include <stringprep.h>
#endif

namespace {

namespace fs = std::filesystem;
namespace i3 = puny::idna2003;

using puny_test::code_points;
using puny_test::hex;
using puny_test::to_utf8;

/// Printable ASCII as it is, anything else as \xHH.
std::string printable(std::string_view s) {
  std::string out;
  for (const char c : s) {
    const auto b = static_cast<unsigned char>(c);
    out += b >= 0x20 && b < 0x7F ? std::string(1, c) : hex(b, 2, "\\x");
  }
  return out;
}

bool is_separator(char32_t c) { return c == U'.' || c == U'\u3002' || c == U'\uFF0E' || c == U'\uFF61'; }

fs::path unicode_32_dir() {
  if (const char* env = std::getenv("PUNY_UNICODE_32_DIR"); env != nullptr && *env != '\0') return env;
#ifdef PUNY_UNICODE_32_DIR
  return PUNY_UNICODE_32_DIR;
#else
  return "../shared/unicode/3.2.0";
#endif
}

// ---------------------------------------------------------------------------
// Python: one python3 process per batch of requests.

// Requests, one a line, code points in hexadecimal:
//   v            the interpreter's version and unicodedata.ucd_3_2_0's
//   a CP ...     encodings.idna.ToASCII(label): "=" and the bytes in hex
//   n CP ...     str.encode("idna") of a name: the same
//   m CP         stringprep.map_table_b2(chr(CP)): "=" and the code points
// A failure is "!" and the exception.  The last line counts the answers.
constexpr std::string_view kPeerScript = R"py(import stringprep, unicodedata
from encodings import idna as idna2003

def text(arg):
    return "".join(chr(int(h, 16)) for h in arg.split())

def answer(op, arg):
    if op == "v":
        return sys.version.split()[0] + " " + unicodedata.ucd_3_2_0.unidata_version
    if op == "a":
        return idna2003.ToASCII(text(arg)).hex()
    if op == "n":
        return text(arg).encode("idna").hex()
    if op == "m":
        return " ".join("%X" % ord(c) for c in stringprep.map_table_b2(chr(int(arg, 16))))
    raise ValueError("bad request " + repr(op + " " + arg))

serve(answer)
)py";

struct answer {
  bool ok = false;
  std::string value;  // after "="
  std::string error;  // after "!"
};

std::optional<fs::path> python_path() { return puny_test::configured_python3(); }

std::string run_python(const std::vector<std::string>& requests, std::vector<answer>& answers) {
  std::vector<std::string> lines;
  if (std::string error = puny_test::run_python_batch(*python_path(), "python3", kPeerScript, "puny-idna2003-",
                                                      requests, lines);
      !error.empty()) {
    return error;
  }
  answers.clear();
  for (const std::string& line : lines) {
    answer x;
    x.ok = line.starts_with("=");
    if (!x.ok && !line.starts_with("!")) return "unexpected answer line: " + line;
    (x.ok ? x.value : x.error) = line.substr(1);
    answers.push_back(std::move(x));
  }
  return {};
}

/// Why Python cannot serve, or nothing; and its versions when it can.
struct python_probe {
  std::optional<std::string> why_not;
  std::string versions;
};

const python_probe& python() {
  static const python_probe probe = [] {
    python_probe p;
    const auto path = python_path();
    std::error_code ec;
    if (!path) {
      p.why_not = "python3 was not found at configure time (PUNY_PYTHON3 undefined)";
    } else if (!fs::exists(*path, ec)) {
      p.why_not = "python3 not found at " + path->string();
    } else {
      std::vector<answer> answers;
      if (const std::string error = run_python({"v"}, answers); !error.empty()) {
        p.why_not = path->string() + " cannot run encodings.idna: " + error;
      } else {
        p.versions = answers.at(0).value;
      }
    }
    return p;
  }();
  return probe;
}

#define PUNY_REQUIRE_PYTHON()                                                        \
  if (const auto& why_not = python().why_not; why_not) {                             \
    if (puny_test::running_in_ci()) FAIL() << "CI=true and " << *why_not;            \
    GTEST_SKIP() << *why_not << " (set PUNY_PYTHON3 to a python3 binary)";           \
  }

// ---------------------------------------------------------------------------
// libidn.

#if defined(PUNY_HAVE_LIBIDN)
constexpr bool kHaveLibidn = true;

/// idna_to_ascii_8z: the output, or the error's name.
struct libidn_answer {
  bool ok = false;
  std::string value;
  std::string error;
};

libidn_answer libidn_to_ascii(const std::string& utf8, int flags) {
  char* out = nullptr;
  const int rc = idna_to_ascii_8z(utf8.c_str(), &out, flags);
  libidn_answer a;
  a.ok = rc == IDNA_SUCCESS;
  if (a.ok) {
    a.value = out;
  } else {
    a.error = std::to_string(rc) + " " + idna_strerror(static_cast<Idna_rc>(rc));
  }
  idn_free(out);
  return a;
}

std::string libidn_version() {
  const char* v = stringprep_check_version(nullptr);
  return v != nullptr ? v : "?";
}
#else
constexpr bool kHaveLibidn = false;
#endif

#define PUNY_REQUIRE_LIBIDN()                                                                        \
  if (!kHaveLibidn) {                                                                                \
    constexpr std::string_view why_not = "libidn (pkg-config libidn) was not found at configure time"; \
    if (puny_test::running_in_ci() && !kLibidnNotForTarget) FAIL() << "CI=true and " << why_not;    \
    GTEST_SKIP() << why_not << " (Debian: libidn-dev)";                                              \
  }

#if defined(PUNY_LIBIDN_NOT_FOR_TARGET)
constexpr bool kLibidnNotForTarget = true;
#else
constexpr bool kLibidnNotForTarget = false;
#endif

// ---------------------------------------------------------------------------
// Code points assigned in Unicode 3.2.

/// assigned[cp] for UnicodeData.txt 3.2 (ranges given as First/Last pairs).
std::vector<bool> assigned_in_3_2() {
  std::ifstream in(unicode_32_dir() / "UnicodeData.txt");
  std::vector<bool> assigned;
  if (!in) return assigned;
  assigned.assign(0x110000, false);
  std::string line;
  unsigned long first = 0;
  while (std::getline(in, line)) {
    const auto semi = line.find(';');
    if (semi == std::string::npos) continue;
    const auto cp = std::stoul(line.substr(0, semi), nullptr, 16);
    const auto name_end = line.find(';', semi + 1);
    const std::string name = line.substr(semi + 1, name_end - semi - 1);
    if (name.ends_with(", First>")) {
      first = cp;
      continue;
    }
    const auto from = name.ends_with(", Last>") ? first : cp;
    for (auto c = from; c <= cp && c < 0x110000; ++c) {
      if (c < 0xD800 || c > 0xDFFF) assigned[c] = true;
    }
  }
  return assigned;
}

// ---------------------------------------------------------------------------
// The seeded strings.

struct code_range {
  char32_t first;
  char32_t last;
};

// Blocks of Unicode 3.2 across scripts and the compatibility areas.
constexpr std::array kBlocks = {
    code_range{0x00A0, 0x024F},    // Latin-1 Supplement, Latin Extended-A/B (ß, upper case, U+00AD)
    code_range{0x0300, 0x036F},    // combining marks
    code_range{0x0370, 0x03FF},    // Greek (final sigma, U+0390, U+03B0)
    code_range{0x0400, 0x04FF},    // Cyrillic (U+04C0)
    code_range{0x0531, 0x0587},    // Armenian (U+0587)
    code_range{0x0591, 0x05F4},    // Hebrew
    code_range{0x060C, 0x06FE},    // Arabic (U+06DD prohibited, both digit sets)
    code_range{0x0900, 0x097F},    // Devanagari
    code_range{0x0981, 0x09FA},    // Bengali
    code_range{0x0E01, 0x0E5B},    // Thai
    code_range{0x10A0, 0x10FB},    // Georgian (U+10A0..10C5)
    code_range{0x1100, 0x11F9},    // Hangul Jamo
    code_range{0x13A0, 0x13F4},    // Cherokee
    code_range{0x1800, 0x18A9},    // Mongolian (U+1806, U+180B..180E)
    code_range{0x1E00, 0x1FFE},    // Latin Extended Additional, Greek Extended
    code_range{0x2000, 0x206F},    // General Punctuation (spaces, joiners, Bidi controls)
    code_range{0x2070, 0x218F},    // super/subscripts, currency, letterlike (U+2132), number forms (U+2183)
    code_range{0x2460, 0x24FF},    // enclosed alphanumerics
    code_range{0x2FF0, 0x2FFB},    // ideographic description (C.7)
    code_range{0x3000, 0x30FF},    // CJK punctuation (U+3000, U+3002), kana
    code_range{0x3300, 0x33FF},    // CJK compatibility (squared words)
    code_range{0x4E00, 0x9FA5},    // CJK Unified Ideographs
    code_range{0xAC00, 0xD7A3},    // Hangul syllables
    code_range{0xE000, 0xE0FF},    // private use (C.3)
    code_range{0xFB00, 0xFDFB},    // presentation forms (ligatures, U+FDFA)
    code_range{0xFE00, 0xFE6B},    // variation selectors, compatibility forms
    code_range{0xFF01, 0xFFEE},    // full-width and half-width forms
    code_range{0x1D400, 0x1D7FF},  // mathematical alphanumerics
    code_range{0x20000, 0x2A6D6},  // CJK Extension B
    code_range{0xE0001, 0xE007F},  // tags (C.9)
};

// Code points singled out by the tables (all assigned in 3.2).
constexpr std::array<char32_t, 40> kSpecials = {
    0x00AD, 0x034F, 0x1806, 0x180B, 0x200B, 0x200C, 0x200D, 0x2060, 0xFE0F, 0xFEFF,  // B.1
    0x00DF, 0x0130, 0x0149, 0x01F0, 0x0390, 0x03C2, 0x1E9A, 0xFB00, 0x2121, 0x3371,  // B.2
    0x00A0, 0x3000, 0x0085, 0x06DD, 0x2028, 0xFFF9, 0xFFFC, 0x1D173, 0x0001, 0x007F,  // C.1.2-C.6, ASCII controls
    0x0340, 0x0341, 0x200E, 0x200F, 0x202E, 0x206A, 0xE0001, 0x2FF0, 0xFFFD, 0x0020,  // C.7-C.9, space
};

// Python's B.2 differs from RFC 3454's on these code points (Unicode 3.2
// letters whose lower case was added later).
bool python_b2_differs(char32_t c) {
  return c == 0x04C0 || (c >= 0x10A0 && c <= 0x10C5) || (c >= 0x13A0 && c <= 0x13F4) || c == 0x2132 || c == 0x2183;
}

// Starter pairs that compose, for the PRI #29 shape "starter, blocking
// mark(s), second starter": under the Unicode 3.2 text they compose across
// the marks, under the correction they do not.
constexpr std::array<std::pair<code_range, code_range>, 6> kStarterPairs = {{
    {{0x1100, 0x1112}, {0x1161, 0x1175}},  // Hangul L + V
    {{0xAC00, 0xAC00}, {0x11A8, 0x11C2}},  // Hangul LV + T
    {{0x09C7, 0x09C7}, {0x09BE, 0x09BE}},  // Bengali E + AA
    {{0x0B47, 0x0B47}, {0x0B3E, 0x0B3E}},  // Oriya E + AA
    {{0x0BC6, 0x0BC6}, {0x0BBE, 0x0BBE}},  // Tamil E + AA
    {{0x0DD9, 0x0DD9}, {0x0DCF, 0x0DCF}},  // Sinhala E + AA
}};
constexpr std::array<char32_t, 6> kBlockingMarks = {0x0300, 0x0301, 0x0327, 0x093C, 0x094D, 0x05B0};

template <class Int>
Int uniform(std::mt19937_64& rng, Int lo, Int hi) {
  return std::uniform_int_distribution<Int>(lo, hi)(rng);
}

class generator {
 public:
  generator(std::uint64_t seed, const std::vector<bool>& assigned) : rng_(seed), assigned_(assigned) {}

  /// One string: a label (three in four) or a name over the four separators.
  std::u32string item() {
    if (roll(4) != 0) return label();
    std::u32string name;
    const int labels = roll(3) + 2;
    static constexpr std::array<char32_t, 4> dots = {U'.', U'\u3002', U'\uFF0E', U'\uFF61'};
    for (int j = 0; j < labels; ++j) {
      if (j != 0) name += roll(2) == 0 ? U'.' : dots[uniform<std::size_t>(rng_, 0, 3)];
      name += roll(3) == 0 ? ascii_label() : label();
    }
    if (roll(5) == 0) name += dots[uniform<std::size_t>(rng_, 0, 3)];  // the root
    return name;
  }

 private:
  int roll(int n) { return uniform<int>(rng_, 0, n - 1); }

  char32_t from(code_range r) {
    for (int attempt = 0; attempt < 64; ++attempt) {
      const auto c = static_cast<char32_t>(uniform<std::uint32_t>(rng_, r.first, r.last));
      if (assigned_[c] && !is_separator(c)) return c;
    }
    return U'a';
  }

  char32_t any_block() { return from(kBlocks[uniform<std::size_t>(rng_, 0, kBlocks.size() - 1)]); }

  char32_t special() { return kSpecials[uniform<std::size_t>(rng_, 0, kSpecials.size() - 1)]; }

  char32_t ascii(std::string_view set) {
    return static_cast<char32_t>(set[uniform<std::size_t>(rng_, 0, set.size() - 1)]);
  }

  std::u32string ascii_label() {
    std::u32string s;
    for (auto n = uniform<std::size_t>(rng_, 1, roll(8) == 0 ? 70 : 12); n > 0; --n) {
      const int r = roll(30);
      s += r < 18 ? ascii("abcdefghijklmnopqrstuvwxyz") : r < 22 ? ascii("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
           : r < 25 ? ascii("0123456789") : r < 28 ? U'-' : ascii("_ !*/:@~");
    }
    return s;
  }

  std::u32string label() {
    std::u32string s;
    switch (roll(10)) {
      case 0: {  // right-to-left letters with digits, marks, Latin, C.8
        for (auto n = uniform<std::size_t>(rng_, 1, 8); n > 0; --n) {
          const int r = roll(20);
          s += r < 12 ? (roll(2) == 0 ? from({0x05D0, 0x05EA}) : from({0x0621, 0x064A}))
               : r < 14 ? ascii("0123456789") : r < 16 ? from({0x0660, 0x0669}) : r < 17 ? from({0x064B, 0x0652})
               : r < 18 ? ascii("abc") : r < 19 ? U'\u200F' : U'-';
        }
        break;
      }
      case 1: {  // the PRI #29 shape, among other text
        const auto& [a, b] = kStarterPairs[uniform<std::size_t>(rng_, 0, kStarterPairs.size() - 1)];
        if (roll(2) == 0) s += any_block();
        s += from(a);
        for (auto n = uniform<std::size_t>(rng_, 1, 2); n > 0; --n) {
          s += kBlockingMarks[uniform<std::size_t>(rng_, 0, kBlockingMarks.size() - 1)];
        }
        s += from(b);
        break;
      }
      case 2: {  // the ACE prefix before non-ASCII, in any case and width
        static constexpr std::array<std::u32string_view, 4> prefixes = {U"xn--", U"XN--", U"Xn--",
                                                                        U"\uFF58\uFF4E\uFF0D\uFF0D"};
        s += prefixes[uniform<std::size_t>(rng_, 0, prefixes.size() - 1)];
        s += any_block();
        break;
      }
      case 3: {  // long: around 63 octets once encoded
        const code_range r = kBlocks[uniform<std::size_t>(rng_, 0, kBlocks.size() - 1)];
        for (auto n = uniform<std::size_t>(rng_, 20, 70); n > 0; --n) s += roll(2) == 0 ? from(r) : ascii("abc");
        break;
      }
      case 4:  // the code points the tables single out, the Python B.2 list
        for (auto n = uniform<std::size_t>(rng_, 1, 5); n > 0; --n) {
          const int r = roll(4);
          s += r == 0 ? special() : r == 1 ? ascii("abcXYZ09-") : r == 2 ? from({0x13A0, 0x13F4}) : any_block();
        }
        break;
      default: {  // one or two blocks, some ASCII
        const code_range a = kBlocks[uniform<std::size_t>(rng_, 0, kBlocks.size() - 1)];
        const code_range b = kBlocks[uniform<std::size_t>(rng_, 0, kBlocks.size() - 1)];
        const int ascii_share = roll(3) * 20;
        for (auto n = uniform<std::size_t>(rng_, 1, 15); n > 0; --n) {
          const int r = roll(100);
          s += r < ascii_share ? ascii("abcdefghijklmnopqrstuvwxyzABC0123456789-") : r < 85 ? from(a) : from(b);
        }
        break;
      }
    }
    return s;
  }

  std::mt19937_64 rng_;
  const std::vector<bool>& assigned_;
};

constexpr std::size_t kStrings = 20000;

const std::vector<std::u32string>& seeded_strings(std::string& why_not) {
  static std::string error;
  static const std::vector<std::u32string> strings = [] {
    const std::vector<bool> assigned = assigned_in_3_2();
    std::vector<std::u32string> out;
    if (assigned.empty()) {
      error = "cannot read " + (unicode_32_dir() / "UnicodeData.txt").string() + " (set PUNY_UNICODE_32_DIR)";
      return out;
    }
    generator gen(0x3490'3491'3454ULL, assigned);
    // A few fixed ones first: the notes' examples.
    out = {U"fa\u00DF.de", U"\u04C0", U"\u13A0", U"\u2132", U"ABC", U"a_b", U"-ab",
           U"\u1100\u0300\u1161", U"\u0627\u0661", U"a.b.", U"\u00AD", U"XN--\u00FC", U"\uFF58\uFF4E--\u00FC"};
    while (out.size() < kStrings) out.push_back(gen.item());
    return out;
  }();
  why_not = error;
  return strings;
}

#define PUNY_REQUIRE_UNICODE_32(strings)                                                        \
  std::string data_why_not;                                                                     \
  const auto& strings = seeded_strings(data_why_not);                                           \
  if (!data_why_not.empty()) {                                                                  \
    if (puny_test::running_in_ci()) FAIL() << "CI=true and " << data_why_not;                   \
    GTEST_SKIP() << data_why_not;                                                               \
  }

// ---------------------------------------------------------------------------
// Comparing.

/// A verdict and, on success, the text.
struct verdict {
  bool ok = false;
  std::string text;
  std::string why;  // the error, for messages
  friend bool operator==(const verdict& a, const verdict& b) { return a.ok == b.ok && (!a.ok || a.text == b.text); }
};

std::string show(const verdict& v) { return v.ok ? "\"" + printable(v.text) + "\"" : "rejects (" + v.why + ")"; }

verdict run_puny(const std::u32string& s, const i3::options& o) {
  const auto r = i3::to_ascii(to_utf8(s), o);
  if (r.ok()) return {true, r.value, {}};
  return {false, {}, i3::to_string(r.errors) + ", status " + std::string(puny::name(r.code))};
}

bool has_separator(std::u32string_view s) { return std::any_of(s.begin(), s.end(), is_separator); }

std::string python_request(std::u32string_view s) {
  std::string line = has_separator(s) ? "n" : "a";  // ToASCII per label, the codec per name
  for (const char32_t c : s) line += hex(c, 1, " ");
  return line;
}

verdict from_python(const answer& a) {
  verdict v;
  v.ok = a.ok;
  if (!a.ok) {
    v.why = a.error;
    return v;
  }
  for (std::size_t j = 0; j + 1 < a.value.size(); j += 2) {
    v.text += static_cast<char>(std::stoul(a.value.substr(j, 2), nullptr, 16));
  }
  return v;
}

/// Counts, the explained differences, and the first unexplained ones.
struct tally {
  std::size_t both_accept = 0;
  std::size_t both_reject = 0;
  std::map<std::string, std::size_t> explained;
  std::vector<std::string> unexplained;

  void same(const verdict& v) { ++(v.ok ? both_accept : both_reject); }
  [[nodiscard]] std::string counts(std::size_t total) const {
    std::string out = std::to_string(total) + " strings: " + std::to_string(both_accept) +
                      " both accept (same text), " +
                      std::to_string(both_reject) + " both reject";
    for (const auto& [name, n] : explained) out += ", " + name + " " + std::to_string(n);
    return out + ", unexplained " + std::to_string(unexplained.size());
  }
  void check(const std::string& what) const {
    for (std::size_t j = 0; j < unexplained.size() && j < 10; ++j) {
      ADD_FAILURE() << what << ": unexplained difference:\n" << unexplained[j];
    }
    EXPECT_EQ(unexplained.size(), 0U) << what << ": " << unexplained.size() << " unexplained differences";
  }
};

std::string describe(const std::u32string& s, const verdict& mine, const std::string& peer, const verdict& theirs) {
  return "  input " + code_points(s) + " (" + printable(to_utf8(s)) + ")\n  puny:   " + show(mine) + "\n  " + peer +
         ": " + show(theirs);
}

// ---------------------------------------------------------------------------

TEST(Idna2003Peers, ToAsciiAgreesWithPythonEncodingsIdna) {
  PUNY_REQUIRE_PYTHON();
  PUNY_REQUIRE_UNICODE_32(strings);
  i3::options o;
  o.allow_unassigned = true;  // Python never checks table A.1
  o.use_std3_ascii_rules = false;  // nor applies STD3
  o.nfkc = i3::composition::corrected;

  std::vector<std::string> requests;
  for (const auto& s : strings) requests.push_back(python_request(s));
  std::vector<answer> answers;
  ASSERT_EQ(run_python(requests, answers), "");

  // The strings that differ and hold a code point of Python's B.2 list:
  // Python's own mapping of each such code point, asked in a second batch.
  tally t;
  std::vector<std::size_t> b2_candidates;
  std::set<char32_t> b2_code_points;
  for (std::size_t j = 0; j < strings.size(); ++j) {
    const verdict mine = run_puny(strings[j], o);
    const verdict theirs = from_python(answers[j]);
    if (mine == theirs) {
      t.same(mine);
      continue;
    }
    if (std::any_of(strings[j].begin(), strings[j].end(), python_b2_differs)) {
      b2_candidates.push_back(j);
      for (const char32_t c : strings[j]) {
        if (python_b2_differs(c)) b2_code_points.insert(c);
      }
      continue;
    }
    t.unexplained.push_back(describe(strings[j], mine, "Python", theirs));
  }
  std::map<char32_t, std::u32string> python_b2;
  if (!b2_code_points.empty()) {
    std::vector<std::string> map_requests;
    for (const char32_t c : b2_code_points) map_requests.push_back(hex(c, 4, "m "));
    std::vector<answer> maps;
    ASSERT_EQ(run_python(map_requests, maps), "");
    std::size_t k = 0;
    for (const char32_t c : b2_code_points) {
      std::u32string mapped;
      std::istringstream fields(maps[k++].value);
      std::string field;
      while (fields >> field) mapped += static_cast<char32_t>(std::stoul(field, nullptr, 16));
      python_b2[c] = mapped;
    }
  }
  for (const std::size_t j : b2_candidates) {
    std::u32string substituted;
    for (const char32_t c : strings[j]) substituted += python_b2_differs(c) ? python_b2.at(c) : std::u32string(1, c);
    const verdict theirs = from_python(answers[j]);
    const verdict mine = run_puny(strings[j], o);
    if (run_puny(substituted, o) == theirs) {
      ++t.explained["python_b2"];
    } else {
      t.unexplained.push_back(describe(strings[j], mine, "Python", theirs) +
                              "\n  (holds a code point of Python's B.2 list, but its mapping does not explain it)");
    }
  }
  std::cout << "[differential] IDNA2003 ToASCII vs Python " << python().versions
            << " encodings.idna (AllowUnassigned, no STD3, corrected NFKC): " << t.counts(strings.size()) << "\n";
  t.check("Python");
  EXPECT_GT(t.both_accept, 5000U);
  EXPECT_GT(t.both_reject, 2000U);
  EXPECT_GT(t.explained["python_b2"], 0U);
}

// The notes' rows for Python, one by one.
TEST(Idna2003Peers, PythonDivergencesOnTheNotesExamples) {
  PUNY_REQUIRE_PYTHON();
  std::vector<answer> answers;
  ASSERT_EQ(run_python({"a 4C0", "a 13A0", "a 2132", "m 4C0", "a 61 5F 62", "a 2D 61 62", "a 221 62"}, answers), "");
  i3::options o;
  o.allow_unassigned = true;
  // B.2 as published leaves these alone; Python folds them with today's str.lower().
  EXPECT_EQ(from_python(answers[0]).text, "xn--s5a");
  EXPECT_EQ(run_puny(U"\u04C0", o).text, "xn--d5a");
  EXPECT_EQ(from_python(answers[1]).text, "xn--kz9a");
  EXPECT_EQ(run_puny(U"\u13A0", o).text, "xn--58d");
  EXPECT_EQ(from_python(answers[2]).text, "xn--73g");
  EXPECT_EQ(run_puny(U"\u2132", o).text, "xn--f3g");
  EXPECT_EQ(answers[3].value, "4CF");
  // No STD3 in Python: "a_b" and "-ab" pass, as in puny without UseSTD3ASCIIRules.
  EXPECT_EQ(from_python(answers[4]).text, "a_b");
  EXPECT_EQ(run_puny(U"a_b", o).text, "a_b");
  EXPECT_EQ(from_python(answers[5]).text, "-ab");
  o.use_std3_ascii_rules = true;
  EXPECT_FALSE(run_puny(U"a_b", o).ok);
  // U+0221 (unassigned in 3.2): Python always allows it.
  EXPECT_EQ(from_python(answers[6]).text, "xn--b-3xa");
  o = {};
  EXPECT_FALSE(run_puny(U"\u0221b", o).ok);
}

#if defined(PUNY_HAVE_LIBIDN)
void compare_with_libidn(const std::vector<std::u32string>& strings, int flags, i3::options o,
                         const std::string& what) {
  o.nfkc = i3::composition::unicode_3_2_text;
  i3::options corrected = o;
  corrected.nfkc = i3::composition::corrected;
  tally t;
  std::size_t pr29 = 0;
  for (const auto& s : strings) {
    const libidn_answer a = libidn_to_ascii(to_utf8(s), flags);
    const verdict theirs{a.ok, a.value, a.error};
    const verdict mine = run_puny(s, o);
    const verdict other = run_puny(s, corrected);
    // Where the PRI #29 choice matters, libidn must side with the 3.2 text.
    if (!(mine == other)) ++pr29;
    if (mine == theirs) {
      t.same(mine);
      continue;
    }
    t.unexplained.push_back(describe(s, mine, "libidn", theirs) +
                            (mine == other ? "" : "\n  puny with corrected NFKC: " + show(other)));
  }
  t.explained["pr29 (3.2 text and correction differ; libidn agrees with the 3.2 text)"] = pr29;
  std::cout << "[differential] IDNA2003 ToASCII vs libidn " << libidn_version() << " idna_to_ascii_8z " << what << ": "
            << t.counts(strings.size()) << "\n";
  t.check("libidn " + what);
  EXPECT_GT(t.both_accept, 5000U);
  EXPECT_GT(t.both_reject, 2000U);
  EXPECT_GT(pr29, 0U);
}
#endif

TEST(Idna2003Peers, ToAsciiAgreesWithLibidnAllowUnassigned) {
  PUNY_REQUIRE_LIBIDN();
  PUNY_REQUIRE_UNICODE_32(strings);
#if defined(PUNY_HAVE_LIBIDN)
  i3::options o;
  o.allow_unassigned = true;
  compare_with_libidn(strings, IDNA_ALLOW_UNASSIGNED, o, "(IDNA_ALLOW_UNASSIGNED)");
#else
  static_cast<void>(strings);  // a cross build: libidn is not installed for the target
#endif
}

TEST(Idna2003Peers, ToAsciiAgreesWithLibidnStd3) {
  PUNY_REQUIRE_LIBIDN();
  PUNY_REQUIRE_UNICODE_32(strings);
#if defined(PUNY_HAVE_LIBIDN)
  i3::options o;
  o.use_std3_ascii_rules = true;
  compare_with_libidn(strings, IDNA_USE_STD3_ASCII_RULES, o, "(IDNA_USE_STD3_ASCII_RULES)");
#else
  static_cast<void>(strings);  // a cross build: libidn is not installed for the target
#endif
}

// The PRI #29 example of the notes: libidn composes across the blocking
// mark, as the Unicode 3.2 text of UAX #15 D2 says.
TEST(Idna2003Peers, LibidnKeepsTheUnicode32CompositionText) {
  PUNY_REQUIRE_LIBIDN();
#if defined(PUNY_HAVE_LIBIDN)
  const std::u32string s = U"\u1100\u0300\u1161";
  const libidn_answer a = libidn_to_ascii(to_utf8(s), IDNA_ALLOW_UNASSIGNED);
  ASSERT_TRUE(a.ok) << a.error;
  i3::options o;
  o.allow_unassigned = true;
  o.nfkc = i3::composition::unicode_3_2_text;
  EXPECT_EQ(run_puny(s, o).text, a.value);
  EXPECT_EQ(run_puny(U"\uAC00\u0300", o).text, a.value);  // U+AC00 U+0300
  o.nfkc = i3::composition::corrected;
  EXPECT_NE(run_puny(s, o).text, a.value);
#endif
}

}  // namespace
