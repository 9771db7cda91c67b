"""puny.spark: the column functions in local[2] mode over the three corpora, NULLs, codes.

One SparkSession for the module (starting one costs seconds); the Python
workers run this interpreter (PYSPARK_PYTHON), so they import the puny
under test.  The reference is `puny.to_ascii` / `puny.to_unicode` per name.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from conftest import corpus_file, missing, read_records, reference

try:
    import pyarrow as pa
    from pyspark.sql import DataFrame, SparkSession

    import puny.spark as puny_spark
except ImportError as e:  # the test run decides: skip, or fail under CI=true
    IMPORT_ERROR: ImportError | None = e
else:
    IMPORT_ERROR = None


@pytest.fixture(scope="module")
def spark() -> Iterator[SparkSession]:
    if IMPORT_ERROR is not None:
        missing(f"pyspark or pyarrow cannot be imported ({IMPORT_ERROR})")
    if not os.environ.get("JAVA_HOME") and not any(
        os.access(os.path.join(p, "java"), os.X_OK) for p in os.environ.get("PATH", "").split(os.pathsep)
    ):
        missing("Java (needed by Spark) not found: set JAVA_HOME or put java on PATH")
    # The workers must import the puny under test: run them with this interpreter.
    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    session = (
        SparkSession.builder.master("local[2]")
        .appName("puny-tests")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.default.parallelism", "2")
        .config("spark.sql.execution.arrow.pyspark.enabled", "true")
        .config("spark.driver.memory", "1g")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


def frame(spark: SparkSession, names: list[str | None]) -> DataFrame:
    """A DataFrame (id, name) in spark.default.parallelism (2) partitions, from Arrow (fast, keeps NULLs)."""
    table = pa.table({"id": pa.array(range(len(names)), pa.int64()), "name": pa.array(names, pa.string())})
    return spark.createDataFrame(table)


def collect(df: DataFrame) -> list[dict[str, Any]]:
    """The rows of `df`, ordered by id (through Arrow)."""
    rows: list[dict[str, Any]] = df.toArrow().sort_by("id").to_pylist()
    return rows


def test_corpus_to_ascii(spark: SparkSession, corpus: tuple[str, list[str]]) -> None:
    name, records = corpus
    names: list[str | None] = list(records)
    df = frame(spark, names)
    rows = collect(
        df.select(
            "id",
            puny_spark.to_ascii("name").alias("ascii"),
            puny_spark.errors("name").alias("codes"),
            puny_spark.ok("name").alias("ok"),
        )
    )
    expected = reference(names)
    got = [(r["ascii"], tuple(r["codes"])) for r in rows]
    assert len(got) == len(names), name
    mismatches = [(names[i], got[i], expected[i]) for i in range(len(names)) if got[i] != expected[i]]
    assert not mismatches[:20], f"{name}: {len(mismatches)} mismatches"
    assert [r["ok"] for r in rows] == [codes == () for _, codes in expected]


def test_mixed_to_unicode_result_and_nulls(spark: SparkSession) -> None:
    """to_unicode over the A-labels of mixed.txt, through `result` too, with NULLs among the names."""
    records = read_records(corpus_file("mixed"))
    names: list[str | None] = [
        a if a is not None else n for n, (a, _) in zip(records, reference(list(records)))
    ]
    for i in range(0, len(names), 997):
        names[i] = None
    df = frame(spark, names)
    rows = collect(
        df.select(
            "id",
            puny_spark.to_unicode("name").alias("u"),
            puny_spark.errors("name", operation="to_unicode").alias("codes"),
            puny_spark.result("name", operation="to_unicode").alias("r"),
        )
    )
    expected = reference(names, unicode=True)
    for name, row, (out, codes) in zip(names, rows, expected):
        if name is None:
            assert row["u"] is None and row["codes"] is None and row["r"] is None
            continue
        assert (row["u"], tuple(row["codes"])) == (out, codes), name
        assert row["r"] == {"output": out, "ok": codes == (), "errors": list(codes)}, name


def test_columns_profiles_and_errors(spark: SparkSession) -> None:
    df = spark.createDataFrame([("faß.de",), ("-x.de",), (None,)], "name string")
    out = df.select(
        puny_spark.to_ascii("name"),
        puny_spark.to_ascii(df["name"], profile="idna2003").alias("p2003"),
        puny_spark.to_ascii("name", check_hyphens=False).alias("lax"),
        puny_spark.ok("name"),
        puny_spark.errors("name"),
    )
    assert out.columns == ["to_ascii(name)", "p2003", "lax", "ok(name)", "errors(name)"]
    assert [tuple(r) for r in out.collect()] == [
        ("xn--fa-hia.de", "fass.de", "xn--fa-hia.de", True, []),
        (None, "-x.de", "-x.de", False, ["V3"]),  # IDNA2003 has no hyphen rule
        (None, None, None, None, None),
    ]
    with pytest.raises(ValueError):
        puny_spark.to_ascii("name", profile="nonsense")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        puny_spark.ok("name", operation="encode")  # type: ignore[arg-type]


def test_pandas_udf_fallback(spark: SparkSession, monkeypatch: pytest.MonkeyPatch) -> None:
    """The pandas UDFs used where pyspark has no Arrow UDF (before 4.1) give the same columns."""
    monkeypatch.setattr(puny_spark, "HAVE_ARROW_UDF", False)
    puny_spark._udf.cache_clear()
    try:
        df = spark.createDataFrame([("faß.de",), ("-x.de",), (None,)], "name string")
        out = df.select(
            puny_spark.to_ascii("name"),
            puny_spark.ok("name"),
            puny_spark.errors("name"),
            puny_spark.result("name").alias("r"),
        )
        rows = [tuple(r) for r in out.collect()]
        assert [r[:3] for r in rows] == [
            ("xn--fa-hia.de", True, []),
            (None, False, ["V3"]),
            (None, None, None),
        ]
        assert [r[3] and r[3].asDict() for r in rows[:2]] == [
            {"output": "xn--fa-hia.de", "ok": True, "errors": []},
            {"output": None, "ok": False, "errors": ["V3"]},
        ]
    finally:
        puny_spark._udf.cache_clear()
