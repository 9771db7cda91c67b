// Finding URL hosts and e-mail domains in running text (cli/host_spans.hpp).
#include "host_spans.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "test_encoding.hpp"

namespace {

using puny::cli::find_hosts;
using puny::cli::host_kind;
using puny::cli::host_span;

struct flags {
  bool urls = true;
  bool emails = true;
};

// The hosts of `text` as the substrings they cover.
std::vector<std::string> hosts(std::string_view text, flags f = {}) {
  std::vector<std::string> found;
  for (const host_span& h : find_hosts(text, f.urls, f.emails)) {
    EXPECT_LT(h.begin, h.end);
    EXPECT_LE(h.end, text.size());
    found.emplace_back(text.substr(h.begin, h.end - h.begin));
  }
  return found;
}

using strings = std::vector<std::string>;
constexpr flags urls_only{true, false};
constexpr flags emails_only{false, true};

TEST(HostSpans, IssueExample) {
  const std::string_view text = "see https://Bücher.de/straße?x=ü#f";
  const std::vector<host_span> found = find_hosts(text, true, false);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0], (host_span{12, 22, host_kind::url}));
}

TEST(HostSpans, SchemeIsTheRunOfSchemeCharactersFromItsFirstLetter) {
  EXPECT_EQ(hosts("git+ssh://git@bücher.de/repo.git"), strings{"bücher.de"});
  EXPECT_EQ(hosts("foo-xhttps://bücher.de"), strings{"bücher.de"});
  EXPECT_EQ(hosts("1+a.b-c://bücher.de"), strings{"bücher.de"});
  EXPECT_EQ(hosts("(http://bücher.de)"), strings{"bücher.de"});
  // No letter, or nothing at all, before "://": not a URL.
  EXPECT_EQ(hosts("9://bücher.de"), strings{});
  EXPECT_EQ(hosts("+.-://bücher.de"), strings{});
  EXPECT_EQ(hosts("://bücher.de"), strings{});
  EXPECT_EQ(hosts("http:/bücher.de http:bücher.de"), strings{});
}

TEST(HostSpans, UserinfoEndsAtTheLastAtSign) {
  EXPECT_EQ(hosts("ftp://Jürgen:pä@ss@Bücher.de:21/x"), strings{"Bücher.de"});
  EXPECT_EQ(hosts("https://@bücher.de"), strings{"bücher.de"});
  EXPECT_EQ(hosts("https://user@"), strings{});
}

TEST(HostSpans, PortIsNotPartOfTheHost) {
  EXPECT_EQ(hosts("http://bücher.de:8080/x"), strings{"bücher.de"});
  EXPECT_EQ(hosts("http://bücher.de:"), strings{"bücher.de"});
}

TEST(HostSpans, IpLiteralsAreLeftAloneAndIpv4IsAHost) {
  EXPECT_EQ(hosts("http://[2001:db8::1]:80/ http://u@[v1.x]/"), strings{});
  EXPECT_EQ(hosts("http://192.0.2.1:80/"), strings{"192.0.2.1"});
}

TEST(HostSpans, TrailingDotsAreSentencePunctuationUnlessTheUrlGoesOn) {
  EXPECT_EQ(hosts("see https://bücher.de."), strings{"bücher.de"});
  EXPECT_EQ(hosts("see https://bücher.de... or"), strings{"bücher.de"});
  EXPECT_EQ(hosts("見て https://例え.jp。"), strings{"例え.jp"});
  EXPECT_EQ(hosts("https://例え．jp．｡。 x"), strings{"例え．jp"});
  // Before ":", "/", "?" and "#" a trailing dot is the root.
  EXPECT_EQ(hosts("https://bücher.de./x"), strings{"bücher.de."});
  EXPECT_EQ(hosts("https://bücher.de.:443"), strings{"bücher.de."});
  EXPECT_EQ(hosts("https://bücher.de.?q https://bücher.de.#f"), (strings{"bücher.de.", "bücher.de."}));
  EXPECT_EQ(hosts("https://例え.jp。/"), strings{"例え.jp。"});
  // Only dots: nothing left.
  EXPECT_EQ(hosts("https://... mail@."), strings{});
  // The same rule for e-mail domains.
  EXPECT_EQ(hosts("write to joe@bücher.de."), strings{"bücher.de"});
}

TEST(HostSpans, PathQueryAndFragmentHoldNoUrlHostButAddresses) {
  const std::string_view text = "https://bücher.de/a@münchen.de/b://c.de?u=http://d.de&m=x@e.de#f@g.de next";
  EXPECT_EQ(hosts(text), (strings{"bücher.de", "münchen.de", "e.de", "g.de"}));
  EXPECT_EQ(hosts(text, urls_only), strings{"bücher.de"});
  EXPECT_EQ(hosts(text, emails_only), (strings{"münchen.de", "e.de", "g.de"}));
  const std::vector<host_span> found = find_hosts(text, true, true);
  ASSERT_EQ(found.size(), 4u);
  EXPECT_EQ(found[1].kind, host_kind::email);
  // The URL ends at a text delimiter; a URL may start after it.
  EXPECT_EQ(hosts("https://a.de/x@b.de\tjoe@c.de <https://d.de/>"), (strings{"a.de", "b.de", "c.de", "d.de"}));
  EXPECT_EQ(hosts("https://a.de/?u=https://b.de https://c.de"), (strings{"a.de", "c.de"}));
}

TEST(HostSpans, EmptyAuthority) {
  EXPECT_EQ(hosts("file:///etc/hosts"), strings{});
  EXPECT_EQ(hosts("file:///etc/x@y.de and https://bücher.de", urls_only), strings{"bücher.de"});
  EXPECT_EQ(hosts("file:///etc/x@y.de and https://bücher.de"), (strings{"y.de", "bücher.de"}));
}

TEST(HostSpans, SeveralUrlsAndAddressesInOrder) {
  const std::string_view text = "a https://bücher.de b joe@münchen.de, c http://例え.jp/x; d ann@xn--bcher-kva.de";
  const std::vector<host_span> found = find_hosts(text, true, true);
  ASSERT_EQ(found.size(), 4u);
  EXPECT_EQ(found[0].kind, host_kind::url);
  EXPECT_EQ(found[1].kind, host_kind::email);
  EXPECT_EQ(found[2].kind, host_kind::url);
  EXPECT_EQ(found[3].kind, host_kind::email);
  EXPECT_EQ(hosts(text), (strings{"bücher.de", "münchen.de", "例え.jp", "xn--bcher-kva.de"}));
  EXPECT_EQ(hosts(text, urls_only), (strings{"bücher.de", "例え.jp"}));
  EXPECT_EQ(hosts(text, emails_only), (strings{"münchen.de", "xn--bcher-kva.de"}));
}

TEST(HostSpans, QuotesAndBracketsAroundUrls) {
  for (const std::string_view text : {
           "«https://bücher.de»", "“https://bücher.de”", "‘https://bücher.de’", "<https://bücher.de>",
           "\"https://bücher.de\"", "'https://bücher.de'", "(https://bücher.de)", "[https://bücher.de]",
           "「https://bücher.de」", "『https://bücher.de』", "（https://bücher.de）", "【https://bücher.de】",
           "《https://bücher.de》", "〈https://bücher.de〉", "‹https://bücher.de›", "https://bücher.de、",
           "https://bücher.de，", "https://bücher.de…", "https://bücher.de—", "https://bücher.de\u00A0",
           "https://bücher.de\u3000", "https://bücher.de\u2028", "https://bücher.de！", "https://bücher.de？",
       }) {
    EXPECT_EQ(hosts(text), strings{"bücher.de"}) << text;
  }
  // The closing quote ends the authority, so the address after it is not
  // taken for userinfo.
  EXPECT_EQ(hosts("「https://例え.jp」と「joe@münchen.de」"), (strings{"例え.jp", "münchen.de"}));
  EXPECT_EQ(hosts("“https://bücher.de”/“joe@münchen.de”", urls_only), strings{"bücher.de"});
}

TEST(HostSpans, EmailLocalPart) {
  EXPECT_EQ(hosts("mailto:joe@bücher.de?subject=hi"), strings{"bücher.de"});
  EXPECT_EQ(hosts("<José.Müller+tag@bücher.de>"), strings{"bücher.de"});
  EXPECT_EQ(hosts("a!#$%&'*+-/=?^_`{|}~.b@bücher.de"), strings{"bücher.de"});
  // No local part: nothing.
  EXPECT_EQ(hosts("@bücher.de (@bücher.de) «@bücher.de"), strings{});
  // A quoted local part is not recognized.
  EXPECT_EQ(hosts("\"joe smith\"@bücher.de"), strings{});
  // A domain-literal is left alone.
  EXPECT_EQ(hosts("joe@[192.0.2.1]"), strings{});
  // "%" is not a host character in an address.
  EXPECT_EQ(hosts("joe@bü%cher.de"), strings{"bü"});
  // An "@" right after a domain starts no new address.
  EXPECT_EQ(hosts("a@b.de@c.de"), strings{"b.de"});
}

TEST(HostSpans, EmailInsideAnAuthorityIsTheUrlHostOnly) {
  const std::string_view text = "https://joe@bücher.de/";
  const std::vector<host_span> found = find_hosts(text, true, true);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].kind, host_kind::url);
  EXPECT_EQ(hosts(text, emails_only), strings{});
}

TEST(HostSpans, UrlsOnlyIgnoresAddresses) {
  EXPECT_EQ(hosts("joe@bücher.de", urls_only), strings{});
  EXPECT_EQ(hosts("https://bücher.de", emails_only), strings{});
}

TEST(HostSpans, PercentIsAHostCharacterOfUrls) {
  EXPECT_EQ(hosts("https://%E4%BE%8B.jp/"), strings{"%E4%BE%8B.jp"});
  EXPECT_EQ(hosts("https://a_b.example.com"), strings{"a_b.example.com"});
}

TEST(HostSpans, IllFormedUtf8EndsHostsAndStartsNothing) {
  EXPECT_EQ(hosts("https://bü\xFF.de"), strings{"bü"});
  EXPECT_EQ(hosts("https://\xE4\xBE"), strings{});
  EXPECT_EQ(hosts("\xC3@bücher.de x\xC3://bücher.de"), strings{});
  EXPECT_EQ(hosts("https://a.de/\xFF joe@b.de"), (strings{"a.de", "b.de"}));
  // A lead byte at the very end.
  EXPECT_EQ(hosts("https://a.de joe@b\xF0"), (strings{"a.de", "b"}));
}

TEST(HostSpans, AdversarialRepetitionsAreFound) {
  std::string colons;
  for (int i = 0; i < 100000; ++i) colons += "://";
  EXPECT_TRUE(find_hosts(colons, true, true).empty());

  std::string urls;
  for (int i = 0; i < 100000; ++i) urls += "a://";
  // One URL; the rest is its path.
  EXPECT_EQ(hosts(urls), strings{"a"});

  std::string ats(100000, '@');
  EXPECT_TRUE(find_hosts(ats, true, true).empty());

  std::string addresses;
  for (int i = 0; i < 100000; ++i) addresses += "a@";
  // "a@a" is an address; the "@" right after its domain starts none.
  EXPECT_EQ(find_hosts(addresses, true, true).size(), 50000u);

  std::string dots = "https://a";
  dots.append(100000, '.');
  EXPECT_EQ(hosts(dots), strings{"a"});

  std::string userinfo = "https://";
  userinfo.append(100000, '@');
  userinfo += "bücher.de";
  EXPECT_EQ(hosts(userinfo), strings{"bücher.de"});
}

TEST(HostSpans, TextDelimitersAreExactlyTheDocumentedList) {
  // The header's list, group by group.
  constexpr std::u32string_view white_space =
      U"\u0085\u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A"
      U"\u2028\u2029\u202F\u205F\u3000";
  constexpr std::u32string_view quotation_marks = U"«»‘’‚‛“”„‟‹›⹂「」『』〝〞〟﹁﹂﹃﹄＂＇｢｣";
  constexpr std::u32string_view brackets = U"〈〉《》【】〔〕〖〗〘〙〚〛（）［］｛｝｟｠⟨⟩"
      U"\u2329\u232A";  // canonically equivalent to 〈〉: escaped, so that no editor normalizes them;
  constexpr std::u32string_view punctuation = U"、，､！？：；…–—";
  std::u32string listed;
  for (const std::u32string_view group : {white_space, quotation_marks, brackets, punctuation}) listed += group;
  EXPECT_EQ(listed.size(), 83u);
  std::u32string found;
  for (char32_t c = 0; c <= 0x10FFFF; ++c) {
    if (puny::cli::is_text_delimiter(c)) found += c;
  }
  std::sort(listed.begin(), listed.end());
  EXPECT_EQ(found, listed);
  // The label separators of UTS #46 §2.3 are host characters.
  EXPECT_FALSE(puny::cli::is_text_delimiter(U'\u3002'));
  EXPECT_FALSE(puny::cli::is_text_delimiter(U'\uFF0E'));
  EXPECT_FALSE(puny::cli::is_text_delimiter(U'\uFF61'));
}

TEST(HostSpans, EveryTextDelimiterEndsAHost) {
  for (char32_t c = 0x80; c <= 0x10FFFF; ++c) {
    if (!puny::cli::is_text_delimiter(c)) continue;
    std::string text = "https://bücher.de";
    puny_test::append_utf8(text, c);
    text += "x joe@bücher.de";
    puny_test::append_utf8(text, c);
    EXPECT_EQ(hosts(text), (strings{"bücher.de", "bücher.de"})) << std::hex << static_cast<unsigned>(c);
  }
}

}  // namespace
