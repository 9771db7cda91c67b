// puny CLI — converting one record with the library.
#include "converter.hpp"

#include <algorithm>
#include <new>
#include <span>

#include "case_annotation.hpp"
#include "puny/punycode.hpp"
#include "puny/status.hpp"
#include "puny/trace.hpp"
#include "puny/utf8.hpp"

namespace puny::cli {
namespace {

// Byte offset of code point `index` in valid UTF-8 (its size for the end).
std::size_t utf8_offset(std::string_view utf8, std::size_t index) {
  std::size_t seen = 0;
  for (std::size_t j = 0; j < utf8.size(); ++j) {
    if ((static_cast<unsigned char>(utf8[j]) & 0xC0) == 0x80) continue;  // continuation byte
    if (seen == index) return j;
    ++seen;
  }
  return utf8.size();
}

// A token as it can be shown in a message: printable ASCII as is, other
// bytes as \xHH, long tokens cut short.
std::string displayable(std::string_view token) {
  static constexpr std::size_t max_shown = 32;
  static constexpr char hex[] = "0123456789ABCDEF";
  std::string s = "\"";
  for (std::size_t j = 0; j < token.size() && j < max_shown; ++j) {
    const auto b = static_cast<unsigned char>(token[j]);
    if (b == '"' || b == '\\') {
      s += '\\';
      s += static_cast<char>(b);
    } else if (b >= 0x20 && b < 0x7F) {
      s += static_cast<char>(b);
    } else {
      s += "\\x";
      s += hex[b >> 4];
      s += hex[b & 0xF];
    }
  }
  if (token.size() > max_shown) s += "...";
  s += '"';
  return s;
}

std::string terminator_name(char terminator) {
  if (terminator == '\n') return "a line feed";
  if (terminator == '\0') return "a NUL byte";
  return "the record terminator";
}

}  // namespace

converter::converter(command cmd, bool codepoints, bool mixed_case, char terminator)
    : cmd_(cmd), codepoints_(codepoints), mixed_case_(mixed_case), terminator_(terminator) {}

std::optional<record_failure> converter::convert(std::string_view record, std::string& result,
                                                 std::string* trace) {
  result.clear();
  std::optional<record_failure> failure;
  try {
    if (cmd_ == command::encode) {
      failure = codepoints_ ? encode_tokens(record, result, trace) : encode_text(record, result, trace);
    } else {
      failure = codepoints_ ? decode_tokens(record, result, trace) : decode_text(record, result, trace);
    }
  } catch (const std::bad_alloc&) {
    failure = record_failure{"out_of_memory", 0, "not enough memory for this record"};
  }
  if (failure) result.clear();
  return failure;
}

record_failure converter::terminator_failure(std::size_t offset) const {
  return record_failure{"terminator_in_result", offset,
                        "the result would contain " + terminator_name(terminator_) +
                            ", which would split its output record"};
}

std::optional<record_failure> converter::encode_text(std::string_view record, std::string& result,
                                                     std::string* trace) {
  code_points_.resize(record.size());
  const puny::result u = puny::utf8_to_utf32(std::span<const char>(record.data(), record.size()),
                                             std::span<char32_t>(code_points_));
  if (!u) return status_failure(u.code, u.position);
  code_points_.resize(u.written);
  if (mixed_case_) {
    annotate_case(code_points_, uppercase_);
  } else {
    uppercase_.clear();
  }

  converted<std::string> c = trace != nullptr ? puny::encode_traced(code_points_, uppercase_, *trace)
                             : mixed_case_    ? puny::encode(code_points_, uppercase_)
                                              : puny::encode(code_points_);
  if (!c) return status_failure(c.code, utf8_offset(record, c.position));
  // Basic code points are copied, so the terminator comes from the input.
  if (c.value.find(terminator_) != std::string::npos) {
    return terminator_failure(std::min(record.find(terminator_), record.size()));
  }
  result = std::move(c.value);
  return std::nullopt;
}

std::optional<record_failure> converter::encode_tokens(std::string_view record, std::string& result,
                                                       std::string* trace) {
  if (const auto bad = parse_tokens(record, tokens_)) {
    return record_failure{"invalid_token", bad->offset,
                          "token " + std::to_string(bad->number) + " " + displayable(bad->token) + " " +
                              std::string(bad->reason)};
  }
  converted<std::string> c = trace != nullptr
                                 ? puny::encode_traced(tokens_.code_points, tokens_.uppercase, *trace)
                                 : puny::encode(tokens_.code_points, tokens_.uppercase);
  auto offset_of = [&](std::size_t index) {
    return index < tokens_.offsets.size() ? tokens_.offsets[index] : record.size();
  };
  if (!c) return status_failure(c.code, offset_of(c.position));
  if (c.value.find(terminator_) != std::string::npos) {
    const auto& cps = tokens_.code_points;
    const auto at = std::find(cps.begin(), cps.end(), static_cast<char32_t>(static_cast<unsigned char>(terminator_)));
    return terminator_failure(offset_of(static_cast<std::size_t>(at - cps.begin())));
  }
  result = std::move(c.value);
  return std::nullopt;
}

std::optional<record_failure> converter::decode_text(std::string_view record, std::string& result,
                                                     std::string* trace) {
  if (trace != nullptr) {
    converted<annotated> c = puny::decode_traced(record, *trace);
    if (!c) return status_failure(c.code, c.position);
    code_points_ = std::move(c.value.code_points);
    if (mixed_case_) apply_case(code_points_, c.value.uppercase);
  } else if (mixed_case_) {
    converted<annotated> c = puny::decode_annotated(record);
    if (!c) return status_failure(c.code, c.position);
    code_points_ = std::move(c.value.code_points);
    apply_case(code_points_, c.value.uppercase);
  } else {
    converted<std::u32string> c = puny::decode(record);
    if (!c) return status_failure(c.code, c.position);
    code_points_ = std::move(c.value);
  }
  result.resize(code_points_.size() * 4);
  const puny::result u = puny::utf32_to_utf8(std::span<const char32_t>(code_points_), std::span<char>(result));
  // The decoder only produces scalar values, so this cannot fail.
  if (!u) return status_failure(u.code, 0);
  result.resize(u.written);
  // Decoded code points are non-basic, and the simple uppercase of one is
  // a letter: a terminator comes from the literal.
  if (result.find(terminator_) != std::string::npos) {
    return terminator_failure(std::min(record.find(terminator_), record.size()));
  }
  return std::nullopt;
}

std::optional<record_failure> converter::decode_tokens(std::string_view record, std::string& result,
                                                       std::string* trace) {
  converted<annotated> c = trace != nullptr ? puny::decode_traced(record, *trace) : puny::decode_annotated(record);
  if (!c) return status_failure(c.code, c.position);
  format_tokens(c.value.code_points, c.value.uppercase, result);
  return std::nullopt;
}

}  // namespace puny::cli
