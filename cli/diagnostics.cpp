// puny CLI — everything written to standard error while running a command.
#include "diagnostics.hpp"

#include <cstddef>
#include <span>

#include "domain_labels.hpp"
#include "puny/utf8.hpp"

namespace puny::cli {
namespace {

// Labels are at most 63 code points long in DNS (RFC 1034 §3.1); a longer
// one is cut there in messages.
constexpr std::size_t max_shown_code_points = 63;

// Characters a terminal would not show as themselves: C0 and C1 controls,
// DEL, and the Default_Ignorable_Code_Point characters of Unicode 17.0
// (DerivedCoreProperties.txt), among them ZWNJ and ZWJ of the C1/C2 codes
// and the Bidi formatting characters, which could reorder the message.
bool is_hidden(char32_t c) {
  struct range {
    char32_t first, last;
  };
  static constexpr range hidden[] = {
      {0x0000, 0x001F}, {0x007F, 0x009F},   {0x00AD, 0x00AD},   {0x034F, 0x034F},   {0x061C, 0x061C},
      {0x115F, 0x1160}, {0x17B4, 0x17B5},   {0x180B, 0x180F},   {0x200B, 0x200F},   {0x202A, 0x202E},
      {0x2060, 0x206F}, {0x3164, 0x3164},   {0xFE00, 0xFE0F},   {0xFEFF, 0xFEFF},   {0xFFA0, 0xFFA0},
      {0xFFF0, 0xFFF8}, {0x1BCA0, 0x1BCA3}, {0x1D173, 0x1D17A}, {0xE0000, 0xE0FFF},
  };
  for (const range& r : hidden) {
    if (c >= r.first && c <= r.last) return true;
  }
  return false;
}

// The label in double quotes: well-formed UTF-8 as it is, hidden
// characters as \u{XXXX} (4 to 6 hex digits), '"' and '\' escaped,
// ill-formed bytes as \xHH.
std::string quoted_label(std::string_view label) {
  static constexpr char hex[] = "0123456789ABCDEF";
  const std::span<const char> bytes(label.data(), label.size());
  std::string s = "\"";
  std::size_t shown = 0;
  std::size_t pos = 0;
  for (; pos < label.size() && shown < max_shown_code_points; ++shown) {
    const detail::utf8_sequence seq = detail::read_utf8(bytes, pos);
    if (seq.length == 0) {
      const auto b = static_cast<unsigned char>(label[pos]);
      s += "\\x";
      s += hex[b >> 4];
      s += hex[b & 0xF];
      ++pos;
      continue;
    }
    if (seq.value == U'"' || seq.value == U'\\') {
      s += '\\';
      s += static_cast<char>(seq.value);
    } else if (is_hidden(seq.value)) {
      s += "\\u{";
      const auto v = static_cast<std::uint32_t>(seq.value);
      for (int shift = v > 0xFFFF ? 16 : 12; shift >= 0; shift -= 4) s += hex[(v >> shift) & 0xF];
      s += '}';
    } else {
      s.append(label, pos, seq.length);
    }
    pos += seq.length;
  }
  if (pos < label.size()) s += "...";
  s += '"';
  return s;
}

}  // namespace

std::string failure_message(const record_failure& failure) {
  std::string text = failure.name;
  text += " at offset ";
  text += std::to_string(failure.offset);
  text += ": ";
  text += failure.reason;
  return text;
}

void add_idna_messages(std::size_t record, std::string_view text, const idna_outcome& outcome,
                       std::vector<batch_message>& messages) {
  if (!outcome.errors.empty()) {
    std::string m;
    std::string_view domain = text;
    if (outcome.host != 0) {
      m += "host ";
      m += std::to_string(outcome.host);
      m += ' ';
      m += quoted_label(outcome.host_text);
      m += ": ";
      domain = outcome.host_text;
    }
    if (outcome.label != idna_result::no_label) {
      m += "label ";
      m += std::to_string(outcome.label + 1);
      if (const std::optional<std::string_view> label = label_at(domain, outcome.label)) {
        m += ' ';
        m += quoted_label(*label);
      }
      m += ": ";
    }
    bool first = true;
    for (const idna_code c : outcome.errors) {
      if (!first) m += "; ";
      m += puny::name(c);
      m += " (";
      m += puny::message(c);
      m += ')';
      first = false;
    }
    messages.push_back({batch_message::kind::record, record, std::move(m)});
  }
  if (outcome.failure) messages.push_back({batch_message::kind::record, record, failure_message(*outcome.failure)});
}

}  // namespace puny::cli
