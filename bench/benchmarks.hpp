// puny benchmarks — registration of the benchmark families and the names
// the summary looks results up by.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "domain_corpus.hpp"

namespace puny_bench {

/// Counter holding seconds per label (shown as "…ns"): every label benchmark.
inline constexpr const char* per_label = "per_label";
/// Counter holding seconds per code point: every scaling benchmark.
inline constexpr const char* per_code_point = "per_cp";

/// Counters of every IDNA benchmark: seconds per domain (shown as "…ns"),
/// the domains converted per pass, and how many of them the implementation
/// rejected (reported an error for).
inline constexpr const char* per_domain = "per_domain";
inline constexpr const char* domain_count = "domains";
inline constexpr const char* rejected_count = "rejected";
/// puny with ICU's options only: domains on which it and ICU disagree.
inline constexpr const char* differences_count = "differs_from_icu";

/// The parts of IDNA benchmark names: "idna/<direction>/<corpus>/<impl>".
inline constexpr const char* to_ascii_direction = "to_ascii";
inline constexpr const char* to_unicode_direction = "to_unicode";
inline constexpr const char* impl_puny = "puny";                    // default options (profile uts46)
inline constexpr const char* impl_puny_icu_like = "puny_icu_like";  // the options ICU's flags amount to
inline constexpr const char* impl_puny_whatwg = "puny_whatwg";      // profile whatwg (URL Standard, beStrict = false)
inline constexpr const char* impl_icu = "icu";
inline constexpr const char* impl_libidn2 = "libidn2";
[[nodiscard]] std::string idna_benchmark_name(const char* direction, domain_corpus c, const char* impl);

/// Per-label benchmarks over unicode.txt: "label/<what>/<impl>".
void register_label_benchmarks();

/// Per-domain IDNA benchmarks over the domain corpora:
/// "idna/to_ascii/{ascii,unicode,mixed}/<impl>", "idna/to_unicode/ace/<impl>".
void register_idna_benchmarks();

/// The batch calls against one-name calls (batch_bench.cpp):
/// "idna/batch/<direction>/<corpus>/{one_by_one,batch}".
void register_batch_benchmarks();

/// Display-safety benchmarks (display_bench.cpp): puny::display against
/// to_unicode, puny::skeleton against ICU's uspoof, the look-alike index.
inline constexpr const char* display_to_unicode_benchmark = "display/to_unicode/ace/puny";
inline constexpr const char* display_chromium_benchmark = "display/chromium/ace/puny";
inline constexpr const char* skeleton_puny_benchmark = "skeleton/utf8/labels/puny";
inline constexpr const char* skeleton_icu_benchmark = "skeleton/utf8/labels/icu";
inline constexpr const char* lookalike_build_benchmark = "lookalike/build/1000000";
inline constexpr const char* lookalike_find_mixed_benchmark = "lookalike/find/mixed";
void register_display_benchmarks();

/// Scaling series over random code points: "scale/<direction>/<dist>/<impl>/<n>".
void register_scaling_benchmarks();

/// The scaling series' distributions and sizes, and the sizes libidn runs at.
std::vector<std::string> scaling_distributions();
std::vector<std::size_t> scaling_sizes();
std::vector<std::size_t> scaling_sizes_libidn();

}  // namespace puny_bench
