// puny CLI — `puny display` on one record.
#include "display_converter.hpp"

#include <algorithm>
#include <cstdint>
#include <new>
#include <optional>
#include <span>
#include <string>
#include <utility>

#include "host_spans.hpp"
#include "puny/utf8.hpp"
#include "record_failure.hpp"

namespace puny::cli {
namespace {

// The library asks for at least this many verdicts (a name of up to 253
// bytes has at most 127 labels); a longer record may have more.
constexpr std::size_t usual_labels = 128;

void fail(display_record& rec, record_failure failure) {
  if (!rec.failure) rec.failure = std::move(failure);
}

// Remembers the first label not shown as itself, for the message.  A
// look-alike is said of the whole name (its own message), not of a label.
void note_label(display_record& rec, std::size_t host, std::string_view found, std::size_t index,
                display_reasons reasons, idna_errors errors) {
  const auto lookalike = std::uint32_t{1} << static_cast<unsigned>(display_reason::lookalike_of_protected);
  reasons = display_reasons::from_bits(reasons.bits() & ~lookalike);
  if (rec.label != display_record::no_label || reasons.empty()) return;
  rec.host = host;
  if (host != 0) rec.host_text.assign(found);
  rec.label = index;
  rec.label_reasons = reasons;
  rec.label_errors = errors;
}

void note_lookalike(display_record& rec, std::string_view domain, std::size_t host, std::string_view found) {
  if (rec.has_lookalike) return;
  rec.has_lookalike = true;
  rec.lookalike_of.assign(domain);
  rec.lookalike_host = host;
  if (host != 0) rec.lookalike_host_text.assign(found);
}

std::string terminator_name(char terminator) {
  if (terminator == '\n') return "a line feed";
  return "the record terminator";
}

}  // namespace

display_converter::display_converter(const options& opts, char terminator)
    : options_(opts.display.library_options()), format_(opts.format), terminator_(terminator), urls_(opts.urls),
      emails_(opts.emails) {}

// The display string of `name` from the core function, over the record's
// buffers.  `found` is the host as it stands in the record (host != 0).
void display_converter::display_name(std::string_view name, std::string_view found, std::size_t host,
                                     display_record& rec) const {
  if (rec.verdicts.size() < usual_labels) rec.verdicts.resize(usual_labels);
  std::string& room = rec.scratch;
  // The display string is about as long as the name (ACE forms grow it a
  // little, Unicode forms shrink it); the library says when it needs more.
  if (room.size() < 2 * name.size() + 64) room.resize(2 * name.size() + 64);
  auto call = [&] {
    return puny::display(name, std::span<char>(room.data(), room.size()),
                         std::span<label_verdict>(rec.verdicts.data(), rec.verdicts.size()), options_);
  };
  display_result r = call();
  if (r.code == status::output_too_small) {
    room.resize(r.needed);
    r = call();
  }
  auto first_bad = [&]() -> std::optional<std::size_t> {
    const std::size_t written = std::min(r.labels, rec.verdicts.size());
    for (std::size_t i = 0; i < written; ++i)
      if (!rec.verdicts[i].reasons.empty()) return i;
    return std::nullopt;
  };
  if (r.code == status::success && !r.reasons.empty() && r.labels > rec.verdicts.size() && !first_bad()) {
    // The label to name in the message is past the verdicts written.
    rec.verdicts.resize(r.labels);
    r = call();
  }
  if (r.code != status::success) {
    fail(rec, status_failure(r.code, r.position));
    if (host != 0) rec.output += found;
    return;
  }
  rec.output.append(room.data(), r.written);
  rec.reasons |= r.reasons;
  if (r.lookalike != display_result::no_lookalike && options_.protect != nullptr) {
    note_lookalike(rec, options_.protect->domain(r.lookalike), host, found);
  }
  const std::size_t written = std::min(r.labels, rec.verdicts.size());
  for (std::size_t i = 0; i < written && rec.label == display_record::no_label; ++i) {
    note_label(rec, host, found, i, rec.verdicts[i].reasons, rec.verdicts[i].errors);
  }
}

// The same from the string wrapper, which gives each label's forms (jsonl).
void display_converter::display_with_labels(std::string_view name, std::string_view found, std::size_t host,
                                            display_record& rec) const {
  const display_outcome d = puny::display(name, options_);
  if (d.code != status::success) {
    fail(rec, status_failure(d.code, d.position));
    if (host != 0) rec.output += found;
    return;
  }
  rec.output += d.value;
  rec.reasons |= d.reasons;
  if (d.lookalike_of) note_lookalike(rec, *d.lookalike_of, host, found);
  for (std::size_t i = 0; i < d.labels.size(); ++i) {
    const label_display& l = d.labels[i];
    display_label_record& e = rec.next_label();
    e.unicode = l.unicode;
    e.ascii = l.ascii;
    e.shown_unicode = l.non_ascii && l.shown_unicode;
    e.reasons = l.reasons;
    if (!l.reasons.empty()) note_label(rec, host, found, i, l.reasons, l.errors);
  }
}

// A URL host with percent escapes, decoded as the URL Standard's host
// parser decodes it (§3.5 step 4).
void display_converter::decoded_host(std::string_view found, std::size_t host, std::size_t offset,
                                     display_record& rec) const {
  std::string& decoded = rec.decoded;
  decoded.clear();
  percent_decode(found, [&](std::size_t, char byte) { decoded += byte; });
  if (std::optional<record_failure> bad = decoded_host_failure(found, decoded, offset)) {
    fail(rec, std::move(*bad));
    rec.output += found;
    return;
  }
  // The URL Standard's host parser refuses a forbidden domain code point
  // ("/", "@", a control...) after decoding; shown as given, such a label
  // would bring it into the output.  Left as found.
  idna_options check = idna_options::for_profile(idna_profile::uts46);
  check.forbid_domain_code_points = true;
  std::string& room = rec.scratch;
  if (room.size() < 4 * decoded.size() + 64) room.resize(4 * decoded.size() + 64);
  idna_result a = to_ascii(std::string_view(decoded), std::span<char>(room.data(), room.size()), check);
  if (a.code == status::output_too_small) {
    room.resize(a.needed);
    a = to_ascii(std::string_view(decoded), std::span<char>(room.data(), room.size()), check);
  }
  if (a.code == status::success && a.errors.contains(idna_code::W1)) {
    const display_reasons invalid{display_reason::invalid};
    rec.output += found;
    rec.reasons |= invalid;
    note_label(rec, host, found, a.label == idna_result::no_label ? 0 : a.label, invalid, a.errors);
    return;
  }
  const std::string_view name = decoded;
  if (format_ == output_format::jsonl) {
    display_with_labels(name, found, host, rec);
  } else {
    display_name(name, found, host, rec);
  }
}

void display_converter::convert_hosts(std::string_view record, display_record& rec) const {
  const result valid = validate_utf8(std::span<const char>(record.data(), record.size()));
  if (valid.code != status::success) {
    // Hosts cannot be found reliably in bytes that are not text.
    rec.output.assign(record);
    fail(rec, status_failure(status::invalid_utf8, valid.position));
    return;
  }
  if (!may_hold_hosts(record, urls_, emails_)) {
    rec.output.assign(record);
    return;
  }
  host_finder finder(record, urls_, emails_);
  std::size_t copied = 0;
  std::size_t number = 0;
  while (const std::optional<host_span> span = finder.next()) {
    rec.output.append(record, copied, span->begin - copied);
    const std::string_view found = record.substr(span->begin, span->end - span->begin);
    ++number;
    if (span->kind == host_kind::url && found.find('%') != std::string_view::npos) {
      decoded_host(found, number, span->begin, rec);
    } else if (format_ == output_format::jsonl) {
      display_with_labels(found, found, number, rec);
    } else {
      display_name(found, found, number, rec);
    }
    copied = span->end;
  }
  rec.output.append(record, copied);
}

void display_converter::convert(std::string_view record, display_record& rec) const {
  rec.start_record();
  try {
    if (urls_ || emails_) {
      convert_hosts(record, rec);
    } else if (format_ == output_format::jsonl) {
      display_with_labels(record, record, 0, rec);
    } else {
      display_name(record, record, 0, rec);
    }
  } catch (const std::bad_alloc&) {
    rec.start_record();
    rec.has_output = false;
    rec.failure = record_failure{"out_of_memory", 0, "not enough memory for this record"};
    return;
  }
  if (format_ == output_format::plain && rec.output.find(terminator_) != std::string::npos) {
    // Only the record's own terminator character can bring one in: an
    // argument holding a line feed, which UTS #46 shows as given.
    rec.output.clear();
    rec.failure = record_failure{
        "terminator_in_result", std::min(record.find(terminator_), record.size()),
        "the result would contain " + terminator_name(terminator_) + ", which would split its output record"};
  }
}

}  // namespace puny::cli
