// puny CLI — finding the domain names inside running text for --urls and
// --emails: the host of every scheme://[userinfo@]host[:port] and the
// domain of every local@domain.
//
// URLs (RFC 3986):
//  - A URL starts at "://" preceded by a scheme (§3.1: ALPHA *( ALPHA /
//    DIGIT / "+" / "-" / "." )): the longest run of scheme characters
//    right before the "://", from its first letter on, so "1+x-y://" has
//    the scheme "x-y" and "9://" none.
//  - Its authority runs from after "//" up to the first "/", "?" or "#"
//    (§3.2) or text delimiter (below).  The userinfo is everything up to
//    its LAST "@" (§3.2.1: "@" cannot appear in a host, but may in a
//    sloppily written password).  The host is the run of host characters
//    after it; an IP-literal "[...]" (§3.2.2) starts with a character that
//    is not one, so it is never reported, and a ":port" after the host is
//    not part of it.
//  - The rest of the URL (path, query, fragment: §3.3–§3.5) runs up to the
//    next text delimiter and holds no URL host: a "://" there (as in
//    "?next=http://...") starts no URL, as the issue asks that path, query
//    and fragment be left alone.  It is searched for e-mail addresses,
//    though ("/contact/joe@example.com" names one).  The authority is not:
//    its userinfo@host is a URL host, reported only with --urls.
//
// E-mail addresses (RFC 5322 §3.4.1 addr-spec, RFC 6532):
//  - local@domain where the local part is a non-empty run, right before the
//    "@", of atext (§3.2.3: A-Z a-z 0-9 ! # $ % & ' * + - / = ? ^ _ ` { | }
//    ~), dots (§3.2.3 dot-atom) and non-ASCII code points (RFC 6532 §3.2
//    UTF8-non-ascii), text delimiters excepted.  Quoted local parts
//    ("a b"@example.com, §3.2.4) are not recognized: '"' is not atext, so
//    the run before the "@" is empty and that domain is left alone.
//  - The domain is the run of host characters right after the "@"; a
//    domain-literal "[...]" (§3.4.1) is never reported.  "mailto:" URIs
//    (RFC 6068) have no "//", so their addresses are found as e-mail.
//  - An "@" right after a reported domain starts no address ("a@b@c").
//
// Host characters: ASCII letters, digits, "-", ".", "_" and, in URL hosts
// only, "%" (the URL Standard percent-decodes hosts: host_rewriter.hpp);
// every other ASCII character ends a host.  Every non-ASCII code point is
// a host character except the text delimiters, so that the domain is
// handed to UTS #46 whole, whatever the script, and judged there.
//
// Text delimiters end a host, an authority, a URL and a local part: ASCII
// controls, space and DEL, "<", ">" and '"' (RFC 3986 Appendix C, the
// characters that delimit URIs in text), ill-formed UTF-8 bytes, and the
// non-ASCII code points of is_text_delimiter.
//
// Trailing label separators: "." and the three characters UTS #46 §2.3
// also treats as label separators (U+3002 IDEOGRAPHIC FULL STOP, U+FF0E
// FULLWIDTH FULL STOP, U+FF61 HALFWIDTH IDEOGRAPHIC FULL STOP) belong to
// the host, but those at its very end are the sentence's punctuation
// ("see https://example.com.") unless the host is followed by ":", "/",
// "?" or "#", where a trailing dot can only be the DNS root (RFC 1034
// §3.1: "example.com." is a complete domain name).
//
// Time is linear in the text's length on any bytes: the scans of an
// authority, a path and a domain start where the main scan stands and never
// look back, the main scan resumes at the end of an authority or a domain
// (before a stripped trailing dot at the earliest), and a path is measured
// once, so no byte is decoded more than three times.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "record_failure.hpp"

namespace puny::cli {

enum class host_kind : std::uint8_t {
  url,    ///< the host of a URL's authority
  email,  ///< the domain of an e-mail address
};

/// Byte offsets of a domain name inside the text: [begin, end).
struct host_span {
  std::size_t begin = 0;
  std::size_t end = 0;
  host_kind kind = host_kind::url;

  friend bool operator==(const host_span&, const host_span&) = default;
};

/// True for the non-ASCII code points that end a host, a URL or a local
/// part in running text:
///  - Unicode White_Space (PropList.txt): U+0085, U+00A0, U+1680,
///    U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000;
///  - Quotation_Mark (PropList.txt) beyond ASCII: « » ‘ ’ ‚ ‛ “ ” „ ‟ ‹ ›
///    ⹂ 「 」 『 』 〝 〞 〟 ﹁ ﹂ ﹃ ﹄ ＂ ＇ ｢ ｣;
///  - brackets that enclose a URL in prose: 〈 〉 《 》 【 】 〔 〕 〖 〗 〘 〙
///    〚 〛 （ ） ［ ］ ｛ ｝ ｟ ｠ ⟨ ⟩ and U+2329 U+232A;
///  - punctuation that follows one: 、 ， ､ ！ ？ ： ； … – —.
/// All are spaces, controls or punctuation (General_Category Z*, Cc, P*)
/// and DISALLOWED in IDNA2008 (RFC 5892 §2; Unicode's Idna2008.txt), so no
/// registrable name holds one (RFC 5891 §4.1) and ending a host there cuts
/// none short.  UTS #46 alone would let several through (« “ 〈 「 、 are
/// "valid" in IdnaMappingTable.txt, kept for IDNA2003 compatibility), which
/// is why they must be listed.
[[nodiscard]] bool is_text_delimiter(char32_t c) noexcept;

/// Finds the hosts of a text one at a time, left to right, without
/// allocating.
class host_finder {
 public:
  /// `urls`: report URL hosts; `emails`: report e-mail domains.  URLs are
  /// recognized either way, so that no userinfo@host is taken for an
  /// e-mail address.  The finder keeps a view of `text`.
  host_finder(std::string_view text, bool urls, bool emails) noexcept;

  /// The next host, or nullopt when there are no more.  Empty hosts (as in
  /// "file:///etc") are not reported.
  [[nodiscard]] std::optional<host_span> next() noexcept;

 private:
  struct code_point {
    char32_t value;
    std::size_t length;  // 1 for an ill-formed byte
    bool well_formed;
  };
  [[nodiscard]] code_point at(std::size_t pos) const noexcept;
  [[nodiscard]] std::optional<host_span> take_url(std::size_t colon) noexcept;
  [[nodiscard]] std::optional<host_span> take_email(std::size_t at_sign) noexcept;
  [[nodiscard]] std::size_t host_end(std::size_t begin, bool percent) const noexcept;
  [[nodiscard]] std::size_t without_sentence_dots(std::size_t begin, std::size_t end) const noexcept;
  void resume_at(std::size_t pos) noexcept;

  std::string_view text_;
  bool urls_;
  bool emails_;
  std::size_t pos_ = 0;
  // Start of the run of local-part characters that ends at pos_.
  std::size_t local_start_ = 0;
  // First letter of the run of scheme characters that ends at pos_, or npos.
  std::size_t scheme_letter_;
  // End of the path, query and fragment of the last URL: no URL starts
  // before it.
  std::size_t path_end_ = 0;
};

/// False when `text` holds no host host_finder would report: no "://"
/// (with `urls`) and no "@" (with `emails`), as most records of a feed.
[[nodiscard]] inline bool may_hold_hosts(std::string_view text, bool urls, bool emails) noexcept {
  return (urls && text.find("://") != std::string_view::npos) || (emails && text.find('@') != std::string_view::npos);
}

/// Every host of `text`, left to right (host_finder into a vector).
[[nodiscard]] std::vector<host_span> find_hosts(std::string_view text, bool urls, bool emails);

/// URL Standard "percent-decode": "%" and two hex digits become that byte;
/// any other byte, a lone "%" included, is kept.  Calls each(source offset,
/// byte) per decoded byte.  (The URL Standard's host parser, §3.5 step 4,
/// decodes a host this way before "domain to ASCII".)
template <class Each>
void percent_decode(std::string_view host, Each each) {
  auto hex_value = [](char c) noexcept {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  for (std::size_t i = 0; i < host.size(); ++i) {
    if (host[i] == '%' && i + 2 < host.size()) {
      const int high = hex_value(host[i + 1]);
      const int low = hex_value(host[i + 2]);
      if (high >= 0 && low >= 0) {
        each(i, static_cast<char>(high * 16 + low));
        i += 2;
        continue;
      }
    }
    each(i, host[i]);
  }
}

/// The failure of a URL host whose percent-decoding `decoded` (by
/// percent_decode) is not well-formed UTF-8, at the escape or byte of `host`
/// that starts the ill-formed sequence; `offset` is that of `host` in the
/// record.  Nothing when `decoded` is well-formed.
[[nodiscard]] std::optional<record_failure> decoded_host_failure(std::string_view host, std::string_view decoded,
                                                                 std::size_t offset);

}  // namespace puny::cli
