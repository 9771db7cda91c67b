// Display-safety benchmarks (issue 23, part 5), one pass over a corpus per
// iteration unless said otherwise.
//
//  display/to_unicode/ace/puny     puny::to_unicode core, default options: the baseline
//  display/chromium/ace/puny       puny::display core, chromium policy, no protected list
//      (both over the ACE forms of unicode.txt, as idna/to_unicode/ace; goal:
//      display at most 1.5 × to_unicode)
//  display/ascii/ace/puny          puny::display core, ascii policy: the same work but for
//      the policy's (every IDN label shown in its ACE form), for information
//  skeleton/utf8/labels/puny       puny::skeleton, UTF-8 into a caller buffer
//  skeleton/utf8/labels/icu        ICU uspoof_getSkeletonUTF8 (type 0), when icu-i18n was found
//      (both over the labels of unicode.txt with a non-ASCII code point;
//      goal: puny at most 0.2 × ICU)
//  lookalike/build/1000000         a look-alike index of 1,000,000 generated protected
//      names: reserve, add each, shrink_to_fit (one build per iteration;
//      goal: under 2 s and under 64 bytes a name, counters build_s and
//      bytes_per_name)
//  lookalike/find/{mixed,unicode}  lookalike_index::find of every line of mixed.txt
//      (unicode.txt for information) against that index (goal: at least
//      1,000,000 names a second on mixed.txt, counter names_per_s)
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "benchmarks.hpp"
#include "corpus.hpp"
#include "domain_corpus.hpp"
#include "puny/display.hpp"
#include "puny/idna.hpp"
#include "puny/lookalike.hpp"
#include "puny/security.hpp"

#if defined(PUNY_BENCH_HAVE_ICU_I18N)
#include <unicode/uspoof.h>
#endif

namespace puny_bench {

#if defined(PUNY_BENCH_HAVE_ICU_I18N)
namespace {

// One checker for the whole run, as a program that checks many names keeps
// one; uspoof_getSkeletonUTF8 does not depend on its settings.
const USpoofChecker* spoof_checker() noexcept {
  struct owner {
    USpoofChecker* checker = nullptr;
    owner() noexcept {
      UErrorCode error = U_ZERO_ERROR;
      checker = uspoof_open(&error);
      if (U_FAILURE(error)) checker = nullptr;
    }
    ~owner() {
      if (checker != nullptr) uspoof_close(checker);
    }
    owner(const owner&) = delete;
    owner& operator=(const owner&) = delete;
  };
  static const owner o;
  return o.checker;
}

}  // namespace
#endif

namespace {

const domain_set* domains_or_skip(benchmark::State& state, domain_corpus c) {
  std::string why;
  const domain_set* set = domains(c, why);
  if (set == nullptr) state.SkipWithError(why.c_str());
  return set;
}

const label_set* labels_or_skip(benchmark::State& state) {
  std::string why;
  const label_set* set = unicode_labels(why);
  if (set == nullptr) state.SkipWithError(why.c_str());
  return set;
}

void per_item(benchmark::State& state, const char* counter, std::size_t n) {
  state.counters[counter] = benchmark::Counter(static_cast<double>(n), benchmark::Counter::kIsIterationInvariantRate |
                                                                           benchmark::Counter::kInvert);
}

// ---------------------------------------------------------------------------
// display vs to_unicode

void bm_display_to_unicode(benchmark::State& state) {
  const domain_set* set = domains_or_skip(state, domain_corpus::ace);
  if (set == nullptr) return;
  std::vector<char> out(puny::display_buffer_size(set->max_bytes));
  bool broken = false;
  for (auto _ : state) {
    std::size_t total = 0;
    for (std::size_t k = 0; k < set->size(); ++k) {
      const puny::idna_result r = puny::to_unicode((*set)[k], out);
      broken |= r.code != puny::status::success;
      total += r.written;
      benchmark::ClobberMemory();
    }
    benchmark::DoNotOptimize(total);
  }
  if (broken) state.SkipWithError("to_unicode could not run (output buffer too small?)");
  per_item(state, per_domain, set->size());
}

void bm_display(benchmark::State& state, puny::display_policy policy) {
  const domain_set* set = domains_or_skip(state, domain_corpus::ace);
  if (set == nullptr) return;
  std::vector<char> out(puny::display_buffer_size(set->max_bytes));
  std::array<puny::label_verdict, 128> verdicts;
  puny::display_options options;
  options.policy = policy;
  bool broken = false;
  std::size_t shown = 0;
  for (auto _ : state) {
    std::size_t total = 0;
    shown = 0;
    for (std::size_t k = 0; k < set->size(); ++k) {
      const puny::display_result r = puny::display((*set)[k], out, verdicts, options);
      broken |= r.code != puny::status::success;
      total += r.written;
      shown += r.ok() ? 1 : 0;
      benchmark::ClobberMemory();
    }
    benchmark::DoNotOptimize(total);
  }
  if (broken) state.SkipWithError("display could not run (output buffer too small?)");
  per_item(state, per_domain, set->size());
  state.counters["shown_unicode"] = static_cast<double>(shown);
}

// ---------------------------------------------------------------------------
// skeleton vs ICU

void bm_skeleton_puny(benchmark::State& state) {
  const label_set* set = labels_or_skip(state);
  if (set == nullptr) return;
  std::size_t longest = 0;
  for (std::size_t k = 0; k < set->size(); ++k) longest = std::max(longest, set->utf8[k].size());
  std::vector<char> out(puny::skeleton_utf8_buffer_size(longest));
  bool failed = false;
  for (auto _ : state) {
    std::size_t total = 0;
    for (std::size_t k = 0; k < set->size(); ++k) {
      const auto label = set->utf8[k];
      const puny::result r = puny::skeleton(std::string_view(label.data(), label.size()), out);
      failed |= !r;
      total += r.written;
      benchmark::ClobberMemory();
    }
    benchmark::DoNotOptimize(total);
  }
  if (failed) state.SkipWithError("a skeleton failed");
  per_item(state, per_label, set->size());
}

#if defined(PUNY_BENCH_HAVE_ICU_I18N)
void bm_skeleton_icu(benchmark::State& state) {
  const label_set* set = labels_or_skip(state);
  if (set == nullptr) return;
  const USpoofChecker* checker = spoof_checker();
  if (checker == nullptr) {
    state.SkipWithError("uspoof_open failed");
    return;
  }
  std::size_t longest = 0;
  for (std::size_t k = 0; k < set->size(); ++k) longest = std::max(longest, set->utf8[k].size());
  std::vector<char> out(puny::skeleton_utf8_buffer_size(longest) + 1);
  bool failed = false;
  for (auto _ : state) {
    std::size_t total = 0;
    for (std::size_t k = 0; k < set->size(); ++k) {
      const auto label = set->utf8[k];
      UErrorCode error = U_ZERO_ERROR;
      const std::int32_t n = uspoof_getSkeletonUTF8(checker, 0, label.data(), static_cast<std::int32_t>(label.size()),
                                                    out.data(), static_cast<std::int32_t>(out.size()), &error);
      failed |= U_FAILURE(error);
      total += static_cast<std::size_t>(n);
      benchmark::ClobberMemory();
    }
    benchmark::DoNotOptimize(total);
  }
  if (failed) state.SkipWithError("uspoof_getSkeletonUTF8 failed");
  per_item(state, per_label, set->size());
}
#endif

// ---------------------------------------------------------------------------
// The look-alike index

constexpr std::size_t protected_count = 1000000;

/// SplitMix64 (Steele, Lea & Flood 2014): a fixed-seed generator, so that
/// every run builds the same list.
struct splitmix64 {
  std::uint64_t state;
  std::uint64_t next() noexcept {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
};

/// The last two labels of a domain (the whole of a one-label one).
std::pair<std::string_view, std::string_view> last_two_labels(std::string_view d) {
  const std::size_t dot = d.rfind('.');
  if (dot == std::string_view::npos) return {d, std::string_view()};
  const std::string_view tld = d.substr(dot + 1);
  const std::string_view rest = d.substr(0, dot);
  const std::size_t dot2 = rest.rfind('.');
  return {dot2 == std::string_view::npos ? rest : rest.substr(dot2 + 1), tld};
}

/// The protected names: 1,000,000 distinct names made, with a fixed seed,
/// from the lines of ascii.txt, unicode.txt and mixed.txt in turn.  Name i
/// takes the second-level label of a random line of corpus i mod 3 and the
/// top-level label of another random line of the same corpus
/// ("sueku" + "jp" → "sueku.jp"); one name in 4 also gets the
/// second-level label of a third line in front ("oslo.sueku.jp"), so that
/// there are enough distinct names and some have three labels.  A name
/// drawn twice is drawn again.  Names are ASCII or Unicode as the corpora
/// are (about half with a non-ASCII label); some do not pass UTS #46 (a
/// Bidi domain with a digit-led label, ...) and add() refuses them, so the
/// counter `names` says how many the index holds.
const std::vector<std::string>* protected_names(std::string& why) {
  static std::unique_ptr<std::vector<std::string>> names;
  static std::string failure;
  if (names == nullptr && failure.empty()) {
    const domain_set* corpora[3];
    const domain_corpus which[3] = {domain_corpus::ascii, domain_corpus::unicode, domain_corpus::mixed};
    for (int c = 0; c < 3; ++c) {
      corpora[c] = domains(which[c], failure);
      if (corpora[c] == nullptr) {
        why = failure;
        return nullptr;
      }
    }
    auto made = std::make_unique<std::vector<std::string>>();
    made->reserve(protected_count);
    std::unordered_set<std::string> seen;
    seen.reserve(2 * protected_count);
    splitmix64 rng{23};
    for (std::size_t i = 0; made->size() < protected_count; ++i) {
      const domain_set& set = *corpora[i % 3];
      const auto pick = [&]() { return last_two_labels(set[rng.next() % set.size()]); };
      const auto [sld, tld_line] = pick();
      const auto [other_sld, tld] = pick();
      (void)tld_line;
      std::string name;
      if (rng.next() % 4 == 0) {
        name.append(pick().first);
        name.push_back('.');
      }
      name.append(sld);
      if (!tld.empty()) {
        name.push_back('.');
        name.append(tld);
      } else if (!other_sld.empty()) {
        name.push_back('.');
        name.append(other_sld);
      }
      if (seen.insert(name).second) made->push_back(std::move(name));
    }
    names = std::move(made);
  }
  why = failure;
  return names.get();
}

struct built_index {
  puny::lookalike_index index;
  std::size_t refused = 0;
};

std::size_t build(puny::lookalike_index& index, const std::vector<std::string>& names) {
  index.reserve(names.size());
  std::size_t refused = 0;
  for (const std::string& n : names) refused += index.add(n) ? 0 : 1;
  index.shrink_to_fit();
  return refused;
}

/// The index of the protected names, built once for the query benchmarks.
const built_index* shared_index(std::string& why) {
  static std::unique_ptr<built_index> built;
  if (built == nullptr) {
    const std::vector<std::string>* names = protected_names(why);
    if (names == nullptr) return nullptr;
    built = std::make_unique<built_index>();
    built->refused = build(built->index, *names);
  }
  return built.get();
}

void bm_lookalike_build(benchmark::State& state) {
  std::string why;
  const std::vector<std::string>* names = protected_names(why);
  if (names == nullptr) {
    state.SkipWithError(why.c_str());
    return;
  }
  std::size_t held = 0;
  std::size_t bytes = 0;
  for (auto _ : state) {
    puny::lookalike_index index;
    build(index, *names);
    held = index.size();
    bytes = index.memory_bytes();
    benchmark::DoNotOptimize(bytes);
  }
  state.counters["names"] = static_cast<double>(held);
  state.counters["given"] = static_cast<double>(names->size());
  state.counters["bytes_per_name"] = held == 0 ? 0.0 : static_cast<double>(bytes) / static_cast<double>(held);
  state.counters["build_s"] =
      benchmark::Counter(1.0, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void bm_lookalike_find(benchmark::State& state, domain_corpus c) {
  std::string why;
  const built_index* built = shared_index(why);
  if (built == nullptr) {
    state.SkipWithError(why.c_str());
    return;
  }
  const domain_set* set = domains_or_skip(state, c);
  if (set == nullptr) return;
  std::size_t hits = 0;
  for (auto _ : state) {
    hits = 0;
    for (std::size_t k = 0; k < set->size(); ++k) {
      const auto m = built->index.find((*set)[k]);
      hits += m.has_value() ? 1 : 0;
      benchmark::ClobberMemory();
    }
    benchmark::DoNotOptimize(hits);
  }
  per_item(state, per_domain, set->size());
  state.counters["names_per_s"] =
      benchmark::Counter(static_cast<double>(set->size()), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["lookalikes"] = static_cast<double>(hits);
  state.counters["index_names"] = static_cast<double>(built->index.size());
}

}  // namespace

void register_display_benchmarks() {
  benchmark::RegisterBenchmark(display_to_unicode_benchmark, bm_display_to_unicode);
  benchmark::RegisterBenchmark(display_chromium_benchmark, bm_display, puny::display_policy::chromium);
  benchmark::RegisterBenchmark("display/ascii/ace/puny", bm_display, puny::display_policy::ascii);
  benchmark::RegisterBenchmark(skeleton_puny_benchmark, bm_skeleton_puny);
#if defined(PUNY_BENCH_HAVE_ICU_I18N)
  benchmark::RegisterBenchmark(skeleton_icu_benchmark, bm_skeleton_icu);
#endif
  benchmark::RegisterBenchmark(lookalike_build_benchmark, bm_lookalike_build)
      ->Iterations(1)
      ->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark(lookalike_find_mixed_benchmark, bm_lookalike_find, domain_corpus::mixed);
  benchmark::RegisterBenchmark("lookalike/find/unicode", bm_lookalike_find, domain_corpus::unicode);
}

}  // namespace puny_bench
