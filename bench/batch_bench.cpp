// puny benchmarks — the batch calls of <puny/batch.hpp> against a loop of
// one-name calls writing the same packed output, over the domain corpora:
// "idna/batch/<direction>/<corpus>/{one_by_one,batch}".  A block of 1,024
// names per batch call, as the command's workers and the bindings use it.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "benchmarks.hpp"
#include "domain_corpus.hpp"
#include "puny/batch.hpp"
#include "puny/idna.hpp"

namespace puny_bench {
namespace {

constexpr std::size_t block = 1024;

struct batch_input {
  std::vector<std::string_view> names;
  std::vector<char> out;
  std::vector<puny::batch_item> items;
};

bool prepare(benchmark::State& state, domain_corpus c, batch_input& in) {
  std::string why;
  const domain_set* set = domains(c, why);
  if (set == nullptr) {
    state.SkipWithError(why.c_str());
    return false;
  }
  for (std::size_t k = 0; k < set->size(); ++k) in.names.push_back((*set)[k]);
  // 72 bytes of output per input byte bound every conversion (idna_bench.cpp).
  in.out.resize(72 * set->bytes() / 4 + 72 * set->max_bytes + 64);
  in.items.resize(block);
  return true;
}

void finish(benchmark::State& state, std::size_t n, bool broken) {
  if (broken) {
    state.SkipWithError("a batch ran out of output room");
    return;
  }
  state.counters[per_domain] =
      benchmark::Counter(static_cast<double>(n), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  state.counters[domain_count] = static_cast<double>(n);
}

void bm_one_by_one(benchmark::State& state, domain_corpus c, bool unicode) {
  batch_input in;
  if (!prepare(state, c, in)) return;
  const puny::idna_options options;
  bool broken = false;
  for (auto _ : state) {
    std::size_t written = 0;
    for (std::size_t k = 0; k < in.names.size(); ++k) {
      const std::span<char> room = std::span<char>(in.out).subspan(written);
      const puny::idna_result r =
          unicode ? puny::to_unicode(in.names[k], room, options) : puny::to_ascii(in.names[k], room, options);
      broken |= r.code == puny::status::output_too_small;
      in.items[k % block].size = r.written;
      written += r.written;
    }
    benchmark::DoNotOptimize(written);
    benchmark::ClobberMemory();
  }
  finish(state, in.names.size(), broken);
}

void bm_batch(benchmark::State& state, domain_corpus c, bool unicode) {
  batch_input in;
  if (!prepare(state, c, in)) return;
  const puny::idna_options options;
  bool broken = false;
  for (auto _ : state) {
    std::size_t written = 0;
    for (std::size_t k = 0; k < in.names.size(); k += block) {
      const std::size_t n = std::min(block, in.names.size() - k);
      const std::span<const std::string_view> names(in.names.data() + k, n);
      const std::span<char> room = std::span<char>(in.out).subspan(written);
      const puny::batch_result r = unicode ? puny::to_unicode_batch(names, room, in.items, options)
                                           : puny::to_ascii_batch(names, room, in.items, options);
      broken |= r.done != n;
      written += r.written;
    }
    benchmark::DoNotOptimize(written);
    benchmark::ClobberMemory();
  }
  finish(state, in.names.size(), broken);
}

}  // namespace

void register_batch_benchmarks() {
  struct run {
    const char* direction;
    domain_corpus corpus;
    bool unicode;
  };
  for (const run r : {run{to_ascii_direction, domain_corpus::ascii, false},
                      run{to_ascii_direction, domain_corpus::mixed, false},
                      run{to_ascii_direction, domain_corpus::unicode, false},
                      run{to_unicode_direction, domain_corpus::ace, true}}) {
    const std::string base = std::string("idna/batch/") + r.direction + "/" + name_of(r.corpus) + "/";
    benchmark::RegisterBenchmark((base + "one_by_one").c_str(), bm_one_by_one, r.corpus, r.unicode);
    benchmark::RegisterBenchmark((base + "batch").c_str(), bm_batch, r.corpus, r.unicode);
  }
}

}  // namespace puny_bench
