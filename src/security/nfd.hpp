// puny — NFD as a stream (UAX #15 full canonical decomposition, then the
// Canonical Ordering Algorithm of Unicode §3.11 D109), for the UTS #39
// checks that read NFD text (§4 skeleton, §5.4 marks).  Internal.
//
// The reader keeps no more than one run of non-starters at a time, in a
// fixed buffer: a longer (hostile) run is emitted by replaying it from the
// input once per combining class present, in ascending order, which is the
// stable sort D109 asks for.  The replays cost at most one pass per distinct
// class (Unicode 17.0 has 55 non-zero classes), so the stream stays linear
// in the input and needs no heap.  Readers are plain values: copying one
// saves its position, which src/security/skeleton.cpp uses to replay runs.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "security/security_data.hpp"
#include "security/text_source.hpp"
#include "unicode/decomposition.hpp"
#include "unicode/ucd.hpp"

namespace puny::detail::security {

// Hangul syllables decompose arithmetically (Unicode §3.12).
inline constexpr char32_t hangul_s_base = hangul::s_base;
inline constexpr char32_t hangul_s_count = hangul::s_count;

/// Canonical_Combining_Class.
[[nodiscard]] inline std::uint8_t ccc_of(char32_t cp) noexcept {
  return cp < 0x300 ? 0 : ucd::combining_class(cp);  // nothing below U+0300 is a non-starter
}

/// One element of a stream: a code point and its combining class.
/// Trivial, so that the buffers holding elements cost nothing to create.
struct element {
  char32_t cp;
  std::uint8_t ccc;
};

/// The full canonical decomposition of the input, in input order (not yet
/// canonically ordered), one element at a time.  The source must be
/// well-formed over [position, end) (the first pass checked it).
template <class Source>
class decomposition_cursor {
 public:
  /// Where the cursor is: the next element is element `index` of the
  /// decomposition of the code point at `offset`.
  struct position {
    std::size_t offset;
    std::size_t index;
  };

  decomposition_cursor(const Source& source, std::size_t at, std::size_t end) noexcept
      : source_(&source), next_(at), end_(end) {}

  /// The next element; false at the end.
  bool next(element& out) noexcept {
    if (index_ == length_) {
      if (next_ >= end_) return false;
      load(next_);
      index_ = 0;
    }
    out.cp = parts_[index_++];
    out.ccc = ccc_of(out.cp);
    return true;
  }

  [[nodiscard]] position where() const noexcept {
    return index_ == length_ ? position{next_, 0} : position{current_, index_};
  }

  /// Goes back (or forth) to a position where() gave.
  void seek(position p) noexcept {
    if (p.offset >= end_) {
      next_ = p.offset;
      index_ = length_ = 0;
      return;
    }
    load(p.offset);
    index_ = static_cast<std::uint8_t>(p.index);
  }

 private:
  void load(std::size_t at) noexcept {
    const read_code_point r = source_->read(at);
    current_ = at;
    next_ = r.next;
    length_ = static_cast<std::uint8_t>(full_decomposition(r.value, parts_.data()));
  }

  const Source* source_;
  std::size_t current_ = 0;
  std::size_t next_;
  std::size_t end_;
  std::array<char32_t, 4> parts_{};
  std::uint8_t length_ = 0;
  std::uint8_t index_ = 0;
};

/// NFD of the input, one element at a time (see the file comment).
template <class Source>
class nfd_reader {
 public:
  /// Runs of up to this many non-starters are sorted in the buffer.
  static constexpr std::size_t buffered_run = 32;

  nfd_reader(const Source& source, std::size_t at, std::size_t end) noexcept : cursor_(source, at, end) {}

  bool next(element& out) noexcept {
    for (;;) {
      switch (mode_) {
        case mode::buffered:
          if (emitted_ < run_length_) {
            out = run_[emitted_++];
            return true;
          }
          mode_ = mode::direct;
          break;
        case mode::replaying:
          if (next_from_replay(out)) return true;
          mode_ = mode::direct;
          break;
        case mode::direct:
          if (has_pending_) {
            has_pending_ = false;
            out = pending_;
            return true;
          }
          {
            const typename decomposition_cursor<Source>::position run_start = cursor_.where();
            element e{};
            if (!cursor_.next(e)) return false;
            if (e.ccc == 0) {
              out = e;
              return true;
            }
            collect_run(run_start, e);
          }
          break;
      }
    }
  }

 private:
  enum class mode : std::uint8_t { direct, buffered, replaying };

  /// Reads the run of non-starters that begins with `first` (read from
  /// `start`) up to the next starter, which waits in pending_.
  void collect_run(typename decomposition_cursor<Source>::position start, element first) noexcept {
    std::array<std::uint64_t, 4> classes{};
    std::size_t length = 0;
    element e = first;
    for (;;) {
      if (length < buffered_run) run_[length] = e;
      ++length;
      classes[e.ccc / 64] |= std::uint64_t{1} << (e.ccc % 64);
      if (!cursor_.next(e)) break;
      if (e.ccc == 0) {
        pending_ = e;
        has_pending_ = true;
        break;
      }
    }
    if (length <= buffered_run) {
      // Insertion sort on strict comparison: stable, as D109 requires.
      for (std::size_t i = 1; i < length; ++i) {
        const element value = run_[i];
        std::size_t j = i;
        for (; j > 0 && run_[j - 1].ccc > value.ccc; --j) run_[j] = run_[j - 1];
        run_[j] = value;
      }
      run_length_ = length;
      emitted_ = 0;
      mode_ = mode::buffered;
      return;
    }
    replay_start_ = start;
    replay_ = cursor_;
    replay_.seek(start);
    replay_length_ = length;
    replay_left_ = length;
    classes_ = classes;
    pass_class_ = 0;
    advance_pass();
    mode_ = mode::replaying;
  }

  /// Moves pass_class_ to the next class present after it (256 when none).
  void advance_pass() noexcept {
    unsigned c = pass_class_ + 1u;
    for (; c < 256; ++c)
      if ((classes_[c / 64] >> (c % 64)) & 1u) break;
    pass_class_ = c;
  }

  bool next_from_replay(element& out) noexcept {
    while (pass_class_ < 256) {
      while (replay_left_ > 0) {
        element e{};
        replay_.next(e);
        --replay_left_;
        if (e.ccc == pass_class_) {
          out = e;
          return true;
        }
      }
      advance_pass();
      replay_.seek(replay_start_);
      replay_left_ = replay_length_;
    }
    return false;
  }

  decomposition_cursor<Source> cursor_;
  mode mode_ = mode::direct;
  element pending_{};
  bool has_pending_ = false;
  // mode::buffered
  std::array<element, buffered_run> run_;  // the first run_length_ are set
  std::size_t run_length_ = 0;
  std::size_t emitted_ = 0;
  // mode::replaying
  typename decomposition_cursor<Source>::position replay_start_{};
  decomposition_cursor<Source> replay_ = cursor_;
  std::size_t replay_length_ = 0;
  std::size_t replay_left_ = 0;
  std::array<std::uint64_t, 4> classes_{};
  unsigned pass_class_ = 256;
};

/// UTS #39 §4 steps 1–3 as a stream: NFD, Default_Ignorable_Code_Point
/// removed, each code point replaced by its confusables.txt prototype (in
/// NFD).  Step 4, the second NFD, is the caller's: only canonical ordering
/// is left to do, since every piece is already decomposed.
template <class Source>
class mapped_reader {
 public:
  mapped_reader(const Source& source, std::size_t at, std::size_t end) noexcept : nfd_(source, at, end) {}

  bool next(element& out) noexcept {
    while (index_ == length_) {
      element e{};
      if (!nfd_.next(e)) return false;
      char32_t self = 0;
      const std::u32string_view piece = mapped_piece(e.cp, self);
      if (piece.data() == &self) {
        // The code point stands for itself: keep its class, and keep no
        // pointer into this frame (readers are copied).
        out = e;
        return true;
      }
      piece_ = piece.data();
      length_ = piece.size();
      index_ = 0;
    }
    out.cp = piece_[index_++];
    out.ccc = ccc_of(out.cp);
    return true;
  }

 private:
  nfd_reader<Source> nfd_;
  const char32_t* piece_ = nullptr;  // into the static piece tables
  std::size_t length_ = 0;
  std::size_t index_ = 0;
};

}  // namespace puny::detail::security
