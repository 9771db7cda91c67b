// Per-domain IDNA benchmarks: one pass over every domain of a corpus per
// iteration, reported per domain, each implementation writing into a
// buffer allocated outside the timed loop (libidn2 cannot: it mallocs).
//
//  idna/overhead/unicode/none             the loop alone (reads each domain's first byte)
//  idna/to_ascii/{ascii,unicode,mixed}/<impl>
//  idna/to_unicode/ace/<impl>             the ACE forms of unicode.txt
//
// <impl>:
//  puny           puny's buffer overloads, default options (profile uts46)
//  puny_icu_like  puny with the options ICU's flags amount to (below)
//  icu            uidna_nameToASCII_UTF8 / uidna_nameToUnicodeUTF8
//  libidn2        idn2_to_ascii_8z / idn2_to_unicode_8z8z
//
// A domain an implementation rejects is timed like any other and counted in
// the "rejected" counter; only a conversion that could not run (output
// buffer too small, out of memory) stops a benchmark.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <iostream>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "benchmarks.hpp"
#include "domain_corpus.hpp"
#include "idna_peers.hpp"
#include "puny/idna.hpp"

namespace puny_bench {
namespace {

// What uidna_openUTS46(UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ |
// UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_NONTRANSITIONAL_TO_UNICODE) does, as
// UTS #46 §4 options: UseSTD3ASCIIRules only with UIDNA_USE_STD3_RULES, so
// off; CheckHyphens has no ICU flag and is always on (ICU reports
// UIDNA_ERROR_LEADING_HYPHEN, _TRAILING_HYPHEN, _HYPHEN_3_4 regardless);
// VerifyDnsLength has no ICU flag either, and ICU's ToASCII always reports
// UIDNA_ERROR_EMPTY_LABEL, _LABEL_TOO_LONG and _DOMAIN_NAME_TOO_LONG, so on.
constexpr puny::idna_options icu_like_options() noexcept {
  puny::idna_options o = puny::idna_options::for_profile(puny::idna_profile::uts46);
  o.use_std3_ascii_rules = false;
  o.check_hyphens = true;
  o.check_bidi = true;
  o.check_joiners = true;
  o.transitional_processing = false;
  o.verify_dns_length = true;
  return o;
}

// One conversion as the loop sees it.
struct outcome {
  std::size_t written = 0;
  bool accepted = false;
  bool broken = false;
};

outcome from_puny(const puny::idna_result& r) noexcept {
  const bool broken = r.code == puny::status::output_too_small || r.code == puny::status::scratch_too_small;
  return {r.written, r.ok(), broken};
}

outcome from_peer(const peer_result& r) noexcept { return {r.written, r.accepted, r.broken}; }

const domain_set* domains_or_skip(benchmark::State& state, domain_corpus c) {
  std::string why;
  const domain_set* set = domains(c, why);
  if (set == nullptr) state.SkipWithError(why.c_str());
  return set;
}

// Output room no conversion of `set` can exceed: UTS #46 maps a code point
// to at most 18 (U+FDFA), each at most 4 bytes of UTF-8, and every input
// code point takes at least one byte; ToASCII's bound in include/puny/idna.hpp
// is smaller.  Should it ever be wrong, the benchmark stops as broken.
std::vector<char> output_for(const domain_set& set) { return std::vector<char>(72 * set.max_bytes + 64); }

// Runs `one(k)` over every domain of `set`, per iteration.
template <class One>
void over_domains(benchmark::State& state, const domain_set& set, One one) {
  const std::size_t n = set.size();
  bool broken = false;
  std::size_t rejected = 0;
  for (auto _ : state) {
    std::size_t total = 0;
    rejected = 0;
    for (std::size_t k = 0; k < n; ++k) {
      const outcome o = one(k);
      broken |= o.broken;
      rejected += o.accepted ? 0 : 1;
      total += o.written;
      benchmark::ClobberMemory();  // the output of every domain is stored
    }
    benchmark::DoNotOptimize(total);
  }
  if (broken) {
    state.SkipWithError("a conversion could not run (output buffer too small, out of memory, or the library could not start)");
    return;
  }
  state.counters[per_domain] = benchmark::Counter(static_cast<double>(n), benchmark::Counter::kIsIterationInvariantRate |
                                                                              benchmark::Counter::kInvert);
  state.counters[domain_count] = static_cast<double>(n);
  state.counters[rejected_count] = static_cast<double>(rejected);
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(set.bytes()));
}

// Outside the timed loop, for the like-for-like run only: on how many
// domains puny with ICU's options and ICU disagree — on accepting, or on
// the output when both accept — so that the headline ratio is known to time
// the same work.  ICU 72 implements Unicode 15.0 and puny 17.0, so a few
// differences can be legitimate; the first ones are shown on stderr once.
template <class Puny, class Icu>
std::size_t differences_from_icu(const domain_set& set, const std::string& what, Puny puny_one, Icu icu_one) {
  static std::set<std::string> shown;
  const bool show = shown.insert(what).second;
  std::vector<char> mine = output_for(set);
  std::vector<char> theirs = output_for(set);
  std::size_t differences = 0;
  for (std::size_t k = 0; k < set.size(); ++k) {
    const outcome a = puny_one(set[k], mine);
    const outcome b = icu_one(set[k], theirs);
    const std::string_view a_text(mine.data(), a.written);
    const std::string_view b_text(theirs.data(), b.written);
    if (a.accepted == b.accepted && (!a.accepted || a_text == b_text)) continue;
    ++differences;
    if (show && differences <= 5) {
      std::cerr << what << ": puny and ICU differ on \"" << set[k] << "\": puny " << (a.accepted ? "accepts" : "rejects")
                << " \"" << a_text << "\", ICU " << (b.accepted ? "accepts" : "rejects") << " \"" << b_text << "\"\n";
    }
  }
  return differences;
}

void bm_overhead(benchmark::State& state) {
  const domain_set* set = domains_or_skip(state, domain_corpus::unicode);
  if (set == nullptr) return;
  over_domains(state, *set, [&](std::size_t k) {
    const std::string_view d = (*set)[k];
    return outcome{d.empty() ? 0 : static_cast<std::size_t>(static_cast<unsigned char>(d[0])), true, false};
  });
}

void bm_to_ascii_puny(benchmark::State& state, domain_corpus c, puny::idna_options options, std::string name) {
  const domain_set* set = domains_or_skip(state, c);
  if (set == nullptr) return;
  std::vector<char> out = output_for(*set);
  benchmark::DoNotOptimize(out.data());
  over_domains(state, *set, [&](std::size_t k) { return from_puny(puny::to_ascii((*set)[k], out, options)); });
  if (icu::available && options == icu_like_options() && !state.error_occurred()) {
    state.counters[differences_count] = static_cast<double>(differences_from_icu(
        *set, name,
        [&](std::string_view d, std::span<char> o) { return from_puny(puny::to_ascii(d, o, options)); },
        [](std::string_view d, std::span<char> o) { return from_peer(icu::to_ascii(d, o)); }));
  }
}

void bm_to_unicode_puny(benchmark::State& state, domain_corpus c, puny::idna_options options, std::string name) {
  const domain_set* set = domains_or_skip(state, c);
  if (set == nullptr) return;
  std::vector<char> out = output_for(*set);
  benchmark::DoNotOptimize(out.data());
  over_domains(state, *set, [&](std::size_t k) { return from_puny(puny::to_unicode((*set)[k], out, options)); });
  if (icu::available && options == icu_like_options() && !state.error_occurred()) {
    state.counters[differences_count] = static_cast<double>(differences_from_icu(
        *set, name,
        [&](std::string_view d, std::span<char> o) { return from_puny(puny::to_unicode(d, o, options)); },
        [](std::string_view d, std::span<char> o) { return from_peer(icu::to_unicode(d, o)); }));
  }
}

void bm_to_ascii_icu(benchmark::State& state, domain_corpus c) {
  const domain_set* set = domains_or_skip(state, c);
  if (set == nullptr) return;
  std::vector<char> out = output_for(*set);
  benchmark::DoNotOptimize(out.data());
  over_domains(state, *set, [&](std::size_t k) { return from_peer(icu::to_ascii((*set)[k], out)); });
}

void bm_to_unicode_icu(benchmark::State& state, domain_corpus c) {
  const domain_set* set = domains_or_skip(state, c);
  if (set == nullptr) return;
  std::vector<char> out = output_for(*set);
  benchmark::DoNotOptimize(out.data());
  over_domains(state, *set, [&](std::size_t k) { return from_peer(icu::to_unicode((*set)[k], out)); });
}

void bm_to_ascii_idn2(benchmark::State& state, domain_corpus c) {
  const domain_set* set = domains_or_skip(state, c);
  if (set == nullptr) return;
  over_domains(state, *set, [&](std::size_t k) { return from_peer(idn2::to_ascii((*set)[k])); });
}

void bm_to_unicode_idn2(benchmark::State& state, domain_corpus c) {
  const domain_set* set = domains_or_skip(state, c);
  if (set == nullptr) return;
  over_domains(state, *set, [&](std::size_t k) { return from_peer(idn2::to_unicode((*set)[k])); });
}

}  // namespace

std::string idna_benchmark_name(const char* direction, domain_corpus c, const char* impl) {
  return std::string("idna/") + direction + "/" + name_of(c) + "/" + impl;
}

void register_idna_benchmarks() {
  const puny::idna_options defaults{};
  const puny::idna_options icu_like = icu_like_options();
  const puny::idna_options whatwg = puny::idna_options::for_profile(puny::idna_profile::whatwg);
  benchmark::RegisterBenchmark("idna/overhead/unicode/none", bm_overhead);
  for (const domain_corpus c : {domain_corpus::ascii, domain_corpus::unicode, domain_corpus::mixed}) {
    const auto name = [&](const char* impl) { return idna_benchmark_name(to_ascii_direction, c, impl); };
    benchmark::RegisterBenchmark(name(impl_puny).c_str(), bm_to_ascii_puny, c, defaults, name(impl_puny));
    benchmark::RegisterBenchmark(name(impl_puny_icu_like).c_str(), bm_to_ascii_puny, c, icu_like,
                                 name(impl_puny_icu_like));
    benchmark::RegisterBenchmark(name(impl_puny_whatwg).c_str(), bm_to_ascii_puny, c, whatwg, name(impl_puny_whatwg));
    if (icu::available) benchmark::RegisterBenchmark(name(impl_icu).c_str(), bm_to_ascii_icu, c);
    if (idn2::available) benchmark::RegisterBenchmark(name(impl_libidn2).c_str(), bm_to_ascii_idn2, c);
  }
  const domain_corpus ace = domain_corpus::ace;
  const auto name = [&](const char* impl) { return idna_benchmark_name(to_unicode_direction, ace, impl); };
  benchmark::RegisterBenchmark(name(impl_puny).c_str(), bm_to_unicode_puny, ace, defaults, name(impl_puny));
  benchmark::RegisterBenchmark(name(impl_puny_icu_like).c_str(), bm_to_unicode_puny, ace, icu_like,
                               name(impl_puny_icu_like));
  if (icu::available) benchmark::RegisterBenchmark(name(impl_icu).c_str(), bm_to_unicode_icu, ace);
  if (idn2::available) benchmark::RegisterBenchmark(name(impl_libidn2).c_str(), bm_to_unicode_idn2, ace);
}

}  // namespace puny_bench
