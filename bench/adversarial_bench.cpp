// Adversarial series (issue 5, "hardening"): the inputs of
// tests/lib/adversarial_test.cpp at 10^4 .. 10^7 bytes, to read off that
// time stays near-linear in the input size for each class.
//
//  adversarial/<class>/<operation>/<bytes>
//
//  combining_marks   "a" + U+0301 repeated (UTS #46 §4 NFC on one label)
//  long_label        U+00FC repeated: one label, one distinct code point
//  long_label_ace    its A-label, "xn--tdaaa…", back through ToUnicode
//  many_labels       "ü.ü.ü…": a label every three bytes
//  xn_one_label      "xn--" repeated as one label (§4 step 4.1: P4 path)
//  xn_labels         "xn--.xn--.…": an "xn--" label every five bytes
//  bad_utf8_at_end   valid UTF-8 with a truncated sequence as its last bytes
//  overflow_at_end   Punycode: an n-byte literal portion, then an integer
//                    that overflows (RFC 3492 §6.4)
//  max_deltas        Punycode of n / 4 code points in descending order
//                    from U+10FFFF (and again from the top): every delta
//                    as large as it can be
//  marks_distinct    "a" + the 103 distinct nonspacing marks of U+0300..036F
//                    and U+0591..05BD repeated: one run of marks of many
//                    classes (UTS #39 §5.4 repeat table, NFD replays; §4
//                    canonical ordering in the skeleton)
//  ignorable_runs    "a" + ten marks of nine classes with U+034F CGJ among
//                    them, repeated: the skeleton removes the ignorable and
//                    joins every run into one to sort (UTS #39 §4 step 4)
//  dots_after_i      "i" + U+0307 repeated (§5.4 hidden overlay)
//
// The security operations are analyze_identifier (UTS #39 §5) and skeleton
// (§4), and display is puny::display with the chromium policy (the label
// classes, one huge label or many small ones).
// IDNA runs with the whatwg profile's options, which check no DNS length,
// so that the long inputs are converted in full rather than refused.
// Each reports `per_byte` (seconds per input byte, shown in ns) and a
// linear fit (BigO, RMS) over its sizes: a flat per_byte column and a small
// RMS mean linear time.  Inputs are built and each result is checked once,
// outside the timed loop.  The benchmarks register themselves at static
// initialization, so main.cpp needs no call for them; the summary printed
// after the run does not list them.
#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "puny/display.hpp"
#include "puny/idna.hpp"
#include "puny/punycode.hpp"
#include "puny/security.hpp"
#include "puny/utf8.hpp"

namespace puny_bench {
namespace {

constexpr const char* per_byte = "per_byte";

[[noreturn]] void die(const std::string& what) {
  std::cout.flush();
  std::cerr << "puny_bench: adversarial: " << what << '\n';
  std::exit(EXIT_FAILURE);
}

// `head`, then copies of `unit` while they fit in `bytes`, then `tail`.
// (One function builds every input: GCC 12 warns falsely (-Wrestrict) on
// operator+ and += with short literals here, as tests/lib/test_support.hpp
// notes for operator+.)
std::string build(std::string_view head, std::string_view unit, std::size_t bytes, std::string_view tail = {}) {
  std::string out;
  out.reserve(bytes + unit.size() + tail.size());
  out.append(head.data(), head.size());
  while (out.size() + unit.size() <= bytes) out.append(unit.data(), unit.size());
  out.append(tail.data(), tail.size());
  return out;
}

// The UTF-8 of code points, through the library (the inputs are checked
// once, outside the timed loops).
std::string utf8(std::u32string_view text) {
  std::string out(4 * text.size(), '\0');
  const puny::result r = puny::utf32_to_utf8(std::span<const char32_t>(text.data(), text.size()), out);
  if (!r) die("utf32_to_utf8 fails");
  out.resize(r.written);
  return out;
}

// The marks of tests/lib/security_analysis_test.cpp (SecurityMarks.
// HostileRuns): U+0340, 0341, 0343 and 0344 decompose, so they are left out.
std::string distinct_marks() {
  std::u32string marks;
  for (char32_t c = 0x300; c < 0x370; ++c)
    if (c < 0x340 || c > 0x344 || c == 0x342) marks += c;
  for (char32_t c = 0x591; c < 0x5BE; ++c) marks += c;
  return utf8(marks);
}

// The cycle of tests/lib/security_skeleton_test.cpp (SecuritySkeleton.
// HostileRunsOfManyClasses).
std::string ignorable_cycle() { return utf8(U"\u0301\u0316\u034F\u05B4\u0327\u093C\u0E38\u0345\U0001D16D\u0335"); }

// Inputs by (class, size), built on first use and kept: the 10^7 ones are
// expensive to build and each is used by several benchmarks.
const std::string& input(const std::string& cls, std::size_t n) {
  static std::map<std::pair<std::string, std::size_t>, std::unique_ptr<std::string>> cache;
  auto& slot = cache[{cls, n}];
  if (slot) return *slot;
  auto s = std::make_unique<std::string>();
  if (cls == "combining_marks") {
    *s = build("a", "\xCC\x81", n);
  } else if (cls == "long_label") {
    *s = build({}, "\xC3\xBC", n);
  } else if (cls == "long_label_ace") {
    const auto r = puny::to_ascii(input("long_label", n), puny::idna_profile::whatwg);
    if (!r) die("to_ascii fails on long_label");
    *s = r.value;
  } else if (cls == "many_labels") {
    *s = build({}, "\xC3\xBC.", n);
  } else if (cls == "xn_one_label") {
    *s = build({}, "xn--", n);
  } else if (cls == "xn_labels") {
    *s = build({}, "xn--.", n);
  } else if (cls == "bad_utf8_at_end") {
    *s = build({}, "b\xC3\xBC" "cher.\xE6\x97\xA5.", n - 3, "\xF0\x9F\x98");
  } else if (cls == "overflow_at_end") {
    // "bb" and sixteen "0": digit * w overflows at digit 17 (see the test).
    *s = build({}, "x", n - 19, "-bb0000000000000000");
  } else if (cls == "max_deltas") {
    // Down from U+10FFFF to U+0080 and again from the top when n / 4 is
    // more than the scalar values above ASCII.
    std::u32string cps;
    for (char32_t c = 0x10FFFF; cps.size() < n / 4; c = c == 0x80 ? 0x10FFFF : c - 1) {
      if (c < 0xD800 || c > 0xDFFF) cps += c;
    }
    const auto e = puny::encode(std::u32string_view(cps));
    if (!e) die("encode fails on max_deltas");
    *s = e.value;
  } else if (cls == "marks_distinct") {
    *s = build("a", distinct_marks(), n);
  } else if (cls == "ignorable_runs") {
    *s = build("a", ignorable_cycle(), n);
  } else if (cls == "dots_after_i") {
    *s = build("i", "\xCC\x87", n);
  } else {
    die("unknown class " + cls);
  }
  slot = std::move(s);
  return *slot;
}

void finish(benchmark::State& state, std::size_t bytes) {
  state.SetComplexityN(static_cast<std::int64_t>(bytes));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(bytes));
  state.counters[per_byte] = benchmark::Counter(static_cast<double>(bytes), benchmark::Counter::kIsIterationInvariantRate |
                                                                              benchmark::Counter::kInvert);
}

// What one timed call does, and the outcome it must have.
enum class op { to_ascii, to_unicode, encode, decode, analyze, skeleton, display };

struct expectation {
  bool ok;                    // no status and no UTS #46 code
  puny::status code;          // otherwise: this status ...
  puny::idna_errors errors;   // ... and these codes
};

const char* op_name(op o) {
  switch (o) {
    case op::to_ascii: return "to_ascii";
    case op::to_unicode: return "to_unicode";
    case op::encode: return "encode";
    case op::decode: return "decode";
    case op::analyze: return "analyze_identifier";
    case op::skeleton: return "skeleton";
    case op::display: return "display_chromium";
  }
  return "?";
}

constexpr puny::idna_options whatwg = puny::idna_options::for_profile(puny::idna_profile::whatwg);

// Runs the operation through the core functions (caller buffers, scratch
// allocated once) so that the timed loop allocates nothing itself.
struct runner {
  std::string_view in;
  op what;
  std::vector<char> out8;
  std::vector<char32_t> out32;
  std::vector<std::uint64_t> scratch;
  std::vector<puny::label_verdict> verdicts;

  runner(std::string_view input, op o) : in(input), what(o) {
    switch (o) {
      case op::to_ascii:
        out8.resize(in.size() * 4 + 64);
        break;
      case op::to_unicode:
        out8.resize(in.size() * 4 + 64);
        break;
      case op::encode: {
        out32.resize(in.size());
        const puny::result r = puny::utf8_to_utf32(std::span<const char>(in.data(), in.size()), out32);
        out8.resize(in.size() * 4 + 64);
        scratch.resize(puny::encode_scratch_words(r.written));
        break;
      }
      case op::decode:
        out32.resize(in.size() + 8);
        scratch.resize(puny::decode_scratch_words(in.size()));
        break;
      case op::analyze:
        break;
      case op::skeleton:
        out8.resize(puny::skeleton_utf8_buffer_size(in.size()));
        break;
      case op::display:
        out8.resize(puny::display_buffer_size(in.size()));
        verdicts.resize(128);
        break;
    }
  }

  // (code, errors)
  std::pair<puny::status, puny::idna_errors> run() {
    switch (what) {
      case op::to_ascii: {
        const puny::idna_result r = puny::to_ascii(in, std::span<char>(out8), whatwg);
        return {r.code, r.errors};
      }
      case op::to_unicode: {
        const puny::idna_result r = puny::to_unicode(in, std::span<char>(out8), whatwg);
        return {r.code, r.errors};
      }
      case op::encode: {
        // UTF-8 to code points and then Punycode, as encode_utf8 does.
        const puny::result c = puny::utf8_to_utf32(std::span<const char>(in.data(), in.size()), out32);
        if (!c) return {c.code, {}};
        const puny::result r = puny::encode(std::span<const char32_t>(out32.data(), c.written), out8, {}, scratch);
        return {r.code, {}};
      }
      case op::decode: {
        const puny::result r = puny::decode(std::span<const char>(in.data(), in.size()), out32, {}, scratch);
        return {r.code, {}};
      }
      case op::analyze: {
        const puny::identifier_analysis a = puny::analyze_identifier(in);
        return {a.code, {}};
      }
      case op::skeleton: {
        const puny::result r = puny::skeleton(in, std::span<char>(out8));
        return {r.code, {}};
      }
      case op::display: {
        // Whether a label is shown, and its UTS #46 codes (a label of
        // 10^7 bytes is too long for DNS), are the policy's business: the
        // run must only complete.
        const puny::display_result r =
            puny::display(in, std::span<char>(out8), std::span<puny::label_verdict>(verdicts));
        return {r.code, {}};
      }
    }
    return {};
  }
};

void bm_adversarial(benchmark::State& state, std::string cls, op what, expectation expected) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const std::string& in = input(cls, n);
  runner r(in, what);
  const auto first = r.run();
  const bool as_expected = expected.ok ? first.first == puny::status::success && first.second.empty()
                                       : first.first == expected.code && first.second == expected.errors;
  if (!as_expected) {
    std::string m = cls;
    m += '/';
    m += op_name(what);
    m += " at ";
    m += std::to_string(n);
    m += " bytes: ";
    m += puny::name(first.first);
    m += " [";
    m += puny::to_string(first.second);
    m += ']';
    die(m);
  }
  for (auto _ : state) {
    const auto got = r.run();
    benchmark::DoNotOptimize(got);
    benchmark::ClobberMemory();
  }
  finish(state, in.size());
}

struct family {
  const char* cls;
  op what;
  expectation expected;
};

const std::vector<std::size_t>& sizes() {
  static const std::vector<std::size_t> s = {10'000, 100'000, 1'000'000, 10'000'000};
  return s;
}

bool register_adversarial_benchmarks() {
  using puny::idna_code;
  using puny::status;
  const expectation ok{true, status::success, {}};
  const family families[] = {
      {"combining_marks", op::to_ascii, ok},
      {"combining_marks", op::to_unicode, ok},
      {"combining_marks", op::encode, ok},
      {"long_label", op::to_ascii, ok},
      {"long_label", op::to_unicode, ok},
      {"long_label_ace", op::to_unicode, ok},
      {"many_labels", op::to_ascii, ok},
      {"many_labels", op::to_unicode, ok},
      {"xn_one_label", op::to_unicode, {false, status::success, {idna_code::P4, idna_code::V4}}},
      {"xn_labels", op::to_unicode, {false, status::success, {idna_code::P4, idna_code::X4_2}}},
      {"bad_utf8_at_end", op::to_ascii, {false, status::invalid_utf8, {}}},
      {"bad_utf8_at_end", op::to_unicode, {false, status::invalid_utf8, {}}},
      {"bad_utf8_at_end", op::encode, {false, status::invalid_utf8, {}}},
      {"overflow_at_end", op::decode, {false, status::overflow, {}}},
      {"max_deltas", op::decode, ok},
      {"marks_distinct", op::analyze, ok},
      {"marks_distinct", op::skeleton, ok},
      {"ignorable_runs", op::skeleton, ok},
      {"dots_after_i", op::analyze, ok},
      {"long_label", op::display, ok},
      {"long_label_ace", op::display, ok},
      {"many_labels", op::display, ok},
  };
  for (const family& f : families) {
    std::string name = "adversarial/";
    name += f.cls;
    name += '/';
    name += op_name(f.what);
    auto* b = benchmark::RegisterBenchmark(name.c_str(), bm_adversarial, std::string(f.cls), f.what, f.expected);
    b->Unit(benchmark::kMillisecond);
    for (const std::size_t n : sizes()) b->Arg(static_cast<std::int64_t>(n));
    b->Complexity(benchmark::oN);
  }
  return true;
}

// Registered before main() runs; see the header comment.
[[maybe_unused]] const bool registered = register_adversarial_benchmarks();

}  // namespace
}  // namespace puny_bench
