#include "domain_corpus.hpp"

#include <algorithm>
#include <array>
#include <fstream>
#include <memory>
#include <span>

#include "corpus.hpp"
#include "idna_peers.hpp"
#include "puny/idna.hpp"

namespace puny_bench {
namespace {

void push(domain_set& set, std::string_view domain) {
  set.text.append(domain);
  set.text.push_back('\0');
  set.starts.push_back(set.text.size());
  set.max_bytes = std::max(set.max_bytes, domain.size());
}

std::unique_ptr<domain_set> read_lines(const std::string& path, std::string& why) {
  auto set = std::make_unique<domain_set>();
  set->source = path;
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    why = "cannot read " + path + " (set PUNY_CORPUS_DIR)";
    return nullptr;
  }
  std::string line;
  while (std::getline(file, line)) {
    ++set->lines;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    push(*set, line);
  }
  if (set->size() == 0) {
    why = path + " is empty";
    return nullptr;
  }
  return set;
}

// The ACE forms are made once, outside any timed loop, by the reference
// implementation when there is one, so that puny's ToUnicode is timed on
// input it did not choose; a line that does not convert would only time an
// error path, so it is left out.
std::unique_ptr<domain_set> make_ace(const domain_set& unicode, std::string& why) {
  auto set = std::make_unique<domain_set>();
  set->lines = unicode.lines;
  // ToASCII writes at most 4 bytes per code point plus "xn--" per label
  // (include/puny/idna.hpp); a code point takes at least one byte and there
  // are at most bytes + 1 labels.
  std::vector<char> out(8 * unicode.max_bytes + 8);
  for (std::size_t k = 0; k < unicode.size(); ++k) {
    const std::string_view domain = unicode[k];
    if constexpr (icu::available) {
      const peer_result r = icu::to_ascii(domain, out);
      if (r.accepted) push(*set, std::string_view(out.data(), r.written));
    } else {
      const puny::idna_result r = puny::to_ascii(domain, out);
      if (r) push(*set, std::string_view(out.data(), r.written));
    }
  }
  set->source = "ToASCII of " + unicode.source + " by " + (icu::available ? icu::version() : std::string("puny"));
  if (set->size() == 0) {
    why = "no line of " + unicode.source + " converts to ASCII";
    return nullptr;
  }
  return set;
}

struct loaded {
  std::unique_ptr<domain_set> set;
  std::string why;
};

const loaded& load(domain_corpus c) {
  static std::array<std::unique_ptr<loaded>, 4> cache;
  auto& slot = cache[static_cast<std::size_t>(c)];
  if (slot == nullptr) {
    slot = std::make_unique<loaded>();
    if (c == domain_corpus::ace) {
      const loaded& unicode = load(domain_corpus::unicode);
      if (unicode.set == nullptr) {
        slot->why = unicode.why;
      } else {
        slot->set = make_ace(*unicode.set, slot->why);
      }
    } else {
      slot->set = read_lines(corpus_dir() + "/" + name_of(c) + ".txt", slot->why);
    }
  }
  return *slot;
}

}  // namespace

const char* name_of(domain_corpus c) noexcept {
  switch (c) {
    case domain_corpus::ascii:
      return "ascii";
    case domain_corpus::unicode:
      return "unicode";
    case domain_corpus::mixed:
      return "mixed";
    case domain_corpus::ace:
      return "ace";
  }
  return "?";
}

const domain_set* domains(domain_corpus c, std::string& why) {
  const loaded& l = load(c);
  why = l.why;
  return l.set.get();
}

}  // namespace puny_bench
