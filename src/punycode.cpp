// puny — allocating wrappers around the core Punycode codec.
#include "puny/punycode.hpp"

#include <memory>

#include "puny/utf8.hpp"

namespace puny {
namespace {

// Every code point costs at least one output character, and a delta of
// value < 2^64 takes at most 64 digits; starting from "a bit more than the
// input" and growing once to `needed` keeps the common case to one pass.
std::size_t first_guess_ascii(std::size_t code_points) { return code_points + code_points / 2 + 16; }

template <class Run>
converted<std::string> encode_with(std::u32string_view input, std::span<const bool> flags, Run run) {
  converted<std::string> out;
  std::vector<std::uint64_t> scratch(encode_scratch_words(input.size()));
  std::string text(first_guess_ascii(input.size()), '\0');
  result r = run(std::span<const char32_t>(input.data(), input.size()), std::span<char>(text), flags,
                 std::span<std::uint64_t>(scratch));
  if (r.code == status::output_too_small) {
    text.resize(r.needed);
    r = run(std::span<const char32_t>(input.data(), input.size()), std::span<char>(text), flags,
            std::span<std::uint64_t>(scratch));
  }
  out.code = r.code;
  out.position = r.position;
  if (r) {
    text.resize(r.written);
    out.value = std::move(text);
  }
  return out;
}

template <class Run>
result decode_with(std::string_view input, std::u32string& text, std::span<bool> flags, Run run) {
  std::vector<std::uint64_t> scratch(decode_scratch_words(input.size()));
  // A Punycode string never decodes to more code points than it has characters.
  text.resize(input.size());
  result r = run(std::span<const char>(input.data(), input.size()), std::span<char32_t>(text), flags,
                 std::span<std::uint64_t>(scratch));
  text.resize(r ? r.written : 0);
  return r;
}

struct punycode_run {
  result operator()(std::span<const char32_t> in, std::span<char> out, std::span<const bool> flags,
                    std::span<std::uint64_t> scratch) const noexcept {
    return puny::encode(in, out, flags, scratch);
  }
  result operator()(std::span<const char> in, std::span<char32_t> out, std::span<bool> flags,
                    std::span<std::uint64_t> scratch) const noexcept {
    return puny::decode(in, out, flags, scratch);
  }
};

struct params_run {
  const bootstring& params;
  result operator()(std::span<const char32_t> in, std::span<char> out, std::span<const bool> flags,
                    std::span<std::uint64_t> scratch) const noexcept {
    return puny::encode(params, in, out, flags, scratch);
  }
  result operator()(std::span<const char> in, std::span<char32_t> out, std::span<bool> flags,
                    std::span<std::uint64_t> scratch) const noexcept {
    return puny::decode(params, in, out, flags, scratch);
  }
};

}  // namespace

converted<std::string> encode(std::u32string_view input) { return encode_with(input, {}, punycode_run{}); }

converted<std::string> encode(std::u32string_view input, const std::vector<bool>& uppercase) {
  if (uppercase.size() != input.size()) {
    converted<std::string> out;
    out.code = status::case_flags_size;
    return out;
  }
  const std::unique_ptr<bool[]> flags(new bool[input.size()]);
  for (std::size_t j = 0; j < input.size(); ++j) flags[j] = uppercase[j];
  return encode_with(input, std::span<const bool>(flags.get(), input.size()), punycode_run{});
}

converted<std::u32string> decode(std::string_view input) {
  converted<std::u32string> out;
  const result r = decode_with(input, out.value, {}, punycode_run{});
  out.code = r.code;
  out.position = r.position;
  return out;
}

converted<annotated> decode_annotated(std::string_view input) {
  converted<annotated> out;
  const std::unique_ptr<bool[]> flags(new bool[input.size()]);
  const result r =
      decode_with(input, out.value.code_points, std::span<bool>(flags.get(), input.size()), punycode_run{});
  out.code = r.code;
  out.position = r.position;
  if (r) out.value.uppercase.assign(flags.get(), flags.get() + r.written);
  return out;
}

converted<std::string> encode_utf8(std::string_view utf8) {
  std::u32string code_points(utf8.size(), U'\0');
  const result u = utf8_to_utf32(std::span<const char>(utf8.data(), utf8.size()), std::span<char32_t>(code_points));
  if (!u) {
    converted<std::string> out;
    out.code = u.code;
    out.position = u.position;
    return out;
  }
  code_points.resize(u.written);
  return encode(code_points);
}

converted<std::string> decode_to_utf8(std::string_view input) {
  converted<std::string> out;
  converted<std::u32string> cps = decode(input);
  out.code = cps.code;
  out.position = cps.position;
  if (!cps) return out;
  std::string text(cps.value.size() * 4, '\0');
  const result u = utf32_to_utf8(std::span<const char32_t>(cps.value), std::span<char>(text));
  // Decoded code points are scalar values by construction, so this holds.
  text.resize(u.written);
  out.value = std::move(text);
  return out;
}

converted<std::string> encode(const bootstring& params, std::u32string_view input) {
  return encode_with(input, {}, params_run{params});
}

converted<std::u32string> decode(const bootstring& params, std::string_view input) {
  converted<std::u32string> out;
  const result r = decode_with(input, out.value, {}, params_run{params});
  out.code = r.code;
  out.position = r.position;
  return out;
}

}  // namespace puny
