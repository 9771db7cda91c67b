// puny CLI — `puny compare`: one domain name's ToASCII under the four
// standards people migrate between, side by side, and whether they differ.
//
// The four conversions, each with fixed options (compare takes no profile
// or flags), named as the --profile values that run them:
//   uts46         UTS #46 ToASCII, nontransitional, every check on
//   transitional  UTS #46 ToASCII with transitional processing
//   idna2008      IDNA2008 lookup (RFC 5891 §5), CONTEXTO rules evaluated
//   idna2003      IDNA2003 ToASCII (RFC 3490 §4.1) with AllowUnassigned on
//                 (a "query string", as resolvers convert names) and
//                 UseSTD3ASCIIRules off
// The results differ when they are not all the same: a failure counts as
// one value (all four failing is no difference, whatever the codes), and
// ASCII case is ignored, as the DNS compares names (RFC 4343; RFC 3490
// §3.1 requirement 4): IDNA2008 and IDNA2003 keep the case of an ASCII
// label, UTS #46 lowercases it.
//
// A record compare cannot process (ill-formed UTF-8, no memory) fails: its
// four results fail with that code, and it is the only kind of failure.
// A standard rejecting a name is the answer asked for, not a failure.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "output_format.hpp"
#include "puny/idna.hpp"
#include "puny/idna2003.hpp"
#include "puny/idna2008.hpp"
#include "record_batch.hpp"
#include "record_failure.hpp"

namespace puny::cli {

/// The four conversions, in the order every format lists them.
enum class compared : std::uint8_t { uts46, transitional, idna2008, idna2003 };
inline constexpr std::size_t compared_count = 4;

/// "uts46", "transitional", "idna2008", "idna2003".
[[nodiscard]] std::string_view name(compared c) noexcept;

/// One conversion's result.
struct compared_result {
  std::string output;       ///< the ToASCII result (empty when it failed)
  bool ok = false;          ///< it succeeded: no rule code, no failure
  std::uint32_t codes = 0;  ///< the standard's rule codes as bits (idna_errors, or its error_set)
};

/// What compare made of one record.
struct compare_outcome {
  std::array<compared_result, compared_count> results;
  /// The results are not all the same (see the top of this file).
  bool differ = false;
  /// The record could not be processed.
  std::optional<record_failure> failure;
  /// Room the library writes into, kept between records.
  std::string scratch;

  [[nodiscard]] bool processed() const noexcept { return !failure; }
};

/// Calls `each` with the name of every rule code of result `c`, in name
/// order, then with the failure's code when the record failed.
template <class Each>
void for_each_compared_code(const compare_outcome& o, compared c, Each each) {
  if (o.failure) {
    each(std::string_view(o.failure->name));
    return;
  }
  const std::uint32_t bits = o.results[static_cast<std::size_t>(c)].codes;
  switch (c) {
    case compared::uts46:
    case compared::transitional:
      for (const idna_code code : idna_errors::from_bits(bits)) each(puny::name(code));
      break;
    case compared::idna2008:
      for (const auto e : puny::idna2008::error_set::from_bits(bits)) each(puny::idna2008::name(e));
      break;
    case compared::idna2003:
      for (const auto e : puny::idna2003::error_set::from_bits(bits)) each(puny::idna2003::name(e));
      break;
  }
}

class compare_converter {
 public:
  compare_converter() noexcept;

  /// Converts one record into `outcome` (replacing it).
  void convert(std::string_view record, compare_outcome& outcome) const;

 private:
  idna_options uts46_;
  idna_options transitional_;
  puny::idna2008::options idna2008_;
  puny::idna2003::options idna2003_;
};

/// Writes the output record of `input` (no terminator):
///   plain  INPUT: same|differ|error: uts46=OUT transitional=OUT idna2008=OUT idna2003=OUT
///          with OUT the result, or the codes in brackets ([DISALLOWED]) when
///          it failed; INPUT and OUT as check shows text (check_text.hpp)
///   tsv    INPUT, VERDICT, then OUTPUT and CODES of each conversion: ten fields
///   jsonl  {"input": "...", "differ": true, "uts46": {"output": "..." | null,
///          "ok": true, "errors": []}, "transitional": {...}, "idna2008": {...},
///          "idna2003": {...}}, with "differ": null for a record that failed
void format_compare_record(output_format format, std::string_view input, const compare_outcome& outcome,
                           std::string& record);

/// Adds the message about a record that could not be processed.
void add_compare_messages(std::size_t record, const compare_outcome& outcome, std::vector<batch_message>& messages);

}  // namespace puny::cli
