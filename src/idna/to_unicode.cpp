// puny — UTS #46 §4.3 ToUnicode, with the display profile's fallback.
#include <algorithm>
#include <string_view>
#include <type_traits>

#include "idna/ascii_fast_path.hpp"
#include "idna/conversions.hpp"
#include "idna/encoded_text.hpp"
#include "idna/pipeline.hpp"
#include "puny/detail/simd_dispatch.hpp"

namespace puny::detail {
namespace {

// The label separators of the input: U+002E and the three code points that
// IdnaMappingTable.txt maps to it (no other mapping yields U+002E).
constexpr bool is_separator(char32_t c) noexcept {
  return c == U'.' || c == 0x3002 || c == 0xFF0E || c == 0xFF61;
}

/// Writes the processed domain (or, with display_fallback, each failing
/// label's input text) to `out`, counting what does not fit.
template <class Char>
class unicode_writer {
 public:
  unicode_writer(std::basic_string_view<Char> in, const workspace& ws, const processed_domain& p,
                 std::span<Char> out, const idna_options& options) noexcept
      : in_(in), ws_(ws), p_(p), out_(out), options_(options) {}

  idna_result run() noexcept {
    idna_result r;
    const std::u32string_view domain(ws_.domain.data(), p_.length);
    if (options_.display_fallback) {
      write_display(domain);
    } else {
      r.errors = p_.errors;
      r.label = p_.label;
      write_domain(domain);
    }
    if (forbidden_) {
      r.errors.insert(idna_code::W1);
      r.label = std::min(r.label, forbidden_label_);
    }
    if (options_.reject_empty && count_ == 0) {
      r.errors.insert(idna_code::W2);
      r.label = 0;
    }
    if (count_ > out_.size()) {
      r.code = status::output_too_small;
      r.needed = count_;
      return r;
    }
    r.written = count_;
    return r;
  }

 private:
  // URL Standard: a forbidden domain code point in the result (W1).
  void observe(char32_t c) noexcept {
    if (c == U'.') ++label_index_;
    if (options_.forbid_domain_code_points && !forbidden_ && is_forbidden_domain_code_point(c)) {
      forbidden_ = true;
      forbidden_label_ = label_index_;
    }
  }

  void put(char32_t c) noexcept {
    observe(c);
    emit(c);
  }
  void emit(char32_t c) noexcept {
    const std::size_t units = units_of(Char{}, c);
    if (count_ + units <= out_.size()) write_at(out_.data() + count_, c);
    count_ += units;
  }
  void put_unit(Char u) noexcept {
    observe(static_cast<std::make_unsigned_t<Char>>(u));
    if (count_ < out_.size()) out_[count_] = u;
    ++count_;
  }

  // The processed domain as it is, the common case: the W1 scan only when
  // the URL Standard asks for it, and no room test per code point when the
  // longest encoding of every one fits.
  void write_domain(std::u32string_view domain) noexcept {
    if (options_.forbid_domain_code_points) {
      for (const char32_t c : domain) observe(c);
    }
    constexpr std::size_t max_units = units_of(Char{}, 0x10FFFF);
    if (count_ == 0 && domain.size() <= out_.size() / max_units) {
      if constexpr (std::is_same_v<Char, char>) {
        // The kernel chosen at start-up (simd_dispatch.hpp), when there is one.
        if (const auto kernel = active_simd_kernels.write_utf8; kernel != nullptr) {
          count_ = kernel(domain.data(), domain.size(), out_.data());
          return;
        }
      }
      Char* const begin = out_.data();
      Char* at = begin;
      for (const char32_t c : domain) {
        write_at(at, c);
        at += units_of(Char{}, c);
      }
      count_ = static_cast<std::size_t>(at - begin);
      return;
    }
    for (const char32_t c : domain) emit(c);
  }

  // Display profile: a label that decodes and passes every enabled check is
  // shown in Unicode; any other stays exactly as the input spelled it and
  // contributes no code.  Input labels and processed labels correspond one
  // to one, as the separators are the only code points mapped to U+002E.
  void write_display(std::u32string_view domain) noexcept {
    std::size_t at = 0;       // in the processed domain
    std::size_t in_at = 0;    // in the input, in code units
    for (std::size_t index = 0; index < p_.labels; ++index) {
      std::size_t end = at;
      while (end < domain.size() && domain[end] != U'.') ++end;
      std::size_t in_end = in_at;
      std::size_t next = in_at;
      while (in_end < in_.size()) {
        const read_code_point cp = read_at(in_, in_end);
        if (is_separator(cp.value)) {
          next = in_end + cp.length;
          break;
        }
        in_end += cp.length;
        next = in_end;
      }
      if ((ws_.failed[index] & label_has_error) != 0) {
        for (std::size_t i = in_at; i < in_end; ++i) put_unit(in_[i]);
      } else {
        for (std::size_t i = at; i < end; ++i) put(domain[i]);
      }
      if (index + 1 < p_.labels) put(U'.');
      at = end + 1;
      in_at = next;
    }
  }

  std::basic_string_view<Char> in_;
  const workspace& ws_;
  const processed_domain& p_;
  std::span<Char> out_;
  const idna_options& options_;
  std::size_t count_ = 0;
  std::size_t label_index_ = 0;
  bool forbidden_ = false;
  std::size_t forbidden_label_ = 0;
};

}  // namespace

template <class Char>
idna_result to_unicode_core(std::basic_string_view<Char> domain, std::span<Char> out,
                            const idna_options& options) noexcept {
  const ascii_fast_path plain = lower_plain_ascii_domain(domain, out, options, idna_operation::to_unicode);
  if (plain != ascii_fast_path::not_taken) return fast_path_result(plain, domain.size());
  return run_pipeline(domain, options, idna_operation::to_unicode,
                      [&](const workspace& ws, const processed_domain& p) noexcept {
                        return unicode_writer<Char>(domain, ws, p, out, options).run();
                      });
}

template idna_result to_unicode_core<char>(std::string_view, std::span<char>, const idna_options&) noexcept;
template idna_result to_unicode_core<char16_t>(std::u16string_view, std::span<char16_t>,
                                               const idna_options&) noexcept;
template idna_result to_unicode_core<char32_t>(std::u32string_view, std::span<char32_t>,
                                               const idna_options&) noexcept;

}  // namespace puny::detail
