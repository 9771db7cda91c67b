// Per-label benchmarks: every label of unicode.txt with a non-ASCII code
// point, one pass over all of them per iteration, reported per label.
//
//  label/overhead/none             the loop alone (reads each label's first element)
//  label/encode/{puny,libidn}       UTF-32 -> Punycode into a reused buffer
//  label/decode/{puny,libidn}       Punycode -> UTF-32 into a reused buffer
//  label/encode_utf8/puny           puny::encode_utf8 (allocating wrapper)
//  label/decode_to_utf8/puny        puny::decode_to_utf8 (allocating wrapper)
//  label/encode_utf8_core/puny      utf8_to_utf32 + encode, caller buffers
//  label/decode_utf8_core/puny      decode + utf32_to_utf8, caller buffers
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

#include "benchmarks.hpp"
#include "corpus.hpp"
#include "libidn.hpp"
#include "puny/punycode.hpp"
#include "puny/utf8.hpp"

namespace puny_bench {
namespace {

const label_set* labels_or_skip(benchmark::State& state) {
  std::string why;
  const label_set* set = unicode_labels(why);
  if (set == nullptr) state.SkipWithError(why.c_str());
  return set;
}

void finish(benchmark::State& state, const label_set& set, bool failed) {
  if (failed) {
    state.SkipWithError("a conversion failed inside the timed loop");
    return;
  }
  state.counters[per_label] = benchmark::Counter(static_cast<double>(set.size()),
                                                 benchmark::Counter::kIsIterationInvariantRate |
                                                     benchmark::Counter::kInvert);
  state.counters["labels"] = static_cast<double>(set.size());
}

// Runs `one(k)` — which converts label k and returns the characters or code
// points written, or SIZE_MAX on failure — over every label, per iteration.
template <class One>
void over_labels(benchmark::State& state, const label_set& set, One one) {
  const std::size_t n = set.size();
  bool failed = false;
  for (auto _ : state) {
    std::size_t total = 0;
    for (std::size_t k = 0; k < n; ++k) {
      const std::size_t w = one(k);
      failed |= w == SIZE_MAX;
      total += w;
      benchmark::ClobberMemory();  // the output of every label is stored
    }
    benchmark::DoNotOptimize(total);
  }
  finish(state, set, failed);
}

// The harness alone: the same loop reading each label's UTF-32 and Punycode
// spans without converting, to read the others' figures against.
void bm_overhead(benchmark::State& state) {
  const label_set* set = labels_or_skip(state);
  if (set == nullptr) return;
  over_labels(state, *set, [&](std::size_t k) {
    const auto in = set->code_points[k];
    const auto ace = set->punycode[k];
    return static_cast<std::size_t>(in[0]) + static_cast<std::size_t>(ace[0]);
  });
}

void bm_encode_puny(benchmark::State& state) {
  const label_set* set = labels_or_skip(state);
  if (set == nullptr) return;
  std::vector<char> out(set->max_punycode);
  benchmark::DoNotOptimize(out.data());
  over_labels(state, *set, [&](std::size_t k) {
    const puny::result r = puny::encode(set->code_points[k], out);
    return r ? r.written : SIZE_MAX;
  });
}

void bm_encode_libidn(benchmark::State& state) {
  const label_set* set = labels_or_skip(state);
  if (set == nullptr) return;
  std::vector<char> out(set->max_punycode);
  benchmark::DoNotOptimize(out.data());
  over_labels(state, *set, [&](std::size_t k) {
    const auto r = idn::encode(set->code_points_u32[k], out);
    return r ? *r : SIZE_MAX;
  });
}

void bm_decode_puny(benchmark::State& state) {
  const label_set* set = labels_or_skip(state);
  if (set == nullptr) return;
  std::vector<char32_t> out(set->max_code_points);
  benchmark::DoNotOptimize(out.data());
  over_labels(state, *set, [&](std::size_t k) {
    const puny::result r = puny::decode(set->punycode[k], out);
    return r ? r.written : SIZE_MAX;
  });
}

void bm_decode_libidn(benchmark::State& state) {
  const label_set* set = labels_or_skip(state);
  if (set == nullptr) return;
  std::vector<std::uint32_t> out(set->max_code_points);
  benchmark::DoNotOptimize(out.data());
  over_labels(state, *set, [&](std::size_t k) {
    const auto r = idn::decode(set->punycode[k], out);
    return r ? *r : SIZE_MAX;
  });
}

void bm_encode_utf8_wrapper(benchmark::State& state) {
  const label_set* set = labels_or_skip(state);
  if (set == nullptr) return;
  over_labels(state, *set, [&](std::size_t k) {
    const auto in = set->utf8[k];
    const puny::converted<std::string> r = puny::encode_utf8(std::string_view(in.data(), in.size()));
    return r ? r->size() : SIZE_MAX;
  });
}

void bm_decode_to_utf8_wrapper(benchmark::State& state) {
  const label_set* set = labels_or_skip(state);
  if (set == nullptr) return;
  over_labels(state, *set, [&](std::size_t k) {
    const auto in = set->punycode[k];
    const puny::converted<std::string> r = puny::decode_to_utf8(std::string_view(in.data(), in.size()));
    return r ? r->size() : SIZE_MAX;
  });
}

void bm_encode_utf8_core(benchmark::State& state) {
  const label_set* set = labels_or_skip(state);
  if (set == nullptr) return;
  std::vector<char32_t> cps(set->max_code_points);
  std::vector<char> out(set->max_punycode);
  benchmark::DoNotOptimize(out.data());
  over_labels(state, *set, [&](std::size_t k) {
    const puny::result u = puny::utf8_to_utf32(set->utf8[k], cps);
    if (!u) return SIZE_MAX;
    const puny::result r = puny::encode(std::span<const char32_t>(cps.data(), u.written), out);
    return r ? r.written : SIZE_MAX;
  });
}

void bm_decode_utf8_core(benchmark::State& state) {
  const label_set* set = labels_or_skip(state);
  if (set == nullptr) return;
  std::vector<char32_t> cps(set->max_code_points);
  std::vector<char> out(4 * set->max_code_points);
  benchmark::DoNotOptimize(out.data());
  over_labels(state, *set, [&](std::size_t k) {
    const puny::result d = puny::decode(set->punycode[k], cps);
    if (!d) return SIZE_MAX;
    const puny::result r = puny::utf32_to_utf8(std::span<const char32_t>(cps.data(), d.written), out);
    return r ? r.written : SIZE_MAX;
  });
}

}  // namespace

void register_label_benchmarks() {
  benchmark::RegisterBenchmark("label/overhead/none", bm_overhead);
  benchmark::RegisterBenchmark("label/encode/puny", bm_encode_puny);
  if (idn::available) benchmark::RegisterBenchmark("label/encode/libidn", bm_encode_libidn);
  benchmark::RegisterBenchmark("label/decode/puny", bm_decode_puny);
  if (idn::available) benchmark::RegisterBenchmark("label/decode/libidn", bm_decode_libidn);
  benchmark::RegisterBenchmark("label/encode_utf8/puny", bm_encode_utf8_wrapper);
  benchmark::RegisterBenchmark("label/decode_to_utf8/puny", bm_decode_to_utf8_wrapper);
  benchmark::RegisterBenchmark("label/encode_utf8_core/puny", bm_encode_utf8_core);
  benchmark::RegisterBenchmark("label/decode_utf8_core/puny", bm_decode_utf8_core);
}

}  // namespace puny_bench
