"""Integer range sets, as ``idna.intranges`` has them.

The ``idna`` package exports ``intranges_contain``; callers build the
range tuples with ``intranges_from_list``.  A range [start, end) is one
integer, ``start << 32 | end``, so that a sorted tuple can be searched with
bisect.
"""

from __future__ import annotations

import bisect

__all__ = ["intranges_contain", "intranges_from_list"]


def _encode_range(start: int, end: int) -> int:
    return (start << 32) | end


def _decode_range(r: int) -> tuple[int, int]:
    return r >> 32, r & 0xFFFFFFFF


def intranges_from_list(list_: list[int]) -> tuple[int, ...]:
    """The sorted tuple of encoded runs of consecutive integers in ``list_``."""
    values = sorted(set(list_))
    ranges: list[int] = []
    i = 0
    while i < len(values):
        j = i
        while j + 1 < len(values) and values[j + 1] == values[j] + 1:
            j += 1
        ranges.append(_encode_range(values[i], values[j] + 1))
        i = j + 1
    return tuple(ranges)


def intranges_contain(int_: int, ranges: tuple[int, ...]) -> bool:
    """Whether ``int_`` lies in one of ``ranges`` (O(log n))."""
    pos = bisect.bisect_left(ranges, _encode_range(int_, 0))
    if pos > 0:
        left, right = _decode_range(ranges[pos - 1])
        if left <= int_ < right:
            return True
    if pos < len(ranges):
        left, _ = _decode_range(ranges[pos])
        if left == int_:
            return True
    return False
