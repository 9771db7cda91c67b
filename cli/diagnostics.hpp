// puny CLI — the text of what is said on standard error about a record.
//
// A failed record is reported as
//   puny: line 3: invalid_digit at offset 4: character is not a Punycode digit
// ("argument N" for strings given as arguments, "FILE:N" for a line of a
// file given with -f, "record N" instead of "line N" with -0; offsets are
// 0-based bytes in the record).  A domain name with UTS #46 errors is
// reported with the first label that has one (1-based, and as typed when it
// can be found) and every code with its message, separated by "; ":
//   puny: line 3: label 2 "xn--0": P4 (an xn-- label is not valid Punycode ...)
//   puny: argument 1: A4_1 (the domain name is empty or longer than 253 ...)
// With --urls or --emails the host comes first:
//   puny: line 3: host 2 "xn--0.com": label 1 "xn--0": P4 (...)
// With an IDNA2008 or IDNA2003 profile, the code point at fault (where the
// rule is about one) follows the label, with its 1-based position in the
// label (IDNA2008: in its Unicode form, an A-label decoded; IDNA2003: as
// given), and each code gives the sections that state it:
//   puny: argument 1: label 1 "l·x": U+00B7 '·' at position 2: CONTEXTO
//   (RFC 5892 Appendix A.3-A.9: a CONTEXTO code point is out of context)
// The functions here make the text after the location; batch_writer adds
// "puny: LOCATION: " once the record's number is known.
#pragma once

#include <cstddef>
#include <vector>
#include <string>
#include <string_view>

#include "domain_labels.hpp"
#include "idna_outcome.hpp"
#include "record_batch.hpp"
#include "record_failure.hpp"

namespace puny::cli {

/// The label (or any text) in double quotes for a message: well-formed
/// UTF-8 as it is, hidden characters as \u{XXXX} (4 to 6 hex digits), '"'
/// and '\' escaped, ill-formed bytes as \xHH; cut after 63 code points.
[[nodiscard]] std::string quoted_label(std::string_view label);

/// Appends `host N "HOST": ` for host number `host` of the record (--urls,
/// --emails); nothing for host 0, where the record is the domain.
void append_host_prefix(std::string& m, std::size_t host, std::string_view host_text);

/// Appends `label N "LABEL": ` for label `index` (0-based) of `domain`, the
/// label quoted when it can be found there.
void append_label_prefix(std::string& m, std::string_view domain, std::size_t index,
                         label_separators separators = label_separators::four_dots);

/// Appends every code of `errors` as "NAME (MESSAGE)", separated by "; ".
void append_idna_codes(std::string& m, idna_errors errors);

/// "NAME at offset K: reason".
[[nodiscard]] std::string failure_message(const record_failure& failure);

/// Adds the messages about domain record number `record` of a batch (its
/// text `text`) to `messages`: one for its rule codes (UTS #46's, or the
/// standard's), one for a failure of another kind; none when the outcome is
/// ok.
void add_idna_messages(std::size_t record, std::string_view text, const idna_outcome& outcome,
                       std::vector<batch_message>& messages);

}  // namespace puny::cli
