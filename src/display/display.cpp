// puny — the display decision: each label in Unicode where its policy
// allows, else in its ACE form (include/puny/display.hpp).
//
// As Chromium's url_formatter (IDNToUnicodeWithAdjustments,
// IDNToUnicodeOneComponent; phantom-browser-core @13b705fa
// components/url_formatter/url_formatter.cc): each label is converted on its
// own, by UTS #46 ToUnicode with CheckBidi, so that the Bidi rule applies to
// a label exactly when the label itself is right-to-left (as
// uidna_labelToUnicode does); the TLD, decoded, goes to every label's
// decision; a label with errors stays as it was given; and when some label
// is an IDN label the whole display string is looked up among the
// protected domains (GetSimilarTopDomain), a match reverting the whole
// name to ASCII.
//
// Speed: the common name is converted by one ToUnicode of the whole name
// with CheckBidi off, the pipeline noting for each label where it ends,
// whether it is ASCII and whether it breaks the Bidi rule on its own
// (process.hpp, label_facts): the checks of UTS #46 are per label but for
// the Bidi rule, which a label converted alone applies exactly when it is
// right-to-left, to itself.  So the name's labels are each label's
// ToUnicode.  A name with any error is converted again label by label, for
// each label's own codes.
//
// Working memory: the converted name and the code points of the TLD, the
// display host (for the look-alike query) and the current label, on the
// stack for every name a DNS can hold and from the heap (std::nothrow)
// beyond.  Time is linear in the length of the name.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <optional>
#include <span>
#include <string_view>

#include "display/labels.hpp"
#include "display/policy.hpp"
#include "idna/process.hpp"
#include "idna/pipeline.hpp"
#include "puny/detail/simd_dispatch.hpp"
#include "puny/display.hpp"
#include "puny/idna.hpp"
#include "puny/lookalike.hpp"
#include "puny/utf8.hpp"
#include "security/security_data.hpp"

namespace puny {
namespace {

using detail::display::label_context;
using detail::display::label_decision;
using detail::display::label_reader;
using detail::display::label_slice;

bool is_ascii(std::string_view s) noexcept {
  for (const char c : s)
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  return true;
}

char ascii_lower(char c) noexcept { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

// A label of lowercase letters, digits and hyphens that UTS #46 §4.1 finds
// valid without looking further: no hyphen first, last, or in both the
// third and fourth positions (which also rules out `xn--`).  It is its own
// ToUnicode and ToASCII and needs no decision.
bool is_plain_ldh_label(std::string_view s) noexcept {
  if (s.empty() || s.front() == '-' || s.back() == '-') return false;
  if (s.size() >= 4 && s[2] == '-' && s[3] == '-') return false;
  for (const char c : s)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
  return true;
}

// The UTF-8 length of `s` (scalar values).  32-bit counts: with them the
// compiler's vector loop takes four code points a step even in SSE2.
std::size_t utf8_length(std::u32string_view s) noexcept {
  std::uint32_t extra = 0;
  for (const char32_t c : s)
    extra += static_cast<std::uint32_t>(c > 0x7F) + static_cast<std::uint32_t>(c > 0x7FF) +
             static_cast<std::uint32_t>(c > 0xFFFF);
  return s.size() + extra;
}

// ---------------------------------------------------------------------------
// Working memory, on the stack up to a size every DNS name fits in, then
// from the heap.

template <class T, std::size_t StackCapacity>
class scratch {
 public:
  scratch() noexcept = default;
  scratch(const scratch&) = delete;
  scratch& operator=(const scratch&) = delete;

  /// Room for `n` elements, keeping the first `keep`; false when the heap
  /// refuses.
  [[nodiscard]] bool reserve(std::size_t n, std::size_t keep) noexcept {
    if (n <= capacity_) return true;
    const std::size_t capacity = std::max(n, 2 * capacity_);
    std::unique_ptr<T[]> grown(new (std::nothrow) T[capacity]);
    if (!grown) return false;
    std::copy_n(data_, std::min(keep, capacity_), grown.get());
    heap_ = std::move(grown);
    data_ = heap_.get();
    capacity_ = capacity;
    return true;
  }
  [[nodiscard]] T* data() noexcept { return data_; }
  [[nodiscard]] std::size_t capacity() const noexcept { return capacity_; }
  [[nodiscard]] std::span<T> from(std::size_t at) noexcept { return {data_ + at, capacity_ - at}; }
  [[nodiscard]] std::basic_string_view<T> view(std::size_t at, std::size_t n) const noexcept { return {data_ + at, n}; }

 private:
  // The array last, so that the members read on every call share a cache
  // line with the owner's other members.
  std::unique_ptr<T[]> heap_;
  T* data_ = stack_;
  std::size_t capacity_ = StackCapacity;
  T stack_[StackCapacity];
};

/// UTF-8 into the caller's buffer, counting what does not fit.
class utf8_writer {
 public:
  explicit utf8_writer(std::span<char> out) noexcept : out_(out) {}
  [[nodiscard]] std::size_t count() const noexcept { return count_; }
  [[nodiscard]] bool overflowed() const noexcept { return count_ > out_.size(); }
  [[nodiscard]] std::span<char> rest() const noexcept {
    return count_ < out_.size() ? out_.subspan(count_) : std::span<char>{};
  }
  void rewind(std::size_t to) noexcept { count_ = to; }
  void advance(std::size_t n) noexcept { count_ += n; }
  void byte(char c) noexcept {
    if (count_ < out_.size()) out_[count_] = c;
    ++count_;
  }
  void bytes(std::string_view s) noexcept {
    if (s.size() <= out_.size() && count_ <= out_.size() - s.size()) std::memcpy(out_.data() + count_, s.data(), s.size());
    count_ += s.size();
  }
  void lowercase(std::string_view s) noexcept {
    if (s.size() <= out_.size() && count_ <= out_.size() - s.size()) {
      char* at = out_.data() + count_;
      for (const char c : s) *at++ = ascii_lower(c);
    }
    count_ += s.size();
  }
  void code_points(std::u32string_view s) noexcept {
    // The kernel chosen at start-up (simd_dispatch.hpp) when the longest
    // encoding of every code point fits.
    if (const auto kernel = detail::active_simd_kernels.write_utf8;
        kernel != nullptr && count_ <= out_.size() && s.size() <= (out_.size() - count_) / 4) {
      count_ += kernel(s.data(), s.size(), out_.data() + count_);
      return;
    }
    for (const char32_t c : s) {
      if (c < 0x80) {
        byte(static_cast<char>(c));
      } else if (c < 0x800) {
        byte(static_cast<char>(0xC0 | (c >> 6)));
        byte(static_cast<char>(0x80 | (c & 0x3F)));
      } else if (c < 0x10000) {
        byte(static_cast<char>(0xE0 | (c >> 12)));
        byte(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
        byte(static_cast<char>(0x80 | (c & 0x3F)));
      } else {
        byte(static_cast<char>(0xF0 | (c >> 18)));
        byte(static_cast<char>(0x80 | ((c >> 12) & 0x3F)));
        byte(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
        byte(static_cast<char>(0x80 | (c & 0x3F)));
      }
    }
  }

 private:
  std::span<char> out_;
  std::size_t count_ = 0;
};

// ---------------------------------------------------------------------------
// One label converted on its own: where its code points are.

enum class label_kind : std::uint8_t {
  empty,    // the last label, empty: the root
  ascii,    // valid, and ASCII after ToUnicode: no decision
  idn,      // valid, with a non-ASCII code point: the policy decides
  invalid,  // UTS #46 errors: shown as given
};

struct converted_label {
  label_kind kind = label_kind::empty;
  idna_errors errors;
  std::size_t input_size = 0;  // the input's code points, from `at` (not for a plain LDH label)
  std::size_t unicode_at = 0;  // ToUnicode's code points
  std::size_t unicode_size = 0;
  bool plain = false;  // a plain LDH label: its text is the input, no code points stored
};

// The UTS #46 options of each policy, constants: read where they are, not
// copied into each call's frame.
struct policy_options {
  idna_options unicode;  // a label's ToUnicode
  idna_options ascii;    // a label's ToASCII
  idna_options whole;    // the whole name's ToUnicode, the Bidi rule left to the labels (displayer::run)
};

constexpr policy_options make_options(display_policy policy) noexcept {
  policy_options o{detail::display::label_options(policy), detail::display::label_ascii_options(policy),
                   detail::display::label_options(policy)};
  o.whole.check_bidi = false;
  return o;
}

constexpr policy_options chromium_options = make_options(display_policy::chromium);
constexpr policy_options other_options = make_options(display_policy::firefox);
static_assert(make_options(display_policy::uts39_highly_restrictive).unicode == other_options.unicode &&
              make_options(display_policy::uts39_moderately_restrictive).unicode == other_options.unicode &&
              make_options(display_policy::ascii).unicode == other_options.unicode &&
              make_options(display_policy::ascii).ascii == other_options.ascii);

const policy_options& options_of(display_policy policy) noexcept {
  return policy == display_policy::chromium ? chromium_options : other_options;
}

class displayer final : detail::display::tld_ascii_maker {
 public:
  // The answer goes to `result`, the caller's return value.
  displayer(std::string_view domain, std::span<char> out, std::span<label_verdict> verdicts,
            const display_options& options, display_result& result) noexcept
      : domain_(domain), out_(out), verdicts_(verdicts), options_(options), result_(result) {}
  displayer(const displayer&) = delete;
  displayer& operator=(const displayer&) = delete;

  void run() noexcept;

 private:
  // The most labels a name decided in one piece may have (more go label by label).
  static constexpr std::size_t max_whole_labels = 64;
  [[nodiscard]] bool run_whole(std::u32string_view processed, std::span<const detail::label_facts> facts) noexcept;
  [[nodiscard]] bool run_by_label() noexcept;
  void finish() noexcept;
  void fail(status code) noexcept {
    result_ = {};
    result_.code = code;
  }

  // ToUnicode of one label into the working memory from `at` on.
  [[nodiscard]] bool convert(const label_slice& s, std::size_t at, converted_label& label) noexcept;
  // The TLD's forms, from its input text and, when it is valid, its
  // ToUnicode code points (at the start of the working memory already).
  void set_tld(std::string_view text, bool valid) noexcept;
  [[nodiscard]] label_decision decide(std::u32string_view unicode, std::u32string_view tld_unicode) const noexcept;
  // The ACE form of a valid IDN label.
  void write_ascii_form(std::string_view text) noexcept;
  // The verdict of label k, written in place: the caller's entry, or
  // `spare` beyond the caller's span.  Built where it stays, field by
  // field: a verdict built aside and copied would be read back in wide
  // loads that wait for the narrow stores that built it.
  [[nodiscard]] label_verdict& verdict(std::size_t k, label_verdict& spare) noexcept {
    label_verdict& v = k < verdicts_.size() ? verdicts_[k] : spare;
    v = label_verdict{};
    return v;
  }
  // After the label's display form is written: the rest of its verdict
  // `v` (verdict()), and the host the look-alike query reads.
  [[nodiscard]] bool end_label(label_verdict& v, bool last) noexcept;
  // Writes the whole name again with every label in its ACE form or as
  // given (a look-alike of a protected domain).
  [[nodiscard]] bool revert_to_ascii() noexcept;
  // The name with every valid label in Unicode, from `at` on; its length.
  [[nodiscard]] std::optional<std::size_t> unicode_host(std::size_t at) noexcept;
  [[nodiscard]] std::size_t host_at() const noexcept { return tld_in_memory_ ? tld_unicode_size_ : 0; }
  // The TLD's ASCII form, made on first use on the fast path (run_whole).
  [[nodiscard]] std::string_view tld_ascii() const noexcept override;

  std::string_view domain_;
  std::span<char> out_;
  std::span<label_verdict> verdicts_;
  const display_options& options_;
  // The UTS #46 options of a label's ToUnicode and ToASCII (labels.hpp).
  [[nodiscard]] const idna_options& unicode_options() const noexcept { return options_of(options_.policy).unicode; }
  [[nodiscard]] const idna_options& ascii_options() const noexcept { return options_of(options_.policy).ascii; }
  utf8_writer writer_{out_};
  display_result& result_;
  // The TLD: its ASCII form (at most tld_ascii_capacity bytes are kept: no
  // TLD a policy compares with is longer) and its Unicode form, at the
  // start of the working memory, the display host after it.
  static constexpr std::size_t tld_ascii_capacity = 255;
  // Made by tld_ascii() when tld_ascii_ready_ is false (which the fast path
  // leaves it when the name has a TLD), hence mutable.
  mutable char tld_ascii_[tld_ascii_capacity];
  mutable std::size_t tld_ascii_size_ = 0;
  mutable bool tld_ascii_ready_ = true;
  std::size_t tld_unicode_size_ = 0;
  // The TLD's code points are in the working memory (from 0), or, on the
  // fast path, in the converted name (tld_unicode_).
  bool tld_in_memory_ = true;
  std::u32string_view tld_unicode_;
  // The look-alike query: the display host in code points, in the working
  // memory after the TLD's code points.
  bool protect_ = options_.protect != nullptr && options_.policy != display_policy::ascii;
  std::size_t host_size_ = 0;
  bool has_idn_ = false;
  bool idn_rejected_ = false;
  bool out_of_memory_ = false;
  // Where the pipeline leaves each label's facts (run()); the span is made
  // with the displayer, long before the pipeline reads it.
  detail::label_facts facts_[max_whole_labels];
  std::span<detail::label_facts> facts_span_{facts_};
  // Last: most names never touch it, and the members above then share a
  // few cache lines instead of lying on both sides of 16 KiB.
  scratch<char32_t, 4096> memory_;
};

bool displayer::convert(const label_slice& s, std::size_t at, converted_label& label) noexcept {
  label = {};
  const std::string_view text = s.text;
  if (text.empty()) {
    // An empty label other than the root: UTS #46 X4_2.
    if (!s.last) {
      label.kind = label_kind::invalid;
      label.errors.insert(idna_code::X4_2);
    }
    return true;
  }
  if (is_plain_ldh_label(text)) {
    label.kind = label_kind::ascii;
    label.plain = true;
    return true;
  }
  // The input's code points (never more than its bytes), then ToUnicode's.
  if (!memory_.reserve(at + text.size(), at)) return false;
  const result decoded = utf8_to_utf32(text, std::span<char32_t>(memory_.data() + at, text.size()));
  label.input_size = decoded.written;
  label.unicode_at = at + decoded.written;
  for (;;) {
    const idna_result r =
        to_unicode(memory_.view(at, label.input_size), memory_.from(label.unicode_at), unicode_options());
    if (r.code == status::output_too_small) {
      if (!memory_.reserve(label.unicode_at + r.needed, label.unicode_at)) return false;
      continue;
    }
    if (r.code != status::success) return false;  // scratch_too_small
    label.unicode_size = r.written;
    label.errors = r.errors;
    break;
  }
  if (!label.errors.empty()) {
    label.kind = label_kind::invalid;
    return true;
  }
  label.kind = label_kind::ascii;
  for (const char32_t c : memory_.view(label.unicode_at, label.unicode_size)) {
    if (c >= 0x80) {
      label.kind = label_kind::idn;
      break;
    }
  }
  return true;
}

// GetTopLevelDomain: the last label (a trailing dot, the root, is not a
// label here), decoded when it is valid; kept as given, lowercased, when it
// is not (Chromium keeps the text of a TLD it cannot decode).
void displayer::set_tld(std::string_view text, bool valid) noexcept {
  const bool ascii = is_ascii(text);
  if (!valid) {
    // Room for as many code points as bytes was reserved by the caller.
    const result decoded = utf8_to_utf32(text, memory_.from(0));
    tld_unicode_size_ = decoded.written;
    for (std::size_t i = 0; i < tld_unicode_size_; ++i)
      if (memory_.data()[i] >= U'A' && memory_.data()[i] <= U'Z') memory_.data()[i] += U'a' - U'A';
  }
  if (ascii) {
    for (const char c : text.substr(0, tld_ascii_capacity)) tld_ascii_[tld_ascii_size_++] = ascii_lower(c);
  } else if (valid) {
    const idna_result r = to_ascii(tld_in_memory_ ? memory_.view(0, tld_unicode_size_) : tld_unicode_,
                                   std::span<char>(tld_ascii_, tld_ascii_capacity), ascii_options());
    if (r.ok()) tld_ascii_size_ = r.written;
  }
}

std::string_view displayer::tld_ascii() const noexcept {
  if (!tld_ascii_ready_) {
    // The fast path's TLD (run_whole): its ToUnicode form is in the
    // converted name.  An ASCII one is its own ToASCII (mapped from whatever
    // the input spelled, so lowercase); else the input's text, lowercased,
    // when it is ASCII (an `xn--` label), else ToASCII of the Unicode form.
    tld_ascii_ready_ = true;
    bool ascii = true;
    for (const char32_t c : tld_unicode_) ascii = ascii && c < 0x80;
    if (ascii) {
      for (const char32_t c : tld_unicode_.substr(0, tld_ascii_capacity))
        tld_ascii_[tld_ascii_size_++] = static_cast<char>(c);
    } else if (const std::string_view text = detail::display::tld_of(domain_); is_ascii(text)) {
      for (const char c : text.substr(0, tld_ascii_capacity)) tld_ascii_[tld_ascii_size_++] = ascii_lower(c);
    } else {
      const idna_result r = to_ascii(tld_unicode_, std::span<char>(tld_ascii_, tld_ascii_capacity), ascii_options());
      if (r.ok()) tld_ascii_size_ = r.written;
    }
  }
  return {tld_ascii_, tld_ascii_size_};
}

label_decision displayer::decide(std::u32string_view unicode, std::u32string_view tld_unicode) const noexcept {
  // The caller's block list and script list come before any policy.
  for (std::size_t i = 0; !options_.blocked_characters.empty() && i < unicode.size(); ++i) {
    if (options_.blocked_characters.find(unicode[i]) != std::u32string_view::npos) {
      label_decision d;
      d.reasons.insert(display_reason::deny_listed_character);
      d.code_point = unicode[i];
      d.index = i;
      return d;
    }
  }
  if (!options_.allowed_scripts.empty()) {
    for (std::size_t i = 0; i < unicode.size(); ++i) {
      const script sc = detail::security::record_of(unicode[i]).sc;
      if (sc != script::common && sc != script::inherited && !options_.allowed_scripts.contains(sc)) {
        label_decision d;
        d.reasons.insert(display_reason::script_not_allowed);
        d.code_point = unicode[i];
        d.index = i;
        d.culprit_script = sc;
        return d;
      }
    }
  }
  const label_context context{unicode, detail::display::tld_text(static_cast<const tld_ascii_maker&>(*this)),
                              tld_unicode, options_};
  // The default policy first, without the switch's indirect jump.
  if (options_.policy == display_policy::chromium) return detail::display::chromium_label(context);
  switch (options_.policy) {
    case display_policy::chromium:
      return detail::display::chromium_label(context);
    case display_policy::firefox:
      return detail::display::firefox_label(context);
    case display_policy::uts39_highly_restrictive:
      return detail::display::uts39_label(context, restriction_level::highly_restrictive);
    case display_policy::uts39_moderately_restrictive:
      return detail::display::uts39_label(context, restriction_level::moderately_restrictive);
    case display_policy::ascii:
      break;
  }
  label_decision d;
  d.reasons.insert(display_reason::ascii_policy);
  return d;
}

void displayer::write_ascii_form(std::string_view text) noexcept {
  if (is_ascii(text)) {
    // A valid ASCII label (`xn--`) is its own ACE form, lowercased.
    writer_.lowercase(text);
    return;
  }
  const idna_result r = to_ascii(text, writer_.rest(), ascii_options());
  if (r.code == status::success && r.errors.empty()) {
    writer_.advance(r.written);
  } else if (r.code == status::output_too_small) {
    writer_.advance(r.needed);
  } else {
    writer_.bytes(text);  // not reached: ToUnicode accepted the label
  }
}

bool displayer::end_label(label_verdict& v, bool last) noexcept {
  v.length = writer_.count() - v.offset;
  result_.errors |= v.errors;
  result_.reasons |= v.reasons;
  if (!last) writer_.byte('.');
  if (!protect_ || writer_.overflowed()) return true;
  // The label as displayed, from what was just written (UTF-8 of ours).
  const std::size_t at = host_at() + host_size_;
  if (!memory_.reserve(at + v.length + 1, at)) return false;
  const result r = utf8_to_utf32(std::string_view(out_.data() + v.offset, v.length), memory_.from(at));
  host_size_ += r.written;
  if (!last) memory_.data()[host_at() + host_size_++] = U'.';
  return true;
}

// Every label valid but for the Bidi rule, which is still to check:
// `processed` is ToUnicode of the whole name (in the pipeline's working
// memory), label k of it ToUnicode of input label k, and facts[k] what the
// pipeline learnt of it as it finished it (where it ends, whether it is
// ASCII, whether it breaks the Bidi rule on its own: process.hpp).  False
// when a right-to-left label breaks the rule, or the heap refused: the name
// then goes label by label.
bool displayer::run_whole(std::u32string_view processed, std::span<const detail::label_facts> facts) noexcept {
  const std::size_t count = facts.size();
  auto start = [&](std::size_t k) noexcept { return k == 0 ? std::size_t{0} : facts[k - 1].end + 1; };
  auto view = [&](std::size_t k) noexcept { return processed.substr(start(k), facts[k].end - start(k)); };

  // The TLD (GetTopLevelDomain): the last label, a trailing empty one (the
  // root) not counted, when the name has two labels or more.  Its ASCII
  // form is made only if a rule reads it (tld_ascii()).
  const std::size_t named = count > 1 && facts[count - 1].end == start(count - 1) ? count - 1 : count;
  std::u32string_view tld;  // passed to decide(), not read back from the member
  if (named >= 2) {
    tld = view(named - 1);
    tld_in_memory_ = false;
    tld_unicode_ = tld;
    tld_unicode_size_ = tld.size();
    tld_ascii_ready_ = false;
  }

  // Every IDN label decided first: the labels not shown are bits of
  // `rejected`, their decisions kept in the caller's verdicts while these
  // hold them (decided again beyond).  When all are shown (the usual name)
  // and no look-alike query needs the host label by label, the display
  // string is the converted name as it is, written in one piece.
  std::uint64_t rejected = 0;
  static_assert(max_whole_labels <= 64);
  for (std::size_t k = 0; k < count; ++k) {
    const detail::label_facts& f = facts[k];
    if (f.bidi_fails) return false;
    if (!f.non_ascii) continue;
    const label_decision d = decide(view(k), tld);
    if (d.reasons.empty()) continue;
    rejected |= std::uint64_t{1} << k;
    if (k < verdicts_.size()) {
      verdicts_[k].reasons = d.reasons;
      verdicts_[k].code_point = d.code_point;
      verdicts_[k].code_point_index = d.index;
    }
  }
  if (rejected == 0 && !protect_) {
    writer_.code_points(processed);
    if (!writer_.overflowed()) {
      // Each label's place in the output, from its code points.
      const std::size_t labels = std::min(count, verdicts_.size());
      std::size_t offset = 0;
      for (std::size_t k = 0; k < labels; ++k) {
        const detail::label_facts& f = facts[k];
        const std::size_t length = f.non_ascii ? utf8_length(view(k)) : f.end - start(k);
        label_verdict& v = verdicts_[k];
        v = label_verdict{};
        v.offset = offset;
        v.length = length;
        v.non_ascii = v.shown_unicode = f.non_ascii;
        offset += length + 1;
      }
      result_.labels = count;
      return true;
    }
    writer_.rewind(0);  // the caller's buffer is too small: counted below
  }

  // The input's labels, read only when one is shown in its ACE form.
  label_reader reader(std::string_view{});
  std::size_t read = 0;  // labels the reader has passed
  for (std::size_t k = 0; k < count; ++k) {
    const bool non_ascii = facts[k].non_ascii;
    const std::u32string_view unicode = view(k);
    const bool last = k + 1 == count;
    const bool is_rejected = (rejected >> k & 1u) != 0;
    // The decision of a rejected label, kept in its verdict by the loop above.
    label_decision d;
    if (is_rejected) {
      if (k < verdicts_.size()) {
        d.reasons = verdicts_[k].reasons;
        d.code_point = verdicts_[k].code_point;
        d.index = verdicts_[k].code_point_index;
      } else {
        d = decide(unicode, tld);
      }
    }
    label_verdict spare;
    label_verdict& v = verdict(k, spare);
    v.offset = writer_.count();
    if (!non_ascii) {
      writer_.code_points(unicode);
    } else {
      has_idn_ = true;
      v.non_ascii = true;
      if (!is_rejected) {
        v.shown_unicode = true;
        writer_.code_points(unicode);
      } else {
        idn_rejected_ = true;
        v.reasons = d.reasons;
        v.code_point = d.code_point;
        v.code_point_index = d.index;
        if (read == 0) reader = label_reader(domain_);
        label_slice s = reader.next();
        for (++read; read <= k; ++read) s = reader.next();
        write_ascii_form(s.text);
      }
    }
    if (!end_label(v, last)) {
      out_of_memory_ = true;
      return false;
    }
    result_.labels = k + 1;
  }
  return true;
}

// Label by label, each with its own ToUnicode and codes.
bool displayer::run_by_label() noexcept {
  const std::string_view tld_text = detail::display::tld_of(domain_);
  if (!tld_text.empty()) {
    converted_label tld;
    if (!convert(label_slice{tld_text, false}, 0, tld)) return false;
    const bool valid = !tld.plain && tld.kind != label_kind::invalid;
    if (valid) {
      // The ToUnicode form to the front of the working memory.
      std::copy_n(memory_.data() + tld.unicode_at, tld.unicode_size, memory_.data());
      tld_unicode_size_ = tld.unicode_size;
    } else if (!memory_.reserve(tld_text.size() + 1, 0)) {
      return false;
    }
    set_tld(tld_text, valid);
  }

  label_reader reader(domain_);
  for (std::size_t k = 0; !reader.done(); ++k) {
    const label_slice s = reader.next();
    converted_label label;
    if (!convert(s, tld_unicode_size_ + host_size_, label)) return false;
    label_verdict spare;
    label_verdict& v = verdict(k, spare);
    v.offset = writer_.count();
    v.errors = label.errors;
    switch (label.kind) {
      case label_kind::empty:
        break;
      case label_kind::ascii:
        if (label.plain) {
          writer_.bytes(s.text);
        } else {
          writer_.code_points(memory_.view(label.unicode_at, label.unicode_size));
        }
        break;
      case label_kind::invalid:
        for (const char32_t c : memory_.view(label.unicode_at, label.unicode_size))
          if (c >= 0x80) v.non_ascii = true;
        v.reasons.insert(display_reason::invalid);
        writer_.bytes(s.text);
        break;
      case label_kind::idn: {
        has_idn_ = true;
        v.non_ascii = true;
        const std::u32string_view unicode = memory_.view(label.unicode_at, label.unicode_size);
        const label_decision d = decide(unicode, memory_.view(0, tld_unicode_size_));
        if (d.reasons.empty()) {
          v.shown_unicode = true;
          writer_.code_points(unicode);
        } else {
          idn_rejected_ = true;
          v.reasons = d.reasons;
          v.code_point = d.code_point;
          v.code_point_index = d.index;
          write_ascii_form(s.text);
        }
        break;
      }
    }
    if (!end_label(v, s.last)) return false;
    result_.labels = k + 1;
  }
  return true;
}

bool displayer::revert_to_ascii() noexcept {
  writer_.rewind(0);
  label_reader reader(domain_);
  for (std::size_t k = 0; !reader.done(); ++k) {
    const label_slice s = reader.next();
    converted_label label;
    if (!convert(s, host_at(), label)) return false;
    const std::size_t offset = writer_.count();
    if (label.kind == label_kind::idn) {
      write_ascii_form(s.text);
    } else if (label.kind == label_kind::ascii && !label.plain) {
      writer_.code_points(memory_.view(label.unicode_at, label.unicode_size));
    } else {
      writer_.bytes(s.text);
    }
    if (k < verdicts_.size()) {
      label_verdict& v = verdicts_[k];
      v.offset = offset;
      v.length = writer_.count() - offset;
      if (v.shown_unicode) {
        v.shown_unicode = false;
        v.reasons.insert(display_reason::lookalike_of_protected);
      }
    }
    if (!s.last) writer_.byte('.');
  }
  return true;
}

std::optional<std::size_t> displayer::unicode_host(std::size_t at) noexcept {
  label_reader reader(domain_);
  std::size_t size = 0;
  while (!reader.done()) {
    const label_slice s = reader.next();
    // Each label's code points go right after the host built so far.
    converted_label label;
    if (!convert(s, at + size, label)) return std::nullopt;
    if (label.plain) {
      if (!memory_.reserve(at + size + s.text.size() + 1, at + size)) return std::nullopt;
      for (const char c : s.text) memory_.data()[at + size++] = static_cast<unsigned char>(c);
    } else if (label.kind == label_kind::ascii || label.kind == label_kind::idn) {
      std::copy_n(memory_.data() + label.unicode_at, label.unicode_size, memory_.data() + at + size);
      size += label.unicode_size;
    } else {
      // Empty or invalid: as given (its code points are there already).
      size += label.input_size;
    }
    if (!s.last) {
      if (!memory_.reserve(at + size + 1, at + size)) return std::nullopt;
      memory_.data()[at + size++] = U'.';
    }
  }
  return size;
}

void displayer::finish() noexcept {
  display_result& result = result_;
  if (protect_ && has_idn_) {
    if (writer_.overflowed()) {
      // No answer fits: report room for the longer of the two forms.
      const std::size_t unicode_size = writer_.count();
      if (!revert_to_ascii()) return fail(status::scratch_too_small);
      result.code = status::output_too_small;
      result.needed = std::max(unicode_size, writer_.count());
      return;
    }
    std::optional<lookalike_match> match =
        options_.protect->find_unicode(memory_.view(host_at(), host_size_));
    if (match) {
      if (!revert_to_ascii()) return fail(status::scratch_too_small);
    } else if (idn_rejected_) {
      // The name as Chromium displays it matched nothing, but a label was
      // kept in ASCII for another reason: the name with every label in
      // Unicode (UnsafeIDNToUnicodeWithDetails) is looked up too, to report
      // the domain it imitates.  The display string does not change.
      const std::optional<std::size_t> size = unicode_host(host_at());
      if (!size) return fail(status::scratch_too_small);
      match = options_.protect->find_unicode(memory_.view(host_at(), *size));
    }
    if (match) {
      result.lookalike = match->id;
      result.reasons.insert(display_reason::lookalike_of_protected);
    }
  }
  if (writer_.overflowed()) {
    result.code = status::output_too_small;
    result.needed = writer_.count();
    return;
  }
  result.written = writer_.count();
}

void displayer::run() noexcept {
  // ToUnicode of the whole name, the Bidi rule left to the labels (the
  // file's comment says why it stands for each label's); the labels are
  // decided in the pipeline's working memory, where the converted name is
  // in code points.  The options and the room for the labels' facts are
  // in memory written long before: a copy made just before the call would
  // be read back, in wider loads than it was written with, by the call.
  bool done = false;
  const idna_result r = detail::run_pipeline(
      domain_, options_of(options_.policy).whole, detail::idna_operation::to_unicode,
      [&](const detail::workspace& ws, const detail::processed_domain& p) noexcept {
        if (p.errors.empty() && p.labels <= max_whole_labels) {
          done = run_whole(std::u32string_view(ws.domain.data(), p.length),
                           std::span<const detail::label_facts>(facts_, p.labels));
        }
        return idna_result{};
      },
      &facts_span_);
  if (r.code == status::invalid_utf8) {
    fail(status::invalid_utf8);
    result_.position = r.position;
    return;
  }
  if (r.code != status::success || out_of_memory_) return fail(status::scratch_too_small);
  if (!done) {
    // Again, label by label: a name with an error, each label with its codes.
    writer_.rewind(0);
    result_ = {};
    tld_ascii_size_ = tld_unicode_size_ = host_size_ = 0;
    tld_ascii_ready_ = true;
    tld_in_memory_ = true;
    has_idn_ = idn_rejected_ = false;
    if (!run_by_label()) return fail(status::scratch_too_small);
  }
  finish();
}

}  // namespace

display_result display(std::string_view domain, std::span<char> out, std::span<label_verdict> labels,
                       const display_options& options) noexcept {
  // Written in place (the caller's return value): a copy of a result just
  // written field by field would read it back in wide loads that wait for
  // the narrow stores.
  display_result result;
  displayer d(domain, out, labels, options, result);
  d.run();
  return result;
}

}  // namespace puny
