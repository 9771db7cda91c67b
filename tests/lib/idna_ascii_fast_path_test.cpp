// The ASCII fast path (src/idna/ascii_fast_path.hpp) against a reference
// written here from UTS #46 for all-ASCII domains: on random domains biased
// to the edges of every rule, under every combination of the options that
// matter, (1) the fast path takes exactly the domains the rules give a
// lowercased result with no code for (less the possible xn-- labels, which
// it leaves to the general path), and writes that result and nothing else;
// (2) the public functions, fast path or general pipeline, give the
// reference's result on every domain the reference covers.
#include <gtest/gtest.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "idna/ascii_fast_path.hpp"
#include "puny/idna.hpp"

namespace {

using puny::idna_code;
using puny::idna_errors;
using puny::idna_options;
using puny::detail::ascii_fast_path;
using puny::detail::idna_operation;

constexpr std::size_t max_label = 63;    // UTS #46 §4.2 step 4 (VerifyDnsLength)
constexpr std::size_t max_domain = 253;  // the same, without the root dot

char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 0x20) : c; }

std::string lowered(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = lower(c);
  return out;
}

std::vector<std::string_view> labels_of(std::string_view domain) {
  std::vector<std::string_view> labels;
  std::size_t start = 0;
  for (;;) {
    const std::size_t dot = domain.find('.', start);
    labels.push_back(domain.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start));
    if (dot == std::string_view::npos) return labels;
    start = dot + 1;
  }
}

// URL Standard: the forbidden domain code points (W1).
bool forbidden(char c) {
  return static_cast<unsigned char>(c) <= 0x20 || c == 0x7F ||
         std::string_view("#%/:<>?@[\\]^|").find(c) != std::string_view::npos;
}
bool std3_valid(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; }

/// True when some label of `domain` begins with "xn--" once lowercased: the
/// reference does not decode Punycode.
bool has_ace_label(std::string_view domain) {
  for (const std::string_view label : labels_of(domain)) {
    if (label.size() >= 4 && lowered(label.substr(0, 4)) == "xn--") return true;
  }
  return false;
}

/// "--" in the 3rd and 4th positions of some label.
bool has_hyphens_at_3_4(std::string_view domain) {
  for (const std::string_view label : labels_of(domain)) {
    if (label.size() >= 4 && label[2] == '-' && label[3] == '-') return true;
  }
  return false;
}

bool only_letters_digits_hyphens_dots(std::string_view domain) {
  for (const char c : domain) {
    if (!std3_valid(lower(c)) && c != '.') return false;
  }
  return true;
}

struct expected {
  idna_errors errors;
  std::string text;  // the result; ToASCII has one only when errors is empty
};

/// UTS #46 §4 on an all-ASCII domain without xn-- labels: mapping only
/// lowercases A-Z (IdnaMappingTable.txt), NFC changes nothing, no Bidi or
/// joiner rule can apply; what is left are U1, V2, V3, the empty labels
/// (§4 step 5 X4_2, ignoring one trailing dot; in ToASCII A4_2 instead,
/// under VerifyDnsLength only, root label included), the DNS lengths
/// (§4.2 step 4), and the URL Standard's W1 and W2.
expected reference(std::string_view domain, const idna_options& o, idna_operation op) {
  expected e;
  e.text = lowered(domain);
  const bool to_ascii = op == idna_operation::to_ascii;
  if (to_ascii && o.ascii_input_lowercase_only) {
    // URL Standard, all-ASCII input: lowercase and check W1 / W2 only.
    for (const char c : domain) {
      if (o.forbid_domain_code_points && forbidden(c)) e.errors.insert(idna_code::W1);
    }
    if (domain.empty() && o.reject_empty) e.errors.insert(idna_code::W2);
    return e;
  }
  const std::vector<std::string_view> labels = labels_of(e.text);
  for (const std::string_view label : labels) {
    if (o.use_std3_ascii_rules) {
      for (const char c : label) {
        if (!std3_valid(c)) e.errors.insert(idna_code::U1);
      }
    }
    if (o.check_hyphens && label.size() >= 4 && label[2] == '-' && label[3] == '-') e.errors.insert(idna_code::V2);
    if (o.check_hyphens && !label.empty() && (label.front() == '-' || label.back() == '-')) {
      e.errors.insert(idna_code::V3);
    }
  }
  if (to_ascii) {
    if (o.verify_dns_length) {
      for (const std::string_view label : labels) {
        if (label.empty() || label.size() > max_label) e.errors.insert(idna_code::A4_2);
      }
      const bool rooted = labels.size() > 1 && labels.back().empty();
      const std::size_t length = rooted ? e.text.size() - 1 : e.text.size();
      if (length == 0 || length > max_domain) e.errors.insert(idna_code::A4_1);
    }
  } else {
    const std::size_t counted = labels.size() > 1 && labels.back().empty() ? labels.size() - 1 : labels.size();
    for (std::size_t i = 0; i < counted; ++i) {
      if (labels[i].empty()) e.errors.insert(idna_code::X4_2);
    }
  }
  for (const char c : e.text) {
    if (o.forbid_domain_code_points && forbidden(c)) e.errors.insert(idna_code::W1);
  }
  if (o.reject_empty && e.text.empty()) e.errors.insert(idna_code::W2);
  return e;
}

/// Whether the fast path must take `domain`: a non-empty domain of letters,
/// digits, '-' and '.' with no "--" at positions 3-4 (a possible xn--
/// label) for which the rules record nothing.
bool must_take(std::string_view domain, idna_options o, idna_operation op) {
  o.ascii_input_lowercase_only = false;  // decided before the fast path is asked
  return !domain.empty() && only_letters_digits_hyphens_dots(domain) && !has_hyphens_at_3_4(domain) &&
         reference(domain, o, op).errors.empty();
}

// ---------------------------------------------------------------------------
// Random domains from a fixed seed, biased to the edges of every rule.

class domain_generator {
 public:
  explicit domain_generator(std::uint64_t seed) : rng_(seed) {}

  std::string next() {
    switch (pick(6)) {
      case 0:
        return any_chars(pick(81));  // every length across the vector sizes, 0 to 80
      case 1:
        return any_chars(pick_of({7, 8, 9, 15, 16, 17, 24, 31, 32, 33, 47, 48, 49, 63, 64, 65}));
      case 2:
        return near_dns_limit();
      default:
        return of_labels();
    }
  }

 private:
  std::size_t pick(std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng_); }
  std::size_t pick_of(std::initializer_list<std::size_t> values) { return values.begin()[pick(values.size())]; }
  bool chance(unsigned percent) { return pick(100) < percent; }

  char letter_or_digit() {
    const std::size_t k = pick(10);
    if (k < 6) return static_cast<char>('a' + pick(26));
    if (k < 8) return static_cast<char>('A' + pick(26));
    return static_cast<char>('0' + pick(10));
  }
  char any_char() {
    const std::size_t k = pick(100);
    if (k < 60) return letter_or_digit();
    if (k < 78) return '-';
    if (k < 95) return '.';
    return other_ascii();
  }
  // STD3-invalid ASCII: the neighbours of every accepted range, and some
  // forbidden in URLs.
  char other_ascii() {
    constexpr std::string_view others(",/:@[`{_ %*\x7F\x01");
    return others[pick(others.size())];
  }
  std::string any_chars(std::size_t n) {
    std::string s;
    for (std::size_t i = 0; i < n; ++i) s += any_char();
    return s;
  }
  // Appends rather than operator+, which g++ 12 -O2 misreads (-Wrestrict).
  static std::string joined(std::string a, std::string_view b) {
    a += b;
    return a;
  }
  std::string plain(std::size_t n) {
    std::string s;
    for (std::size_t i = 0; i < n; ++i) s += chance(10) ? '-' : letter_or_digit();
    return s;
  }

  std::string label() {
    switch (pick(12)) {
      case 0:
        return "";
      case 1:
        return plain(pick_of({max_label - 1, max_label, max_label + 1}));
      case 2:
        return joined(chance(50) ? "xn--" : "XN--", plain(pick(8)));
      case 3:
        return joined(joined(plain(2), "--"), plain(pick(4)));  // positions 3-4
      case 4:
        return joined("-", plain(pick(6)));
      case 5:
        return joined(plain(pick(6)), "-");
      case 6:
        return joined(joined(plain(1 + pick(6)), std::string(1, other_ascii())), plain(pick(3)));
      default:
        return plain(1 + pick(12));
    }
  }
  std::string of_labels() {
    std::string s = label();
    for (std::size_t labels = pick(5); labels > 0; --labels) {
      s += '.';
      s += label();
    }
    if (chance(25)) s += '.';
    return s;
  }
  /// Labels of 63 and one shorter, to a total around 253 (A4_1 at 254
  /// without a trailing dot, at 255 with one).
  std::string near_dns_limit() {
    const std::size_t total = max_domain - 2 + pick(4);
    std::string s;
    while (s.size() + 1 + max_label < total) {
      s += plain(max_label);
      s += '.';
    }
    s += plain(total - s.size());
    if (chance(50)) s += '.';
    return s;
  }

  std::mt19937_64 rng_;
};

/// The options that change anything for an ASCII domain, from the bits of
/// `mask`, with the others (which cannot) set from `noise`.
idna_options options_from(unsigned mask, unsigned noise) {
  idna_options o;
  o.use_std3_ascii_rules = (mask & 1) != 0;
  o.check_hyphens = (mask & 2) != 0;
  o.verify_dns_length = (mask & 4) != 0;
  o.forbid_domain_code_points = (mask & 8) != 0;
  o.reject_empty = (mask & 16) != 0;
  o.ascii_input_lowercase_only = (mask & 32) != 0;
  o.display_fallback = (mask & 64) != 0;
  o.check_bidi = (noise & 1) != 0;
  o.check_joiners = (noise & 2) != 0;
  o.transitional_processing = (noise & 4) != 0;
  o.ignore_invalid_punycode = (noise & 8) != 0;
  return o;
}
constexpr unsigned option_masks = 128;

std::string describe(std::string_view domain, const idna_options& o, idna_operation op) {
  std::string s = std::string(op == idna_operation::to_ascii ? "ToASCII" : "ToUnicode") + " \"" + std::string(domain) +
                  "\" std3=" + std::to_string(o.use_std3_ascii_rules) + " hyphens=" + std::to_string(o.check_hyphens) +
                  " dns=" + std::to_string(o.verify_dns_length) +
                  " forbid=" + std::to_string(o.forbid_domain_code_points) +
                  " reject_empty=" + std::to_string(o.reject_empty) +
                  " lowercase_only=" + std::to_string(o.ascii_input_lowercase_only) +
                  " display=" + std::to_string(o.display_fallback);
  return s;
}

template <class Char>
std::vector<Char> widened(std::string_view s) {
  return std::vector<Char>(s.begin(), s.end());
}

/// The fast path on one domain in one code unit width, into a buffer
/// exactly as long as the domain inside a larger one: it must take the
/// domain exactly when must_take says so, write its lowercase form then
/// and not one element otherwise, and report a buffer one short.
template <class Char, class Out>
void check_fast_path(std::string_view domain, const idna_options& o, idna_operation op, bool take) {
  std::string trace = describe(domain, o, op);
  trace += " code unit bytes=";
  trace += std::to_string(sizeof(Char));
  SCOPED_TRACE(trace);
  const std::vector<Char> in = widened<Char>(domain);
  const std::basic_string_view<Char> view(in.data(), in.size());
  constexpr Out sentinel = static_cast<Out>('#');
  std::vector<Out> out(domain.size() + 16, sentinel);
  const ascii_fast_path got =
      puny::detail::lower_plain_ascii_domain(view, std::span<Out>(out.data(), domain.size()), o, op);
  if (!take) {
    EXPECT_EQ(got, ascii_fast_path::not_taken);
    EXPECT_EQ(out, std::vector<Out>(out.size(), sentinel)) << "written although not taken";
    return;
  }
  ASSERT_EQ(got, ascii_fast_path::written);
  const std::string lower = lowered(domain);
  for (std::size_t i = 0; i < out.size(); ++i) {
    ASSERT_EQ(out[i], i < lower.size() ? static_cast<Out>(lower[i]) : sentinel) << "at " << i;
  }
  std::vector<Out> short_out(domain.size() + 16, sentinel);
  EXPECT_EQ(puny::detail::lower_plain_ascii_domain(view, std::span<Out>(short_out.data(), domain.size() - 1), o, op),
            ascii_fast_path::output_too_small);
  EXPECT_EQ(short_out, std::vector<Out>(short_out.size(), sentinel));
}

/// The public function on one domain, against the reference.
void check_public(std::string_view domain, const idna_options& o, idna_operation op) {
  if (has_ace_label(domain)) return;  // Punycode is the general path's own business
  const expected e = reference(domain, o, op);
  // The display profile keeps a failing label as it was and drops its
  // codes: beyond this reference, except when nothing fails.
  if (op == idna_operation::to_unicode && o.display_fallback && !e.errors.empty()) return;
  SCOPED_TRACE(describe(domain, o, op));
  std::array<char, 512> out;
  out.fill('#');
  const puny::idna_result r =
      op == idna_operation::to_ascii ? puny::to_ascii(domain, out, o) : puny::to_unicode(domain, out, o);
  ASSERT_EQ(r.code, puny::status::success);
  EXPECT_EQ(r.errors, e.errors);
  if (op == idna_operation::to_ascii && !e.errors.empty()) {
    EXPECT_EQ(r.written, 0u);
    EXPECT_EQ(out[0], '#') << "ToASCII wrote although it failed";
  } else {
    EXPECT_EQ(std::string_view(out.data(), r.written), e.text);
  }
}

void check_everything(std::string_view domain, const idna_options& o) {
  for (const idna_operation op : {idna_operation::to_ascii, idna_operation::to_unicode}) {
    const bool take = must_take(domain, o, op);
    check_fast_path<char, char>(domain, o, op, take);
    if (op == idna_operation::to_ascii) {
      check_fast_path<char16_t, char>(domain, o, op, take);
      check_fast_path<char32_t, char>(domain, o, op, take);
    } else {
      check_fast_path<char16_t, char16_t>(domain, o, op, take);
      check_fast_path<char32_t, char32_t>(domain, o, op, take);
    }
    check_public(domain, o, op);
  }
}

TEST(IdnaAsciiFastPath, EdgeDomainsUnderEveryOptionCombination) {
  const std::string l63(max_label, 'a');
  const std::string l62(max_label - 1, 'b');
  const std::string l61(max_label - 2, 'c');
  const std::vector<std::string> domains = {
      "a", "A", "-", ".", "..", "a.", ".a", "a..b", "a.b.", "a.b..", "ab--c", "ab--", "a-b--c", "xn--a", "XN--zca",
      "a.xn--", "-a", "a-", "a.-b", "a.b-", "a.b-.", "abc.de-f.g--h", "EXAMPLE.COM", "exa_mple.com", "a/b", "a b",
      "12345678", "1234567.", "abcdefgh.ijklmnop", "abcdefghijklmnopqrstuvwxyz012345", "abc.-defghijklmnopqrstuvw.xyz",
      l63, l63 + ".", l63 + "a", "x." + l63, "x." + l63 + "b", l62 + "-", "-" + l62,
      // 253 and 254 bytes without the root dot, and with it.
      l63 + "." + l63 + "." + l63 + "." + l61, l63 + "." + l63 + "." + l63 + "." + l61 + ".",
      l63 + "." + l63 + "." + l63 + "." + l62, l63 + "." + l63 + "." + l63 + "." + l62 + ".",
      std::string(300, 'q'), "", "a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u.v.w.x.y.z.0.1.2.3.4.5.6.7",
  };
  for (const std::string& d : domains) {
    for (unsigned mask = 0; mask < option_masks; ++mask) check_everything(d, options_from(mask, mask));
  }
}

TEST(IdnaAsciiFastPath, RandomDomainsMatchTheReference) {
  domain_generator domains(0x5EED'A5C1'1FA5'7ULL);
  std::mt19937 rng(46);
  std::uniform_int_distribution<unsigned> any_mask(0, option_masks - 1);
  std::size_t taken = 0;
  std::size_t checked = 0;
  for (int i = 0; i < 3000; ++i) {
    const std::string d = domains.next();
    for (int k = 0; k < 12; ++k) {
      const idna_options o = options_from(any_mask(rng), any_mask(rng));
      check_everything(d, o);
      taken += must_take(d, o, idna_operation::to_ascii) ? 1 : 0;
      ++checked;
    }
    if (HasFailure()) return;  // the first domain that fails says enough
  }
  // The generator must reach both sides of the decision, or the test shows little.
  EXPECT_GT(taken, checked / 10);
  EXPECT_LT(taken, checked * 9 / 10);
}

TEST(IdnaAsciiFastPath, NonAsciiIsNeverTaken) {
  const idna_options o;
  for (const std::string_view d : {"b\xC3\xBC" "cher.de", "\xC3\xA0", "\x80"}) {
    std::array<char, 64> out;
    out.fill('#');
    EXPECT_EQ(puny::detail::lower_plain_ascii_domain(d, std::span<char>(out), o, idna_operation::to_ascii),
              ascii_fast_path::not_taken);
    EXPECT_EQ(out[0], '#');
  }
  // At every position of every length the vectors handle and beyond, a
  // byte that is an accepted one with the top bit set.
  const std::string plain = "Abcdefghijklmnopqrstuvwxyz-0123456789.abcdefghijklmnopqrstuvwxyz.012345678";
  for (std::size_t n = 1; n <= plain.size(); ++n) {
    for (std::size_t at = 0; at < n; ++at) {
      for (const unsigned char high : {0x80, 0xFF, 0xC1, 0xE1, 0xAD, 0xAE, 0xB0, 0xB9}) {
        std::string d = plain.substr(0, n);
        d[at] = static_cast<char>(high);
        std::vector<char> out(n, '#');
        ASSERT_EQ(puny::detail::lower_plain_ascii_domain(std::string_view(d), std::span<char>(out), o,
                                                         idna_operation::to_unicode),
                  ascii_fast_path::not_taken)
            << n << " bytes, " << static_cast<unsigned>(high) << " at " << at;
        ASSERT_EQ(out, std::vector<char>(n, '#'));
      }
    }
  }
  // A UTF-16 or UTF-32 code unit whose low byte is plain ASCII.
  const std::u16string u16 = u"exa\u0161mple.com";  // U+0161: low byte 0x61 'a'
  std::array<char16_t, 32> out16{};
  EXPECT_EQ(puny::detail::lower_plain_ascii_domain(std::u16string_view(u16), std::span<char16_t>(out16), o,
                                                   idna_operation::to_unicode),
            ascii_fast_path::not_taken);
  const std::u32string u32 = U"exa\U00010061mple.com";
  std::array<char, 32> out32{};
  EXPECT_EQ(puny::detail::lower_plain_ascii_domain(std::u32string_view(u32), std::span<char>(out32), o,
                                                   idna_operation::to_ascii),
            ascii_fast_path::not_taken);
}

// The URL Standard's shortcut (lower_url_ascii_domain): taken exactly when
// the input is non-empty, all ASCII and, with `forbid`, free of forbidden
// domain code points; then lowered, else nothing written.  Random strings
// over all of ASCII plus non-ASCII units that narrow to 0x00 or 0xFF
// (U+0100, U+00FF, U+8000, U+FFFF), every length from 0 to 80 (the vector
// path covers 8 to 64), in UTF-8, UTF-16 and UTF-32.
template <class Char>
void check_url_shortcut(const std::vector<char32_t>& units, bool forbid) {
  std::vector<Char> in;
  bool ascii = true;
  bool has_forbidden = false;
  std::string lower;
  for (const char32_t u : units) {
    if constexpr (sizeof(Char) == 1) {
      if (u >= 0x80) {  // as UTF-8 bytes: any byte >= 0x80 is non-ASCII
        in.push_back(static_cast<Char>(0xC3));
        in.push_back(static_cast<Char>(0xBF));
        ascii = false;
        continue;
      }
    }
    in.push_back(static_cast<Char>(u));
    if (u >= 0x80) {
      ascii = false;
    } else {
      has_forbidden = has_forbidden || forbidden(static_cast<char>(u));
      lower += static_cast<char>(u >= 'A' && u <= 'Z' ? u + 0x20 : u);
    }
  }
  const bool take = !in.empty() && ascii && !(forbid && has_forbidden);
  const std::basic_string_view<Char> view(in.data(), in.size());
  std::vector<char> out(in.size() + 16, '#');
  const ascii_fast_path got = puny::detail::lower_url_ascii_domain(view, std::span<char>(out.data(), in.size()), forbid);
  SCOPED_TRACE("size " + std::to_string(sizeof(Char)) + " length " + std::to_string(in.size()) +
               " forbid " + std::to_string(forbid));
  if (!take) {
    ASSERT_EQ(got, ascii_fast_path::not_taken);
    ASSERT_EQ(out, std::vector<char>(out.size(), '#'));
    return;
  }
  ASSERT_EQ(got, ascii_fast_path::written);
  ASSERT_EQ(std::string(out.data(), in.size()), lower);
  ASSERT_EQ(std::string(out.data() + in.size(), 16), std::string(16, '#'));
  std::vector<char> short_out(in.size() + 16, '#');
  ASSERT_EQ(puny::detail::lower_url_ascii_domain(view, std::span<char>(short_out.data(), in.size() - 1), forbid),
            ascii_fast_path::output_too_small);
  ASSERT_EQ(short_out, std::vector<char>(short_out.size(), '#'));
}

TEST(IdnaAsciiFastPath, UrlShortcutMatchesItsDefinition) {
  std::mt19937 rng(27);
  std::uniform_int_distribution<std::size_t> length(0, 80);
  std::uniform_int_distribution<unsigned> roll(0, 999);
  constexpr std::array<char32_t, 4> wide = {0x100, 0xFF, 0x8000, 0xFFFF};
  const std::string letters = "abcXYZ019-._~example";
  std::size_t taken = 0;
  for (int round = 0; round < 6000; ++round) {
    std::vector<char32_t> units(length(rng));
    for (char32_t& u : units) {
      const unsigned r = roll(rng);
      // Mostly host characters, so that whole inputs get taken; now and
      // then anything ASCII, or one of the non-ASCII units.
      u = r < 960 ? static_cast<char32_t>(letters[r % letters.size()])
          : r < 995 ? static_cast<char32_t>(r % 128) : wide[r % wide.size()];
    }
    for (const bool forbid : {true, false}) {
      check_url_shortcut<char>(units, forbid);
      check_url_shortcut<char16_t>(units, forbid);
      check_url_shortcut<char32_t>(units, forbid);
      if (HasFailure()) return;
    }
    bool all = !units.empty();
    for (const char32_t u : units) all = all && u < 0x80 && !forbidden(static_cast<char>(u));
    taken += all ? 1 : 0;
  }
  EXPECT_GT(taken, 1000u);
  EXPECT_LT(taken, 5000u);
}

}  // namespace
