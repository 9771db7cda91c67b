#include "corpus.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <string_view>

#include "libidn.hpp"
#include "puny/punycode.hpp"
#include "puny/utf8.hpp"

#ifndef PUNY_CORPUS_DIR
#define PUNY_CORPUS_DIR "../shared/corpus"
#endif

namespace puny_bench {
namespace {

[[noreturn]] void die(const std::string& what) {
  std::cout.flush();
  std::cerr << "puny_bench: " << what << '\n';
  std::exit(EXIT_FAILURE);
}

std::string label_text(std::string_view utf8, std::size_t line) {
  return "label \"" + std::string(utf8) + "\" (line " + std::to_string(line) + ")";
}

bool has_non_ascii(std::string_view s) {
  for (const char c : s) {
    if (static_cast<unsigned char>(c) >= 0x80) return true;
  }
  return false;
}

// Encodes and decodes every label with puny and (when built in) libidn and
// stops the program on any disagreement: the benchmarks must time equal work.
void check(const label_set& set) {
  std::vector<char32_t> back(set.max_code_points + 1);
  std::vector<std::uint32_t> back32(set.max_code_points + 1);
  std::vector<char> ace(set.max_punycode + 64);
  for (std::size_t k = 0; k < set.size(); ++k) {
    const auto cps = set.code_points[k];
    const auto puny_form = set.punycode[k];
    const auto utf8 = set.utf8[k];
    const std::string name = "label #" + std::to_string(k) + " \"" + std::string(utf8.data(), utf8.size()) + "\"";

    const puny::result d = puny::decode(puny_form, back);
    if (!d || d.written != cps.size() || !std::equal(cps.begin(), cps.end(), back.begin())) {
      die("puny::decode does not give back " + name + ": " + std::string(puny::name(d.code)));
    }
    if constexpr (idn::available) {
      const auto e = idn::encode(set.code_points_u32[k], ace);
      if (!e) die("libidn punycode_encode fails on " + name);
      if (std::string_view(ace.data(), *e) != std::string_view(puny_form.data(), puny_form.size())) {
        die("libidn and puny encode " + name + " differently: \"" + std::string(ace.data(), *e) + "\" vs \"" +
            std::string(puny_form.data(), puny_form.size()) + "\"");
      }
      const auto d32 = idn::decode(puny_form, back32);
      if (!d32 || *d32 != cps.size() || !std::equal(cps.begin(), cps.end(), back32.begin())) {
        die("libidn punycode_decode does not give back " + name);
      }
    }
  }
}

std::unique_ptr<label_set> load(std::string& why) {
  auto set = std::make_unique<label_set>();
  set->path = corpus_dir() + "/unicode.txt";
  std::ifstream file(set->path, std::ios::binary);
  if (!file) {
    why = "cannot read " + set->path + " (set PUNY_CORPUS_DIR)";
    return nullptr;
  }
  std::vector<char32_t> cps;
  std::vector<char> ace;
  std::string line;
  while (std::getline(file, line)) {
    ++set->lines;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::string_view rest(line);
    while (true) {
      const std::size_t dot = rest.find('.');
      const std::string_view label = rest.substr(0, dot);
      if (has_non_ascii(label)) {
        cps.resize(label.size());
        const puny::result u = puny::utf8_to_utf32(std::span<const char>(label.data(), label.size()), cps);
        if (!u) die("invalid UTF-8 in " + label_text(label, set->lines));
        cps.resize(u.written);
        ace.resize(4 * cps.size() + 64);
        const puny::result e = puny::encode(cps, ace);
        if (!e) die("puny::encode fails on " + label_text(label, set->lines) + ": " + std::string(puny::name(e.code)));
        set->code_points.push(cps);
        const std::vector<std::uint32_t> cps32(cps.begin(), cps.end());
        set->code_points_u32.push(cps32);
        set->utf8.push(std::span<const char>(label.data(), label.size()));
        set->punycode.push(std::span<const char>(ace.data(), e.written));
      }
      if (dot == std::string_view::npos) break;
      rest.remove_prefix(dot + 1);
    }
  }
  if (set->size() == 0) {
    why = set->path + " has no label with a non-ASCII code point";
    return nullptr;
  }
  set->max_code_points = set->code_points.max_length();
  set->max_punycode = set->punycode.max_length();
  check(*set);
  return set;
}

}  // namespace

std::string corpus_dir() {
  if (const char* env = std::getenv("PUNY_CORPUS_DIR"); env != nullptr && *env != '\0') return env;
  return PUNY_CORPUS_DIR;
}

const label_set* unicode_labels(std::string& why) {
  static std::string error;
  static const std::unique_ptr<label_set> set = load(error);
  why = error;
  return set.get();
}

}  // namespace puny_bench
