// puny — the IDNA2003 ToASCII and ToUnicode functions that return strings,
// sized by the core functions over caller buffers.
#include <string>

#include "puny/idna2003.hpp"

namespace puny::idna2003 {
namespace {

// Room for most names in one call: an ACE label is rarely more than twice
// its UTF-8 bytes, and ToUnicode output is rarely longer than its input.
constexpr std::size_t first_guess(std::size_t input_bytes) noexcept { return 2 * input_bytes + 16; }

/// Runs a core function into a string, growing it once to `needed`.  The
/// value is kept when the core function wrote it: on success, and, with
/// `keep_on_error`, whenever the codes are only rule codes (ToUnicode).
template <class Call>
converted<std::string> into_string(std::size_t input_bytes, bool keep_on_error, Call&& call) {
  converted<std::string> c;
  std::string s(first_guess(input_bytes), '\0');
  result r = call(std::span<char>(s.data(), s.size()));
  if (r.code == status::output_too_small) {
    s.assign(r.needed, '\0');
    r = call(std::span<char>(s.data(), s.size()));
  }
  c.code = r.code;
  c.errors = r.errors;
  c.position = r.position;
  c.label = r.label;
  c.offset = r.offset;
  c.code_point = r.code_point;
  if (r.code == status::success && (keep_on_error || r.errors.empty())) {
    s.resize(r.written);
    c.value = std::move(s);
  }
  return c;
}

}  // namespace

converted<std::string> to_ascii(std::string_view domain, const options& o) {
  return into_string(domain.size(), false, [&](std::span<char> out) { return to_ascii(domain, out, o); });
}

converted<std::string> to_unicode(std::string_view domain, const options& o) {
  return into_string(domain.size(), true, [&](std::span<char> out) { return to_unicode(domain, out, o); });
}

}  // namespace puny::idna2003
