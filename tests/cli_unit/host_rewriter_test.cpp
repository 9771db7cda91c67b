// Converting the hosts of URLs and e-mail addresses inside a record
// (cli/host_rewriter.hpp).
#include "host_rewriter.hpp"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "idna_outcome.hpp"
#include "options.hpp"
#include "puny/idna.hpp"

namespace {

using puny::idna_code;
using puny::idna_errors;
using puny::idna_options;
using puny::idna_profile;
using puny::cli::command;
using puny::cli::host_rewriter;
using puny::cli::idna_outcome;

struct flags {
  bool urls = true;
  bool emails = true;
};

idna_outcome convert(command cmd, std::string_view record, flags f = {},
                     const idna_options& options = idna_options::for_profile(idna_profile::uts46)) {
  const host_rewriter rewriter(cmd, options, f.urls, f.emails);
  idna_outcome outcome;
  rewriter.convert(record, outcome);
  EXPECT_TRUE(outcome.has_output);
  return outcome;
}

idna_outcome rewrite_to_ascii(std::string_view record, flags f = {},
                      const idna_options& options = idna_options::for_profile(idna_profile::uts46)) {
  return convert(command::to_ascii, record, f, options);
}

idna_outcome rewrite_to_unicode(std::string_view record, flags f = {},
                        const idna_options& options = idna_options::for_profile(idna_profile::uts46)) {
  return convert(command::to_unicode, record, f, options);
}

constexpr flags urls_only{true, false};
constexpr flags emails_only{false, true};

TEST(HostRewriter, IssueExample) {
  const idna_outcome o = rewrite_to_ascii("see https://Bücher.de/straße?x=ü#f", urls_only);
  EXPECT_EQ(o.output, "see https://xn--bcher-kva.de/straße?x=ü#f");
  EXPECT_TRUE(o.ok());
  EXPECT_EQ(o.host, 0u);
  EXPECT_EQ(o.label, puny::idna_result::no_label);
}

TEST(HostRewriter, ToUnicodeOfAceHosts) {
  const idna_outcome o = rewrite_to_unicode("https://xn--bcher-kva.de/xn--x and ann@XN--MNCHEN-3YA.de");
  EXPECT_EQ(o.output, "https://bücher.de/xn--x and ann@münchen.de");
  EXPECT_TRUE(o.ok());
}

TEST(HostRewriter, UserinfoAndPortAreKept) {
  const idna_outcome o = rewrite_to_ascii("ftp://Jürgen:pä@ss@Bücher.DE:21/ü", urls_only);
  EXPECT_EQ(o.output, "ftp://Jürgen:pä@ss@xn--bcher-kva.de:21/ü");
  EXPECT_TRUE(o.ok());
}

TEST(HostRewriter, IpAddresses) {
  const std::string_view record = "http://[2001:DB8::1]:8080/ http://192.0.2.1/x";
  const idna_outcome o = rewrite_to_ascii(record);
  EXPECT_EQ(o.output, record);
  EXPECT_TRUE(o.ok());
}

TEST(HostRewriter, SentenceDotAndRootDot) {
  EXPECT_EQ(rewrite_to_ascii("Go to https://Bücher.de.").output, "Go to https://xn--bcher-kva.de.");
  // The root dot belongs to the host.  VerifyDnsLength counts the empty
  // root label as an error (A4_2, as IdnaTestV2 does, and as the plain
  // `puny to-ascii bücher.de.` does); without it the dot is kept.
  const idna_outcome strict = rewrite_to_ascii("https://Bücher.de./x");
  EXPECT_EQ(strict.output, "https://Bücher.de./x");
  EXPECT_EQ(strict.errors, idna_errors{idna_code::A4_2});
  EXPECT_EQ(strict.host_text, "Bücher.de.");
  idna_options lenient = idna_options::for_profile(idna_profile::uts46);
  lenient.verify_dns_length = false;
  EXPECT_EQ(rewrite_to_ascii("https://Bücher.de./x", {}, lenient).output, "https://xn--bcher-kva.de./x");
  EXPECT_EQ(rewrite_to_ascii("https://Bücher.de./x", {}, idna_options::for_profile(idna_profile::whatwg)).output,
            "https://xn--bcher-kva.de./x");
}

TEST(HostRewriter, SeveralUrlsAndAddresses) {
  const idna_outcome o =
      rewrite_to_ascii("a https://Bücher.de b joe@MÜNCHEN.de, c http://日本語.jp/x; mailto:ann@bücher.de?subject=ü");
  EXPECT_EQ(o.output,
            "a https://xn--bcher-kva.de b joe@xn--mnchen-3ya.de, c http://xn--wgv71a119e.jp/x; "
            "mailto:ann@xn--bcher-kva.de?subject=ü");
  EXPECT_TRUE(o.ok());
  EXPECT_EQ(rewrite_to_ascii("https://bücher.de joe@bücher.de", urls_only).output, "https://xn--bcher-kva.de joe@bücher.de");
  EXPECT_EQ(rewrite_to_ascii("https://bücher.de joe@bücher.de", emails_only).output, "https://bücher.de joe@xn--bcher-kva.de");
}

TEST(HostRewriter, QuotesAndBrackets) {
  EXPECT_EQ(rewrite_to_ascii("«https://bücher.de» “https://bücher.de” (https://bücher.de) <joe@bücher.de>").output,
            "«https://xn--bcher-kva.de» “https://xn--bcher-kva.de” (https://xn--bcher-kva.de) "
            "<joe@xn--bcher-kva.de>");
  EXPECT_EQ(rewrite_to_ascii("「https://日本語.jp」、「joe@日本語.jp」。").output,
            "「https://xn--wgv71a119e.jp」、「joe@xn--wgv71a119e.jp」。");
}

TEST(HostRewriter, FailingHostsAreLeftAsFound) {
  const std::string_view record = "ok https://Bücher.de bad https://a\u200Db.com/ and joe@-x.de end";
  const idna_outcome o = rewrite_to_ascii(record);
  EXPECT_EQ(o.output, "ok https://xn--bcher-kva.de bad https://a\u200Db.com/ and joe@-x.de end");
  EXPECT_EQ(o.errors, (idna_errors{idna_code::C2, idna_code::V3}));
  EXPECT_FALSE(o.ok());
  EXPECT_EQ(o.host, 2u);
  EXPECT_EQ(o.host_text, "a\u200Db.com");
  EXPECT_EQ(o.label, 0u);
  EXPECT_FALSE(o.failure);
}

TEST(HostRewriter, FailingLabelIndexIsWithinTheHost) {
  const idna_outcome o = rewrite_to_unicode("https://bücher.de https://ok.xn--0.com/");
  EXPECT_EQ(o.output, "https://bücher.de https://ok.xn--0.com/");
  EXPECT_EQ(o.errors, idna_errors{idna_code::P4});
  EXPECT_EQ(o.host, 2u);
  EXPECT_EQ(o.host_text, "ok.xn--0.com");
  EXPECT_EQ(o.label, 1u);
}

TEST(HostRewriter, PathHoldsNoUrlHostButAddresses) {
  const std::string_view record = "https://Bücher.de/a@Bücher.de/b://Bücher.de?u=http://Bücher.de#x@Bücher.de";
  EXPECT_EQ(rewrite_to_ascii(record, urls_only).output,
            "https://xn--bcher-kva.de/a@Bücher.de/b://Bücher.de?u=http://Bücher.de#x@Bücher.de");
  EXPECT_EQ(rewrite_to_ascii(record).output,
            "https://xn--bcher-kva.de/a@xn--bcher-kva.de/b://Bücher.de?u=http://Bücher.de#x@xn--bcher-kva.de");
  EXPECT_EQ(rewrite_to_ascii(record, emails_only).output,
            "https://Bücher.de/a@xn--bcher-kva.de/b://Bücher.de?u=http://Bücher.de#x@xn--bcher-kva.de");
}

TEST(HostRewriter, SchemesAndEmptyAuthority) {
  EXPECT_EQ(rewrite_to_ascii("git+ssh://git@Bücher.de/r.git svn+ssh://Bücher.de").output,
            "git+ssh://git@xn--bcher-kva.de/r.git svn+ssh://xn--bcher-kva.de");
  const idna_outcome file = rewrite_to_ascii("file:///etc/hosts");
  EXPECT_EQ(file.output, "file:///etc/hosts");
  EXPECT_TRUE(file.ok());
}

TEST(HostRewriter, PercentEncodedUrlHostsAreDecoded) {
  EXPECT_EQ(rewrite_to_ascii("https://%E4%BE%8B.jp/%E4%BE%8B").output, "https://xn--fsq.jp/%E4%BE%8B");
  EXPECT_EQ(rewrite_to_unicode("https://%E4%BE%8B.jp/").output, "https://例.jp/");
  EXPECT_EQ(rewrite_to_ascii("https://%62%C3%BCcher.DE").output, "https://xn--bcher-kva.de");
  // Not in e-mail domains: "%" ends the domain there.
  EXPECT_EQ(rewrite_to_ascii("joe@%62.de").output, "joe@%62.de");
}

TEST(HostRewriter, PercentDecodingToIllFormedUtf8) {
  const idna_outcome o = rewrite_to_ascii("x https://Bücher.de https://ok.%E4%BE.jp/ https://%FF.de");
  EXPECT_EQ(o.output, "x https://xn--bcher-kva.de https://ok.%E4%BE.jp/ https://%FF.de");
  ASSERT_TRUE(o.failure);
  EXPECT_EQ(o.failure->name, "UTF8");
  // The escape where the ill-formed sequence starts.
  EXPECT_EQ(o.failure->offset, 32u);
  EXPECT_TRUE(o.errors.empty());
  EXPECT_EQ(o.host, 0u);
  EXPECT_FALSE(o.ok());
}

TEST(HostRewriter, PercentDecodedForbiddenCodePoints) {
  // Whatever the profile, a decoded host may not hold a forbidden domain
  // code point: no line feed or "/" gets into the output this way.
  idna_options no_std3 = idna_options::for_profile(idna_profile::uts46);
  no_std3.use_std3_ascii_rules = false;
  for (const command cmd : {command::to_ascii, command::to_unicode}) {
    const idna_outcome o = convert(cmd, "https://a%0Ab.de/ https://a%2Fb.de https://a%00b.de", {}, no_std3);
    EXPECT_EQ(o.output, "https://a%0Ab.de/ https://a%2Fb.de https://a%00b.de");
    EXPECT_EQ(o.errors, idna_errors{idna_code::W1});
    EXPECT_EQ(o.host, 1u);
  }
  // A "%" without two hex digits stays, and UTS #46 rejects it.
  const idna_outcome lone = rewrite_to_ascii("https://a%ZZ.de https://b%4.de");
  EXPECT_EQ(lone.output, "https://a%ZZ.de https://b%4.de");
  EXPECT_TRUE(lone.errors.contains(idna_code::U1));
}

TEST(HostRewriter, IllFormedUtf8RecordIsReturnedUnchanged) {
  const std::string record = "joe@bücher.de \xC3( https://bücher.de";
  const idna_outcome o = rewrite_to_ascii(record);
  EXPECT_EQ(o.output, record);
  ASSERT_TRUE(o.failure);
  EXPECT_EQ(o.failure->name, "UTF8");
  EXPECT_EQ(o.failure->offset, 15u);
  EXPECT_TRUE(o.errors.empty());
  EXPECT_FALSE(o.ok());
}

TEST(HostRewriter, OutcomeIsReplacedOnEachRecord) {
  const host_rewriter rewriter(command::to_ascii, idna_options::for_profile(idna_profile::uts46), true, true);
  idna_outcome o;
  rewriter.convert("https://-x.de https://%FF.de", o);
  ASSERT_FALSE(o.ok());
  rewriter.convert("https://Bücher.de", o);
  EXPECT_EQ(o.output, "https://xn--bcher-kva.de");
  EXPECT_TRUE(o.ok());
  EXPECT_EQ(o.host, 0u);
  EXPECT_TRUE(o.host_text.empty());
  EXPECT_EQ(o.label, puny::idna_result::no_label);
  rewriter.convert("\xFF", o);
  EXPECT_EQ(o.output, "\xFF");
  EXPECT_TRUE(o.has_output);
}

TEST(HostRewriter, WhatwgProfileLowercasesAsciiHosts) {
  EXPECT_EQ(rewrite_to_ascii("GET https://EXAMPLE.com:443/A", urls_only, idna_options::for_profile(idna_profile::whatwg))
                .output,
            "GET https://example.com:443/A");
}

TEST(HostRewriter, LongHostsAreConvertedWhole) {
  // Longer than any stack buffer: the library asks for more room.
  std::string host;
  for (int i = 0; i < 200; ++i) host += "ü.";
  host += "de";
  std::string expected;
  for (int i = 0; i < 200; ++i) expected += "xn--tda.";
  expected += "de";
  idna_options lenient = idna_options::for_profile(idna_profile::uts46);
  lenient.verify_dns_length = false;
  EXPECT_EQ(rewrite_to_ascii("https://" + host + "/", {}, lenient).output, "https://" + expected + "/");
  EXPECT_EQ(rewrite_to_unicode("joe@" + expected, {}, lenient).output, "joe@" + host);
  std::string encoded;
  for (int i = 0; i < 200; ++i) encoded += "%C3%BC.";
  encoded += "de";
  EXPECT_EQ(rewrite_to_ascii("https://" + encoded, {}, lenient).output, "https://" + expected);
}

TEST(HostRewriter, AdversarialLinesFinish) {
  std::string colons;
  for (int i = 0; i < 100000; ++i) colons += "://";
  EXPECT_EQ(rewrite_to_ascii(colons).output, colons);

  std::string ats(100000, '@');
  EXPECT_EQ(rewrite_to_ascii(ats).output, ats);

  std::string addresses;
  std::string expected;
  for (int i = 0; i < 50000; ++i) {
    addresses += "a@Ü@";
    expected += "a@xn--tda@";
  }
  const idna_outcome o = rewrite_to_ascii(addresses);
  EXPECT_EQ(o.output, expected);
  EXPECT_TRUE(o.ok());

  std::string urls;
  for (int i = 0; i < 100000; ++i) urls += "h://Ü ";
  std::string converted;
  for (int i = 0; i < 100000; ++i) converted += "h://xn--tda ";
  EXPECT_EQ(rewrite_to_ascii(urls).output, converted);

  // One host of 100,000 characters: converted as one (too long, so left).
  const std::string huge = "https://" + std::string(100000, 'a');
  const idna_outcome long_host = rewrite_to_ascii(huge);
  EXPECT_EQ(long_host.output, huge);
  EXPECT_TRUE(long_host.errors.contains(idna_code::A4_2));
}

}  // namespace
