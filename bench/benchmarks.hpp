// puny benchmarks — registration of the benchmark families and the names
// the summary looks results up by.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace puny_bench {

/// Counter holding seconds per label (shown as "…ns"): every label benchmark.
inline constexpr const char* per_label = "per_label";
/// Counter holding seconds per code point: every scaling benchmark.
inline constexpr const char* per_code_point = "per_cp";

/// Per-label benchmarks over unicode.txt: "label/<what>/<impl>".
void register_label_benchmarks();

/// Scaling series over random code points: "scale/<direction>/<dist>/<impl>/<n>".
void register_scaling_benchmarks();

/// The scaling series' distributions and sizes, and the sizes libidn runs at.
std::vector<std::string> scaling_distributions();
std::vector<std::size_t> scaling_sizes();
std::vector<std::size_t> scaling_sizes_libidn();

}  // namespace puny_bench
