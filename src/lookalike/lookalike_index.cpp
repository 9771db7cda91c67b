// puny — the look-alike index: Chromium's top-domain skeleton lookup
// (IDNSpoofChecker::GetSimilarTopDomain, LookupSkeletonInTopDomains,
// components/url_formatter/spoof_checks/idn_spoof_checker.cc) over a
// caller's protected list, in place of the Huffman trie that Chromium's
// make_top_domain_skeletons.cc and top_domain_generator.cc build at compile
// time.
//
// Layout (goal of issue 23: under 64 bytes a domain, a million domains built
// in under 2 s, a million queries a second):
//  - one string of records, one per domain: its id and top-bucket bit (4
//    bytes), the length of its Unicode form (2 bytes), then that form;
//    and a 32-bit record offset per id, for domain(id);
//  - one open-addressing table (linear probing, load at most 0.7) of 8-byte
//    slots: the high 32 bits of the skeleton's 64-bit hash (the tag, which
//    also chooses the home slot) and the domain's record offset, whose top
//    bit marks a skeleton without separators (Chromium's
//    SkeletonType::kSeparatorsRemoved).  A slot leads to its domain's text
//    in one memory access: with a million domains the tables outgrow the
//    caches, and a query's time is mostly its cache misses.
// Skeleton text is not stored: a slot whose tag matches is confirmed by
// computing the skeletons of its domain again (only on a hit, so a stream
// of names that match nothing never pays for it), which makes every answer
// exact.  A domain whose skeleton another domain already has keeps its slot
// after the first one's in probe order (rehashing keeps that order), so the
// domain added first wins, and a repeated domain is still recognised.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <limits>
#include <new>
#include <set>
#include <stdexcept>

#include "lookalike/chromium_skeletons.hpp"
#include "lookalike/large_allocator.hpp"
#include "lookalike/skeleton_hash.hpp"
#include "wrapper_exceptions.hpp"
#include "puny/lookalike.hpp"
#include "puny/utf8.hpp"

namespace puny {
namespace {

using detail::lookalike::for_each_skeleton;
using detail::lookalike::for_each_skeleton_ascii;
using detail::lookalike::for_each_skeleton_utf8;
using detail::lookalike::max_skeleton_bytes;
using detail::lookalike::skeleton_hash;

/// Longest name a query or add() takes (RFC 1035 §2.3.4 as UTS #46 §4.2
/// VerifyDnsLength counts it, without the root dot).
constexpr std::size_t max_domain_bytes = 253;
/// Room for ToUnicode of such a name in UTF-8: no code point maps to more
/// than 18 bytes per input byte (include/puny/idna.hpp).
constexpr std::size_t max_unicode_bytes = 18 * max_domain_bytes + 64;

constexpr std::uint32_t empty_slot = 0xFFFFFFFFu;
constexpr std::uint32_t separators_bit = 0x80000000u;
constexpr std::uint32_t offset_mask = 0x7FFFFFFFu;
/// Records start below this offset (offset_mask with separators_bit set
/// would read as an empty slot).
constexpr std::size_t max_text = offset_mask;
/// The record header: id | top-bucket bit (4 bytes), text length (2 bytes).
constexpr std::size_t header_size = 6;
constexpr std::uint32_t top_bucket_bit = 0x80000000u;
constexpr std::size_t max_domains = 0x7FFFFFFFu;

struct slot {
  std::uint32_t tag;
  std::uint32_t value;  // record offset, | separators_bit; empty_slot when free
};
static_assert(sizeof(slot) == 8);

/// One domain as its record holds it.
struct record {
  std::uint32_t id = 0;
  bool top_bucket = false;
  std::string_view text;
};

/// The skeleton a match reports lives here (lookalike_match::skeleton).
thread_local std::array<char, max_skeleton_bytes> match_skeleton;

bool is_ascii(std::string_view s) noexcept {
  for (char c : s) {
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  }
  return true;
}

/// A hint to load `p`'s cache line (no effect where the compiler has none).
inline void prefetch(const void* p) noexcept {
#if defined(__GNUC__) || defined(__clang__)
  __builtin_prefetch(p);
#else
  (void)p;
#endif
}

char ascii_lower(char c) noexcept { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + ('a' - 'A')) : c; }

bool equal_ignoring_ascii_case(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (ascii_lower(a[i]) != ascii_lower(b[i])) return false;
  }
  return true;
}

/// GetSimilarTopDomain's exclusion: `host` is `domain` or a subdomain of it
/// (base::EndsWith(hostname, "." + top_domain, INSENSITIVE_ASCII)).  The
/// host's trailing dot is not part of the comparison.
bool is_self_or_subdomain(std::string_view host, std::string_view domain) noexcept {
  if (!host.empty() && host.back() == '.') host.remove_suffix(1);
  if (equal_ignoring_ascii_case(host, domain)) return true;
  return host.size() > domain.size() && host[host.size() - domain.size() - 1] == '.' &&
         equal_ignoring_ascii_case(host.substr(host.size() - domain.size()), domain);
}

/// The text of `s` without `.` and `-` (make_top_domain_skeletons.cc:
/// kLabelSeparators), into `out` (at least s.size() bytes).
std::string_view without_separators(std::string_view s, char* out) noexcept {
  std::size_t n = 0;
  for (char c : s) {
    if (c != '.' && c != '-') out[n++] = c;
  }
  return std::string_view(out, n);
}

}  // namespace

struct lookalike_index::impl {
  template <class T>
  using large_vector = std::vector<T, detail::lookalike::large_allocator<T>>;

  large_vector<char> text;             // the domains' records, back to back
  std::vector<std::uint32_t> starts;   // the record offset of each id
  large_vector<slot> slots;            // the skeleton table
  std::size_t keys = 0;                // occupied slots
  // add()'s scratch, kept between calls: the new domain's skeletons.
  std::string key_text;
  struct key_span {
    std::uint32_t offset;
    std::uint32_t length;
    bool separators_removed;
  };
  std::vector<key_span> key_spans;

  [[nodiscard]] std::size_t size() const noexcept { return starts.size(); }
  [[nodiscard]] record at(std::uint32_t offset) const noexcept {
    const char* p = text.data() + offset;
    std::uint32_t word;
    std::uint16_t length;
    std::memcpy(&word, p, sizeof word);
    std::memcpy(&length, p + sizeof word, sizeof length);
    return {word & ~top_bucket_bit, (word & top_bucket_bit) != 0, std::string_view(p + header_size, length)};
  }
  [[nodiscard]] std::string_view domain(std::size_t id) const noexcept { return at(starts[id]).text; }

  /// The home slot of a tag: the tag scaled to the table (Lemire's
  /// multiply-shift range reduction), so the order of tags is the order of
  /// home slots.
  [[nodiscard]] std::size_t home(std::uint32_t tag) const noexcept {
    return static_cast<std::size_t>((static_cast<std::uint64_t>(tag) * slots.size()) >> 32);
  }

  [[nodiscard]] static std::uint32_t tag(std::string_view key) noexcept {
    return static_cast<std::uint32_t>(skeleton_hash(key) >> 32);
  }

  /// Does domain `d` have `key` among its skeletons (or, with
  /// `separators_removed`, among those of its text without `.` and `-`)?
  [[nodiscard]] static bool holds(std::string_view d, std::string_view key, bool separators_removed) noexcept {
    std::array<char, 4 * max_stack_domain> buffer;
    if (separators_removed) {
      if (d.size() > buffer.size()) return false;
      d = without_separators(d, buffer.data());
    }
    return for_each_skeleton_utf8(d, [&](std::string_view s) noexcept { return s == key; });
  }

  /// The record offset of the domain stored under exactly `key` (whose tag
  /// is `t`), the first in probe order.
  [[nodiscard]] std::optional<std::uint32_t> lookup(std::string_view key, std::uint32_t t,
                                                    bool separators_removed) const noexcept {
    const std::uint32_t kind = separators_removed ? separators_bit : 0;
    for (std::size_t i = home(t);;) {
      const slot& s = slots[i];
      if (s.value == empty_slot) return std::nullopt;
      if (s.tag == t && (s.value & separators_bit) == kind &&
          holds(at(s.value & offset_mask).text, key, separators_removed)) {
        return s.value & offset_mask;
      }
      if (++i == slots.size()) i = 0;
    }
  }

  /// LookupSkeletonInTopDomains: the last 4 labels of `skeleton`, then 3,
  /// down to 2 (kFull) or 1 (kSeparatorsRemoved): the record offset of the
  /// domain found.  `key_start` is where the matching key starts in
  /// `skeleton`.
  [[nodiscard]] std::optional<std::uint32_t> lookup_labels(std::string_view skeleton, bool separators_removed,
                                                           std::size_t& key_start) const noexcept {
    constexpr std::size_t labels_to_check = 4;  // kNumberOfLabelsToCheck
    std::array<std::size_t, labels_to_check> dots{};
    std::size_t found = 0;
    for (std::size_t i = skeleton.size(); i-- > 0 && found < labels_to_check;) {
      if (skeleton[i] == '.') dots[found++] = i;
    }
    const std::size_t most = found < labels_to_check ? found + 1 : labels_to_check;
    const std::size_t least = separators_removed ? 1 : 2;
    if (keys == 0 || most < least) return std::nullopt;
    // The keys' home slots are fetched from memory together, before the
    // first probe: a miss on a large table then costs about one cache miss,
    // not one per key.
    std::array<std::size_t, labels_to_check + 1> start{};
    std::array<std::uint32_t, labels_to_check + 1> tags{};
    for (std::size_t m = most; m >= least; --m) {
      start[m] = m == found + 1 ? 0 : dots[m - 1] + 1;
      tags[m] = tag(skeleton.substr(start[m]));
      prefetch(&slots[home(tags[m])]);
    }
    for (std::size_t m = most; m >= least; --m) {
      if (auto id = lookup(skeleton.substr(start[m]), tags[m], separators_removed)) {
        key_start = start[m];
        return id;
      }
    }
    return std::nullopt;
  }

  /// What GetSimilarTopDomain keeps while it walks the skeletons: the first
  /// one, in byte order (base::flat_set<std::string>), that finds a domain.
  struct best_match {
    bool found = false;
    std::uint32_t offset = 0;  // of the domain's record
    std::size_t length = 0;
    std::size_t key_start = 0;
    std::array<char, max_skeleton_bytes> skeleton;

    [[nodiscard]] std::string_view text() const noexcept { return std::string_view(skeleton.data(), length); }
  };

  /// The visitor that fills `b` from the skeletons it is shown.
  auto collector(best_match& b, bool separators_removed) const noexcept {
    return [this, &b, separators_removed](std::string_view s) noexcept {
      // A skeleton that sorts after the best one so far cannot decide.
      if (b.found && !(s < b.text())) return false;
      std::size_t key_start = 0;
      if (const auto offset = lookup_labels(s, separators_removed, key_start)) {
        b.found = true;
        b.offset = *offset;
        b.length = std::min(s.size(), b.skeleton.size());
        std::copy_n(s.data(), b.length, b.skeleton.data());
        b.key_start = key_start;
      }
      return false;
    };
  }

  [[nodiscard]] lookalike_match make_match(const best_match& b, bool separators_removed) const noexcept {
    const std::string_view key = b.text().substr(b.key_start);
    std::copy_n(key.data(), key.size(), match_skeleton.data());
    const record r = at(b.offset);
    lookalike_match m;
    m.domain = r.text;
    m.id = r.id;
    m.top_bucket = r.top_bucket;
    m.separators_removed = separators_removed;
    m.skeleton = std::string_view(match_skeleton.data(), key.size());
    return m;
  }

  /// GetSimilarTopDomain of a host in Unicode: `utf8` always, `wide` when
  /// the caller has it already.
  [[nodiscard]] std::optional<lookalike_match> similar(std::string_view utf8,
                                                       const std::u32string_view* wide) const noexcept {
    best_match b;
    if (is_ascii(utf8)) {
      for_each_skeleton_ascii(utf8, collector(b, false));
    } else if (wide != nullptr) {
      for_each_skeleton(*wide, collector(b, false));
    } else {
      for_each_skeleton_utf8(utf8, collector(b, false));
    }
    if (!b.found || is_self_or_subdomain(utf8, at(b.offset).text)) return std::nullopt;
    return make_match(b, false);
  }

  void insert(std::uint32_t t, std::uint32_t value) noexcept {
    std::size_t i = home(t);
    while (slots[i].value != empty_slot) {
      if (++i == slots.size()) i = 0;
    }
    slots[i] = {t, value};
    ++keys;
  }

  /// Moves the slots into a table of `count` slots.  Slots are taken in
  /// probe order from the start of a cluster, so that entries of one tag
  /// keep their order (the first domain added still wins).
  void rehash(std::size_t count) {
    large_vector<slot> old(count, slot{0, empty_slot});
    old.swap(slots);
    keys = 0;
    if (old.empty()) return;
    std::size_t first_empty = 0;
    while (first_empty < old.size() && old[first_empty].value != empty_slot) ++first_empty;
    for (std::size_t k = 1; k <= old.size(); ++k) {
      const slot& s = old[(first_empty + k) % old.size()];
      if (s.value != empty_slot) insert(s.tag, s.value);
    }
  }

  /// Slots enough for `total` keys at a load of at most 0.7.
  [[nodiscard]] static std::size_t slots_for(std::size_t total) noexcept {
    return std::max<std::size_t>(16, total / 7 * 10 + 10);
  }

  void make_room(std::size_t more) {
    const std::size_t total = keys + more;
    if (total * 10 <= slots.size() * 7) return;
    if (total > std::numeric_limits<std::uint32_t>::max() / 2) {
      detail::throw_length_error("puny::lookalike_index: too many skeletons");
    }
    rehash(std::max(slots_for(total), 2 * slots.size()));
  }

  /// The skeletons of `text` into key_text / key_spans, once each.
  void collect_keys(std::string_view text, bool separators_removed) {
    const std::size_t first = key_spans.size();
    bool out_of_memory = false;
    for_each_skeleton_utf8(text, [&](std::string_view s) noexcept {
      for (std::size_t k = first; k < key_spans.size(); ++k) {
        const key_span& e = key_spans[k];
        if (std::string_view(key_text.data() + e.offset, e.length) == s) return false;
      }
      // The visitor is noexcept: the failure is rethrown below.
      out_of_memory = !detail::allocates_without_bad_alloc([&] {
        const auto offset = static_cast<std::uint32_t>(key_text.size());
        key_text.append(s);
        key_spans.push_back({offset, static_cast<std::uint32_t>(s.size()), separators_removed});
      });
      return out_of_memory;
    });
    if (out_of_memory) detail::throw_bad_alloc();
  }
};

lookalike_index::lookalike_index() : impl_(std::make_unique<impl>()) {}
lookalike_index::~lookalike_index() = default;
lookalike_index::lookalike_index(lookalike_index&& other) noexcept = default;
lookalike_index& lookalike_index::operator=(lookalike_index&& other) noexcept = default;

void lookalike_index::reserve(std::size_t domains) {
  if (!impl_) impl_ = std::make_unique<impl>();
  impl_->starts.reserve(domains);
  // Most domains have one skeleton.
  impl_->make_room(domains > impl_->keys ? domains - impl_->keys : 0);
}

void lookalike_index::shrink_to_fit() {
  if (!impl_) return;
  impl_->text.shrink_to_fit();
  impl_->starts.shrink_to_fit();
  impl_->key_text = std::string();
  impl_->key_spans = std::vector<impl::key_span>();
  const std::size_t target = impl::slots_for(impl_->keys);
  if (target < impl_->slots.size()) impl_->rehash(target);
}

std::size_t lookalike_index::size() const noexcept { return impl_ ? impl_->size() : 0; }

std::size_t lookalike_index::memory_bytes() const noexcept {
  if (!impl_) return 0;
  const impl& m = *impl_;
  return sizeof(impl) + m.text.capacity() + m.starts.capacity() * sizeof(std::uint32_t) +
         m.slots.capacity() * sizeof(slot) + m.key_text.capacity() +
         m.key_spans.capacity() * sizeof(impl::key_span);
}

std::string_view lookalike_index::domain(std::size_t id) const noexcept {
  return impl_ && id < impl_->size() ? impl_->domain(id) : std::string_view();
}

lookalike_add_result lookalike_index::add(std::string_view domain, bool top_bucket) {
  if (!impl_) impl_ = std::make_unique<impl>();
  impl& m = *impl_;
  lookalike_add_result r;
  if (const result v = validate_utf8(domain); !v) {
    r.code = status::invalid_utf8;
    r.position = v.position;
    return r;
  }
  if (domain.size() > max_domain_bytes) {
    r.errors.insert(idna_code::A4_1);
    return r;
  }
  std::array<char, max_unicode_bytes> unicode;
  const idna_result u = to_unicode(domain, unicode, idna_options{});
  if (u.code != status::success) {
    r.code = u.code;
    r.position = u.position;
    return r;
  }
  if (!u.errors.empty()) {
    r.errors = u.errors;
    return r;
  }
  std::string_view text(unicode.data(), u.written);
  if (!text.empty() && text.back() == '.') text.remove_suffix(1);
  if (text.empty()) {
    r.errors.insert(idna_code::A4_1);
    return r;
  }

  // make_top_domain_skeletons.cc: every skeleton of the domain (kFull), and
  // for the top bucket those of the domain without separators too.
  m.key_text.clear();
  m.key_spans.clear();
  m.collect_keys(text, false);
  const std::size_t full = m.key_spans.size();
  if (top_bucket) {
    std::array<char, max_unicode_bytes> bare;
    m.collect_keys(without_separators(text, bare.data()), true);
  }
  r.skeletons = full;

  // A repeated domain is under its own keys already.
  for (const impl::key_span& e : m.key_spans) {
    if (m.keys == 0) break;
    const std::string_view key(m.key_text.data() + e.offset, e.length);
    const std::uint32_t t = impl::tag(key);
    for (std::size_t i = m.home(t); m.slots[i].value != empty_slot; i = (i + 1) % m.slots.size()) {
      if (m.slots[i].tag == t && m.at(m.slots[i].value & offset_mask).text == text) {
        r.duplicate = true;
        return r;
      }
    }
  }

  const std::size_t id = m.size();
  const std::size_t offset = m.text.size();
  if (id >= max_domains) detail::throw_length_error("puny::lookalike_index: too many domains");
  if (offset >= max_text || text.size() > std::numeric_limits<std::uint16_t>::max()) {
    detail::throw_length_error("puny::lookalike_index: more than 2 GiB of domain text");
  }
  m.make_room(m.key_spans.size());
  const std::uint32_t word = static_cast<std::uint32_t>(id) | (top_bucket ? top_bucket_bit : 0);
  const auto length = static_cast<std::uint16_t>(text.size());
  char header[header_size];
  std::memcpy(header, &word, sizeof word);
  std::memcpy(header + sizeof word, &length, sizeof length);
  m.text.insert(m.text.end(), header, header + header_size);
  m.text.insert(m.text.end(), text.begin(), text.end());
  m.starts.push_back(static_cast<std::uint32_t>(offset));
  for (const impl::key_span& e : m.key_spans) {
    const std::string_view key(m.key_text.data() + e.offset, e.length);
    m.insert(impl::tag(key), static_cast<std::uint32_t>(offset) | (e.separators_removed ? separators_bit : 0));
  }
  r.added = true;
  return r;
}

std::size_t lookalike_index::add_list(std::string_view list, std::vector<lookalike_list_error>* errors) {
  constexpr std::string_view end_of_top_bucket = "###END_TOP_BUCKET###";
  const auto trim = [](std::string_view s) {
    constexpr std::string_view space = " \t\n\v\f\r";  // base::TrimWhitespaceASCII
    const auto first = s.find_first_not_of(space);
    if (first == std::string_view::npos) return std::string_view();
    return s.substr(first, s.find_last_not_of(space) - first + 1);
  };
  const auto for_each_line = [&](auto f) {
    std::size_t number = 0;
    for (std::size_t at = 0; at < list.size();) {
      const std::size_t end = std::min(list.find('\n', at), list.size());
      std::string_view line = list.substr(at, end - at);
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      if (!f(++number, line)) return;
      at = end + 1;
    }
  };
  // Domains before the separator are the top bucket; a list without one has
  // no top bucket.
  bool top_bucket = false;
  for_each_line([&](std::size_t, std::string_view line) {
    top_bucket = trim(line) == end_of_top_bucket;
    return !top_bucket;
  });
  std::size_t added = 0;
  for_each_line([&](std::size_t number, std::string_view line) {
    const std::string_view domain = trim(line);
    if (domain == end_of_top_bucket) {
      top_bucket = false;
      return true;
    }
    if (domain.empty() || domain.front() == '#') return true;
    lookalike_add_result r = add(domain, top_bucket);
    if (r.added) {
      ++added;
    } else if (errors != nullptr) {
      errors->push_back({number, std::string(line), r});
    }
    return true;
  });
  return added;
}

std::optional<lookalike_match> lookalike_index::find(std::string_view domain) const noexcept {
  if (!impl_ || impl_->keys == 0 || domain.size() > max_domain_bytes) return std::nullopt;
  std::array<char, max_unicode_bytes> unicode;
  const idna_result u = to_unicode(domain, unicode, idna_options{});
  if (!u.ok()) return std::nullopt;
  return impl_->similar(std::string_view(unicode.data(), u.written), nullptr);
}

std::optional<lookalike_match> lookalike_index::find_unicode(std::u32string_view host) const noexcept {
  if (!impl_ || impl_->keys == 0 || host.size() > max_stack_domain) return std::nullopt;
  std::array<char, 4 * max_stack_domain> utf8;
  const result e = utf32_to_utf8(host, utf8);
  if (!e) return std::nullopt;
  return impl_->similar(std::string_view(utf8.data(), e.written), &host);
}

std::optional<lookalike_match> lookalike_index::find_without_separators(std::string_view domain) const noexcept {
  if (!impl_ || impl_->keys == 0 || domain.size() > max_domain_bytes) return std::nullopt;
  std::array<char, max_unicode_bytes> unicode;
  const idna_result u = to_unicode(domain, unicode, idna_options{});
  if (!u.ok()) return std::nullopt;
  std::array<char, max_unicode_bytes> bare;
  const std::string_view target = without_separators(std::string_view(unicode.data(), u.written), bare.data());
  impl::best_match b;
  for_each_skeleton_utf8(target, impl_->collector(b, true));
  if (!b.found) return std::nullopt;
  return impl_->make_match(b, true);
}

std::optional<lookalike_match> lookalike_index::lookup_skeleton(std::string_view skeleton,
                                                                bool separators_removed) const noexcept {
  if (!impl_ || impl_->keys == 0 || skeleton.size() > max_skeleton_bytes) return std::nullopt;
  std::size_t key_start = 0;
  const auto id = impl_->lookup_labels(skeleton, separators_removed, key_start);
  if (!id) return std::nullopt;
  impl::best_match b;
  b.found = true;
  b.offset = *id;
  b.length = skeleton.size();
  std::copy_n(skeleton.data(), skeleton.size(), b.skeleton.data());
  b.key_start = key_start;
  return impl_->make_match(b, separators_removed);
}

std::vector<std::string> lookalike_index::skeletons(std::string_view unicode_host) {
  std::set<std::string> all;
  std::u32string wide(unicode_host.size(), U'\0');
  const result r = utf8_to_utf32(unicode_host, wide);
  if (!r) return {};
  wide.resize(r.written);
  bool out_of_memory = false;
  for_each_skeleton(wide, [&](std::string_view s) noexcept {
    // The visitor is noexcept: the failure is rethrown below.
    out_of_memory = !detail::allocates_without_bad_alloc([&] { all.emplace(s); });
    return out_of_memory;
  });
  if (out_of_memory) detail::throw_bad_alloc();
  return std::vector<std::string>(all.begin(), all.end());
}

}  // namespace puny
