"""The batch calls over pyarrow arrays: read in place, results built in C++.

The outputs keep the input's string type (string, large_string, string_view),
nulls stay null with ("null",) as their codes, slices (a non-zero array
offset) and chunked arrays read right, and every element gives what the
list path gives (itself checked against the single calls in test_batch.py).
"""

from __future__ import annotations

import gc
import importlib
from types import ModuleType
from typing import Any

import pytest

import puny
from conftest import corpus_file, read_records, running_in_ci


def _pyarrow() -> ModuleType:
    """pyarrow, or skip this module (fail under CI=true) when it is not installed."""
    try:
        return importlib.import_module("pyarrow")
    except ImportError:
        if running_in_ci():
            raise
        pytest.skip("pyarrow is not installed", allow_module_level=True)


pa: Any = _pyarrow()

NAMES: list[str | None] = [
    "bücher.de",
    None,
    "a..b",
    "EXAMPLE.com",
    "x" * 30,
    "faß.de",
    None,
    "xn--ls8h",
    "ab",
]
TYPES = [pa.string(), pa.large_string(), pa.string_view()]


def as_lists(r: puny.BatchResult) -> tuple[list[Any], list[Any], list[Any]]:
    """The three columns as Python lists; the error lists as tuples."""
    return r.outputs.to_pylist(), r.ok.to_pylist(), [tuple(e) for e in r.errors.to_pylist()]


def list_path(names: list[str | None], fn: Any = puny.to_ascii_batch, **kw: Any) -> tuple[Any, Any, Any]:
    r = fn(names, **kw)
    return r.outputs, r.ok, r.errors


@pytest.mark.parametrize("typ", TYPES, ids=str)
def test_array_types_and_nulls(typ: Any) -> None:
    arr = pa.array(NAMES, type=typ)
    r = puny.to_ascii_batch(arr)
    assert isinstance(r, puny.BatchResult)
    assert isinstance(r.outputs, pa.Array) and r.outputs.type == typ
    assert isinstance(r.ok, pa.BooleanArray)
    assert r.errors.type == pa.list_(pa.string())
    assert as_lists(r) == list_path(NAMES)
    outputs, ok, errors = as_lists(r)
    assert outputs[0] == "xn--bcher-kva.de" and outputs[1] is None and outputs[2] is None
    assert ok[1] is False and errors[1] == ("null",)
    assert errors[2] == ("A4_2",) and errors[0] == ()
    assert r.outputs.null_count == outputs.count(None) == 3
    assert r.ok.null_count == 0 and r.errors.null_count == 0
    r.outputs.validate(full=True)
    r.errors.validate(full=True)


@pytest.mark.parametrize("typ", TYPES, ids=str)
def test_unicode(typ: Any) -> None:
    names: list[str | None] = ["xn--bcher-kva.de", "a..b", None, "xn--ab.de", "example.com"]
    r = puny.to_unicode_batch(pa.array(names, type=typ), jobs=2)
    assert r.outputs.type == typ
    assert as_lists(r) == list_path(names, puny.to_unicode_batch)
    assert r.outputs.to_pylist()[:3] == ["bücher.de", "a..b", None]


@pytest.mark.parametrize("typ", TYPES, ids=str)
def test_slices(typ: Any) -> None:
    """A non-zero array offset: the validity bits and offsets are read from there."""
    arr = pa.array(NAMES * 50, type=typ)
    for start, length in ((1, 5), (3, 200), (7, 443), (9, 0), (0, 450)):
        sl = arr.slice(start, length)
        want = NAMES * 50
        r = puny.to_ascii_batch(sl, jobs=2)
        assert len(r.outputs) == length
        assert as_lists(r) == list_path(want[start : start + length]), (start, length)


@pytest.mark.parametrize("typ", TYPES, ids=str)
@pytest.mark.parametrize("jobs", [1, 2, 4, 0])
def test_chunked(typ: Any, jobs: int) -> None:
    big = NAMES * 100
    chunks = [
        pa.array(big, type=typ),
        pa.array([], type=typ),
        pa.array(NAMES, type=typ).slice(2),
        pa.array(["x.de"]),
    ]
    ca = pa.chunked_array([c.cast(typ) for c in chunks], type=typ)
    r = puny.to_ascii_batch(ca, jobs=jobs)
    for col in r:
        assert isinstance(col, pa.ChunkedArray)
        assert [len(c) for c in col.chunks] == [len(c) for c in ca.chunks]  # boundaries kept
    assert r.outputs.type == typ and r.ok.type == pa.bool_() and r.errors.type == pa.list_(pa.string())
    assert as_lists(r) == list_path(ca.to_pylist())


def test_chunked_empty() -> None:
    for typ in TYPES:
        r = puny.to_ascii_batch(pa.chunked_array([], type=typ))
        assert r.outputs.type == typ and len(r.outputs) == 0 and r.outputs.num_chunks == 0
        assert r.ok.type == pa.bool_() and r.errors.type == pa.list_(pa.string())


def test_empty_and_all_null() -> None:
    r = puny.to_ascii_batch(pa.array([], type=pa.string()))
    assert (len(r.outputs), len(r.ok), len(r.errors)) == (0, 0, 0)
    r = puny.to_unicode_batch(pa.array([None, None]))  # the null type: string outputs
    assert r.outputs.type == pa.string()
    assert as_lists(r) == ([None, None], [False, False], [("null",), ("null",)])


def test_jobs_identical() -> None:
    arr = pa.array(NAMES * 700, type=pa.large_string())
    results = [as_lists(puny.to_ascii_batch(arr, jobs=j)) for j in (1, 2, 4, 0)]
    assert all(r == results[0] for r in results[1:])


def test_profiles_and_flags() -> None:
    names: list[str | None] = ["faß.de", "a\u200cb.de", "xn--mgbh0fb.xn--kgbechtv", "ab--c.de", None]
    arr = pa.array(names)
    for kw in (
        {"profile": "idna2008"},
        {"profile": "idna2003"},
        {"check_bidi": False},
        {"profile": "whatwg"},
    ):
        assert as_lists(puny.to_ascii_batch(arr, **kw)) == list_path(names, **kw), kw
        assert as_lists(puny.to_unicode_batch(arr, **kw)) == list_path(names, puny.to_unicode_batch, **kw), kw
    assert puny.to_ascii_batch(arr, profile="idna2003").outputs[0].as_py() == "fass.de"


def test_bad_arguments_before_work() -> None:
    arr = pa.array(["x.de"])
    with pytest.raises(ValueError, match="unknown profile"):
        puny.to_ascii_batch(arr, profile="nope")
    with pytest.raises(TypeError, match="does not apply"):
        puny.to_ascii_batch(pa.chunked_array([arr]), profile="idna2008", nfkc="corrected")
    with pytest.raises(TypeError, match="Arrow format 'l'"):
        puny.to_ascii_batch(pa.array([1, 2]))
    with pytest.raises(TypeError, match="Arrow format 'z'"):
        puny.to_ascii_batch(pa.chunked_array([pa.array([b"x"])]))


def test_dictionary_arrays_are_decoded() -> None:
    arr = pa.array(["bücher.de", None, "bücher.de"]).dictionary_encode()
    r = puny.to_ascii_batch(arr)
    assert r.outputs.to_pylist() == ["xn--bcher-kva.de", None, "xn--bcher-kva.de"]


def test_invalid_utf8_is_a_verdict() -> None:
    """Arrow strings should be UTF-8, but a producer may lie: a verdict, not a crash."""
    binary = pa.array([b"ok.de", b"\xff\xfe.de", b"\xc3\xbc.de"], type=pa.binary())
    arr = binary.view(pa.string())
    outputs, ok, errors = as_lists(puny.to_ascii_batch(arr))
    assert outputs == ["ok.de", None, "xn--tda.de"]
    assert ok == [True, False, True]
    assert errors[1] == ("invalid_utf8",)


def test_results_outlive_the_input() -> None:
    """The outputs are the extension's buffers, released when pyarrow drops them."""
    arr = pa.array(["bücher.de"] * 1000)
    r = puny.to_ascii_batch(arr)
    del arr
    gc.collect()
    assert r.outputs.to_pylist() == ["xn--bcher-kva.de"] * 1000
    before = pa.total_allocated_bytes()
    for _ in range(20):
        puny.to_ascii_batch(pa.array(["bücher.de"] * 1000))
    gc.collect()
    assert pa.total_allocated_bytes() <= before + 4096


def test_the_export_object() -> None:
    """pyarrow.array() takes the export once; a second take is an error, not a double free."""
    from puny import _puny

    exports = _puny._batch_arrow(pa.array(["x.de"]).__arrow_c_array__(), stream=False, unicode=False)
    assert len(exports) == 1
    struct = pa.array(exports[0])
    assert struct.type.names == ["output", "ok", "errors"]
    with pytest.raises(ValueError, match="already exported"):
        pa.array(exports[0])
    # An export nobody takes frees its buffers when it is collected.
    _puny._batch_arrow(pa.array(["x.de"]).__arrow_c_array__(), stream=False, unicode=False)


@pytest.mark.parametrize("typ", [pa.string(), pa.large_string()], ids=str)
def test_corpus_matches_list_path(typ: Any) -> None:
    """The first 20,000 names of mixed.txt: the same verdicts as the list path
    (which test_batch.py checks against the single calls), both directions."""
    names: list[str | None] = list(read_records(corpus_file("mixed"))[:20000])
    arr = pa.array(names, type=typ)
    chunked = pa.chunked_array([arr.slice(0, 7000), arr.slice(7000)])
    for fn in (puny.to_ascii_batch, puny.to_unicode_batch):
        want = list_path(names, fn)
        assert as_lists(fn(arr, jobs=2)) == want
        assert as_lists(fn(chunked)) == want


def test_backward_offsets_are_a_verdict() -> None:
    """Offsets that run backwards (a broken producer): that element fails, the others convert."""
    offsets = pa.py_buffer(bytes(memoryview(pa.array([0, 5, 3, 8], type=pa.int32()).buffers()[1])))
    arr = pa.Array.from_buffers(pa.string(), 3, [None, offsets, pa.py_buffer(b"abcdefgh")])
    outputs, ok, errors = as_lists(puny.to_ascii_batch(arr))
    assert outputs == ["abcde", None, "defgh"]
    assert ok == [True, False, True]
    assert errors[1] == ("not_a_string",)
