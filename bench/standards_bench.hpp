// puny benchmarks — IDNA2008 and IDNA2003 ToASCII against UTS #46 and the
// GNU libraries (standards_bench.cpp), and their lines of the summary.
#pragma once

#include <ostream>

namespace puny_bench {

class collecting_reporter;

/// "standards/<standard>/<impl>" over the names of unicode.txt that every
/// implementation of the comparison accepts (see standards_bench.cpp).
void register_standards_benchmarks();

/// The ratios against issue 24's goals; nothing when none of them ran.
void print_standards_summary(std::ostream& out, const collecting_reporter& results);

}  // namespace puny_bench
