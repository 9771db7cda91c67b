/// \file
/// puny — UTS #46 ToASCII and ToUnicode over many names in one call.
///
/// For the callers that convert names by the thousand (a column of a data
/// engine, a file of the command, a JavaScript or Python list): one call
/// per batch instead of one per name, every output packed into one buffer,
/// one small record per name.  Each name is converted exactly as
/// puny::to_ascii / puny::to_unicode of <puny/idna.hpp> convert it alone.
///
/// \code
///   std::vector<std::string_view> names = {"bücher.de", "EXAMPLE.com", "a\u200Db.com"};
///   puny::batch_converted b = puny::to_ascii_batch(names);  // b[0] == "xn--bcher-kva.de", b.failed == 1
/// \endcode
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "puny/idna.hpp"
#include "puny/status.hpp"

namespace puny {

/// What became of one name of a batch.
struct batch_item {
  /// idna_result::no_label.
  static constexpr std::size_t no_label = idna_result::no_label;
  /// success, invalid_utf8 (`position` is the byte offset) or
  /// scratch_too_small; never output_too_small (the batch stops before a
  /// name whose output has no room, see batch_result).
  status code = status::success;
  idna_errors errors;            ///< the UTS #46 codes recorded
  std::size_t offset = 0;        ///< where the name's output starts in the batch's output
  std::size_t size = 0;          ///< its length: 0 when ToASCII failed (ToUnicode always writes one)
  std::size_t position = 0;      ///< with invalid_utf8: offset of the first bad byte in the name
  std::size_t label = no_label;  ///< index (0-based) of the first label with an error

  /// True when `code` is success and no UTS #46 code was recorded.
  [[nodiscard]] constexpr bool ok() const noexcept { return code == status::success && errors.empty(); }
};

/// What a batch call did.
struct [[nodiscard]] batch_result {
  std::size_t done = 0;     ///< names converted, from the first: all of them unless `out` or `items` ran out
  std::size_t written = 0;  ///< characters of `out` used, the outputs of those names one after the other
  std::size_t failed = 0;   ///< how many of those names are not ok()
  /// When done < the number of names because `out` ran out: the room the
  /// next name's output needs (convert it into at least that much); 0 when
  /// `items` ran out or every name was converted.
  std::size_t needed = 0;
};

/// \name Batches into caller buffers
///@{

/// UTS #46 ToASCII (§4.2) of each UTF-8 name of `names`, in order: item i
/// of `items` describes name i, and its output is `out[offset, offset +
/// size)`.  Converts names until all are done or the next one's output or
/// item does not fit (then `done` says how far it went and `needed` how
/// much room the next name needs).  Characters of `out` past `written`
/// may have been overwritten.  No heap for names up to max_stack_domain
/// code points.
[[nodiscard]] batch_result to_ascii_batch(std::span<const std::string_view> names, std::span<char> out,
                                          std::span<batch_item> items, const idna_options& options = {}) noexcept;

/// UTS #46 ToUnicode (§4.3) of each UTF-8 name of `names`, into UTF-8, as
/// to_ascii_batch.  Every name converted has an output, flagged or not.
[[nodiscard]] batch_result to_unicode_batch(std::span<const std::string_view> names, std::span<char> out,
                                            std::span<batch_item> items, const idna_options& options = {}) noexcept;

///@}

/// The outputs and items of a whole batch (the convenience functions below).
struct batch_converted {
  std::string text;               ///< every output, one after the other
  std::vector<batch_item> items;  ///< one per name, in order
  std::size_t failed = 0;         ///< how many names are not ok()

  /// Name i's output (empty when ToASCII failed).
  [[nodiscard]] std::string_view operator[](std::size_t i) const noexcept {
    return std::string_view(text).substr(items[i].offset, items[i].size);
  }
  /// The number of names.
  [[nodiscard]] std::size_t size() const noexcept { return items.size(); }
};

/// \name Batches into strings
///@{

/// to_ascii_batch of every name, into buffers sized for them.
[[nodiscard]] batch_converted to_ascii_batch(std::span<const std::string_view> names,
                                             const idna_options& options = {});
/// to_unicode_batch of every name, into buffers sized for them.
[[nodiscard]] batch_converted to_unicode_batch(std::span<const std::string_view> names,
                                               const idna_options& options = {});

///@}

}  // namespace puny
