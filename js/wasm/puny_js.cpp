// puny.wasm: the WebAssembly face of puny for the JavaScript package (js/).
//
// The ABI is js/wasm/ABI.md (frozen, version 1: only ever added to).  This
// file adds what the C API lacks for JavaScript:
// - UTF-16 entry points, because a JS string is UTF-16 code units.  Passing
//   them as they are avoids TextEncoder, which replaces a lone surrogate by
//   U+FFFD (a silent change of the name); puny's UTF-16 overloads process a
//   lone surrogate as the code point it names, so UTS #46 §4.1 criterion 7
//   records V7, and ToUnicode gives it back unchanged (include/puny/idna.hpp).
// - Batch forms: one crossing for many names, resumable when the output
//   buffer is full (JS grows it and calls again from the index returned).
// - explain() as JSON (the words of `puny check`) and the script of a code
//   point, which the C API does not offer.
// - A getenv() that finds nothing, so that the module imports nothing.
//
// It is built by js/wasm/CMakeLists.txt as a WASI reactor; it is not under
// src/, whose files the library's CMakeLists globs into libpuny.
#include <puny/explain.hpp>
#include <puny/idna.hpp>
#include <puny/puny.h>
#include <puny/script.hpp>
#include <puny/security.hpp>
#include <puny/status.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <span>
#include <string>
#include <string_view>

#include "c_api_support.hpp"

#define PJ_EXPORT(name) __attribute__((export_name(name)))

// The only use of the environment in the library is std::getenv("PUNY_CPU")
// in src/simd/dispatch.cpp (a static initializer; SIMD kernels exist for
// x86-64 only).  wasi-libc's getenv initializes `environ` through the WASI
// imports environ_sizes_get, environ_get and proc_exit: this definition,
// linked before libc.a, keeps the archive's out, and with it every import.
// A JS host has no process environment to offer anyway.
extern "C" char* getenv(const char* name) {
  static_cast<void>(name);
  return nullptr;
}

namespace {

// One batch record (ABI.md "pj_item"): every field 4 bytes on wasm32, read
// by JS through Int32Array/Uint32Array views.
struct pj_item {
  int status;
  std::uint32_t errors;
  std::size_t out_off;  // output elements from the call's `out`
  std::size_t out_len;
  std::size_t label;
  std::size_t position;
};

// The layouts ABI.md promises, checked where they are made (wasm32 only: a
// native build of this file, for a compile check, has 8-byte size_t).
#if defined(__wasm32__)
static_assert(sizeof(void*) == 4 && sizeof(std::size_t) == 4);
static_assert(sizeof(puny_result) == 24 && offsetof(puny_result, label) == 20);
static_assert(sizeof(pj_item) == 24 && offsetof(pj_item, position) == 20);
static_assert(sizeof(puny_lookalike_match) == 16 && offsetof(puny_lookalike_match, top_bucket) == 12);
static_assert(sizeof(puny_display_options) == 36 && offsetof(puny_display_options, flags) == 32);
static_assert(sizeof(puny_display_label) == 32 && offsetof(puny_display_label, code_point_index) == 28);
static_assert(sizeof(puny_display_result) == 32 && offsetof(puny_display_result, lookalike) == 28);
#endif

constexpr std::uint32_t abi_version = 1;

using namespace puny::c_api;  // src/c_api_support.hpp: the C API's checks, views, option bits and results

// The two conversions over UTF-16, as the per-name and batch exports call them.
puny::idna_result to_ascii16(std::u16string_view name, std::span<char> out, const puny::idna_options& o) noexcept {
  return puny::to_ascii(name, out, o);
}
puny::idna_result to_unicode16(std::u16string_view name, std::span<char16_t> out,
                               const puny::idna_options& o) noexcept {
  return puny::to_unicode(name, out, o);
}

// One name (ABI.md "pj_to_ascii16"): the C API's argument rules and result.
template <class Out, class Convert>
int one_name(const char16_t* in, std::size_t len, puny_options opts, Out* out, std::size_t cap, puny_result* res,
             Convert convert) noexcept {
  if (bad_buffer(in, len) || bad_buffer(out, cap) || (opts & ~known_options) != 0) {
    return with_status(res, PUNY_INVALID_ARGUMENT);
  }
  return finish(res, from_idna(convert(view(in, len), span_of(out, cap), from_bits(opts))));
}

// The batch loop shared by ToASCII and ToUnicode (ABI.md "Batch forms").
template <class Out, class Convert>
std::size_t batch(const char16_t* in, const std::uint32_t* offsets, std::size_t n, std::size_t start,
                  puny_options opts, Out* out, std::size_t cap, pj_item* items, Convert convert) noexcept {
  if (items == nullptr || offsets == nullptr || start >= n) return start >= n ? n : start;
  if ((opts & ~known_options) != 0 || bad_buffer(out, cap)) {
    for (std::size_t i = start; i < n; ++i) items[i] = pj_item{PUNY_INVALID_ARGUMENT, 0, 0, 0, PUNY_NO_LABEL, 0};
    return n;
  }
  const puny::idna_options options = from_bits(opts);
  std::size_t used = 0;
  for (std::size_t i = start; i < n; ++i) {
    const std::uint32_t from = offsets[i];
    const std::uint32_t to = offsets[i + 1];
    if (to < from || bad_buffer(in, to - from)) {
      items[i] = pj_item{PUNY_INVALID_ARGUMENT, 0, used, 0, PUNY_NO_LABEL, 0};
      continue;
    }
    const puny::idna_result r = convert(view(in == nullptr ? nullptr : in + from, to - from),
                                        span_of(out == nullptr ? nullptr : out + used, cap - used), options);
    if (r.code == puny::status::output_too_small) {
      // Not this call: the caller reads items [start, i) and resumes at i,
      // with a buffer grown to `needed` when even a fresh one was too small.
      if (i == start) items[i] = pj_item{PUNY_OUTPUT_TOO_SMALL, 0, 0, r.needed, PUNY_NO_LABEL, 0};
      return i;
    }
    items[i] = pj_item{from_idna(r).status, r.errors.bits(), used, r.written, r.label, r.position};
    used += r.written;
  }
  return n;
}

// --- JSON for pj_check16 -----------------------------------------------------
// Pure ASCII: every non-ASCII character becomes \uXXXX (UTF-16, so a lone
// surrogate survives as itself), so that JS reads the bytes with
// String.fromCharCode and JSON.parse restores its strings exactly.

void put_hex4(std::string& s, unsigned v) {
  constexpr char digits[] = "0123456789abcdef";
  s += "\\u";
  for (int shift = 12; shift >= 0; shift -= 4) s += digits[(v >> shift) & 0xF];
}

void put_code_point(std::string& s, char32_t cp) {
  switch (cp) {
    case U'"': s += "\\\""; return;
    case U'\\': s += "\\\\"; return;
    case U'\n': s += "\\n"; return;
    case U'\t': s += "\\t"; return;
    default: break;
  }
  if (cp < 0x20 || (cp >= 0x7F && cp < 0x10000)) {
    put_hex4(s, static_cast<unsigned>(cp));
  } else if (cp < 0x7F) {
    s += static_cast<char>(cp);
  } else if (cp <= 0x10FFFF) {  // RFC 8259 §7: a supplementary character as its UTF-16 pair
    const auto v = static_cast<unsigned>(cp) - 0x10000;
    put_hex4(s, 0xD800 + (v >> 10));
    put_hex4(s, 0xDC00 + (v & 0x3FF));
  } else {
    put_hex4(s, 0xFFFD);  // never produced by explain(): its input came from UTF-16
  }
}

void put_string(std::string& s, std::u32string_view text) {
  s += '"';
  for (char32_t cp : text) put_code_point(s, cp);
  s += '"';
}

// explain()'s std::string members are UTF-8 made by the library (ASCII
// forms, English details that may quote a character).  Decoded leniently:
// a 3-byte sequence of a surrogate, should one appear, stays that surrogate.
void put_string(std::string& s, std::string_view utf8) {
  s += '"';
  for (std::size_t i = 0; i < utf8.size();) {
    const auto b = static_cast<unsigned char>(utf8[i]);
    const std::size_t len = b < 0x80 ? 1 : b >= 0xF0 && b < 0xF5 ? 4 : b >= 0xE0 ? 3 : b >= 0xC2 && b < 0xE0 ? 2 : 0;
    char32_t cp = len == 4 ? b & 0x07u : len == 3 ? b & 0x0Fu : len == 2 ? b & 0x1Fu : b;
    bool ok = len != 0 && i + len <= utf8.size();
    for (std::size_t k = 1; ok && k < len; ++k) {
      const auto c = static_cast<unsigned char>(utf8[i + k]);
      ok = (c & 0xC0u) == 0x80u;
      cp = (cp << 6) | (c & 0x3Fu);
    }
    put_code_point(s, ok ? cp : U'\uFFFD');
    i += ok ? len : 1;
  }
  s += '"';
}

void put_number(std::string& s, std::size_t v) { s += std::to_string(v); }

void put_label_or_null(std::string& s, std::size_t label) {
  if (label == puny::idna_result::no_label)
    s += "null";
  else
    put_number(s, label);
}

void put_codes(std::string& s, puny::idna_errors errors) {
  s += '[';
  bool first = true;
  for (std::size_t c = 0; c < puny::idna_code_count; ++c) {
    const auto code = static_cast<puny::idna_code>(c);
    if (!errors.contains(code)) continue;
    if (!first) s += ',';
    first = false;
    s += '"';
    s += puny::name(code);
    s += '"';
  }
  s += ']';
}

void put_violation(std::string& s, const puny::idna_violation& v) {
  s += "{\"code\":\"";
  s += puny::name(v.code);
  s += "\",\"label\":";
  put_label_or_null(s, v.label);
  s += ",\"position\":";
  put_number(s, v.position);
  s += ",\"codePoint\":";
  put_number(s, v.code_point);
  s += ",\"occurrences\":";
  put_number(s, v.occurrences);
  s += ",\"detail\":";
  put_string(s, v.detail);
  s += '}';
}

void put_violations(std::string& s, const std::vector<puny::idna_violation>& list) {
  s += '[';
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (i != 0) s += ',';
    put_violation(s, list[i]);
  }
  s += ']';
}

std::string to_json(const puny::domain_explanation& e) {
  std::string s = "{\"status\":\"";
  s += puny::name(e.code);
  s += "\",\"ok\":";
  s += e.ok() ? "true" : "false";
  s += ",\"ascii\":";
  put_string(s, e.ascii);
  s += ",\"unicode\":";
  put_string(s, e.unicode);
  s += ",\"errors\":";
  put_codes(s, e.errors);
  s += ",\"unicodeErrors\":";
  put_codes(s, e.unicode_errors);
  s += ",\"label\":";
  put_label_or_null(s, e.label);
  s += ",\"labels\":[";
  for (std::size_t i = 0; i < e.labels.size(); ++i) {
    const puny::label_explanation& l = e.labels[i];
    if (i != 0) s += ',';
    s += "{\"input\":";
    put_string(s, l.input);
    s += ",\"unicode\":";
    put_string(s, l.unicode);
    s += ",\"ascii\":";
    put_string(s, l.ascii);
    s += ",\"decoded\":";
    s += l.decoded ? "true" : "false";
    s += ",\"errors\":";
    put_codes(s, l.errors);
    s += ",\"violations\":";
    put_violations(s, l.violations);
    s += ",\"unlisted\":";
    put_number(s, l.unlisted);
    s += '}';
  }
  s += "],\"domainViolations\":";
  put_violations(s, e.domain_violations);
  s += ",\"bidiDomain\":";
  if (e.bidi_domain) {
    s += "{\"label\":";
    put_number(s, e.bidi_domain->label);
    s += ",\"position\":";
    put_number(s, e.bidi_domain->position);
    s += ",\"codePoint\":";
    put_number(s, e.bidi_domain->code_point);
    s += ",\"bidiClass\":\"";
    s += e.bidi_domain->bidi_class;
    s += "\"}";
  } else {
    s += "null";
  }
  s += '}';
  return s;
}

// A copy in malloc'd memory, so that JS frees it with pj_free.
char* to_c_string(std::string_view s) noexcept {
  auto* p = static_cast<char*>(std::malloc(s.size() + 1));
  if (p == nullptr) return nullptr;
  std::memcpy(p, s.data(), s.size());
  p[s.size()] = '\0';
  return p;
}

// script_long_names/script_short_names are arrays of string_views of string
// literals, so each name's data() is NUL-terminated.
const char* c_name(std::string_view literal) noexcept { return literal.data(); }

}  // namespace

extern "C" {

PJ_EXPORT("pj_alloc") void* pj_alloc(std::size_t n) noexcept { return std::malloc(n); }

PJ_EXPORT("pj_free") void pj_free(void* p) noexcept { std::free(p); }

PJ_EXPORT("pj_layout") std::uint32_t pj_layout(std::uint32_t i) noexcept {
  switch (i) {
    case 0: return abi_version;
    case 1: return sizeof(puny_result);
    case 2: return sizeof(pj_item);
    case 3: return sizeof(puny_lookalike_match);
    case 4: return sizeof(puny_display_options);
    case 5: return sizeof(puny_display_label);
    case 6: return sizeof(puny_display_result);
    case 7: return sizeof(void*);
    case 8: return known_options;
    default: return 0;
  }
}

PJ_EXPORT("pj_to_ascii16")
int pj_to_ascii16(const char16_t* in, std::size_t len, puny_options opts, char* out, std::size_t cap,
                  puny_result* res) noexcept {
  return one_name(in, len, opts, out, cap, res, to_ascii16);
}

PJ_EXPORT("pj_to_unicode16")
int pj_to_unicode16(const char16_t* in, std::size_t len, puny_options opts, char16_t* out, std::size_t cap,
                    puny_result* res) noexcept {
  return one_name(in, len, opts, out, cap, res, to_unicode16);
}

PJ_EXPORT("pj_to_ascii16_batch")
std::size_t pj_to_ascii16_batch(const char16_t* in, const std::uint32_t* offsets, std::size_t n, std::size_t start,
                                puny_options opts, char* out, std::size_t cap, pj_item* items) noexcept {
  return batch(in, offsets, n, start, opts, out, cap, items, to_ascii16);
}

PJ_EXPORT("pj_to_unicode16_batch")
std::size_t pj_to_unicode16_batch(const char16_t* in, const std::uint32_t* offsets, std::size_t n,
                                  std::size_t start, puny_options opts, char16_t* out, std::size_t cap,
                                  pj_item* items) noexcept {
  return batch(in, offsets, n, start, opts, out, cap, items, to_unicode16);
}

// explain() takes UTF-8 or code points: the UTF-16 input is widened with
// its lone surrogates kept as code points, as to_ascii(u16string_view)
// processes them (V7; A3, since Punycode encodes only scalar values).
// explain() allocates; with -fno-exceptions and this libc++abi, a failed
// allocation traps (cmake/toolchains/wasm32-wasi.cmake), which JS handles by
// dropping the instance (ABI.md).
PJ_EXPORT("pj_check16") char* pj_check16(const char16_t* in, std::size_t len, puny_options opts) noexcept {
  if (bad_buffer(in, len) || (opts & ~known_options) != 0) return to_c_string("{\"status\":\"invalid_argument\"}");
  std::u32string cps;
  cps.reserve(len);
  for (std::size_t i = 0; i < len; ++i) {
    const char32_t u = in[i];
    if (u >= 0xD800 && u < 0xDC00 && i + 1 < len && in[i + 1] >= 0xDC00 && in[i + 1] < 0xE000) {
      cps += static_cast<char32_t>(0x10000 + ((u - 0xD800) << 10) + (in[i + 1] - 0xDC00));
      ++i;
    } else {
      cps += u;
    }
  }
  return to_c_string(to_json(puny::explain(std::u32string_view(cps), from_bits(opts))));
}

PJ_EXPORT("pj_script") const char* pj_script(std::uint32_t cp) noexcept {
  // UAX #24: a value that is no code point has the Unknown script.
  const puny::script s = cp <= 0x10FFFF ? puny::script_of(static_cast<char32_t>(cp)) : puny::script::unknown;
  return c_name(puny::short_name(s));
}

PJ_EXPORT("pj_script_extensions") const char* pj_script_extensions(std::uint32_t cp) noexcept {
  // 179 scripts of 4 letters and a space at most: one static buffer, as
  // ABI.md says (valid until the next call; JS copies it at once).
  static char buffer[puny::script_count * 5 + 1];
  if (cp > 0x10FFFF) return pj_script(cp);
  const puny::script_set set = puny::script_extensions_of(static_cast<char32_t>(cp));
  std::size_t n = 0;
  for (std::size_t i = 0; i < puny::script_count; ++i) {
    const auto s = static_cast<puny::script>(i);
    if (!set.contains(s)) continue;
    const std::string_view name = puny::short_name(s);
    if (n != 0) buffer[n++] = ' ';
    std::memcpy(buffer + n, name.data(), name.size());
    n += name.size();
  }
  buffer[n] = '\0';
  return buffer;
}

}  // extern "C"
