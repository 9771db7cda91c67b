// Differential test of puny's IDNA2008 lookup (include/puny/idna2008.hpp)
// against Python's `idna` package (kjd/idna), an independent implementation
// of RFCs 5891-5893 with its own RFC 5892 tables.
//
// The peer is the first python3 of these that can import `idna`: the
// PUNY_PYTHON_IDNA environment variable; the virtual environment that
// tools/install_dependencies.sh fills with the pinned idna release
// (PUNY_PYTHON_IDNA at configure time, tests/CMakeLists.txt); the python3
// found at configure time (PUNY_PYTHON3); /usr/bin/python3 (Debian's
// python3-idna).  Without one the tests report themselves skipped, except
// under CI=true, where they fail.
//
// What is compared, on 20,000 items generated with a fixed seed (single
// labels, and every seventh a name of two or three labels) from code points
// of many scripts: ASCII (upper case, digits, hyphens in every position,
// non-LDH), Latin with combining marks (NFC and not), Greek with U+0375,
// Cyrillic, Armenian, Hebrew with U+05F3/U+05F4, Arabic with both digit
// sets and joining letters around U+200C, Syriac, Thaana, NKo, Indic
// scripts with viramas before U+200C/U+200D, Thai, Tibetan, Myanmar,
// Georgian, Ethiopic, Cherokee, Khmer, Mongolian, kana with U+30FB, Han,
// Hangul, Adlam, symbols, emoji, full-width forms, and A-labels made from
// such labels in any case:
//  - idna.encode(item, strict=True) (no UTS #46 mapping; only U+002E splits
//    labels, as in IDNA2008) against puny::idna2008::to_ascii with the
//    lookup profile: the same accept/reject verdict and, when both accept,
//    the same A-labels;
//  - idna.decode(strict=True) of the names both accepted, against
//    puny::idna2008::to_unicode;
//  - 3,000 fake and damaged A-labels, decoded by both.
// Code points are drawn only from those assigned in the Unicode version
// both sides know: the oldest of the package's data (idna.idnadata), the
// interpreter's unicodedata (which the package uses for NFC, marks, Bidi
// classes and combining classes) and puny's 17.0.
//
// Every difference must fall into one of the classes below, each checked
// on the item, not assumed; any other difference fails the test:
//  - hyphen_start_end: Python applies RFC 5891 §4.2.3.1 (no "-" at either
//    end of a label) on lookup too (core.check_hyphen_ok); in puny that is
//    the registration rule (options::check_hyphens).  Checked: puny with
//    check_hyphens reports HYPHEN_START_END and nothing else;
//  - bidi_cross_label: RFC 5893 §1.4/§2 applies the Bidi rule to every
//    label of a Bidi domain name (one holding an R, AL or AN character
//    anywhere); Python checks each label on its own (core.check_bidi:
//    "only applied when the label contains at least one right-to-left
//    character"), so "123.ישראל" passes there.  Checked: puny rejects with
//    Bidi codes only, and accepts every label of the name on its own;
//  - alabel_case: an XN-label given in upper or mixed case: Python's
//    encode gives the input label back as given, puny lower-cases it
//    (RFC 5891 §5.3: the A-label is compared and written in lower case).
//    Checked: the outputs are equal ignoring ASCII case;
//  - decode_ascii_case: Python's decode lower-cases ASCII labels that are
//    not XN-labels; puny gives every label back as it was (IDNA maps
//    nothing).  Checked: equal ignoring ASCII case;
//  - alabel_not_canonical: idna releases before the §5.3 re-encoding check
//    (Debian 12's 3.3) accept a non-canonical Punycode spelling.  Checked:
//    puny's only code is ALABEL_NOT_CANONICAL and Python accepted;
//  - unicode_data: an item holds a code point on which Python's data and
//    puny's Unicode 17.0 data disagree (IDNA2008 derived property,
//    Bidi_Class, General_Category M, Canonical_Combining_Class,
//    Joining_Type, or the Scripts the CONTEXTO rules ask about).  Checked
//    code point by code point against what the peer reports.
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
#include "puny/idna2008.hpp"
#include "puny/punycode.hpp"
#include "puny/security.hpp"
#include "python_peer.hpp"
#include "test_encoding.hpp"
#include "unicode/ucd.hpp"
#include "unicode_data.hpp"

namespace {

namespace fs = std::filesystem;
namespace i8 = puny::idna2008;
namespace ucd = puny::detail::ucd;

// ---------------------------------------------------------------------------
// Text helpers.  UTF-8 is written by the tests' own encoder
// (tests/common/test_encoding.hpp), not the converter under test.

using puny_test::code_points;
using puny_test::hex;
using puny_test::to_utf8;

/// Lenient UTF-8 decoding of well-formed text (the generator's and the
/// peers' output); a stray byte becomes U+FFFD.
std::u32string to_utf32(std::string_view s) {
  std::u32string out;
  for (std::size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    const std::size_t n = b < 0x80 ? 1 : b < 0xC0 ? 0 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
    if (n == 0 || i + n > s.size()) {
      out += U'\uFFFD';
      ++i;
      continue;
    }
    char32_t c = n == 1 ? b : n == 2 ? (b & 0x1F) : n == 3 ? (b & 0x0F) : (b & 0x07);
    for (std::size_t k = 1; k < n; ++k) c = (c << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    out += c;
    i += n;
  }
  return out;
}

std::string lower_ascii(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

template <class Char>
std::vector<std::basic_string<Char>> split_labels(std::basic_string_view<Char> name) {
  std::vector<std::basic_string<Char>> labels(1);
  for (const Char c : name) {
    if (c == static_cast<Char>('.')) {
      labels.emplace_back();
    } else {
      labels.back() += c;
    }
  }
  return labels;
}

bool is_xn_label(std::string_view label) { return label.size() >= 4 && lower_ascii(label.substr(0, 4)) == "xn--"; }

// ---------------------------------------------------------------------------
// The peer: one python3 process per batch of requests.

// Requests, one a line, code points and bytes in hexadecimal so that every
// scalar value survives the transport:
//   v                the versions: idna, idna.idnadata, unicodedata
//   e CP CP ...      idna.encode(text, strict=True): "=" and the bytes
//   d BYTES          idna.decode(text, strict=True): "=" and the code points
//   p CP             what the package knows of one code point (see below)
// A failure is "!" then the error's machine-readable code (idna 3.x where
// it has one, else "-"), the exception type and its message.  The last
// line counts the answers, so a truncated file is not taken for a short
// batch.  -I keeps PYTHON* variables and the user's site-packages out.
constexpr std::string_view kPeerScript = R"py(import unicodedata
import idna
from idna import idnadata
from idna.intranges import intranges_contain

def text(arg):
    return "".join(chr(int(h, 16)) for h in arg.split())

def failure(e):
    return "!" + str(getattr(e, "code", None) or "-") + " " + type(e).__name__ + ": " + ascii(str(e))

_jt = idnadata.joining_types
_jt_is_map = isinstance(next(iter(_jt.values())), int)  # idna < 3.7: {cp: ord(type)}

def joining_type(cp):
    if _jt_is_map:
        v = _jt.get(cp)
        return chr(v) if v else "U"
    for jt, ranges in _jt.items():
        if intranges_contain(cp, ranges):
            return jt
    return "U"

def idna_class(cp):
    for name in ("PVALID", "CONTEXTJ", "CONTEXTO"):
        if intranges_contain(cp, idnadata.codepoint_classes[name]):
            return name
    return "OTHER"

def properties(cp):
    c = chr(cp)
    scripts = "".join("1" if intranges_contain(cp, idnadata.scripts[s]) else "0"
                      for s in ("Greek", "Hebrew", "Hiragana", "Katakana", "Han"))
    return " ".join([idna_class(cp), unicodedata.bidirectional(c) or "?", unicodedata.category(c),
                     str(unicodedata.combining(c)), joining_type(cp), scripts])

def answer(op, arg):
    if op == "v":
        return " ".join([idna.__version__, idnadata.__version__, unicodedata.unidata_version])
    if op == "e":
        return idna.encode(text(arg), strict=True).hex()
    if op == "d":
        return " ".join("%X" % ord(c) for c in idna.decode(bytes.fromhex(arg).decode("ascii"), strict=True))
    if op == "p":
        return properties(int(arg, 16))
    raise ValueError("bad request " + repr(op + " " + arg))

serve(answer, caught=(UnicodeError, ValueError), failure=failure)
)py";

/// One answer: the text after "=", or the failure after "!".
struct answer {
  bool ok = false;
  std::string value;  // "=" lines: the rest of the line
  std::string code;   // "!" lines: idna's error code ("-" when it has none)
  std::string error;  // "!" lines: the exception type and message
};

/// Runs `requests` through `python` in one process.  Empty on success,
/// else what went wrong.
std::string run_peer(const fs::path& python, const std::vector<std::string>& requests, std::vector<answer>& answers) {
  std::vector<std::string> lines;
  if (std::string error =
          puny_test::run_python_batch(python, python.string(), kPeerScript, "puny-pyidna-", requests, lines);
      !error.empty()) {
    return error;
  }
  answers.clear();
  for (const std::string& line : lines) {
    answer x;
    if (line.starts_with("=")) {
      x.ok = true;
      x.value = line.substr(1);
    } else if (line.starts_with("!")) {
      const auto space = line.find(' ');
      x.code = line.substr(1, space == std::string::npos ? std::string::npos : space - 1);
      x.error = space == std::string::npos ? std::string() : line.substr(space + 1);
    } else {
      return "unexpected answer line: " + line;
    }
    answers.push_back(std::move(x));
  }
  return {};
}

std::vector<fs::path> python_candidates() {
  std::vector<fs::path> out;
  if (const char* env = std::getenv("PUNY_PYTHON_IDNA"); env != nullptr && *env != '\0') out.emplace_back(env);
#ifdef PUNY_PYTHON_IDNA
  out.emplace_back(PUNY_PYTHON_IDNA);
#endif
  if (const char* env = std::getenv("PUNY_PYTHON3"); env != nullptr && *env != '\0') out.emplace_back(env);
#ifdef PUNY_PYTHON3
  out.emplace_back(PUNY_PYTHON3);
#endif
  out.emplace_back("/usr/bin/python3");
  return out;
}

/// "14.0.0" → 1400: major × 100 + minor.
int version_number(std::string_view v) {
  int major = 0;
  int minor = 0;
  std::size_t i = 0;
  for (; i < v.size() && v[i] >= '0' && v[i] <= '9'; ++i) major = major * 10 + (v[i] - '0');
  if (i < v.size() && v[i] == '.') {
    for (++i; i < v.size() && v[i] >= '0' && v[i] <= '9'; ++i) minor = minor * 10 + (v[i] - '0');
  }
  return major * 100 + minor;
}

struct peer_info {
  fs::path python;
  std::string idna_version;      // idna.__version__
  std::string data_version;      // idna.idnadata.__version__: its Unicode version
  std::string unidata_version;   // the interpreter's unicodedata
  std::vector<std::string> skipped;  // candidates tried first, and why they were passed over
  /// The Unicode version both sides know, as version_number() gives it.
  [[nodiscard]] int common_version() const {
    return std::min({version_number(data_version), version_number(unidata_version),
                     version_number(ucd::unicode_version)});
  }
};

/// The peer, or why there is none.
struct peer_probe {
  std::optional<peer_info> peer;
  std::string why_not;
};

const peer_probe& peer() {
  static const peer_probe probe = [] {
    peer_probe p;
    std::vector<std::string> tried;
    for (const fs::path& python : python_candidates()) {
      std::error_code ec;
      if (!fs::exists(python, ec)) {
        tried.push_back(python.string() + ": not found");
        continue;
      }
      std::vector<answer> answers;
      if (const std::string error = run_peer(python, {"v"}, answers); !error.empty()) {
        tried.push_back(python.string() + ": cannot import idna (" + error.substr(0, 200) + ")");
        continue;
      }
      std::istringstream fields(answers.at(0).value);
      peer_info info;
      info.python = python;
      fields >> info.idna_version >> info.data_version >> info.unidata_version;
      info.skipped = tried;
      p.peer = info;
      return p;
    }
    p.why_not = "no python3 with the idna package";
    for (const auto& t : tried) p.why_not += "\n  " + t;
    return p;
  }();
  return probe;
}

// Skips the test without the peer, or fails it under CI=true.
#define PUNY_REQUIRE_PYTHON_IDNA()                                                                  \
  if (!peer().peer) {                                                                               \
    if (puny_test::running_in_ci()) FAIL() << "CI=true and " << peer().why_not;                     \
    GTEST_SKIP() << peer().why_not << "\n(run tools/install_dependencies.sh, or set PUNY_PYTHON_IDNA)"; \
  }

std::string encode_request(std::u32string_view s) {
  std::string line = "e";
  for (const char32_t c : s) line += hex(c, 1, " ");
  return line;
}

std::string decode_request(std::string_view ascii) {
  std::string line = "d ";
  for (const char c : ascii) line += hex(static_cast<unsigned char>(c), 2);
  return line;
}

std::string from_hex_bytes(std::string_view h) {
  std::string out;
  for (std::size_t j = 0; j + 1 < h.size(); j += 2) {
    out += static_cast<char>(std::stoul(std::string(h.substr(j, 2)), nullptr, 16));
  }
  return out;
}

std::u32string from_hex_code_points(const std::string& h) {
  std::u32string out;
  std::istringstream fields(h);
  std::string field;
  while (fields >> field) out += static_cast<char32_t>(std::stoul(field, nullptr, 16));
  return out;
}

// ---------------------------------------------------------------------------
// Code points assigned in a Unicode version (DerivedAge.txt of 17.0).

/// assigned[cp]: cp has an Age at or before the version.  Empty when
/// DerivedAge.txt cannot be read.
std::vector<bool> assigned_by(int version) {
  std::ifstream in(puny_test::unicode_dir() / "DerivedAge.txt");
  std::vector<bool> assigned;
  if (!in) return assigned;
  assigned.assign(0x110000, false);
  std::string line;
  while (std::getline(in, line)) {
    const auto hash = line.find('#');
    if (hash != std::string::npos) line.erase(hash);
    const auto semi = line.find(';');
    if (semi == std::string::npos) continue;
    const std::string range = line.substr(0, semi);
    std::string age = line.substr(semi + 1);
    age.erase(0, age.find_first_not_of(' '));
    if (version_number(age) > version) continue;
    const auto dots = range.find("..");
    const auto first = std::stoul(range.substr(0, dots), nullptr, 16);
    const auto last = dots == std::string::npos ? first : std::stoul(range.substr(dots + 2), nullptr, 16);
    for (auto cp = first; cp <= last && cp < 0x110000; ++cp) {
      if (cp < 0xD800 || cp > 0xDFFF) assigned[cp] = true;
    }
  }
  return assigned;
}

// ---------------------------------------------------------------------------
// The seeded items.

struct code_range {
  char32_t first;
  char32_t last;
};

// Blocks of many scripts, left-to-right and right-to-left, with letters,
// marks, digits and the code points the context rules are about.
constexpr std::array kScripts = {
    code_range{0x00C0, 0x024F},    // Latin-1 letters, Latin Extended-A and -B
    code_range{0x0300, 0x036F},    // combining diacritical marks
    code_range{0x0370, 0x03FF},    // Greek and Coptic (U+0375)
    code_range{0x0400, 0x04FF},    // Cyrillic
    code_range{0x0531, 0x058A},    // Armenian
    code_range{0x0591, 0x05F4},    // Hebrew (U+05F3, U+05F4)
    code_range{0x0600, 0x06FF},    // Arabic (both digit sets)
    code_range{0x0710, 0x074F},    // Syriac
    code_range{0x0780, 0x07B1},    // Thaana
    code_range{0x07C0, 0x07FF},    // NKo
    code_range{0x0900, 0x097F},    // Devanagari
    code_range{0x0980, 0x09FE},    // Bengali
    code_range{0x0B80, 0x0BFA},    // Tamil
    code_range{0x0D00, 0x0D7F},    // Malayalam
    code_range{0x0E01, 0x0E5B},    // Thai
    code_range{0x0F00, 0x0FDA},    // Tibetan
    code_range{0x1000, 0x109F},    // Myanmar
    code_range{0x10A0, 0x10FF},    // Georgian
    code_range{0x1200, 0x137C},    // Ethiopic
    code_range{0x13A0, 0x13FD},    // Cherokee
    code_range{0x1780, 0x17F9},    // Khmer
    code_range{0x1800, 0x18AA},    // Mongolian
    code_range{0x1E00, 0x1FFF},    // Latin Extended Additional, Greek Extended
    code_range{0x2000, 0x206F},    // General Punctuation (joiners, Bidi controls)
    code_range{0x2100, 0x218B},    // letterlike symbols, number forms
    code_range{0x3040, 0x30FF},    // Hiragana, Katakana (U+30FB)
    code_range{0x4E00, 0x9FFF},    // CJK Unified Ideographs
    code_range{0xAC00, 0xD7A3},    // Hangul syllables
    code_range{0xFB1D, 0xFDFF},    // Hebrew and Arabic presentation forms
    code_range{0xFF01, 0xFFEE},    // full-width and half-width forms
    code_range{0x10D00, 0x10D39},  // Hanifi Rohingya (RTL, joining)
    code_range{0x1D400, 0x1D7FF},  // mathematical alphanumerics
    code_range{0x1E900, 0x1E95F},  // Adlam (RTL)
    code_range{0x1F300, 0x1FAFF},  // emoji
    code_range{0x20000, 0x2A6DF},  // CJK Extension B
};

// Right-to-left letters, for the Bidi shapes.
constexpr std::array kRtlLetters = {
    code_range{0x05D0, 0x05EA},  // Hebrew letters (R)
    code_range{0x0620, 0x064A},  // Arabic letters (AL)
    code_range{0x0710, 0x072F},  // Syriac letters (AL)
    code_range{0x0780, 0x07A5},  // Thaana letters (AL)
    code_range{0x07CA, 0x07EA},  // NKo letters (R)
};

// Arabic joining letters (Joining_Type D, R, L among them) and transparent
// marks, for U+200C's regular expression (RFC 5892 A.1).
constexpr std::array kJoining = {
    code_range{0x0620, 0x064A},  // Arabic letters: D and R
    code_range{0x0710, 0x072F},  // Syriac: D and R
    code_range{0x1820, 0x1878},  // Mongolian: D
    code_range{0xA840, 0xA872},  // Phags-pa: D (and U+A872: L)
};
constexpr std::array<char32_t, 8> kTransparent = {0x064B, 0x064E, 0x0650, 0x0652, 0x0670, 0x0711, 0x0730, 0x18A9};

// Consonants and their viramas (Canonical_Combining_Class 9), for A.1, A.2.
constexpr std::array<std::pair<code_range, char32_t>, 5> kViramas = {{
    {{0x0915, 0x0939}, 0x094D},  // Devanagari
    {{0x0995, 0x09B9}, 0x09CD},  // Bengali
    {{0x0B95, 0x0BB9}, 0x0BCD},  // Tamil
    {{0x0D15, 0x0D3A}, 0x0D4D},  // Malayalam
    {{0x1780, 0x17A2}, 0x17D2},  // Khmer (coeng)
}};

constexpr std::string_view kLower = "abcdefghijklmnopqrstuvwxyz";
constexpr std::string_view kUpper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
constexpr std::string_view kDigits = "0123456789";
constexpr std::string_view kNonLdh = "_ !$*+/:@~\x7f\t";

template <class Int>
Int uniform(std::mt19937_64& rng, Int lo, Int hi) {
  return std::uniform_int_distribution<Int>(lo, hi)(rng);
}

class generator {
 public:
  generator(std::uint64_t seed, const std::vector<bool>& assigned) : rng_(seed), assigned_(assigned) {}

  /// One item: a label, or (one in seven) a name of two or three labels.
  std::u32string item() {
    if (roll(7) != 0) return label();
    std::vector<std::u32string> labels(roll(3) == 0 ? 3 : 2);
    // Bidi domain names: an RTL label beside digit-only, LTR or other labels.
    const bool bidi = roll(2) == 0;
    for (std::size_t j = 0; j < labels.size(); ++j) {
      if (bidi && j == 0) {
        labels[j] = rtl_label();
      } else if (bidi && roll(2) == 0) {
        labels[j] = roll(2) == 0 ? ascii_from(kDigits, 1, 4) : ascii_label();
      } else {
        labels[j] = label();
      }
    }
    std::rotate(labels.begin(), labels.begin() + roll(static_cast<int>(labels.size())), labels.end());
    std::u32string name;
    for (const auto& l : labels) name += (name.empty() ? U"" : U".") + l;
    return name;
  }

  std::u32string label() {
    switch (roll(12)) {
      case 0:
        return ascii_label();
      case 1:
        return contextj_label();
      case 2:
      case 3:
        return contexto_label();
      case 4:
      case 5:
        return rtl_label();
      case 6:
        return hyphen_label();
      case 7:
        return a_label();
      case 8:
        return nfc_label();
      default:
        return mixed_label();
    }
  }

 private:
  int roll(int n) { return uniform<int>(rng_, 0, n - 1); }

  /// A code point of `r` assigned in the common version, or U+0061 when
  /// several tries find none.
  char32_t from(code_range r) {
    for (int attempt = 0; attempt < 64; ++attempt) {
      const auto c = static_cast<char32_t>(uniform<std::uint32_t>(rng_, r.first, r.last));
      if (assigned_[c]) return c;
    }
    return U'a';
  }

  template <std::size_t N>
  char32_t from_any(const std::array<code_range, N>& ranges) {
    return from(ranges[uniform<std::size_t>(rng_, 0, N - 1)]);
  }

  char32_t ascii_of(std::string_view set) {
    return static_cast<char32_t>(static_cast<unsigned char>(set[uniform<std::size_t>(rng_, 0, set.size() - 1)]));
  }

  std::u32string ascii_from(std::string_view set, std::size_t lo, std::size_t hi) {
    std::u32string s;
    for (auto n = uniform<std::size_t>(rng_, lo, hi); n > 0; --n) s += ascii_of(set);
    return s;
  }

  // Lower-case LDH labels; one in four with upper case, one in four with
  // a character outside LDH.
  std::u32string ascii_label() {
    std::u32string s;
    const int shape = roll(4);
    for (auto n = uniform<std::size_t>(rng_, 1, 12); n > 0; --n) {
      const int r = roll(20);
      if (r < 14) {
        s += r < 11 ? ascii_of(kLower) : ascii_of(kDigits);
      } else if (r < 16) {
        s += U'-';
      } else if (shape == 0) {
        s += ascii_of(kUpper);
      } else if (shape == 1 && r == 19) {
        s += ascii_of(kNonLdh);
      } else {
        s += ascii_of(kLower);
      }
    }
    return s;
  }

  std::u32string mixed_label() {
    const code_range a = kScripts[uniform<std::size_t>(rng_, 0, kScripts.size() - 1)];
    const code_range b = roll(3) == 0 ? kScripts[uniform<std::size_t>(rng_, 0, kScripts.size() - 1)] : a;
    const int ascii = roll(3) == 0 ? 30 : 0;
    std::u32string s;
    for (auto n = uniform<std::size_t>(rng_, 1, 14); n > 0; --n) {
      const int r = roll(100);
      s += r < ascii ? ascii_of(kLower) : r < 90 ? from(a) : r < 97 ? from(b) : ascii_of(kDigits);
    }
    return s;
  }

  // U+200C between joining letters (with transparent marks), after a
  // virama, or anywhere; U+200D after a virama or anywhere.
  std::u32string contextj_label() {
    std::u32string s;
    const int shape = roll(4);
    if (shape <= 1) {
      s += from_any(kJoining);
      while (roll(3) == 0) s += kTransparent[uniform<std::size_t>(rng_, 0, kTransparent.size() - 1)];
      s += U'\u200C';
      while (roll(3) == 0) s += kTransparent[uniform<std::size_t>(rng_, 0, kTransparent.size() - 1)];
      s += from_any(kJoining);
      if (roll(2) == 0) s += from_any(kJoining);
      if (shape == 1) std::swap(s.front(), s.back());
    } else if (shape == 2) {
      const auto& [consonants, virama] = kViramas[uniform<std::size_t>(rng_, 0, kViramas.size() - 1)];
      s += from(consonants);
      if (roll(4) != 0) s += virama;
      s += roll(2) == 0 ? U'\u200C' : U'\u200D';
      s += from(consonants);
    } else {
      s = mixed_label();
      s.insert(s.begin() + static_cast<std::ptrdiff_t>(uniform<std::size_t>(rng_, 0, s.size())),
               roll(2) == 0 ? U'\u200C' : U'\u200D');
    }
    return s;
  }

  // Each CONTEXTO rule of RFC 5892 A.3-A.9, satisfied or not.
  std::u32string contexto_label() {
    switch (roll(7)) {
      case 0: {  // A.3 MIDDLE DOT between two 'l'
        std::u32string s = roll(2) == 0 ? U"l\u00B7l" : ascii_from(kLower, 0, 2) + U"\u00B7" + ascii_from(kLower, 0, 2);
        if (roll(3) == 0) s = U"a" + s + U"b";
        return s.empty() ? std::u32string(U"\u00B7") : s;
      }
      case 1: {  // A.4 GREEK LOWER NUMERAL SIGN before Greek
        std::u32string s;
        if (roll(2) == 0) s += from({0x03B1, 0x03C9});
        s += U'\u0375';
        if (roll(4) != 0) s += roll(3) == 0 ? from_any(kScripts) : from({0x03B1, 0x03C9});
        return s;
      }
      case 2: {  // A.5, A.6 HEBREW GERESH, GERSHAYIM after Hebrew
        std::u32string s;
        if (roll(4) != 0) s += roll(3) == 0 ? ascii_of(kLower) : from({0x05D0, 0x05EA});
        s += roll(2) == 0 ? U'\u05F3' : U'\u05F4';
        if (roll(2) == 0) s += from({0x05D0, 0x05EA});
        return s;
      }
      case 3: {  // A.7 KATAKANA MIDDLE DOT with kana or Han somewhere
        std::u32string s;
        for (auto n = uniform<std::size_t>(rng_, 0, 3); n > 0; --n) {
          const int r = roll(4);
          s += r == 0 ? from({0x3041, 0x3096}) : r == 1 ? from({0x30A1, 0x30FA}) : r == 2 ? from({0x4E00, 0x9FFF})
                                                                                          : from({0xAC00, 0xD7A3});
        }
        s.insert(s.begin() + static_cast<std::ptrdiff_t>(uniform<std::size_t>(rng_, 0, s.size())), U'\u30FB');
        return s;
      }
      default: {  // A.8, A.9 the two Arabic digit sets, apart or mixed
        std::u32string s;
        for (auto n = uniform<std::size_t>(rng_, 1, 5); n > 0; --n) {
          const int r = roll(5);
          s += r == 0 ? from({0x0660, 0x0669}) : r == 1 ? from({0x06F0, 0x06F9}) : from({0x0628, 0x064A});
        }
        if (roll(3) == 0) s.front() = from({0x0628, 0x064A});
        return s;
      }
    }
  }

  // RTL letters with European and Arabic digits, marks, neutral
  // characters and the odd LTR letter, in every order.
  std::u32string rtl_label() {
    std::u32string s;
    for (auto n = uniform<std::size_t>(rng_, 1, 10); n > 0; --n) {
      const int r = roll(30);
      s += r < 18 ? from_any(kRtlLetters)
           : r < 21 ? ascii_of(kDigits)
           : r < 23 ? from({0x0660, 0x0669})
           : r < 25 ? from({0x06F0, 0x06F9})
           : r < 27 ? from({0x064B, 0x0652})  // Arabic marks (NSM)
           : r < 28 ? U'-'
           : r < 29 ? ascii_of(kLower)
                    : from({0x0900, 0x097F});
    }
    return s;
  }

  // Hyphens at the start, the end, and in positions 3 and 4.
  std::u32string hyphen_label() {
    std::u32string s = roll(2) == 0 ? ascii_label() : mixed_label();
    while (s.size() < 5) s += ascii_of(kLower);
    switch (roll(4)) {
      case 0:
        s.front() = U'-';
        break;
      case 1:
        s.back() = U'-';
        break;
      case 2:
        s[2] = s[3] = U'-';
        break;
      default:
        s.front() = s.back() = U'-';
        break;
    }
    return s;
  }

  // An XN-label made by puny's Punycode encoder from another label, in
  // lower, upper or mixed case; every fifth with a digit changed.
  std::u32string a_label() {
    const std::u32string u = roll(3) == 0 ? contexto_label() : roll(2) == 0 ? rtl_label() : mixed_label();
    const auto p = puny::encode(u);
    std::string a = "xn--" + (p.ok() ? p.value : std::string("abc"));
    const int c = roll(6);
    for (char& ch : a) {
      if (c == 0 || (c == 1 && roll(2) == 0)) ch = static_cast<char>(ch >= 'a' && ch <= 'z' ? ch - 'a' + 'A' : ch);
    }
    if (roll(5) == 0 && a.size() > 5) {
      a[uniform<std::size_t>(rng_, 4, a.size() - 1)] = static_cast<char>(kLower[roll(26)]);
    }
    return std::u32string(a.begin(), a.end());
  }

  // Decomposed letters (not NFC), combining marks first, NFC-stable ones.
  std::u32string nfc_label() {
    std::u32string s;
    if (roll(3) == 0) s += from({0x0300, 0x036F});
    for (auto n = uniform<std::size_t>(rng_, 1, 5); n > 0; --n) {
      s += roll(3) == 0 ? from({0x00C0, 0x017F}) : ascii_of(kLower);
      if (roll(2) == 0) s += from({0x0300, 0x036F});
    }
    return s;
  }

  std::mt19937_64 rng_;
  const std::vector<bool>& assigned_;
};

// Damaged and fake A-labels: random Punycode text after "xn--", valid
// A-labels with a digit changed, a hyphen added, the case changed.
std::string fake_a_label(std::mt19937_64& rng, const std::vector<std::string>& valid) {
  static constexpr std::string_view digits = "abcdefghijklmnopqrstuvwxyz0123456789";
  const int shape = uniform<int>(rng, 0, 4);
  if (shape <= 1 || valid.empty()) {
    std::string s = "xn--";
    for (auto n = uniform<std::size_t>(rng, 0, 16); n > 0; --n) {
      s += uniform<int>(rng, 0, 9) == 0 ? '-' : digits[uniform<std::size_t>(rng, 0, digits.size() - 1)];
    }
    return s;
  }
  std::string s = valid[uniform<std::size_t>(rng, 0, valid.size() - 1)];
  const auto at = uniform<std::size_t>(rng, 4, s.size() - 1);
  if (shape == 2) s[at] = digits[uniform<std::size_t>(rng, 0, digits.size() - 1)];
  if (shape == 3) s.insert(at, 1, '-');
  if (shape == 4) s += uniform<int>(rng, 0, 1) == 0 ? "-" : "a";
  return s;
}

// ---------------------------------------------------------------------------
// Comparing, and the explained differences.

enum class difference {
  hyphen_start_end,
  bidi_cross_label,
  alabel_case,
  decode_ascii_case,
  alabel_not_canonical,
  unicode_data,
};
constexpr std::array<std::string_view, 6> kDifferenceNames = {
    "hyphen_start_end", "bidi_cross_label", "alabel_case", "decode_ascii_case", "alabel_not_canonical", "unicode_data"};

/// What the peer knows of a code point, beside puny's view of it.
struct code_point_report {
  std::string python;  // the peer's "p" answer
  std::string puny;    // the same fields from puny's data
};

std::string_view bidi_name(ucd::bidi_class b) {
  static constexpr std::array<std::string_view, 23> names = {"L",   "R",   "AL",  "EN",  "ES",  "ET",  "AN", "CS",
                                                             "NSM", "BN",  "B",   "S",   "WS",  "ON",  "LRE", "LRO",
                                                             "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"};
  return names.at(static_cast<std::size_t>(b));
}

/// puny's data in the peer's "p" format, the General_Category reduced to
/// what IDNA2008 asks of it (a mark or not).
std::string puny_properties(char32_t cp) {
  const auto p = ucd::lookup_properties(cp);
  std::string cls;
  switch (i8::property_of(cp)) {
    case i8::derived_property::pvalid:
      cls = "PVALID";
      break;
    case i8::derived_property::contextj:
      cls = "CONTEXTJ";
      break;
    case i8::derived_property::contexto:
      cls = "CONTEXTO";
      break;
    default:
      cls = "OTHER";
      break;
  }
  static constexpr std::array<char, 6> joining = {'U', 'C', 'D', 'L', 'R', 'T'};
  const puny::script sc = puny::script_of(cp);
  std::string scripts;
  for (const puny::script s :
       {puny::script::greek, puny::script::hebrew, puny::script::hiragana, puny::script::katakana, puny::script::han}) {
    scripts += sc == s ? '1' : '0';
  }
  return cls + " " + std::string(bidi_name(p.bidi)) + " " + (p.mark ? "M" : "-") + " " + std::to_string(p.ccc) + " " +
         joining.at(static_cast<std::size_t>(p.joining)) + " " + scripts;
}

/// The fields of a "p" answer: class, Bidi_Class, General_Category (puny:
/// "M" or "-"), Canonical_Combining_Class, Joining_Type, scripts.
std::vector<std::string> fields_of(const std::string& answer) {
  std::istringstream in(answer);
  std::vector<std::string> out;
  std::string field;
  while (in >> field) out.push_back(field);
  out.resize(6);
  return out;
}

/// Where the peer's data and puny's differ on `cp` in a way that can change
/// the verdict on `form` (the item in its Unicode form): the class, the
/// Bidi class, being a mark and the combining class always; the joining
/// type only beside U+200C (A.1); the scripts only beside a CONTEXTO code
/// point that asks about them (A.4-A.7).  Empty when nothing relevant differs.
std::string relevant_difference(char32_t cp, const code_point_report& r, std::u32string_view form) {
  const auto theirs = fields_of(r.python);
  const auto mine = fields_of(r.puny);
  const bool joiner = form.find(U'\u200C') != std::u32string_view::npos;
  const bool scripts = form.find_first_of(U"\u0375\u05F3\u05F4\u30FB") != std::u32string_view::npos;
  static constexpr std::array<std::string_view, 6> what = {"IDNA2008 property", "Bidi_Class", "General_Category",
                                                           "Canonical_Combining_Class", "Joining_Type", "scripts"};
  for (std::size_t k = 0; k < 6; ++k) {
    std::string t = theirs[k];
    if (k == 2) t = t.starts_with("M") ? "M" : "-";
    if (t == mine[k] || (k == 4 && !joiner) || (k == 5 && !scripts)) continue;
    return hex(cp, 4, "U+") + " " + std::string(what[k]) + ": Python " + theirs[k] + ", puny " + mine[k];
  }
  return {};
}

/// One compared conversion.
struct comparison {
  std::string what;          // "encode" or "decode"
  std::u32string input;      // as code points
  bool puny_ok = false;
  std::string puny_text;     // ToASCII output (UTF-8 for ToUnicode)
  i8::error_set puny_errors;
  answer python;
  std::string python_text;   // decoded from the answer

  /// Every code point the verdicts were about: the item, or for a decode
  /// both sides' U-labels.
  [[nodiscard]] std::u32string unicode_form() const {
    if (what.starts_with("encode")) return input;
    return to_utf32(puny_text) + to_utf32(python_text);
  }
};

std::string describe(const comparison& c) {
  std::string out = c.what + " of " + code_points(c.input) + " (" + to_utf8(c.input) + ")\n  puny:   ";
  out += c.puny_ok ? "\"" + c.puny_text + "\"" : "rejects: " + i8::to_string(c.puny_errors);
  out += "\n  Python: ";
  out += c.python.ok ? "\"" + c.python_text + "\"" : "rejects: " + c.python.code + " " + c.python.error;
  return out;
}

bool only_bidi(i8::error_set errors) {
  if (errors.empty()) return false;
  for (const i8::error e : errors) {
    if (e < i8::error::bidi_1 || e > i8::error::bidi_6) return false;
  }
  return true;
}

/// The difference class that explains `c`, when one does (before the
/// Unicode data check, which needs the peer again).
std::optional<difference> explain(const comparison& c) {
  const std::string utf8 = to_utf8(c.input);
  // Python rejects a label with "-" at an end; puny's lookup does not.
  if (c.puny_ok && !c.python.ok && (c.python.code == "hyphen_start_end" || c.python.code == "-")) {
    i8::options o;
    o.check_hyphens = true;
    const auto strict = c.what == "encode" ? i8::to_ascii(utf8, o) : i8::to_unicode(utf8, o);
    if (strict.errors == i8::error_set{i8::error::hyphen_start_end}) return difference::hyphen_start_end;
  }
  // Python checks Bidi label by label; RFC 5893 every label of a Bidi name.
  if (!c.puny_ok && c.python.ok && only_bidi(c.puny_errors)) {
    const auto labels = split_labels(std::string_view(utf8));
    bool each_alone = labels.size() > 1;
    for (const auto& label : labels) {
      const auto alone = c.what == "encode" ? i8::to_ascii(label) : i8::to_unicode(label);
      each_alone = each_alone && alone.ok();
    }
    if (each_alone) return difference::bidi_cross_label;
  }
  if (c.puny_ok && c.python.ok && lower_ascii(c.puny_text) == lower_ascii(c.python_text)) {
    // Which labels differ in case: XN-labels given in upper case (encode),
    // or ASCII labels that Python's decode lower-cased.
    const auto mine = split_labels(std::string_view(c.puny_text));
    const auto theirs = split_labels(std::string_view(c.python_text));
    bool xn_only = mine.size() == theirs.size();
    bool plain_only = xn_only;
    for (std::size_t j = 0; j < mine.size() && j < theirs.size(); ++j) {
      if (mine[j] == theirs[j]) continue;
      xn_only = xn_only && is_xn_label(mine[j]);
      plain_only = plain_only && !is_xn_label(mine[j]) && theirs[j] == lower_ascii(mine[j]);
    }
    if (c.what == "encode" && xn_only) return difference::alabel_case;
    if (c.what == "decode" && plain_only) return difference::decode_ascii_case;
  }
  if (!c.puny_ok && c.python.ok && c.puny_errors == i8::error_set{i8::error::alabel_not_canonical}) {
    return difference::alabel_not_canonical;
  }
  return std::nullopt;
}

/// Everything one run found: the counts, and the differences not explained.
struct tally {
  std::size_t compared = 0;
  std::size_t both_accept = 0;
  std::size_t both_reject = 0;
  std::array<std::size_t, kDifferenceNames.size()> explained{};
  std::vector<comparison> unexplained;
  std::vector<std::string> examples;  // the first item of each explained class

  void add(comparison c) {
    ++compared;
    if (c.puny_ok && c.python.ok && c.puny_text == c.python_text) {
      ++both_accept;
      return;
    }
    if (!c.puny_ok && !c.python.ok) {
      ++both_reject;
      return;
    }
    if (const auto d = explain(c)) {
      count(*d, c);
      return;
    }
    unexplained.push_back(std::move(c));
  }

  void count(difference d, const comparison& c) {
    const auto k = static_cast<std::size_t>(d);
    if (explained[k]++ == 0) examples.push_back(std::string(kDifferenceNames[k]) + ": " + describe(c));
  }

  /// Differences left: each holding a code point on which the two data
  /// sets disagree counts as unicode_data; the rest stay unexplained.
  void check_unicode_data(const std::map<char32_t, code_point_report>& reports) {
    std::vector<comparison> left;
    for (auto& c : unexplained) {
      std::string detail;
      const std::u32string form = c.unicode_form();
      for (const char32_t cp : form) {
        const auto r = reports.find(cp);
        if (r != reports.end()) detail = relevant_difference(cp, r->second, form);
        if (!detail.empty()) break;
      }
      if (detail.empty()) {
        left.push_back(std::move(c));
      } else {
        comparison shown = c;
        shown.what += " [" + detail + "]";
        count(difference::unicode_data, shown);
      }
    }
    unexplained = std::move(left);
  }

  [[nodiscard]] std::string counts() const {
    std::string out = std::to_string(compared) + " compared: " + std::to_string(both_accept) +
                      " both accept (same text), " +
                      std::to_string(both_reject) + " both reject";
    for (std::size_t k = 0; k < explained.size(); ++k) {
      out += ", " + std::string(kDifferenceNames[k]) + " " + std::to_string(explained[k]);
    }
    return out + ", unexplained " + std::to_string(unexplained.size());
  }
};

constexpr std::size_t kItems = 20000;
constexpr std::size_t kFakeALabels = 3000;

/// Both sides' answers for the seeded items, one run shared by the tests.
struct seeded_run {
  std::string error;
  int version = 0;
  tally encode;
  tally decode;
  tally fake;
  std::size_t a_labels_encoded = 0;
};

comparison compare_encode(const std::u32string& item, const answer& python) {
  comparison c;
  c.what = "encode";
  c.input = item;
  const auto mine = i8::to_ascii(to_utf8(item));
  c.puny_ok = mine.ok();
  c.puny_text = mine.value;
  c.puny_errors = mine.errors;
  c.python = python;
  if (python.ok) c.python_text = from_hex_bytes(python.value);
  return c;
}

comparison compare_decode(const std::string& ascii, const answer& python) {
  comparison c;
  c.what = "decode";
  c.input = std::u32string(ascii.begin(), ascii.end());
  const auto mine = i8::to_unicode(ascii);
  c.puny_ok = mine.ok();
  c.puny_text = mine.value;
  c.puny_errors = mine.errors;
  c.python = python;
  if (python.ok) c.python_text = to_utf8(from_hex_code_points(python.value));
  return c;
}

const seeded_run& seeded() {
  static const seeded_run run = [] {
    seeded_run r;
    const peer_info& p = *peer().peer;
    r.version = p.common_version();
    const std::vector<bool> assigned = assigned_by(r.version);
    if (assigned.empty()) {
      r.error = "cannot read " + (puny_test::unicode_dir() / "DerivedAge.txt").string() + " (set PUNY_UNICODE_DIR)";
      return r;
    }
    generator gen(0x5892'2008'0001ULL, assigned);
    std::vector<std::u32string> items;
    items.reserve(kItems);
    while (items.size() < kItems) items.push_back(gen.item());

    // Batch 1: encode every item.
    std::vector<std::string> requests;
    for (const auto& item : items) requests.push_back(encode_request(item));
    std::vector<answer> answers;
    if (r.error = run_peer(p.python, requests, answers); !r.error.empty()) return r;
    std::vector<std::string> accepted_names;  // with an XN-label, accepted by both: decoded next
    std::vector<std::string> valid_a_labels;
    for (std::size_t j = 0; j < items.size(); ++j) {
      comparison c = compare_encode(items[j], answers[j]);
      if (c.puny_ok && c.python.ok) {
        bool xn = false;
        for (const auto& label : split_labels(std::string_view(c.python_text))) {
          if (!is_xn_label(label)) continue;
          xn = true;
          valid_a_labels.push_back(lower_ascii(label));
        }
        if (xn) accepted_names.push_back(c.python_text);
      }
      r.encode.add(std::move(c));
    }
    r.a_labels_encoded = valid_a_labels.size();

    // Batch 2: decode what both accepted, and the fake A-labels.
    std::mt19937_64 rng(0x5891'5005'0002ULL);
    std::vector<std::string> fakes;
    for (std::size_t j = 0; j < kFakeALabels; ++j) fakes.push_back(fake_a_label(rng, valid_a_labels));
    requests.clear();
    for (const auto& name : accepted_names) requests.push_back(decode_request(name));
    for (const auto& fake : fakes) requests.push_back(decode_request(fake));
    if (r.error = run_peer(p.python, requests, answers); !r.error.empty()) return r;
    for (std::size_t j = 0; j < accepted_names.size(); ++j) r.decode.add(compare_decode(accepted_names[j], answers[j]));
    for (std::size_t j = 0; j < fakes.size(); ++j) {
      r.fake.add(compare_decode(fakes[j], answers[accepted_names.size() + j]));
    }

    // Batch 3: the data of every code point of a difference not yet explained.
    std::set<char32_t> asked;
    for (const tally* t : {&r.encode, &r.decode, &r.fake}) {
      for (const auto& c : t->unexplained) {
        for (const char32_t cp : c.unicode_form()) asked.insert(cp);
      }
    }
    std::map<char32_t, code_point_report> reports;
    if (!asked.empty()) {
      requests.clear();
      for (const char32_t cp : asked) requests.push_back(hex(cp, 4, "p "));
      if (r.error = run_peer(p.python, requests, answers); !r.error.empty()) return r;
      std::size_t k = 0;
      for (const char32_t cp : asked) reports[cp] = {answers[k++].value, puny_properties(cp)};
    }
    for (tally* t : {&r.encode, &r.decode, &r.fake}) t->check_unicode_data(reports);
    return r;
  }();
  return run;
}

void report(const char* what, const tally& t) {
  std::cout << "[differential] Python idna " << what << ": " << t.counts() << "\n";
  for (const auto& e : t.examples) std::cout << "  first " << e << "\n";
  for (std::size_t j = 0; j < t.unexplained.size() && j < 10; ++j) {
    ADD_FAILURE() << "unexplained difference: " << describe(t.unexplained[j]);
  }
  EXPECT_EQ(t.unexplained.size(), 0U) << t.unexplained.size() << " unexplained differences (first 10 shown)";
}

void print_peer(const seeded_run& r) {
  const peer_info& p = *peer().peer;
  std::cout << "[differential] peer " << p.python.string() << ": idna " << p.idna_version << ", its Unicode data "
            << p.data_version << ", interpreter unicodedata " << p.unidata_version
            << "; items from code points assigned in Unicode " << r.version / 100 << "." << r.version % 100 << "\n";
  for (const auto& s : p.skipped) std::cout << "  passed over " << s << "\n";
}

// ---------------------------------------------------------------------------

TEST(PythonIdna2008, ToAsciiAgreesOnSeededItems) {
  PUNY_REQUIRE_PYTHON_IDNA();
  const seeded_run& r = seeded();
  ASSERT_EQ(r.error, "");
  print_peer(r);
  report("encode vs to_ascii", r.encode);
  EXPECT_EQ(r.encode.compared, kItems);
  // The items must reach both verdicts and real A-labels, or say little.
  EXPECT_GT(r.encode.both_accept, 4000U);
  EXPECT_GT(r.encode.both_reject, 4000U);
  EXPECT_GT(r.a_labels_encoded, 3000U);
  RecordProperty("both_accept", static_cast<int>(r.encode.both_accept));
  RecordProperty("both_reject", static_cast<int>(r.encode.both_reject));
}

TEST(PythonIdna2008, ToUnicodeAgreesOnTheALabels) {
  PUNY_REQUIRE_PYTHON_IDNA();
  const seeded_run& r = seeded();
  ASSERT_EQ(r.error, "");
  report("decode vs to_unicode (names both encoded)", r.decode);
  EXPECT_GT(r.decode.compared, 3000U);
  // Both sides encoded these names: both must decode them.
  EXPECT_EQ(r.decode.both_reject, 0U);
  report("decode vs to_unicode (fake and damaged A-labels)", r.fake);
  EXPECT_EQ(r.fake.compared, kFakeALabels);
  EXPECT_GT(r.fake.both_reject, 500U);
  EXPECT_GT(r.fake.both_accept, 100U);
}

// Each explained class, on a fixed example, so that the reasons above stay
// true of both implementations as they change.
TEST(PythonIdna2008, ExplainedDifferencesHoldOnFixedExamples) {
  PUNY_REQUIRE_PYTHON_IDNA();
  const std::vector<std::u32string> items = {
      U"-abc",                                 // hyphen_start_end
      U"b\u00FCcher-",                         // hyphen_start_end
      U"123.\u05D9\u05E9\u05E8\u05D0\u05DC",   // bidi_cross_label: digits label in a Bidi name
      U"XN--BCHER-KVA",                        // alabel_case
      U"\u05D0\u05F3",                         // both accept: GERESH after Hebrew (A.5)
      U"a\u05F3",                              // both reject: GERESH after Latin
      U"l\u00B7l",                             // both accept (A.3)
      U"\u30FB",                               // both reject (A.7)
  };
  std::vector<std::string> requests;
  for (const auto& item : items) requests.push_back(encode_request(item));
  requests.push_back(decode_request("ABC.xn--bcher-kva"));
  std::vector<answer> answers;
  ASSERT_EQ(run_peer(peer().peer->python, requests, answers), "");
  const auto expect = [&](std::size_t j, std::optional<difference> d, bool agree) {
    const comparison c = j < items.size() ? compare_encode(items[j], answers[j])
                                          : compare_decode("ABC.xn--bcher-kva", answers[j]);
    SCOPED_TRACE(describe(c));
    const bool same = c.puny_ok == c.python.ok && (!c.puny_ok || c.puny_text == c.python_text);
    EXPECT_EQ(same, agree);
    if (!agree) {
      EXPECT_TRUE(explain(c) == d);
    }
  };
  expect(0, difference::hyphen_start_end, false);
  expect(1, difference::hyphen_start_end, false);
  expect(2, difference::bidi_cross_label, false);
  expect(3, difference::alabel_case, false);
  expect(4, std::nullopt, true);
  expect(5, std::nullopt, true);
  expect(6, std::nullopt, true);
  expect(7, std::nullopt, true);
  expect(8, difference::decode_ascii_case, false);
}

}  // namespace
