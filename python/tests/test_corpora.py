"""The Python paths agree with the `puny` command on the three corpora.

For each corpus (ascii, unicode, mixed: 100,000 names each) and profile, the
command's `--format jsonl` record of every name (output, ok, codes; for
IDNA2008 and IDNA2003 also the label, offset and code point of the first
fault) is the reference, and each Python path must give the same: the single
calls (to_ascii / to_unicode raising IDNAError), the batch calls over a list,
the batch calls over a pyarrow array, and the codecs.  to-unicode runs on the
corpus as it is and on its ACE form (the command's to-ascii outputs), so that
decoding is compared too.  A failure is compared as a failure: no output from
ToASCII, the same codes in the same order.
"""

from __future__ import annotations

import json
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import puny
from conftest import CORPORA, corpus_file, import_or_missing, read_records

# The profiles compared (each standard, and the UTS #46 variants whose
# defaults differ); the command's --profile takes the same names.
PROFILES = ("uts46", "transitional", "whatwg", "idna2008", "idna2003")
REPORT_LIMIT = 20
CODEC = "puny-uts46"


@dataclass(frozen=True)
class Expected:
    """One record of the command's jsonl output."""

    output: str | None
    ok: bool
    codes: tuple[str, ...]
    label: int | None
    offset: int | None
    code_point: int | None


def run_cli(exe: Path, command: str, profile: str, path: Path) -> list[Expected]:
    """`puny COMMAND --profile P --format jsonl -f PATH`: one record per input line."""
    proc = subprocess.run(
        [str(exe), command, "--profile", profile, "--format", "jsonl", "-q", "-j", "2", "-f", str(path)],
        capture_output=True,
        check=False,
    )
    # Exit status 1 only says that some record failed; 2 is a usage error.
    assert proc.returncode in (0, 1), proc.stderr.decode(errors="replace")
    out = proc.stdout.decode("utf-8")
    assert out.endswith("\n") or not out
    records = []
    for line in out.split("\n")[:-1]:
        j: dict[str, Any] = json.loads(line)
        cp = j.get("code_point")
        records.append(
            Expected(
                output=j["output"],
                ok=j["ok"],
                codes=tuple(j["errors"]),
                label=j.get("label"),
                offset=j.get("offset"),
                code_point=int(cp[2:], 16) if cp is not None else None,
            )
        )
    return records


class Cases:
    """The command's verdicts on one corpus under one profile, computed once."""

    def __init__(self, exe: Path, corpus: str, profile: str, tmp: Path) -> None:
        path = corpus_file(corpus)
        self.names = read_records(path)
        self.profile = profile
        self.ascii = run_cli(exe, "to-ascii", profile, path)
        assert len(self.ascii) == len(self.names), "one output record per input record"
        self.unicode = run_cli(exe, "to-unicode", profile, path)
        assert len(self.unicode) == len(self.names)
        # The ACE forms: what the command made of the names that converted.
        self.ace = [e.output for e in self.ascii if e.output is not None]
        ace_path = tmp / f"{corpus}-{profile}-ace.txt"
        ace_path.write_text("".join(a + "\n" for a in self.ace), encoding="utf-8")
        self.ace_unicode = run_cli(exe, "to-unicode", profile, ace_path)
        assert len(self.ace_unicode) == len(self.ace)


@pytest.fixture(scope="module")
def cases(puny_exe: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Cases]:
    """Lazily filled: (corpus, profile) -> Cases."""
    return {}


def get_cases(
    cache: dict[tuple[str, str], Cases], exe: Path, corpus: str, profile: str, tmp: pytest.TempPathFactory
) -> Cases:
    key = (corpus, profile)
    if key not in cache:
        cache[key] = Cases(exe, corpus, profile, tmp.mktemp("ace"))
    return cache[key]


@pytest.fixture(params=[(c, p) for c in CORPORA for p in PROFILES], ids=lambda cp: f"{cp[0]}-{cp[1]}")
def case(
    request: pytest.FixtureRequest,
    cases: dict[tuple[str, str], Cases],
    puny_exe: Path,
    tmp_path_factory: pytest.TempPathFactory,
) -> Cases:
    corpus, profile = request.param
    return get_cases(cases, puny_exe, corpus, profile, tmp_path_factory)


class Diff:
    """Counts agreements and keeps the first disagreements of one comparison."""

    def __init__(self, what: str) -> None:
        self.what = what
        self.same = 0
        self.total = 0
        self.lines: list[str] = []

    def compare(self, index: int, name: str, got: object, want: object) -> None:
        self.total += 1
        if got == want:
            self.same += 1
        elif len(self.lines) < REPORT_LIMIT:
            self.lines.append(f"#{index} {name!r}: got {got!r}, want {want!r}")

    def verify(self) -> None:
        summary = f"{self.what}: {self.same}/{self.total} equal to the puny command"
        print(summary)
        assert self.total > 0
        assert self.same == self.total, "\n".join([summary, *self.lines])


def single(fn: Any, name: str, profile: str, with_location: bool) -> tuple[object, ...]:
    """(output, ok, codes[, label, offset, code_point]) of one single call."""
    try:
        out = fn(name, profile=profile)
    except puny.IDNAError as e:
        if with_location:
            return (None, False, e.codes, e.label, e.position, e.code_point)
        return (None, False, e.codes)
    return (out, True, ()) + ((None, None, None) if with_location else ())


def expected_single(e: Expected, with_location: bool, output_on_failure: bool) -> tuple[object, ...]:
    """The command's record in single()'s shape.  A failed single call has no
    output (ToUnicode's output with errors is compared through the batch)."""
    out = e.output if (e.ok or output_on_failure) else None
    if not with_location:
        return (out, e.ok, e.codes)
    if e.ok:
        return (out, True, (), None, None, None)
    return (out, False, e.codes, e.label, e.offset, e.code_point)


def located(profile: str) -> bool:
    """IDNA2008 and IDNA2003 records carry the first fault's location."""
    return profile.startswith("idna")


def compare_location(diff: Diff, i: int, name: str, got: tuple[object, ...], want: Expected) -> None:
    """Codes and verdict always; the label always; the offset and code point
    where the command names a code point (it writes null for a rule about a
    label as a whole, where IDNAError may still give an offset)."""
    if want.code_point is None and not want.ok:
        diff.compare(i, name, got[:4], (None, False, want.codes, want.label))
    else:
        diff.compare(i, name, got, expected_single(want, True, False))


def test_single_calls(case: Cases) -> None:
    """puny.to_ascii and puny.to_unicode, one name at a time."""
    loc = located(case.profile)
    d_ascii = Diff(f"to_ascii {case.profile}")
    d_unicode = Diff(f"to_unicode {case.profile}")
    d_ace = Diff(f"to_unicode of ACE {case.profile}")
    for i, name in enumerate(case.names):
        got = single(puny.to_ascii, name, case.profile, loc)
        if loc:
            compare_location(d_ascii, i, name, got, case.ascii[i])
        else:
            d_ascii.compare(i, name, got, expected_single(case.ascii[i], False, False))
        got = single(puny.to_unicode, name, case.profile, loc)
        if loc:
            compare_location(d_unicode, i, name, got, case.unicode[i])
        else:
            d_unicode.compare(i, name, got, expected_single(case.unicode[i], False, False))
    for i, name in enumerate(case.ace):
        got = single(puny.to_unicode, name, case.profile, False)
        d_ace.compare(i, name, got, expected_single(case.ace_unicode[i], False, False))
    d_ascii.verify()
    d_unicode.verify()
    d_ace.verify()


def batch_triples(result: Any) -> list[tuple[object, bool, tuple[str, ...]]]:
    """(output, ok, codes) per element of a batch call's result, whether it is
    the (outputs, oks, errors) tuple or a BatchResult of lists or Arrow arrays."""
    outputs, oks, errors = result
    as_list = [x.to_pylist() if hasattr(x, "to_pylist") else list(x) for x in (outputs, oks, errors)]
    return [(o, bool(k), tuple(e) if e is not None else ()) for o, k, e in zip(*as_list)]


def expected_triples(records: list[Expected]) -> list[tuple[object, bool, tuple[str, ...]]]:
    return [(e.output, e.ok, e.codes) for e in records]


def compare_batch(
    what: str, names: list[str], got: list[tuple[object, bool, tuple[str, ...]]], want: list[Expected]
) -> None:
    diff = Diff(what)
    assert len(got) == len(want) == len(names), f"{what}: {len(got)} results for {len(names)} names"
    for i, (g, w) in enumerate(zip(got, expected_triples(want))):
        diff.compare(i, names[i], g, w)
    diff.verify()


@pytest.mark.parametrize("jobs", [1, 3])
def test_batch_lists(case: Cases, jobs: int) -> None:
    """to_ascii_batch / to_unicode_batch over lists: ToUnicode's output is
    there even when the name has errors, as the command writes it."""
    p = case.profile
    compare_batch(
        f"to_ascii_batch {p} jobs={jobs}",
        case.names,
        batch_triples(puny.to_ascii_batch(case.names, jobs=jobs, profile=p)),
        case.ascii,
    )
    compare_batch(
        f"to_unicode_batch {p} jobs={jobs}",
        case.names,
        batch_triples(puny.to_unicode_batch(case.names, jobs=jobs, profile=p)),
        case.unicode,
    )
    compare_batch(
        f"to_unicode_batch of ACE {p} jobs={jobs}",
        case.ace,
        batch_triples(puny.to_unicode_batch(case.ace, jobs=jobs, profile=p)),
        case.ace_unicode,
    )


def test_batch_arrow(case: Cases) -> None:
    """The batch calls over a pyarrow string array: an Arrow array comes back,
    null where a name failed (ToASCII), with the same ok flags and codes."""
    pa = import_or_missing("pyarrow")
    p: Any = case.profile
    for fn, names, want, what in (
        (puny.to_ascii_batch, case.names, case.ascii, "to_ascii_batch"),
        (puny.to_unicode_batch, case.names, case.unicode, "to_unicode_batch"),
        (puny.to_unicode_batch, case.ace, case.ace_unicode, "to_unicode_batch of ACE"),
    ):
        result: Any = fn(pa.array(names, type=pa.string()), jobs=2, profile=p)
        assert isinstance(result, puny.BatchResult)
        assert isinstance(result.outputs, (pa.Array, pa.ChunkedArray)), type(result.outputs)
        assert len(result.outputs) == len(names)
        got = batch_triples((result.outputs, result.ok, result.errors))
        compare_batch(f"{what} arrow {p}", names, got, want)
        nulls = result.outputs.null_count
        assert nulls == sum(1 for w in want if w.output is None), "null exactly where the command writes none"
    # A ChunkedArray of uneven chunks (one empty) keeps its chunk boundaries.
    bounds = [0, 1, 1, len(case.names) // 3, len(case.names)]
    chunked = pa.chunked_array(
        [pa.array(case.names[a:b], type=pa.string()) for a, b in zip(bounds, bounds[1:])], type=pa.string()
    )
    result = puny.to_ascii_batch(chunked, jobs=3, profile=p)
    assert isinstance(result.outputs, pa.ChunkedArray)
    assert [len(c) for c in result.outputs.chunks] == [len(c) for c in chunked.chunks]
    compare_batch(f"to_ascii_batch chunked arrow {p}", case.names, batch_triples(result), case.ascii)


@pytest.mark.parametrize("corpus", CORPORA)
def test_codecs(
    corpus: str, puny_exe: Path, cases: dict[tuple[str, str], Cases], tmp_path_factory: pytest.TempPathFactory
) -> None:
    """str.encode("puny-uts46") is ToASCII (bytes), bytes.decode("puny-uts46")
    ToUnicode; a name that fails raises a UnicodeError (IDNAError, with the codes)."""
    case = get_cases(cases, puny_exe, corpus, "uts46", tmp_path_factory)
    d_enc = Diff(f"str.encode({CODEC!r})")
    d_dec = Diff(f"bytes.decode({CODEC!r}) of ACE")
    for i, name in enumerate(case.names):
        want = case.ascii[i]
        try:
            got: tuple[object, ...] = (name.encode(CODEC), True, ())
        except UnicodeError as e:
            got = (None, False, getattr(e, "codes", ("<not an IDNAError>",)))
        d_enc.compare(
            i,
            name,
            got,
            (want.output.encode("ascii") if want.output is not None else None, want.ok, want.codes),
        )
    for i, ace in enumerate(case.ace):
        want = case.ace_unicode[i]
        try:
            got = (ace.encode("ascii").decode(CODEC), True, ())
        except UnicodeError as e:
            got = (None, False, getattr(e, "codes", ("<not an IDNAError>",)))
        d_dec.compare(i, ace, got, (want.output if want.ok else None, want.ok, want.codes))
    d_enc.verify()
    d_dec.verify()
