// puny — UTS #39 §4 skeleton(X): NFD, remove Default_Ignorable_Code_Point,
// replace each code point by its confusables.txt prototype, NFD again.
//
// Computed exactly as specified, in one pass and never iterated (the
// skeleton is not idempotent for 13 sources, see docs/security.md).  The
// mapping does not commute with canonical ordering (U+0327, class 202,
// maps to U+0326, class 220), so the first NFD is finished, run by run,
// before anything is mapped; the second NFD then only reorders runs of
// non-starters, since every piece is already decomposed.  Everything before
// the last starter written is final, because no reordering crosses one.
//
// Three paths, all linear and without heap:
//  - ASCII input maps byte by byte through a 128-entry table of pieces;
//  - otherwise a single pass keeps the current run of non-starters of each
//    NFD in a small buffer and sorts it there.  Most code points need one
//    lookup of the summary of code_point_class.hpp, and a starter
//    that stands for itself goes to the output as the input's own bytes;
//  - when a run outgrows those buffers (only crafted text has 32 marks on
//    one base), the text is redone by the streaming readers of nfd.hpp,
//    which place each long run by a counting sort on its classes,
//    replaying the run from a saved reader instead of buffering it.
// output_too_small is decided by a sizing pass: the skeleton's length is
// the sum of its pieces' lengths, whatever the order, so it needs no
// reordering at all.
#include "security/skeleton.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "puny/security.hpp"
#include "security/code_point_class.hpp"
#include "security/nfd.hpp"
#include "security/security_data.hpp"
#include "security/text_source.hpp"
#include "tables/security_tables.hpp"

namespace puny {

// The public bounds are the data's (tools/gen_security_tables.py computes
// both over every code point; lengths add up over a string because
// reordering never changes them): tight, and checked again when the data
// changes.
static_assert(max_skeleton_growth == detail::tables::max_skeleton_length,
              "max_skeleton_growth must be the longest skeleton of one code point");
static_assert(max_skeleton_utf8_growth == detail::tables::max_skeleton_utf8_ratio,
              "max_skeleton_utf8_growth must be the data's UTF-8 ratio");

namespace detail::security {
namespace {

// ---------------------------------------------------------------------------
// Output encodings.

constexpr std::size_t utf8_length(char32_t c) noexcept {
  return c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
}

/// Writes c as UTF-8 at out (which has room) and returns its length.
inline std::size_t encode_utf8(char32_t c, char* out) noexcept {
  auto byte = [](char32_t v) { return static_cast<char>(static_cast<unsigned char>(v)); };
  if (c < 0x80) {
    out[0] = byte(c);
    return 1;
  }
  if (c < 0x800) {
    out[0] = byte(0xC0 | (c >> 6));
    out[1] = byte(0x80 | (c & 0x3F));
    return 2;
  }
  if (c < 0x10000) {
    out[0] = byte(0xE0 | (c >> 12));
    out[1] = byte(0x80 | ((c >> 6) & 0x3F));
    out[2] = byte(0x80 | (c & 0x3F));
    return 3;
  }
  out[0] = byte(0xF0 | (c >> 18));
  out[1] = byte(0x80 | ((c >> 12) & 0x3F));
  out[2] = byte(0x80 | ((c >> 6) & 0x3F));
  out[3] = byte(0x80 | (c & 0x3F));
  return 4;
}

/// UTF-32 output: one unit per code point.
class utf32_sink {
 public:
  explicit utf32_sink(std::span<char32_t> out) noexcept : out_(out) {}
  static constexpr std::size_t units(char32_t) noexcept { return 1; }
  static constexpr std::size_t units_of(std::u32string_view cps, std::string_view) noexcept { return cps.size(); }
  [[nodiscard]] std::size_t written() const noexcept { return written_; }
  /// Appends, or returns false when there is no room for all of them.
  bool put(const element* e, std::size_t count) noexcept {
    if (out_.size() - written_ < count) return false;
    for (std::size_t i = 0; i < count; ++i) out_[written_ + i] = e[i].cp;
    written_ += count;
    return true;
  }
  bool put_code_point(char32_t c, std::string_view) noexcept {
    if (written_ == out_.size()) return false;
    out_[written_++] = c;
    return true;
  }
  bool put_bytes(std::u32string_view cps, std::string_view) noexcept {
    if (out_.size() - written_ < cps.size()) return false;
    std::copy(cps.begin(), cps.end(), out_.begin() + static_cast<std::ptrdiff_t>(written_));
    written_ += cps.size();
    return true;
  }
  /// Writes c at `at` (room checked by the caller) and returns its units.
  std::size_t put_at(std::size_t at, char32_t c) noexcept {
    out_[at] = c;
    return 1;
  }
  void set_written(std::size_t n) noexcept { written_ = n; }

 private:
  std::span<char32_t> out_;
  std::size_t written_ = 0;
};

/// UTF-8 output: units are bytes.
class utf8_sink {
 public:
  explicit utf8_sink(std::span<char> out) noexcept : out_(out) {}
  static constexpr std::size_t units(char32_t c) noexcept { return utf8_length(c); }
  static constexpr std::size_t units_of(std::u32string_view, std::string_view bytes) noexcept { return bytes.size(); }
  [[nodiscard]] std::size_t written() const noexcept { return written_; }
  bool put(const element* e, std::size_t count) noexcept {
    for (std::size_t i = 0; i < count; ++i) {
      const char32_t c = e[i].cp;
      if (c < 0x80 && written_ < out_.size()) {
        out_[written_++] = static_cast<char>(c);
        continue;
      }
      if (out_.size() - written_ < utf8_length(c)) return false;
      written_ += encode_utf8(c, out_.data() + written_);
    }
    return true;
  }
  /// c, whose UTF-8 is `bytes`.
  bool put_code_point(char32_t, std::string_view bytes) noexcept { return put_bytes({}, bytes); }
  bool put_bytes(std::u32string_view, std::string_view bytes) noexcept {
    if (out_.size() - written_ < bytes.size()) return false;
    // A few bytes at a time: a loop beats a call to memmove.
    char* to = out_.data() + written_;
    for (const char b : bytes) *to++ = b;
    written_ += bytes.size();
    return true;
  }
  std::size_t put_at(std::size_t at, char32_t c) noexcept { return encode_utf8(c, out_.data() + at); }
  void set_written(std::size_t n) noexcept { written_ = n; }

 private:
  std::span<char> out_;
  std::size_t written_ = 0;
};

// ---------------------------------------------------------------------------
// ASCII: every ASCII character is a starter whose piece holds only starters
// (checked when the table is built), so an ASCII skeleton is the
// concatenation of the pieces of its bytes.

struct ascii_piece {
  std::array<char32_t, 6> cps{};
  std::array<char, 24> bytes{};
  std::uint8_t length = 0;      // code points
  std::uint8_t byte_length = 0;
  [[nodiscard]] std::u32string_view code_points() const noexcept { return {cps.data(), length}; }
  [[nodiscard]] std::string_view utf8() const noexcept { return {bytes.data(), byte_length}; }
};

struct ascii_table {
  std::array<ascii_piece, 128> pieces{};
  bool complete = true;  // every piece fits and holds only starters
};

ascii_table build_ascii_table() noexcept {
  ascii_table t;
  for (char32_t c = 0; c < 128; ++c) {
    char32_t self = 0;
    const std::u32string_view piece = mapped_piece(c, self);
    ascii_piece& p = t.pieces[c];
    if (piece.size() > p.cps.size()) {
      t.complete = false;
      continue;
    }
    for (const char32_t x : piece) {
      if (ccc_of(x) != 0) t.complete = false;
      p.cps[p.length++] = x;
      p.byte_length = static_cast<std::uint8_t>(p.byte_length + encode_utf8(x, p.bytes.data() + p.byte_length));
    }
  }
  return t;
}

const ascii_table& ascii_pieces() noexcept {
  static const ascii_table table = build_ascii_table();
  return table;
}

// ---------------------------------------------------------------------------
// Sizing pass (and the validation of the whole input).

struct sizing {
  bool valid = true;
  std::size_t position = 0;  // of the first ill-formed sequence
  std::size_t needed = 0;    // output units
};

template <class Sink, class Source>
sizing size_skeleton(const Source& source) noexcept {
  sizing s;
  for (std::size_t at = 0; at < source.size();) {
    const read_code_point r = source.read(at);
    if (r.next == at) {
      s.valid = false;
      s.position = at;
      return s;
    }
    at = r.next;
    std::array<char32_t, 4> parts{};
    const std::size_t n = full_decomposition(r.value, parts.data());
    for (std::size_t i = 0; i < n; ++i) {
      char32_t self = 0;
      for (const char32_t x : mapped_piece(parts[i], self)) s.needed += Sink::units(x);
    }
  }
  return s;
}

// ---------------------------------------------------------------------------
// The single-pass path.

enum class outcome : std::uint8_t { done, no_room, too_long, bad_utf8 };

template <class Source, class Sink>
class skeleton_writer {
 public:
  explicit skeleton_writer(Sink& sink) noexcept : sink_(sink) {}

  outcome run(const Source& source, std::size_t& bad_position) noexcept {
    const ascii_table& ascii = ascii_pieces();
    for (std::size_t at = 0; at < source.size();) {
      const read_code_point r = source.read(at);
      if (r.next == at) {
        bad_position = at;
        return outcome::bad_utf8;
      }
      const std::size_t from = at;
      at = r.next;
      const char32_t c = r.value;
      // A starter whose piece holds only starters (ASCII, a plain code
      // point) is final, and so is everything before it: when nothing waits
      // in the buffers, it goes straight to the output, as bytes of the
      // input when it stands for itself.
      if (c < 0x80 && ascii.complete) {
        if (nfd_run_length_ != 0) flush_nfd_run();
        const ascii_piece& piece = ascii.pieces[c];
        if (final_ == used_ && drain()) {
          if (!sink_.put_bytes(piece.code_points(), piece.utf8())) return outcome::no_room;
        } else {
          for (const char32_t x : piece.code_points()) push({x, 0});
        }
      } else if (const code_point_info info = info_of(c); info.kind() != code_point_class::other) {
        // A plain or mapped starter: NFD leaves it alone, and it ends the
        // current run of the first NFD.
        if (nfd_run_length_ != 0) flush_nfd_run();
        if (info.kind() == code_point_class::mapped) {
          push_piece(info.piece());
        } else if (final_ == used_ && drain()) {
          if (!sink_.put_code_point(c, source.bytes(from, at))) return outcome::no_room;
        } else {
          push({c, 0});
        }
      } else if (c - hangul_s_base < hangul_s_count) {
        // Conjoining jamo are all starters (Unicode §3.12).
        flush_nfd_run();
        std::array<char32_t, 4> parts;
        const std::size_t n = full_decomposition(c, parts.data());
        for (std::size_t i = 0; i < n; ++i) map({parts[i], 0});
      } else if (const std::u32string_view parts = ucd::canonical_decomposition(c); parts.empty()) {
        nfd_element({c, ccc_of(c)});
      } else {
        for (const char32_t p : parts) nfd_element({p, nfd_ccc(p)});
      }
      if (state_ != outcome::done) return state_;
    }
    flush_nfd_run();
    if (state_ != outcome::done) return state_;
    if (!sink_.put(window_.data(), used_)) return outcome::no_room;
    return outcome::done;
  }

 private:
  static constexpr std::size_t window_size = 256;
  static constexpr std::size_t run_limit = 32;  // non-starters held in either run

  // First NFD: starters pass through, non-starters wait for the run's end.
  void nfd_element(element e) noexcept {
    if (e.ccc == 0) {
      flush_nfd_run();
      map(e);
      return;
    }
    if (nfd_run_length_ == run_limit) {
      state_ = outcome::too_long;
      return;
    }
    nfd_run_[nfd_run_length_++] = e;
  }

  void flush_nfd_run() noexcept {
    const std::size_t n = nfd_run_length_;
    if (n == 0) return;
    // Stable insertion sort (D109 swaps only strictly greater classes).
    for (std::size_t i = 1; i < n; ++i) {
      const element value = nfd_run_[i];
      std::size_t j = i;
      for (; j > 0 && nfd_run_[j - 1].ccc > value.ccc; --j) nfd_run_[j] = nfd_run_[j - 1];
      nfd_run_[j] = value;
    }
    nfd_run_length_ = 0;
    for (std::size_t i = 0; i < n; ++i) map(nfd_run_[i]);
  }

  // Steps 2 and 3: the piece of one NFD code point (empty when ignorable).
  void map(element e) noexcept {
    const code_point_info info = info_of(e.cp);
    if (info.kind() == code_point_class::plain) {
      push(e);
      return;
    }
    if (info.kind() == code_point_class::mapped) {
      push_piece(info.piece());
      return;
    }
    char32_t self = 0;
    const std::u32string_view piece = mapped_piece(e.cp, self);
    if (piece.data() == &self) {
      push(e);
      return;
    }
    push_piece(piece);
  }

  void push_piece(std::u32string_view piece) noexcept {
    for (const char32_t x : piece) push({x, ccc_of(x)});
  }

  /// The class of a code point NFD produced: 0 unless it is of class other.
  static std::uint8_t nfd_ccc(char32_t cp) noexcept {
    return info_of(cp).kind() == code_point_class::other ? ccc_of(cp) : 0;
  }

  // Step 4: canonical ordering of the output's trailing run.
  void push(element e) noexcept {
    if (state_ != outcome::done) return;
    if (used_ == window_size && !flush_window()) return;
    if (e.ccc == 0) {
      window_[used_++] = e;
      final_ = used_;
      return;
    }
    if (used_ - final_ == run_limit) {
      state_ = outcome::too_long;
      return;
    }
    std::size_t j = used_++;
    for (; j > final_ && window_[j - 1].ccc > e.ccc; --j) window_[j] = window_[j - 1];
    window_[j] = e;
  }

  /// Writes out the window when all of it is final (the caller checked);
  /// false when there was no room.
  bool drain() noexcept {
    if (used_ == 0) return true;
    if (!sink_.put(window_.data(), used_)) {
      state_ = outcome::no_room;
      return false;
    }
    used_ = 0;
    final_ = 0;
    return true;
  }

  /// Writes out what is final and keeps the trailing run.
  bool flush_window() noexcept {
    if (!sink_.put(window_.data(), final_)) {
      state_ = outcome::no_room;
      return false;
    }
    std::copy(window_.begin() + static_cast<std::ptrdiff_t>(final_),
              window_.begin() + static_cast<std::ptrdiff_t>(used_), window_.begin());
    used_ -= final_;
    final_ = 0;
    return true;
  }

  Sink& sink_;
  outcome state_ = outcome::done;
  // Not value-initialized: a skeleton of a short label must not pay for
  // clearing 2 KiB; only the elements below the lengths are ever read.
  std::array<element, run_limit> nfd_run_;
  std::size_t nfd_run_length_ = 0;
  std::array<element, window_size> window_;
  std::size_t used_ = 0;
  std::size_t final_ = 0;  // window_[0, final_) is final
};

// ---------------------------------------------------------------------------
// The streaming path, for text with long runs of non-starters.  The sink
// has room for the whole skeleton (the sizing pass said so).

template <class Source, class Sink>
void write_long_runs(const Source& source, Sink& sink) noexcept {
  mapped_reader<Source> reader(source, 0, source.size());
  mapped_reader<Source> run_start = reader;  // the reader just before the current run
  std::size_t at = 0;
  element x{};
  bool more = reader.next(x);
  while (more) {
    if (x.ccc == 0) {
      at += sink.put_at(at, x.cp);
      run_start = reader;
      more = reader.next(x);
      continue;
    }
    // A run: count the units of each class, then replay it, placing every
    // code point after all of lower classes and after those of its own
    // class that came first (a stable counting sort).
    std::array<std::size_t, 256> units{};
    std::size_t count = 0;
    do {
      units[x.ccc] += Sink::units(x.cp);
      ++count;
      more = reader.next(x);
    } while (more && x.ccc != 0);
    std::array<std::size_t, 256> offset{};
    std::size_t end = at;
    for (std::size_t c = 0; c < 256; ++c) {
      offset[c] = end;
      end += units[c];
    }
    mapped_reader<Source> replay = run_start;
    for (std::size_t i = 0; i < count; ++i) {
      element y{};
      replay.next(y);
      offset[y.ccc] += sink.put_at(offset[y.ccc], y.cp);
    }
    at = end;
  }
  sink.set_written(at);
}

// ---------------------------------------------------------------------------

template <class Source, class Sink>
result skeleton_core(const Source& source, Sink& sink, std::size_t capacity) noexcept {
  result r;
  if (source.all_ascii() && ascii_pieces().complete) {
    const ascii_table& ascii = ascii_pieces();
    std::size_t i = 0;
    for (; i < source.size(); ++i) {
      const ascii_piece& p = ascii.pieces[source.read(i).value];
      if (!sink.put_bytes(p.code_points(), p.utf8())) break;
    }
    if (i == source.size()) {
      r.written = sink.written();
      return r;
    }
    std::size_t needed = sink.written();
    for (; i < source.size(); ++i) {
      const ascii_piece& p = ascii.pieces[source.read(i).value];
      needed += Sink::units_of(p.code_points(), p.utf8());
    }
    r.code = status::output_too_small;
    r.needed = needed;
    return r;
  }

  std::size_t bad = 0;
  skeleton_writer<Source, Sink> writer(sink);
  const outcome o = writer.run(source, bad);
  if (o == outcome::done) {
    r.written = sink.written();
    return r;
  }
  if (o == outcome::bad_utf8) {
    r.code = status::invalid_utf8;
    r.position = bad;
    return r;
  }
  const sizing s = size_skeleton<Sink>(source);
  if (!s.valid) {
    r.code = status::invalid_utf8;
    r.position = s.position;
    return r;
  }
  if (s.needed > capacity) {
    r.code = status::output_too_small;
    r.needed = s.needed;
    return r;
  }
  write_long_runs(source, sink);
  r.written = sink.written();
  return r;
}

}  // namespace

std::size_t code_point_skeleton(char32_t cp, std::span<char32_t, code_point_skeleton_capacity> out) noexcept {
  utf32_sink sink(out);
  const char32_t text[1] = {cp};
  const result r = skeleton_core(utf32_source(std::u32string_view(text, 1)), sink, out.size());
  return r.ok() ? r.written : 0;
}

}  // namespace detail::security

using detail::security::skeleton_core;
using detail::security::utf32_sink;
using detail::security::utf32_source;
using detail::security::utf8_sink;
using detail::security::utf8_source;

result skeleton(std::string_view utf8, std::span<char> out) noexcept {
  utf8_sink sink(out);
  return skeleton_core(utf8_source(utf8), sink, out.size());
}

result skeleton(std::u32string_view text, std::span<char32_t> out) noexcept {
  utf32_sink sink(out);
  return skeleton_core(utf32_source(text), sink, out.size());
}

namespace {

/// Runs the core into a string: first with room for a skeleton about as
/// long as the input (the usual case), then with exactly what it needs.
template <class String, class Input>
converted<String> skeleton_string(Input input) {
  converted<String> c;
  c.value.resize(input.size() + 16);
  result r = skeleton(input, std::span(c.value.data(), c.value.size()));
  if (r.code == status::output_too_small) {
    c.value.resize(r.needed);
    r = skeleton(input, std::span(c.value.data(), c.value.size()));
  }
  c.code = r.code;
  c.position = r.position;
  c.value.resize(r.ok() ? r.written : 0);
  return c;
}

}  // namespace

converted<std::string> skeleton(std::string_view utf8) { return skeleton_string<std::string>(utf8); }

converted<std::u32string> skeleton(std::u32string_view text) { return skeleton_string<std::u32string>(text); }

}  // namespace puny
