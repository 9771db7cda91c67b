// puny — UTS #46 §4 Processing steps 1–4.1, label by label, for the
// explanations.
#include "idna/explain_labels.hpp"

#include <algorithm>
#include <span>

#include "idna/ascii_fast_path.hpp"
#include "puny/punycode.hpp"
#include "unicode/nfc.hpp"
#include "unicode/ucd.hpp"

namespace puny::detail {
namespace {

using ucd::idna_status;

constexpr std::u32string_view ace_prefix = U"xn--";

class label_splitter {
 public:
  explicit label_splitter(const idna_options& options) : options_(options) {}

  std::vector<processed_label> run(std::u32string_view domain) {
    for (const char32_t cp : domain) map(cp);
    end_label();
    return std::move(labels_);
  }

 private:
  /// §4 step 1 for one input code point.  U+002E itself is a separator
  /// (step 3) whatever its status says.
  void map(char32_t cp) {
    if (cp == U'.') {
      end_label();
      return;
    }
    const ucd::idna_entry entry = ucd::idna_lookup(cp);
    const std::u32string_view mapping = entry.mapping();
    // U+3002, U+FF0E and U+FF61 map to U+002E and nothing else: they
    // separate labels as U+002E does and belong to neither.
    if (entry.status == idna_status::mapped && mapping == U".") {
      end_label();
      return;
    }
    current_.input += cp;
    switch (entry.status) {
      case idna_status::valid:
      case idna_status::disallowed:
        // Kept: a disallowed code point is reported by §4.1 criterion 7.
        current_.mapped += cp;
        return;
      case idna_status::ignored:
        return;
      case idna_status::deviation:
        if (options_.transitional_processing) {
          put_mapping(mapping);
        } else {
          current_.mapped += cp;
        }
        return;
      case idna_status::mapped:
        put_mapping(mapping);
        return;
    }
  }

  /// A mapping's targets are valid or deviations (the table generator
  /// asserts it); transitional processing maps a deviation target on, which
  /// is how U+1E9E becomes "ss".
  void put_mapping(std::u32string_view mapping) {
    for (const char32_t target : mapping) {
      if (target == U'.') {
        end_label();
        continue;
      }
      const ucd::idna_entry entry = ucd::idna_lookup(target);
      if (options_.transitional_processing && entry.status == idna_status::deviation) {
        put_mapping(entry.mapping());
      } else {
        current_.mapped += target;
      }
    }
  }

  void end_label() {
    processed_label& label = current_;
    // Step 2.  NFC of the whole domain is NFC of each label: U+002E is a
    // starter that composes with nothing.
    std::u32string normalized(nfc_buffer_size(label.mapped.size()), U'\0');
    normalized.resize(to_nfc(label.mapped, normalized));
    label.mapped = std::move(normalized);
    label.unicode = label.mapped;
    convert(label);
    labels_.push_back(std::move(label));
    current_ = processed_label{};
  }

  /// Step 4.1: an xn-- label is replaced by its Punycode decoding.
  static void convert(processed_label& label) {
    const std::u32string_view text = label.mapped;
    if (text.substr(0, ace_prefix.size()) != ace_prefix) return;
    const std::u32string_view digits = text.substr(ace_prefix.size());
    if (std::any_of(digits.begin(), digits.end(), [](char32_t c) { return c >= 0x80; })) {
      label.ace = ace_outcome::non_ascii;
      return;
    }
    const std::string narrow(digits.begin(), digits.end());
    converted<std::u32string> decoded = puny::decode(narrow);
    if (!decoded.ok()) {
      label.ace = ace_outcome::bad_punycode;
      label.punycode_status = decoded.code;
      label.punycode_position = decoded.position;
      return;
    }
    label.ace = ace_outcome::decoded;
    label.unicode = std::move(decoded.value);
  }

  const idna_options& options_;
  processed_label current_;
  std::vector<processed_label> labels_;
};

}  // namespace

std::vector<processed_label> process_labels(std::u32string_view domain, const idna_options& options) {
  return label_splitter(options).run(domain);
}

bool is_all_ascii(std::u32string_view domain) noexcept {
  return std::all_of(domain.begin(), domain.end(), [](char32_t c) { return c < 0x80; });
}

std::vector<processed_label> lowercase_labels(std::u32string_view domain) {
  std::vector<processed_label> labels(1);
  for (const char32_t c : domain) {
    if (c == U'.') {
      labels.emplace_back();
      continue;
    }
    labels.back().input += c;
    labels.back().mapped += ascii_lower(c);
  }
  for (processed_label& label : labels) label.unicode = label.mapped;
  return labels;
}

}  // namespace puny::detail
