// puny CLI — `puny display` on one record: the form of a domain name that
// is safe to show, under a display policy (puny::display, <puny/display.hpp>).
//
// The record is the domain name as UTF-8; its output is the display string:
// each label in Unicode where the policy allows it, else in its xn-- form
// (a label with UTS #46 errors as it was given).  Ill-formed UTF-8 is not
// converted: the output is empty and the record fails with "UTF8".
//
// With --urls and --emails the hosts found in the record (host_spans.hpp)
// are each replaced by their display string and every other byte is kept.
// A percent-encoded URL host is decoded first, as the URL Standard's host
// parser does; one whose decoded bytes are not UTF-8 (failure "UTF8"), or
// that holds a forbidden domain code point such as "/" or a line feed
// (reason invalid, code W1), is left as found, so that a host can never
// smuggle a delimiter or a record terminator into the output.
//
// With plain output, a display string holding the record terminator (an
// argument with a line feed: UTS #46 shows that label as given) fails with
// "terminator_in_result"; tsv and jsonl escape it instead.
//
// Thread safety: convert() is const; one converter may serve many threads.
// Each thread uses its own display_record, whose buffers make converting a
// record allocation-free once they have grown (jsonl excepted: it lists
// every label's forms, from the library's string results).
#pragma once

#include <string_view>

#include "display_record.hpp"
#include "options.hpp"
#include "output_format.hpp"
#include "puny/display.hpp"

namespace puny::cli {

class display_converter {
 public:
  /// `opts.display` must outlive the converter.
  display_converter(const options& opts, char terminator);

  /// Converts one record into `rec` (replacing it).
  void convert(std::string_view record, display_record& rec) const;

 private:
  void display_name(std::string_view name, std::string_view found, std::size_t host, display_record& rec) const;
  void display_with_labels(std::string_view name, std::string_view found, std::size_t host, display_record& rec) const;
  void decoded_host(std::string_view found, std::size_t host, std::size_t offset, display_record& rec) const;
  void convert_hosts(std::string_view record, display_record& rec) const;

  display_options options_;
  output_format format_;
  char terminator_;
  bool urls_;
  bool emails_;
};

}  // namespace puny::cli
