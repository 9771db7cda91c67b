// puny — the batch calls of <puny/batch.hpp>: each name through the same
// core as the one-name calls (so each converts exactly as it would alone),
// outputs packed one after the other.
#include "puny/batch.hpp"

#include <algorithm>
#include <numeric>

#include "idna/conversions.hpp"

namespace puny {
namespace {

template <class Convert>
batch_result run_batch(std::span<const std::string_view> names, std::span<char> out, std::span<batch_item> items,
                       Convert convert) noexcept {
  batch_result b;
  const std::size_t n = std::min(names.size(), items.size());
  for (std::size_t i = 0; i < n; ++i) {
    const idna_result r = convert(names[i], out.subspan(b.written));
    if (r.code == status::output_too_small) {
      b.needed = r.needed;
      return b;
    }
    batch_item& item = items[i];
    item.code = r.code;
    item.errors = r.errors;
    item.offset = b.written;
    item.size = r.written;
    item.position = r.position;
    item.label = r.label;
    b.written += r.written;
    b.failed += r.ok() ? 0 : 1;
    ++b.done;
  }
  return b;
}

// Output room for a first try: ToASCII of an ASCII name is the name, of a
// Unicode one rarely longer than its UTF-8 (xn-- and the Punycode digits
// against 2 to 4 bytes a code point); ToUnicode rarely longer either.
// A name that does not fit is converted again into room that is enough.
std::size_t first_room(std::span<const std::string_view> names) noexcept {
  return std::accumulate(names.begin(), names.end(), std::size_t{0},
                         [](std::size_t sum, std::string_view s) { return sum + s.size() + s.size() / 2 + 8; });
}

template <class Core>
batch_converted convert_all(std::span<const std::string_view> names, const idna_options& options, Core core) {
  batch_converted c;
  c.items.resize(names.size());
  c.text.resize(first_room(names));
  std::size_t done = 0;
  std::size_t written = 0;
  while (done < names.size()) {
    const batch_result r = core(names.subspan(done), std::span<char>(c.text).subspan(written),
                                std::span<batch_item>(c.items).subspan(done), options);
    for (std::size_t i = done; i < done + r.done; ++i) c.items[i].offset += written;
    done += r.done;
    written += r.written;
    c.failed += r.failed;
    if (done < names.size()) {
      // Room for the name that did not fit and, as a guess, the rest.
      const std::size_t rest = first_room(names.subspan(done + 1));
      c.text.resize(std::max(c.text.size() * 2, written + r.needed + rest));
    }
  }
  c.text.resize(written);
  return c;
}

}  // namespace

batch_result to_ascii_batch(std::span<const std::string_view> names, std::span<char> out,
                            std::span<batch_item> items, const idna_options& options) noexcept {
  return run_batch(names, out, items, [&](std::string_view name, std::span<char> o) noexcept {
    return detail::to_ascii_core(name, o, options);
  });
}

batch_result to_unicode_batch(std::span<const std::string_view> names, std::span<char> out,
                              std::span<batch_item> items, const idna_options& options) noexcept {
  return run_batch(names, out, items, [&](std::string_view name, std::span<char> o) noexcept {
    return detail::to_unicode_core(name, o, options);
  });
}

batch_converted to_ascii_batch(std::span<const std::string_view> names, const idna_options& options) {
  return convert_all(names, options,
                     [](std::span<const std::string_view> n, std::span<char> o, std::span<batch_item> i,
                        const idna_options& opt) noexcept { return to_ascii_batch(n, o, i, opt); });
}

batch_converted to_unicode_batch(std::span<const std::string_view> names, const idna_options& options) {
  return convert_all(names, options,
                     [](std::span<const std::string_view> n, std::span<char> o, std::span<batch_item> i,
                        const idna_options& opt) noexcept { return to_unicode_batch(n, o, i, opt); });
}

}  // namespace puny
