// puny benchmarks — the label corpus: every label of unicode.txt with a
// non-ASCII code point, converted once, up front, into every form the
// benchmarks read (UTF-32, a uint32_t copy for libidn, UTF-8, Punycode),
// each stored back to back in one buffer.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace puny_bench {

/// The corpus directory: $PUNY_CORPUS_DIR when set and not empty, else the
/// build's PUNY_CORPUS_DIR.
[[nodiscard]] std::string corpus_dir();

/// Strings stored back to back: string k is [offsets[k], offsets[k + 1]).
template <class T>
struct packed {
  std::vector<T> data;
  std::vector<std::size_t> offsets{0};

  void push(std::span<const T> s) {
    data.insert(data.end(), s.begin(), s.end());
    offsets.push_back(data.size());
  }
  [[nodiscard]] std::size_t size() const noexcept { return offsets.size() - 1; }
  [[nodiscard]] std::span<const T> operator[](std::size_t k) const noexcept {
    return std::span<const T>(data.data() + offsets[k], offsets[k + 1] - offsets[k]);
  }
  [[nodiscard]] std::size_t max_length() const noexcept {
    std::size_t m = 0;
    for (std::size_t k = 0; k < size(); ++k) m = std::max(m, offsets[k + 1] - offsets[k]);
    return m;
  }
};

struct label_set {
  std::string path;
  std::size_t lines = 0;
  packed<char32_t> code_points;          // the labels
  packed<std::uint32_t> code_points_u32;  // the same for libidn's punycode_uint
  packed<char> utf8;                      // the labels as they appear in the file
  packed<char> punycode;                  // puny::encode of each label (no "xn--")
  std::size_t max_code_points = 0;
  std::size_t max_punycode = 0;

  [[nodiscard]] std::size_t size() const noexcept { return code_points.size(); }
};

/// The labels of <corpus_dir>/unicode.txt that contain a non-ASCII code
/// point, loaded and checked on first use: every label must encode, both
/// decoders must give it back, and libidn (when built in) must produce the
/// same Punycode; otherwise the program stops with a message.  nullptr, with
/// the reason in `why`, when the file cannot be read.
[[nodiscard]] const label_set* unicode_labels(std::string& why);

}  // namespace puny_bench
