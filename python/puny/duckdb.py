"""SQL functions for DuckDB: ``puny_to_ascii(name)`` and its kin, vectorized over Arrow.

>>> import duckdb, puny.duckdb
>>> con = duckdb.connect()
>>> puny.duckdb.register(con)  # doctest: +ELLIPSIS
[...]
>>> con.sql("SELECT puny_to_ascii('bücher.de')").fetchall()
[('xn--bcher-kva.de',)]

DuckDB has no IDNA function (issue 25); this module adds them as Arrow UDFs
(``create_function(..., type="arrow")``): DuckDB hands each vector of up to
2,048 values to Python as a pyarrow array, and the batch call converts it in
C++ with the GIL released, so there is no Python object per row.  DuckDB
runs its own threads, and since the batch call releases the GIL they convert
in parallel: ``jobs=1`` (the default) is right inside DuckDB.

Every function is NULL in, NULL out.  A name that fails gives NULL from
``puny_to_ascii`` / ``puny_to_unicode``; ``puny_ok`` and ``puny_errors`` say
why, with the codes of `puny.IDNAError.codes`.

The profile and flags are fixed at registration, which keeps each function a
plain ``VARCHAR -> ...`` call that DuckDB can vectorize; for another profile,
register again under another prefix::

    puny.duckdb.register(con, prefix="idna2008_", profile="idna2008")

This module imports duckdb and pyarrow; ``import puny`` does not import it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import duckdb
import pyarrow as pa
import pyarrow.compute as pc
from duckdb.func import ARROW, SPECIAL
from duckdb.sqltypes import BOOLEAN, VARCHAR

from . import _batch

if TYPE_CHECKING:
    from typing_extensions import Unpack

    from ._batch import Flags
    from ._puny import Profile

__all__ = ["FUNCTIONS", "register"]

#: The functions `register` adds (after the prefix), with what they return.
FUNCTIONS = {
    "to_ascii": "VARCHAR: ToASCII of the name, NULL when it fails",
    "to_unicode": "VARCHAR: ToUnicode of the name, NULL when it fails",
    "ok": "BOOLEAN: whether ToASCII succeeds",
    "errors": "VARCHAR[]: the ToASCII error codes ([] when it succeeds)",
    "unicode_ok": "BOOLEAN: whether ToUnicode succeeds",
    "unicode_errors": "VARCHAR[]: the ToUnicode error codes ([] when it succeeds)",
}


def register(
    con: duckdb.DuckDBPyConnection,
    *,
    prefix: str = "puny_",
    profile: Profile = "uts46",
    jobs: int = 1,
    **flags: Unpack[Flags],
) -> list[str]:
    """Adds the functions of `FUNCTIONS` to `con` as ``<prefix><name>``; returns their names.

    `profile` and the keyword flags are those of `puny.to_ascii`; a bad
    profile or flag raises here (ValueError / TypeError), not in the first
    query.  `jobs` is the batch call's thread count per vector (1: DuckDB's
    own threads already run the vectors in parallel).  Registering a name
    that exists raises duckdb's error: use another prefix, or
    ``con.remove_function``.
    """
    options: dict[str, Any] = dict(flags)
    # Validate now: an error at registration names the call that caused it.
    _batch.to_ascii_batch([], jobs=jobs, profile=profile, **options)

    def batch(unicode: bool, names: pa.ChunkedArray[Any] | pa.Array[Any]) -> _batch.BatchResult:
        call = _batch.to_unicode_batch if unicode else _batch.to_ascii_batch
        return call(names, jobs=jobs, profile=profile, **options)

    def make(unicode: bool, part: int) -> Callable[[pa.ChunkedArray[Any]], pa.ChunkedArray[Any]]:
        # duckdb evaluates these annotations at registration: no subscripts.
        def udf(names: pa.ChunkedArray) -> pa.ChunkedArray:  # type: ignore[type-arg]
            return _sql_part(batch(unicode, names), names, part)

        return udf

    varchar, boolean = VARCHAR, BOOLEAN
    varchar_list = duckdb.list_type(varchar, connection=con)
    table = (
        ("to_ascii", make(False, 0), varchar),
        ("to_unicode", make(True, 0), varchar),
        ("ok", make(False, 1), boolean),
        ("errors", make(False, 2), varchar_list),
        ("unicode_ok", make(True, 1), boolean),
        ("unicode_errors", make(True, 2), varchar_list),
    )
    names: list[str] = []
    for name, udf, returns in table:
        con.create_function(
            prefix + name,
            udf,
            [varchar],
            returns,
            type=ARROW,
            null_handling=SPECIAL,  # udf sees NULLs: a failure gives NULL too (DEFAULT forbids that)
            side_effects=False,  # deterministic: DuckDB may fold constants and reuse results
        )
        names.append(prefix + name)
    return names


def _sql_part(result: _batch.BatchResult, names: pa.ChunkedArray[Any], part: int) -> pa.ChunkedArray[Any]:
    """Part `part` of a batch result (0 outputs, 1 ok, 2 errors) with SQL's NULLs.

    A failed name's output is NULL (the batch call's ToUnicode keeps the
    converted text of a name it flags, as UTS #46 §4.2 produces it; a SQL
    caller reads NULL as "failed").  A NULL name gets NULL from ok and errors
    too, where the batch call says False and ["null"].
    """
    if part == 0:
        out: pa.ChunkedArray[Any] = result.outputs
        if not pc.all(result.ok).as_py():
            out = pc.if_else(result.ok, out, pa.scalar(None, out.type))
        return out
    value: pa.ChunkedArray[Any] = result.ok if part == 1 else result.errors
    if names.null_count:
        value = pc.if_else(pc.is_valid(names), value, pa.scalar(None, value.type))
    return value
