// puny::lookalike_index: building (add, add_list, errors, repeats), the
// queries (find, find_unicode, find_without_separators, lookup_skeleton)
// with Chromium's rules (GetSimilarTopDomain and LookupSkeletonInTopDomains,
// idn_spoof_checker.cc), hostile input, and a cross-check of find against a
// plain reference built on lookalike_index::skeletons() and std::map.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "puny/idna.hpp"
#include "puny/lookalike.hpp"
#include "unicode_text.hpp"

#ifndef PUNY_CORPUS_DIR
#define PUNY_CORPUS_DIR "../shared/corpus"
#endif

namespace {

using puny_test::cat;

std::string ace(std::string_view unicode) {
  const auto r = puny::to_ascii(unicode);
  EXPECT_TRUE(r.ok()) << unicode;
  return r.value;
}

std::string found(const std::optional<puny::lookalike_match>& m) { return m ? std::string(m->domain) : std::string(); }

std::vector<std::string> corpus_lines(const char* file, std::size_t most) {
  std::vector<std::string> lines;
  std::ifstream in(cat(std::string(PUNY_CORPUS_DIR), "/", file));
  std::string line;
  while (lines.size() < most && std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(line);
  }
  return lines;
}

TEST(LookalikeIndex, AddStoresTheUnicodeForm) {
  puny::lookalike_index index;
  EXPECT_TRUE(index.empty());
  const auto a = index.add("PayPal.COM.");
  EXPECT_TRUE(a.added);
  EXPECT_TRUE(static_cast<bool>(a));
  EXPECT_FALSE(a.duplicate);
  EXPECT_EQ(a.code, puny::status::success);
  EXPECT_EQ(a.skeletons, 1u);
  const auto b = index.add("xn--bcher-kva.de");
  EXPECT_TRUE(b.added);
  ASSERT_EQ(index.size(), 2u);
  EXPECT_EQ(index.domain(0), "paypal.com");
  EXPECT_EQ(index.domain(1), "bücher.de");
  EXPECT_EQ(index.domain(2), "");
  EXPECT_GT(index.memory_bytes(), 0u);
}

TEST(LookalikeIndex, RepeatsAreReported) {
  puny::lookalike_index index;
  ASSERT_TRUE(index.add("paypal.com"));
  for (const char* again : {"paypal.com", "PAYPAL.com", "paypal.com.", "ｐａｙｐａｌ.com"}) {
    const auto r = index.add(again);
    EXPECT_FALSE(r.added) << again;
    EXPECT_TRUE(r.duplicate) << again;
    EXPECT_TRUE(r.errors.empty()) << again;
  }
  EXPECT_TRUE(index.add("bücher.de"));
  const auto r = index.add("xn--bcher-kva.de");
  EXPECT_TRUE(r.duplicate);
  // A different domain with the same skeleton is not a repeat: it is added,
  // and the first one keeps the skeleton.
  const auto same_skeleton = index.add("paypa1.com");
  EXPECT_TRUE(same_skeleton.added);
  EXPECT_FALSE(same_skeleton.duplicate);
  EXPECT_EQ(index.size(), 3u);
  EXPECT_EQ(found(index.find(ace("раураl.com"))), "paypal.com");
  EXPECT_EQ(found(index.find("paypa1.com")), "paypal.com");  // a look-alike of the earlier one
  EXPECT_EQ(found(index.find("paypal.com")), "");
}

TEST(LookalikeIndex, RefusedDomains) {
  puny::lookalike_index index;
  const auto bad_utf8 = index.add("ab\xFF.com");
  EXPECT_FALSE(bad_utf8.added);
  EXPECT_EQ(bad_utf8.code, puny::status::invalid_utf8);
  EXPECT_EQ(bad_utf8.position, 2u);
  const auto empty_label = index.add("a..com");
  EXPECT_FALSE(empty_label.added);
  EXPECT_EQ(empty_label.code, puny::status::success);
  EXPECT_FALSE(empty_label.errors.empty());
  const auto bad_punycode = index.add("xn--a-.com");
  EXPECT_FALSE(bad_punycode.added);
  EXPECT_FALSE(bad_punycode.errors.empty());
  const auto too_long = index.add(cat(std::string(300, 'a'), ".com"));
  EXPECT_FALSE(too_long.added);
  EXPECT_TRUE(too_long.errors.contains(puny::idna_code::A4_1));
  EXPECT_FALSE(index.add("").added);
  EXPECT_FALSE(index.add(".").added);
  EXPECT_EQ(index.size(), 0u);
}

TEST(LookalikeIndex, DomainsWithoutSkeletons) {
  // Chromium computes no skeleton for a host longer than 32 UTF-16 units
  // (kMaxHostnameLengthToComputeSupplementalHostnames): such a domain is
  // stored but can never be matched, and says so.
  puny::lookalike_index index;
  const auto r = index.add("a-rather-long-protected-name-x.com");  // 34 characters
  EXPECT_TRUE(r.added);
  EXPECT_EQ(r.skeletons, 0u);
  EXPECT_EQ(found(index.find("a-rather-long-protected-narne-x.com")), "");
  const auto s = index.add("short-enough-protected-name.com");  // 31
  EXPECT_EQ(s.skeletons, 1u);
  EXPECT_EQ(found(index.find("short-enough-protected-narne.com")), "short-enough-protected-name.com");
}

TEST(LookalikeIndex, FindsLookalikesOnTheLastLabels) {
  puny::lookalike_index index;
  ASSERT_TRUE(index.add("paypal.com"));
  ASSERT_TRUE(index.add("apple.com"));
  // раураl.com: Cyrillic р а у.
  EXPECT_EQ(found(index.find(ace("раураl.com"))), "paypal.com");
  EXPECT_EQ(found(index.find("раураl.com")), "paypal.com");  // Unicode input converts too
  EXPECT_EQ(found(index.find(ace("login.раураl.com"))), "paypal.com");
  EXPECT_EQ(found(index.find(ace("a.b.login.раураl.com"))), "paypal.com");
  EXPECT_EQ(found(index.find("xn--80ak6aa92e.com")), "apple.com");  // аррӏе.com, ӏ read as l
  EXPECT_EQ(found(index.find("paypa1.com")), "paypal.com");  // ASCII look-alikes too: 1 → l
  EXPECT_EQ(found(index.find("appie.com")), "");               // skeleton appie.corn
  EXPECT_EQ(found(index.find("example.com")), "");
  EXPECT_EQ(found(index.find("paypal.net")), "");
  const auto m = index.find(ace("login.раураl.com"));
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(m->id, 0u);
  EXPECT_FALSE(m->top_bucket);
  EXPECT_FALSE(m->separators_removed);
  EXPECT_EQ(m->skeleton, "paypal.corn");
}

TEST(LookalikeIndex, NeverMatchesItselfOrItsSubdomains) {
  puny::lookalike_index index;
  ASSERT_TRUE(index.add("paypal.com"));
  ASSERT_TRUE(index.add("bücher.de"));
  for (const char* self : {"paypal.com", "PAYPAL.COM", "paypal.com.", "www.paypal.com", "a.b.c.paypal.com",
                           "xn--bcher-kva.de", "shop.bücher.de", "bücher.de."}) {
    EXPECT_EQ(found(index.find(self)), "") << self;
  }
  // Chromium: éxample.test.net stays Unicode, éxample.test.nét does not.
  puny::lookalike_index chromium;
  ASSERT_TRUE(chromium.add("test.net"));
  EXPECT_EQ(found(chromium.find("éxample.test.net")), "");
  EXPECT_EQ(found(chromium.find("éxample.test.nét")), "test.net");
  EXPECT_EQ(found(chromium.find("tést.net")), "test.net");
}

TEST(LookalikeIndex, FindUnicode) {
  puny::lookalike_index index;
  ASSERT_TRUE(index.add("paypal.com"));
  EXPECT_EQ(found(index.find_unicode(U"login.раураl.com")), "paypal.com");
  EXPECT_EQ(found(index.find_unicode(U"paypal.com")), "");
  EXPECT_EQ(found(index.find_unicode(U"раураl.com.")), "paypal.com");
  EXPECT_EQ(found(index.find_unicode(U"")), "");
  EXPECT_EQ(found(index.find_unicode(std::u32string(U"pay\xD800pal.com"))), "");  // a lone surrogate
  EXPECT_EQ(found(index.find_unicode(std::u32string(U"pay\x110000pal.com"))), "");
}

TEST(LookalikeIndex, TopBucketAndSeparatorsRemoved) {
  puny::lookalike_index index;
  ASSERT_TRUE(index.add("google.com", true));
  ASSERT_TRUE(index.add("example.com"));
  EXPECT_EQ(found(index.find_without_separators("googlecom")), "google.com");
  EXPECT_EQ(found(index.find_without_separators("goo-gle.com")), "google.com");
  EXPECT_EQ(found(index.find_without_separators("g00glecom")), "");  // 0 → O, not o
  EXPECT_EQ(found(index.find_without_separators("examplecom")), "");  // not in the top bucket
  const auto m = index.find_without_separators("googlecom");
  ASSERT_TRUE(m.has_value());
  EXPECT_TRUE(m->top_bucket);
  EXPECT_TRUE(m->separators_removed);
  EXPECT_EQ(m->skeleton, "googlecorn");
  // A full lookup never returns a key without separators, and the reverse.
  EXPECT_EQ(found(index.lookup_skeleton("googlecorn")), "");
  EXPECT_EQ(found(index.lookup_skeleton("googlecorn", true)), "google.com");
  EXPECT_EQ(found(index.lookup_skeleton("google.corn")), "google.com");
  EXPECT_EQ(found(index.lookup_skeleton("google.corn", true)), "");
  const auto full = index.find("goog1e.com");
  ASSERT_TRUE(full.has_value());
  EXPECT_TRUE(full->top_bucket);
  EXPECT_FALSE(full->separators_removed);
}

TEST(LookalikeIndex, LookupSkeletonUsesTheLastFourLabels) {
  puny::lookalike_index index;
  ASSERT_TRUE(index.add("paypal.com"));
  ASSERT_TRUE(index.add("a.b.paypal.com"));  // four labels: found only whole
  EXPECT_EQ(found(index.lookup_skeleton("paypal.corn")), "paypal.com");
  EXPECT_EQ(found(index.lookup_skeleton("x.y.z.paypal.corn")), "paypal.com");
  EXPECT_EQ(found(index.lookup_skeleton("a.b.paypal.corn")), "a.b.paypal.com");
  EXPECT_EQ(found(index.lookup_skeleton("x.a.b.paypal.corn")), "a.b.paypal.com");
  EXPECT_EQ(found(index.lookup_skeleton("corn")), "");  // one label: kFull needs two
  EXPECT_EQ(found(index.lookup_skeleton("")), "");
  EXPECT_EQ(found(index.lookup_skeleton(".")), "");
  puny::lookalike_index five;
  ASSERT_TRUE(five.add("a.b.c.d.com"));  // five labels: never matched (Chromium's lists have at most 4)
  EXPECT_EQ(found(five.lookup_skeleton("a.b.c.d.corn")), "");
  EXPECT_EQ(found(five.find("a.b.c.d.corn")), "");
}

TEST(LookalikeIndex, AddList) {
  const std::string list =
      "# comment\r\n"
      "google.com\r\n"
      "  youtube.com  \n"
      "\n"
      "###END_TOP_BUCKET###\n"
      "paypal.com\n"
      "a..b\n"
      "paypal.com\n"
      "#paypal.net\n"
      "xn--bcher-kva.de";
  puny::lookalike_index index;
  std::vector<puny::lookalike_list_error> errors;
  EXPECT_EQ(index.add_list(list, &errors), 4u);
  ASSERT_EQ(index.size(), 4u);
  EXPECT_EQ(index.domain(1), "youtube.com");
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors[0].line, 7u);
  EXPECT_EQ(errors[0].text, "a..b");
  EXPECT_FALSE(errors[0].why.errors.empty());
  EXPECT_EQ(errors[1].line, 8u);
  EXPECT_TRUE(errors[1].why.duplicate);
  EXPECT_TRUE(index.find("goog1e.com")->top_bucket);
  EXPECT_FALSE(index.find("paypa1.com")->top_bucket);
  EXPECT_EQ(found(index.find_without_separators("youtubecom")), "youtube.com");
  EXPECT_EQ(found(index.find_without_separators("paypalcom")), "");

  // Without the separator line there is no top bucket.
  puny::lookalike_index plain;
  EXPECT_EQ(plain.add_list("google.com\nyoutube.com\n"), 2u);
  EXPECT_FALSE(plain.find("goog1e.com")->top_bucket);
  EXPECT_EQ(plain.add_list(""), 0u);
}

TEST(LookalikeIndex, MultipleReadings) {
  // þ reads as b or p, ł as l or t, œ as ce or oe, ı as l or i
  // (skeleton_generator.cc character_map_).
  puny::lookalike_index index;
  ASSERT_TRUE(index.add("example.com"));
  ASSERT_TRUE(index.add("twitter.com"));
  ASSERT_TRUE(index.add("bing.com"));
  EXPECT_EQ(found(index.find("examþle.com")), "example.com");
  EXPECT_EQ(found(index.find("łwiłłer.com")), "twitter.com");
  EXPECT_EQ(found(index.find("bıng.com")), "bing.com");
  EXPECT_EQ(found(index.find("éxample.com")), "example.com");  // diacritics removed first
}

TEST(LookalikeIndex, HostileInput) {
  puny::lookalike_index index;
  ASSERT_TRUE(index.add("paypal.com"));
  EXPECT_EQ(found(index.find(std::string(10000, 'a'))), "");
  EXPECT_EQ(found(index.find(std::string(254, 'a'))), "");
  EXPECT_EQ(found(index.find("\xC0\x80.com")), "");
  EXPECT_EQ(found(index.find(std::string("pay\0pal.com", 11))), "");
  EXPECT_EQ(found(index.find("")), "");
  EXPECT_EQ(found(index.find(".")), "");
  EXPECT_EQ(found(index.find("..")), "");
  EXPECT_EQ(found(index.find("xn--")), "");
  std::string marks = "pa";
  for (int i = 0; i < 120; ++i) marks += "\xCC\x81";  // U+0301 × 120
  marks += "ypal.com";
  // ToUnicode takes the marks (NFC composes the first one); diacritic
  // removal drops them all, and what is left is paypal.com.
  EXPECT_EQ(found(index.find(marks)), "paypal.com");
  std::string thorns;
  for (int i = 0; i < 40; ++i) thorns += "þ";
  EXPECT_EQ(found(index.find(cat(thorns, ".com"))), "");
  EXPECT_EQ(found(index.find("þþþþþ.com")), "");  // 243 readings, capped at 128
  std::u32string long_host(5000, U'a');
  EXPECT_EQ(found(index.find_unicode(long_host)), "");
  std::u32string stroke(30, U'\u0142');
  EXPECT_EQ(found(index.find_unicode(stroke)), "");
  EXPECT_EQ(found(index.lookup_skeleton(std::string(100000, '.'))), "");
  EXPECT_TRUE(puny::lookalike_index::skeletons("\xFF").empty());
  EXPECT_TRUE(puny::lookalike_index::skeletons("").empty());
  EXPECT_TRUE(puny::lookalike_index::skeletons(std::string(100000, 'a')).empty());
}

TEST(LookalikeIndex, MovedFromIsEmpty) {
  puny::lookalike_index index;
  ASSERT_TRUE(index.add("paypal.com"));
  puny::lookalike_index moved(std::move(index));
  EXPECT_EQ(moved.size(), 1u);
  EXPECT_EQ(found(moved.find("paypa1.com")), "paypal.com");
  EXPECT_EQ(index.size(), 0u);  // NOLINT(bugprone-use-after-move): documented state
  EXPECT_EQ(found(index.find("paypa1.com")), "");
  EXPECT_EQ(index.memory_bytes(), 0u);
  EXPECT_TRUE(index.add("apple.com"));
  EXPECT_EQ(found(index.find("app1e.com")), "apple.com");
  puny::lookalike_index assigned;
  assigned = std::move(moved);
  EXPECT_EQ(found(assigned.find("paypa1.com")), "paypal.com");
}

TEST(LookalikeIndex, MemoryAndShrink) {
  puny::lookalike_index index;
  index.reserve(10000);
  const std::size_t reserved = index.memory_bytes();
  for (int i = 0; i < 10000; ++i) ASSERT_TRUE(index.add(cat("name", std::to_string(i), ".example")));
  EXPECT_GE(index.memory_bytes(), reserved);
  index.shrink_to_fit();
  const std::size_t bytes = index.memory_bytes();
  EXPECT_LT(bytes, 10000u * 64u);
  EXPECT_GT(bytes, 10000u * 12u);  // the text alone
  // Still all there after the table was resized.
  for (int i = 0; i < 10000; i += 97) {
    const std::string name = cat("narne", std::to_string(i), ".example");
    EXPECT_EQ(found(index.find(name)), cat("name", std::to_string(i), ".example")) << name;
  }
}

TEST(LookalikeIndex, FirstAddedWinsAcrossRehashes) {
  // Domains sharing a skeleton (1 reads as l) keep the order they were added
  // in while the table grows many times.
  puny::lookalike_index index;
  for (int i = 0; i < 3000; ++i) {
    ASSERT_TRUE(index.add(cat("d", std::to_string(i), "l.com")));
    ASSERT_TRUE(index.add(cat("d", std::to_string(i), "1.com")));
  }
  for (int i = 0; i < 3000; i += 7) {
    const std::string first = cat("d", std::to_string(i), "l.com");
    const std::string second = cat("d", std::to_string(i), "1.com");
    const auto keys = puny::lookalike_index::skeletons(first);
    ASSERT_EQ(keys.size(), 1u);
    EXPECT_EQ(keys, puny::lookalike_index::skeletons(second));
    EXPECT_EQ(found(index.lookup_skeleton(keys[0])), first);
    EXPECT_EQ(found(index.find(second)), first);  // the second is a look-alike of the first
    EXPECT_EQ(found(index.find(first)), "");
    EXPECT_EQ(found(index.find(cat("www.", first))), "");
  }
}

// The index against a direct transcription of GetSimilarTopDomain over
// lookalike_index::skeletons() and a std::map from skeleton to the first
// domain that has it.
struct reference {
  std::vector<std::string> domains;
  std::map<std::string, std::size_t> full;

  void add(const std::string& unicode) {
    domains.push_back(unicode);
    for (const std::string& s : puny::lookalike_index::skeletons(unicode)) full.emplace(s, domains.size() - 1);
  }

  std::string find(const std::string& host) const {
    for (const std::string& s : puny::lookalike_index::skeletons(host)) {
      std::vector<std::string> labels;
      std::size_t at = 0;
      for (;;) {
        const std::size_t dot = s.find('.', at);
        labels.push_back(s.substr(at, dot == std::string::npos ? std::string::npos : dot - at));
        if (dot == std::string::npos) break;
        at = dot + 1;
      }
      if (labels.size() > 4) labels.erase(labels.begin(), labels.end() - 4);
      while (labels.size() >= 2) {
        std::string key = labels[0];
        for (std::size_t k = 1; k < labels.size(); ++k) key = cat(key, ".", labels[k]);
        if (const auto it = full.find(key); it != full.end()) {
          const std::string& d = domains[it->second];
          std::string h = host;
          if (!h.empty() && h.back() == '.') h.pop_back();
          const bool subdomain =
              h.size() > d.size() && h.compare(h.size() - d.size() - 1, std::string::npos, cat(".", d)) == 0;
          if (h == d || subdomain) {
            return "";
          }
          return d;
        }
        labels.erase(labels.begin());
      }
    }
    return "";
  }
};

TEST(LookalikeIndex, AgreesWithAPlainReference) {
  const auto protected_lines = corpus_lines("unicode.txt", 3000);
  const auto ascii_lines = corpus_lines("ascii.txt", 3000);
  if (protected_lines.empty() || ascii_lines.empty()) GTEST_SKIP() << "corpus not found in " << PUNY_CORPUS_DIR;
  puny::lookalike_index index;
  reference ref;
  const auto protect = [&](const std::string& line) {
    // The registrable-looking part: the last two labels.
    const std::size_t dot = line.rfind('.');
    const std::size_t dot2 = dot == std::string::npos || dot == 0 ? std::string::npos : line.rfind('.', dot - 1);
    const std::string name = dot2 == std::string::npos ? line : line.substr(dot2 + 1);
    const auto r = index.add(name);
    if (r.added) ref.add(std::string(index.domain(index.size() - 1)));
  };
  for (std::size_t i = 0; i < protected_lines.size(); i += 2) protect(protected_lines[i]);
  for (std::size_t i = 0; i < ascii_lines.size(); i += 2) protect(ascii_lines[i]);
  ASSERT_EQ(index.size(), ref.domains.size());

  // Queries: every line, and look-alike forms of the protected names.
  std::vector<std::string> queries;
  for (const auto* lines : {&protected_lines, &ascii_lines}) {
    for (const std::string& line : *lines) {
      queries.push_back(line);
      std::string spoof;
      for (char c : line) {
        switch (c) {
          case 'a': spoof += "а"; break;  // Cyrillic
          case 'o': spoof += "о"; break;
          case 'l': spoof += "1"; break;
          case 'm': spoof += "rn"; break;
          case 'e': spoof += "é"; break;
          default: spoof += c;
        }
      }
      queries.push_back(spoof);
      queries.push_back(cat("login.", spoof));
    }
  }
  std::size_t matches = 0;
  std::size_t compared = 0;
  for (const std::string& q : queries) {
    const auto u = puny::to_unicode(q);
    if (!u.ok()) continue;
    ++compared;
    const std::string expected = ref.find(u.value);
    const auto m = index.find(q);
    EXPECT_EQ(found(m), expected) << q;
    matches += m ? 1 : 0;
    // find_unicode on the converted form agrees.
    EXPECT_EQ(found(index.find_unicode(puny_test::code_points_of(u.value))), expected) << q;
  }
  std::cout << "[lookalike] reference check: " << index.size() << " protected, " << compared << " queries, "
            << matches << " look-alikes\n";
  EXPECT_GT(matches, compared / 10);
}

TEST(LookalikeIndex, ConcurrentQueries) {
  puny::lookalike_index index;
  ASSERT_TRUE(index.add("paypal.com"));
  ASSERT_TRUE(index.add("apple.com"));
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 2000; ++i) {
        // A match's skeleton lives in the thread's buffer until its next query.
        const auto a = index.find("xn--80ak6aa92e.com");
        if (!a || a->domain != "apple.com" || a->skeleton != "apple.corn") ++wrong;
        const auto b = index.find("login.paypa1.com");
        if (!b || b->domain != "paypal.com" || b->skeleton != "paypal.corn") ++wrong;
        if (index.find("paypal.com")) ++wrong;
      }
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(wrong.load(), 0);
}

}  // namespace
