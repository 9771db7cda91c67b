// puny CLI — the steps the UTS #46 and the IDNA2008/IDNA2003 converters
// (idna_converter.cpp, standard_converter.cpp) take alike around a library
// call: the scratch room sized and grown once, and the refusal of a result
// that would split its plain output record.
#pragma once

#include <algorithm>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>

#include "idna_outcome.hpp"
#include "puny/status.hpp"
#include "record_failure.hpp"

namespace puny::cli {

// Room for the result of a record of `input_size` bytes that fits nearly
// every domain: ToASCII adds "xn--" and a few digits per label; ToUnicode
// rarely writes more than twice the input.
[[nodiscard]] constexpr std::size_t first_room(std::size_t input_size) noexcept { return 2 * input_size + 64; }

// Calls `convert` on `room`, sized at first by first_room, then again with
// exactly what the library says it needs.
template <class Convert>
auto convert_into(std::string& room, std::size_t input_size, Convert convert) {
  if (room.size() < first_room(input_size)) room.resize(first_room(input_size));
  auto r = convert(std::span<char>(room.data(), room.size()));
  if (r.code == status::output_too_small) {
    room.resize(r.needed);
    r = convert(std::span<char>(room.data(), room.size()));
  }
  return r;
}

// A plain-format result holding the record terminator would split its
// output record: the record fails instead, keeping ToUnicode's "has an
// output" as it was.  Only the input's own terminator character can bring
// one into the result: no standard maps anything to a control character.
inline void refuse_terminator_in_result(std::string_view record, char terminator, bool to_unicode,
                                        idna_outcome& outcome) {
  if (outcome.output.find(terminator) == std::string::npos) return;
  const std::string name = terminator == '\n' ? "a line feed" : "the record terminator";
  outcome.output.clear();
  outcome.has_output = to_unicode;
  outcome.failure = record_failure{"terminator_in_result", std::min(record.find(terminator), record.size()),
                                   "the result would contain " + name + ", which would split its output record"};
}

}  // namespace puny::cli
