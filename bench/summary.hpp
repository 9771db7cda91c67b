// puny benchmarks — a reporter that passes every run on to the real one
// (console or JSON) and keeps the per-item counters, and the summary printed
// from them at the end: puny/libidn ratios per label, puny/ICU and
// puny/libidn2 ratios per domain, and the scaling series.
#pragma once

#include <benchmark/benchmark.h>

#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace puny_bench {

class collecting_reporter final : public benchmark::BenchmarkReporter {
 public:
  explicit collecting_reporter(std::unique_ptr<benchmark::BenchmarkReporter> inner);

  bool ReportContext(const Context& context) override;
  void ReportRuns(const std::vector<Run>& runs) override;
  void Finalize() override;

  /// Nanoseconds per item from `counter` of benchmark `name` ("label/encode/puny",
  /// "scale/decode/bmp/puny/1000"): the median aggregate when there were
  /// repetitions, else the median over the runs; nothing when it did not run.
  [[nodiscard]] std::optional<double> ns(const std::string& name, const std::string& counter) const;

  /// The counter's value as reported (a count, or a rate per second), chosen
  /// as ns() chooses.
  [[nodiscard]] std::optional<double> value(const std::string& name, const std::string& counter) const;

  /// True when no benchmark reported a result.
  [[nodiscard]] bool empty() const noexcept { return iterations_.empty() && medians_.empty(); }

 private:
  std::unique_ptr<benchmark::BenchmarkReporter> inner_;
  // name -> counter -> seconds per item
  std::map<std::string, std::map<std::string, std::vector<double>>> iterations_;
  std::map<std::string, std::map<std::string, double>> medians_;
};

/// The summary: puny vs libidn per label, the wrappers, puny vs ICU and
/// libidn2 per domain, IDNA2008 and IDNA2003 against their peers, the
/// scaling series.
void print_summary(std::ostream& out, const collecting_reporter& results);

}  // namespace puny_bench
