// Shared helpers for the puny library tests: the RFC 3492 §7.1 samples (from
// tests/common/rfc3492_data.hpp) and their parser, an independent reference
// codec (a port of RFC 3492 Appendix C to 64-bit arithmetic and to any
// Bootstring parameter set), and random input generators.  Test-only code;
// nothing here is part of the library.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <ostream>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "puny/bootstring.hpp"
#include "puny/status.hpp"
#include "rfc3492_data.hpp"

namespace puny_test {

// ---------------------------------------------------------------------------
// RFC 3492 §7.1 samples: the table shared with the CLI tests
// (tests/common/rfc3492_data.hpp), parsed into code points and case flags.

using puny_test_data::rfc_sample;
using puny_test_data::rfc_sample_count;
using puny_test_data::rfc_samples;

/// Code points and case flags of a sample, parsed from its RFC notation.
struct parsed_sample {
  std::u32string code_points;
  std::vector<bool> uppercase;
};

inline parsed_sample parse_rfc_code_points(std::string_view text) {
  parsed_sample out;
  std::size_t pos = 0;
  while (pos < text.size()) {
    if (text[pos] == ' ') {
      ++pos;
      continue;
    }
    // "U+XXXX" or "u+XXXX"
    const bool upper = text[pos] == 'U';
    pos += 2;
    char32_t value = 0;
    while (pos < text.size() && text[pos] != ' ') {
      const char c = text[pos++];
      const unsigned digit = c <= '9' ? static_cast<unsigned>(c - '0') : static_cast<unsigned>(c - 'A' + 10);
      value = value * 16 + digit;
    }
    out.code_points.push_back(value);
    out.uppercase.push_back(upper);
  }
  return out;
}

inline parsed_sample parse_sample(const rfc_sample& s) { return parse_rfc_code_points(s.rfc_code_points); }

// ---------------------------------------------------------------------------
// Small helpers.

[[nodiscard]] constexpr bool is_upper_letter(char32_t c) { return c >= U'A' && c <= U'Z'; }
[[nodiscard]] constexpr bool is_lower_letter(char32_t c) { return c >= U'a' && c <= U'z'; }
[[nodiscard]] constexpr bool is_letter(char32_t c) { return is_upper_letter(c) || is_lower_letter(c); }
[[nodiscard]] constexpr char32_t to_upper(char32_t c) { return is_lower_letter(c) ? c - 32 : c; }
[[nodiscard]] constexpr char32_t to_lower(char32_t c) { return is_upper_letter(c) ? c + 32 : c; }

inline std::string ascii_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(to_lower(static_cast<unsigned char>(c)));
  return out;
}

inline std::string ascii_upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(to_upper(static_cast<unsigned char>(c)));
  return out;
}

/// Applies `f` to the part of a Bootstring string after its last delimiter
/// (to all of it when there is no delimiter): the digits, leaving the
/// literal portion alone.
template <class F>
std::string map_extended_part(std::string_view s, F f, char delimiter = '-') {
  const std::size_t last = s.rfind(delimiter);
  if (last == std::string_view::npos) return f(s);
  return std::string(s.substr(0, last + 1)) + f(s.substr(last + 1));
}

inline std::string lower_digits(std::string_view s, char delimiter = '-') {
  return map_extended_part(s, ascii_lower, delimiter);
}
inline std::string upper_digits(std::string_view s, char delimiter = '-') {
  return map_extended_part(s, ascii_upper, delimiter);
}

inline std::u32string lower_basic(std::u32string_view s) {
  std::u32string out(s);
  for (char32_t& c : out) c = to_lower(c);
  return out;
}

/// "U+0041 U+00E9 ..." for failure messages.
inline std::string hex(std::u32string_view s) {
  static constexpr char digits[] = "0123456789ABCDEF";
  std::string out;
  for (const char32_t c : s) {
    if (!out.empty()) out += ' ';
    out += "U+";
    for (int shift = c > 0xFFFF ? 20 : 12; shift >= 0; shift -= 4) out += digits[(c >> shift) & 0xF];
  }
  return out;
}

inline std::string hex_bytes(std::string_view s) {
  static constexpr char digits[] = "0123456789ABCDEF";
  std::string out;
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (!out.empty()) out += ' ';
    out += digits[c >> 4];
    out += digits[c & 0xF];
  }
  return out;
}

/// A contiguous bool array (std::vector<bool> has no data()) for the core
/// functions' std::span<bool> parameters.
class bool_array {
 public:
  bool_array() = default;
  explicit bool_array(std::size_t size) : data_(new bool[size == 0 ? 1 : size]()), size_(size) {}
  explicit bool_array(const std::vector<bool>& v) : bool_array(v.size()) {
    for (std::size_t j = 0; j < v.size(); ++j) data_[j] = v[j];
  }
  [[nodiscard]] std::span<bool> span() { return {data_.get(), size_}; }
  [[nodiscard]] std::span<const bool> cspan() const { return {data_.get(), size_}; }
  [[nodiscard]] std::vector<bool> first(std::size_t n) const { return std::vector<bool>(data_.get(), data_.get() + n); }
  [[nodiscard]] std::size_t size() const { return size_; }

 private:
  std::unique_ptr<bool[]> data_;
  std::size_t size_ = 0;
};

[[nodiscard]] constexpr bool is_scalar(char32_t c) { return c <= 0x10FFFF && (c < 0xD800 || c > 0xDFFF); }

// ---------------------------------------------------------------------------
// Comparison of long sequences with a short failure message: the sizes and
// a window around the first difference instead of both whole values.

inline std::string show(std::string_view s) {
  std::string out(1, '"');
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c >= 0x20 && c < 0x7F && c != '\\' && c != '"') {
      out += ch;
    } else {
      static constexpr char digits[] = "0123456789ABCDEF";
      out += "\\x";
      out += digits[c >> 4];
      out += digits[c & 0xF];
    }
  }
  out += '"';
  return out;
}
// (Appends instead of operator+ on literals: GCC 12 warns falsely on that.)
inline std::string show(std::u32string_view s) {
  std::string out(1, '[');
  out += hex(s);
  out += ']';
  return out;
}
inline std::string show(const std::vector<bool>& v) {
  std::string out;
  for (const bool b : v) out += b ? '1' : '0';
  return out;
}

template <class Seq>
Seq window(const Seq& s, std::size_t from, std::size_t n) {
  if (from >= s.size()) return Seq();
  return Seq(s.begin() + static_cast<std::ptrdiff_t>(from),
             s.begin() + static_cast<std::ptrdiff_t>(std::min(s.size(), from + n)));
}

template <class Seq>
::testing::AssertionResult same_seq(const Seq& actual, const Seq& expected) {
  if (actual == expected) return ::testing::AssertionSuccess();
  std::size_t i = 0;
  while (i < actual.size() && i < expected.size() && actual[i] == expected[i]) ++i;
  const std::size_t from = i < 8 ? 0 : i - 8;
  return ::testing::AssertionFailure() << "sizes " << actual.size() << " (actual) and " << expected.size()
                                       << " (expected); first difference at " << i << "; from " << from
                                       << ":\n  actual   " << show(window(actual, from, 24))
                                       << "\n  expected " << show(window(expected, from, 24));
}

inline ::testing::AssertionResult same(std::string_view actual, std::string_view expected) {
  return same_seq(std::string(actual), std::string(expected));
}
inline ::testing::AssertionResult same(std::u32string_view actual, std::u32string_view expected) {
  return same_seq(std::u32string(actual), std::u32string(expected));
}
inline ::testing::AssertionResult same(const std::vector<bool>& actual, const std::vector<bool>& expected) {
  return same_seq(actual, expected);
}

// ---------------------------------------------------------------------------
// Reference codec: RFC 3492 Appendix C (punycode.c) with 64-bit integers and
// the parameters as variables, quadratic and deliberately naive.  It adds
// the checks the library documents beyond the RFC code (surrogates and
// values above U+10FFFF, the empty literal portion, encoded basic code
// points) and reports the position of each error the way status.hpp
// describes it.

struct ref_encoded {
  puny::status code = puny::status::success;
  std::size_t position = 0;
  std::string text;
};

struct ref_decoded {
  puny::status code = puny::status::success;
  std::size_t position = 0;
  std::u32string code_points;
  std::vector<bool> uppercase;
};

namespace ref {

inline constexpr std::uint64_t maxint = std::numeric_limits<std::uint64_t>::max();

// decode_digit() of Appendix C: base when the character has no value.
inline std::uint64_t decode_digit(const puny::bootstring& p, char ch) {
  const std::uint64_t cp = static_cast<unsigned char>(ch);
  const std::uint64_t d = cp - 48 < 10 ? cp - 22 : cp - 65 < 26 ? cp - 65 : cp - 97 < 26 ? cp - 97 : 36;
  return d < p.base ? d : p.base;
}

// encode_digit() of Appendix C.
inline char encode_digit(std::uint64_t d, bool flag) {
  return static_cast<char>(d + 22 + 75 * (d < 26) - (static_cast<std::uint64_t>(flag) << 5));
}

inline bool flagged(char bcp) { return static_cast<std::uint64_t>(static_cast<unsigned char>(bcp)) - 65 < 26; }

inline char encode_basic(char32_t bcp32, bool flag) {
  std::uint64_t bcp = bcp32;
  bcp -= static_cast<std::uint64_t>(bcp - 97 < 26) << 5;
  return static_cast<char>(bcp + (static_cast<std::uint64_t>(!flag && (bcp - 65 < 26)) << 5));
}

inline std::uint64_t adapt(const puny::bootstring& p, std::uint64_t delta, std::uint64_t numpoints,
                           bool firsttime) {
  std::uint64_t k = 0;
  delta = firsttime ? delta / p.damp : delta >> 1;
  delta += delta / numpoints;
  for (; delta > ((std::uint64_t{p.base} - p.tmin) * p.tmax) / 2; k += p.base) delta /= p.base - p.tmin;
  return k + (std::uint64_t{p.base} - p.tmin + 1) * delta / (delta + p.skew);
}

// §6.2/§6.3 with the "+ tmin" kept.
inline std::uint64_t threshold(const puny::bootstring& p, std::uint64_t k, std::uint64_t bias) {
  return k <= bias + p.tmin ? p.tmin : k >= bias + p.tmax ? p.tmax : k - bias;
}

}  // namespace ref

/// The generalized variable-length integer for q at the given bias.
inline std::string ref_encode_integer(const puny::bootstring& p, std::uint64_t q, std::uint64_t bias,
                                      bool flag = false) {
  std::string out;
  for (std::uint64_t k = p.base;; k += p.base) {
    const std::uint64_t t = ref::threshold(p, k, bias);
    if (q < t) break;
    out += ref::encode_digit(t + (q - t) % (p.base - t), false);
    q = (q - t) / (p.base - t);
  }
  out += ref::encode_digit(q, flag);
  return out;
}

/// RFC 3492's sample encoder.  `lenient` lets surrogates through, as the
/// sample code does, to build decoder inputs that decode to them.
inline ref_encoded ref_encode(const puny::bootstring& p, std::u32string_view input,
                              const std::vector<bool>* case_flags = nullptr, bool lenient = false) {
  using puny::status;
  ref_encoded r;
  auto fail = [&](status s, std::size_t pos) {
    r.code = s;
    r.position = pos;
    r.text.clear();
    return r;
  };
  if (!p.valid()) return fail(status::invalid_parameters, 0);
  if (case_flags != nullptr && case_flags->size() != input.size()) return fail(status::case_flags_size, 0);
  if (case_flags != nullptr && p.tmax > 26) return fail(status::invalid_parameters, 0);
  for (std::size_t j = 0; j < input.size(); ++j) {
    const char32_t c = input[j];
    if (c >= 0x80 && ((!lenient && !is_scalar(c)) || c > 0x10FFFF || c < p.initial_n)) {
      return fail(status::invalid_code_point, j);
    }
  }

  std::uint64_t n = p.initial_n;
  std::uint64_t delta = 0;
  std::uint64_t bias = p.initial_bias;
  std::string& output = r.text;
  const std::uint64_t input_length = input.size();

  for (std::size_t j = 0; j < input.size(); ++j) {
    if (input[j] < 0x80) {
      output += case_flags != nullptr ? ref::encode_basic(input[j], (*case_flags)[j]) : static_cast<char>(input[j]);
    }
  }
  std::uint64_t h = output.size();
  const std::uint64_t b = h;
  if (b > 0) output += p.delimiter;

  while (h < input_length) {
    std::uint64_t m = ref::maxint;
    std::size_t m_pos = 0;
    for (std::size_t j = 0; j < input.size(); ++j) {
      if (input[j] < 0x80) continue;  // {non-basic}
      if (input[j] >= n && input[j] < m) {
        m = input[j];
        m_pos = j;
      }
    }
    if (m - n > (ref::maxint - delta) / (h + 1)) return fail(status::overflow, m_pos);
    delta += (m - n) * (h + 1);
    n = m;
    for (std::size_t j = 0; j < input.size(); ++j) {
      if (input[j] < n || input[j] < 0x80) {  // {or c is basic}
        if (++delta == 0) return fail(status::overflow, j);
      }
      if (input[j] == n) {
        std::uint64_t q = delta;
        for (std::uint64_t k = p.base;; k += p.base) {
          const std::uint64_t t = ref::threshold(p, k, bias);
          if (q < t) break;
          output += ref::encode_digit(t + (q - t) % (p.base - t), false);
          q = (q - t) / (p.base - t);
        }
        output += ref::encode_digit(q, case_flags != nullptr && (*case_flags)[j]);
        bias = ref::adapt(p, delta, h + 1, h == b);
        delta = 0;
        ++h;
      }
    }
    ++delta;
    ++n;
  }
  return r;
}

inline ref_encoded ref_encode(std::u32string_view input, const std::vector<bool>* case_flags = nullptr) {
  return ref_encode(puny::punycode_params, input, case_flags);
}

inline ref_decoded ref_decode(const puny::bootstring& p, std::string_view input) {
  using puny::status;
  ref_decoded r;
  auto fail = [&](status s, std::size_t pos) {
    r.code = s;
    r.position = pos;
    r.code_points.clear();
    r.uppercase.clear();
    return r;
  };
  if (!p.valid()) return fail(status::invalid_parameters, 0);

  std::uint64_t n = p.initial_n;
  std::uint64_t i = 0;
  std::uint64_t bias = p.initial_bias;
  std::u32string& output = r.code_points;
  std::vector<bool>& flags = r.uppercase;
  const std::size_t input_length = input.size();

  bool has_delimiter = false;
  std::size_t b = 0;
  for (std::size_t j = 0; j < input_length; ++j) {
    if (input[j] == p.delimiter) {
      b = j;
      has_delimiter = true;
    }
  }
  if (has_delimiter && b == 0) return fail(status::empty_literal, 0);
  for (std::size_t j = 0; j < b; ++j) {
    if (static_cast<unsigned char>(input[j]) >= 0x80) return fail(status::non_basic_literal, j);
    output += static_cast<char32_t>(static_cast<unsigned char>(input[j]));
    flags.push_back(ref::flagged(input[j]));
  }

  for (std::size_t in = b > 0 ? b + 1 : 0; in < input_length;) {
    const std::size_t start = in;
    const std::uint64_t oldi = i;
    std::uint64_t w = 1;
    for (std::uint64_t k = p.base;; k += p.base) {
      if (in >= input_length) return fail(status::truncated_integer, in);
      const std::uint64_t digit = ref::decode_digit(p, input[in]);
      if (digit >= p.base) return fail(status::invalid_digit, in);
      if (digit > (ref::maxint - i) / w) return fail(status::overflow, in);
      i += digit * w;
      ++in;
      const std::uint64_t t = ref::threshold(p, k, bias);
      if (digit < t) break;
      if (w > ref::maxint / (p.base - t)) return fail(status::overflow, in - 1);
      w *= (p.base - t);
    }
    const std::uint64_t out = output.size();
    bias = ref::adapt(p, i - oldi, out + 1, oldi == 0);
    if (i / (out + 1) > ref::maxint - n) return fail(status::overflow, start);
    n += i / (out + 1);
    i %= (out + 1);
    if (n > 0x10FFFF || (n >= 0xD800 && n <= 0xDFFF)) return fail(status::invalid_code_point, start);
    if (n < 0x80) return fail(status::encoded_basic, start);
    output.insert(output.begin() + static_cast<std::ptrdiff_t>(i), static_cast<char32_t>(n));
    flags.insert(flags.begin() + static_cast<std::ptrdiff_t>(i), ref::flagged(input[in - 1]));
    ++i;
  }
  return r;
}

inline ref_decoded ref_decode(std::string_view input) { return ref_decode(puny::punycode_params, input); }

// ---------------------------------------------------------------------------
// Random inputs.

enum class script {
  ascii,          // all of 0..7F, controls and the delimiter included
  latin1,         // 20..FF
  cyrillic,       // ASCII letters mixed with 400..4FF
  greek,          // 370..3FF
  arabic,         // 600..6FF
  devanagari,     // 900..97F
  cjk,            // 4E00..9FFF
  hangul,         // AC00..D7A3
  supplementary,  // emoji 1F300..1FAFF and anything in 10000..10FFFF
  any_scalar,     // uniform over all scalar values
  mixed,          // each code point from a random one of the above
};

inline constexpr script all_scripts[] = {
    script::ascii, script::latin1,        script::cyrillic,   script::greek,  script::arabic, script::devanagari,
    script::cjk,   script::hangul, script::supplementary, script::any_scalar, script::mixed,
};

inline const char* script_name(script s) {
  switch (s) {
    case script::ascii: return "ascii";
    case script::latin1: return "latin1";
    case script::cyrillic: return "cyrillic";
    case script::greek: return "greek";
    case script::arabic: return "arabic";
    case script::devanagari: return "devanagari";
    case script::cjk: return "cjk";
    case script::hangul: return "hangul";
    case script::supplementary: return "supplementary";
    case script::any_scalar: return "any_scalar";
    case script::mixed: return "mixed";
  }
  return "?";
}

// Readable test names and messages for parameterized tests (an rfc_sample
// prints through puny_test_data::PrintTo).
inline void PrintTo(script s, std::ostream* os) { *os << script_name(s); }

inline char32_t uniform(std::mt19937& rng, char32_t lo, char32_t hi) {
  return std::uniform_int_distribution<char32_t>(lo, hi)(rng);
}

inline char32_t random_code_point(std::mt19937& rng, script s) {
  // Most scripts are written with some ASCII (letters, digits, hyphens) in
  // between, which exercises the literal portion and the handled counts.
  auto with_ascii = [&](char32_t lo, char32_t hi) {
    return std::uniform_int_distribution<int>(0, 3)(rng) == 0 ? uniform(rng, 0x20, 0x7E) : uniform(rng, lo, hi);
  };
  switch (s) {
    case script::ascii: return uniform(rng, 0, 0x7F);
    case script::latin1: return uniform(rng, 0x20, 0xFF);
    case script::cyrillic: return with_ascii(0x400, 0x4FF);
    case script::greek: return with_ascii(0x370, 0x3FF);
    case script::arabic: return with_ascii(0x600, 0x6FF);
    case script::devanagari: return with_ascii(0x900, 0x97F);
    case script::cjk: return with_ascii(0x4E00, 0x9FFF);
    case script::hangul: return uniform(rng, 0xAC00, 0xD7A3);
    case script::supplementary:
      return std::uniform_int_distribution<int>(0, 1)(rng) == 0 ? uniform(rng, 0x1F300, 0x1FAFF)
                                                                 : uniform(rng, 0x10000, 0x10FFFF);
    case script::any_scalar: {
      // 0..10FFFF minus the 2048 surrogates, mapped onto a contiguous range.
      char32_t c = uniform(rng, 0, 0x10FFFF - 0x800);
      if (c >= 0xD800) c += 0x800;
      return c;
    }
    case script::mixed: {
      // Any script but this one, which is last in all_scripts.
      const auto pick = std::uniform_int_distribution<std::size_t>(0, std::size(all_scripts) - 2)(rng);
      return random_code_point(rng, all_scripts[pick]);
    }
  }
  return 0;
}

inline std::u32string random_string(std::mt19937& rng, script s, std::size_t length) {
  std::u32string out(length, U'\0');
  for (char32_t& c : out) c = random_code_point(rng, s);
  return out;
}

inline std::vector<bool> random_flags(std::mt19937& rng, std::size_t length) {
  std::vector<bool> out(length);
  std::bernoulli_distribution coin(0.5);
  for (std::size_t j = 0; j < length; ++j) out[j] = coin(rng);
  return out;
}

}  // namespace puny_test
