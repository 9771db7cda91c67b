// The display-safety part of the C API (<puny/puny.h>): skeletons,
// confusability, restriction levels, the look-alike index and puny_display
// give the C++ API's answers (<puny/security.hpp>, <puny/lookalike.hpp>,
// <puny/display.hpp>), under the buffer conventions (size queries, exact
// needed sizes, nothing written past out_cap) and argument checks; the
// names and messages are the C++ ones, NUL-terminated.
#include "puny/puny.h"

#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "puny/display.hpp"
#include "puny/lookalike.hpp"
#include "puny/security.hpp"
#include "puny/utf8.hpp"

namespace {

constexpr char canary = '\x5A';

std::string text(std::u8string_view s) { return std::string(s.begin(), s.end()); }

// Strings of every kind: ASCII, one script, mixed scripts, confusables,
// digits of two systems, marks, ill-formed UTF-8, long.
const std::vector<std::string> strings = {
    "",
    "paypal",
    text(u8"раураl"),
    text(u8"аррӏе"),
    text(u8"bücher"),
    text(u8"日本語"),
    text(u8"漢字ㄅㄆ"),
    text(u8"a١2"),
    text(u8"i\u0307"),
    text(u8"a\u0301\u0301"),
    "a\xFF",
    "\xE2\x80",
    std::string(300, 'x') + text(u8"ѕ"),
};

// Domain names for puny_display: safe, whole-script confusable, invalid,
// look-alikes of the protected list below, ASCII, ill-formed.
const std::vector<std::string> domains = {
    "xn--80ak6aa92e.com", "xn--bcher-kva.de", text(u8"bücher.de"), "example.com", "xn--googl-fsa.com",
    text(u8"login.раураl.com"), "xn--0.com", "a..b", "", "a\xFF.com", text(u8"пример.рф"),
    "xn--bopomofo-hj5gkalm.tw", text(u8"www.аррӏе.com"), std::string(70, 'a').append(".com")};

const std::string protected_list = "# test list\ngoogle.com\npaypal.com\r\nnot a domain!\n\napple.com\ngoogle.com\n";

TEST(CApiDisplay, NamesAndMessagesAreTheCppOnes) {
  for (int r = 0; r < PUNY_DISPLAY_REASON_COUNT; ++r) {
    const auto reason = static_cast<puny::display_reason>(r);
    ASSERT_NE(puny_display_reason_name(r), nullptr);
    EXPECT_EQ(std::string_view(puny_display_reason_name(r)), puny::name(reason));
    EXPECT_EQ(std::string_view(puny_display_reason_message(r)), puny::message(reason));
  }
  EXPECT_STREQ(puny_display_reason_name(PUNY_REASON_WHOLE_SCRIPT_CONFUSABLE), "whole_script_confusable");
  EXPECT_EQ(puny_display_reason_name(-1), nullptr);
  EXPECT_EQ(puny_display_reason_name(PUNY_DISPLAY_REASON_COUNT), nullptr);
  EXPECT_EQ(puny_display_reason_message(PUNY_DISPLAY_REASON_COUNT), nullptr);
  for (int p = PUNY_POLICY_CHROMIUM; p <= PUNY_POLICY_ASCII; ++p) {
    EXPECT_EQ(std::string_view(puny_display_policy_name(p)), puny::name(static_cast<puny::display_policy>(p)));
  }
  EXPECT_STREQ(puny_display_policy_name(PUNY_POLICY_UTS39_MODERATELY_RESTRICTIVE), "uts39-moderately-restrictive");
  EXPECT_EQ(puny_display_policy_name(5), nullptr);
  for (int l = PUNY_LEVEL_ASCII_ONLY; l <= PUNY_LEVEL_UNRESTRICTED; ++l) {
    EXPECT_EQ(std::string_view(puny_level_name(l)), puny::name(static_cast<puny::restriction_level>(l)));
  }
  EXPECT_EQ(puny_level_name(0), nullptr);
  EXPECT_EQ(puny_level_name(7), nullptr);
}

TEST(CApiDisplay, SkeletonsAgreeWithTheCppApi) {
  for (const std::string& s : strings) {
    SCOPED_TRACE(s);
    std::vector<char> out(PUNY_SKELETON_GROWTH * s.size() + 1);
    puny_result r;
    const int status = puny_skeleton(s.data(), s.size(), out.data(), out.size(), &r);
    const puny::converted<std::string> x = puny::skeleton(std::string_view(s));
    EXPECT_EQ(status, r.status);
    EXPECT_EQ(status, static_cast<int>(x.code));
    if (x.code == puny::status::success) {
      EXPECT_EQ(std::string_view(out.data(), r.written), x.value);
    } else {
      EXPECT_EQ(r.position, x.position);
    }
  }
  // The skeleton of "раураl" is that of "paypal" (UTS #39 §4).
  char a[64];
  char b[64];
  puny_result ra;
  puny_result rb;
  const std::string cyr = text(u8"раураl");
  ASSERT_EQ(puny_skeleton(cyr.data(), cyr.size(), a, sizeof a, &ra), PUNY_OK);
  ASSERT_EQ(puny_skeleton("paypal", 6, b, sizeof b, &rb), PUNY_OK);
  EXPECT_EQ(std::string_view(a, ra.written), std::string_view(b, rb.written));
}

TEST(CApiDisplay, SkeletonBuffersFollowTheConventions) {
  const std::string s = text(u8"ﬀﬃ㎒ǆ");  // characters whose skeletons are longer
  puny_result r;
  ASSERT_EQ(puny_skeleton(s.data(), s.size(), nullptr, 0, &r), PUNY_OUTPUT_TOO_SMALL);
  const size_t needed = r.needed;
  std::vector<char> full(needed);
  ASSERT_EQ(puny_skeleton(s.data(), s.size(), full.data(), full.size(), &r), PUNY_OK);
  const size_t written = r.written;
  ASSERT_GT(written, s.size());
  for (size_t cap = 0; cap <= needed; ++cap) {
    std::vector<char> buffer(cap + 8, canary);
    const int status = puny_skeleton(s.data(), s.size(), buffer.data(), cap, &r);
    EXPECT_EQ(status, cap < written ? PUNY_OUTPUT_TOO_SMALL : PUNY_OK) << cap;
    if (cap < written) {
      EXPECT_EQ(r.needed, needed) << cap;
    }
    for (size_t i = cap; i < buffer.size(); ++i) ASSERT_EQ(buffer[i], canary) << cap;
  }
  EXPECT_EQ(puny_skeleton(nullptr, 1, nullptr, 0, &r), PUNY_INVALID_ARGUMENT);
  EXPECT_EQ(puny_skeleton("a", 1, nullptr, 1, nullptr), PUNY_INVALID_ARGUMENT);
  EXPECT_EQ(puny_skeleton(nullptr, 0, nullptr, 0, &r), PUNY_OK);
  EXPECT_EQ(r.written, 0u);
  const std::string bad = "ab\xC3";
  EXPECT_EQ(puny_skeleton(bad.data(), bad.size(), nullptr, 0, &r), PUNY_INVALID_UTF8);
  EXPECT_EQ(r.position, 2u);

  // UTF-32, surrogates included.
  const std::u32string cps = {U'\x0440', U'a', 0xD800, U'\x2028'};
  std::array<char32_t, 64> out32;
  ASSERT_EQ(puny_skeleton_utf32(cps.data(), cps.size(), out32.data(), out32.size(), &r), PUNY_OK);
  const puny::converted<std::u32string> x = puny::skeleton(std::u32string_view(cps));
  EXPECT_EQ(std::u32string_view(out32.data(), r.written), x.value);
  EXPECT_EQ(puny_skeleton_utf32(nullptr, 2, out32.data(), out32.size(), &r), PUNY_INVALID_ARGUMENT);
}

TEST(CApiDisplay, ConfusabilityAgreesWithTheCppApi) {
  for (const std::string& a : strings) {
    for (const std::string& b : strings) {
      uint32_t kinds = 99;
      const int status = puny_confusable(a.data(), a.size(), b.data(), b.size(), &kinds);
      const bool well_formed = puny::validate_utf8(std::span<const char>(a.data(), a.size())).ok() &&
                               puny::validate_utf8(std::span<const char>(b.data(), b.size())).ok();
      if (!well_formed) {
        EXPECT_EQ(status, PUNY_INVALID_UTF8);
        EXPECT_EQ(kinds, 0u);
        continue;
      }
      ASSERT_EQ(status, PUNY_OK);
      const puny::confusability c = puny::confusable(a, b);
      EXPECT_EQ((kinds & PUNY_CONFUSABLE) != 0, c.confusable) << a << " " << b;
      EXPECT_EQ((kinds & PUNY_CONFUSABLE_SINGLE_SCRIPT) != 0, c.single_script);
      EXPECT_EQ((kinds & PUNY_CONFUSABLE_MIXED_SCRIPT) != 0, c.mixed_script);
      EXPECT_EQ((kinds & PUNY_CONFUSABLE_WHOLE_SCRIPT) != 0, c.whole_script);
    }
  }
  uint32_t kinds = 0;
  const std::string cyr = text(u8"раураl");
  ASSERT_EQ(puny_confusable(cyr.data(), cyr.size(), "paypal", 6, &kinds), PUNY_OK);
  EXPECT_TRUE(kinds & PUNY_CONFUSABLE);
  EXPECT_TRUE(kinds & PUNY_CONFUSABLE_MIXED_SCRIPT);
  EXPECT_EQ(puny_confusable("a", 1, "b", 1, nullptr), PUNY_INVALID_ARGUMENT);
  EXPECT_EQ(puny_confusable(nullptr, 1, "b", 1, &kinds), PUNY_INVALID_ARGUMENT);
}

TEST(CApiDisplay, RestrictionLevelsAgreeWithTheCppApi) {
  for (const std::string& s : strings) {
    for (const puny_security_flags flags : {puny_security_flags{0}, PUNY_SEC_CJK_COMPAT}) {
      SCOPED_TRACE(s);
      int level = -1;
      puny_result r;
      const int status = puny_restriction_level(s.data(), s.size(), flags, &level, &r);
      puny::identifier_profile profile;
      profile.cjk = flags != 0 ? puny::han_bopomofo::cjk_compat : puny::han_bopomofo::strict17;
      const puny::identifier_analysis a = puny::analyze_identifier(std::string_view(s), profile);
      if (!a.ok()) {
        EXPECT_EQ(status, PUNY_INVALID_UTF8);
        EXPECT_EQ(r.position, a.position);
        EXPECT_EQ(level, -1);
      } else {
        EXPECT_EQ(status, PUNY_OK);
        EXPECT_EQ(level, static_cast<int>(a.level));
      }
    }
  }
  int level = 0;
  ASSERT_EQ(puny_restriction_level("paypal", 6, 0, &level, nullptr), PUNY_OK);
  EXPECT_EQ(level, PUNY_LEVEL_ASCII_ONLY);
  const std::string cyr = text(u8"раураl");
  ASSERT_EQ(puny_restriction_level(cyr.data(), cyr.size(), 0, &level, nullptr), PUNY_OK);
  EXPECT_EQ(level, PUNY_LEVEL_MINIMALLY_RESTRICTIVE);
  EXPECT_EQ(puny_restriction_level("a", 1, 0, nullptr, nullptr), PUNY_INVALID_ARGUMENT);
  EXPECT_EQ(puny_restriction_level("a", 1, 2, &level, nullptr), PUNY_INVALID_ARGUMENT);
}

// An index with the same domains through the C and the C++ API.
struct indexes {
  puny_lookalike_index* c = puny_lookalike_index_new();
  puny::lookalike_index cpp;
  indexes() {
    (void)cpp.add_list(protected_list);
    size_t added = 0;
    size_t refused = 0;
    size_t first = 0;
    EXPECT_EQ(puny_lookalike_index_add_list(c, protected_list.data(), protected_list.size(), &added, &refused, &first),
              PUNY_OK);
    EXPECT_EQ(added, 3u);
    EXPECT_EQ(refused, 1u);
    EXPECT_EQ(first, 4u);
  }
  ~indexes() { puny_lookalike_index_free(c); }
  indexes(const indexes&) = delete;
  indexes& operator=(const indexes&) = delete;
};

TEST(CApiDisplay, LookalikeIndexAgreesWithTheCppApi) {
  indexes ix;
  ASSERT_NE(ix.c, nullptr);
  EXPECT_EQ(puny_lookalike_index_size(ix.c), ix.cpp.size());
  EXPECT_EQ(puny_lookalike_index_size(nullptr), 0u);
  for (size_t id = 0; id < ix.cpp.size(); ++id) {
    const char* d = nullptr;
    size_t n = 0;
    ASSERT_EQ(puny_lookalike_index_domain(ix.c, id, &d, &n), PUNY_OK);
    EXPECT_EQ(std::string_view(d, n), ix.cpp.domain(id));
  }
  const char* d = nullptr;
  size_t n = 0;
  EXPECT_EQ(puny_lookalike_index_domain(ix.c, ix.cpp.size(), &d, &n), PUNY_INVALID_ARGUMENT);
  for (const std::string& name : domains) {
    SCOPED_TRACE(name);
    puny_lookalike_match m;
    ASSERT_EQ(puny_lookalike_index_find(ix.c, name.data(), name.size(), &m), PUNY_OK);
    const std::optional<puny::lookalike_match> x = ix.cpp.find(name);
    ASSERT_EQ(m.id != PUNY_NO_LOOKALIKE, x.has_value());
    if (x) {
      EXPECT_EQ(m.id, x->id);
      EXPECT_EQ(std::string_view(m.domain, m.domain_len), x->domain);
      EXPECT_EQ(m.top_bucket != 0, x->top_bucket);
    } else {
      EXPECT_EQ(m.domain, nullptr);
    }
    ASSERT_EQ(puny_lookalike_index_find_without_separators(ix.c, name.data(), name.size(), &m), PUNY_OK);
    EXPECT_EQ(m.id != PUNY_NO_LOOKALIKE, ix.cpp.find_without_separators(name).has_value());
  }
  // The issue's example.
  const std::string login = text(u8"login.раураl.com");
  puny_lookalike_match m;
  ASSERT_EQ(puny_lookalike_index_find(ix.c, login.data(), login.size(), &m), PUNY_OK);
  ASSERT_NE(m.id, PUNY_NO_LOOKALIKE);
  EXPECT_EQ(std::string_view(m.domain, m.domain_len), "paypal.com");
  EXPECT_EQ(puny_lookalike_index_find(nullptr, "a", 1, &m), PUNY_INVALID_ARGUMENT);
  EXPECT_EQ(puny_lookalike_index_find(ix.c, "a", 1, nullptr), PUNY_INVALID_ARGUMENT);
  EXPECT_EQ(puny_lookalike_index_find(ix.c, nullptr, 1, &m), PUNY_INVALID_ARGUMENT);
}

TEST(CApiDisplay, AddingDomainsOneByOne) {
  puny_lookalike_index* index = puny_lookalike_index_new();
  ASSERT_NE(index, nullptr);
  puny_result r;
  EXPECT_EQ(puny_lookalike_index_add(index, "paypal.com", 10, 0, &r), PUNY_OK);
  EXPECT_EQ(puny_lookalike_index_add(index, "PayPal.com.", 11, 0, &r), PUNY_OK);  // there already
  EXPECT_EQ(puny_lookalike_index_size(index), 1u);
  EXPECT_EQ(puny_lookalike_index_add(index, "d4000.com", 9, 1, nullptr), PUNY_OK);
  EXPECT_EQ(puny_lookalike_index_add(index, "xn--0.com", 9, 0, &r), PUNY_IDNA_ERRORS);
  EXPECT_TRUE(r.errors & PUNY_IDNA_BIT(PUNY_IDNA_P4));
  EXPECT_EQ(puny_lookalike_index_add(index, "a\xFF.com", 6, 0, &r), PUNY_INVALID_UTF8);
  EXPECT_EQ(r.position, 1u);
  EXPECT_EQ(puny_lookalike_index_add(nullptr, "a.com", 5, 0, &r), PUNY_INVALID_ARGUMENT);
  EXPECT_EQ(puny_lookalike_index_add(index, nullptr, 5, 0, &r), PUNY_INVALID_ARGUMENT);
  EXPECT_EQ(puny_lookalike_index_size(index), 2u);
  puny_lookalike_match m;
  ASSERT_EQ(puny_lookalike_index_find_without_separators(index, "d-4000.com", 10, &m), PUNY_OK);
  EXPECT_EQ(std::string_view(m.domain, m.domain_len), "d4000.com");
  EXPECT_NE(m.top_bucket, 0);
  puny_lookalike_index_free(index);
  puny_lookalike_index_free(nullptr);
}

// Every policy and option set, every domain: the C result is the C++ one.
TEST(CApiDisplay, DisplayAgreesWithTheCppApi) {
  indexes ix;
  const std::string blocked = text(u8"ü");
  for (int policy = PUNY_POLICY_CHROMIUM; policy <= PUNY_POLICY_ASCII; ++policy) {
    for (int variant = 0; variant < 4; ++variant) {
      puny_display_options o{};
      o.policy = policy;
      puny::display_options cpp;
      cpp.policy = static_cast<puny::display_policy>(policy);
      std::u32string blocked32 = U"\x00FC";
      if (variant == 1) {
        o.protect = ix.c;
        cpp.protect = &ix.cpp;
      } else if (variant == 2) {
        o.blocked_characters = blocked.data();
        o.blocked_characters_len = blocked.size();
        cpp.blocked_characters = blocked32;
        o.scripts = "Latn, Cyrl";
        o.scripts_len = std::strlen(o.scripts);
        cpp.allowed_scripts = puny::script_set{puny::script::latin, puny::script::cyrillic};
      } else if (variant == 3) {
        o.flags = PUNY_SEC_CJK_COMPAT;
        cpp.cjk = puny::han_bopomofo::cjk_compat;
      }
      for (const std::string& name : domains) {
        SCOPED_TRACE(std::to_string(policy) + "/" + std::to_string(variant) + ": " + name);
        std::vector<char> out(PUNY_DISPLAY_BUFFER_SIZE(name.size()));
        std::array<puny_display_label, 8> labels;
        puny_display_result r;
        const int status = puny_display(name.data(), name.size(), &o, out.data(), out.size(), labels.data(),
                                        labels.size(), &r);
        const puny::display_outcome x = puny::display(name, cpp);
        EXPECT_EQ(status, r.status);
        if (x.code != puny::status::success) {
          EXPECT_EQ(status, static_cast<int>(x.code));
          EXPECT_EQ(r.position, x.position);
          continue;
        }
        ASSERT_EQ(status, PUNY_OK);
        EXPECT_EQ(std::string_view(out.data(), r.written), x.value);
        EXPECT_EQ(r.reasons, x.reasons.bits());
        EXPECT_EQ(r.errors, x.errors.bits());
        ASSERT_EQ(r.labels, x.labels.size());
        EXPECT_EQ(r.lookalike != PUNY_NO_LOOKALIKE, x.lookalike_of.has_value());
        if (x.lookalike_of) {
          const char* d = nullptr;
          size_t n = 0;
          ASSERT_EQ(puny_lookalike_index_domain(ix.c, r.lookalike, &d, &n), PUNY_OK);
          EXPECT_EQ(std::string_view(d, n), *x.lookalike_of);
        }
        for (size_t i = 0; i < r.labels && i < labels.size(); ++i) {
          const puny::label_display& l = x.labels[i];
          EXPECT_EQ(labels[i].reasons, l.reasons.bits()) << i;
          EXPECT_EQ(labels[i].errors, l.errors.bits()) << i;
          EXPECT_EQ(labels[i].non_ascii != 0, l.non_ascii) << i;
          EXPECT_EQ(labels[i].shown_unicode != 0, l.shown_unicode) << i;
          EXPECT_EQ(labels[i].code_point, static_cast<uint32_t>(l.code_point)) << i;
          // The label's span in the output is its shown form.
          const std::string_view shown(out.data() + labels[i].offset, labels[i].length);
          EXPECT_EQ(shown, l.shown_unicode ? std::string_view(l.unicode) : std::string_view(l.ascii)) << i;
        }
      }
    }
  }
}

TEST(CApiDisplay, DisplayDefaultsAndTheIssueExample) {
  char out[128];
  puny_display_label labels[4];
  puny_display_result r;
  // NULL options are the defaults: chromium.
  ASSERT_EQ(puny_display("xn--80ak6aa92e.com", 18, nullptr, out, sizeof out, labels, 4, &r), PUNY_OK);
  EXPECT_EQ(std::string_view(out, r.written), "xn--80ak6aa92e.com");
  EXPECT_EQ(r.reasons, PUNY_REASON_BIT(PUNY_REASON_WHOLE_SCRIPT_CONFUSABLE));
  EXPECT_EQ(r.labels, 2u);
  EXPECT_EQ(r.lookalike, PUNY_NO_LOOKALIKE);
  EXPECT_EQ(labels[0].shown_unicode, 0);
  EXPECT_NE(labels[0].non_ascii, 0);
  EXPECT_EQ(labels[0].offset, 0u);
  EXPECT_EQ(labels[0].length, 14u);
  EXPECT_EQ(labels[1].offset, 15u);
  // A shown name: reasons 0.
  ASSERT_EQ(puny_display("xn--bcher-kva.de", 16, nullptr, out, sizeof out, nullptr, 0, &r), PUNY_OK);
  EXPECT_EQ(std::string_view(out, r.written), text(u8"bücher.de"));
  EXPECT_EQ(r.reasons, 0u);
  EXPECT_EQ(r.labels, 2u);
  // The look-alike of a protected domain names it.
  puny_lookalike_index* index = puny_lookalike_index_new();
  ASSERT_EQ(puny_lookalike_index_add(index, "paypal.com", 10, 0, nullptr), PUNY_OK);
  puny_display_options o{};
  o.protect = index;
  const std::string login = text(u8"login.раураl.com");
  ASSERT_EQ(puny_display(login.data(), login.size(), &o, out, sizeof out, nullptr, 0, &r), PUNY_OK);
  EXPECT_TRUE(r.reasons & PUNY_REASON_BIT(PUNY_REASON_LOOKALIKE_OF_PROTECTED));
  EXPECT_EQ(r.lookalike, 0u);
  puny_lookalike_index_free(index);
}

TEST(CApiDisplay, DisplayBuffersAndArguments) {
  const std::string name = text(u8"bücher.xn--80ak6aa92e.日本語.jp");
  puny_display_result r;
  ASSERT_EQ(puny_display(name.data(), name.size(), nullptr, nullptr, 0, nullptr, 0, &r), PUNY_OUTPUT_TOO_SMALL);
  const size_t needed = r.needed;
  ASSERT_GT(needed, 0u);
  std::vector<char> full(needed);
  ASSERT_EQ(puny_display(name.data(), name.size(), nullptr, full.data(), full.size(), nullptr, 0, &r), PUNY_OK);
  const size_t written = r.written;
  EXPECT_LE(written, needed);
  for (size_t cap = 0; cap < needed; ++cap) {
    std::vector<char> buffer(cap + 8, canary);
    EXPECT_EQ(puny_display(name.data(), name.size(), nullptr, buffer.data(), cap, nullptr, 0, &r),
              cap < written ? PUNY_OUTPUT_TOO_SMALL : PUNY_OK)
        << cap;
    for (size_t i = cap; i < buffer.size(); ++i) ASSERT_EQ(buffer[i], canary) << cap;
  }
  // Fewer label slots than labels: the first ones are written, all counted.
  puny_display_label one[1];
  ASSERT_EQ(puny_display(name.data(), name.size(), nullptr, full.data(), full.size(), one, 1, &r), PUNY_OK);
  EXPECT_EQ(r.labels, 4u);
  EXPECT_NE(one[0].shown_unicode, 0);

  char out[64];
  puny_display_options o{};
  EXPECT_EQ(puny_display(nullptr, 1, nullptr, out, sizeof out, nullptr, 0, &r), PUNY_INVALID_ARGUMENT);
  EXPECT_EQ(puny_display("a", 1, nullptr, nullptr, 5, nullptr, 0, &r), PUNY_INVALID_ARGUMENT);
  EXPECT_EQ(puny_display("a", 1, nullptr, out, sizeof out, nullptr, 3, &r), PUNY_INVALID_ARGUMENT);
  o.policy = 5;
  EXPECT_EQ(puny_display("a", 1, &o, out, sizeof out, nullptr, 0, &r), PUNY_INVALID_ARGUMENT);
  o.policy = -1;
  EXPECT_EQ(puny_display("a", 1, &o, out, sizeof out, nullptr, 0, &r), PUNY_INVALID_ARGUMENT);
  o = {};
  o.flags = 2;
  EXPECT_EQ(puny_display("a", 1, &o, out, sizeof out, nullptr, 0, &r), PUNY_INVALID_ARGUMENT);
  o = {};
  o.scripts = "Latn,Klingon";
  o.scripts_len = std::strlen(o.scripts);
  EXPECT_EQ(puny_display("a", 1, &o, out, sizeof out, nullptr, 0, &r), PUNY_INVALID_ARGUMENT);
  o = {};
  o.allowed_characters = "\xFF";
  o.allowed_characters_len = 1;
  EXPECT_EQ(puny_display("a", 1, &o, out, sizeof out, nullptr, 0, &r), PUNY_INVALID_ARGUMENT);
  EXPECT_EQ(r.status, PUNY_INVALID_ARGUMENT);
  // Ill-formed input: its offset.
  EXPECT_EQ(puny_display("ab\xC0.com", 7, nullptr, out, sizeof out, nullptr, 0, &r), PUNY_INVALID_UTF8);
  EXPECT_EQ(r.position, 2u);
  // NULL with length 0 is the empty name.
  EXPECT_EQ(puny_display(nullptr, 0, nullptr, out, sizeof out, nullptr, 0, nullptr), PUNY_OK);
}

}  // namespace
