"""puny.duckdb: the SQL functions over Parquet and CSV files of the three corpora, NULLs, codes.

The reference is `puny.to_ascii` / `puny.to_unicode` called per name (their
agreement with the `puny` command is test_batch's and test_idna's business).
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import puny
from conftest import missing, reference

try:
    import duckdb
    import pyarrow as pa
    import pyarrow.parquet as pq

    import puny.duckdb as puny_duckdb
except ImportError as e:  # the test run decides: skip, or fail under CI=true
    IMPORT_ERROR: ImportError | None = e
else:
    IMPORT_ERROR = None


@pytest.fixture(scope="module")
def con() -> Iterator[duckdb.DuckDBPyConnection]:
    if IMPORT_ERROR is not None:
        missing(f"duckdb or pyarrow cannot be imported ({IMPORT_ERROR})")
    c = duckdb.connect()
    puny_duckdb.register(c)
    yield c
    c.close()


def one(con: duckdb.DuckDBPyConnection, query: str, params: list[object] | None = None) -> tuple[object, ...]:
    """The single row of a query (duckdb 2.0 relations have no fetchone)."""
    rows = con.sql(query, params=params).fetchall()
    assert len(rows) == 1
    return tuple(rows[0])


def check_query(con: duckdb.DuckDBPyConnection, source: str, names: list[str]) -> None:
    rows = con.sql(
        f"SELECT id, puny_to_ascii(name), puny_ok(name), puny_errors(name) FROM {source} ORDER BY id"
    ).fetchall()
    expected = reference(names)
    assert len(rows) == len(names)
    got = [(out, tuple(codes)) for _, out, _, codes in rows]
    mismatches = [(names[i], got[i], expected[i]) for i in range(len(names)) if got[i] != expected[i]]
    assert not mismatches[:20], f"{len(mismatches)} mismatches"
    assert [r[0] for r in rows] == list(range(len(names)))
    assert [ok for _, _, ok, _ in rows] == [codes == () for _, codes in expected]


def test_parquet_corpus(
    con: duckdb.DuckDBPyConnection, corpus: tuple[str, list[str]], tmp_path: Path
) -> None:
    name, names = corpus
    path = tmp_path / f"{name}.parquet"
    pq.write_table(pa.table({"id": pa.array(range(len(names)), pa.int64()), "name": names}), path)
    check_query(con, f"read_parquet('{path}')", names)


def test_csv_corpus(con: duckdb.DuckDBPyConnection, corpus: tuple[str, list[str]], tmp_path: Path) -> None:
    name, names = corpus
    # Names that need CSV quoting, to be sure the file holds what the query reads.
    names = [*names, "a,b.de", 'quo"te.de', "x\u200cy.de"]
    path = tmp_path / f"{name}.csv"
    table = pa.table({"id": pa.array(range(len(names)), pa.int64()), "name": names})
    con.from_arrow(table).write_csv(str(path))
    quoting = "delim = ',', quote = '\"', escape = '\"'"
    source = f"read_csv('{path}', header = true, {quoting}, columns = {{'id': 'BIGINT', 'name': 'VARCHAR'}})"
    check_query(con, source, names)


def test_to_unicode_over_mixed(con: duckdb.DuckDBPyConnection, tmp_path: Path) -> None:
    from conftest import corpus_file, read_records

    names = read_records(corpus_file("mixed"))
    ascii_names = [a if a is not None else n for n, (a, _) in zip(names, reference(names))]
    path = tmp_path / "ascii.parquet"
    pq.write_table(pa.table({"id": pa.array(range(len(names)), pa.int64()), "name": ascii_names}), path)
    rows = con.sql(
        f"SELECT puny_to_unicode(name), puny_unicode_errors(name) FROM read_parquet('{path}') ORDER BY id"
    ).fetchall()
    assert [(out, tuple(codes)) for out, codes in rows] == reference(ascii_names, unicode=True)


def test_nulls(con: duckdb.DuckDBPyConnection) -> None:
    row = one(
        con,
        "SELECT puny_to_ascii(NULL), puny_to_unicode(NULL), puny_ok(NULL), puny_errors(NULL),"
        " puny_unicode_ok(NULL), puny_unicode_errors(NULL)",
    )
    assert row == (None,) * 6
    rows = con.sql(
        "SELECT puny_to_ascii(x), puny_ok(x), puny_errors(x) FROM (VALUES ('bücher.de'), (NULL), ('-x.de'))"
        " t(x) ORDER BY x NULLS LAST"
    ).fetchall()
    assert rows == [(None, False, ["V3"]), ("xn--bcher-kva.de", True, []), (None, None, None)]


def test_error_codes(con: duckdb.DuckDBPyConnection) -> None:
    cases = {
        "a\u200cb.de": ["C1"],
        "-x.de": ["V3"],
        "xn--a.de": ["V7"],
        "a..b": ["A4_2"],
        "": ["A4_1", "A4_2"],
        "a" * 64 + ".de": ["A4_2"],
    }
    for name, codes in cases.items():
        with pytest.raises(puny.IDNAError) as e:
            puny.to_ascii(name)
        assert list(e.value.codes) == codes, name  # the table states the library's verdict
        row = one(con, "SELECT puny_to_ascii(?), puny_ok(?), puny_errors(?)", [name, name, name])
        assert row == (None, False, codes), name
    row = one(
        con, "SELECT puny_to_unicode(?), puny_unicode_errors(?)", ["xn--bcher-kva.de", "xn--bcher-kva.de"]
    )
    assert row == ("bücher.de", [])
    assert one(con, "SELECT typeof(puny_to_ascii('a')), typeof(puny_errors('a'))") == (
        "VARCHAR",
        "VARCHAR[]",
    )


def test_profiles_and_prefixes(con: duckdb.DuckDBPyConnection) -> None:
    other = duckdb.connect()
    names = puny_duckdb.register(other, prefix="p2003_", profile="idna2003")
    assert names == ["p2003_" + f for f in puny_duckdb.FUNCTIONS]
    puny_duckdb.register(other, prefix="lax_", check_hyphens=False)
    row = one(other, "SELECT p2003_to_ascii('faß.de'), lax_to_ascii('-x.de'), lax_errors('-x.de')")
    assert row == ("fass.de", "-x.de", [])
    assert one(con, "SELECT puny_to_ascii('faß.de')") == ("xn--fa-hia.de",)
    with pytest.raises(ValueError):
        puny_duckdb.register(other, prefix="bad_", profile="nonsense")  # type: ignore[arg-type]
    with pytest.raises(duckdb.Error):
        puny_duckdb.register(other, prefix="p2003_")  # the names exist
    other.close()


def test_duckdb_threads(con: duckdb.DuckDBPyConnection) -> None:
    """DuckDB's own threads call the functions at once (the batch call releases the GIL)."""
    names = [f"bücher{i}.de" for i in range(50_000)]
    other = duckdb.connect(config={"threads": 4})
    puny_duckdb.register(other)
    table = pa.table({"id": pa.array(range(len(names)), pa.int64()), "name": names})
    other.register("names", table)
    rows = other.sql("SELECT puny_to_ascii(name) FROM names ORDER BY id").fetchall()
    assert [r[0] for r in rows] == [a for a, _ in reference(names)]
    other.close()


def test_import_puny_loads_no_engine() -> None:
    """`import puny` stays light: the engine modules load their engine only when imported."""
    code = (
        "import sys, puny\n"
        "engines = ('duckdb', 'pyspark', 'dask', 'distributed', 'pyarrow', 'pandas')\n"
        "heavy = [m for m in engines if m in sys.modules]\n"
        "print(','.join(heavy))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == ""
