"""Dask helpers: the batch call applied to each partition of a Dask Series.

>>> import dask.dataframe as dd, pandas as pd
>>> import puny.dask
>>> df = dd.from_pandas(pd.DataFrame({"name": ["bücher.de", "-x.de"]}), npartitions=1)
>>> puny.dask.to_ascii(df["name"]).compute().tolist()
['xn--bcher-kva.de', <NA>]

Each function is ``series.map_partitions(...)`` with the partition handed to
`puny.to_ascii_batch` (or `puny.to_unicode_batch`) whole: a partition is a
pandas Series, converted in C++ with the GIL released (Arrow-backed string
partitions, Dask's default, are read in place), so a threaded worker runs
partitions in parallel and a process worker pays no Python call per name.
The ``meta`` (the result's dtype, which Dask needs before computing) is the
batch call's own result on the input's empty meta, so it is exact.

Semantics: those of the batch call on a pandas Series, except that a name
that fails gives a missing output from `to_unicode` too (the batch call's
ToUnicode keeps the converted text of a name it flags, UTS #46 §4.2).  `ok`
is False and `errors` is ``("null",)`` for a missing name; `result` gives
output, ok and errors from one conversion.  The recipe without this module is
in docs/python-engines.md.

This module imports dask and pandas; ``import puny`` does not import it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import dask.dataframe as dd
import pandas as pd

from . import _batch

if TYPE_CHECKING:
    from typing_extensions import Literal, Protocol, TypeAlias, TypeVar, Unpack

    from ._batch import Flags
    from ._puny import Profile

    Operation: TypeAlias = Literal["to_ascii", "to_unicode"]
    R_co = TypeVar("R_co", covariant=True)

    class PerOperation(Protocol[R_co]):
        """The signature of `ok`, `errors` and `result` (made by `_per_operation`)."""

        def __call__(
            self,
            names: dd.Series,
            *,
            operation: Operation = "to_ascii",
            profile: Profile = "uts46",
            jobs: int = 1,
            **flags: Unpack[Flags],
        ) -> R_co: ...


__all__ = ["errors", "ok", "result", "to_ascii", "to_unicode"]


def to_ascii(
    names: dd.Series, *, profile: Profile = "uts46", jobs: int = 1, **flags: Unpack[Flags]
) -> dd.Series:
    """ToASCII of each name; missing where it fails or is missing."""
    return _map(names, "outputs", False, profile, jobs, dict(flags))  # type: ignore[no-any-return]


def to_unicode(
    names: dd.Series, *, profile: Profile = "uts46", jobs: int = 1, **flags: Unpack[Flags]
) -> dd.Series:
    """ToUnicode of each name; missing where it fails or is missing."""
    return _map(names, "outputs", True, profile, jobs, dict(flags))  # type: ignore[no-any-return]


def _per_operation(what: str, doc: str) -> PerOperation[Any]:
    """`ok`, `errors` or `result`: one body for the three, which differ only
    in the part of the batch result they return (`what`)."""

    def function(
        names: dd.Series,
        *,
        operation: Operation = "to_ascii",
        profile: Profile = "uts46",
        jobs: int = 1,
        **flags: Unpack[Flags],
    ) -> Any:
        return _map(names, what, _unicode(operation), profile, jobs, dict(flags))

    function.__name__ = function.__qualname__ = what
    function.__doc__ = doc
    return function


ok: PerOperation[dd.Series] = _per_operation(
    "ok", "Whether `operation` succeeds on each name (bool; False for a missing name)."
)
errors: PerOperation[dd.Series] = _per_operation(
    "errors", "The error codes of `operation` on each name (tuples of str, ``()`` when it succeeds)."
)
result: PerOperation[dd.DataFrame] = _per_operation(
    "result", "A DataFrame (output, ok, errors) with the index of `names`, from one conversion per name."
)


def convert_partition(
    part: pd.Series, what: str, unicode: bool, profile: Profile, jobs: int, flags: dict[str, Any]
) -> pd.Series | pd.DataFrame:
    """What each partition goes through (public for map_partitions recipes of your own).

    `what`: "outputs", "ok", "errors" or "result" (a DataFrame of the three).
    """
    call = _batch.to_unicode_batch if unicode else _batch.to_ascii_batch
    r = call(part, jobs=jobs, profile=profile, **flags)
    outputs: pd.Series = r.outputs
    if what in ("outputs", "result") and not bool(r.ok.all()):
        outputs = outputs.where(r.ok)
    if what == "outputs":
        return outputs
    if what == "ok":
        return r.ok  # type: ignore[no-any-return]
    if what == "errors":
        return r.errors  # type: ignore[no-any-return]
    return pd.DataFrame({"output": outputs, "ok": r.ok, "errors": r.errors}, index=part.index)


def _unicode(operation: str) -> bool:
    if operation not in ("to_ascii", "to_unicode"):
        raise ValueError(f"operation must be 'to_ascii' or 'to_unicode', not {operation!r}")
    return operation == "to_unicode"


def _map(
    names: dd.Series, what: str, unicode: bool, profile: Profile, jobs: int, flags: dict[str, Any]
) -> Any:
    if not isinstance(names, dd.Series):
        raise TypeError(
            f"names must be a dask Series (a column of a dask DataFrame), not {type(names).__name__}"
        )
    # The meta is the call on the empty meta: exact dtypes, and a bad profile
    # or flag raises here rather than in a worker.
    meta = convert_partition(names._meta, what, unicode, profile, jobs, flags)
    return names.map_partitions(  # type: ignore[no-untyped-call]  # dask's methods are unannotated
        convert_partition, what, unicode, profile, jobs, flags, meta=meta, enforce_metadata=False
    )
