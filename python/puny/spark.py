"""Spark column functions: ``df.select(puny.spark.to_ascii("name"))``, vectorized over Arrow.

>>> from pyspark.sql import SparkSession
>>> import puny.spark
>>> spark = SparkSession.builder.master("local[2]").getOrCreate()  # doctest: +SKIP
>>> df = spark.createDataFrame([("bücher.de",), ("-x.de",)], ["name"])  # doctest: +SKIP
>>> df.select(puny.spark.to_ascii("name"), puny.spark.errors("name")).collect()  # doctest: +SKIP
[Row(to_ascii(name)='xn--bcher-kva.de', errors(name)=[]), Row(to_ascii(name)=None, errors(name)=['V3'])]

Spark has no IDNA function (issue 25).  Each function here is an Arrow UDF
(``pyspark.sql.functions.arrow_udf``, Spark 4.1 and later; a pandas UDF on
older versions): Spark sends each Arrow batch of a partition (10,000 rows by
default, ``spark.sql.execution.arrow.maxRecordsPerBatch``) to a Python worker,
which hands the pyarrow array to the batch call -- converted in C++, no
Python object per row, and no pandas conversion on the Arrow path.  Spark
already runs one Python worker per task in parallel, so ``jobs=1`` (the
default) is right unless executors have idle cores.

The workers must import this same puny: install the wheel on every node
(or ship a packed virtual environment with ``--archives``), and point
``PYSPARK_PYTHON`` at that interpreter (docs/python-engines.md).

Semantics, as for SQL engines: NULL in, NULL out; a name that fails gives
NULL from `to_ascii` / `to_unicode`, and `ok` / `errors` say why, with the
codes of `puny.IDNAError.codes`.  `result` gives all three in one pass.

This module imports pyspark and pyarrow; ``import puny`` does not import it.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, Callable, Union, cast

import pyarrow as pa
import pyarrow.compute as pc
from pyspark.sql import Column
from pyspark.sql.pandas import functions as pandas_functions

from . import _batch

if TYPE_CHECKING:
    from typing_extensions import Literal, Protocol, TypeAlias, Unpack

    from ._batch import Flags
    from ._puny import Profile

    Operation: TypeAlias = Literal["to_ascii", "to_unicode"]

    class PerOperation(Protocol):
        """The signature of `ok`, `errors` and `result` (made by `_per_operation`)."""

        def __call__(
            self,
            col: ColumnOrName,
            *,
            operation: Operation = "to_ascii",
            profile: Profile = "uts46",
            jobs: int = 1,
            **flags: Unpack[Flags],
        ) -> Column: ...


#: A column or a column's name, as pyspark's own functions take.
ColumnOrName = Union[Column, str]

__all__ = ["RESULT_TYPE", "ColumnOrName", "errors", "ok", "result", "to_ascii", "to_unicode"]

#: The Spark type of `result`.
RESULT_TYPE = "struct<output:string,ok:boolean,errors:array<string>>"

#: Whether this pyspark has Arrow UDFs (pyarrow arrays in and out, Spark >= 4.1).
HAVE_ARROW_UDF = hasattr(pandas_functions, "arrow_udf")


def to_ascii(
    col: ColumnOrName, *, profile: Profile = "uts46", jobs: int = 1, **flags: Unpack[Flags]
) -> Column:
    """ToASCII of each name of `col` (string); NULL when it fails or is NULL."""
    return _apply("outputs", "to_ascii", col, profile, jobs, dict(flags))


def to_unicode(
    col: ColumnOrName, *, profile: Profile = "uts46", jobs: int = 1, **flags: Unpack[Flags]
) -> Column:
    """ToUnicode of each name of `col` (string); NULL when it fails or is NULL."""
    return _apply("outputs", "to_unicode", col, profile, jobs, dict(flags))


def _per_operation(part: str, doc: str) -> PerOperation:
    """`ok`, `errors` or `result`: one body for the three, which differ only
    in the part of the batch result they return (`part`)."""

    def function(
        col: ColumnOrName,
        *,
        operation: Operation = "to_ascii",
        profile: Profile = "uts46",
        jobs: int = 1,
        **flags: Unpack[Flags],
    ) -> Column:
        return _apply(part, operation, col, profile, jobs, dict(flags))

    function.__name__ = function.__qualname__ = part
    function.__doc__ = doc
    return function


ok: PerOperation = _per_operation("ok", "Whether `operation` succeeds on each name (boolean; NULL for NULL).")
errors: PerOperation = _per_operation(
    "errors",
    "The error codes of `operation` on each name (array<string>, empty when it succeeds; NULL for NULL).",
)
result: PerOperation = _per_operation(
    "result",
    """`RESULT_TYPE`: output, ok and errors of `operation` from one conversion per name.

    Cheaper than three columns from `to_ascii`, `ok` and `errors`, which
    convert each name three times.  ``select(result("name").alias("r"))`` then
    ``"r.output"``, ``"r.ok"``, ``"r.errors"``.
    """,
)


def _apply(
    part: str, operation: str, col: ColumnOrName, profile: str, jobs: int, flags: dict[str, Any]
) -> Column:
    if operation not in ("to_ascii", "to_unicode"):
        raise ValueError(f"operation must be 'to_ascii' or 'to_unicode', not {operation!r}")
    # Validate on the driver: a bad profile or flag fails here, not in a task.
    _batch.to_ascii_batch([], jobs=jobs, profile=profile, **flags)
    udf = _udf(part, operation == "to_unicode", profile, jobs, tuple(sorted(flags.items())))
    column: Column = udf(col).alias(f"{part if part != 'outputs' else operation}({_name(col)})")
    return column


def _name(col: ColumnOrName) -> str:
    """The column's SQL text, for the result's name: "to_ascii(name)" as Spark's own functions do."""
    if isinstance(col, str):
        return col
    try:
        return str(col._jc.toString())  # type: ignore[operator]  # py4j objects have no types
    except AttributeError:  # Spark Connect columns have no JVM side
        return "col"


_RETURN_TYPES = {"outputs": "string", "ok": "boolean", "errors": "array<string>", "result": RESULT_TYPE}


@functools.cache
def _udf(
    part: str, unicode: bool, profile: Profile, jobs: int, flag_items: tuple[tuple[str, Any], ...]
) -> Any:
    """One UDF per distinct call: Spark ships its closure (pickled) to the workers."""
    convert = _converter(part, unicode, profile, jobs, dict(flag_items))
    returns = _RETURN_TYPES[part]
    if HAVE_ARROW_UDF:

        def arrow_fn(names: pa.Array) -> pa.Array:  # type: ignore[type-arg]  # pyspark reads these hints
            return convert(names)

        # The stubs overload on functionType, which the type hints replace.
        return pandas_functions.arrow_udf(arrow_fn, returns)  # type: ignore[call-overload]

    import pandas as pd

    def pandas_fn(names: pd.Series) -> Any:
        out = convert(pa.Array.from_pandas(names, type=pa.large_string()))
        if part == "result":
            # A pandas UDF gives a struct as a DataFrame (a NULL name: NULL fields, not a NULL struct).
            struct = cast("pa.StructArray", out)
            return pd.DataFrame({f.name: struct.field(f.name).to_pandas() for f in struct.type})
        return out.to_pandas()

    # pyspark reads the hints, and pd is not a module global: give it the types.
    returns_type = pd.DataFrame if part == "result" else pd.Series
    pandas_fn.__annotations__ = {"names": pd.Series, "return": returns_type}
    return pandas_functions.pandas_udf(pandas_fn, returns)  # type: ignore[call-overload]


def _converter(
    part: str, unicode: bool, profile: Profile, jobs: int, flags: dict[str, Any]
) -> Callable[[pa.Array[Any]], pa.Array[Any]]:
    """A batch of names -> the `part` column, with SQL's NULLs."""

    def convert(names: pa.Array[Any]) -> pa.Array[Any]:
        call = _batch.to_unicode_batch if unicode else _batch.to_ascii_batch
        r = call(names, jobs=jobs, profile=profile, **flags)
        outputs, oks, codes = r.outputs, r.ok, r.errors
        if part in ("outputs", "result") and not pc.all(oks).as_py():
            # The batch call's ToUnicode keeps the converted text of a name it
            # flags (UTS #46 §4.2); a column reads NULL as "failed".
            outputs = pc.if_else(oks, outputs, pa.scalar(None, outputs.type))
        if part != "outputs" and names.null_count:
            # The batch call says ok=False, errors=["null"] for a NULL; SQL wants NULL.
            valid = pc.is_valid(names)
            oks = pc.if_else(valid, oks, pa.scalar(None, pa.bool_()))
            codes = pc.if_else(valid, codes, pa.scalar(None, codes.type))
        if part == "outputs":
            return outputs  # type: ignore[no-any-return]
        if part == "ok":
            return oks  # type: ignore[no-any-return]
        if part == "errors":
            return codes  # type: ignore[no-any-return]
        mask = pc.invert(pc.is_valid(names)) if names.null_count else None
        return pa.StructArray.from_arrays([outputs, oks, codes], names=["output", "ok", "errors"], mask=mask)

    return convert
