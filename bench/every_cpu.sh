#!/usr/bin/env bash
# Issue 27's figures in one go: the label and domain benchmarks against
# their peers, once with the run-time dispatch capped at AVX2 (what every
# x86-64-v3 CPU without AVX-512 runs) and once uncapped, each run ending in
# the summary table with the goals, the CPU and the kernels used.
#   bench/every_cpu.sh [build-dir] [extra puny_bench flags...]
# On a CPU without AVX-512 both runs use the AVX2 kernels; on AArch64 both
# use NEON.  Pin to one core (taskset -c 1 bench/every_cpu.sh) on a quiet
# machine: the ratios come from one run each, peers interleaved.
set -euo pipefail
build=${1:-build}
shift || true
bench=$build/bench/puny_bench
[ -x "$bench" ] || { echo "no $bench: cmake --build $build --target puny_bench" >&2; exit 2; }
filter='^(label/(encode|decode)/|idna/to_ascii/(ascii|unicode|mixed)/(puny|puny_icu_like|puny_whatwg|icu)$|idna/to_unicode/ace/(puny|puny_icu_like|icu)$)'
for cap in avx2 ""; do
  echo "=== PUNY_CPU=${cap:-(unset)} ==="
  PUNY_CPU=$cap "$bench" --benchmark_filter="$filter" --benchmark_repetitions=5 \
    --benchmark_report_aggregates_only=true "$@" | sed -n '/== puny summary/,$p'
done
