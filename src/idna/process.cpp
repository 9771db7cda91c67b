// puny — UTS #46 §4 Processing in one pass, and the whole-domain checks.
#include "idna/process.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <span>
#include <type_traits>

#include "idna/ascii_fast_path.hpp"
#include "idna/ascii_stops.hpp"
#include "idna/bidi_rule.hpp"
#include "idna/contextj.hpp"
#include "idna/encoded_text.hpp"
#include "idna/label_summary.hpp"
#include "puny/punycode.hpp"
#include "unicode/idna_record.hpp"
#include "unicode/nfc.hpp"

namespace puny::detail {
namespace {

using ucd::idna_record;
using ucd::idna_status;

constexpr std::u32string_view ace_prefix = U"xn--";

// B1–B6 are consecutive codes, so the Bidi codes of a label fit one byte
// until the domain is known to be a Bidi domain name.
constexpr unsigned bidi_code_shift = static_cast<unsigned>(idna_code::B1);
static_assert(static_cast<unsigned>(idna_code::B6) - bidi_code_shift < 8);

// A label_summary's records hold a mark when this field is nonzero.
constexpr std::uint32_t mark_bits = ((std::uint32_t{1} << tables::idna_mark_bits) - 1) << tables::idna_mark_shift;

// The classes of a label of Bidi class L alone.
constexpr std::uint32_t left_to_right_only = std::uint32_t{1} << static_cast<unsigned>(ucd::bidi_class::L);

// U+200C and U+200D are the only code points RFC 5892 Appendix A's rules
// apply to; both have Bidi_Class BN (the generator asserts it), so a label
// without BN has nothing for CONTEXTJ to check.
constexpr std::uint32_t joiner_bidi_classes = std::uint32_t{1} << static_cast<unsigned>(ucd::bidi_class::BN);

bool starts_with_ace_prefix(const char32_t* label, std::size_t length) noexcept {
  // Four comparisons, not a call to memcmp (which a string comparison of
  // char32_t becomes), once per label.
  return length >= ace_prefix.size() && label[0] == U'x' && label[1] == U'n' && label[2] == U'-' && label[3] == U'-';
}

template <class Char>
constexpr char32_t unit_at(std::basic_string_view<Char> in, std::size_t pos) noexcept {
  return static_cast<std::make_unsigned_t<Char>>(in[pos]);
}

/// The input has an ACE prefix at pos once mapped.
template <class Char>
bool ace_prefix_at(std::basic_string_view<Char> in, std::size_t pos) noexcept {
  return in.size() - pos >= ace_prefix.size() && ascii_lower(unit_at(in, pos)) == U'x' &&
         ascii_lower(unit_at(in, pos + 1)) == U'n' && unit_at(in, pos + 2) == U'-' && unit_at(in, pos + 3) == U'-';
}

/// The state of one run over a domain: the labels done so far sit
/// processed at the start of ws.domain, the current label is being mapped
/// after them.
class domain_processor {
 public:
  domain_processor(const workspace& ws, const idna_options& options, idna_operation operation,
                   const std::span<label_facts>* facts) noexcept
      : ws_(ws), options_(options), operation_(operation), d_(ws.domain.data()), room_(ws.capacity()),
        facts_(facts != nullptr ? *facts : std::span<label_facts>{}) {}

  /// Reads `in` and runs §4 step 1 on each code point, the other steps as
  /// each label ends.  The common case, a valid code point with room for
  /// it, stays in this loop with the label's summary, the read and the
  /// write positions in locals (registers, as pointers: fewer of them than
  /// base and index, and the loop needs every register it can get);
  /// everything else goes through the members, synchronized around the
  /// call.
  template <class Char>
  processed_domain run(std::basic_string_view<Char> in) noexcept {
    const Char* const begin = in.data();
    const Char* const end = begin + in.size();
    // The summary of the current label in locals, not a struct: a compiler
    // packs adjacent fields into one vector register, and then spends more
    // unpacking them per code point than the or-s cost.
    std::uint64_t records_and_classes = 0;  // label_summary::high_class_bit
    char32_t code_points = 0;
    // The combining class field of the last code point written by this
    // loop, to find two marks in a row (label_summary::marks_in_a_row): 0
    // after ASCII, and nonzero after a member call, which may have written
    // a mark (a false "out of order" only costs is_nfc a look).
    std::uint64_t marks = 0;
    std::uint64_t in_a_row = 0;
    const Char* at = begin + label_start(in, 0);
    char32_t* out = d_ + n_;
    char32_t* out_end = d_ + room_;
    while (at != end) {
      const char32_t unit = static_cast<std::make_unsigned_t<Char>>(*at);
      char32_t cp = unit;
      idna_record record(0);
      if (unit < 0x80) {
        record = ucd::idna_ascii_record(unit);
        ++at;
        // U+002E is valid: the test for it comes second.  A valid ASCII
        // code point has NFC_Quick_Check Yes and combining class 0: only
        // its Bidi class counts (label_summary).
        if (record.status() == idna_status::valid && cp != U'.' && out < out_end) {
          *out++ = cp;
          records_and_classes |= label_summary::high_class_bit(record);
          marks = 0;
          continue;
        }
      } else {
        const read_code_point r = read_non_ascii(at, end);
        if (r.length == 0) {
          processed_domain p;
          p.code = status::invalid_utf8;
          p.position = static_cast<std::size_t>(at - begin);
          return p;
        }
        cp = r.value;
        at += r.length;
        if constexpr (std::is_same_v<Char, char32_t>) {
          record = ucd::lookup_idna_record(cp);
        } else {
          // U+0080..U+10FFFF: what UTF-8 and UTF-16 can hold beyond ASCII.
          record = idna_record(tables::idna_value(cp));
        }
        if (record.status() == idna_status::valid && out < out_end && cp != U'.') {
          *out++ = cp;
          records_and_classes |= label_summary::high_class_bit(record) | record.bits();
          code_points |= cp;
          in_a_row |= label_summary::marks_in_a_row(marks, record.bits());
          marks = record.bits() & label_summary::ccc_mask;
          continue;
        }
      }
      summary_.add_records_and_classes(records_and_classes | (in_a_row != 0 ? label_summary::out_of_order : 0));
      summary_.code_points |= code_points;
      written(out);
      at = begin + other_code_point(in, static_cast<std::size_t>(at - begin), cp, record);
      // The member summary holds the label's so far (separator() started
      // it anew): the locals start over, and nothing but `in` and what is
      // computed from it lives across the call, so the loop needs no
      // register a call preserves (x86-64 has six).
      records_and_classes = 0;
      code_points = 0;
      marks = label_summary::ccc_mask;
      in_a_row = 0;
      out = d_ + n_;
      out_end = d_ + room_;
    }
    summary_.add_records_and_classes(records_and_classes | (in_a_row != 0 ? label_summary::out_of_order : 0));
    summary_.code_points |= code_points;
    written(out);
    return finish();
  }

 private:
  /// The loop in run() has written up to `out`: every code point it maps
  /// it also writes, so mapped_ grows as much as n_.
  void written(const char32_t* out) noexcept {
    const auto n = static_cast<std::size_t>(out - d_);
    mapped_ += n - n_;
    n_ = n;
  }

  /// run()'s loop for a code point it does not take (U+002E, a mapping, no
  /// room...) read before in[pos]; returns where the loop goes on.  Out of
  /// line: the loop's state is in the members during the call.
  template <class Char>
  [[gnu::noinline]] std::size_t other_code_point(std::basic_string_view<Char> in, std::size_t pos, char32_t cp,
                                                  idna_record record) noexcept {
    if (cp == U'.') {
      // §4 step 3.
      separator();
    } else {
      map_other(cp, record);
    }
    return n_ == start_ ? label_start(in, pos) : pos;
  }

  /// Where a label starts (nothing of it written yet) at in[pos]: a label
  /// that starts with "xn--" is taken whole (take_ace_label) when it can
  /// be.  Looked for here, once per label, rather than in run()'s loop.
  /// Returns where run() goes on.
  template <class Char>
  std::size_t label_start(std::basic_string_view<Char> in, std::size_t pos) noexcept {
    // With the workspace already full the label takes the general path,
    // which records the overflow (and a retry gets more room); this one
    // would make no progress then.
    if (n_ >= room_ || !ace_prefix_at(in, pos)) return pos;
    const std::size_t end = take_ace_label(in, pos);
    // At the separator that ends the label, or the end of input.
    if (end != 0) return end;
    // An xn-- label's ASCII only goes to the Punycode decoder (§4 step
    // 4.1), which needs no summary of it: copied as mapped, and summarized
    // later should the label turn out not to be Punycode.  What follows a
    // non-ASCII code point in it is summarized as usual (the summary then
    // says "not ASCII", all the decoder asks).
    for (; pos < in.size() && n_ < room_; ++pos) {
      const char32_t c = unit_at(in, pos);
      if (c >= 0x80 || c == U'.') break;
      d_[n_++] = ascii_lower(c);
      ++mapped_;
    }
    summary_partial_ = true;
    return pos;
  }

  processed_domain finish() noexcept {
    if (!overflow_) finish_label(true);
    if (overflow_) {
      // Labels are processed in place, each after the ones before it.  A
      // label's normal form is at most nfc_buffer_size of it and decoding
      // only shrinks one, so once normalization has made any label longer
      // the processed domain is bounded by nfc_buffer_size of the mapped
      // one; until then by the mapped length itself.
      processed_domain overflowed;
      overflowed.capacity_needed = grew_ ? nfc_buffer_size(mapped_) : mapped_;
      overflowed.errors = errors_;
      overflowed.label = first_failed_;
      return overflowed;
    }
    const std::size_t labels = index_ + 1;
    // RFC 5893 §2: in a Bidi domain name (some label has R, AL or AN) every
    // label must satisfy the Bidi rule — except one kept unchecked.  Each
    // label's codes were found as it was validated, from its summary.
    if (bidi_domain_) {
      for (std::size_t i = 0; i < labels; ++i) {
        if ((ws_.failed[i] & label_kept) == 0) {
          record(i, idna_errors::from_bits(std::uint32_t{ws_.bidi[i]} << bidi_code_shift));
        }
      }
    }
    processed_domain result;
    result.length = n_;
    result.labels = labels;
    result.errors = errors_;
    result.label = first_failed_;
    return result;
  }

  /// Steps 1–4 at once for an xn-- label at in[pos] that is ASCII to its
  /// end and valid Punycode, the common case of ToUnicode: the mapping of
  /// ASCII only lowercases (which the decoder's input gets, without the
  /// label ever being widened into d_), and the decoded label has nothing
  /// for step 2 to do (§4.1 criterion 1 checks it instead).  Returns the
  /// position after the label, or 0 to have the general path take it from
  /// pos (non-ASCII in it, no room, or invalid Punycode: rare, and the
  /// general path knows what each of them means).
  template <class Char>
  [[gnu::noinline]] std::size_t take_ace_label(std::basic_string_view<Char> in, std::size_t pos) noexcept {
    std::size_t end = pos;
    bool upper = false;
#if defined(PUNY_VECTOR128)
    if constexpr (std::is_same_v<Char, char>) {
      if (ascii_stops_apply(in.size())) {
        // The whole domain's masks, read once for all its xn-- labels.
        if (!stops_read_) {
          stops_ = find_ascii_stops(in.data(), in.size());
          stops_read_ = true;
        }
        // pos < in.size() <= 64.
        const std::uint64_t ahead = stops_.stops >> pos;
        end = ahead == 0 ? in.size() : pos + static_cast<std::size_t>(std::countr_zero(ahead));
        if (end < in.size() && unit_at(in, end) >= 0x80) return 0;
        const std::size_t span = end - pos;
        const std::uint64_t in_label = span >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << span) - 1;
        upper = ((stops_.upper >> pos) & in_label) != 0;
        return take_ascii_ace_label(in, pos, end, upper);
      }
    }
#endif
    if constexpr (std::is_same_v<Char, char>) {
      // Eight bytes at a time while none is non-ASCII or U+002E; the loop
      // below finds which one ends the label.  Bytes under 0x80 never carry
      // into the next byte when 0x3F or 0x25 is added, so bit 7 of each
      // sum says whether that byte is at least 'A' or past 'Z'.
      constexpr std::uint64_t ones = 0x0101010101010101;
      constexpr std::uint64_t highs = ones * 0x80;
      while (in.size() - end >= 8) {
        std::uint64_t w;
        std::memcpy(&w, in.data() + end, 8);
        const std::uint64_t dots = w ^ (ones * '.');
        if (((w | ((dots - ones) & ~dots)) & highs) != 0) break;
        upper |= ((w + ones * (0x80 - 'A')) & ~(w + ones * (0x80 - 'Z' - 1)) & highs) != 0;
        end += 8;
      }
    }
    for (; end < in.size(); ++end) {
      const char32_t c = unit_at(in, end);
      if (c >= 0x80) return 0;
      if (c == U'.') break;
      upper |= c - U'A' < 26;
    }
    return take_ascii_ace_label(in, pos, end, upper);
  }

  /// take_ace_label once the label is known to be in[pos, end), all ASCII,
  /// with a capital letter when `upper`.
  template <class Char>
  std::size_t take_ascii_ace_label(std::basic_string_view<Char> in, std::size_t pos, std::size_t end,
                                   bool upper) noexcept {
    const std::size_t length = end - pos;
    // The decoded label is never longer than its digits; with room for the
    // label as mapped there is room for it decoded.
    if (n_ + length > room_) return 0;
    const std::size_t digits = length - ace_prefix.size();
    const char* text = ws_.label_text.data();
    bool lowercase = true;
    if constexpr (std::is_same_v<Char, char>) {
      // Lowercase UTF-8 input is read where it is.
      if (!upper) text = in.data() + pos + ace_prefix.size();
      lowercase = upper;
    }
    if (lowercase) {
      char* const lowered = ws_.label_text.data();
      for (std::size_t i = 0; i < digits; ++i) {
        lowered[i] = static_cast<char>(ascii_lower(unit_at(in, pos + ace_prefix.size() + i)));
      }
    }
    char32_t* const label = d_ + start_;
    const result r = puny::decode(std::span<const char>(text, digits), std::span<char32_t>(label, length), {},
                                  ws_.words);
    if (!r.ok()) return 0;
    mapped_ += length;
    n_ = start_ + r.written;
    ws_.failed[index_] = 0;
    ws_.bidi[index_] = 0;
    end_label(validate_decoded(label, r.written), r.written, end == in.size());
    label_finished_ = true;
    return end;
  }

  /// §4 step 1 for a code point other than U+002E that the loop in run()
  /// does not take.
  void map_other(char32_t cp, idna_record record) noexcept {
    switch (record.status()) {
      case idna_status::valid:
      case idna_status::disallowed:
        // A disallowed code point is kept: §4.1 criterion 7 reports it (V7).
        put(cp, record);
        return;
      case idna_status::ignored:
        return;
      case idna_status::deviation:
        if (options_.transitional_processing) {
          put_mapping(cp, ucd::deviation_mapping(cp));
        } else {
          put(cp, record);
        }
        return;
      case idna_status::mapped:
        put_mapping(cp, record);
        return;
    }
  }

  void put_mapping(char32_t cp, idna_record mapping) noexcept {
    const std::size_t length = mapping.mapping_length();
    if (length == 1) {
      put_target(mapping.single_mapping(cp));
      return;
    }
    const char32_t* const targets = mapping.pooled_mapping();
    for (std::size_t i = 0; i < length; ++i) put_target(targets[i]);
  }

  /// A code point of a mapping.  Every mapping target is valid or a
  /// deviation (the generator asserts it); a deviation there (U+00DF, from
  /// U+1E9E) is mapped on in transitional processing, which is how §4
  /// step 1 turns U+1E9E into "ss".  U+3002, U+FF0E and U+FF61 map to
  /// U+002E, a label separator.
  void put_target(char32_t cp) noexcept {
    if (cp == U'.') {
      separator();
      return;
    }
    const idna_record record = ucd::lookup_idna_record(cp);
    if (options_.transitional_processing && record.status() == idna_status::deviation) {
      put_mapping(cp, ucd::deviation_mapping(cp));
      return;
    }
    put(cp, record);
  }

  [[gnu::always_inline]] void put(char32_t cp, idna_record record) noexcept {
    ++mapped_;
    if (n_ < room_) {
      d_[n_++] = cp;
      summary_.add(cp, record);
    } else {
      overflow();
    }
  }

  /// From here on the run only counts the mapped code points.
  void overflow() noexcept {
    overflow_ = true;
    room_ = 0;
  }

  void separator() noexcept {
    ++mapped_;
    if (overflow_) return;
    finish_label(false);
    if (overflow_) return;
    if (n_ == room_) {
      overflow();
      return;
    }
    d_[n_++] = U'.';
    start_ = n_;
    ++index_;
    summary_ = label_summary{};
    summary_partial_ = false;
    label_finished_ = false;
  }

  /// §4 steps 2 and 4 for the label at d_[start_, n_), leaving the
  /// processed label there.
  void finish_label(bool last) noexcept {
    if (label_finished_) return;
    char32_t* const label = d_ + start_;
    std::size_t length = n_ - start_;

    // Step 2, only where the quick check cannot prove the label is in NFC
    // and is_nfc, which settles most of the rest (an Indic vowel sign after
    // a consonant) without normalizing, finds it is not.  A label can be
    // normalized on its own: U+002E is a starter that nothing composes
    // with and no decomposition holds (the generator asserts both).
    if (summary_.nfc_unsure() && !is_nfc(std::u32string_view(label, length), ws_.scratch)) {
      const std::size_t stable = stable_nfc_prefix(label, length);
      const std::size_t rest = length - stable;
      const std::size_t k = to_nfc(std::u32string_view(label + stable, rest), ws_.scratch);
      if (k != rest || !std::equal(label + stable, label + length, ws_.scratch.data())) {
        if (k > rest) grew_ = true;
        if (start_ + stable + k > room_) {
          overflow();
          return;
        }
        std::copy_n(ws_.scratch.data(), k, label + stable);
        length = stable + k;
        n_ = start_ + length;
        // Composition may give a code point of any status (V7).
        summary_ = summarize(std::u32string_view(label, length));
      }
    }

    ws_.failed[index_] = 0;
    ws_.bidi[index_] = 0;
    idna_errors e;
    if (starts_with_ace_prefix(label, length)) {
      // §4 step 4.1.1: a non-ASCII code point is an error whatever
      // IgnoreInvalidPunycode says, which covers only step 4.1.2's failed
      // conversion.  (Otherwise ToASCII would encode "xn--abß" as
      // "xn--xn--ab-gta", which its own V4 then rejects: not idempotent.)
      const bool ascii = !summary_.non_ascii();
      const std::size_t decoded = ascii ? decode_ace_label(label, length) : not_punycode;
      if (decoded != not_punycode) {
        length = decoded;
        n_ = start_ + decoded;
        e = validate_decoded(label, length);
      } else if (ascii && options_.ignore_invalid_punycode) {
        // §4 step 4.1.2 keeps the label unconverted, and step 4.2 then
        // checks it as it stands: it still begins with "xn--", which §4.1
        // criterion 4 (V4) forbids when CheckHyphens is off; when it is
        // on, criterion 2 (V2) has already caught the "--".
        if (summary_partial_) summary_ = summarize(std::u32string_view(label, length));
        e |= validate(label, length, summary_, false);
        if (!options_.check_hyphens) e.insert(idna_code::V4);
      } else {
        // Step 4.1: invalid Punycode — the label stays as it was, unchecked.
        // (When it is ASCII, a partial summary still says so.)
        e.insert(idna_code::P4);
        ws_.failed[index_] |= label_kept;
        note_code_points(summary_.code_points);
      }
    } else {
      e |= validate(label, length, summary_, false);
    }
    end_label(e, length, last);
  }

  /// What the label's code points or-ed say of it, for ToASCII.
  void note_code_points(char32_t code_points) noexcept {
    ws_.failed[index_] |= static_cast<std::uint8_t>((code_points >= 0x80 ? label_non_ascii : 0) |
                                                    (code_points >= 0xD800 ? label_maybe_surrogate : 0));
  }

  void end_label(idna_errors e, std::size_t length, bool last) noexcept {
    // n_ is below 2^32: heap_workspace::max_capacity.
    ws_.label_ends[index_] = static_cast<std::uint32_t>(n_);
    // An empty label other than the root (one trailing empty label after a
    // dot): ToUnicode's X4_2.  ToASCII reports it as A4_2 instead, with its
    // lengths (§4.2 step 4), or accepts it when VerifyDnsLength is off.
    if (operation_ == idna_operation::to_unicode && length == 0 && !(last && index_ > 0)) {
      e.insert(idna_code::X4_2);
    }
    record(index_, e);
    if (index_ < facts_.size()) {
      facts_[index_] = {n_, (facts_flags_ & fact_non_ascii) != 0, (facts_flags_ & fact_bidi_fails) != 0};
      facts_flags_ = 0;
    }
  }

  /// §4 step 4.1 on a label that decoded: validated as it is, with
  /// nontransitional processing.
  idna_errors validate_decoded(const char32_t* label, std::size_t length) noexcept {
    idna_errors e;
    const label_summary s = summarize<true>(std::u32string_view(label, length));
    // Step 4.1: a decoded label that is empty or ASCII only is not the
    // Punycode of anything an encoder would have produced.
    if (!s.non_ascii()) e.insert(idna_code::P4);
    e |= validate(label, length, s, true);
    return e;
  }

  static constexpr std::size_t not_punycode = static_cast<std::size_t>(-1);

  /// §4 step 4.1.2 for an all-ASCII label that begins with "xn--": decodes
  /// it in place and returns the decoded length, or leaves it as it was and
  /// returns not_punycode.
  std::size_t decode_ace_label(char32_t* label, std::size_t length) const noexcept {
    const std::size_t digits = length - ace_prefix.size();
    char* const text = ws_.label_text.data();
    for (std::size_t i = 0; i < digits; ++i) text[i] = static_cast<char>(label[ace_prefix.size() + i]);
    // The decoded label is never longer than its digits, so it fits where
    // the label was; the label's text is safe in label_text meanwhile.
    const result r = puny::decode(std::span<const char>(text, digits),
                                  std::span<char32_t>(label, length), {}, ws_.words);
    if (r.ok()) return r.written;
    std::copy(ace_prefix.begin(), ace_prefix.end(), label);
    for (std::size_t i = 0; i < digits; ++i) {
      label[ace_prefix.size() + i] = static_cast<unsigned char>(text[i]);
    }
    return not_punycode;
  }

  /// §4.1 Validity Criteria, UseSTD3ASCIIRules (U1), CONTEXTJ (RFC 5892
  /// Appendix A) and the label's Bidi rule codes, kept until it is known
  /// whether the domain is a Bidi domain name.  A decoded label is checked
  /// for nontransitional processing whatever the options say (§4 step
  /// 4.1).  Also notes in workspace::failed whether the label is ASCII.
  idna_errors validate(const char32_t* label, std::size_t length, const label_summary& s, bool decoded) noexcept {
    idna_errors e;
    note_code_points(s.code_points);
    if (length == 0) return e;
    // §4.1 criterion 7: a deviation is valid unless transitional processing
    // applies; ignored and mapped code points can only have come from
    // normalization or Punycode.
    const bool deviation_invalid = options_.transitional_processing && !decoded;
    if (s.has_disallowed() || s.mapped_or_ignored || (deviation_invalid && s.has_deviation())) {
      e.insert(idna_code::V7);
    }
    if (options_.use_std3_ascii_rules && has_non_ldh_ascii(label, length)) e.insert(idna_code::U1);
    if (options_.check_hyphens) {
      // §4.1 criteria 2 and 3.
      if (length >= 4 && label[2] == U'-' && label[3] == U'-') e.insert(idna_code::V2);
      if (label[0] == U'-' || label[length - 1] == U'-') e.insert(idna_code::V3);
    }
    // §4.1 criterion 4, as IdnaTestV2 applies it whatever CheckHyphens says:
    // only a decoded label can still begin with "xn--" here.
    if (decoded && starts_with_ace_prefix(label, length)) e.insert(idna_code::V4);
    // §4.1 criterion 6.  What depends on where a code point stands is read
    // from the label (label_summary) unless the summary has it, here only
    // when the label has a mark.
    auto first = [&]() noexcept { return s.ends ? idna_record(s.first) : ucd::lookup_validation_record(label[0]); };
    if ((s.records & mark_bits) != 0 && first().mark()) e.insert(idna_code::V6);
    // §4.1 criterion 1, for a decoded label only: everything else was
    // normalized in step 2.  (Criterion 5, no U+002E, holds by
    // construction: see process_domain.)
    if (decoded && s.nfc_unsure() && !is_nfc(std::u32string_view(label, length), ws_.scratch)) {
      e.insert(idna_code::V1);
    }
    if (options_.check_joiners && (s.classes & joiner_bidi_classes) != 0) {
      e |= contextj(std::u32string_view(label, length));
    }
    // RFC 5893 §2.  A label of Bidi class L alone is not right-to-left and
    // passes the rule whatever its ends (rules 1, 5 and 6): most labels,
    // settled without reading their first and last code points.  The
    // codes count only if some label has R, AL or AN (finish()), but the
    // rule is a few mask tests, cheaper than finding the label again.
    // (workspace::bidi holds 0 for the label until here.)
    const bool facts = index_ < facts_.size();
    bool bidi_fails = false;
    if ((options_.check_bidi || facts) && s.classes != left_to_right_only) {
      bidi_profile profile;
      profile.classes = s.classes;
      profile.first = first().bidi();
      profile.last_not_nsm = last_not_nsm(label, length, s);
      profile.empty = false;
      const idna_errors codes = bidi_rule(profile);
      if (options_.check_bidi) {
        ws_.bidi[index_] = static_cast<std::uint8_t>(codes.bits() >> bidi_code_shift);
        bidi_domain_ |= has_rtl(profile);
      }
      bidi_fails = has_rtl(profile) && !codes.empty();
    }
    if (facts) {
      // For the display, which runs with CheckBidi off and applies the rule
      // to each right-to-left label alone (end_label() stores these).
      facts_flags_ = static_cast<std::uint8_t>((s.non_ascii() ? fact_non_ascii : 0) |
                                               (bidi_fails ? fact_bidi_fails : 0));
    }
    return e;
  }

  /// How much of the label normalization leaves as it is: everything before
  /// the last code point with NFC_Quick_Check Yes and combining class 0
  /// that precedes the first one the quick check (UAX #15 §9) cannot pass.
  /// The text before it passes the quick check, so it is in NFC; and such a
  /// code point is a normalization boundary (UAX #15 §9.1): it neither
  /// composes with nor reorders around what precedes it, nor does its
  /// decomposition, which starts with such a starter too (true of every
  /// such code point of Unicode 17.0, checked exhaustively against the
  /// tables).  So NFC of the label is that prefix followed by NFC of the
  /// rest.
  static std::size_t stable_nfc_prefix(const char32_t* label, std::size_t length) noexcept {
    std::size_t boundary = 0;
    std::uint8_t last_ccc = 0;
    for (std::size_t i = 0; i < length; ++i) {
      const idna_record record = ucd::lookup_validation_record(label[i]);
      const std::uint8_t ccc = record.ccc();
      if (record.nfc_qc() != ucd::nfc_quick_check::yes || (ccc != 0 && last_ccc > ccc)) break;
      if (ccc == 0) boundary = i;
      last_ccc = ccc;
    }
    return boundary;
  }

  void record(std::size_t index, idna_errors e) noexcept {
    if (e.empty()) return;
    errors_ |= e;
    ws_.failed[index] |= label_has_error;
    first_failed_ = std::min(first_failed_, index);
  }

  // The errors and the first failing label are kept apart (not as a
  // processed_domain), so that no wide copy of them at the end reads the
  // narrow stores that set them: a stall of a dozen cycles per domain.
  idna_errors errors_;
  const workspace& ws_;
  const idna_options& options_;
  idna_operation operation_;
  char32_t* d_;
  std::size_t room_;           // ws.capacity(), or 0 once the domain has overflowed it
  std::size_t n_ = 0;          // code points written to d_
  std::size_t start_ = 0;      // where the current label starts in d_
  std::size_t index_ = 0;      // of the current label
  std::size_t mapped_ = 0;     // code points the mapping gave, overflow or not
  bool overflow_ = false;
  bool grew_ = false;          // normalization made some label longer
  bool bidi_domain_ = false;
  label_summary summary_;      // of the current label as mapped
  bool summary_partial_ = false;  // ... but for the ASCII at the start of an xn-- label
  bool label_finished_ = false;   // take_ace_label has done steps 2 and 4 for the current label
#if defined(PUNY_VECTOR128)
  bool stops_read_ = false;       // stops_ holds the masks of the input
  ascii_stops stops_;
#endif
  std::size_t first_failed_ = idna_result::no_label;
  // The display's label_facts (empty for ToASCII and ToUnicode), and the
  // flags validate() found for the current label.
  std::span<label_facts> facts_;
  static constexpr std::uint8_t fact_non_ascii = 1;
  static constexpr std::uint8_t fact_bidi_fails = 2;
  std::uint8_t facts_flags_ = 0;
};

}  // namespace

template <class Char>
processed_domain process_domain(std::basic_string_view<Char> in, const workspace& ws, const idna_options& options,
                                idna_operation operation, const std::span<label_facts>* facts) noexcept {
  return domain_processor(ws, options, operation, facts).run(in);
}

template processed_domain process_domain<char>(std::string_view, const workspace&, const idna_options&,
                                               idna_operation, const std::span<label_facts>*) noexcept;
template processed_domain process_domain<char16_t>(std::u16string_view, const workspace&, const idna_options&,
                                                   idna_operation, const std::span<label_facts>*) noexcept;
template processed_domain process_domain<char32_t>(std::u32string_view, const workspace&, const idna_options&,
                                                   idna_operation, const std::span<label_facts>*) noexcept;

}  // namespace puny::detail
