// puny CLI — converting the hosts of URLs and e-mail addresses in a record.
#include "host_rewriter.hpp"

#include <array>
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

// Percent-encoded hosts up to this many bytes are decoded on the stack.
constexpr std::size_t stack_host_bytes = 256;

// One record's conversion: appends to outcome.output as it goes.
class record_rewrite {
 public:
  record_rewrite(command cmd, const idna_options& options, const idna_options& decoded_options,
                 idna_outcome& outcome) noexcept
      : to_unicode_(cmd == command::to_unicode), options_(options), decoded_options_(decoded_options),
        outcome_(outcome) {}

  // Appends the conversion of the host `found`, the `number`th of the
  // record, at byte `offset` of the record, or `found` itself when it fails.
  void host(std::string_view found, host_kind kind, std::size_t number, std::size_t offset) {
    if (kind == host_kind::url && found.find('%') != std::string_view::npos) {
      decoded_host(found, number, offset);
      return;
    }
    convert(found, found, options_, number, offset);
  }

 private:
  void decoded_host(std::string_view found, std::size_t number, std::size_t offset) {
    std::array<char, stack_host_bytes> stack;
    std::string heap;
    char* buffer = stack.data();
    if (found.size() > stack.size()) {
      heap.resize(found.size());
      buffer = heap.data();
    }
    std::size_t length = 0;
    percent_decode(found, [&](std::size_t, char byte) { buffer[length++] = byte; });
    const std::string_view decoded(buffer, length);
    if (std::optional<record_failure> bad = decoded_host_failure(found, decoded, offset)) {
      fail(std::move(*bad));
      outcome_.output += found;
      return;
    }
    convert(found, decoded, decoded_options_, number, offset);
  }

  idna_result run(std::string_view domain, std::span<char> out, const idna_options& options) const noexcept {
    return to_unicode_ ? puny::to_unicode(domain, out, options) : puny::to_ascii(domain, out, options);
  }

  void convert(std::string_view found, std::string_view domain, const idna_options& options, std::size_t number,
               std::size_t offset) {
    std::string& out = outcome_.output;
    const std::size_t start = out.size();
    // Room for most results at the first try: ToASCII adds "xn--" and a few
    // digits per label, ToUnicode mostly shrinks; larger ones are retried
    // with the size the library asks for.
    out.resize(start + 2 * domain.size() + 16);
    idna_result r = run(domain, std::span<char>(out).subspan(start), options);
    if (r.code == status::output_too_small) {
      out.resize(start + r.needed);
      r = run(domain, std::span<char>(out).subspan(start), options);
    }
    if (r.code == status::success && r.errors.empty()) {
      out.resize(start + r.written);
      return;
    }
    // Left as found: never a half-converted name.
    out.resize(start);
    out += found;
    if (r.code != status::success) {
      fail(status_failure(r.code, offset));
      return;
    }
    outcome_.errors |= r.errors;
    if (outcome_.host == 0) {
      outcome_.host = number;
      outcome_.host_text.assign(found);
      outcome_.label = r.label;
    }
  }

  // The record keeps the first failure that is not a UTS #46 code.
  void fail(record_failure failure) {
    if (!outcome_.failure) outcome_.failure = std::move(failure);
  }

  bool to_unicode_;
  const idna_options& options_;
  const idna_options& decoded_options_;
  idna_outcome& outcome_;
};

}  // namespace

host_rewriter::host_rewriter(command cmd, const idna_options& options, bool urls, bool emails)
    : cmd_(cmd), options_(options), decoded_options_(options), urls_(urls), emails_(emails) {
  decoded_options_.forbid_domain_code_points = true;
}

void host_rewriter::convert(std::string_view record, idna_outcome& outcome) const {
  // The line always goes out, its hosts converted or left as they were.
  outcome.start_record(true);
  try {
    const result valid = validate_utf8(std::span<const char>(record.data(), record.size()));
    if (valid.code != status::success) {
      // Hosts cannot be found reliably in bytes that are not text; the
      // record goes out as it came, with the reason.
      outcome.output.assign(record);
      outcome.failure = status_failure(status::invalid_utf8, valid.position);
      return;
    }
    // Most records of a feed hold neither: no need to look further.
    if (!may_hold_hosts(record, urls_, emails_)) {
      outcome.output.assign(record);
      return;
    }
    record_rewrite rewrite(cmd_, options_, decoded_options_, outcome);
    host_finder finder(record, urls_, emails_);
    std::size_t copied = 0;
    std::size_t number = 0;
    while (const std::optional<host_span> span = finder.next()) {
      outcome.output.append(record, copied, span->begin - copied);
      rewrite.host(record.substr(span->begin, span->end - span->begin), span->kind, ++number, span->begin);
      copied = span->end;
    }
    outcome.output.append(record, copied);
  } catch (const std::bad_alloc&) {
    outcome.output.clear();
    outcome.has_output = false;
    outcome.errors = {};
    outcome.host = 0;
    outcome.host_text.clear();
    outcome.label = idna_result::no_label;
    outcome.failure = record_failure{"out_of_memory", 0, "not enough memory for this record"};
  }
}

}  // namespace puny::cli
