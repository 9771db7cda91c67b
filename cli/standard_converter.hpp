// puny CLI — converting one record with IDNA2008 or IDNA2003 ToASCII or
// ToUnicode (--profile idna2008, idna2008-registration, idna2003).
//
// The same contract as idna_converter.hpp, with the standard's codes:
//  - ToASCII writes a result only when no rule code was recorded;
//  - ToUnicode always writes one: a label that breaks a rule (IDNA2008) or
//    whose conversion fails at any step (IDNA2003, RFC 3490 §4.2, which
//    "never fails") is written as it was given.  The record still counts
//    as failed, with the codes that say why, so that a label given back
//    unconverted is never mistaken for one that converted;
//  - ill-formed UTF-8 fails with "UTF8" and nothing is converted;
//  - with plain output, a result holding the record terminator fails with
//    "terminator_in_result" (tsv and jsonl escape it).
// The outcome also gets the first label at fault and, in its Unicode form,
// the offending code point and its index, for the messages and jsonl.
#pragma once

#include <string_view>

#include "idna_outcome.hpp"
#include "options.hpp"
#include "output_format.hpp"

namespace puny::cli {

class standard_converter {
 public:
  /// `cmd` is to_ascii or to_unicode; `profile.standard` is idna2008 or
  /// idna2003.
  standard_converter(command cmd, const profile_settings& profile, output_format format, char terminator);

  /// Converts one record into `outcome` (replacing it).
  void convert(std::string_view record, idna_outcome& outcome) const;

 private:
  command cmd_;
  profile_settings profile_;
  output_format format_;
  char terminator_;
};

}  // namespace puny::cli
