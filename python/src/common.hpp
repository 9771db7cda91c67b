// puny._puny — what the files of the extension module share: the input
// text, the resolved profile and flags, one conversion's outcome, and the
// Python objects built from them.  One concept per .cpp file:
//   input.cpp    str / bytes -> text (UTF-8 view, or code points for lone surrogates)
//   options.cpp  profile name + keyword flags -> config
//   convert.cpp  one conversion under a config (no GIL needed)
//   diagnose.cpp codes, label, position and messages of an outcome
//   errors.cpp   puny.IDNAError and puny.CheckResult from C++
//   idna.cpp     to_ascii, to_unicode, check
//   punycode.cpp encode, decode
//   batch.cpp    to_ascii_batch, to_unicode_batch (GIL released, jobs threads)
//   arrow.cpp    the batch calls over Arrow string arrays (C Data Interface, zero-copy)
//   display.cpp  display, skeleton, the look-alike index (UTS #39)
//   module.cpp   the module
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <Python.h>
#include <nanobind/nanobind.h>
#include <puny/idna.hpp>
#include <puny/idna2003.hpp>
#include <puny/idna2008.hpp>

namespace puny_py {

namespace nb = nanobind;

// ---------------------------------------------------------------------------
// Input text.

/// A domain as the library takes it: a UTF-8 view (into a str's cached
/// UTF-8 or a bytes object's buffer; the caller keeps the object alive), or,
/// for a str holding lone surrogates (which have no UTF-8), its code points.
struct text {
  std::string_view utf8;
  std::u32string utf32;
  bool wide = false;       ///< utf32 holds the text (the str has lone surrogates)
  bool from_bytes = false; ///< the input was bytes: outputs are bytes too
  std::size_t size() const noexcept { return wide ? utf32.size() : utf8.size(); }
};

/// The text of a str or bytes object; false (no Python error set) when `o`
/// is neither.  Needs the GIL.
bool read_text(PyObject* o, text& out);
/// read_text, or TypeError naming the argument.
text read_text_or_throw(nb::handle o, const char* what);
/// Index of the first lone surrogate of `t` (wide text), or npos.
std::size_t first_surrogate(const text& t) noexcept;

// ---------------------------------------------------------------------------
// Profiles and flags.

enum class standard : std::uint8_t { uts46, idna2008, idna2003 };

/// Every keyword flag of to_ascii / to_unicode / check / the batch calls;
/// std::nullopt: the profile's default.
#define PUNY_PY_BOOL_FLAGS(X)                                                                       \
  X(use_std3_ascii_rules) X(check_hyphens) X(check_bidi) X(check_joiners) X(transitional_processing) \
  X(verify_dns_length) X(ignore_invalid_punycode) X(forbid_domain_code_points) X(reject_empty)       \
  X(ascii_input_lowercase_only) X(display_fallback) X(check_contexto) X(check_hostname)              \
  X(require_lowercase_alabels) X(allow_reserved_ldh) X(allow_trailing_dot) X(allow_unassigned)

struct flag_args {
#define PUNY_PY_FIELD(n) std::optional<bool> n;
  PUNY_PY_BOOL_FLAGS(PUNY_PY_FIELD)
#undef PUNY_PY_FIELD
  std::optional<std::string> nfkc;  ///< IDNA2003: "corrected" or "unicode-3.2"
};

/// Function parameters, the collection of them into a flag_args, and the
/// nanobind argument annotations, in the same order.
#define PUNY_PY_PARAM(n) std::optional<bool> n,
#define PUNY_PY_FLAG_PARAMS PUNY_PY_BOOL_FLAGS(PUNY_PY_PARAM) std::optional<std::string> nfkc
#define PUNY_PY_COLLECT(n) flags.n = n;
#define PUNY_PY_COLLECT_FLAGS(flags) \
  ::puny_py::flag_args flags;        \
  PUNY_PY_BOOL_FLAGS(PUNY_PY_COLLECT) flags.nfkc = std::move(nfkc)
#define PUNY_PY_ARG(n) nb::arg(#n) = nb::none(),
#define PUNY_PY_FLAG_ARGS PUNY_PY_BOOL_FLAGS(PUNY_PY_ARG) nb::arg("nfkc") = nb::none()

/// A profile with its flags applied.
struct config {
  standard std = standard::uts46;
  std::string_view profile;  ///< the canonical profile name ("uts46", "idna2008", ...)
  puny::idna_options uts46;
  puny::idna2008::options idna2008;
  puny::idna2003::options idna2003;
};

/// The config of `profile` with `flags`; ValueError for an unknown profile,
/// TypeError for a flag the profile's standard does not have.
config make_config(std::string_view profile, const flag_args& flags);

// ---------------------------------------------------------------------------
// One conversion.

enum class direction : std::uint8_t { to_ascii, to_unicode };

/// What one conversion did, in the terms shared by the three standards.
struct outcome {
  bool has_value = false;   ///< value / value32 hold the result
  bool wide = false;        ///< value32 holds it (wide input to ToUnicode)
  std::string value;        ///< UTF-8
  std::u32string value32;   ///< code points (may hold lone surrogates)
  puny::status code = puny::status::success;
  std::uint32_t errors = 0;  ///< the standard's error set, as bits
  std::size_t position = 0;  ///< with invalid_utf8 / invalid_code_point: offset in the input
  std::size_t label = static_cast<std::size_t>(-1);
  std::size_t offset = 0;    ///< IDNA2008 / IDNA2003: offset in the label (with code_point)
  char32_t code_point = 0;
  bool not_a_string = false; ///< batch element that is not a str
  bool out_of_memory = false;
  bool ok() const noexcept { return !not_a_string && !out_of_memory && code == puny::status::success && errors == 0; }
};

/// Converts `t` under `c`.  Needs no GIL; may throw std::bad_alloc.
outcome convert(const config& c, direction d, const text& t);

// ---------------------------------------------------------------------------
// Diagnosis: the names and explanations of an outcome.

inline constexpr std::size_t no_label = static_cast<std::size_t>(-1);

struct diagnosis {
  std::vector<std::string> codes;     ///< names in name order (or a status name)
  std::size_t label = no_label;       ///< first label at fault
  std::optional<std::size_t> position;  ///< see IDNAError.position
  std::optional<char32_t> code_point;
  std::vector<std::string> messages;  ///< one per code at least
};

/// The code names of an outcome only (cheap: for the batch calls).
std::vector<std::string_view> code_names(const config& c, const outcome& o);
/// Codes, location and messages of a failed outcome of `t` (runs
/// puny::explain for UTS #46 to locate the fault).  Needs no GIL.
diagnosis diagnose(const config& c, direction d, const text& t, const outcome& o);

// ---------------------------------------------------------------------------
// Python objects.

/// str (or bytes when the input was bytes) of an outcome's value.
nb::object make_output(const outcome& o, bool as_bytes);
/// Raises puny.IDNAError for `dg` (throws nb::python_error).
/// `operation`: "to_ascii", "encode", ...; `profile`: "uts46", "punycode", ...
[[noreturn]] void raise_idna_error(std::string_view operation, std::string_view profile, const diagnosis& dg);
/// puny.CheckResult.
nb::object make_check_result(const config& c, const diagnosis& dg, bool ok, nb::object ascii, nb::object unicode);
/// A tuple of str.
nb::tuple str_tuple(const std::vector<std::string>& names);

/// Inputs at least this long are converted with the GIL released.
inline constexpr std::size_t release_gil_at = 1 << 16;
/// UTS #46 failures of inputs longer than this are not located by
/// puny::explain (diagnose.cpp): no position or code point, generic messages.
inline constexpr std::size_t explain_at_most = 1 << 20;

void init_idna(nb::module_& m);
void init_punycode(nb::module_& m);
void init_batch(nb::module_& m);
void init_arrow(nb::module_& m);
void init_display(nb::module_& m);

}  // namespace puny_py
