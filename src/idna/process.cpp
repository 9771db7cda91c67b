// puny — UTS #46 §4 Processing in one pass, and the whole-domain checks.
#include "idna/process.hpp"

#include <algorithm>
#include <cstring>
#include <span>
#include <type_traits>

#include "idna/ascii_fast_path.hpp"
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

constexpr std::uint32_t status_bit(idna_status s) noexcept { return std::uint32_t{1} << static_cast<unsigned>(s); }

// B1–B6 are consecutive codes, so the Bidi codes of a label fit one byte
// until the domain is known to be a Bidi domain name.
constexpr unsigned bidi_code_shift = static_cast<unsigned>(idna_code::B1);
static_assert(static_cast<unsigned>(idna_code::B6) - bidi_code_shift < 7);
/// In workspace::bidi: the label's codes are still to be computed.
constexpr std::uint8_t bidi_rule_pending = 0x80;

// U+200C and U+200D are the only code points RFC 5892 Appendix A's rules
// apply to; both have Bidi_Class BN (the generator asserts it), so a label
// without BN has nothing for CONTEXTJ to check.
constexpr std::uint32_t joiner_bidi_classes = std::uint32_t{1} << static_cast<unsigned>(ucd::bidi_class::BN);

bool starts_with_ace_prefix(const char32_t* label, std::size_t length) noexcept {
  return length >= ace_prefix.size() && std::u32string_view(label, ace_prefix.size()) == ace_prefix;
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
  /// it, stays in this loop with the label's summary and the write
  /// position in locals (registers); everything else goes through the
  /// members, synchronized around the call.
  template <class Char>
  processed_domain run(std::basic_string_view<Char> in) noexcept {
    label_summary summary;
    std::size_t n = 0;
    std::size_t mapped = 0;
    std::size_t pos = 0;
    while (pos < in.size()) {
      const char32_t unit = unit_at(in, pos);
      char32_t cp = unit;
      idna_record record(0);
      if (unit < 0x80) {
        // With the workspace already full the label takes the general
        // path, which records the overflow (and a retry gets more room);
        // this branch would make no progress then.
        if (n == start_ && n < room_ && ace_prefix_at(in, pos)) {
          n_ = n;
          mapped_ = mapped;
          const std::size_t end = take_ace_label(in, pos);
          if (end != 0) {
            pos = end;
            n = n_;
            mapped = mapped_;
            continue;
          }
          // An xn-- label's ASCII only goes to the Punycode decoder (§4 step
          // 4.1), which needs no summary of it: copied as mapped, and
          // summarized later should the label turn out not to be Punycode.
          // What follows a non-ASCII code point in it is summarized as usual
          // (the summary then says "not ASCII", all the decoder asks).
          for (; pos < in.size() && n < room_; ++pos) {
            const char32_t c = unit_at(in, pos);
            if (c >= 0x80 || c == U'.') break;
            d_[n++] = ascii_lower(c);
            ++mapped;
          }
          summary_partial_ = true;
          continue;
        }
        record = ucd::idna_ascii_record(unit);
        ++pos;
        // U+002E is valid: the test for it comes second.
        if (record.status() == idna_status::valid && cp != U'.' && n < room_) {
          d_[n++] = cp;
          ++mapped;
          summary.add_valid_ascii(cp, record);
          continue;
        }
      } else {
        const read_code_point r = read_at(in, pos);
        if (r.length == 0) {
          processed_domain p;
          p.code = status::invalid_utf8;
          p.position = pos;
          return p;
        }
        cp = r.value;
        pos += r.length;
        record = ucd::lookup_idna_record(cp);
      }
      if (record.status() == idna_status::valid && n < room_ && cp != U'.') {
        d_[n++] = cp;
        ++mapped;
        summary.add(cp, record);
        continue;
      }
      summary_ = summary;
      n_ = n;
      mapped_ = mapped;
      if (cp == U'.') {
        // §4 step 3.  The next label's summary starts empty in registers:
        // read back from the member, it would be a load that the stores of
        // separator() cannot forward to.  (After an overflow nothing reads
        // it.)
        separator();
        summary = label_summary{};
      } else {
        map_other(cp, record);
        summary = summary_;
      }
      n = n_;
      mapped = mapped_;
    }
    summary_ = summary;
    n_ = n;
    mapped_ = mapped;
    return finish();
  }

 private:
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
    // label must satisfy the Bidi rule — except one kept unchecked.
    if (bidi_domain_) {
      std::size_t start = 0;
      for (std::size_t i = 0; i < labels; ++i) {
        std::size_t end = start;
        while (end < n_ && d_[end] != U'.') ++end;
        std::uint8_t codes = ws_.bidi[i];
        if (codes == bidi_rule_pending) {
          codes = static_cast<std::uint8_t>(bidi_rule(std::u32string_view(d_ + start, end - start)).bits() >>
                                            bidi_code_shift);
        }
        if ((ws_.failed[i] & label_kept) == 0) {
          record(i, idna_errors::from_bits(std::uint32_t{codes} << bidi_code_shift));
        }
        start = end + 1;
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
  std::size_t take_ace_label(std::basic_string_view<Char> in, std::size_t pos) noexcept {
    std::size_t end = pos;
    bool upper = false;
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
    if (summary_.nfc_unsure && !is_nfc(std::u32string_view(label, length), ws_.scratch)) {
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
        e.insert(idna_code::P4);
        ws_.failed[index_] |= label_kept;
      }
    } else {
      e |= validate(label, length, summary_, false);
    }
    end_label(e, length, last);
  }

  void end_label(idna_errors e, std::size_t length, bool last) noexcept {
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
    const label_summary s = summarize(std::u32string_view(label, length));
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
  /// Appendix A) and the label's Bidi rule codes, kept until the domain is
  /// known to be a Bidi domain name.  A decoded label is checked for
  /// nontransitional processing whatever the options say (§4 step 4.1).
  idna_errors validate(const char32_t* label, std::size_t length, const label_summary& s, bool decoded) noexcept {
    idna_errors e;
    if (length == 0) return e;
    // §4.1 criterion 7: a deviation is valid unless transitional processing
    // applies; ignored and mapped code points can only have come from
    // normalization or Punycode.
    std::uint32_t invalid = status_bit(idna_status::ignored) | status_bit(idna_status::mapped) |
                            status_bit(idna_status::disallowed);
    if (options_.transitional_processing && !decoded) invalid |= status_bit(idna_status::deviation);
    if ((s.statuses & invalid) != 0) e.insert(idna_code::V7);
    if (options_.use_std3_ascii_rules && s.non_ldh) e.insert(idna_code::U1);
    if (options_.check_hyphens) {
      // §4.1 criteria 2 and 3.
      if (length >= 4 && label[2] == U'-' && label[3] == U'-') e.insert(idna_code::V2);
      if (label[0] == U'-' || label[length - 1] == U'-') e.insert(idna_code::V3);
    }
    // §4.1 criterion 4, as IdnaTestV2 applies it whatever CheckHyphens says:
    // only a decoded label can still begin with "xn--" here.
    if (decoded && starts_with_ace_prefix(label, length)) e.insert(idna_code::V4);
    // §4.1 criterion 6.
    if (s.first_is_mark) e.insert(idna_code::V6);
    // §4.1 criterion 1, for a decoded label only: everything else was
    // normalized in step 2.  (Criterion 5, no U+002E, holds by
    // construction: see process_domain.)
    if (decoded && s.nfc_unsure && !is_nfc(std::u32string_view(label, length), ws_.scratch)) {
      e.insert(idna_code::V1);
    }
    if (options_.check_joiners && (s.bidi.classes & joiner_bidi_classes) != 0) {
      e |= contextj(std::u32string_view(label, length));
    }
    if (options_.check_bidi) {
      // Most domains have no R, AL or AN, so are no Bidi domain name: a
      // label without them is checked only once another label has made
      // the domain one (finish()).
      if (has_rtl(s.bidi)) {
        ws_.bidi[index_] = static_cast<std::uint8_t>(bidi_rule(s.bidi).bits() >> bidi_code_shift);
        bidi_domain_ = true;
      } else {
        ws_.bidi[index_] = bidi_rule_pending;
      }
    }
    if (index_ < facts_.size()) {
      // For the display, which runs with CheckBidi off and applies the rule
      // to each right-to-left label alone (end_label() stores these).
      facts_flags_ = s.non_ascii() ? fact_non_ascii : std::uint8_t{0};
      if (has_rtl(s.bidi) && !bidi_rule(s.bidi).empty()) facts_flags_ |= fact_bidi_fails;
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
