// puny_bench — Google Benchmark suite for puny, with GNU libidn's Punycode
// codec, and ICU's and GNU libidn2's IDNA, as the points of comparison when
// they were found at configure time.
//
//   puny_bench [--benchmark_filter=label/] [--benchmark_repetitions=3] ...
//   puny_bench --benchmark_filter=idna/ --benchmark_repetitions=3 ...
//   puny_bench --benchmark_filter=standards/ --benchmark_repetitions=3 ...
//
// The corpus directory is PUNY_CORPUS_DIR from the environment, else the
// one configured in CMake.  After the benchmarks, a summary gives the
// puny/libidn time ratios per label, puny/ICU and puny/libidn2 per domain,
// IDNA2008 and IDNA2003 against UTS #46, libidn2 and libidn (issue 24's
// goals), and the scaling series per code point
// (on stdout with the console format, on stderr with --benchmark_format=json
// so that stdout stays valid JSON).
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <iostream>
#include <memory>
#include <string>
#include <string_view>

#include "benchmarks.hpp"
#include "corpus.hpp"
#include "idna_peers.hpp"
#include "libidn.hpp"
#include "puny/detail/simd_dispatch.hpp"
#include "standards_bench.hpp"
#include "summary.hpp"

namespace {

// The value of --name=value (or "" when absent); the last one wins, as in
// Google Benchmark's own parsing.
std::string flag(int argc, char** argv, std::string_view name) {
  std::string value;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg(argv[i]);
    if (arg.size() > name.size() + 3 && arg.substr(0, 2) == "--" && arg.substr(2, name.size()) == name &&
        arg[2 + name.size()] == '=') {
      value = std::string(arg.substr(name.size() + 3));
    }
  }
  return value;
}

bool is_false(const std::string& v) { return v == "false" || v == "no" || v == "0" || v == "off"; }
bool is_true(const std::string& v) { return v == "true" || v == "yes" || v == "1" || v == "on"; }

}  // namespace

int main(int argc, char** argv) {
  // Read before Initialize, which removes the flags it knows from argv.
  const std::string format = flag(argc, argv, "benchmark_format");
  const std::string color = flag(argc, argv, "benchmark_color");
  const std::string tabular = flag(argc, argv, "benchmark_counters_tabular");

  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;

  benchmark::AddCustomContext("puny_corpus_dir", puny_bench::corpus_dir());
  benchmark::AddCustomContext("libidn", puny_bench::idn::version());
  benchmark::AddCustomContext("icu", puny_bench::icu::version());
  benchmark::AddCustomContext("libidn2", puny_bench::idn2::version());
  // The kernels the label and ToUnicode figures ran on: PUNY_CPU=portable
  // measures the portable code on the same CPU.
  benchmark::AddCustomContext("simd", puny::detail::simd_dispatch_summary());
  puny_bench::register_label_benchmarks();
  puny_bench::register_idna_benchmarks();
  puny_bench::register_batch_benchmarks();
  puny_bench::register_scaling_benchmarks();
  puny_bench::register_display_benchmarks();
  puny_bench::register_standards_benchmarks();

  if (format == "csv") {
    // CSVReporter is deprecated; let the library print it, without a summary.
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
  }

  std::unique_ptr<benchmark::BenchmarkReporter> inner;
  const bool json = format == "json";
  if (json) {
    inner = std::make_unique<benchmark::JSONReporter>();
  } else {
    int options = benchmark::ConsoleReporter::OO_None;
    const bool want_color = color.empty() || color == "auto" ? isatty(STDOUT_FILENO) != 0 : !is_false(color);
    if (want_color) options |= benchmark::ConsoleReporter::OO_Color;
    if (is_true(tabular)) options |= benchmark::ConsoleReporter::OO_Tabular;
    inner = std::make_unique<benchmark::ConsoleReporter>(static_cast<benchmark::ConsoleReporter::OutputOptions>(options));
  }
  puny_bench::collecting_reporter reporter(std::move(inner));
  benchmark::RunSpecifiedBenchmarks(&reporter);
  puny_bench::print_summary(json ? std::cerr : std::cout, reporter);
  benchmark::Shutdown();
  return 0;
}
