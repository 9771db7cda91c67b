// puny._puny — Punycode (RFC 3492) encode and decode of one label's text,
// without the "xn--" prefix.
#include <string>

#include <puny/punycode.hpp>

#include "common.hpp"

namespace puny_py {

namespace {

[[noreturn]] void raise_punycode(puny::status code, std::size_t position, const char* what) {
  diagnosis dg;
  dg.codes.emplace_back(puny::name(code));
  dg.position = position;
  dg.messages.push_back(std::string(puny::message(code)) + " at index " + std::to_string(position));
  raise_idna_error(what, "punycode", dg);
}

nb::str encode(nb::handle s) {
  if (!PyUnicode_Check(s.ptr())) throw nb::type_error("encode() takes a str");
  const text t = read_text_or_throw(s, "s");
  puny::converted<std::string> r;
  if (t.wide) {
    r = puny::encode(std::u32string_view(t.utf32));
  } else {
    r = puny::encode_utf8(t.utf8);
  }
  if (!r) raise_punycode(r.code, r.position, "encode");
  return nb::str(r.value.data(), r.value.size());
}

nb::str decode(nb::handle s) {
  if (!PyUnicode_Check(s.ptr())) throw nb::type_error("decode() takes a str");
  const text t = read_text_or_throw(s, "s");
  if (t.wide) raise_punycode(puny::status::invalid_digit, first_surrogate(t), "decode");
  auto r = puny::decode_to_utf8(t.utf8);
  if (!r) raise_punycode(r.code, r.position, "decode");
  return nb::str(r.value.data(), r.value.size());
}

}  // namespace

void init_punycode(nb::module_& m) {
  m.def("encode", &encode, nb::arg("s"), "Punycode (RFC 3492) of a str, without the xn-- prefix.");
  m.def("decode", &decode, nb::arg("s"), "The str of a Punycode string (RFC 3492), without the xn-- prefix.");
}

}  // namespace puny_py
