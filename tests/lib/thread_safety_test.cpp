// Thread safety (issue 5): the library keeps no mutable shared state — its
// tables are constant, its working memory is the caller's or the call's
// own, and the CPU dispatch flag is written once at start-up — so any
// number of threads may convert at once.  These tests convert the three
// shared corpora from 8 threads at the same time and require every result,
// error codes and positions included, to equal the single-threaded run.
// Under ThreadSanitizer (.ci/run builds the suite with
// -DPUNY_SANITIZE=thread) they also show that no data race is hidden
// behind equal results.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "puny/idna.hpp"
#include "puny/punycode.hpp"
#include "unicode_data.hpp"

namespace {

constexpr unsigned thread_count = 8;

std::filesystem::path corpus_dir() {
  if (const char* env = std::getenv("PUNY_CORPUS_DIR"); env != nullptr && *env != '\0') return env;
#ifdef PUNY_CORPUS_DIR
  return PUNY_CORPUS_DIR;
#else
  return "../shared/corpus";
#endif
}

/// Every line of the three corpora, or empty when one is missing.
std::vector<std::string> load_corpora() {
  std::vector<std::string> domains;
  for (const char* name : {"ascii.txt", "unicode.txt", "mixed.txt"}) {
    std::ifstream in(corpus_dir() / name, std::ios::binary);
    if (!in) return {};
    for (std::string line; std::getline(in, line);) domains.push_back(line);
  }
  return domains;
}

/// Everything one domain's conversions report, flattened so that two runs
/// compare with one ==.
struct outcome {
  std::string ascii;
  std::string unicode;
  std::string whatwg_ascii;
  std::string punycode;  // the first label's Punycode, or its error
  std::string decoded;   // that Punycode decoded again, as UTF-8
  friend bool operator==(const outcome&, const outcome&) = default;
};

std::string describe(const puny::idna_converted<std::string>& r) {
  return r.value + '|' + std::to_string(static_cast<int>(r.code)) + '|' + puny::to_string(r.errors) + '|' +
         std::to_string(r.position) + '|' + std::to_string(r.label);
}

/// One domain through the UTS #46 entry points of two profiles, the
/// allocation-free core (into a reused buffer), and the Punycode codec.
outcome convert(std::string_view domain, std::vector<char>& buffer) {
  outcome o;
  o.ascii = describe(puny::to_ascii(domain));
  const puny::idna_result core = puny::to_unicode(domain, std::span<char>(buffer));
  o.unicode = std::string(buffer.data(), core.code == puny::status::success ? core.written : 0) + '|' +
              std::to_string(static_cast<int>(core.code)) + '|' + puny::to_string(core.errors);
  o.whatwg_ascii = describe(puny::to_ascii(domain, puny::idna_profile::whatwg));
  const std::string_view label = domain.substr(0, domain.find('.'));
  const puny::converted<std::string> encoded = puny::encode_utf8(label);
  o.punycode = encoded.value + '|' + std::to_string(static_cast<int>(encoded.code)) + '|' +
               std::to_string(encoded.position);
  if (encoded) {
    const puny::converted<std::string> back = puny::decode_to_utf8(encoded.value);
    o.decoded = back.value + '|' + std::to_string(static_cast<int>(back.code));
  }
  return o;
}

TEST(ThreadSafety, EightThreadsConvertTheCorporaAsOneDoes) {
  const std::vector<std::string> domains = load_corpora();
  if (domains.empty()) {
    if (puny_test::running_in_ci()) FAIL() << "CI=true and the corpora are missing under " << corpus_dir();
    GTEST_SKIP() << "corpora not found under " << corpus_dir() << " (set PUNY_CORPUS_DIR)";
  }
  // Without data the test would pass vacuously: the corpora hold both
  // kinds of domain, and both kinds of outcome.
  ASSERT_GE(domains.size(), 300000u);

  std::vector<char> buffer(1 << 16);
  std::vector<outcome> expected;
  expected.reserve(domains.size());
  for (const std::string& d : domains) expected.push_back(convert(d, buffer));
  std::size_t failures = 0;
  for (const outcome& o : expected) failures += o.ascii.find("|0||") == std::string::npos ? 1 : 0;
  ASSERT_GT(failures, 0u) << "the corpora should contain domains that ToASCII rejects";
  ASSERT_LT(failures, domains.size());

  // Each thread walks all domains from its own starting point, so that at
  // any moment the threads convert different domains (different code
  // paths) and, over the run, every domain on every thread.
  std::vector<std::size_t> mismatches(thread_count, 0);
  std::vector<std::size_t> first_mismatch(thread_count, domains.size());
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < thread_count; ++t) {
    threads.emplace_back([&, t] {
      std::vector<char> own(1 << 16);
      const std::size_t n = domains.size();
      const std::size_t start = n / thread_count * t;
      for (std::size_t k = 0; k < n; ++k) {
        const std::size_t j = (start + k) % n;
        if (!(convert(domains[j], own) == expected[j])) {
          if (mismatches[t]++ == 0) first_mismatch[t] = j;
        }
      }
    });
  }
  for (std::thread& th : threads) th.join();
  for (unsigned t = 0; t < thread_count; ++t) {
    EXPECT_EQ(mismatches[t], 0u) << "thread " << t << " first differs on line " << first_mismatch[t] << ": "
                                 << (first_mismatch[t] < domains.size() ? domains[first_mismatch[t]] : "");
  }
}

}  // namespace
