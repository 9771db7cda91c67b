// puny CLI — converting one record with IDNA2008 or IDNA2003.
#include "standard_converter.hpp"

#include <algorithm>
#include <new>
#include <span>
#include <string>

namespace puny::cli {
namespace {

std::string terminator_name(char terminator) {
  if (terminator == '\n') return "a line feed";
  return "the record terminator";
}

// Calls `convert` on `room`, sized at first for nearly every domain
// (ToASCII adds "xn--" and a few digits per label; ToUnicode writes at most
// 4 bytes per input byte), then again with exactly what the library says
// it needs.
template <class Convert>
auto convert_into(std::string& room, std::size_t input_size, Convert convert) {
  if (room.size() < 2 * input_size + 64) room.resize(2 * input_size + 64);
  auto r = convert(std::span<char>(room.data(), room.size()));
  if (r.code == status::output_too_small) {
    room.resize(r.needed);
    r = convert(std::span<char>(room.data(), room.size()));
  }
  return r;
}

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
  if (format_ == output_format::plain && outcome.output.find(terminator_) != std::string::npos) {
    // Only the input's own terminator character can bring one into the
    // result: neither standard maps anything to a control character.
    outcome.output.clear();
    outcome.has_output = to_unicode;
    outcome.failure = record_failure{
        "terminator_in_result", std::min(record.find(terminator_), record.size()),
        "the result would contain " + terminator_name(terminator_) + ", which would split its output record"};
  }
}

}  // namespace puny::cli
