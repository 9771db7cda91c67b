/// \file
/// puny — which protected domain does this name look like?  A look-alike
/// index built once from a list of protected domains (thousands to
/// millions), queried with Chromium's top-domain skeleton rules.
///
/// \code
///   puny::lookalike_index index;
///   (void)index.add("paypal.com");
///   if (auto m = index.find("login.xn--80aa0cbo65f.com"))   // login.раураl.com
///     std::cout << "looks like " << m->domain << '\n';      // paypal.com
/// \endcode
///
/// The rules are those of Chromium's `GetSkeletons` and
/// `LookupSkeletonInTopDomains` (components/url_formatter/spoof_checks):
///  - a host whose characters are all Latin, Greek, Cyrillic, digits,
///    `. _ -` and U+0300–U+0339 loses its diacritics first (NFD, remove
///    General_Category Mn, NFC; then ł→l, ø→o, đ→d);
///  - characters with more than one likely reading (þ, œ, ł, ı) give one
///    skeleton per reading, up to 128 (none for a host longer than 32
///    UTF-16 units or with more than 5 such characters, as Chromium);
///  - Chromium's extra mappings (ћ→h, ω→w, 丅→t, ...) apply before the
///    UTS #39 skeleton (puny::skeleton), and ӏ U+04CF also reads as `l`;
///  - the host is matched on its last 4 labels, then its last 3, down to
///    2, so that `login.раураl.com` matches `paypal.com`;
///  - a protected domain, and any subdomain of it, never matches itself.
///
/// Where puny departs from Chromium, it is because Chromium's index is
/// built at compile time from its own list:
///  - domains are held and compared in their Unicode form (Chromium's trie
///    holds ACE, so a Unicode top domain would never equal the host it is
///    compared with), and a trailing dot of the name is ignored when it is
///    compared with the domain it matched;
///  - two protected domains with one skeleton are allowed (Chromium's
///    generator stops): the one added first wins;
///  - a full lookup (find) sees only full skeletons and find_without_separators
///    only skeletons without separators (Chromium's trie holds both kinds
///    under one key space, which its generator keeps disjoint).
///
/// Memory is about 40 bytes per protected domain (its text included; the
/// skeletons are not stored: a hash table of 8-byte slots points to the
/// domain, whose skeletons are computed again to confirm a hit), and a
/// query costs time linear in the length of the name: one skeleton per
/// reading and one hash probe per suffix, with no heap allocation.  A built
/// index is immutable in use: find() may run from any number of threads at
/// once; add() must not run concurrently with anything else on the same
/// index.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "idna.hpp"
#include "status.hpp"

namespace puny {

/// A protected domain a name looks like.
struct lookalike_match {
  std::string_view domain;  ///< the protected domain, in Unicode (UTF-8), as the index holds it
  std::size_t id = 0;       ///< its index in the order domains were added
  bool top_bucket = false;  ///< it was added to the top bucket
  /// The entry matched is one of the top-bucket domain's skeletons with
  /// its dots and hyphens removed (find_without_separators, Chromium's
  /// SkeletonType::kSeparatorsRemoved); false for a full skeleton (kFull).
  bool separators_removed = false;
  /// The skeleton the two share: the last 2 to 4 labels of the name's
  /// skeleton (UTF-8).  It lives in a buffer of the calling thread, valid
  /// until that thread's next query of any index: copy it to keep it.
  std::string_view skeleton;
};

/// Why add() did not add a domain.
struct [[nodiscard]] lookalike_add_result {
  bool added = false;             ///< the domain is in the index now (false for a repeat too)
  bool duplicate = false;         ///< it was there already
  status code = status::success;  ///< success, or invalid_utf8
  std::size_t position = 0;       ///< with invalid_utf8: the byte offset
  idna_errors errors;             ///< UTS #46 codes of an invalid domain (ToUnicode, uts46 profile); A4_1 for one over 253 bytes
  /// The skeletons the domain is stored under (Chromium's GetSkeletons):
  /// 0 for a domain that can never be matched because it is longer than
  /// 32 UTF-16 units or has more than 5 of þ œ ł ı, as in Chromium.
  std::size_t skeletons = 0;
  /// True when the domain was added.
  constexpr explicit operator bool() const noexcept { return added; }
};

/// One line of a list that add_list() could not take.
struct lookalike_list_error {
  std::size_t line = 0;       ///< 1-based line number
  std::string text;           ///< the line as it was
  lookalike_add_result why;   ///< what add() said
};

/// The index.  Move-only.
class lookalike_index {
 public:
  /// An empty index.
  lookalike_index();
  /// Releases the index.
  ~lookalike_index();
  /// Moves the index; `other` is left empty.
  lookalike_index(lookalike_index&& other) noexcept;
  /// Moves the index; `other` is left empty.
  lookalike_index& operator=(lookalike_index&& other) noexcept;
  lookalike_index(const lookalike_index&) = delete;
  lookalike_index& operator=(const lookalike_index&) = delete;

  /// Makes room for `domains` protected domains (optional; speeds up a
  /// large build).
  void reserve(std::size_t domains);
  /// Gives back the memory the index does not use (after a build; the
  /// hash table is resized to its final load).
  void shrink_to_fit();

  /// Adds protected `domain` (ACE or Unicode, any case, at most 253 bytes;
  /// UTS #46 ToUnicode must accept it, with the uts46 profile).  A trailing
  /// dot is dropped.  A top-bucket domain is also found by
  /// find_without_separators().  When two protected domains share a
  /// skeleton, a name with that skeleton matches the one added first.
  lookalike_add_result add(std::string_view domain, bool top_bucket = false);

  /// Adds every domain of a list in the format of Chromium's top-domain
  /// lists: one domain per line (LF or CRLF), `#` starts a comment line,
  /// blank lines are skipped, and a line `###END_TOP_BUCKET###` ends the
  /// top bucket (domains before it are top-bucket; a list without it has
  /// none).  Returns the number of domains added; the lines refused are
  /// appended to `errors` when it is not null.
  std::size_t add_list(std::string_view text, std::vector<lookalike_list_error>* errors = nullptr);

  /// The number of protected domains.
  [[nodiscard]] std::size_t size() const noexcept;
  /// True when no domain was added.
  [[nodiscard]] bool empty() const noexcept { return size() == 0; }
  /// Bytes of memory the index holds (its tables and its text).
  [[nodiscard]] std::size_t memory_bytes() const noexcept;
  /// The protected domain of index `id` (Unicode, UTF-8).
  [[nodiscard]] std::string_view domain(std::size_t id) const noexcept;

  /// \name Queries
  /// noexcept and allocation-free (working memory on the stack); a name
  /// over 253 bytes, or one UTS #46 ToUnicode rejects, matches nothing.
  ///@{
  /// The protected domain `domain` looks like, if any (Chromium's
  /// GetSimilarTopDomain): `domain` is converted with UTS #46 ToUnicode
  /// (uts46 profile), its skeletons are taken (skeletons()), and for each
  /// skeleton its last 4, 3 and 2 labels are looked up (kFull); of the
  /// skeletons that find a domain, the first in byte order decides.  If the
  /// name (without a trailing dot) is that domain or a subdomain of it
  /// (ASCII case-insensitive), there is no match.  Time linear in the
  /// length of the name.
  [[nodiscard]] std::optional<lookalike_match> find(std::string_view domain) const noexcept;
  /// The same for a host already in Unicode (UTF-32, as ToUnicode gives
  /// it), as puny::display calls it; no UTS #46 processing.
  [[nodiscard]] std::optional<lookalike_match> find_unicode(std::u32string_view host) const noexcept;
  /// Chromium's kSeparatorsRemoved lookup (GetMatchingTopDomainWithoutSeparators):
  /// a top-bucket domain whose skeleton without dots and hyphens is one of
  /// the skeletons of `domain` without them (`pay-pal.com` →
  /// `paypalcom`).  No self or subdomain exclusion.
  [[nodiscard]] std::optional<lookalike_match> find_without_separators(std::string_view domain) const noexcept;
  /// Chromium's LookupSkeletonInTopDomains: `skeleton` (UTF-8, as
  /// skeletons() gives it) split into labels at each dot, its last 4 labels, then 3, down
  /// to 2 (1 with `separators_removed`) looked up exactly among the full
  /// skeletons (or, with `separators_removed`, the top-bucket skeletons
  /// without separators).  No exclusion.
  [[nodiscard]] std::optional<lookalike_match> lookup_skeleton(std::string_view skeleton,
                                                               bool separators_removed = false) const noexcept;
  ///@}

  /// The skeletons Chromium's GetSkeletons computes for a host in Unicode
  /// (UTF-8; no UTS #46 processing), sorted: what the index stores for a
  /// protected domain and what a query looks up.  Empty for ill-formed
  /// UTF-8, and for a host Chromium gives none (see above).
  [[nodiscard]] static std::vector<std::string> skeletons(std::string_view unicode_host);

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

}  // namespace puny
