// Scaling series: one string of n random code points (fixed seed) encoded,
// and its encoding decoded, through the core API with caller scratch
// allocated outside the timed loop; reported per code point.
//
//  scale/{encode,decode}/{bmp,all}/{puny,libidn}/<n>
//
// bmp: uniform over U+0080..U+FFFF without the surrogates;
// all: uniform over every Unicode scalar value (ASCII included).
// libidn runs at the small sizes only: its codec is quadratic.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "benchmarks.hpp"
#include "libidn.hpp"
#include "puny/punycode.hpp"

namespace puny_bench {
namespace {

enum class distribution { bmp, all };

const char* name_of(distribution d) { return d == distribution::bmp ? "bmp" : "all"; }

constexpr std::uint64_t seed = 3492;  // RFC 3492

std::vector<char32_t> random_code_points(distribution d, std::size_t n) {
  // Seeded per (distribution, size) so that every string is reproducible on
  // its own; the modulo bias of a 64-bit draw is negligible.
  std::mt19937_64 rng(seed ^ (static_cast<std::uint64_t>(d) << 56) ^ n);
  const std::uint64_t first = d == distribution::bmp ? 0x80 : 0;
  const std::uint64_t last = d == distribution::bmp ? 0xFFFF : 0x10FFFF;
  const std::uint64_t count = last - first + 1 - 0x800;  // minus the surrogates
  std::vector<char32_t> out(n);
  for (auto& c : out) {
    std::uint64_t v = first + rng() % count;
    if (v >= 0xD800) v += 0x800;
    c = static_cast<char32_t>(v);
  }
  return out;
}

[[noreturn]] void die(const std::string& what) {
  std::cout.flush();
  std::cerr << "puny_bench: " << what << '\n';
  std::exit(EXIT_FAILURE);
}

struct series {
  std::vector<char32_t> code_points;
  std::vector<std::uint32_t> code_points_u32;
  std::vector<char> punycode;
  bool libidn_checked = false;
};

// Built on first use, outside any timed loop, and checked: puny must decode
// its own encoding back to the input.
series& data(distribution d, std::size_t n) {
  static std::map<std::pair<distribution, std::size_t>, std::unique_ptr<series>> cache;
  auto& slot = cache[{d, n}];
  if (slot) return *slot;
  auto s = std::make_unique<series>();
  s->code_points = random_code_points(d, n);
  s->code_points_u32.assign(s->code_points.begin(), s->code_points.end());
  const std::string what = std::string(name_of(d)) + " series of " + std::to_string(n) + " code points";

  std::vector<std::uint64_t> scratch(puny::encode_scratch_words(n));
  const puny::result probe = puny::encode(s->code_points, {}, {}, scratch);
  if (probe.code != puny::status::output_too_small) die("puny::encode cannot size the " + what);
  s->punycode.resize(probe.needed);
  const puny::result e = puny::encode(s->code_points, s->punycode, {}, scratch);
  if (!e) die("puny::encode fails on the " + what + ": " + std::string(puny::name(e.code)));

  std::vector<char32_t> back(n);
  std::vector<std::uint64_t> dscratch(puny::decode_scratch_words(s->punycode.size()));
  const puny::result r = puny::decode(s->punycode, back, {}, dscratch);
  if (!r || back != s->code_points) die("puny::decode does not give back the " + what);
  slot = std::move(s);
  return *slot;
}

// libidn must agree before it is timed.
void check_libidn(series& s, distribution d) {
  if (s.libidn_checked) return;
  const std::string what = std::string(name_of(d)) + " series of " + std::to_string(s.code_points.size()) + " code points";
  std::vector<char> ace(s.punycode.size() + 64);
  const auto e = idn::encode(s.code_points_u32, ace);
  if (!e) die("libidn punycode_encode fails on the " + what);
  if (!std::equal(ace.begin(), ace.begin() + static_cast<std::ptrdiff_t>(*e), s.punycode.begin(), s.punycode.end())) {
    die("libidn and puny encode the " + what + " differently");
  }
  std::vector<std::uint32_t> back(s.code_points.size());
  const auto r = idn::decode(s.punycode, back);
  if (!r || back != s.code_points_u32) die("libidn punycode_decode does not give back the " + what);
  s.libidn_checked = true;
}

void finish(benchmark::State& state, std::size_t n, bool failed) {
  if (failed) {
    state.SkipWithError("a conversion failed inside the timed loop");
    return;
  }
  state.counters[per_code_point] = benchmark::Counter(static_cast<double>(n),
                                                      benchmark::Counter::kIsIterationInvariantRate |
                                                          benchmark::Counter::kInvert);
}

void bm_encode_puny(benchmark::State& state, distribution d) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const series& s = data(d, n);
  std::vector<char> out(s.punycode.size());
  std::vector<std::uint64_t> scratch(puny::encode_scratch_words(n));
  benchmark::DoNotOptimize(out.data());
  bool failed = false;
  for (auto _ : state) {
    const puny::result r = puny::encode(s.code_points, out, {}, scratch);
    failed |= !r;
    benchmark::DoNotOptimize(r.written);
    benchmark::ClobberMemory();
  }
  finish(state, n, failed);
}

void bm_decode_puny(benchmark::State& state, distribution d) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const series& s = data(d, n);
  std::vector<char32_t> out(n);
  std::vector<std::uint64_t> scratch(puny::decode_scratch_words(s.punycode.size()));
  benchmark::DoNotOptimize(out.data());
  bool failed = false;
  for (auto _ : state) {
    const puny::result r = puny::decode(s.punycode, out, {}, scratch);
    failed |= !r;
    benchmark::DoNotOptimize(r.written);
    benchmark::ClobberMemory();
  }
  finish(state, n, failed);
}

void bm_encode_libidn(benchmark::State& state, distribution d) {
  const auto n = static_cast<std::size_t>(state.range(0));
  series& s = data(d, n);
  check_libidn(s, d);
  std::vector<char> out(s.punycode.size());
  bool failed = false;
  for (auto _ : state) {
    const auto r = idn::encode(s.code_points_u32, out);
    failed |= !r;
    benchmark::DoNotOptimize(r);
  }
  finish(state, n, failed);
}

void bm_decode_libidn(benchmark::State& state, distribution d) {
  const auto n = static_cast<std::size_t>(state.range(0));
  series& s = data(d, n);
  check_libidn(s, d);
  std::vector<std::uint32_t> out(n);
  bool failed = false;
  for (auto _ : state) {
    const auto r = idn::decode(s.punycode, out);
    failed |= !r;
    benchmark::DoNotOptimize(r);
  }
  finish(state, n, failed);
}

}  // namespace

std::vector<std::string> scaling_distributions() { return {"bmp", "all"}; }
std::vector<std::size_t> scaling_sizes() { return {1'000, 10'000, 100'000, 1'000'000}; }
std::vector<std::size_t> scaling_sizes_libidn() { return {1'000, 10'000}; }

void register_scaling_benchmarks() {
  using fn = void (*)(benchmark::State&, distribution);
  struct family {
    const char* direction;
    const char* impl;
    fn run;
    bool libidn;
  };
  const family families[] = {
      {"encode", "puny", bm_encode_puny, false},
      {"encode", "libidn", bm_encode_libidn, true},
      {"decode", "puny", bm_decode_puny, false},
      {"decode", "libidn", bm_decode_libidn, true},
  };
  for (const distribution d : {distribution::bmp, distribution::all}) {
    for (const family& f : families) {
      if (f.libidn && !idn::available) continue;
      const std::string name = std::string("scale/") + f.direction + "/" + name_of(d) + "/" + f.impl;
      auto* b = benchmark::RegisterBenchmark(name.c_str(), f.run, d);
      b->Unit(benchmark::kMicrosecond);
      for (const std::size_t n : f.libidn ? scaling_sizes_libidn() : scaling_sizes()) {
        b->Arg(static_cast<std::int64_t>(n));
      }
    }
  }
}

}  // namespace puny_bench
