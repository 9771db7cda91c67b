// puny CLI — what ToASCII or ToUnicode made of one record.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "puny/idna.hpp"
#include "record_failure.hpp"

namespace puny::cli {

struct idna_outcome {
  /// The converted domain name.  ToASCII has none when it fails; ToUnicode
  /// always has one (UTS #46 §4.3: it never refuses to produce output),
  /// except when there was nothing to convert (`failure` is set).
  std::string output;
  bool has_output = false;
  /// The UTS #46 codes recorded.
  idna_errors errors;
  /// 0-based index of the first label with an error (idna_result::label);
  /// with --urls/--emails, within the host `host`.
  std::size_t label = idna_result::no_label;
  /// --urls/--emails: 1-based number, among the hosts found in the record,
  /// of the first one with an error (0: none), and that host as found.
  std::size_t host = 0;
  std::string host_text;
  /// A failure that is not a UTS #46 code: ill-formed UTF-8, memory, or a
  /// result that cannot be written as a plain line.
  std::optional<record_failure> failure;
  /// Room the library writes into, kept between records so that converting
  /// one costs no allocation.
  std::string scratch;

  [[nodiscard]] bool ok() const noexcept { return errors.empty() && !failure; }

  /// Forgets the previous record, keeping the buffers' capacity.
  void start_record(bool output_expected) noexcept {
    output.clear();
    has_output = output_expected;
    errors = {};
    label = idna_result::no_label;
    host = 0;
    host_text.clear();
    failure.reset();
  }
};

}  // namespace puny::cli
