// puny — a set of the enumerators of a small enum, kept as a bit mask: the
// one shape of idna_errors, display_reasons and identifier_findings.
// Not part of the public API: include <puny/idna.hpp>, <puny/display.hpp>
// or <puny/security.hpp>.
#pragma once

#include <bit>
#include <cstddef>
#include <initializer_list>
#include <limits>
#include <type_traits>

namespace puny::detail {

/// The set operations of `Set`, a set of the values 0 .. Count-1 of the
/// enum `Enum`, kept as a `Bits` mask in which bit i stands for the
/// enumerator of value i (the form the C API passes), iterated in
/// enumerator order.
///
/// `Set` is the public type and derives from enum_set<Set, ...> (CRTP),
/// inheriting its constructors: from_bits() and operator|= then give a
/// `Set`, and each public set stays a type of its own, which overloads
/// (to_string, name) and forward declarations can name.
template <class Set, class Enum, std::size_t Count, class Bits>
class enum_set {
  static_assert(std::is_enum_v<Enum>, "enum_set holds enumerators");
  static_assert(std::is_unsigned_v<Bits> && Count <= std::numeric_limits<Bits>::digits,
                "Bits must hold one bit per enumerator");

 public:
  /// The empty set.
  constexpr enum_set() noexcept = default;
  /// The set of `values`.
  constexpr enum_set(std::initializer_list<Enum> values) noexcept {
    for (Enum v : values) insert(v);
  }

  /// True when the set holds nothing.
  [[nodiscard]] constexpr bool empty() const noexcept { return bits_ == 0; }
  /// True when `v` is in the set.
  [[nodiscard]] constexpr bool contains(Enum v) const noexcept { return ((bits_ >> bit(v)) & 1u) != 0; }
  /// The number of values in the set.
  [[nodiscard]] constexpr std::size_t size() const noexcept { return static_cast<std::size_t>(std::popcount(bits_)); }
  /// Adds `v` (no effect when it is already there).
  constexpr void insert(Enum v) noexcept { bits_ = static_cast<Bits>(bits_ | (Bits{1} << bit(v))); }
  /// Removes `v` (no effect when it is not there).
  constexpr void erase(Enum v) noexcept { bits_ = static_cast<Bits>(bits_ & ~(Bits{1} << bit(v))); }
  /// Adds every value of `o`.
  constexpr Set& operator|=(Set o) noexcept {
    bits_ = static_cast<Bits>(bits_ | o.bits());
    return static_cast<Set&>(*this);
  }
  /// The set as a bit mask: bit i stands for the enumerator of value i.
  [[nodiscard]] constexpr Bits bits() const noexcept { return bits_; }
  /// The set of a bits() mask; bits from Count up are ignored.
  [[nodiscard]] static constexpr Set from_bits(Bits b) noexcept {
    Set s;
    static_cast<enum_set&>(s).bits_ = static_cast<Bits>(b & all_bits);
    return s;
  }
  /// True when both sets hold the same values.
  friend constexpr bool operator==(enum_set, enum_set) noexcept = default;

  /// A forward iterator over the values of the set, in enumerator order.
  class iterator {
   public:
    using value_type = Enum;                 ///< The enumerators.
    using difference_type = std::ptrdiff_t;  ///< As std::forward_iterator requires.
    /// The end iterator.
    constexpr iterator() noexcept = default;
    /// An iterator over the values whose bits are set in `rest`.
    constexpr explicit iterator(Bits rest) noexcept : rest_(rest) {}
    /// The value first in enumerator order among those left.
    constexpr Enum operator*() const noexcept { return static_cast<Enum>(std::countr_zero(rest_)); }
    /// Moves to the next value.
    constexpr iterator& operator++() noexcept {
      rest_ = static_cast<Bits>(rest_ & (rest_ - 1));
      return *this;
    }
    /// Moves to the next value; returns the iterator as it was.
    constexpr iterator operator++(int) noexcept {
      iterator old = *this;
      ++*this;
      return old;
    }
    /// True when both have the same values left to visit.
    friend constexpr bool operator==(iterator, iterator) noexcept = default;

   private:
    Bits rest_ = 0;
  };
  /// The first value in enumerator order.
  [[nodiscard]] constexpr iterator begin() const noexcept { return iterator(bits_); }
  /// Past the last value.
  [[nodiscard]] constexpr iterator end() const noexcept { return iterator(0); }

 private:
  // Count == digits would make Bits{1} << Count undefined: all ones then.
  static constexpr Bits all_bits = Count == std::numeric_limits<Bits>::digits
                                        ? static_cast<Bits>(~Bits{0})
                                        : static_cast<Bits>((Bits{1} << Count) - 1);
  static constexpr unsigned bit(Enum v) noexcept { return static_cast<unsigned>(v); }
  Bits bits_ = 0;
};

}  // namespace puny::detail
