# mypy: disable-error-code="no-untyped-call"
# (dask and distributed leave from_pandas, compute, LocalCluster and Client unannotated)
"""puny.dask: the map_partitions helpers on a 2-worker LocalCluster over mixed.txt.

The cluster runs two worker processes (processes=True, one thread each):
the partitions and the helpers' closures are pickled to processes that
import puny themselves, as on a real cluster.  The reference is
`puny.to_ascii` / `puny.to_unicode` per name.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from conftest import corpus_file, missing, read_records, reference

try:
    import dask.dataframe as dd
    import pandas as pd
    from distributed import Client, LocalCluster

    import puny.dask as puny_dask
except ImportError as e:  # the test run decides: skip, or fail under CI=true
    IMPORT_ERROR: ImportError | None = e
else:
    IMPORT_ERROR = None


def missing_to_none(values: list[Any]) -> list[Any]:
    """pandas' missing values (NA, NaN) as None."""
    return [None if v is None or v is pd.NA or v != v else v for v in values]


@pytest.fixture(scope="module")
def client() -> Iterator[Client]:
    if IMPORT_ERROR is not None:
        missing(f"dask, distributed or pandas cannot be imported ({IMPORT_ERROR})")
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with Client(cluster) as c:
            yield c


@pytest.fixture(scope="module")
def mixed() -> list[str]:
    return read_records(corpus_file("mixed"))


def test_mixed_on_cluster(client: Client, mixed: list[str]) -> None:
    df = dd.from_pandas(pd.DataFrame({"name": mixed}), npartitions=8)
    got = puny_dask.result(df["name"]).compute()
    assert list(got.index) == list(range(len(mixed)))
    expected = reference(mixed)
    outputs = missing_to_none(got["output"].tolist())
    rows = list(zip(outputs, got["errors"].tolist()))
    mismatches = [(mixed[i], rows[i], expected[i]) for i in range(len(mixed)) if rows[i] != expected[i]]
    assert not mismatches[:20], f"{len(mismatches)} mismatches"
    assert got["ok"].tolist() == [codes == () for _, codes in expected]
    # The single-column helpers give the same columns.
    ascii_names = missing_to_none(puny_dask.to_ascii(df["name"]).compute().tolist())
    assert ascii_names == outputs
    assert puny_dask.errors(df["name"]).compute().tolist() == got["errors"].tolist()
    assert puny_dask.ok(df["name"]).compute().tolist() == got["ok"].tolist()


def test_to_unicode_on_cluster(client: Client, mixed: list[str]) -> None:
    alabels = [a if a is not None else n for n, (a, _) in zip(mixed, reference(mixed))]
    df = dd.from_pandas(pd.DataFrame({"name": alabels}), npartitions=4)
    series = df["name"]
    unicode = missing_to_none(puny_dask.to_unicode(series).compute().tolist())
    codes = puny_dask.errors(series, operation="to_unicode").compute().tolist()
    assert list(zip(unicode, codes)) == reference(alabels, unicode=True)


def test_missing_values_profiles_and_meta(client: Client) -> None:
    pdf = pd.DataFrame({"name": ["faß.de", None, "-x.de"]}, index=[10, 20, 30])
    series = dd.from_pandas(pdf, npartitions=2)["name"]
    out = puny_dask.to_ascii(series)
    assert out.dtype == series.dtype  # the meta is the batch call's: the input's string dtype
    assert missing_to_none(out.compute().tolist()) == ["xn--fa-hia.de", None, None]
    assert list(out.compute().index) == [10, 20, 30]
    assert puny_dask.ok(series).compute().tolist() == [True, False, False]
    assert puny_dask.errors(series).compute().tolist() == [(), ("null",), ("V3",)]
    assert missing_to_none(puny_dask.to_ascii(series, profile="idna2003").compute().tolist()) == [
        "fass.de",
        None,
        "-x.de",
    ]
    frame = puny_dask.result(series, check_hyphens=False)
    assert list(frame.columns) == ["output", "ok", "errors"]
    assert frame.compute()["ok"].tolist() == [True, False, True]
    with pytest.raises(ValueError):
        puny_dask.to_ascii(series, profile="nonsense")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        puny_dask.to_ascii(pdf["name"])  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        puny_dask.ok(series, operation="encode")  # type: ignore[arg-type]
