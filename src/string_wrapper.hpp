// puny — the step every std::string wrapper over a buffer function takes
// (UTS #46 in idna/entry_points.cpp, IDNA2008 and IDNA2003 in their
// wrappers.cpp): a string sized by a first guess, grown once to the size
// the buffer function reports.  Internal.
#pragma once

#include <cstddef>
#include <span>
#include <utility>

#include "puny/status.hpp"

namespace puny::detail {

// A first guess that fits most names in one call: ToASCII of a Unicode
// label is rarely more than twice its code units, ToUnicode rarely longer
// than its input plus mapping growth (IDNA2008 and IDNA2003 map nothing, or
// little).
constexpr std::size_t first_output_guess(std::size_t input_units) noexcept { return 2 * input_units + 16; }

/// Runs a buffer function into the string of a `Converted` (idna_converted
/// or standard_converted), growing it once to `needed`.  The value is kept
/// when the buffer function wrote it: on success, and, with
/// `keep_on_error`, whenever the codes are only rule codes (ToUnicode).
template <class Converted, class Call>
Converted into_string(std::size_t input_units, bool keep_on_error, Call&& call) {
  using String = decltype(Converted::value);
  using Char = typename String::value_type;
  Converted c;
  String s(first_output_guess(input_units), Char{});
  auto r = call(std::span<Char>(s.data(), s.size()));
  if (r.code == status::output_too_small) {
    s.assign(r.needed, Char{});
    r = call(std::span<Char>(s.data(), s.size()));
  }
  c.code = r.code;
  c.errors = r.errors;
  c.position = r.position;
  c.label = r.label;
  if constexpr (requires { c.offset = r.offset; c.code_point = r.code_point; }) {
    c.offset = r.offset;
    c.code_point = r.code_point;
  }
  if (r.code == status::success && (keep_on_error || r.errors.empty())) {
    s.resize(r.written);
    c.value = std::move(s);
  }
  return c;
}

}  // namespace puny::detail
