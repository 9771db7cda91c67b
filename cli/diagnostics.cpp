// puny CLI — everything written to standard error while running a command.
#include "diagnostics.hpp"

#include <cstddef>
#include <span>

#include "domain_labels.hpp"
#include "idna/explain_text.hpp"
#include "puny/utf8.hpp"

namespace puny::cli {
namespace {

// Labels are at most 63 code points long in DNS (RFC 1034 §3.1); a longer
// one is cut there in messages.
constexpr std::size_t max_shown_code_points = 63;

using detail::explain_text::is_hidden;

}  // namespace

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

std::string failure_message(const record_failure& failure) {
  std::string text = failure.name;
  text += " at offset ";
  text += std::to_string(failure.offset);
  text += ": ";
  text += failure.reason;
  return text;
}

void append_host_prefix(std::string& m, std::size_t host, std::string_view host_text) {
  if (host == 0) return;
  m += "host ";
  m += std::to_string(host);
  m += ' ';
  m += quoted_label(host_text);
  m += ": ";
}

void append_label_prefix(std::string& m, std::string_view domain, std::size_t index, label_separators separators) {
  m += "label ";
  m += std::to_string(index + 1);
  if (const std::optional<std::string_view> label = label_at(domain, index, separators)) {
    m += ' ';
    m += quoted_label(*label);
  }
  m += ": ";
}

void append_idna_codes(std::string& m, idna_errors errors) {
  bool first = true;
  for (const idna_code c : errors) {
    if (!first) m += "; ";
    m += puny::name(c);
    m += " (";
    m += puny::message(c);
    m += ')';
    first = false;
  }
}

template <class Errors>
void append_standard_codes(std::string& m, Errors errors) {
  bool first = true;
  for (const auto e : errors) {
    if (!first) m += "; ";
    m += name(e);
    m += " (";
    m += rule(e);
    m += ": ";
    m += message(e);
    m += ')';
    first = false;
  }
}

void append_standard_codes(std::string& m, const idna_outcome& outcome) {
  if (!outcome.errors_2008.empty()) append_standard_codes(m, outcome.errors_2008);
  if (!outcome.errors_2003.empty()) append_standard_codes(m, outcome.errors_2003);
}

void add_idna_messages(std::size_t record, std::string_view text, const idna_outcome& outcome,
                       std::vector<batch_message>& messages) {
  if (outcome.standard && !outcome.no_codes()) {
    // IDNA2008 splits labels at U+002E only; IDNA2003 at the four dots.
    const label_separators separators =
        outcome.errors_2008.empty() ? label_separators::four_dots : label_separators::full_stop_only;
    std::string m;
    if (outcome.label != idna_result::no_label) {
      append_label_prefix(m, text, outcome.label, separators);
      if (outcome.code_point != 0) {
        m += detail::explain_text::code_point_at(outcome.code_point, outcome.offset + 1);
        m += ": ";
      }
    }
    append_standard_codes(m, outcome);
    messages.push_back({batch_message::kind::record, record, std::move(m)});
  } else if (!outcome.errors.empty()) {
    std::string m;
    append_host_prefix(m, outcome.host, outcome.host_text);
    const std::string_view domain = outcome.host != 0 ? std::string_view(outcome.host_text) : text;
    if (outcome.label != idna_result::no_label) append_label_prefix(m, domain, outcome.label);
    append_idna_codes(m, outcome.errors);
    messages.push_back({batch_message::kind::record, record, std::move(m)});
  }
  if (outcome.failure) messages.push_back({batch_message::kind::record, record, failure_message(*outcome.failure)});
}

}  // namespace puny::cli
