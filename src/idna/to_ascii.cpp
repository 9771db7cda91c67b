// puny — UTS #46 §4.2 ToASCII, and the URL Standard's "domain to ASCII"
// additions (forbidden domain code points, empty host, ASCII input).
#include <algorithm>
#include <cstring>
#include <string_view>
#include <type_traits>

#include "idna/ascii_fast_path.hpp"
#include "idna/conversions.hpp"
#include "idna/pipeline.hpp"
#include "puny/punycode.hpp"

namespace puny::detail {
namespace {

constexpr std::string_view ace_prefix = "xn--";
// §4.2 step 4 (VerifyDnsLength).
constexpr std::size_t max_label_length = 63;
constexpr std::size_t max_domain_length = 253;
// A domain that passes VerifyDnsLength, with its root dot.
constexpr std::size_t max_verified_output = max_domain_length + 1;

bool is_scalar_value(char32_t c) noexcept { return c <= 0x10FFFF && (c < 0xD800 || c > 0xDFFF); }

/// std::memcpy of n <= max_verified_output bytes in copies of a fixed
/// size, the last of each size overlapping the one before, rather than a
/// call to the library's memcpy: the result of nearly every domain fits one
/// or two 16-byte copies.
void copy_short(char* to, const char* from, std::size_t n) noexcept {
  if (n >= 16) {
    for (std::size_t i = 0; i + 16 < n; i += 16) std::memcpy(to + i, from + i, 16);
    std::memcpy(to + n - 16, from + n - 16, 16);
  } else if (n >= 8) {
    std::memcpy(to, from, 8);
    std::memcpy(to + n - 8, from + n - 8, 8);
  } else if (n >= 4) {
    std::memcpy(to, from, 4);
    std::memcpy(to + n - 4, from + n - 4, 4);
  } else {
    for (std::size_t i = 0; i < n; ++i) to[i] = from[i];
  }
}

idna_result too_small(std::size_t needed) noexcept {
  idna_result r;
  r.code = status::output_too_small;
  r.needed = needed;
  return r;
}

/// URL Standard "domain to ASCII" on an input that is all ASCII (as its
/// tests expect of beStrict = false): lowercase, then only the forbidden
/// domain code points (W1) and emptiness (W2) are errors.
template <class Char>
idna_result lowercase_only(std::basic_string_view<Char> in, std::span<char> out, const idna_options& options) noexcept {
  idna_result r;
  std::size_t label = 0;
  for (const Char u : in) {
    const auto c = static_cast<char32_t>(u);
    if (c == U'.') ++label;
    if (options.forbid_domain_code_points && is_forbidden_domain_code_point(c)) {
      r.errors.insert(idna_code::W1);
      r.label = std::min(r.label, label);
    }
  }
  if (in.empty() && options.reject_empty) {
    r.errors.insert(idna_code::W2);
    r.label = 0;
  }
  if (!r.errors.empty()) return r;
  if (in.size() > out.size()) return too_small(in.size());
  for (std::size_t i = 0; i < in.size(); ++i) out[i] = static_cast<char>(ascii_lower(static_cast<char32_t>(in[i])));
  r.written = in.size();
  return r;
}

/// §4.2 steps 2–4 on the processed domain: Punycode-encode each label with
/// a non-ASCII code point behind "xn--" (A3 when that fails), check the DNS
/// lengths (A4_1, A4_2), and write the result only when no code at all was
/// recorded.
class ascii_writer {
 public:
  ascii_writer(const workspace& ws, const processed_domain& p, std::span<char> out,
               const idna_options& options) noexcept
      : ws_(ws), p_(p), out_(out), options_(options), errors_(p.errors), label_(p.label) {}

  idna_result run() noexcept {
    const std::u32string_view domain(ws_.domain.data(), p_.length);
    find_forbidden(domain);
    if (options_.reject_empty && domain.empty()) {
      errors_.insert(idna_code::W2);
      label_ = 0;
    }
    // Every code but A3 and A4_* is known now.  Without VerifyDnsLength and
    // without any code, nothing can fail any more, so the labels are
    // encoded straight into the caller's buffer; otherwise they go to a
    // buffer the size of the longest domain that can pass, and lengths are
    // measured beyond it.
    direct_ = errors_.empty() && !options_.verify_dns_length;
    const bool measure = options_.verify_dns_length || errors_.empty();
    std::span<char> target = direct_ ? out_ : std::span<char>(verified_);
    std::size_t total = 0;
    bool total_known = true;
    std::size_t start = 0;
    for (std::size_t index = 0; index < p_.labels; ++index) {
      // process_domain left where the label ends and whether it is ASCII.
      const std::size_t end = ws_.label_ends[index];
      const std::uint8_t flags = ws_.failed[index];
      const std::u32string_view label = domain.substr(start, end - start);
      const bool last = index + 1 == p_.labels;
      std::size_t length = 0;
      bool known = true;  // false when the label cannot be encoded at all
      if ((flags & label_non_ascii) == 0) {
        length = label.size();
        if (total + length <= target.size()) {
          for (std::size_t i = 0; i < length; ++i) target[total + i] = static_cast<char>(label[i]);
        } else {
          for (std::size_t i = 0; i < length; ++i) put(target, total + i, static_cast<char>(label[i]));
        }
      } else if ((flags & label_maybe_surrogate) != 0 && !std::all_of(label.begin(), label.end(), is_scalar_value)) {
        // RFC 3492 encodes only scalar values: a lone surrogate from UTF-16
        // input (already V7) cannot be encoded.
        fail(idna_code::A3, index);
        known = false;
      } else if (measure) {
        for (std::size_t i = 0; i < ace_prefix.size(); ++i) put(target, total + i, ace_prefix[i]);
        const std::size_t at = std::min(total + ace_prefix.size(), target.size());
        const result r = puny::encode(std::span<const char32_t>(label.data(), label.size()), target.subspan(at),
                                      {}, ws_.words);
        if (r.code == status::success) {
          length = ace_prefix.size() + r.written;
        } else if (r.code == status::output_too_small) {
          length = ace_prefix.size() + r.needed;
        } else {
          fail(idna_code::A3, index);
          known = false;
        }
      }
      // IdnaTestV2 counts the empty label after a trailing dot as empty too.
      if (options_.verify_dns_length && known && (length == 0 || length > max_label_length)) {
        fail(idna_code::A4_2, index);
      }
      total += length;
      total_known = total_known && known;
      if (!last) put(target, total++, '.');
      start = end + 1;
    }
    if (options_.verify_dns_length && total_known) {
      const bool rooted = p_.labels > 1 && !domain.empty() && domain.back() == U'.';
      const std::size_t domain_length = rooted ? total - 1 : total;
      if (domain_length == 0 || domain_length > max_domain_length) {
        errors_.insert(idna_code::A4_1);
      }
    }

    idna_result r;
    r.errors = errors_;
    r.label = label_;
    if (!errors_.empty()) return r;
    if (total > out_.size()) return too_small(total);
    if (!direct_) copy_short(out_.data(), verified_, total);
    r.written = total;
    return r;
  }

 private:
  static void put(std::span<char> target, std::size_t at, char c) noexcept {
    if (at < target.size()) target[at] = c;
  }
  void fail(idna_code c, std::size_t index) noexcept {
    errors_.insert(c);
    label_ = std::min(label_, index);
  }
  void find_forbidden(std::u32string_view domain) noexcept {
    if (!options_.forbid_domain_code_points) return;
    std::size_t index = 0;
    for (const char32_t c : domain) {
      if (c == U'.') ++index;
      if (is_forbidden_domain_code_point(c)) fail(idna_code::W1, index);
    }
  }

  const workspace& ws_;
  const processed_domain& p_;
  std::span<char> out_;
  const idna_options& options_;
  idna_errors errors_;
  std::size_t label_;
  bool direct_ = false;
  char verified_[max_verified_output];
};

/// The UTS #46 path: the ASCII fast path, else the pipeline.
template <class Char>
[[gnu::always_inline]] inline idna_result uts46_to_ascii(std::basic_string_view<Char> domain, std::span<char> out,
                                                         const idna_options& options) noexcept {
  const ascii_fast_path plain = lower_plain_ascii_domain(domain, out, options, idna_operation::to_ascii);
  if (plain != ascii_fast_path::not_taken) return fast_path_result(plain, domain.size());
  return run_pipeline(domain, options, idna_operation::to_ascii,
                      [&](const workspace& ws, const processed_domain& p) noexcept {
                        return ascii_writer(ws, p, out, options).run();
                      });
}

/// URL Standard "domain to ASCII", beStrict = false: an ASCII host that
/// needs nothing but lowercasing, in one pass (the common case of a URL
/// parser); W1, W2 and the rest after it.  Out of line, so that the other
/// profiles' calls keep their arguments in registers.
template <class Char>
[[gnu::noinline]] idna_result url_to_ascii(std::basic_string_view<Char> domain, std::span<char> out,
                                           const idna_options& options) noexcept {
  const ascii_fast_path url = lower_url_ascii_domain(domain, out, options.forbid_domain_code_points);
  if (url != ascii_fast_path::not_taken) return fast_path_result(url, domain.size());
  if (std::all_of(domain.begin(), domain.end(), [](Char c) { return static_cast<char32_t>(c) < 0x80; })) {
    return lowercase_only(domain, out, options);
  }
  return uts46_to_ascii(domain, out, options);
}

}  // namespace

template <class Char>
idna_result to_ascii_core(std::basic_string_view<Char> domain, std::span<char> out,
                          const idna_options& options) noexcept {
  if (options.ascii_input_lowercase_only) return url_to_ascii(domain, out, options);
  return uts46_to_ascii(domain, out, options);
}

template idna_result to_ascii_core<char>(std::string_view, std::span<char>, const idna_options&) noexcept;
template idna_result to_ascii_core<char16_t>(std::u16string_view, std::span<char>, const idna_options&) noexcept;
template idna_result to_ascii_core<char32_t>(std::u32string_view, std::span<char>, const idna_options&) noexcept;

}  // namespace puny::detail
