// puny CLI — converting one record with UTS #46 ToASCII or ToUnicode.
//
// The record is the domain name as UTF-8.  Ill-formed UTF-8 is not
// converted (the library reports status::invalid_utf8 with the byte offset
// and replaces nothing); the record fails with the CLI code "UTF8".
// ToUnicode's output is then empty, and ToASCII has none.
//
// With plain output, a result holding the record terminator (a line feed
// given in an argument, which UseSTD3ASCIIRules off lets through) fails
// with "terminator_in_result", so that every record still gives exactly one
// output line; tsv and jsonl escape it instead.
#pragma once

#include <span>
#include <string_view>

#include "idna_outcome.hpp"
#include "options.hpp"
#include "output_format.hpp"
#include "puny/idna.hpp"

namespace puny::cli {

class idna_converter {
 public:
  /// `cmd` is to_ascii or to_unicode.
  idna_converter(command cmd, const idna_options& options, output_format format, char terminator);

  /// Converts one record into `outcome` (replacing it).
  void convert(std::string_view record, idna_outcome& outcome) const;

  /// The library's conversion of `record` written straight into `out`, and
  /// nothing else: the way a batch's plain records skip the copies through
  /// an outcome when they convert with no code (record_processor.cpp).
  /// `out` of first_room(record.size()) bytes (record_conversion.hpp) fits
  /// nearly every record.
  [[nodiscard]] idna_result convert_in_place(std::string_view record, std::span<char> out) const noexcept {
    return cmd_ == command::to_unicode ? puny::to_unicode(record, out, options_)
                                       : puny::to_ascii(record, out, options_);
  }

  /// Fills `outcome` (replacing it) as convert() would from `r`, a result
  /// of convert_in_place other than output_too_small, whose output is at
  /// `written`.
  void take(std::string_view record, const idna_result& r, const char* written, idna_outcome& outcome) const;

 private:
  void fill(std::string_view record, const idna_result& r, const char* written, idna_outcome& outcome) const;

  command cmd_;
  idna_options options_;
  output_format format_;
  char terminator_;
};

}  // namespace puny::cli
