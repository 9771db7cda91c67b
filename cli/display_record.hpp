// puny CLI — what `puny display` made of one record.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "puny/display.hpp"
#include "puny/idna.hpp"
#include "record_failure.hpp"

namespace puny::cli {

/// One label as the jsonl format lists it.
struct display_label_record {
  std::string unicode;         ///< its Unicode form (as given when invalid)
  std::string ascii;           ///< its ACE form (as given when invalid)
  bool shown_unicode = false;  ///< the Unicode form of an IDN label is shown
  display_reasons reasons;     ///< why it is not
};

struct display_record {
  /// Sentinel of `label` when every label is shown as itself.
  static constexpr std::size_t no_label = static_cast<std::size_t>(-1);

  /// The display string (with --urls/--emails: the record with each host
  /// replaced by its display string).  Always there, except when there was
  /// nothing to show it from (`failure` says why).
  std::string output;
  bool has_output = false;
  /// The union of the reasons of every label (and lookalike_of_protected).
  display_reasons reasons;
  /// The protected domain the name looks like (the first one, with
  /// --urls/--emails).
  std::string lookalike_of;
  bool has_lookalike = false;
  /// jsonl only: every label of the name (of every host, in order); the
  /// first `label_count` entries are this record's (the vector keeps its
  /// strings between records).
  std::vector<display_label_record> labels;
  std::size_t label_count = 0;

  /// For the message: the first label not shown as itself, as the 0-based
  /// index `label` of host number `host` (1-based; 0 when the record is the
  /// name), with its reasons and UTS #46 codes.
  std::size_t host = 0;
  std::string host_text;
  std::size_t label = no_label;
  display_reasons label_reasons;
  idna_errors label_errors;
  /// The host (number and text) that looks like `lookalike_of`.
  std::size_t lookalike_host = 0;
  std::string lookalike_host_text;

  /// A failure that is not a display decision: ill-formed UTF-8, memory,
  /// or a result that cannot be written as a plain line.
  std::optional<record_failure> failure;

  /// Room the library writes into, kept between records.
  std::string scratch;
  std::vector<label_verdict> verdicts;
  std::string decoded;

  /// Every label is shown as itself, no look-alike, nothing failed.
  [[nodiscard]] bool ok() const noexcept { return reasons.empty() && !failure; }

  /// The next label entry for jsonl, reusing an old one's strings.
  display_label_record& next_label() {
    if (label_count == labels.size()) labels.emplace_back();
    return labels[label_count++];
  }

  /// Forgets the previous record, keeping the buffers' capacity.
  void start_record() noexcept {
    output.clear();
    has_output = true;
    reasons = {};
    lookalike_of.clear();
    has_lookalike = false;
    label_count = 0;
    host = 0;
    host_text.clear();
    label = no_label;
    label_reasons = {};
    label_errors = {};
    lookalike_host = 0;
    lookalike_host_text.clear();
    failure.reset();
  }
};

}  // namespace puny::cli
