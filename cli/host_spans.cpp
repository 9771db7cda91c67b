// puny CLI — finding the domain names inside running text.
#include "host_spans.hpp"

#include <span>
#include <string>

#include "puny/utf8.hpp"

namespace puny::cli {
namespace {

constexpr std::size_t npos = std::string_view::npos;

constexpr bool is_alpha(char32_t c) noexcept { return (c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z'); }
constexpr bool is_digit(char32_t c) noexcept { return c >= U'0' && c <= U'9'; }

// RFC 3986 §3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ).
constexpr bool is_scheme_char(char32_t c) noexcept {
  return is_alpha(c) || is_digit(c) || c == U'+' || c == U'-' || c == U'.';
}

// RFC 5322 §3.2.3 atext, plus the dots of dot-atom.
constexpr bool is_local_ascii(char32_t c) noexcept {
  if (is_alpha(c) || is_digit(c)) return true;
  constexpr std::u32string_view specials = U"!#$%&'*+-/=?^_`{|}~.";
  return specials.find(c) != std::u32string_view::npos;
}

// RFC 3986 Appendix C: whitespace, angle brackets and double quotes delimit
// URIs in text; other controls and DEL cannot be in one (§2).
constexpr bool is_ascii_delimiter(char32_t c) noexcept {
  return c <= 0x20 || c == 0x7F || c == U'<' || c == U'>' || c == U'"';
}

// RFC 1034 §3.5 letters, digits and hyphens, "." between labels, "_" of
// service labels (RFC 8552) that appear in hostnames in the wild, and in
// URLs "%" of percent-encoded hosts (URL Standard host parser).
constexpr bool is_host_ascii(char32_t c, bool percent) noexcept {
  return is_alpha(c) || is_digit(c) || c == U'-' || c == U'.' || c == U'_' || (percent && c == U'%');
}

// What ends an authority besides the text delimiters (RFC 3986 §3.2).
constexpr bool ends_authority(char32_t c) noexcept { return c == U'/' || c == U'?' || c == U'#'; }

// After a trailing dot, these make it the root (see the header).
constexpr bool keeps_root_dot(char c) noexcept { return c == ':' || c == '/' || c == '?' || c == '#'; }

// UTS #46 §2.3 label separators as UTF-8: U+3002, U+FF0E, U+FF61.
constexpr std::string_view wide_separators[] = {"\xE3\x80\x82", "\xEF\xBC\x8E", "\xEF\xBD\xA1"};

}  // namespace

bool is_text_delimiter(char32_t c) noexcept {
  struct range {
    char32_t first, last;
  };
  // Sorted; see the header for what each group is.
  static constexpr range delimiters[] = {
      {0x0085, 0x0085}, {0x00A0, 0x00A0}, {0x00AB, 0x00AB}, {0x00BB, 0x00BB}, {0x1680, 0x1680},
      {0x2000, 0x200A}, {0x2013, 0x2014}, {0x2018, 0x201F}, {0x2026, 0x2026}, {0x2028, 0x2029},
      {0x202F, 0x202F}, {0x2039, 0x203A}, {0x205F, 0x205F}, {0x2329, 0x232A}, {0x27E8, 0x27E9},
      {0x2E42, 0x2E42}, {0x3000, 0x3001}, {0x3008, 0x3011}, {0x3014, 0x301B}, {0x301D, 0x301F},
      {0xFE41, 0xFE44}, {0xFF01, 0xFF02}, {0xFF07, 0xFF09}, {0xFF0C, 0xFF0C}, {0xFF1A, 0xFF1B},
      {0xFF1F, 0xFF1F}, {0xFF3B, 0xFF3B}, {0xFF3D, 0xFF3D}, {0xFF5B, 0xFF5B}, {0xFF5D, 0xFF5D},
      {0xFF5F, 0xFF60}, {0xFF62, 0xFF64},
  };
  if (c < 0x85 || c > 0xFF64) return false;
  for (const range& r : delimiters) {
    if (c < r.first) return false;
    if (c <= r.last) return true;
  }
  return false;
}

host_finder::host_finder(std::string_view text, bool urls, bool emails) noexcept
    : text_(text), urls_(urls), emails_(emails), scheme_letter_(npos) {}

host_finder::code_point host_finder::at(std::size_t pos) const noexcept {
  const detail::utf8_sequence seq = detail::read_utf8(std::span<const char>(text_.data(), text_.size()), pos);
  if (seq.length == 0) return {0, 1, false};
  return {seq.value, seq.length, true};
}

namespace {

bool is_delimiter(char32_t c, bool well_formed) noexcept {
  if (!well_formed) return true;
  return c < 0x80 ? is_ascii_delimiter(c) : is_text_delimiter(c);
}

bool is_host_char(char32_t c, bool well_formed, bool percent) noexcept {
  if (!well_formed) return false;
  return c < 0x80 ? is_host_ascii(c, percent) : !is_text_delimiter(c);
}

bool is_local_char(char32_t c, bool well_formed) noexcept {
  if (!well_formed) return false;
  return c < 0x80 ? is_local_ascii(c) : !is_text_delimiter(c);
}

}  // namespace

std::optional<host_span> host_finder::next() noexcept {
  while (pos_ < text_.size()) {
    const code_point c = at(pos_);
    if (c.value == U':' && c.well_formed && scheme_letter_ != npos && pos_ >= path_end_ &&
        text_.substr(pos_, 3) == "://") {
      if (std::optional<host_span> host = take_url(pos_); host && urls_) return host;
      continue;
    }
    if (c.value == U'@' && c.well_formed && emails_ && local_start_ < pos_) {
      if (std::optional<host_span> domain = take_email(pos_)) return domain;
      continue;
    }
    if (!is_local_char(c.value, c.well_formed)) local_start_ = pos_ + c.length;
    if (!c.well_formed || !is_scheme_char(c.value)) {
      scheme_letter_ = npos;
    } else if (scheme_letter_ == npos && is_alpha(c.value)) {
      scheme_letter_ = pos_;
    }
    pos_ += c.length;
  }
  return std::nullopt;
}

std::optional<host_span> host_finder::take_url(std::size_t colon) noexcept {
  const std::size_t authority = colon + 3;
  std::size_t authority_end = authority;
  std::size_t last_at = npos;
  while (authority_end < text_.size()) {
    const code_point c = at(authority_end);
    if (is_delimiter(c.value, c.well_formed) || ends_authority(c.value)) break;
    if (c.value == U'@') last_at = authority_end;
    authority_end += c.length;
  }
  const std::size_t begin = last_at == npos ? authority : last_at + 1;
  const std::size_t end = without_sentence_dots(begin, host_end(begin, true));
  // Path, query and fragment hold no URL host (see the header); they are
  // searched for e-mail addresses from the end of the authority on.
  path_end_ = authority_end;
  while (path_end_ < text_.size()) {
    const code_point c = at(path_end_);
    if (is_delimiter(c.value, c.well_formed)) break;
    path_end_ += c.length;
  }
  resume_at(authority_end);
  if (end == begin) return std::nullopt;
  return host_span{begin, end, host_kind::url};
}

std::optional<host_span> host_finder::take_email(std::size_t at_sign) noexcept {
  const std::size_t begin = at_sign + 1;
  const std::size_t end = without_sentence_dots(begin, host_end(begin, false));
  resume_at(end);
  if (end == begin) return std::nullopt;
  return host_span{begin, end, host_kind::email};
}

std::size_t host_finder::host_end(std::size_t begin, bool percent) const noexcept {
  std::size_t end = begin;
  while (end < text_.size()) {
    const code_point c = at(end);
    if (!is_host_char(c.value, c.well_formed, percent)) break;
    end += c.length;
  }
  return end;
}

std::size_t host_finder::without_sentence_dots(std::size_t begin, std::size_t end) const noexcept {
  if (end < text_.size() && keeps_root_dot(text_[end])) return end;
  // The host is well-formed UTF-8, so a separator's whole encoding at its
  // end is that separator (no lead byte can be a continuation byte).
  for (;;) {
    const std::string_view host = text_.substr(begin, end - begin);
    if (host.ends_with('.')) {
      --end;
      continue;
    }
    bool stripped = false;
    for (const std::string_view separator : wide_separators) {
      if (host.ends_with(separator)) {
        end -= separator.size();
        stripped = true;
        break;
      }
    }
    if (!stripped) return end;
  }
}

void host_finder::resume_at(std::size_t pos) noexcept {
  // Nothing before `pos` may start a scheme or a local part any more.
  pos_ = pos;
  local_start_ = pos;
  scheme_letter_ = npos;
}

std::vector<host_span> find_hosts(std::string_view text, bool urls, bool emails) {
  std::vector<host_span> hosts;
  host_finder finder(text, urls, emails);
  while (const std::optional<host_span> host = finder.next()) hosts.push_back(*host);
  return hosts;
}

std::optional<record_failure> decoded_host_failure(std::string_view host, std::string_view decoded,
                                                   std::size_t offset) {
  const result valid = validate_utf8(std::span<const char>(decoded.data(), decoded.size()));
  if (valid.code == status::success) return std::nullopt;
  // valid.position is a byte of the decoded host: find the escape (or the
  // byte) of the host it came from.
  std::size_t index = 0;
  std::size_t source = 0;
  percent_decode(host, [&](std::size_t at, char) {
    if (index++ == valid.position) source = at;
  });
  return record_failure{std::string(utf8_failure_name), offset + source,
                        "the percent-decoded host is not well-formed UTF-8"};
}

}  // namespace puny::cli
