// puny — the C API of <puny/puny.h> for display safety: UTS #39 skeletons,
// confusability and restriction levels, the look-alike index, and the
// display decision, over the C++ functions of <puny/security.hpp>,
// <puny/lookalike.hpp> and <puny/display.hpp>.
//
// Everything here is noexcept: the core functions never throw, and the few
// calls that allocate (adding to a look-alike index, long character lists)
// catch std::bad_alloc or use std::nothrow, so no exception crosses the C
// boundary.  Built without exceptions (the wasm32-wasi toolchain,
// cmake/toolchains/wasm32-wasi.cmake), there is nothing to catch: operator
// new returns nullptr there instead of throwing.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <new>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "c_api_support.hpp"
#include "wrapper_exceptions.hpp"
#include "puny/display.hpp"
#include "puny/lookalike.hpp"
#include "puny/puny.h"
#include "puny/script.hpp"
#include "puny/security.hpp"
#include "puny/status.hpp"
#include "puny/utf8.hpp"

/// The C handle is the C++ index itself.
struct puny_lookalike_index {
  puny::lookalike_index index;  ///< the protected domains
};

namespace {

using namespace puny::c_api;  // c_api_support.hpp

// The C values are the C++ enumerators', so that they convert by value.
static_assert(PUNY_LEVEL_ASCII_ONLY == static_cast<int>(puny::restriction_level::ascii_only));
static_assert(PUNY_LEVEL_SINGLE_SCRIPT == static_cast<int>(puny::restriction_level::single_script));
static_assert(PUNY_LEVEL_HIGHLY_RESTRICTIVE == static_cast<int>(puny::restriction_level::highly_restrictive));
static_assert(PUNY_LEVEL_MODERATELY_RESTRICTIVE == static_cast<int>(puny::restriction_level::moderately_restrictive));
static_assert(PUNY_LEVEL_MINIMALLY_RESTRICTIVE == static_cast<int>(puny::restriction_level::minimally_restrictive));
static_assert(PUNY_LEVEL_UNRESTRICTED == static_cast<int>(puny::restriction_level::unrestricted));
static_assert(PUNY_POLICY_CHROMIUM == static_cast<int>(puny::display_policy::chromium));
static_assert(PUNY_POLICY_FIREFOX == static_cast<int>(puny::display_policy::firefox));
static_assert(PUNY_POLICY_UTS39_HIGHLY_RESTRICTIVE ==
              static_cast<int>(puny::display_policy::uts39_highly_restrictive));
static_assert(PUNY_POLICY_UTS39_MODERATELY_RESTRICTIVE ==
              static_cast<int>(puny::display_policy::uts39_moderately_restrictive));
static_assert(PUNY_POLICY_ASCII == static_cast<int>(puny::display_policy::ascii));
static_assert(PUNY_DISPLAY_REASON_COUNT == puny::display_reason_count);
static_assert(PUNY_REASON_INVALID == static_cast<int>(puny::display_reason::invalid));
static_assert(PUNY_REASON_CHARACTER_NOT_ALLOWED == static_cast<int>(puny::display_reason::character_not_allowed));
static_assert(PUNY_REASON_DENY_LISTED_CHARACTER == static_cast<int>(puny::display_reason::deny_listed_character));
static_assert(PUNY_REASON_SCRIPT_NOT_ALLOWED == static_cast<int>(puny::display_reason::script_not_allowed));
static_assert(PUNY_REASON_RESTRICTION_LEVEL == static_cast<int>(puny::display_reason::restriction_level));
static_assert(PUNY_REASON_MIXED_NUMBERS == static_cast<int>(puny::display_reason::mixed_numbers));
static_assert(PUNY_REASON_INVISIBLE_OR_HIDDEN_MARKS ==
              static_cast<int>(puny::display_reason::invisible_or_hidden_marks));
static_assert(PUNY_REASON_WHOLE_SCRIPT_CONFUSABLE == static_cast<int>(puny::display_reason::whole_script_confusable));
static_assert(PUNY_REASON_DIGIT_LOOKALIKE == static_cast<int>(puny::display_reason::digit_lookalike));
static_assert(PUNY_REASON_TLD_SPECIFIC_CHARACTER == static_cast<int>(puny::display_reason::tld_specific_character));
static_assert(PUNY_REASON_DANGEROUS_PATTERN == static_cast<int>(puny::display_reason::dangerous_pattern));
static_assert(PUNY_REASON_NON_ASCII_LATIN_MIXED == static_cast<int>(puny::display_reason::non_ascii_latin_mixed));
static_assert(PUNY_REASON_LOOKALIKE_OF_PROTECTED == static_cast<int>(puny::display_reason::lookalike_of_protected));
static_assert(PUNY_REASON_ASCII_POLICY == static_cast<int>(puny::display_reason::ascii_policy));
static_assert(PUNY_SKELETON_GROWTH == puny::max_skeleton_utf8_growth);
static_assert(PUNY_DISPLAY_BUFFER_SIZE(100) == puny::display_buffer_size(100));
static_assert(PUNY_NO_LOOKALIKE == puny::display_result::no_lookalike);

constexpr puny_security_flags known_flags = PUNY_SEC_CJK_COMPAT;

// As UTS #39 §5.2 names the levels in the C++ API (puny::name); string
// literals, so NUL-terminated.
constexpr const char* level_names[] = {"ascii_only",          "single_script",         "highly_restrictive",
                                       "moderately_restrictive", "minimally_restrictive", "unrestricted"};

puny::han_bopomofo cjk_of(puny_security_flags flags) noexcept {
  return (flags & PUNY_SEC_CJK_COMPAT) != 0 ? puny::han_bopomofo::cjk_compat : puny::han_bopomofo::strict17;
}

// Code points of a UTF-8 character list of the display options.
class character_list {
 public:
  explicit character_list(std::string_view utf8) noexcept : buffer_(utf8.size()) {
    if (!buffer_.ok()) {
      status_ = PUNY_OUT_OF_MEMORY;
      return;
    }
    const puny::result r = puny::utf8_to_utf32(std::span<const char>(utf8.data(), utf8.size()), buffer_.span());
    if (!r) {
      status_ = PUNY_INVALID_ARGUMENT;
      return;
    }
    text_ = std::u32string_view(buffer_.span().data(), r.written);
  }
  [[nodiscard]] int status() const noexcept { return status_; }
  [[nodiscard]] std::u32string_view text() const noexcept { return text_; }

 private:
  work_buffer<char32_t, 64> buffer_;
  std::u32string_view text_;
  int status_ = PUNY_OK;
};

// "Latn,Grek" (ISO 15924 codes or long names, any case; commas or spaces).
std::optional<puny::script_set> parse_scripts(std::string_view list) noexcept {
  puny::script_set set;
  std::size_t pos = 0;
  while (pos < list.size()) {
    const std::size_t end = std::min(list.find_first_of(", ", pos), list.size());
    if (end > pos) {
      const std::optional<puny::script> s = puny::script_from_name(list.substr(pos, end - pos));
      if (!s) return std::nullopt;
      set.insert(*s);
    }
    pos = end + 1;
  }
  return set;
}

void fill_match(const std::optional<puny::lookalike_match>& m, puny_lookalike_match* match) noexcept {
  *match = puny_lookalike_match{PUNY_NO_LOOKALIKE, nullptr, 0, 0};
  if (!m) return;
  match->id = m->id;
  match->domain = m->domain.data();
  match->domain_len = m->domain.size();
  match->top_bucket = m->top_bucket ? 1 : 0;
}

template <class Find>
int find_call(const puny_lookalike_index* index, const char* domain, std::size_t domain_len,
              puny_lookalike_match* match, Find find) noexcept {
  if (index == nullptr || match == nullptr || bad_buffer(domain, domain_len)) return PUNY_INVALID_ARGUMENT;
  fill_match(find(index->index, view(domain, domain_len)), match);
  return PUNY_OK;
}

puny_display_label to_c(const puny::label_verdict& v) noexcept {
  puny_display_label l{};
  l.offset = v.offset;
  l.length = v.length;
  l.non_ascii = v.non_ascii ? 1 : 0;
  l.shown_unicode = v.shown_unicode ? 1 : 0;
  l.reasons = v.reasons.bits();
  l.errors = v.errors.bits();
  l.code_point = static_cast<std::uint32_t>(v.code_point);
  l.code_point_index = v.code_point_index;
  return l;
}


// The library asks for room for at least this many labels.
constexpr std::size_t usual_labels = 128;

}  // namespace

extern "C" {

const char* puny_level_name(int level) noexcept {
  if (level < PUNY_LEVEL_ASCII_ONLY || level > PUNY_LEVEL_UNRESTRICTED) return nullptr;
  return level_names[level - PUNY_LEVEL_ASCII_ONLY];
}

int puny_restriction_level(const char* in, size_t in_len, puny_security_flags flags, int* level,
                           puny_result* result) noexcept {
  if (bad_buffer(in, in_len) || level == nullptr || (flags & ~known_flags) != 0)
    return with_status(result, PUNY_INVALID_ARGUMENT);
  puny::identifier_profile profile;
  profile.cjk = cjk_of(flags);
  const puny::identifier_analysis a = puny::analyze_identifier(view(in, in_len), profile);
  puny_result r = fresh();
  if (!a.ok()) {
    r.status = static_cast<int>(a.code);
    r.position = a.position;
    return finish(result, r);
  }
  *level = static_cast<int>(a.level);
  r.status = PUNY_OK;
  return finish(result, r);
}

int puny_skeleton(const char* in, size_t in_len, char* out, size_t out_cap, puny_result* result) noexcept {
  if (bad_buffer(in, in_len) || bad_buffer(out, out_cap)) return with_status(result, PUNY_INVALID_ARGUMENT);
  return finish(result, from_core(puny::skeleton(view(in, in_len), span_of(out, out_cap))));
}

int puny_skeleton_utf32(const char32_t* in, size_t in_len, char32_t* out, size_t out_cap,
                        puny_result* result) noexcept {
  if (bad_buffer(in, in_len) || bad_buffer(out, out_cap)) return with_status(result, PUNY_INVALID_ARGUMENT);
  return finish(result, from_core(puny::skeleton(view(in, in_len), span_of(out, out_cap))));
}

int puny_confusable(const char* a, size_t a_len, const char* b, size_t b_len, uint32_t* kinds) noexcept {
  if (bad_buffer(a, a_len) || bad_buffer(b, b_len) || kinds == nullptr) return PUNY_INVALID_ARGUMENT;
  *kinds = 0;
  const std::string_view x = view(a, a_len);
  const std::string_view y = view(b, b_len);
  if (!puny::validate_utf8(std::span<const char>(x.data(), x.size())) ||
      !puny::validate_utf8(std::span<const char>(y.data(), y.size())))
    return PUNY_INVALID_UTF8;
  const puny::confusability c = puny::confusable(x, y);
  if (c.confusable) *kinds |= PUNY_CONFUSABLE;
  if (c.single_script) *kinds |= PUNY_CONFUSABLE_SINGLE_SCRIPT;
  if (c.mixed_script) *kinds |= PUNY_CONFUSABLE_MIXED_SCRIPT;
  if (c.whole_script) *kinds |= PUNY_CONFUSABLE_WHOLE_SCRIPT;
  return PUNY_OK;
}

puny_lookalike_index* puny_lookalike_index_new(void) noexcept {
  puny_lookalike_index* index = nullptr;
  if (!puny::detail::allocates_without_bad_alloc([&] { index = new puny_lookalike_index; })) return nullptr;
  return index;
}

void puny_lookalike_index_free(puny_lookalike_index* index) noexcept { delete index; }

int puny_lookalike_index_add(puny_lookalike_index* index, const char* domain, size_t domain_len, int top_bucket,
                             puny_result* result) noexcept {
  if (index == nullptr || bad_buffer(domain, domain_len)) return with_status(result, PUNY_INVALID_ARGUMENT);
  puny::lookalike_add_result added;
  const bool enough_memory = puny::detail::allocates_without_bad_alloc(
      [&] { added = index->index.add(view(domain, domain_len), top_bucket != 0); });
  if (!enough_memory) return with_status(result, PUNY_OUT_OF_MEMORY);
  puny_result r = fresh();
  r.errors = added.errors.bits();
  if (added.added || added.duplicate) {
    r.status = PUNY_OK;
  } else if (added.code != puny::status::success) {
    r.status = static_cast<int>(added.code);
    r.position = added.position;
  } else {
    r.status = PUNY_IDNA_ERRORS;
  }
  return finish(result, r);
}

int puny_lookalike_index_add_list(puny_lookalike_index* index, const char* text, size_t text_len, size_t* added,
                                  size_t* refused, size_t* first_refused_line) noexcept {
  if (index == nullptr || bad_buffer(text, text_len)) return PUNY_INVALID_ARGUMENT;
  std::size_t n = 0;
  std::size_t bad = 0;
  std::size_t first_bad = 0;
  const bool enough_memory = puny::detail::allocates_without_bad_alloc([&] {
    std::vector<puny::lookalike_list_error> errors;
    n = index->index.add_list(view(text, text_len), &errors);
    for (const puny::lookalike_list_error& e : errors) {
      // A domain listed twice is in the index: its second line is no error.
      if (e.why.duplicate) continue;
      if (bad++ == 0) first_bad = e.line;
    }
  });
  if (!enough_memory) return PUNY_OUT_OF_MEMORY;
  if (added != nullptr) *added = n;
  if (refused != nullptr) *refused = bad;
  if (first_refused_line != nullptr) *first_refused_line = first_bad;
  return PUNY_OK;
}

size_t puny_lookalike_index_size(const puny_lookalike_index* index) noexcept {
  return index == nullptr ? 0 : index->index.size();
}

int puny_lookalike_index_domain(const puny_lookalike_index* index, size_t id, const char** domain,
                                size_t* domain_len) noexcept {
  if (index == nullptr || domain == nullptr || domain_len == nullptr || id >= index->index.size())
    return PUNY_INVALID_ARGUMENT;
  const std::string_view d = index->index.domain(id);
  *domain = d.data();
  *domain_len = d.size();
  return PUNY_OK;
}

int puny_lookalike_index_find(const puny_lookalike_index* index, const char* domain, size_t domain_len,
                              puny_lookalike_match* match) noexcept {
  return find_call(index, domain, domain_len, match,
                   [](const puny::lookalike_index& i, std::string_view d) noexcept { return i.find(d); });
}

int puny_lookalike_index_find_without_separators(const puny_lookalike_index* index, const char* domain,
                                                 size_t domain_len, puny_lookalike_match* match) noexcept {
  return find_call(index, domain, domain_len, match, [](const puny::lookalike_index& i, std::string_view d) noexcept {
    return i.find_without_separators(d);
  });
}

const char* puny_display_policy_name(int policy) noexcept {
  if (policy < PUNY_POLICY_CHROMIUM || policy > PUNY_POLICY_ASCII) return nullptr;
  // The library's names are string literals, so NUL-terminated.
  return puny::name(static_cast<puny::display_policy>(policy)).data();
}

const char* puny_display_reason_name(int reason) noexcept {
  if (reason < 0 || reason >= PUNY_DISPLAY_REASON_COUNT) return nullptr;
  return puny::name(static_cast<puny::display_reason>(reason)).data();
}

const char* puny_display_reason_message(int reason) noexcept {
  if (reason < 0 || reason >= PUNY_DISPLAY_REASON_COUNT) return nullptr;
  return puny::message(static_cast<puny::display_reason>(reason)).data();
}

int puny_display(const char* in, size_t in_len, const puny_display_options* options, char* out, size_t out_cap,
                 puny_display_label* labels, size_t labels_cap, puny_display_result* result) noexcept {
  puny_display_result r{};
  r.lookalike = PUNY_NO_LOOKALIKE;
  auto done = [&](int status) noexcept {
    r.status = status;
    if (result != nullptr) *result = r;
    return status;
  };
  if (bad_buffer(in, in_len) || bad_buffer(out, out_cap) || bad_buffer(labels, labels_cap))
    return done(PUNY_INVALID_ARGUMENT);
  const puny_display_options defaults{};
  const puny_display_options& o = options != nullptr ? *options : defaults;
  if (o.policy < PUNY_POLICY_CHROMIUM || o.policy > PUNY_POLICY_ASCII || (o.flags & ~known_flags) != 0 ||
      bad_buffer(o.allowed_characters, o.allowed_characters_len) ||
      bad_buffer(o.blocked_characters, o.blocked_characters_len) || bad_buffer(o.scripts, o.scripts_len))
    return done(PUNY_INVALID_ARGUMENT);
  const character_list allowed(view(o.allowed_characters, o.allowed_characters_len));
  if (allowed.status() != PUNY_OK) return done(allowed.status());
  const character_list blocked(view(o.blocked_characters, o.blocked_characters_len));
  if (blocked.status() != PUNY_OK) return done(blocked.status());
  const std::optional<puny::script_set> scripts = parse_scripts(view(o.scripts, o.scripts_len));
  if (!scripts) return done(PUNY_INVALID_ARGUMENT);

  puny::display_options d;
  d.policy = static_cast<puny::display_policy>(o.policy);
  d.protect = o.protect != nullptr ? &o.protect->index : nullptr;
  d.allowed_characters = allowed.text();
  d.blocked_characters = blocked.text();
  d.allowed_scripts = *scripts;
  d.cjk = cjk_of(o.flags);

  // A name has at most one label per byte, and one more.
  const std::size_t wanted = std::max(usual_labels, std::min(labels_cap, in_len + 1));
  work_buffer<puny::label_verdict, usual_labels> verdicts(wanted);
  if (!verdicts.ok()) return done(PUNY_OUT_OF_MEMORY);
  const puny::display_result x = puny::display(view(in, in_len), span_of(out, out_cap), verdicts.span(), d);
  r.written = x.written;
  r.needed = x.needed;
  r.position = x.position;
  r.errors = x.errors.bits();
  r.reasons = x.reasons.bits();
  r.labels = x.labels;
  r.lookalike = x.lookalike;
  if (x.code != puny::status::success) return done(static_cast<int>(x.code));
  const std::size_t n = std::min({labels_cap, x.labels, verdicts.span().size()});
  for (std::size_t i = 0; i < n; ++i) labels[i] = to_c(verdicts.span()[i]);
  return done(PUNY_OK);
}

}  // extern "C"
