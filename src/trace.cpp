// puny — RFC 3492 §7.2/§7.3 traces, produced by observing the real codec.
#include "puny/trace.hpp"

#include <cstdio>
#include <memory>

namespace puny {
namespace {

void append_hex(std::string& s, char32_t c) {
  char buf[16];
  const int n = std::snprintf(buf, sizeof buf, "%04X", static_cast<unsigned>(c));
  s.append(buf, static_cast<std::size_t>(n));
}

void append_number(std::string& s, std::uint64_t v) { s += std::to_string(v); }

void append_quoted(std::string& s, std::string_view text) {
  s += '"';
  s += text;
  s += '"';
}

// Receives the codec's steps; see detail::no_observer for the interface.
struct trace_observer {
  static constexpr bool enabled = true;
  std::string& out;

  void encode_start(std::uint64_t bias, std::span<const char32_t> input) {
    out += "bias is ";
    append_number(out, bias);
    out += "\ninput is:\n";
    for (std::size_t j = 0; j < input.size(); ++j) {
      if (j > 0) out += ' ';
      append_hex(out, input[j]);
    }
    out += '\n';
  }

  void encode_literal(std::size_t basic, std::span<const char32_t> input, std::string_view literal) {
    if (basic == 0) {
      out += "there are no basic code points, so no literal portion\n";
      return;
    }
    out += basic == 1 ? "basic code point (" : "basic code points (";
    bool first = true;
    for (const char32_t c : input) {
      if (c >= 0x80) continue;
      if (!first) out += ", ";
      first = false;
      append_hex(out, c);
    }
    out += basic == 1 ? ") is copied to literal portion: " : ") are copied to literal portion: ";
    append_quoted(out, literal);
    out += '\n';
  }

  void encode_next(char32_t c) {
    out += "next code point to insert is ";
    append_hex(out, c);
    out += '\n';
  }

  void encode_delta(std::uint64_t delta, std::string_view digits) {
    out += "needed delta is ";
    append_number(out, delta);
    out += ", encodes as ";
    append_quoted(out, digits);
    out += '\n';
  }

  void bias(std::uint64_t b) {
    out += "bias becomes ";
    append_number(out, b);
    out += '\n';
  }

  void encode_done(std::string_view output) {
    out += "output is ";
    append_quoted(out, output);
    out += '\n';
  }

  void decode_start(std::uint64_t n, std::uint64_t i, std::uint64_t bias, std::string_view input) {
    out += "n is ";
    append_number(out, n);
    out += ", i is ";
    append_number(out, i);
    out += ", bias is ";
    append_number(out, bias);
    out += "\ninput is ";
    append_quoted(out, input);
    out += '\n';
  }

  void decode_literal(std::string_view literal, std::span<const char32_t> start) {
    if (literal.empty()) {
      out += "there is no delimiter, so extended string starts empty\n";
      return;
    }
    out += "literal portion is ";
    append_quoted(out, literal);
    out += ", so extended string starts as:\n";
    for (std::size_t j = 0; j < start.size(); ++j) {
      if (j > 0) out += ' ';
      append_hex(out, start[j]);
    }
    out += '\n';
  }

  void decode_delta(std::string_view digits, std::uint64_t delta) {
    out += "delta ";
    append_quoted(out, digits);
    out += " decodes to ";
    append_number(out, delta);
    out += '\n';
  }

  void decode_state(std::span<const char32_t> text, std::size_t inserted) {
    for (std::size_t j = 0; j < text.size(); ++j) {
      if (j > 0) out += ' ';
      append_hex(out, text[j]);
      if (j == inserted) out += " *";
    }
    out += '\n';
  }
};

}  // namespace

converted<std::string> encode_traced(std::u32string_view input, const std::vector<bool>& uppercase,
                                     std::string& trace) {
  converted<std::string> out;
  if (!uppercase.empty() && uppercase.size() != input.size()) {
    out.code = status::case_flags_size;
    return out;
  }
  // Size the output first so that the traced run writes every digit; a
  // failing input fails the same way in the traced run.
  const converted<std::string> plain = uppercase.empty() ? encode(input) : encode(input, uppercase);
  const std::unique_ptr<bool[]> flags(new bool[input.size()]);
  for (std::size_t j = 0; j < uppercase.size(); ++j) flags[j] = uppercase[j];
  std::string text(plain ? plain.value.size() : 0, '\0');
  std::vector<std::uint64_t> scratch(encode_scratch_words(input.size()));
  trace_observer obs{trace};
  const result r = detail::encode_impl(
      detail::fixed_params<punycode_params>{}, std::span<const char32_t>(input.data(), input.size()),
      std::span<char>(text), std::span<const bool>(flags.get(), uppercase.size()),
      std::span<std::uint64_t>(scratch), obs);
  out.code = r.code;
  out.position = r.position;
  if (r) out.value = std::move(text);
  return out;
}

converted<annotated> decode_traced(std::string_view input, std::string& trace) {
  converted<annotated> out;
  std::u32string text(input.size(), U'\0');
  const std::unique_ptr<bool[]> flags(new bool[input.size()]);
  trace_observer obs{trace};
  const result r = detail::decode_impl(detail::fixed_params<punycode_params>{},
                                       std::span<const char>(input.data(), input.size()),
                                       std::span<char32_t>(text), std::span<bool>(flags.get(), input.size()),
                                       std::span<std::uint64_t>{}, obs);
  out.code = r.code;
  out.position = r.position;
  if (r) {
    text.resize(r.written);
    out.value.code_points = std::move(text);
    out.value.uppercase.assign(flags.get(), flags.get() + r.written);
  }
  return out;
}

}  // namespace puny
