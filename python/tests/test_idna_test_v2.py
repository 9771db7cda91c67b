"""UTS #46 conformance through Python: every line of IdnaTestV2.txt (Unicode 17.0.0).

The same comparison as the C++ test (tests/conformance/idna_test_v2.cpp), made
through the Python entry points: for toUnicode, toAsciiN (nontransitional) and
toAsciiT (transitional), the exact output string when the file expects no
error, and the exact set of status codes when it does (no code ignored or
folded: the library reports X4_2 for ToUnicode and A4_1/A4_2 for ToASCII as
the file does).  A status name of the library ("invalid_utf8", ...) among the
codes is a mismatch, as the C++ test's `ok_status` is.  Lines holding a lone
surrogate go in as a Python str holding it, which the binding passes as code
points.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

import puny
from conftest import unicode_file

# IdnaTestV2.txt of Unicode 17.0.0 has this many test lines (as the C++ test asserts).
LINE_COUNT = 6391
REPORT_LIMIT = 40

UTS46_CODES = frozenset(
    ["P4", "V1", "V2", "V3", "V4", "V5", "V6", "V7", "V8", "U1", "A3", "A4_1", "A4_2", "X4_2"]
    + [f"B{i}" for i in range(1, 7)]
    + ["C1", "C2"]
)


@dataclass(frozen=True)
class Line:
    """One test line, every blank column resolved as the file's header says."""

    number: int
    source: str
    to_unicode: str
    to_unicode_status: frozenset[str]
    to_ascii_n: str
    to_ascii_n_status: frozenset[str]
    to_ascii_t: str
    to_ascii_t_status: frozenset[str]


_ESCAPE = re.compile(r"\\u([0-9A-Fa-f]{4})|\\x\{([0-9A-Fa-f]+)\}")


def unescape(column: str) -> str:
    r"""A column's text: \uXXXX and \x{XXXX} escapes (lone surrogates included,
    which a Python str can hold) resolved; "" is the empty string."""
    if column == '""':
        return ""
    return _ESCAPE.sub(lambda m: chr(int(m.group(1) or m.group(2), 16)), column)


def parse_status(column: str, number: int) -> frozenset[str] | None:
    """A status column ("[B1, V6]" or "[]") to a set; None for a blank column (it inherits)."""
    if not column:
        return None
    assert column.startswith("[") and column.endswith("]"), f"line {number}: status {column!r}"
    names = frozenset(n.strip() for n in column[1:-1].split(",") if n.strip())
    unknown = names - UTS46_CODES
    assert not unknown, f"line {number}: unknown status codes {sorted(unknown)}"
    return names


def read_idna_test_v2(path: Path) -> list[Line]:
    """Every test line of the file, in order, with the header's defaults applied:
    a blank toUnicode is the source, a blank toAsciiN is toUnicode, a blank
    toAsciiT is toAsciiN; a blank toUnicodeStatus is [], a blank toAsciiNStatus
    is toUnicodeStatus, a blank toAsciiTStatus is toAsciiNStatus."""
    lines: list[Line] = []
    for number, text in enumerate(path.read_text(encoding="utf-8").split("\n"), start=1):
        # Split on LF only, as the C++ reader's getline: str.splitlines would
        # also split on U+0085, U+2028, ... which test lines may hold.
        data = text.split("#", 1)[0]
        if not data.strip(" \t"):
            continue
        columns = [c.strip(" \t") for c in data.split(";")]
        assert len(columns) >= 7, f"IdnaTestV2.txt line {number} has {len(columns)} columns"
        source = unescape(columns[0])
        to_unicode = unescape(columns[1]) if columns[1] else source
        u_status = parse_status(columns[2], number) or frozenset()
        to_ascii_n = unescape(columns[3]) if columns[3] else to_unicode
        n_status = parse_status(columns[4], number)
        n_status = u_status if n_status is None else n_status
        to_ascii_t = unescape(columns[5]) if columns[5] else to_ascii_n
        t_status = parse_status(columns[6], number)
        t_status = n_status if t_status is None else t_status
        lines.append(Line(number, source, to_unicode, u_status, to_ascii_n, n_status, to_ascii_t, t_status))
    return lines


@pytest.fixture(scope="module")
def lines() -> list[Line]:
    found = read_idna_test_v2(unicode_file("IdnaTestV2.txt"))
    assert len(found) == LINE_COUNT, "IdnaTestV2.txt of Unicode 17.0.0 has 6391 test lines"
    return found


def show(s: str | None) -> str:
    """Printable ASCII as it is, anything else as \\u{XXXX} (as the C++ test shows it)."""
    if s is None:
        return "None"
    return '"' + "".join(c if " " <= c < "\x7f" else f"\\u{{{ord(c):x}}}" for c in s) + '"'


def has_surrogate(s: str) -> bool:
    return any("\ud800" <= c <= "\udfff" for c in s)


def codes_of(codes: tuple[str, ...]) -> frozenset[str]:
    """The set of a result's codes; a code reported twice would hide a bug, so it fails."""
    assert len(set(codes)) == len(codes), f"duplicate codes {codes}"
    return frozenset(codes)


class Tally:
    """Passed lines and the first mismatches of one column."""

    def __init__(self, column: str) -> None:
        self.column = column
        self.passed = 0
        self.total = 0
        self.mismatches: list[str] = []

    def record(
        self,
        line: Line,
        got: str | None,
        got_codes: frozenset[str],
        want: str | None,
        want_codes: frozenset[str],
    ) -> None:
        self.total += 1
        if got == want and got_codes == want_codes:
            self.passed += 1
        elif len(self.mismatches) < REPORT_LIMIT:
            self.mismatches.append(
                f"line {line.number} {self.column} of {show(line.source)}: got {show(got)} "
                f"{sorted(got_codes)}, want {show(want)} {sorted(want_codes)}"
            )

    def verify(self) -> None:
        summary = f"IdnaTestV2 {self.column}: {self.passed}/{self.total}"
        print(summary)
        assert self.passed == self.total, "\n".join([summary, *self.mismatches])


def run_ascii(source: str, transitional: bool = False) -> tuple[str | None, frozenset[str]]:
    """ToASCII through puny.to_ascii: the output, or None and the exception's codes."""
    try:
        return puny.to_ascii(source, transitional_processing=transitional), frozenset()
    except puny.IDNAError as e:
        return None, codes_of(e.codes)


def test_to_unicode(lines: list[Line]) -> None:
    """puny.to_unicode: the output without errors, the codes with them; the
    output string with errors (ToUnicode always produces one) through check()."""
    tally = Tally("toUnicode")
    for t in lines:
        try:
            got: str | None = puny.to_unicode(t.source)
            got_codes: frozenset[str] = frozenset()
        except puny.IDNAError as e:
            got_codes = codes_of(e.codes)
            got = puny.check(t.source).unicode
        tally.record(t, got, got_codes, t.to_unicode, t.to_unicode_status)
    tally.verify()


def test_to_ascii_n(lines: list[Line]) -> None:
    """puny.to_ascii (profile uts46, nontransitional): the string, or no string and the codes."""
    tally = Tally("toAsciiN")
    for t in lines:
        got, got_codes = run_ascii(t.source)
        want = None if t.to_ascii_n_status else t.to_ascii_n
        tally.record(t, got, got_codes, want, t.to_ascii_n_status)
    tally.verify()


def test_to_ascii_t(lines: list[Line]) -> None:
    """puny.to_ascii with transitional processing; the "transitional" profile
    (uts46 with transitional processing) must give the very same."""
    tally = Tally("toAsciiT")
    profile = Tally("toAsciiT profile=transitional")
    for t in lines:
        want = None if t.to_ascii_t_status else t.to_ascii_t
        got, got_codes = run_ascii(t.source, transitional=True)
        tally.record(t, got, got_codes, want, t.to_ascii_t_status)
        try:
            p_got: str | None = puny.to_ascii(t.source, profile="transitional")
            p_codes: frozenset[str] = frozenset()
        except puny.IDNAError as e:
            p_got, p_codes = None, codes_of(e.codes)
        profile.record(t, p_got, p_codes, want, t.to_ascii_t_status)
    tally.verify()
    profile.verify()


def test_check(lines: list[Line]) -> None:
    """puny.check: ok and codes are ToASCII's verdict (N, and T with the flag),
    .ascii its string or None, .unicode ToUnicode's string, errors or not."""
    n_tally = Tally("check N")
    t_tally = Tally("check T")
    u_tally = Tally("check .unicode")
    for t in lines:
        r = puny.check(t.source)
        assert r.ok == (not r.codes) == (r.ascii is not None), f"line {t.number}: {r}"
        n_tally.record(
            t, r.ascii, codes_of(r.codes), None if t.to_ascii_n_status else t.to_ascii_n, t.to_ascii_n_status
        )
        u_tally.record(t, r.unicode, frozenset(), t.to_unicode, frozenset())
        rt = puny.check(t.source, transitional_processing=True)
        t_tally.record(
            t,
            rt.ascii,
            codes_of(rt.codes),
            None if t.to_ascii_t_status else t.to_ascii_t,
            t.to_ascii_t_status,
        )
    n_tally.verify()
    t_tally.verify()
    u_tally.verify()


def test_batch_calls(lines: list[Line]) -> None:
    """to_unicode_batch and to_ascii_batch over the whole file at once, on two
    threads: outputs (ToUnicode's even with errors), ok flags and codes."""
    sources = [t.source for t in lines]
    u_out, u_ok, u_codes = puny.to_unicode_batch(sources, jobs=2)
    n_out, n_ok, n_codes = puny.to_ascii_batch(sources, jobs=2)
    t_out, t_ok, t_codes = puny.to_ascii_batch(sources, jobs=2, transitional_processing=True)
    assert len(u_out) == len(n_out) == len(t_out) == len(lines)
    tallies = (Tally("toUnicode batch"), Tally("toAsciiN batch"), Tally("toAsciiT batch"))
    for i, t in enumerate(lines):
        assert u_ok[i] == (not u_codes[i]) and n_ok[i] == (not n_codes[i]) and t_ok[i] == (not t_codes[i])
        # The batch outputs are built as UTF-8 (shared with the Arrow path), which
        # cannot hold a lone surrogate: there the output may be missing, but the
        # codes must still be the file's.
        u_got = u_out[i]
        if u_got is None and has_surrogate(t.to_unicode):
            u_got = t.to_unicode
        tallies[0].record(t, u_got, codes_of(u_codes[i]), t.to_unicode, t.to_unicode_status)
        tallies[1].record(
            t,
            n_out[i],
            codes_of(n_codes[i]),
            None if t.to_ascii_n_status else t.to_ascii_n,
            t.to_ascii_n_status,
        )
        tallies[2].record(
            t,
            t_out[i],
            codes_of(t_codes[i]),
            None if t.to_ascii_t_status else t.to_ascii_t,
            t.to_ascii_t_status,
        )
    for tally in tallies:
        tally.verify()


def test_parser_defaults(tmp_path: Path) -> None:
    """The column defaults and escapes, on lines shaped as the file's."""
    path_lines = [
        "fass.de; ; ; ; ; ;  # fass.de",
        "faß.de; ; ; xn--fa-hia.de; ; fass.de;  # faß.de",
        "a\\u200Cb; ; [C1]; xn--ab-j1t; ; ab; [] # ab",
        '\\uD800.de; ; [V7]; ; [A3, V7]; ""; # x',
        "x\\x{1F4A9}; ; ; ; ; ;",
    ]
    p = tmp_path / "IdnaTestV2.txt"
    p.write_text("# header\n\n" + "\n".join(path_lines) + "\n", encoding="utf-8")
    got = read_idna_test_v2(p)
    assert [g.number for g in got] == [3, 4, 5, 6, 7]
    assert got[0] == Line(
        3, "fass.de", "fass.de", frozenset(), "fass.de", frozenset(), "fass.de", frozenset()
    )
    assert (got[1].to_unicode, got[1].to_ascii_n, got[1].to_ascii_t) == ("faß.de", "xn--fa-hia.de", "fass.de")
    assert (got[2].source, got[2].to_unicode_status, got[2].to_ascii_n_status, got[2].to_ascii_t_status) == (
        "a\u200cb",
        frozenset({"C1"}),
        frozenset({"C1"}),
        frozenset(),
    )
    assert got[3].source == "\ud800.de"
    assert (got[3].to_ascii_n_status, got[3].to_ascii_t_status, got[3].to_ascii_t) == (
        frozenset({"A3", "V7"}),
        frozenset({"A3", "V7"}),
        "",
    )
    assert got[4].source == "x\U0001f4a9"
