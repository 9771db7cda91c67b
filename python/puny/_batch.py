"""The batch calls: many names in one call, a verdict per element, no exception per element.

`to_ascii_batch` and `to_unicode_batch` take a list (or any iterable), a
pyarrow Array or ChunkedArray of strings (or any object with
``__arrow_c_array__`` / ``__arrow_c_stream__``), or a pandas Series, and give a
`BatchResult` ``(outputs, ok, errors)`` in the same order and the same family
of containers (issue 25, "Batch calls").  The conversion runs in C++ with the
GIL released, over ``jobs`` threads (each a contiguous range; 0: one per core).

Arrow input is read in place through the Arrow C Data Interface, and the
outputs are built in C++ and handed to pyarrow the same way: no Python object
per element, so the call costs about what the library does.  pyarrow and
pandas are imported only when the input is one of theirs.

Per element: ``outputs`` holds the converted name, or None (Arrow: null) when
the element failed or was missing -- except that ToUnicode's output stands
when the conversion ran but the name breaks a rule (UTS #46 ToUnicode always
has an output; the `puny` command writes it too): then ``ok`` is False and
``errors`` says why.  ``ok`` says whether it converted; ``errors``
holds the codes of `IDNAError.codes` (``()`` / ``[]`` when ok), ``("null",)``
for a missing element (None, or null / NaN in Arrow and pandas) and
``("not_a_string",)`` for an element that is not a str -- bytes included: the
outputs are str, and a bytes element among names is more likely a mistake
than a choice (decode it, or call `puny.to_ascii` on it).  A str holding lone
surrogates gets the library's verdict (disallowed code points), as with
`puny.to_ascii`; its ToUnicode output, which would keep the surrogate, is
None (the outputs are UTF-8 inside, as Arrow's are).

Arrow results: ``outputs`` has the input's string type (string, large_string
or string_view; a null-typed input gives string), ``ok`` is a BooleanArray
(False for nulls), ``errors`` a ``list<string>`` array.  A ChunkedArray gives
ChunkedArrays with the input's chunk boundaries.  A ``string`` (32-bit
offsets) input whose outputs would exceed 2 GiB raises OverflowError: give a
large_string array.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, NamedTuple

from . import _puny

if TYPE_CHECKING:
    from collections.abc import Iterable

    from typing_extensions import Literal, TypedDict, Unpack

    from ._puny import Profile

    class Flags(TypedDict, total=False):
        """The keyword flags of to_ascii / to_unicode (None: the profile's default)."""

        use_std3_ascii_rules: bool | None
        check_hyphens: bool | None
        check_bidi: bool | None
        check_joiners: bool | None
        transitional_processing: bool | None
        verify_dns_length: bool | None
        ignore_invalid_punycode: bool | None
        forbid_domain_code_points: bool | None
        reject_empty: bool | None
        ascii_input_lowercase_only: bool | None
        display_fallback: bool | None
        check_contexto: bool | None
        check_hostname: bool | None
        require_lowercase_alabels: bool | None
        allow_reserved_ldh: bool | None
        allow_trailing_dot: bool | None
        allow_unassigned: bool | None
        nfkc: Literal["corrected", "unicode-3.2"] | None


__all__ = ["BatchResult", "to_ascii_batch", "to_unicode_batch"]


class BatchResult(NamedTuple):
    """What a batch call gives, element by element in the input's order.

    For a list input: ``outputs`` is ``list[str | None]``, ``ok``
    ``list[bool]``, ``errors`` ``list[tuple[str, ...]]``.  For a pyarrow
    Array (ChunkedArray): a string array of the input's type, a BooleanArray
    and a ``list<string>`` array (ChunkedArrays).  For a pandas Series: three
    Series with the input's index and name.
    """

    outputs: Any
    ok: Any
    errors: Any


def to_ascii_batch(
    names: Iterable[object] | Any, *, jobs: int = 1, profile: Profile | str = "uts46", **flags: Unpack[Flags]
) -> BatchResult:
    """ToASCII of every name (see the module docstring for the shapes and per-element codes).

    Raises ValueError / TypeError for a bad ``profile``, flag or ``jobs``
    before converting anything; never for an element.
    """
    return _run(names, False, jobs, profile, dict(flags))


def to_unicode_batch(
    names: Iterable[object] | Any, *, jobs: int = 1, profile: Profile | str = "uts46", **flags: Unpack[Flags]
) -> BatchResult:
    """ToUnicode of every name.  Where `puny.to_unicode` would raise, ``ok`` is False and
    ``errors`` has its codes; the output is still there when the name decoded (rule codes
    only), None when it could not be read (invalid UTF-8, a missing or non-str element)."""
    return _run(names, True, jobs, profile, dict(flags))


def _run(names: Any, unicode: bool, jobs: int, profile: str, flags: dict[str, Any]) -> BatchResult:
    pandas = sys.modules.get("pandas")  # a Series exists only if pandas was imported
    if pandas is not None and isinstance(names, pandas.Series):
        return _series(names, unicode, jobs, profile, flags)
    kind = type(names)
    if hasattr(kind, "__arrow_c_array__"):
        return _arrow(names, False, unicode, jobs, profile, flags)
    if hasattr(kind, "__arrow_c_stream__"):
        return _arrow(names, True, unicode, jobs, profile, flags)
    if isinstance(names, (str, bytes)):
        # Iterating a str would convert its characters one by one: surely a mistake.
        raise TypeError("names must be an iterable of names, not a single " + kind.__name__)
    outputs, ok, errors = _puny._batch_list(names, unicode=unicode, jobs=jobs, profile=profile, **flags)
    return BatchResult(outputs, ok, errors)


def _arrow(
    names: Any, stream: bool, unicode: bool, jobs: int, profile: str, flags: dict[str, Any]
) -> BatchResult:
    import pyarrow as pa

    if isinstance(names, (pa.Array, pa.ChunkedArray)) and pa.types.is_dictionary(names.type):
        names = names.cast(names.type.value_type)  # a copy: the values are needed in order
        stream = isinstance(names, pa.ChunkedArray)
    capsules = names.__arrow_c_stream__() if stream else names.__arrow_c_array__()
    # One export per array / chunk: pyarrow imports each without a copy.
    exports: list[Any] = _puny._batch_arrow(
        capsules, stream=stream, unicode=unicode, jobs=jobs, profile=profile, **flags
    )
    parts = [pa.array(e) for e in exports]
    if not stream:
        return BatchResult(parts[0].field(0), parts[0].field(1), parts[0].field(2))
    if parts:
        kinds = parts[0].type
        types = (kinds.field(0).type, kinds.field(1).type, kinds.field(2).type)
    else:
        given = getattr(names, "type", pa.string())
        types = (pa.string() if pa.types.is_null(given) else given, pa.bool_(), pa.list_(pa.string()))
    return BatchResult(*(pa.chunked_array([p.field(i) for p in parts], type=types[i]) for i in range(3)))


def _series(s: Any, unicode: bool, jobs: int, profile: str, flags: dict[str, Any]) -> BatchResult:
    import pandas as pd

    dtype = s.dtype
    arrow_string = isinstance(dtype, pd.StringDtype) and dtype.storage == "pyarrow"
    if arrow_string or _arrow_string_dtype(dtype):
        # Arrow-backed: the Series' own chunks, read in place.
        r = _arrow(s.array.__arrow_array__(), True, unicode, jobs, profile, flags)
        if arrow_string:
            outputs = pd.array(r.outputs, dtype=dtype)
        else:
            outputs = pd.arrays.ArrowExtensionArray(r.outputs)
        ok = r.ok.to_numpy(zero_copy_only=False)
        return BatchResult(
            pd.Series(outputs, index=s.index, name=s.name, copy=False),
            pd.Series(ok, index=s.index, name=s.name, dtype=bool, copy=False),
            pd.Series(_code_tuples(r.errors), index=s.index, name=s.name, dtype=object, copy=False),
        )
    # Otherwise the list path; pandas' missing values (NaN, NA, NaT) are None.
    values = s.to_numpy(dtype=object, na_value=None).tolist()
    outs, oks, errs = _puny._batch_list(values, unicode=unicode, jobs=jobs, profile=profile, **flags)
    return BatchResult(
        pd.Series(outs, index=s.index, name=s.name, dtype=object),
        pd.Series(oks, index=s.index, name=s.name, dtype=bool),
        pd.Series(errs, index=s.index, name=s.name, dtype=object),
    )


def _arrow_string_dtype(dtype: Any) -> bool:
    import pandas as pd

    if not isinstance(dtype, pd.ArrowDtype):
        return False
    import pyarrow as pa

    t = dtype.pyarrow_dtype
    return bool(pa.types.is_string(t) or pa.types.is_large_string(t) or pa.types.is_string_view(t))


def _code_tuples(errors: Any) -> Any:
    """A numpy object array of code tuples from a list<string> ChunkedArray.

    Vectorized: the codes of each element are joined into one string and
    dictionary-encoded, so that a tuple is made once per distinct verdict
    (a handful), not once per element.
    """
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc

    joined: Any = pc.binary_join(errors, "\x1f")
    encoded = (joined.combine_chunks() if isinstance(joined, pa.ChunkedArray) else joined).dictionary_encode()
    table = np.empty(len(encoded.dictionary), dtype=object)
    for i, key in enumerate(encoded.dictionary.to_pylist()):
        table[i] = tuple(key.split("\x1f")) if key else ()
    return table[encoded.indices.to_numpy(zero_copy_only=False)]
