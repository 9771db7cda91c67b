// The other IDNA standards (issue 24): ToASCII of whole names from
// unicode.txt, one pass over a fixed set of names per iteration, reported
// per name, each implementation writing into a buffer allocated outside the
// timed loop (the GNU libraries cannot: they malloc their output).
//
//  standards/idna2008/puny     puny::idna2008::to_ascii, lookup profile (CONTEXTO and Bidi evaluated)
//  standards/idna2008/uts46    puny::to_ascii, default options (profile uts46)
//  standards/idna2008/libidn2  idn2_lookup_u8 with IDN2_NO_TR46 (IDNA2008 without the UTS #46 mapping)
//  standards/idna2003/puny     puny::idna2003::to_ascii, AllowUnassigned
//  standards/idna2003/libidn   idna_to_ascii_8z with IDNA_ALLOW_UNASSIGNED
//
// Which names: a ratio compares the same work only when both sides convert
// the same names all the way.  IDNA2008 rejects every name of unicode.txt
// that holds a character outside its repertoire (upper case, symbols, code
// points newer than a peer's tables); libidn rejects others (its Unicode
// 3.2, its Bidi table).  A rejection usually returns at the first bad code
// point, so timing all names would credit the stricter side with work it
// skipped.  So each comparison times only the names that every
// implementation in it accepts (computed once, before any timing), and
// the summary says how many names that is and how many each side rejected
// over the whole corpus.  Both sets also count the names on which the
// outputs differ, which must be none for the ratio to compare like with
// like.
#include "standards_bench.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "benchmarks.hpp"
#include "domain_corpus.hpp"
#include "libidn.hpp"
#include "puny/idna.hpp"
#include "puny/idna2003.hpp"
#include "puny/idna2008.hpp"
#include "summary.hpp"

#if defined(PUNY_BENCH_HAVE_LIBIDN)
#include <idn-free.h>
#include <idna.h>
#endif
#if defined(PUNY_BENCH_HAVE_LIBIDN2)
#define IDN2_SKIP_LIBIDN_COMPAT  // libidn's own idna.h names, not libidn2's macros
#include <idn2.h>
#endif

namespace puny_bench {
namespace {

constexpr const char* kIdna2008Puny = "standards/idna2008/puny";
constexpr const char* kIdna2008Uts46 = "standards/idna2008/uts46";
constexpr const char* kIdna2008Libidn2 = "standards/idna2008/libidn2";
constexpr const char* kIdna2003Puny = "standards/idna2003/puny";
constexpr const char* kIdna2003Libidn = "standards/idna2003/libidn";
constexpr const char* kDiffers = "differs";

#if defined(PUNY_BENCH_HAVE_LIBIDN2)
constexpr bool kHaveLibidn2 = true;
#else
constexpr bool kHaveLibidn2 = false;
#endif

/// What one conversion did: the text it wrote (in `out`, or owned by the
/// peer's malloc and copied into `out` for the comparison outside timing).
struct conversion {
  std::size_t written = 0;
  bool accepted = false;
  bool broken = false;  // the harness is wrong (buffer too small, out of memory)
};

puny::idna2008::options idna2008_options() {
  return puny::idna2008::options::for_profile(puny::idna2008::profile::lookup);
}

puny::idna2003::options idna2003_options() {
  puny::idna2003::options o;
  o.allow_unassigned = true;  // as IDNA_ALLOW_UNASSIGNED: the same check on both sides
  return o;
}

conversion idna2008_puny(std::string_view d, std::span<char> out) noexcept {
  const auto r = puny::idna2008::to_ascii(d, out, idna2008_options());
  return {r.written, r.ok(), r.code == puny::status::output_too_small || r.code == puny::status::scratch_too_small};
}

conversion idna2008_uts46(std::string_view d, std::span<char> out) noexcept {
  const auto r = puny::to_ascii(d, out, puny::idna_options{});
  return {r.written, r.ok(), r.code == puny::status::output_too_small || r.code == puny::status::scratch_too_small};
}

conversion idna2003_puny(std::string_view d, std::span<char> out) noexcept {
  const auto r = puny::idna2003::to_ascii(d, out, idna2003_options());
  return {r.written, r.ok(), r.code == puny::status::output_too_small || r.code == puny::status::scratch_too_small};
}

/// A peer's malloc'd C string: its length, copied into `out` when `copy`
/// (outside the timed loop only), then freed inside the call, which is
/// part of what using the library costs.
conversion from_malloced(int rc, int ok, char* text, std::span<char> out, bool copy, void (*release)(void*)) noexcept {
  conversion c;
  c.accepted = rc == ok && text != nullptr;
  if (c.accepted) {
    c.written = std::strlen(text);
    if (copy) {
      if (c.written <= out.size()) {
        std::memcpy(out.data(), text, c.written);
      } else {
        c.broken = true;
      }
    }
  }
  release(text);
  return c;
}

// `d` is followed by a NUL in memory (domain_set), as the C-string
// functions need.
conversion idna2008_libidn2(std::string_view d, std::span<char> out, bool copy) noexcept {
#if defined(PUNY_BENCH_HAVE_LIBIDN2)
  std::uint8_t* text = nullptr;
  const int rc = idn2_lookup_u8(reinterpret_cast<const std::uint8_t*>(d.data()), &text, IDN2_NO_TR46);
  return from_malloced(rc, IDN2_OK, reinterpret_cast<char*>(text), out, copy, idn2_free);
#else
  (void)d, (void)out, (void)copy;
  return {0, false, true};
#endif
}

conversion idna2003_libidn(std::string_view d, std::span<char> out, bool copy) noexcept {
#if defined(PUNY_BENCH_HAVE_LIBIDN)
  char* text = nullptr;
  const int rc = idna_to_ascii_8z(d.data(), &text, IDNA_ALLOW_UNASSIGNED);
  return from_malloced(rc, IDNA_SUCCESS, text, out, copy, idn_free);
#else
  (void)d, (void)out, (void)copy;
  return {0, false, true};
#endif
}

using converter = conversion (*)(std::string_view, std::span<char>, bool);

conversion puny_2008(std::string_view d, std::span<char> out, bool) { return idna2008_puny(d, out); }
conversion puny_uts46(std::string_view d, std::span<char> out, bool) { return idna2008_uts46(d, out); }
conversion puny_2003(std::string_view d, std::span<char> out, bool) { return idna2003_puny(d, out); }

void push(domain_set& set, std::string_view domain) {
  set.text.append(domain);
  set.text.push_back('\0');
  set.starts.push_back(set.text.size());
  set.max_bytes = std::max(set.max_bytes, domain.size());
}

/// The names of unicode.txt every converter of one comparison accepts,
/// with how many each rejected over the whole corpus and on how many of
/// the common names the outputs differ.
struct common_set {
  domain_set names;
  std::size_t corpus = 0;
  std::vector<std::size_t> rejected;  // per converter, over the whole corpus
  std::size_t differ = 0;             // common names whose outputs are not all equal
  std::string why;                    // non-empty: no set
};

common_set make_common(const std::vector<converter>& converters) {
  common_set c;
  const domain_set* all = domains(domain_corpus::unicode, c.why);
  if (all == nullptr) return c;
  c.corpus = all->size();
  c.rejected.assign(converters.size(), 0);
  c.names.source = all->source;
  std::vector<std::vector<char>> outs(converters.size(), std::vector<char>(72 * all->max_bytes + 64));
  for (std::size_t k = 0; k < all->size(); ++k) {
    const std::string_view d = (*all)[k];
    bool every = true;
    bool same = true;
    std::optional<std::string_view> first;
    for (std::size_t j = 0; j < converters.size(); ++j) {
      const conversion r = converters[j](d, outs[j], true);
      if (r.broken) {
        c.why = "a conversion could not run (output buffer too small, out of memory, or the peer is missing)";
        return c;
      }
      if (!r.accepted) {
        ++c.rejected[j];
        every = false;
        continue;
      }
      const std::string_view text(outs[j].data(), r.written);
      if (first && *first != text) same = false;
      if (!first) first = text;
    }
    if (!every) continue;
    push(c.names, d);
    if (!same) ++c.differ;
  }
  if (c.names.size() == 0) c.why = "no name of " + c.names.source + " is accepted by every implementation";
  return c;
}

const common_set& idna2008_set() {
  static const common_set set =
      make_common(kHaveLibidn2 ? std::vector<converter>{puny_2008, puny_uts46, idna2008_libidn2}
                               : std::vector<converter>{puny_2008, puny_uts46});
  return set;
}

const common_set& idna2003_set() {
  static const common_set set = make_common(idn::available ? std::vector<converter>{puny_2003, idna2003_libidn}
                                                           : std::vector<converter>{puny_2003});
  return set;
}

void run(benchmark::State& state, const common_set& set, converter one) {
  if (!set.why.empty()) {
    state.SkipWithError(set.why.c_str());
    return;
  }
  const domain_set& names = set.names;
  std::vector<char> out(72 * names.max_bytes + 64);
  benchmark::DoNotOptimize(out.data());
  const std::size_t n = names.size();
  bool broken = false;
  std::size_t rejected = 0;
  for (auto _ : state) {
    std::size_t total = 0;
    rejected = 0;
    for (std::size_t k = 0; k < n; ++k) {
      const conversion c = one(names[k], out, false);
      broken |= c.broken;
      rejected += c.accepted ? 0 : 1;
      total += c.written;
      benchmark::ClobberMemory();
    }
    benchmark::DoNotOptimize(total);
  }
  if (broken) {
    state.SkipWithError("a conversion could not run inside the timed loop");
    return;
  }
  state.counters[per_domain] = benchmark::Counter(
      static_cast<double>(n), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  state.counters[domain_count] = static_cast<double>(n);
  state.counters[rejected_count] = static_cast<double>(rejected);
  state.counters[kDiffers] = static_cast<double>(set.differ);
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(names.bytes()));
}

std::string fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

std::string pad(const std::string& s, std::size_t width) {
  return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

std::string pad_right(const std::string& s, std::size_t width) {
  return s.size() >= width ? s : s + std::string(width - s.size(), ' ');
}

}  // namespace

void register_standards_benchmarks() {
  benchmark::RegisterBenchmark(kIdna2008Puny, [](benchmark::State& s) { run(s, idna2008_set(), puny_2008); });
  benchmark::RegisterBenchmark(kIdna2008Uts46, [](benchmark::State& s) { run(s, idna2008_set(), puny_uts46); });
  if (kHaveLibidn2) {
    benchmark::RegisterBenchmark(kIdna2008Libidn2,
                                 [](benchmark::State& s) { run(s, idna2008_set(), idna2008_libidn2); });
  }
  benchmark::RegisterBenchmark(kIdna2003Puny, [](benchmark::State& s) { run(s, idna2003_set(), puny_2003); });
  if (idn::available) {
    benchmark::RegisterBenchmark(kIdna2003Libidn, [](benchmark::State& s) { run(s, idna2003_set(), idna2003_libidn); });
  }
}

void print_standards_summary(std::ostream& out, const collecting_reporter& results) {
  const auto ns = [&](const char* name) { return results.ns(name, per_domain); };
  struct row {
    const char* title;
    const char* mine;
    const char* theirs;
    double goal;
  };
  constexpr row rows[] = {
      {"IDNA2008 lookup / puny UTS #46", kIdna2008Puny, kIdna2008Uts46, 1.2},
      {"IDNA2008 lookup / libidn2 NO_TR46", kIdna2008Puny, kIdna2008Libidn2, 0.3},
      {"IDNA2003 / libidn idna_to_ascii_8z", kIdna2003Puny, kIdna2003Libidn, 0.25},
  };
  bool any = false;
  for (const row& r : rows) any = any || ns(r.mine) || ns(r.theirs);
  if (!any) return;
  out << "\nIDNA2008 and IDNA2003 ToASCII (issue 24), ns per name of unicode.txt, over the names every implementation"
         " of the comparison accepts\n"
      << pad_right("", 36) << pad("puny", 9) << pad("other", 9) << pad("ratio", 8) << pad("goal", 10) << '\n';
  for (const row& r : rows) {
    const auto a = ns(r.mine);
    const auto b = ns(r.theirs);
    if (!a && !b) continue;
    // A plain double, not std::optional: g++ 12 warns falsely
    // (-Wmaybe-uninitialized) about an optional built from a condition.
    const bool have_ratio = a && b && *b > 0;
    const double ratio = have_ratio ? *a / *b : 0.0;
    out << pad_right(r.title, 36) << pad(a ? fixed(*a, 1) : "-", 9) << pad(b ? fixed(*b, 1) : "-", 9)
        << pad(have_ratio ? fixed(ratio, 3) : "-", 8) << pad("<= " + fixed(r.goal, 2), 10)
        << (have_ratio ? (ratio <= r.goal ? "  met" : "  NOT met") : "") << '\n';
  }
  const auto describe = [&](const char* what, const common_set& set, std::initializer_list<const char*> names) {
    if (!set.why.empty()) {
      out << "  " << what << ": " << set.why << '\n';
      return;
    }
    out << "  " << what << ": " << set.names.size() << " of " << set.corpus
        << " names timed; rejected over the corpus by";
    std::size_t j = 0;
    for (const char* name : names) {
      if (j < set.rejected.size()) out << (j == 0 ? " " : ", ") << name << ' ' << set.rejected[j];
      ++j;
    }
    out << "; outputs differing on the timed names: " << set.differ << '\n';
  };
  // The sets are built already when one of their benchmarks ran.
  if (ns(kIdna2008Puny) || ns(kIdna2008Uts46) || ns(kIdna2008Libidn2)) {
    describe("IDNA2008", idna2008_set(), {"puny IDNA2008", "puny UTS #46", "libidn2"});
  }
  if (ns(kIdna2003Puny) || ns(kIdna2003Libidn)) describe("IDNA2003", idna2003_set(), {"puny IDNA2003", "libidn"});
}

}  // namespace puny_bench
