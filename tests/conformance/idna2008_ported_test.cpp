// IDNA2008 test tables ported from other projects (tests/data/idna2008/,
// each file names its source and licence), run through the public
// puny::idna2008 functions:
//  - the JSON-Schema-Test-Suite's "idn-hostname" strings, with the setting
//    each row needs (the file says why) and the four rows where puny's
//    verdict is not the suite's;
//  - libidn2's tests/test-register.c cases, and libidn2's leniencies seen
//    on this machine, with whether puny agrees;
//  - the RFC 5892 Appendix A rules, both outcomes, through registration,
//    lookup, and lookup without the CONTEXTO rules.
// Each test prints its counts ("[ported] ...").
#include <gtest/gtest.h>

#include <cstddef>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "puny/idna2008.hpp"
#include "tsv_file.hpp"

namespace {

namespace idna2008 = puny::idna2008;
using row = puny_test::tsv_row;

std::vector<row> read_table(std::string_view name) { return puny_test::read_tsv("idna2008", name); }

void append_utf8(std::string& s, char32_t cp) {
  if (cp < 0x80) {
    s += static_cast<char>(cp);
  } else if (cp < 0x800) {
    s += static_cast<char>(0xC0 | (cp >> 6));
    s += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    s += static_cast<char>(0xE0 | (cp >> 12));
    s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    s += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    s += static_cast<char>(0xF0 | (cp >> 18));
    s += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    s += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

/// The tables' escapes: \uXXXX is a code point (UTF-8), \xHH a raw byte.
std::string unescape(std::string_view field) {
  std::string s;
  for (std::size_t i = 0; i < field.size(); ++i) {
    if (field[i] == '\\' && i + 1 < field.size() && (field[i + 1] == 'u' || field[i + 1] == 'x')) {
      const std::size_t digits = field[i + 1] == 'u' ? 4 : 2;
      const unsigned long v = std::stoul(std::string(field.substr(i + 2, digits)), nullptr, 16);
      if (field[i + 1] == 'u') {
        append_utf8(s, static_cast<char32_t>(v));
      } else {
        s += static_cast<char>(v);
      }
      i += 1 + digits;
    } else {
      s += field[i];
    }
  }
  return s;
}

/// "-" stands for no string (NULL in the source).
std::string optional_field(const std::string& field) { return field == "-" ? std::string() : unescape(field); }

std::string verdict(const idna2008::error_set& errors) { return errors.empty() ? "ok" : idna2008::to_string(errors); }

bool has(const std::string& settings, std::string_view token) {
  return settings.find(token) != std::string::npos;
}

// RFC 5891 §5.2 leaves mapping to the application; the suite's separators
// are IDNA2003's (RFC 3490 §3.1), which RFC 5895 §2 step 4 maps too.
std::string premap_dots(std::string_view s) {
  std::string mapped;
  while (!s.empty()) {
    std::size_t skip = 1;
    for (const std::string_view dot : {"\u3002", "\uFF0E", "\uFF61"}) {
      if (s.substr(0, dot.size()) == dot) skip = dot.size();
    }
    if (skip > 1) {
      mapped += '.';
    } else {
      mapped += s.front();
    }
    s.remove_prefix(skip);
  }
  return mapped;
}

TEST(Idna2008Ported, JsonSchemaIdnHostname) {
  PUNY_REQUIRE_TEST_DATA("idna2008", "json_schema_idn_hostname.tsv");
  const std::vector<row> rows = read_table("json_schema_idn_hostname.tsv");
  ASSERT_EQ(rows.size(), 75u);
  std::size_t valid = 0, agree = 0, with_setting = 0, differ = 0;
  for (const row& r : rows) {
    ASSERT_EQ(r.size(), 5u) << "line " << r.line;
    const std::string input = unescape(r[0]);
    const bool suite_valid = r[1] == "valid";
    const std::string& setting = r[2];
    idna2008::options o;  // the lookup profile
    o.check_hyphens = has(setting, "check_hyphens");
    o.allow_trailing_dot = !has(setting, "no_trailing_dot");
    const std::string name = has(setting, "premap_dots") ? premap_dots(input) : input;
    const auto a = idna2008::to_ascii(name, o);
    ASSERT_EQ(a.code, puny::status::success) << r.line;
    EXPECT_EQ(verdict(a.errors), r[3]) << "line " << r.line << ": " << r[4];
    // ToUnicode reaches the same verdict.
    EXPECT_EQ(idna2008::to_unicode(name, o).errors, a.errors) << "line " << r.line;
    valid += suite_valid ? 1 : 0;
    if (has(setting, "differs")) {
      EXPECT_NE(a.ok(), suite_valid) << "line " << r.line << " is marked differs but agrees";
      ++differ;
    } else {
      EXPECT_EQ(a.ok(), suite_valid) << "line " << r.line << ": " << r[4];
      ++agree;
      if (setting != "-") ++with_setting;
    }
  }
  std::cout << "[ported] JSON-Schema idn-hostname: " << rows.size() << " strings (" << valid << " valid), " << agree
            << " agree (" << with_setting << " of them with a setting), " << differ
            << " differ (A-label over 63 octets)\n";
  EXPECT_EQ(differ, 4u);
}

// libidn2's return code names a rule; puny's errors must include it when
// both reject.
bool names_rule(std::string_view rc, const idna2008::error_set& e) {
  using idna2008::error;
  if (rc == "IDN2_CONTEXTO") return e.contains(error::contexto);
  if (rc == "IDN2_TOO_BIG_LABEL") return e.contains(error::label_too_long);
  if (rc == "IDN2_BIDI") {
    for (const error b : {error::bidi_1, error::bidi_2, error::bidi_3, error::bidi_4, error::bidi_5, error::bidi_6}) {
      if (e.contains(b)) return true;
    }
    return false;
  }
  if (rc == "IDN2_INVALID_ALABEL") {
    for (const error b : {error::punycode_invalid, error::non_ldh_ascii, error::alabel_ascii_only,
                          error::alabel_not_canonical, error::alabel_uppercase, error::ualabel_mismatch}) {
      if (e.contains(b)) return true;
    }
    return false;
  }
  return false;
}

TEST(Idna2008Ported, Libidn2Register) {
  PUNY_REQUIRE_TEST_DATA("idna2008", "libidn2_register.tsv");
  const std::vector<row> rows = read_table("libidn2_register.tsv");
  ASSERT_EQ(rows.size(), 67u);
  std::size_t from_test_register = 0, agree = 0, differ = 0, leniencies = 0;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const row& r = rows[i];
    ASSERT_EQ(r.size(), 8u) << "line " << r.line;
    const bool in_test_register = i < 51;
    from_test_register += in_test_register ? 1 : 0;
    const std::string a_label = optional_field(r[1]);
    const std::string u_label = optional_field(r[2]);
    const bool libidn2_ok = r[3] == "IDN2_OK";
    idna2008::error_set errors;
    std::string out;
    bool ok = false;
    if (r[0] == "register") {
      const idna2008::registered reg = idna2008::register_label(u_label, a_label);
      ASSERT_EQ(reg.code, puny::status::success) << r.line;
      errors = reg.errors;
      ok = reg.ok();
      out = reg.a_label;
      if (ok) {
        // The U-label comes back too, and lookup of it agrees (what
        // test-register.c checks of libidn2).
        EXPECT_FALSE(reg.u_label.empty());
        EXPECT_EQ(idna2008::to_unicode(reg.a_label).value, reg.u_label) << r.line;
        if (!u_label.empty()) {
          EXPECT_EQ(*idna2008::to_ascii(u_label), reg.a_label) << r.line;
        }
      } else {
        EXPECT_TRUE(reg.a_label.empty() && reg.u_label.empty()) << r.line;
      }
    } else {
      const auto l = idna2008::to_ascii(u_label);
      ASSERT_EQ(l.code, puny::status::success) << r.line;
      errors = l.errors;
      ok = l.ok();
      out = l.value;
    }
    EXPECT_EQ(verdict(errors), r[5]) << "line " << r.line;
    EXPECT_EQ(ok ? out : "-", r[6]) << "line " << r.line;
    bool agrees = false;
    if (ok && libidn2_ok) {
      agrees = out == r[4] || (r[4] == "-" && out.empty());
    } else if (!ok && !libidn2_ok) {
      agrees = names_rule(r[3], errors);
    }
    EXPECT_EQ(agrees ? "yes" : "no", r[7]) << "line " << r.line;
    if (agrees) {
      ++agree;
    } else if (in_test_register) {
      ++differ;
    } else {
      ++leniencies;
    }
  }
  std::cout << "[ported] libidn2 test-register.c: " << from_test_register << " cases, " << agree
            << " agree, " << differ << " differ (documented); " << leniencies
            << " libidn2 2.3.3 leniencies puny rejects or maps\n";
  EXPECT_EQ(differ, 2u);
  EXPECT_EQ(leniencies, 16u);
}

TEST(Idna2008Ported, Rfc5892AppendixA) {
  PUNY_REQUIRE_TEST_DATA("idna2008", "rfc5892_appendix_a.tsv");
  const std::vector<row> rows = read_table("rfc5892_appendix_a.tsv");
  ASSERT_EQ(rows.size(), 56u);
  std::size_t pass = 0, fail = 0;
  idna2008::options minimum;
  minimum.check_contexto = false;
  for (const row& r : rows) {
    ASSERT_EQ(r.size(), 8u) << "line " << r.line;
    const std::string label = unescape(r[1]);
    const idna2008::registered reg = idna2008::register_label(label, "");
    ASSERT_EQ(reg.code, puny::status::success) << r.line;
    EXPECT_EQ(verdict(reg.errors), r[2]) << "line " << r.line << ": " << r[7];
    EXPECT_EQ(reg.offset, std::stoul(r[3])) << "line " << r.line;
    EXPECT_EQ(static_cast<unsigned long>(reg.code_point), std::stoul(r[4], nullptr, 16)) << "line " << r.line;
    // Lookup evaluates every rule by default, as registration does ...
    const auto lookup = idna2008::to_ascii(label);
    EXPECT_EQ(verdict(lookup.errors), r[2]) << "line " << r.line;
    if (lookup.ok()) {
      EXPECT_EQ(*lookup, reg.a_label);
    }
    // ... and RFC 5891 §5.4's minimum leaves the CONTEXTO rules out.
    EXPECT_EQ(verdict(idna2008::to_ascii(label, minimum).errors), r[5]) << "line " << r.line;
    (reg.ok() ? pass : fail) += 1;
  }
  std::cout << "[ported] RFC 5892 Appendix A: " << rows.size() << " labels, " << pass << " valid, " << fail
            << " invalid, all as the rules say\n";
}

}  // namespace
