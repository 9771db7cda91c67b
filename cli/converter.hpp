// puny CLI — converting one record with the library.
//
// encode: UTF-8 text (or a line of code point tokens) -> Punycode.
// decode: Punycode -> UTF-8 text (or a line of code point tokens).
// Punycode is bare RFC 3492 text, without an ACE prefix.  With code point
// tokens the Appendix A case flags travel with the code points: encode
// always passes the flags of the tokens, decode writes "U+" for flagged
// code points.  With mixed_case the UTF-8 text carries them as letter case
// instead (RFC 3492 Appendix A; case_annotation.hpp).
//
// A result that would contain the record terminator (a line feed coming
// from the input's basic code points, e.g. the token u+000A) fails, so that
// every record still gives exactly one output record.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "codepoint_tokens.hpp"
#include "options.hpp"
#include "record_failure.hpp"

namespace puny::cli {

class converter {
 public:
  /// `cmd` is encode or decode.  `terminator` is the output record
  /// terminator, which results must not contain.
  converter(command cmd, bool codepoints, bool mixed_case, char terminator);

  /// Converts one record into `result` (replacing it; empty on failure).
  /// When `trace` is not null the RFC 3492 §7.2/7.3 trace is appended to it
  /// (up to the failing step for a failure).
  std::optional<record_failure> convert(std::string_view record, std::string& result, std::string* trace);

 private:
  std::optional<record_failure> encode_text(std::string_view record, std::string& result, std::string* trace);
  std::optional<record_failure> encode_tokens(std::string_view record, std::string& result, std::string* trace);
  std::optional<record_failure> decode_text(std::string_view record, std::string& result, std::string* trace);
  std::optional<record_failure> decode_tokens(std::string_view record, std::string& result, std::string* trace);
  record_failure terminator_failure(std::size_t offset) const;

  command cmd_;
  bool codepoints_;
  bool mixed_case_;
  char terminator_;
  // Reused between records.
  std::u32string code_points_;
  std::vector<bool> uppercase_;
  token_line tokens_;
};

}  // namespace puny::cli
