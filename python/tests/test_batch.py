"""to_ascii_batch / to_unicode_batch over lists, other iterables and pandas Series.

The Arrow path has its own file (test_arrow.py); these cover the contract every
path shares: order kept whatever `jobs`, one verdict per element and no
exception for one, the codes of IDNAError.codes, profiles and flags passed
through, and bad arguments raised before any work.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest

import puny
from conftest import corpus_file, missing, read_records

NAMES = ["bücher.de", "a\u200cb", "example.com", "faß.de", "xn--ls8h", "-x.de", "a..b", "EXAMPLE.org"] * 300

Triple = tuple[object, bool, tuple[str, ...]]


def need(module: str) -> ModuleType:
    """`module`, or skip (fail under CI=true) when it is not installed."""
    try:
        return importlib.import_module(module)
    except ImportError:
        missing(f"{module} is not installed")


def single(fn: Any, name: str, **kw: Any) -> Triple:
    """What the batch call must give for one name, from the single call."""
    try:
        return fn(name, **kw), True, ()
    except puny.IDNAError as e:
        return None, False, e.codes


def triples(r: puny.BatchResult) -> list[Triple]:
    return list(zip(r.outputs, r.ok, r.errors))


def test_result_type() -> None:
    r = puny.to_ascii_batch(["bücher.de"])
    assert isinstance(r, puny.BatchResult) and isinstance(r, tuple)
    assert r._fields == ("outputs", "ok", "errors")
    assert (r.outputs, r.ok, r.errors) == (["xn--bcher-kva.de"], [True], [()])
    outputs, ok, errors = r
    assert tuple(r) == (outputs, ok, errors)


@pytest.mark.parametrize("jobs", [1, 2, 4, 0])
def test_matches_single_calls_in_order(jobs: int) -> None:
    expected = [single(puny.to_ascii, n) for n in NAMES]
    assert triples(puny.to_ascii_batch(NAMES, jobs=jobs)) == expected


def test_jobs_give_identical_results() -> None:
    names = NAMES * 3
    results = [puny.to_unicode_batch(names, jobs=j) for j in (1, 2, 4, 0)]
    assert all(r == results[0] for r in results[1:])


def test_mixed_elements() -> None:
    names: list[object] = ["bücher.de", None, 3, b"x.de", "x\ud800", "ok.de", "a..b", 2.5, ""]
    r = puny.to_ascii_batch(names, jobs=2)
    assert r.outputs[:8] == ["xn--bcher-kva.de", None, None, None, None, "ok.de", None, None]
    assert r.ok[:8] == [True, False, False, False, False, True, False, False]
    assert triples(r)[8] == single(puny.to_ascii, "")
    assert r.errors[1] == ("null",)
    # bytes are not accepted (the outputs are str): decode them first.
    assert r.errors[2] == r.errors[3] == r.errors[7] == ("not_a_string",)
    # A lone surrogate: the library's verdict, as the single call gives it.
    assert r.errors[4] == single(puny.to_ascii, "x\ud800")[2] == ("A3", "V7")
    assert r.errors[6] == ("A4_2",)
    assert r.errors[0] == r.errors[5] == ()


def test_unicode_batch_keeps_flagged_outputs() -> None:
    names: list[object] = ["xn--bcher-kva.de", "a..b", None, "xn--ab.de"]
    r = puny.to_unicode_batch(names, jobs=2)
    # ToUnicode has an output even for a name that breaks a rule (the command writes it too).
    assert r.outputs[:3] == ["bücher.de", "a..b", None]
    assert r.ok == [True, False, False, False]
    assert r.errors[:3] == [(), ("X4_2",), ("null",)]
    assert r.errors[3] == single(puny.to_unicode, "xn--ab.de")[2] != ()
    assert isinstance(r.outputs[3], str)


def test_iterables() -> None:
    def gen() -> Iterator[str]:
        yield "bücher.de"
        yield "a..b"

    want = (["xn--bcher-kva.de", None], [True, False], [(), ("A4_2",)])
    assert puny.to_ascii_batch(["bücher.de", "a..b"]) == want
    assert puny.to_ascii_batch(("bücher.de", "a..b")) == want
    assert puny.to_ascii_batch(gen()) == want
    assert puny.to_ascii_batch(iter(["bücher.de", "a..b"]), jobs=3) == want
    assert puny.to_ascii_batch({"x.de": 1}) == (["x.de"], [True], [()])


def test_empty() -> None:
    assert puny.to_ascii_batch([]) == ([], [], [])
    assert puny.to_unicode_batch((), jobs=0) == ([], [], [])


def test_profiles_and_flags_pass_through() -> None:
    names = ["faß.de", "a\u200cb.de", "ab--c.de", "xn--mgbh0fb.xn--kgbechtv"]
    for kw in (
        {"profile": "idna2008"},
        {"profile": "idna2003"},
        {"profile": "transitional"},
        {"check_bidi": False},
        {"check_hyphens": True},
        {"profile": "idna2008", "check_bidi": False},
        {"profile": "idna2003", "allow_unassigned": True},
    ):
        got = triples(puny.to_ascii_batch(names, **kw))
        assert got == [single(puny.to_ascii, n, **kw) for n in names], kw
    assert puny.to_ascii_batch(["faß.de"], profile="idna2003").outputs == ["fass.de"]
    assert puny.to_ascii_batch(["faß.de"]).outputs == ["xn--fa-hia.de"]


def test_bad_arguments_raise_before_work() -> None:
    class Boom:
        def __iter__(self) -> Iterator[str]:
            raise AssertionError("the names were read")

    with pytest.raises(ValueError, match="unknown profile"):
        puny.to_ascii_batch(Boom(), profile="nope")
    with pytest.raises(TypeError, match="does not apply"):
        puny.to_unicode_batch(Boom(), profile="idna2003", check_joiners=True)
    with pytest.raises(ValueError, match="jobs"):
        puny.to_ascii_batch(Boom(), jobs=-1)
    with pytest.raises(TypeError):
        puny.to_ascii_batch(["x"], no_such_flag=True)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="single str"):
        puny.to_ascii_batch("bücher.de")
    with pytest.raises(TypeError):
        puny.to_ascii_batch(42)


def test_the_caller_may_change_its_list_meanwhile() -> None:
    names = [f"n{i}.bücher.de" for i in range(20000)]
    stop = threading.Event()

    def mutate() -> None:
        while not stop.is_set():
            names.append("x")
            names.pop()

    t = threading.Thread(target=mutate)
    t.start()
    try:
        r = puny.to_ascii_batch(names, jobs=2)
    finally:
        stop.set()
        t.join()
    assert len(r.outputs) >= 20000 and r.outputs[0] == "n0.xn--bcher-kva.de"


def test_sixteen_megabytes() -> None:
    big = "a" * (16 << 20)
    r = puny.to_ascii_batch(["x.de", big, "y.de"], jobs=2)
    assert r.outputs == ["x.de", None, "y.de"]
    assert r.errors[1] == ("A4_1", "A4_2")
    r = puny.to_ascii_batch([big], verify_dns_length=False)
    assert r.ok == [True] and r.outputs[0] == big


def test_eight_threads() -> None:
    expected = puny.to_ascii_batch(NAMES)
    failures: list[str] = []

    def work(k: int) -> None:
        for _ in range(5):
            got = puny.to_ascii_batch(NAMES, jobs=2) if k % 2 else puny.to_ascii_batch(NAMES)
            if got != expected:
                failures.append(f"thread {k}")

    threads = [threading.Thread(target=work, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []


def corpus_names(count: int) -> list[str]:
    return read_records(corpus_file("mixed"))[:count]


@pytest.mark.parametrize("fn", [puny.to_ascii, puny.to_unicode])
def test_corpus_matches_single_calls(fn: Any) -> None:
    """Every name of mixed.txt (the first 20,000): the batch gives the single call's verdict."""
    names = corpus_names(20000)
    batch = puny.to_ascii_batch if fn is puny.to_ascii else puny.to_unicode_batch
    r = batch(names, jobs=2)
    for name, (out, ok, codes) in zip(names, triples(r)):
        want = single(fn, name)
        assert (ok, codes) == want[1:], name
        if ok or fn is puny.to_ascii:
            assert out == want[0], name


# ---------------------------------------------------------------------------
# pandas


def test_series_object_dtype() -> None:
    pd = need("pandas")
    s = pd.Series(
        ["bücher.de", None, float("nan"), 3, "a..b"], index=[10, 20, 30, 40, 50], name="host", dtype=object
    )
    r = puny.to_ascii_batch(s, jobs=2)
    for part in r:
        assert isinstance(part, pd.Series)
        assert list(part.index) == [10, 20, 30, 40, 50] and part.name == "host"
    assert r.outputs.dtype == object and r.ok.dtype == bool and r.errors.dtype == object
    assert r.outputs.tolist() == ["xn--bcher-kva.de", None, None, None, None]
    assert r.ok.tolist() == [True, False, False, False, False]
    # NaN is pandas' missing value: "null", as None.
    assert r.errors.tolist() == [(), ("null",), ("null",), ("not_a_string",), ("A4_2",)]


def test_series_arrow_backed() -> None:
    pd = need("pandas")
    pa = need("pyarrow")
    for dtype in (
        pd.StringDtype("pyarrow"),
        pd.StringDtype("pyarrow", na_value=float("nan")),
        pd.ArrowDtype(pa.string()),
        pd.ArrowDtype(pa.large_string()),
    ):
        s = pd.Series(["bücher.de", None, "a..b", "EXAMPLE.com"], index=list("abcd"), name="n", dtype=dtype)
        r = puny.to_ascii_batch(s)
        assert r.outputs.dtype == dtype, dtype
        assert list(r.outputs.index) == list("abcd") and r.outputs.name == "n"
        assert r.outputs.isna().tolist() == [False, True, True, False]
        assert r.outputs[["a", "d"]].tolist() == ["xn--bcher-kva.de", "example.com"]
        assert r.ok.dtype == bool and r.ok.tolist() == [True, False, False, True]
        assert r.errors.dtype == object
        assert r.errors.tolist() == [(), ("null",), ("A4_2",), ()]
        assert list(r.ok.index) == list(r.errors.index) == list("abcd")


def test_series_python_string_dtype() -> None:
    pd = need("pandas")
    s = pd.Series(["xn--bcher-kva.de", None], dtype=pd.StringDtype("python"))
    r = puny.to_unicode_batch(s)
    assert r.outputs.dtype == object
    assert r.outputs.tolist() == ["bücher.de", None]
    assert r.errors.tolist() == [(), ("null",)]


def test_series_empty() -> None:
    pd = need("pandas")
    for dtype in (object, "str"):
        r = puny.to_ascii_batch(pd.Series([], dtype=dtype))
        assert len(r.outputs) == len(r.ok) == len(r.errors) == 0
