// puny CLI — converting the hosts of URLs and the domains of e-mail
// addresses inside a record (--urls, --emails), leaving every other byte as
// it was.
//
// The hosts are those of host_spans.hpp.  Each is converted on its own with
// UTS #46 ToASCII (§4.2) or ToUnicode (§4.3) under the options given:
//  - a host whose conversion records no error is replaced by the result;
//  - a host whose conversion records any error is left exactly as found, so
//    that a line is never half converted inside a name; its codes join the
//    record's `errors`, and the first such host is named in `host`,
//    `host_text` and `label`.
// The output always exists (`has_output`), even when a host failed: the
// text around the hosts is the user's and is written back either way.
// Only running out of memory leaves none (failure "out_of_memory").
//
// Ill-formed UTF-8 anywhere in the record: nothing is converted, the
// output is the record unchanged, and the failure is "UTF8" with the byte
// offset.
//
// Percent-encoded URL hosts: the URL Standard's host parser (§3.5 step 4)
// percent-decodes the host and UTF-8 decodes it before "domain to ASCII",
// so "https://%E4%BE%8B.jp/" names 例.jp; the decoded host is converted.
// Two departures, both to keep the record intact:
//  - decoded bytes that are not well-formed UTF-8 are not replaced by
//    U+FFFD as the URL Standard would: the host is left as found and the
//    record gets the failure "UTF8" at the offset of the escape where the
//    ill-formed sequence starts (the first such host only);
//  - the decoded host is checked for the URL Standard's forbidden domain
//    code points (W1) whatever the profile, as its host parser always
//    does; so "%0A" or "%2F" cannot smuggle a line feed into the output
//    record or a "/" into the authority.
// A "%" not followed by two hex digits stays as it is (URL Standard
// "percent-decode"), and UTS #46 then rejects it (U1, or W1).
//
// Thread safety: convert() is const and keeps no state between calls; one
// host_rewriter may serve several threads at once.  Converting writes
// straight into `outcome.output`, so that reusing one outcome for many
// records allocates only when its output grows (and, rarely, for a
// percent-encoded host over 256 bytes, or the library's working memory for
// a host too long to fit its stack buffers).
#pragma once

#include <string_view>

#include "idna_outcome.hpp"
#include "options.hpp"
#include "puny/idna.hpp"

namespace puny::cli {

class host_rewriter {
 public:
  /// `cmd` is to_ascii or to_unicode; at least one of urls, emails is true.
  host_rewriter(command cmd, const idna_options& options, bool urls, bool emails);

  /// Converts every host found in `record` into `outcome` (replacing it).
  void convert(std::string_view record, idna_outcome& outcome) const;

 private:
  command cmd_;
  idna_options options_;
  // options_ with the URL Standard's forbidden domain code point check, for
  // percent-decoded hosts.
  idna_options decoded_options_;
  bool urls_;
  bool emails_;
};

}  // namespace puny::cli
