// The notes' table "What users notice compared with UTS #46
// (non-transitional)": each row through puny::to_ascii (UTS #46) and
// puny::idna2008 (lookup and registration), side by side.
#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <string_view>

#include "puny/idna.hpp"
#include "puny/idna2008.hpp"
#include "unicode_text.hpp"

namespace {

using puny_test::cat;

namespace idna2008 = puny::idna2008;
using idna2008::error;
using idna2008::error_set;
using idna2008::profile;

std::string uts46(std::string_view name) {
  const auto r = puny::to_ascii(name);
  return r.ok() ? *r : cat({"error: ", puny::to_string(r.errors)});
}

TEST(Idna2008VersusUts46, SymbolsAndEmojiAreDisallowed) {
  struct row {
    std::string_view input;
    std::string_view uts46;
  };
  for (const row r : {row{"\u2615", "xn--53h"}, row{"\u00A1", "xn--7a"}, row{"\U0001F4A9", "xn--ls8h"},
                      row{"\u2260", "xn--1ch"}}) {
    EXPECT_EQ(uts46(r.input), r.uts46);
    EXPECT_EQ(idna2008::to_ascii(r.input).errors, (error_set{error::disallowed})) << r.input;
    EXPECT_EQ(idna2008::to_ascii(r.input, profile::registration).errors, (error_set{error::disallowed}));
  }
  // U+19DA NEW TAI LUE THAM DIGIT ONE (XV8): valid in UTS #46, DISALLOWED
  // since Unicode 6.3 in IDNA2008.
  EXPECT_TRUE(puny::to_ascii("\u19DA").ok());
  EXPECT_EQ(idna2008::to_ascii("\u19DA").errors, (error_set{error::disallowed}));
}

TEST(Idna2008VersusUts46, NothingIsMapped) {
  EXPECT_EQ(uts46("B\u00FCcher.de"), "xn--bcher-kva.de");
  EXPECT_EQ(idna2008::to_ascii("B\u00FCcher.de").errors, (error_set{error::disallowed}));
  EXPECT_EQ(uts46("\u00C4\u00D6"), "xn--4ca0b");
  EXPECT_EQ(idna2008::to_ascii("\u00C4\u00D6").errors, (error_set{error::disallowed}));
  // An all-ASCII name is fine, and keeps its case.
  EXPECT_EQ(uts46("Example.com"), "example.com");
  EXPECT_EQ(*idna2008::to_ascii("Example.com"), "Example.com");
  // Full width, soft hyphen (ignored by UTS #46), combining sequences.
  EXPECT_EQ(uts46("\uFF45\uFF58\uFF41\uFF4D\uFF50\uFF4C\uFF45"), "example");
  EXPECT_EQ(idna2008::to_ascii("\uFF45\uFF58\uFF41\uFF4D\uFF50\uFF4C\uFF45").errors, (error_set{error::disallowed}));
  EXPECT_EQ(uts46("a\u00ADb"), "ab");
  EXPECT_EQ(idna2008::to_ascii("a\u00ADb").errors, (error_set{error::disallowed}));
  EXPECT_EQ(uts46("e\u0301"), "xn--9ca");
  EXPECT_EQ(idna2008::to_ascii("e\u0301").errors, (error_set{error::not_nfc}));
}

TEST(Idna2008VersusUts46, DeviationsAreKept) {
  // PVALID (ß, ς) and CONTEXTJ after a virama; IDNA2003 mapped them.
  EXPECT_EQ(uts46("fa\u00DF"), "xn--fa-hia");
  EXPECT_EQ(*idna2008::to_ascii("fa\u00DF"), "xn--fa-hia");
  EXPECT_EQ(uts46("\u03C2"), "xn--3xa");
  EXPECT_EQ(*idna2008::to_ascii("\u03C2"), "xn--3xa");
  const std::string_view joiner = "\u0915\u094D\u200D\u0937";
  EXPECT_EQ(*idna2008::to_ascii(joiner), uts46(joiner));
  EXPECT_EQ(*idna2008::to_ascii(joiner, profile::registration), uts46(joiner));
}

TEST(Idna2008VersusUts46, OtherDotsAreNoSeparators) {
  for (const std::string_view name : {"a\u3002b", "a\uFF0Eb", "a\uFF61b"}) {
    EXPECT_EQ(uts46(name), "a.b");
    EXPECT_EQ(idna2008::to_ascii(name).errors, (error_set{error::disallowed})) << name;
  }
}

TEST(Idna2008VersusUts46, ContextoRules) {
  EXPECT_EQ(uts46("a\u00B7b"), "xn--ab-0ea");
  EXPECT_EQ(idna2008::to_ascii("a\u00B7b", profile::registration).errors, (error_set{error::contexto}));
  // Lookup evaluates CONTEXTO by default; RFC 5891 §5.4's minimum does not.
  EXPECT_EQ(idna2008::to_ascii("a\u00B7b").errors, (error_set{error::contexto}));
  idna2008::options minimum;
  minimum.check_contexto = false;
  EXPECT_EQ(*idna2008::to_ascii("a\u00B7b", minimum), "xn--ab-0ea");
}

TEST(Idna2008VersusUts46, HyphensAtTheEnds) {
  // UTS #46 with CheckHyphens (puny's default profile) rejects them; the
  // WHATWG profile does not.
  EXPECT_EQ(uts46("-ab"), "error: V3");
  EXPECT_TRUE(puny::to_ascii("-ab", puny::idna_profile::whatwg).ok());
  for (const std::string_view name : {"-ab", "ab-"}) {
    EXPECT_EQ(*idna2008::to_ascii(name), name);
    EXPECT_EQ(idna2008::to_ascii(name, profile::registration).errors, (error_set{error::hyphen_start_end}));
  }
}

TEST(Idna2008VersusUts46, UpperCaseALabel) {
  EXPECT_EQ(*puny::to_unicode("XN--BCHER-KVA"), "bücher");
  EXPECT_EQ(*idna2008::to_unicode("XN--BCHER-KVA"), "bücher");
  EXPECT_EQ(*idna2008::to_ascii("XN--BCHER-KVA"), "xn--bcher-kva");
  EXPECT_EQ(idna2008::to_ascii("XN--BCHER-KVA", profile::registration).errors, (error_set{error::alabel_uppercase}));
}

}  // namespace
