// puny CLI — converting one record with UTS #46 ToASCII or ToUnicode.
#include "idna_converter.hpp"

#include <new>
#include <span>
#include <string>

#include "record_conversion.hpp"

namespace puny::cli {

idna_converter::idna_converter(command cmd, const idna_options& options, output_format format, char terminator)
    : cmd_(cmd), options_(options), format_(format), terminator_(terminator) {}

void idna_converter::convert(std::string_view record, idna_outcome& outcome) const {
  // UTS #46 §4.3: ToUnicode always has a result to show; ToASCII has one
  // only when no error was recorded (§4.2).
  outcome.start_record(cmd_ == command::to_unicode);
  try {
    // ToASCII needs at most 4 bytes per input byte plus "xn--" per label,
    // ToUnicode at most 18 code points per input code point (U+FDFA): a
    // first guess that fits nearly every domain, then exactly what the
    // library says it needs.
    const idna_result r = convert_into(outcome.scratch, record.size(),
                                       [&](std::span<char> out) { return convert_in_place(record, out); });
    fill(record, r, outcome.scratch.data(), outcome);
  } catch (const std::bad_alloc&) {
    outcome.output.clear();
    outcome.failure = record_failure{"out_of_memory", 0, "not enough memory for this record"};
  }
}

void idna_converter::take(std::string_view record, const idna_result& r, const char* written,
                          idna_outcome& outcome) const {
  outcome.start_record(cmd_ == command::to_unicode);
  try {
    fill(record, r, written, outcome);
  } catch (const std::bad_alloc&) {
    outcome.output.clear();
    outcome.failure = record_failure{"out_of_memory", 0, "not enough memory for this record"};
  }
}

void idna_converter::fill(std::string_view record, const idna_result& r, const char* written,
                          idna_outcome& outcome) const {
  const bool to_unicode = cmd_ == command::to_unicode;
  if (r.code != status::success) {
    outcome.failure = status_failure(r.code, r.position);
    return;
  }
  outcome.errors = r.errors;
  outcome.label = r.label;
  if (to_unicode || r.ok()) {
    outcome.output.assign(written, r.written);
    outcome.has_output = true;
  }
  if (format_ == output_format::plain) refuse_terminator_in_result(record, terminator_, to_unicode, outcome);
}

}  // namespace puny::cli
