// puny CLI — the options of `puny display` and the protected-domain lists.
#include "display_settings.hpp"

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <span>
#include <unistd.h>

#include "diagnostics.hpp"
#include "puny/utf8.hpp"

namespace puny::cli {
namespace {

constexpr int hex_value(char c) noexcept {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

constexpr bool is_list_separator(char c) noexcept { return c == ',' || c == ' ' || c == '\t'; }

std::string quoted(std::string_view s) {
  std::string q;
  q.reserve(s.size() + 2);
  q += '\'';
  q += s;
  q += '\'';
  return q;
}

// "U+00DF": 1 to 6 hex digits naming a Unicode scalar value.
std::optional<std::string> parse_code_point_list(std::string_view value, std::u32string& out) {
  std::size_t pos = 0;
  while (true) {
    while (pos < value.size() && is_list_separator(value[pos])) ++pos;
    if (pos == value.size()) return std::nullopt;
    const std::size_t start = pos;
    while (pos < value.size() && !is_list_separator(value[pos])) ++pos;
    const std::string_view token = value.substr(start, pos - start);
    const bool prefixed = token.size() > 2 && (token[0] == 'U' || token[0] == 'u') && token[1] == '+';
    if (!prefixed || token.size() > 8) {
      return "bad code point " + quoted(token) + " (expected U+XXXX, 1 to 6 hexadecimal digits)";
    }
    std::uint32_t v = 0;
    for (const char c : token.substr(2)) {
      const int d = hex_value(c);
      if (d < 0) return "bad code point " + quoted(token) + " (expected U+XXXX, 1 to 6 hexadecimal digits)";
      v = v * 16 + static_cast<std::uint32_t>(d);
    }
    if (v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) {
      return "bad code point " + quoted(token) + " (not a Unicode scalar value)";
    }
    out += static_cast<char32_t>(v);
  }
}

// Reads the whole file; errno is kept when it fails.
bool read_whole_file(const std::string& path, std::string& text) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  char chunk[65536];
  while (true) {
    const ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int saved = errno;
      ::close(fd);
      errno = saved;
      return false;
    }
    if (n == 0) break;
    text.append(chunk, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return true;
}

// Why the index refused a line.
std::string refusal(const lookalike_add_result& why) {
  if (why.code == status::invalid_utf8) {
    return "not well-formed UTF-8 at byte offset " + std::to_string(why.position);
  }
  if (why.code != status::success) return std::string(message(why.code));
  if (!why.errors.empty()) return "not a valid domain name (" + to_string(why.errors) + ")";
  return "not a domain name";
}

}  // namespace

std::optional<display_policy> display_policy_named(std::string_view name) noexcept {
  return display_policy_from_name(name);
}

std::string display_policy_names() {
  std::string s;
  for (std::size_t i = 0; i < display_policy_count; ++i) {
    if (i > 0) s += i + 1 == display_policy_count ? " or " : ", ";
    s += name(static_cast<display_policy>(i));
  }
  return s;
}

std::optional<han_bopomofo> cjk_choice_named(std::string_view name) noexcept {
  if (name == "strict17") return han_bopomofo::strict17;
  if (name == "cjk-compat") return han_bopomofo::cjk_compat;
  return std::nullopt;
}

std::optional<std::string> parse_characters(std::string_view value, std::u32string& out) {
  std::size_t first = 0;
  while (first < value.size() && is_list_separator(value[first])) ++first;
  if (first == value.size()) return std::string("no characters given");
  const std::string_view rest = value.substr(first);
  if (rest.size() > 2 && (rest[0] == 'U' || rest[0] == 'u') && rest[1] == '+') {
    return parse_code_point_list(value, out);
  }
  const std::size_t had = out.size();
  out.resize(had + value.size());
  const result r = utf8_to_utf32(std::span<const char>(value.data(), value.size()),
                                 std::span<char32_t>(out.data() + had, value.size()));
  if (!r) {
    out.resize(had);
    return "characters that are not well-formed UTF-8 (at byte offset " + std::to_string(r.position) + ")";
  }
  out.resize(had + r.written);
  return std::nullopt;
}

std::optional<std::string> parse_scripts(std::string_view value, script_set& out) {
  std::size_t pos = 0;
  bool any = false;
  while (true) {
    while (pos < value.size() && is_list_separator(value[pos])) ++pos;
    if (pos == value.size()) break;
    const std::size_t start = pos;
    while (pos < value.size() && !is_list_separator(value[pos])) ++pos;
    const std::string_view code = value.substr(start, pos - start);
    const std::optional<script> s = script_from_name(code);
    if (!s) return "unknown script " + quoted(code) + " (expected ISO 15924 codes such as Latn,Grek,Cyrl)";
    out.insert(*s);
    any = true;
  }
  if (!any) return std::string("no script given (expected ISO 15924 codes such as Latn,Grek,Cyrl)");
  return std::nullopt;
}

std::optional<std::string> load_protected_domains(display_settings& settings, std::string& warnings) {
  if (settings.protect_files.empty()) return std::nullopt;
  auto index = std::make_shared<lookalike_index>();
  std::string text;
  std::vector<lookalike_list_error> refused;
  for (const std::string_view file : settings.protect_files) {
    text.clear();
    const std::string path(file);
    if (!read_whole_file(path, text)) {
      return "cannot read protected-domain list " + quoted(file) + ": " + std::strerror(errno);
    }
    refused.clear();
    (void)index->add_list(text, &refused);
    for (const lookalike_list_error& e : refused) {
      // A domain listed twice is there once: nothing to warn about.
      if (e.why.duplicate) continue;
      warnings += "puny: ";
      warnings += path;
      warnings += ':';
      warnings += std::to_string(e.line);
      warnings += ": ignored ";
      warnings += quoted_label(e.text);
      warnings += ": ";
      warnings += refusal(e.why);
      warnings += '\n';
    }
  }
  settings.protect = std::move(index);
  return std::nullopt;
}

}  // namespace puny::cli
