// puny — UTS #46 §4 Processing steps 2–4 and the whole-domain checks.
#include "idna/process.hpp"

#include <algorithm>
#include <string_view>

#include "idna/bidi_rule.hpp"
#include "idna/contextj.hpp"
#include "idna/nfc_quick_runs.hpp"
#include "idna/validity.hpp"
#include "puny/punycode.hpp"
#include "unicode/nfc.hpp"

namespace puny::detail {
namespace {

constexpr std::u32string_view ace_prefix = U"xn--";

bool all_ascii(std::u32string_view s) noexcept {
  return std::all_of(s.begin(), s.end(), [](char32_t c) { return c < 0x80; });
}

/// Step 4.1 for an "xn--" label at d[start, end): decodes it to d[write,
/// ...) and returns the decoded length, or returns false (with the label
/// copied unchanged to d[write, ...)) when it is not Punycode of anything.
struct decoded_label {
  bool ok;
  std::size_t length;
};

decoded_label decode_ace_label(const workspace& ws, std::size_t write, std::size_t start, std::size_t end) noexcept {
  char32_t* const d = ws.domain.data();
  const std::u32string_view label(d + start, end - start);
  if (!all_ascii(label)) {
    // §4 step 4.1.1: a non-ASCII code point makes the label no Punycode.
    std::copy(label.begin(), label.end(), d + write);
    return {false, label.size()};
  }
  const std::size_t digits = label.size() - ace_prefix.size();
  for (std::size_t i = 0; i < digits; ++i) ws.label_text[i] = static_cast<char>(label[ace_prefix.size() + i]);
  // The decoded label is never longer than its digits, so it fits where the
  // label was; the label's text is safe in label_text meanwhile.
  const result r = puny::decode(std::span<const char>(ws.label_text.data(), digits),
                                std::span<char32_t>(d + write, end - write), {}, ws.words);
  if (r.ok()) return {true, r.written};
  std::copy(ace_prefix.begin(), ace_prefix.end(), d + write);
  for (std::size_t i = 0; i < digits; ++i) d[write + ace_prefix.size() + i] = static_cast<unsigned char>(ws.label_text[i]);
  return {false, label.size()};
}

}  // namespace

processed_domain process_domain(const workspace& ws, const mapping_result& mapped, const idna_options& options,
                                idna_operation operation) noexcept {
  processed_domain p;
  char32_t* const d = ws.domain.data();
  std::size_t n = mapped.length;
  bool may_be_disallowed = mapped.disallowed;

  // Step 2: NFC, only when the quick check cannot prove the text is in it.
  if (mapped.non_ascii && !nfc_quick_by_runs(std::u32string_view(d, n))) {
    const std::size_t k = to_nfc(std::u32string_view(d, n), ws.scratch);
    if (k > ws.capacity()) {
      p.capacity_needed = k;
      return p;
    }
    std::copy_n(ws.scratch.data(), k, d);
    n = k;
    // Composition may give a code point that is not valid in IDNA.
    may_be_disallowed = true;
  }

  // Steps 3 and 4, one label at a time, compacting in place: a processed
  // label is never longer than its source, so `write` never passes `start`.
  auto record = [&](std::size_t index, idna_errors e) noexcept {
    if (e.empty()) return;
    p.errors |= e;
    ws.failed[index] |= label_has_error;
    p.label = std::min(p.label, index);
  };
  bool bidi_domain = false;
  std::size_t write = 0;
  std::size_t start = 0;
  std::size_t index = 0;
  for (;; ++index) {
    std::size_t end = start;
    while (end < n && d[end] != U'.') ++end;
    const bool last = end == n;
    ws.failed[index] = 0;
    const std::u32string_view source(d + start, end - start);
    idna_errors e;
    std::size_t length = source.size();
    bool checked = true;
    bool from_punycode = false;
    if (source.starts_with(ace_prefix)) {
      const decoded_label decoded = decode_ace_label(ws, write, start, end);
      length = decoded.length;
      const std::u32string_view label(d + write, length);
      if (decoded.ok) {
        from_punycode = true;
        // Step 4.1: a decoded label that is empty or ASCII only is not the
        // Punycode of anything an encoder would have produced.
        if (all_ascii(label)) e.insert(idna_code::P4);
        e |= validate_label(label, options, label_origin{true, true}, ws.scratch);
      } else if (options.ignore_invalid_punycode) {
        e |= validate_label(label, options, label_origin{false, true}, ws.scratch);
      } else {
        // Step 4.1: invalid Punycode — the label stays as it was, unchecked.
        e.insert(idna_code::P4);
        checked = false;
        ws.failed[index] |= label_kept;
      }
    } else {
      if (write != start) std::copy(source.begin(), source.end(), d + write);
      e |= validate_label(std::u32string_view(d + write, length), options, label_origin{false, may_be_disallowed},
                          ws.scratch);
    }
    const std::u32string_view label(d + write, length);
    if (checked && (mapped.non_ascii || from_punycode)) {
      if (options.check_joiners) e |= contextj(label);
      if (options.check_bidi && !bidi_domain) bidi_domain = has_rtl(label);
    }
    // An empty label other than the root (one trailing empty label after a
    // dot): ToUnicode's X4_2.  ToASCII reports it as A4_2 instead, with its
    // lengths (§4.2 step 4), or accepts it when VerifyDnsLength is off.
    if (operation == idna_operation::to_unicode && label.empty() && !(last && index > 0)) {
      e.insert(idna_code::X4_2);
    }
    record(index, e);
    write += length;
    if (last) break;
    d[write++] = U'.';
    start = end + 1;
  }
  p.length = write;
  p.labels = index + 1;

  // RFC 5893 §2: in a Bidi domain name (some label has R, AL or AN) every
  // label must satisfy the Bidi rule.
  if (bidi_domain) {
    std::size_t label_start = 0;
    for (std::size_t i = 0; i < p.labels; ++i) {
      std::size_t label_end = label_start;
      while (label_end < write && d[label_end] != U'.') ++label_end;
      if ((ws.failed[i] & label_kept) == 0) {
        record(i, bidi_rule(std::u32string_view(d + label_start, label_end - label_start)));
      }
      label_start = label_end + 1;
    }
  }
  return p;
}

}  // namespace puny::detail
