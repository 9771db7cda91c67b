// puny — Chromium's SkeletonGenerator::GetSkeletons (skeleton_generator.cc),
// over stack buffers.  See chromium_skeletons.hpp for the sources.
#include "lookalike/chromium_skeletons.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <span>

#include "puny/idna.hpp"
#include "puny/script.hpp"
#include "puny/security.hpp"
#include "puny/utf8.hpp"
#include "security/security_data.hpp"
#include "unicode/nfc.hpp"
#include "unicode/ucd.hpp"

namespace puny::detail::lookalike {
namespace {

constexpr char32_t latin_small_l_with_stroke = 0x0142;  // ł
constexpr char32_t cyrillic_small_palochka = 0x04CF;    // ӏ

// ---------------------------------------------------------------------------
// ExtraConf: "Supplement the Unicode confusable list by the following
// mapping" (the SkeletonGenerator constructor).  One group per rule of the
// transliterator, in its order; U+0A68 appears twice in the source's "2"
// rule and once here.  Every source is above U+00DE, so ASCII is never
// mapped.

struct extra_rule {
  std::u32string_view sources;
  std::string_view target;
};

constexpr extra_rule extra_rules[] = {
    {U"\u00E6\u04D5", "ae"},                                                         // æӕ
    {U"\u03FC\u048F", "p"},                                                          // ϼҏ
    {U"\u0127\u043D\u045B\u04A3\u04A5\u04C8\u04CA\u050B\u0527\u0529", "h"},          // ħнћңҥӈӊԋԧԩ
    {U"\u0138\u03BA\u043A\u049B\u049D\u049F\u04A1\u04C4\u051F", "k"},                // ĸκкқҝҟҡӄԟ
    {U"\u014B\u043F\u0525\u0E01\u05D7", "n"},                                        // ŋпԥกח
    {U"\u0167\u0442\u04AD\u050F\u4E03\u4E05\u4E06\u4E01", "t"},                      // ŧтҭԏ七丅丆丁
    {U"\u0185\u044C\u048D\u0432\u00DF", "b"},                                        // ƅьҍвß
    {U"\u03C9\u0448\u0449\u0E1E\u0E1F\u0E9E\u0E9F", "w"},                            // ωшщพฟພຟ
    {U"\u043C\u04CE", "m"},                                                          // мӎ
    {U"\u0454\u04BD\u04BF\u1054", "e"},                                              // єҽҿၔ
    {U"\u0491", "r"},                                                                // ґ
    {U"\u0493\u04FB", "f"},                                                          // ғӻ
    {U"\u04AB\u1004", "c"},                                                          // ҫင
    {U"\u04B1\u4E2B", "y"},                                                          // ұ丫
    {U"\u03C7\u04B3\u04FD\u04FF\u4E42", "x"},                                        // χҳӽӿ乂
    {U"\u0503\u10EB", "d"},                                                          // ԃძ
    {U"\u050D\u100C", "g"},                                                          // ԍဌ
    {U"\u0D1F\u0E23\u0EA3\u0EAE", "s"},                                              // ടรຣຮ
    {U"\u1042", "j"},                                                                // ၂
    {U"\u0966\u09E6\u0A66\u0AE6\u0B20\u0B66\u0CE6\u1005", "o"},                      // ०০੦૦ଠ୦೦စ
    {U"\u09ED\u0A67\u0AE7", "q"},                                                    // ৭੧૧
    {U"\u0E1A\u0E9A", "u"},                                                          // บບ
    {U"\u03B8", "0"},                                                                // θ
    {U"\u0968\u09E8\u0A68\u0AE8\u0CE9\u0CED\u0577", "2"},                            // २২੨૨೩೭շ
    // зҙӡउওਤ੩૩౩ဒვპੜკ
    {U"\u0437\u0499\u04E1\u0909\u0993\u0A24\u0A69\u0AE9\u0C69\u1012\u10D5\u10DE\u0A5C\u10D9", "3"},
    {U"\u0A6B\u4E29\u3110", "4"},                                                    // ੫丩ㄐ
    {U"\u0573", "6"},                                                                // ճ
    {U"\u09EA\u0A6A\u0B6B", "8"},                                                    // ৪੪୫
    {U"\u0AED\u0B68\u0C68", "9"},                                                    // ૭୨౨
    {U"\u2014\u4E00\u2015\u2E3A\u2E3B", "-"},                                        // —一―⸺⸻
};

struct extra_entry {
  char32_t from = 0;
  std::string_view to;
};

constexpr std::size_t extra_count = [] {
  std::size_t n = 0;
  for (const extra_rule& r : extra_rules) n += r.sources.size();
  return n;
}();

// The rules as one table sorted by code point, for a binary search.
constexpr std::array<extra_entry, extra_count> extra_table = [] {
  std::array<extra_entry, extra_count> t{};
  std::size_t n = 0;
  for (const extra_rule& r : extra_rules) {
    for (char32_t c : r.sources) t[n++] = {c, r.target};
  }
  for (std::size_t i = 1; i < n; ++i) {  // insertion sort: constexpr, 125 entries
    for (std::size_t j = i; j > 0 && t[j].from < t[j - 1].from; --j) std::swap(t[j], t[j - 1]);
  }
  return t;
}();

// Which 256-code-point blocks of the BMP hold a source: most text (Arabic,
// Han outside U+4E00–U+4EFF, ...) is turned away without a search.
constexpr std::array<bool, 256> extra_blocks = [] {
  std::array<bool, 256> b{};
  for (const extra_entry& e : extra_table) b[e.from >> 8] = true;
  return b;
}();

static_assert([] {
  for (const extra_entry& e : extra_table) {
    if (e.from > 0xFFFF) return false;  // extra_blocks covers the BMP only
  }
  for (std::size_t i = 1; i < extra_table.size(); ++i) {
    if (extra_table[i].from == extra_table[i - 1].from) return false;  // a code point in two rules
  }
  return extra_table.front().from > 0x7F;
}());

// ---------------------------------------------------------------------------
// The ASCII fast path: the UTS #39 skeleton of each ASCII character, computed
// once with puny::skeleton.  Concatenating them gives the skeleton of an
// ASCII string when every piece is made of starters (ccc 0): the final NFD
// of §4 then has nothing to reorder.

struct ascii_piece {
  std::array<char, 15> bytes{};
  std::uint8_t length = 0;
  bool plain = false;  // usable by concatenation
};

const std::array<ascii_piece, 128>& ascii_pieces() noexcept {
  static const std::array<ascii_piece, 128> table = [] {
    std::array<ascii_piece, 128> t{};
    for (char32_t c = 0; c < 128; ++c) {
      char32_t out[skeleton_buffer_size(1)];
      const result r = puny::skeleton(std::u32string_view(&c, 1), out);
      ascii_piece& p = t[c];
      if (!r) continue;
      const std::u32string_view piece(out, r.written);
      bool starters = true;
      for (char32_t x : piece) starters = starters && ucd::combining_class(x) == 0;
      std::array<char, 4 * skeleton_buffer_size(1)> utf8{};
      const result e = utf32_to_utf8(piece, utf8);
      if (!starters || !e || e.written > p.bytes.size()) continue;
      std::copy_n(utf8.data(), e.written, p.bytes.data());
      p.length = static_cast<std::uint8_t>(e.written);
      p.plain = true;
    }
    return t;
  }();
  return table;
}

// ---------------------------------------------------------------------------

// MaybeRemoveDiacritics caps: the NFD of the host without its nonspacing
// marks (B) is kept to 4 × 32 code points.  NFC(B) is canonically
// equivalent to B and each of its code points decomposes to at most
// ucd::max_decomposition_length (4) of them, so a longer B normalizes to
// more than 32 code points: the host then has no variant, whatever its
// exact form.
constexpr std::size_t max_stripped = ucd::max_decomposition_length * max_variant_length;
static_assert(ucd::max_decomposition_length == 4);

constexpr std::size_t npos = static_cast<std::size_t>(-1);

// The DropAcc transliterator: "::NFD; ::[:Nonspacing Mark:] Remove; ::NFC;
// ł > l; ø > o; đ > d;".  Writes the result to `out` (nfc_buffer_size of
// max_stripped) and returns its length, or npos when it has more than 32
// code points for sure.  The host is LGC (is_lgc_host), so it holds no
// Hangul syllable to decompose algorithmically.
std::size_t remove_diacritics(std::u32string_view host, std::span<char32_t> out) noexcept {
  std::array<char32_t, max_stripped> stripped;
  std::size_t n = 0;
  const auto append = [&](char32_t c) noexcept {
    if (security::record_of(c).nonspacing_mark) return true;
    if (n == stripped.size()) return false;
    stripped[n++] = c;
    return true;
  };
  for (char32_t c : host) {
    const std::u32string_view d = ucd::canonical_decomposition(c);
    if (d.empty()) {
      if (!append(c)) return npos;
    } else {
      for (char32_t x : d) {
        if (!append(x)) return npos;
      }
    }
  }
  const std::size_t m = to_nfc(std::u32string_view(stripped.data(), n), out);
  for (std::size_t i = 0; i < m; ++i) {
    switch (out[i]) {
      case 0x0142: out[i] = U'l'; break;  // ł
      case 0x00F8: out[i] = U'o'; break;  // ø
      case 0x0111: out[i] = U'd'; break;  // đ
      default: break;
    }
  }
  return m;
}

// The UTS #39 skeleton (uspoof_getSkeletonUnicodeString, type 0) of
// `text`, in UTF-8, to `visit`.
bool visit_skeleton(std::u32string_view text, const skeleton_visitor& visit) noexcept {
  constexpr std::size_t most = 2 * max_variant_code_points;  // ExtraConf: ӕ → "ae"
  std::array<char32_t, skeleton_buffer_size(most)> skeleton32;
  if (text.size() > most) return false;  // cannot happen: variants are bounded
  const result r = puny::skeleton(text, skeleton32);
  if (!r) return false;  // ICU: skipped unless U_SUCCESS
  std::array<char, max_skeleton_bytes> utf8;
  static_assert(max_skeleton_bytes == 4 * skeleton_buffer_size(most));
  const result e = utf32_to_utf8(std::u32string_view(skeleton32.data(), r.written), utf8);
  if (!e) return false;
  return visit(std::string_view(utf8.data(), e.written));
}

// The body of GetSkeletons' loop over the variants: drop one trailing dot,
// apply ExtraConf, then the skeleton, and the skeleton with every ӏ read as
// l (AddSkeletonMapping).
bool visit_variant(std::u32string_view variant, const skeleton_visitor& visit) noexcept {
  if (!variant.empty() && variant.back() == U'.') variant.remove_suffix(1);
  std::array<char32_t, 2 * max_variant_code_points> mapped;
  std::size_t n = 0;
  bool palochka = false;
  for (char32_t c : variant) {
    if (n + 2 > mapped.size()) return false;  // cannot happen: variants are bounded
    const std::string_view to = extra_confusable(c);
    if (to.empty()) {
      mapped[n++] = c;
      palochka = palochka || c == cyrillic_small_palochka;
    } else {
      for (char t : to) mapped[n++] = static_cast<char32_t>(t);
    }
  }
  const std::u32string_view text(mapped.data(), n);
  if (palochka) {
    std::array<char32_t, 2 * max_variant_code_points> with_l;
    for (std::size_t i = 0; i < n; ++i) with_l[i] = mapped[i] == cyrillic_small_palochka ? U'l' : mapped[i];
    if (visit_skeleton(std::u32string_view(with_l.data(), n), visit)) return true;
  }
  return visit_skeleton(text, visit);
}

constexpr bool is_ascii_lgc(char32_t c) noexcept {
  return (c >= U'0' && c <= U'9') || (c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z') || c == U'.' ||
         c == U'_' || c == U'-';
}

}  // namespace

bool is_lgc_host(std::u32string_view host) noexcept {
  for (char32_t c : host) {
    if (c < 0x80) {
      if (!is_ascii_lgc(c)) return false;
      continue;
    }
    if (c >= 0x300 && c <= 0x339) continue;
    const script s = security::record_of(c).sc;
    if (s != script::latin && s != script::greek && s != script::cyrillic) return false;
  }
  return true;
}

std::size_t utf16_length(std::u32string_view s) noexcept {
  std::size_t n = s.size();
  for (char32_t c : s) n += c > 0xFFFF ? 1 : 0;
  return n;
}

std::pair<std::u32string_view, std::u32string_view> other_readings(char32_t c) noexcept {
  switch (c) {
    case 0x00FE: return {U"b", U"p"};    // þ
    case 0x0153: return {U"ce", U"oe"};  // œ
    case 0x0142: return {U"l", U"t"};    // ł, https://crbug.com/1250993
    case 0x0131: return {U"l", U"i"};    // ı, https://crbug.com/40072736
    default: return {};
  }
}

std::string_view extra_confusable(char32_t c) noexcept {
  if (c < extra_table.front().from || c > extra_table.back().from || !extra_blocks[c >> 8]) return {};
  const auto* it = std::lower_bound(extra_table.begin(), extra_table.end(), c,
                                    [](const extra_entry& e, char32_t x) { return e.from < x; });
  return it != extra_table.end() && it->from == c ? it->to : std::string_view();
}

bool for_each_variant(std::u32string_view input, std::size_t max_alternatives, variant_visitor visit) noexcept {
  if (input.empty() || utf16_length(input) > max_variant_length || max_alternatives == 0) return false;
  std::array<std::size_t, max_multiple_skeleton_characters> where{};
  std::size_t count = 0;
  for (std::size_t i = 0; i < input.size(); ++i) {
    if (other_readings(input[i]).first.empty()) continue;
    if (count == where.size()) return false;  // too many: no variant at all
    where[count++] = i;
  }
  // Chromium's queue holds partial strings; each dequeued item is extended
  // by the next character, then by each of its other readings.  The
  // complete strings thus leave the queue in lexicographic order of the
  // choices, the first character with several readings varying slowest:
  // the variant of rank j has, for that character, choice digit k of j in
  // base 3 (0: itself, 1 and 2: its readings).
  std::size_t total = 1;
  for (std::size_t k = 0; k < count; ++k) total *= 3;
  const std::size_t n = std::min(total, max_alternatives);
  std::array<char32_t, max_variant_code_points> buffer;
  for (std::size_t j = 0; j < n; ++j) {
    std::array<unsigned, max_multiple_skeleton_characters> choice{};
    std::size_t rest = j;
    for (std::size_t k = count; k-- > 0;) {
      choice[k] = static_cast<unsigned>(rest % 3);
      rest /= 3;
    }
    std::size_t length = 0;
    std::size_t next = 0;  // the next entry of `where`
    for (std::size_t i = 0; i < input.size(); ++i) {
      if (next < count && where[next] == i) {
        const auto readings = other_readings(input[i]);
        const unsigned c = choice[next++];
        if (c == 0) {
          buffer[length++] = input[i];
        } else {
          for (char32_t x : c == 1 ? readings.first : readings.second) buffer[length++] = x;
        }
      } else {
        buffer[length++] = input[i];
      }
    }
    if (visit(std::u32string_view(buffer.data(), length))) return true;
  }
  return false;
}

bool for_each_skeleton(std::u32string_view host, skeleton_visitor visit) noexcept {
  if (host.empty()) return false;
  // MaybeRemoveDiacritics: one trailing dot goes, then the diacritics of an
  // all-LGC host.
  std::u32string_view trimmed = host;
  if (trimmed.back() == U'.') trimmed.remove_suffix(1);
  std::array<char32_t, nfc_buffer_size(max_stripped)> stripped;
  std::u32string_view no_diacritics = trimmed;
  bool too_long = false;
  if (is_lgc_host(trimmed)) {
    const std::size_t n = remove_diacritics(trimmed, stripped);
    too_long = n == npos;
    if (!too_long) no_diacritics = std::u32string_view(stripped.data(), n);
  }
  const auto each_variant = [&](std::u32string_view v) noexcept { return visit_variant(v, visit); };
  if (!too_long && for_each_variant(no_diacritics, max_variants, each_variant)) return true;
  // ShouldComputeSupplementalHostnamesWithDiacritics: the variants of the
  // host as given too, when it holds ł, the one character with several
  // readings that diacritic removal changes.  When removal changed nothing
  // they are the variants above (the host has at most one more trailing dot,
  // which the loop drops), so they are skipped.
  const bool changed = too_long || no_diacritics != trimmed;
  if (changed && host.find(latin_small_l_with_stroke) != std::u32string_view::npos) {
    if (for_each_variant(host, max_variants, each_variant)) return true;
  }
  return false;
}

bool for_each_skeleton_ascii(std::string_view host, skeleton_visitor visit) noexcept {
  if (host.empty()) return false;
  std::string_view trimmed = host;
  if (trimmed.back() == '.') trimmed.remove_suffix(1);
  // Removing diacritics changes no ASCII character and no ASCII character has
  // several readings, so the one variant is the trimmed host; ExtraConf maps
  // no ASCII character and there is no ӏ.
  if (trimmed.empty() || trimmed.size() > max_variant_length) return false;
  std::string_view variant = trimmed;
  if (variant.back() == '.') variant.remove_suffix(1);
  const auto& pieces = ascii_pieces();
  std::array<char, max_variant_length * sizeof(ascii_piece::bytes)> out;
  std::size_t n = 0;
  for (char ch : variant) {
    const auto c = static_cast<unsigned char>(ch);
    if (c >= 0x80) return for_each_skeleton_utf8(host, visit);
    if (!pieces[c].plain) {
      std::array<char32_t, max_variant_length + 1> wide;  // the host: the trimmed one and a dot
      for (std::size_t i = 0; i < host.size(); ++i) wide[i] = static_cast<unsigned char>(host[i]);
      return for_each_skeleton(std::u32string_view(wide.data(), host.size()), visit);
    }
    std::memcpy(out.data() + n, pieces[c].bytes.data(), pieces[c].length);
    n += pieces[c].length;
  }
  return visit(std::string_view(out.data(), n));
}

bool for_each_skeleton_utf8(std::string_view host, skeleton_visitor visit) noexcept {
  bool ascii = true;
  for (char c : host) ascii = ascii && static_cast<unsigned char>(c) < 0x80;
  if (ascii) return for_each_skeleton_ascii(host, visit);
  std::array<char32_t, max_stack_domain> wide;
  const result r = utf8_to_utf32(host, wide);
  if (!r) return false;
  return for_each_skeleton(std::u32string_view(wide.data(), r.written), visit);
}

}  // namespace puny::detail::lookalike
