/// \file
/// puny — why a domain name is or is not valid: UTS #46 ToASCII run once for
/// the verdict, then every status code it records located and explained.
///
/// \code
///   auto e = puny::explain("a\u200Cb.example");
///   for (const puny::label_explanation& l : e.labels)
///     for (const puny::idna_violation& v : l.violations)
///       std::cout << puny::name(v.code) << " at " << v.position << ": " << v.detail << '\n';
///   // C1 at 2: U+200C ZERO WIDTH NON-JOINER at position 2 is neither after a virama ...
/// \endcode
///
/// In the spirit of the errors of Go's x/net/idna, which carry the label and
/// the rule: each violation names its code, its label, the code point that
/// breaks the rule and its position, and says why in plain English with the
/// property values that decided it (IdnaMappingTable status, Bidi_Class,
/// Joining_Type, Canonical_Combining_Class, General_Category).
///
/// The verdict is the library's own: `errors` is exactly what to_ascii()
/// records for the same input and options, and the codes of the violations
/// are exactly that set (puny's conformance tests prove it on every line of
/// IdnaTestV2.txt).  A diagnostic API, not a fast path: it allocates, and it
/// takes time linear in the input (n log n where NFC or Punycode do).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "idna.hpp"
#include "status.hpp"

namespace puny {

/// One rule broken, located.  Positions count code points from 1 in the
/// label's `unicode` form, the text UTS #46 validates (§4.1); 0 means the
/// rule is about the label or the domain as a whole (A4_1, A4_2, W2; P4
/// when the Punycode ends early or decodes to ASCII; A3 when the encoder
/// fails on scalar values).
struct idna_violation {
  /// The `label` of a violation about the whole domain.
  static constexpr std::size_t no_label = idna_result::no_label;

  /// The rule broken, as IdnaTestV2 names it.
  idna_code code = idna_code::V7;
  std::size_t label = no_label;  ///< 0-based; no_label for whole-domain codes (A4_1, W2)
  std::size_t position = 0;      ///< 1-based in the label's unicode form; 0: none
  char32_t code_point = 0;       ///< the code point at `position` (when it is not 0)
  /// V7, U1, B2, B5 and W1 are reported once per distinct code point of a
  /// label, at its first position; this counts its occurrences there.
  std::size_t occurrences = 1;
  std::string detail;  ///< plain English; never empty

  /// False for the rules about a label or the domain as a whole.
  [[nodiscard]] bool has_position() const noexcept { return position != 0; }
};

/// Violations of one code listed per label at most: a DNS label has at most
/// 63 bytes (RFC 1035 §2.3.4), so no label of a name that could be valid
/// comes near it, while a hostile label of a million ZWNJ is explained in
/// bounded memory.  label_explanation::unlisted counts the rest.
inline constexpr std::size_t max_listed_violations = 63;

/// One label of the domain, as typed and as UTS #46 §4 Processing left it.
struct label_explanation {
  std::u32string input;    ///< the code points as typed, between label separators
  std::u32string unicode;  ///< mapped, normalized and (`xn--`) decoded: what the rules check
  /// Its ToASCII form (ACE `"xn--..."` or the label); empty when it cannot be
  /// encoded (A3).
  std::string ascii;
  bool decoded = false;    ///< an `xn--` label whose Punycode decoded (§4 step 4.1)
  idna_errors errors;      ///< the codes of `violations`
  std::vector<idna_violation> violations;  ///< by code (in name order), then by position
  /// Violations not listed because max_listed_violations of their code
  /// already were (each code of `errors` is listed at least once).
  std::size_t unlisted = 0;
};

/// The code point that makes the domain a Bidi domain name (RFC 5893 §1.4:
/// some label holds a character of Bidi_Class R, AL or AN), so that every
/// label must satisfy the Bidi rule.
struct bidi_domain_reason {
  std::size_t label = 0;     ///< 0-based
  std::size_t position = 0;  ///< 1-based in that label's unicode form
  /// The code point at `position`.
  char32_t code_point = 0;
  std::string_view bidi_class;  ///< "R", "AL" or "AN"
};

/// What explain() found: ToASCII's and ToUnicode's verdicts, and each label
/// with the rules it breaks.
struct domain_explanation {
  /// The `label` when no label has an error.
  static constexpr std::size_t no_label = idna_result::no_label;

  /// success; invalid_utf8 (`position` is the byte offset of the first bad
  /// sequence, and nothing else is filled in); scratch_too_small when the
  /// library could not get working memory.
  status code = status::success;
  /// With invalid_utf8: the byte offset of the first bad sequence.
  std::size_t position = 0;

  std::string ascii;             ///< ToASCII's result; empty when it records an error
  std::u32string unicode;        ///< ToUnicode's result (it always has one)
  idna_errors errors;            ///< ToASCII's codes: the verdict
  idna_errors unicode_errors;    ///< ToUnicode's codes (X4_2 is its own: an empty label)
  std::size_t label = no_label;  ///< ToASCII's first label with an error (idna_result::label)

  /// Every label, in order, as UTS #46 §4 Processing left it.
  std::vector<label_explanation> labels;
  std::vector<idna_violation> domain_violations;  ///< A4_1, W2: about the whole name
  std::optional<bidi_domain_reason> bidi_domain;  ///< set when the Bidi rule was checked and applies

  /// True when ToASCII succeeds: `code` is success and `errors` is empty.
  [[nodiscard]] bool ok() const noexcept { return code == status::success && errors.empty(); }
  /// ok().
  explicit operator bool() const noexcept { return ok(); }
};

/// Explains `domain` (UTF-8) under `options`.  Ill-formed UTF-8 gives
/// status::invalid_utf8 with its byte offset, never a replacement.
[[nodiscard]] domain_explanation explain(std::string_view domain, const idna_options& options = {});

/// The same for code points, as to_ascii(std::u32string_view) takes them:
/// a lone surrogate is processed as the code point it names (V7, and A3
/// since Punycode encodes only scalar values).
[[nodiscard]] domain_explanation explain(std::u32string_view domain, const idna_options& options = {});

}  // namespace puny
