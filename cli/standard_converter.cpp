// puny CLI — converting one record with IDNA2008 or IDNA2003.
#include "standard_converter.hpp"

#include <new>
#include <span>
#include <string>

#include "record_conversion.hpp"

namespace puny::cli {
namespace {

// A standard's result (detail::standard_result over its own error set)
// into the outcome: the codes into `codes`, the place of the first fault,
// and the output where there is one.
template <class Result, class Codes>
void take(const Result& r, Codes& codes, bool to_unicode, idna_outcome& outcome) {
  if (r.code != status::success) {
    outcome.failure = status_failure(r.code, r.position);
    return;
  }
  codes = r.errors;
  outcome.label = r.label;
  outcome.offset = r.offset;
  outcome.code_point = r.code_point;
  if (to_unicode || r.errors.empty()) {
    outcome.output.assign(outcome.scratch.data(), r.written);
    outcome.has_output = true;
  }
}

}  // namespace

standard_converter::standard_converter(command cmd, const profile_settings& profile, output_format format,
                                       char terminator)
    : cmd_(cmd), profile_(profile), format_(format), terminator_(terminator) {}

void standard_converter::convert(std::string_view record, idna_outcome& outcome) const {
  const bool to_unicode = cmd_ == command::to_unicode;
  outcome.start_record(to_unicode);
  outcome.standard = true;
  try {
    if (profile_.standard == idna_standard::idna2008) {
      const puny::idna2008::options& o = profile_.idna2008;
      const auto r = convert_into(outcome.scratch, record.size(), [&](std::span<char> out) {
        return to_unicode ? puny::idna2008::to_unicode(record, out, o) : puny::idna2008::to_ascii(record, out, o);
      });
      take(r, outcome.errors_2008, to_unicode, outcome);
    } else {
      const puny::idna2003::options& o = profile_.idna2003;
      const auto r = convert_into(outcome.scratch, record.size(), [&](std::span<char> out) {
        return to_unicode ? puny::idna2003::to_unicode(record, out, o) : puny::idna2003::to_ascii(record, out, o);
      });
      take(r, outcome.errors_2003, to_unicode, outcome);
    }
  } catch (const std::bad_alloc&) {
    outcome.output.clear();
    outcome.has_output = false;
    outcome.failure = record_failure{"out_of_memory", 0, "not enough memory for this record"};
    return;
  }
  if (format_ == output_format::plain) refuse_terminator_in_result(record, terminator_, to_unicode, outcome);
}

}  // namespace puny::cli
