// puny benchmarks — the domain corpora for the IDNA benchmarks: whole lines
// of ascii.txt, unicode.txt and mixed.txt, and the ACE (xn--) forms of
// unicode.txt for ToUnicode, each loaded once and stored back to back.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace puny_bench {

enum class domain_corpus { ascii, unicode, mixed, ace };

/// "ascii", "unicode", "mixed", "ace": the corpus part of benchmark names.
[[nodiscard]] const char* name_of(domain_corpus c) noexcept;

struct domain_set {
  std::string source;  // the file read, and for ace how the forms were made
  std::size_t lines = 0;
  // Domain k is text[starts[k], starts[k + 1] - 1): every domain is followed
  // by a NUL, which libidn2's C-string functions need and no one else reads.
  std::string text;
  std::vector<std::size_t> starts{0};
  std::size_t max_bytes = 0;

  [[nodiscard]] std::size_t size() const noexcept { return starts.size() - 1; }
  [[nodiscard]] std::string_view operator[](std::size_t k) const noexcept {
    return std::string_view(text.data() + starts[k], starts[k + 1] - starts[k] - 1);
  }
  /// Bytes of all domains, without the NULs.
  [[nodiscard]] std::size_t bytes() const noexcept { return text.size() - size(); }
};

/// The corpus, loaded on first use.  ascii, unicode, mixed: every line of
/// <corpus_dir>/<name>.txt (CRLF tolerated).  ace: ToASCII of each line of
/// unicode.txt — by ICU when it is built in, else by puny with its default
/// options — keeping only the lines that convert without error.  nullptr,
/// with the reason in `why`, when the file cannot be read or gives nothing.
[[nodiscard]] const domain_set* domains(domain_corpus c, std::string& why);

}  // namespace puny_bench
