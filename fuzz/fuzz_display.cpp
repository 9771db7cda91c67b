// The display decision (<puny/display.hpp>) and the UTS #39 functions
// (<puny/security.hpp>) on arbitrary bytes.  The first byte picks the
// options (a small protected-domain index, the Unicode 17 Han/Bopomofo
// choice, blocked and allowed characters, allowed scripts); the rest is
// the domain name, displayed under every policy.  Properties: no crash, UB
// or heap misuse whatever the input; ill-formed UTF-8 is invalid_utf8 at
// its offset, never replaced; the caller-buffer function and the string
// wrapper agree; display_buffer_size() is always enough and `needed` is
// enough; each label's verdict points at its shown form; and the display
// string converts back by ToASCII to the ToASCII of the input (with the
// ascii policy it is ASCII).  Skeletons: the UTF-8 and UTF-32 forms agree,
// the buffer bound holds, and a string is confusable with itself; the
// identifier analysis agrees between UTF-8 and UTF-32.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.hpp"
#include "puny/display.hpp"
#include "puny/idna.hpp"
#include "puny/lookalike.hpp"
#include "puny/security.hpp"
#include "puny/utf8.hpp"

namespace {

// A protected list with the kinds of domain the index distinguishes: top
// bucket and not, several labels, Unicode, ACE.
const puny::lookalike_index& protected_index() {
  static const puny::lookalike_index index = [] {
    puny::lookalike_index i;
    (void)i.add_list(
        "google.com\nd4000.com\n###END_TOP_BUCKET###\npaypal.com\napple.com\ntest.net\ndigklmo68.co.uk\n"
        "xn--bcher-kva.de\nf\xC3\xB3\xC3\xB3.com\n1234567890.com\n");
    return i;
  }();
  return index;
}

bool is_ascii(std::string_view s) {
  for (const char c : s)
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  return true;
}

puny::display_options options_from(std::uint8_t bits, puny::display_policy policy) {
  static const std::u32string blocked = U"\u00FC\u0430\u4E00";
  static const std::u32string allowed = U"\u0138\u017F\u1E03";
  puny::display_options o;
  o.policy = policy;
  if ((bits & 1) != 0) o.protect = &protected_index();
  if ((bits & 2) != 0) o.cjk = puny::han_bopomofo::cjk_compat;
  if ((bits & 4) != 0) o.blocked_characters = blocked;
  if ((bits & 8) != 0) o.allowed_characters = allowed;
  if ((bits & 16) != 0) o.allowed_scripts = puny::script_set{puny::script::latin, puny::script::cyrillic,
                                                             puny::script::greek, puny::script::han};
  return o;
}

void check_display(std::string_view domain, const puny::display_options& options, const puny::result& valid,
                   const puny::idna_converted<std::string>& input_ace) {
  std::vector<char> out(puny::display_buffer_size(domain.size()));
  std::vector<puny::label_verdict> verdicts(128);
  puny::display_result r = puny::display(domain, std::span<char>(out), std::span<puny::label_verdict>(verdicts), options);
  if (r.code == puny::status::success && r.labels > verdicts.size()) {
    verdicts.resize(r.labels);
    r = puny::display(domain, std::span<char>(out), std::span<puny::label_verdict>(verdicts), options);
  }
  const puny::display_outcome w = puny::display(domain, options);
  if (!valid) {
    PUNY_FUZZ_CHECK(r.code == puny::status::invalid_utf8 && r.position == valid.position);
    PUNY_FUZZ_CHECK(w.code == puny::status::invalid_utf8 && w.position == valid.position);
    return;
  }
  // display_buffer_size() is always enough.
  PUNY_FUZZ_CHECK(r.code == puny::status::success);
  PUNY_FUZZ_CHECK(w.code == puny::status::success);
  const std::string_view shown(out.data(), r.written);

  // The core function and the wrapper agree.
  PUNY_FUZZ_CHECK(w.value == shown);
  PUNY_FUZZ_CHECK(w.reasons == r.reasons && w.errors == r.errors);
  PUNY_FUZZ_CHECK(w.labels.size() == r.labels);
  PUNY_FUZZ_CHECK(w.ok() == r.ok());
  PUNY_FUZZ_CHECK(r.ok() == r.reasons.empty());
  PUNY_FUZZ_CHECK(w.lookalike_of.has_value() == (r.lookalike != puny::display_result::no_lookalike));
  if (w.lookalike_of) {
    PUNY_FUZZ_CHECK(options.protect != nullptr && r.lookalike < options.protect->size());
    PUNY_FUZZ_CHECK(*w.lookalike_of == options.protect->domain(r.lookalike));
    PUNY_FUZZ_CHECK(r.reasons.contains(puny::display_reason::lookalike_of_protected));
  }

  // Each verdict is its label's shown form, in order, inside the output.
  std::size_t end = 0;
  for (std::size_t i = 0; i < r.labels; ++i) {
    const puny::label_verdict& v = verdicts[i];
    const puny::label_display& l = w.labels[i];
    PUNY_FUZZ_CHECK(v.offset >= end && v.offset + v.length <= r.written);
    end = v.offset + v.length;
    PUNY_FUZZ_CHECK(v.reasons == l.reasons && v.errors == l.errors);
    PUNY_FUZZ_CHECK(v.non_ascii == l.non_ascii && v.shown_unicode == l.shown_unicode);
    PUNY_FUZZ_CHECK(!v.shown_unicode || (v.non_ascii && v.reasons.empty()));
    const std::string_view label = shown.substr(v.offset, v.length);
    if (v.shown_unicode) PUNY_FUZZ_CHECK(label == l.unicode);
  }

  // `needed` is enough.
  std::vector<char> tiny(1);
  const puny::display_result small =
      puny::display(domain, std::span<char>(tiny), std::span<puny::label_verdict>(verdicts), options);
  if (small.code == puny::status::output_too_small) {
    PUNY_FUZZ_CHECK(small.needed >= r.written);
    std::vector<char> room(small.needed);
    const puny::display_result again =
        puny::display(domain, std::span<char>(room), std::span<puny::label_verdict>(verdicts), options);
    PUNY_FUZZ_CHECK(again.code == puny::status::success);
    PUNY_FUZZ_CHECK(std::string_view(room.data(), again.written) == shown);
  } else {
    PUNY_FUZZ_CHECK(small.code == puny::status::success && small.written == r.written);
  }

  // What is shown stands for the same name: ToASCII gives the input's.
  if (input_ace.ok()) {
    const puny::idna_converted<std::string> back = puny::to_ascii(shown);
    PUNY_FUZZ_CHECK(back.ok());
    PUNY_FUZZ_CHECK(back.value == input_ace.value);
    if (options.policy == puny::display_policy::ascii) PUNY_FUZZ_CHECK(is_ascii(shown));
  }
}

void check_security(std::string_view text, const puny::result& valid) {
  std::vector<char> skel(puny::skeleton_utf8_buffer_size(text.size()));
  const puny::result s = puny::skeleton(text, std::span<char>(skel));
  if (!valid) {
    PUNY_FUZZ_CHECK(s.code == puny::status::invalid_utf8 && s.position == valid.position);
    const puny::identifier_analysis a = puny::analyze_identifier(text);
    PUNY_FUZZ_CHECK(a.code == puny::status::invalid_utf8 && a.position == valid.position);
    PUNY_FUZZ_CHECK(!puny::confusable(text, text).confusable);
    return;
  }
  PUNY_FUZZ_CHECK(s.code == puny::status::success);
  const std::string_view skeleton8(skel.data(), s.written);

  // A size query, then exactly that room.
  const puny::result query = puny::skeleton(text, std::span<char>());
  if (query.code == puny::status::output_too_small) {
    std::vector<char> exact(query.needed);
    const puny::result again = puny::skeleton(text, std::span<char>(exact));
    PUNY_FUZZ_CHECK(again.code == puny::status::success);
    PUNY_FUZZ_CHECK(std::string_view(exact.data(), again.written) == skeleton8);
  } else {
    PUNY_FUZZ_CHECK(query.code == puny::status::success && query.written == 0 && s.written == 0);
  }

  // UTF-32 gives the same skeleton and the same analysis.
  std::u32string cps(text.size(), U'\0');
  const puny::result c = puny::utf8_to_utf32(std::span<const char>(text.data(), text.size()), std::span<char32_t>(cps));
  PUNY_FUZZ_CHECK(c.code == puny::status::success);
  cps.resize(c.written);
  std::u32string skel32(puny::skeleton_buffer_size(cps.size()), U'\0');
  const puny::result s32 = puny::skeleton(std::u32string_view(cps), std::span<char32_t>(skel32));
  PUNY_FUZZ_CHECK(s32.code == puny::status::success);
  std::vector<char> skel32_utf8(4 * s32.written + 1);
  const puny::result back = puny::utf32_to_utf8(std::span<const char32_t>(skel32.data(), s32.written),
                                                std::span<char>(skel32_utf8));
  PUNY_FUZZ_CHECK(back.code == puny::status::success);
  PUNY_FUZZ_CHECK(std::string_view(skel32_utf8.data(), back.written) == skeleton8);

  const puny::identifier_analysis a8 = puny::analyze_identifier(text);
  const puny::identifier_analysis a32 = puny::analyze_identifier(std::u32string_view(cps));
  PUNY_FUZZ_CHECK(a8.ok() && a32.ok());
  PUNY_FUZZ_CHECK(a8.level == a32.level && a8.findings == a32.findings && a8.resolved == a32.resolved);
  PUNY_FUZZ_CHECK(puny::restriction_level_of(text) == a8.level);

  // Anything is confusable with itself (UTS #39 §4: equal skeletons).
  PUNY_FUZZ_CHECK(puny::confusable(text, text).confusable);
  (void)puny::find_label_confusables(text);

  // The index answers every query without harm.
  const puny::lookalike_index& index = protected_index();
  if (const std::optional<puny::lookalike_match> m = index.find(text)) {
    PUNY_FUZZ_CHECK(m->id < index.size() && m->domain == index.domain(m->id));
  }
  (void)index.find_without_separators(text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const std::uint8_t bits = data[0];
  const std::string_view domain(reinterpret_cast<const char*>(data + 1), size - 1);
  const puny::result valid = puny::validate_utf8(std::span<const char>(domain.data(), domain.size()));
  // The display decision runs UTS #46 with the uts46 profile.
  const puny::idna_converted<std::string> input_ace = puny::to_ascii(domain);
  for (std::size_t p = 0; p < puny::display_policy_count; ++p) {
    check_display(domain, options_from(bits, static_cast<puny::display_policy>(p)), valid, input_ace);
  }
  check_security(domain, valid);
  return 0;
}
