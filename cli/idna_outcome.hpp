// puny CLI — what ToASCII or ToUnicode made of one record, under UTS #46,
// IDNA2008 or IDNA2003.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "puny/idna.hpp"
#include "puny/idna2003.hpp"
#include "puny/idna2008.hpp"
#include "record_failure.hpp"

namespace puny::cli {

struct idna_outcome {
  /// The converted domain name.  ToASCII has none when it fails; ToUnicode
  /// always has one (UTS #46 §4.3, RFC 3490 §4.2: it never refuses to
  /// produce output), except when there was nothing to convert (`failure`
  /// is set).
  std::string output;
  bool has_output = false;
  /// The rule codes recorded: UTS #46's, or, with an IDNA2008 or IDNA2003
  /// profile, that standard's (only one of the three sets is ever filled).
  idna_errors errors;
  puny::idna2008::error_set errors_2008;
  puny::idna2003::error_set errors_2003;
  /// True when the record was converted with an IDNA2008 or IDNA2003
  /// profile: `offset` and `code_point` are then known, and jsonl writes them.
  bool standard = false;
  /// 0-based index of the first label with an error (idna_result::label);
  /// with --urls/--emails, within the host `host`.
  std::size_t label = idna_result::no_label;
  /// IDNA2008, IDNA2003: in that label's Unicode form, the 0-based index in
  /// code points of the first code point at fault, and that code point
  /// (0 when the rule is about the label as a whole).
  std::size_t offset = 0;
  char32_t code_point = 0;
  /// --urls/--emails: 1-based number, among the hosts found in the record,
  /// of the first one with an error (0: none), and that host as found.
  std::size_t host = 0;
  std::string host_text;
  /// A failure that is not a rule code: ill-formed UTF-8, memory, or a
  /// result that cannot be written as a plain line.
  std::optional<record_failure> failure;
  /// Room the library writes into, kept between records so that converting
  /// one costs no allocation.
  std::string scratch;

  /// True when no rule code was recorded (whatever the standard).
  [[nodiscard]] bool no_codes() const noexcept {
    return errors.empty() && errors_2008.empty() && errors_2003.empty();
  }
  [[nodiscard]] bool ok() const noexcept { return no_codes() && !failure; }

  /// Calls `each` with the name of every rule code, in its set's order.
  template <class Each>
  void for_each_rule_code(Each each) const {
    for (const idna_code c : errors) each(puny::name(c));
    for (const puny::idna2008::error e : errors_2008) each(puny::idna2008::name(e));
    for (const puny::idna2003::error e : errors_2003) each(puny::idna2003::name(e));
  }

  /// Forgets the previous record, keeping the buffers' capacity.
  void start_record(bool output_expected) noexcept {
    output.clear();
    has_output = output_expected;
    errors = {};
    errors_2008 = {};
    errors_2003 = {};
    standard = false;
    label = idna_result::no_label;
    offset = 0;
    code_point = 0;
    host = 0;
    host_text.clear();
    failure.reset();
  }
};

}  // namespace puny::cli
