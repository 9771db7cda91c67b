"""puny.compat.idna: the idna package's API, compared with the idna package.

The comparison (idna 3.20 from the environment) runs on seeded labels and
names built from code points of many scripts, restricted to code points
assigned in every Unicode version involved (the interpreter's unicodedata,
which idna uses for NFC, marks and Bidi classes; idna's own tables; puny's
17.0), as tests/differential/python_idna2008_test.cpp does.  Where both
accept, the outputs are equal; where both reject, the exception classes
are equal.  puny.compat.idna converts label by label with idna's rule set
(hyphens at either end rejected, Bidi per label, ASCII labels kept as
given by encode and lower-cased by decode), so that test's hyphen,
cross-label Bidi and case classes do not arise here; any difference fails.
"""

from __future__ import annotations

import importlib
import os
import pickle
import random
import unicodedata
import warnings
from collections.abc import Callable
from typing import Any

import pytest

import puny
from puny.compat import idna as cidna

CI = os.environ.get("CI") == "true"


def _real_idna() -> Any:
    try:
        return importlib.import_module("idna")
    except ImportError:
        if CI:
            raise
        pytest.skip("the idna package is not installed")


def test_both_import_forms() -> None:
    import puny.compat.idna as direct

    assert direct is cidna
    assert cidna.__version__ == "3.20"
    assert cidna.unicode_version == puny.unicode_version()


def test_public_names_match_idna() -> None:
    real = _real_idna()
    missing = [n for n in real.__all__ if not hasattr(cidna, n)]
    assert missing == []


def test_exception_hierarchy() -> None:
    assert issubclass(cidna.IDNAError, UnicodeError)
    for cls in (cidna.IDNABidiError, cidna.InvalidCodepoint, cidna.InvalidCodepointContext):
        assert issubclass(cls, cidna.IDNAError)
    err = cidna.IDNAError("x")
    assert (err.code, err.text, err.codepoint, err.position) == (None, None, None, None)


@pytest.mark.parametrize(
    ("call", "expected"),
    [
        (lambda: cidna.encode("bücher.de"), b"xn--bcher-kva.de"),
        (lambda: cidna.encode(b"example.com"), b"example.com"),
        (lambda: cidna.encode("Example.com"), b"Example.com"),
        (lambda: cidna.encode("テスト。テスト"), b"xn--zckzah.xn--zckzah"),
        (lambda: cidna.encode("Bücher.de", uts46=True), b"xn--bcher-kva.de"),
        (lambda: cidna.encode("\uff45\uff58\uff41\uff4d\uff50\uff4c\uff45.com", uts46=True), b"example.com"),
        (lambda: cidna.decode(b"xn--bcher-kva.de"), "bücher.de"),
        (lambda: cidna.decode("XN--BCHER-KVA.DE"), "bücher.de"),
        (lambda: cidna.decode("xn--pokxncvks.de", display=True), "xn--pokxncvks.de"),
        (lambda: cidna.alabel("bücher"), b"xn--bcher-kva"),
        (lambda: cidna.ulabel(b"xn--bcher-kva"), "bücher"),
        (lambda: cidna.uts46_remap("\uff21\uff22\uff23\u3002\u00d6"), "abc.ö"),
        (lambda: cidna.uts46_remap("xn--0CA.Ä"), "xn--0ca.ä"),
        (lambda: cidna.check_bidi("\u05d0\u05d1"), True),
        (lambda: cidna.valid_contextj("\u094d\u200c", 1), True),
        (lambda: cidna.valid_contextj("a\u200cb", 1), False),
        (lambda: cidna.valid_contexto("l\u00b7l", 1), True),
        (lambda: cidna.valid_contexto("\u0375\u03b1", 0), True),
        (lambda: cidna.valid_contexto("\u0375a", 0), False),
        (lambda: cidna.valid_contexto("\u05d0\u05f3", 1), True),
        (lambda: cidna.valid_contexto("a\u30fb\u6f22", 1), True),
        (lambda: cidna.valid_contexto("a\u30fba", 1), False),
    ],
)
def test_examples(call: Callable[[], object], expected: object) -> None:
    assert call() == expected


@pytest.mark.parametrize(
    ("call", "cls", "code"),
    [
        (lambda: cidna.encode("Bücher.de"), "InvalidCodepoint", "disallowed_codepoint"),
        (lambda: cidna.encode("a\u200cb"), "InvalidCodepointContext", "contextj"),
        (lambda: cidna.encode("a\u00b7b"), "InvalidCodepointContext", "contexto"),
        (lambda: cidna.encode("a\u05d0"), "IDNABidiError", "bidi_rule_5"),
        (lambda: cidna.encode("-ab"), "IDNAError", "hyphen_start_end"),
        (lambda: cidna.encode("ab--cd"), "IDNAError", "hyphen_3_4"),
        (lambda: cidna.encode("e\u0301"), "IDNAError", "not_nfc"),
        (lambda: cidna.encode("\u0301a"), "IDNAError", "leading_combiner"),
        (lambda: cidna.encode("a..b"), "IDNAError", "empty_label"),
        (lambda: cidna.encode(""), "IDNAError", "empty_domain"),
        (lambda: cidna.encode("a" * 64), "IDNAError", "label_too_long"),
        (lambda: cidna.encode("a" * 1025), "IDNAError", "input_too_long"),
        (lambda: cidna.encode(b"\xff"), "IDNAError", "invalid_ascii"),
        (lambda: cidna.decode("xn--"), "IDNAError", "invalid_alabel"),
        (lambda: cidna.decode("xn---bbk"), "IDNAError", "non_canonical_alabel"),
        (lambda: cidna.uts46_remap("a_b"), "InvalidCodepoint", "uts46_std3"),
        (lambda: cidna.uts46_remap("a\x80"), "InvalidCodepoint", "uts46_disallowed"),
        (lambda: cidna.check_label(b"\xff"), "IDNAError", "invalid_utf8"),
        (lambda: cidna.check_bidi("\u0660\u05d0"), "IDNABidiError", "bidi_rule_1"),
        (lambda: cidna.check_bidi("a-", check_ltr=True), "IDNABidiError", "bidi_rule_6"),
    ],
)
def test_errors(call: Callable[[], object], cls: str, code: str) -> None:
    with pytest.raises(cidna.IDNAError) as info:
        call()
    assert type(info.value).__name__ == cls
    assert info.value.code == code


def test_error_attributes_and_pickle() -> None:
    with pytest.raises(cidna.InvalidCodepoint) as info:
        cidna.alabel("abc\u0141")
    err = info.value
    assert err.args == ("Codepoint U+0141 at position 4 of 'abc\u0141' not allowed",)
    assert (err.code, err.text, err.codepoint, err.position) == (
        "disallowed_codepoint",
        "abc\u0141",
        0x141,
        4,
    )
    again = pickle.loads(pickle.dumps(err))
    assert isinstance(again, cidna.InvalidCodepoint) and again.position == 4


def test_hostile_input_is_bounded() -> None:
    for payload in ("\u0660" * 100_000, "\u30fb" * 100_000 + "\u6f22", "\u200c" * 100_000):
        with pytest.raises(cidna.IDNAError):
            cidna.encode(payload)
        with pytest.raises(cidna.IDNAError):
            cidna.check_label(payload)
    with pytest.raises(cidna.IDNAError):
        cidna.encode("a\ud800b")
    with pytest.raises(cidna.IDNAError):
        cidna.uts46_remap("a\ud800b\u00e9")


def test_transitional_warns() -> None:
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        assert cidna.encode("faß.de", uts46=True, transitional=True) == b"xn--fa-hia.de"
    assert any(issubclass(x.category, DeprecationWarning) for x in w)


# ---------------------------------------------------------------------------
# Differential comparison with the idna package.

_POOLS: dict[str, list[tuple[int, int]]] = {
    "ascii": [(0x61, 0x7A), (0x30, 0x39), (0x2D, 0x2D), (0x41, 0x5A), (0x5F, 0x5F)],
    "latin": [(0xE0, 0xFF), (0x100, 0x17F), (0x300, 0x36F), (0xB7, 0xB7), (0x6C, 0x6C)],
    "greek": [(0x3B1, 0x3C9), (0x375, 0x375), (0x391, 0x3A9)],
    "cyrillic": [(0x430, 0x45F), (0x410, 0x42F)],
    "hebrew": [(0x5D0, 0x5EA), (0x5B0, 0x5BD), (0x5F3, 0x5F4)],
    "arabic": [(0x620, 0x64A), (0x660, 0x669), (0x6F0, 0x6F9), (0x64B, 0x652), (0x200C, 0x200D)],
    "devanagari": [(0x915, 0x939), (0x93E, 0x94D), (0x200C, 0x200D)],
    "thai": [(0xE01, 0xE30), (0xE31, 0xE3A)],
    "kana": [(0x3041, 0x3096), (0x30A1, 0x30FA), (0x30FB, 0x30FC), (0x4E00, 0x4E80)],
    "hangul": [(0xAC00, 0xAD00)],
    "symbols": [(0x2600, 0x2660), (0xFF01, 0xFF5E), (0x1F600, 0x1F640), (0x2010, 0x2027)],
}


def _assigned_everywhere(cp: int) -> bool:
    """Assigned in the interpreter's unicodedata and in puny's Unicode."""
    if unicodedata.category(chr(cp)) in ("Cn", "Cs"):
        return False
    return "UNASSIGNED" not in puny.check(chr(cp), profile="idna2008").codes


def _pool(ranges: list[tuple[int, int]]) -> list[str]:
    return [chr(c) for lo, hi in ranges for c in range(lo, hi + 1) if _assigned_everywhere(c)]


def _items(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    pools = {k: _pool(v) for k, v in _POOLS.items()}
    ascii_pool = pools["ascii"]
    keys = sorted(pools)
    out: list[str] = []
    for i in range(count):
        labels = []
        for _ in range(1 if i % 7 else rng.randint(2, 3)):
            script = pools[rng.choice(keys)]
            n = rng.randint(1, 12)
            label = "".join(rng.choice(script if rng.random() < 0.85 else ascii_pool) for _ in range(n))
            if rng.random() < 0.3:
                label = unicodedata.normalize("NFC", label)
            labels.append(label)
        out.append(".".join(labels))
    return out


def _outcome(f: Callable[..., object], *args: object, **kwargs: object) -> tuple[str, object]:
    try:
        return "ok", f(*args, **kwargs)
    except Exception as err:  # the class is what is compared
        return "error", type(err).__name__


def _unicode_forms(item: Any) -> str:
    """The item with its xn-- labels decoded where they decode at all."""
    text = item.decode("ascii", "replace") if isinstance(item, bytes) else str(item)
    out = []
    for label in text.replace("\u3002", ".").split("."):
        if label[:4].lower() == "xn--":
            try:
                label = puny.decode(label[4:].lower())
            except ValueError:
                pass
        out.append(label)
    return ".".join(out)


def _version_skew(item: Any) -> bool:
    """The one explained class of difference: the item (or an A-label in it,
    decoded) holds a code point unassigned in the interpreter's unicodedata
    (idna's NFC, marks and Bidi classes) or in puny's Unicode 17.0, so the
    two implementations judge it on different data."""
    return not all(_assigned_everywhere(ord(c)) for c in _unicode_forms(item) if not c.isascii())


def _compare(
    real_f: Callable[..., object], ours_f: Callable[..., object], items: list[Any], **kw: object
) -> list[str]:
    diffs = []
    for item in items:
        a = _outcome(real_f, item, **kw)
        b = _outcome(ours_f, item, **kw)
        if a != b and _version_skew(item):
            continue
        if a[0] == "ok" and b[0] == "ok":
            if a[1] != b[1]:
                diffs.append(f"{item!r}: {a[1]!r} != {b[1]!r}")
        elif a[0] == b[0]:
            if a[1] != b[1]:
                diffs.append(f"{item!r}: {a[1]} != {b[1]}")
        else:
            diffs.append(f"{item!r}: idna {a} puny {b}")
    return diffs


def _accepted(f: Callable[[str], bytes], error: type[Exception], items: list[str]) -> list[bytes]:
    """The outputs of ``f`` (the idna package's) on the items it accepts: the
    inputs of the reverse conversion, compared in turn."""
    out = []
    for item in items:
        try:
            out.append(f(item))
        except error:
            continue
    return out


def test_encode_decode_match_idna() -> None:
    real = _real_idna()
    items = _items(3000, seed=25)
    for kw in ({}, {"strict": True}, {"uts46": True}, {"uts46": True, "std3_rules": True}):
        assert _compare(real.encode, cidna.encode, items, **kw)[:10] == []
    encoded = _accepted(real.encode, real.IDNAError, items)
    assert len(encoded) > 300
    assert _compare(real.decode, cidna.decode, encoded)[:10] == []
    # ASCII forms in mixed case and damaged A-labels.
    rng = random.Random(5)
    damaged = []
    for e in encoded[:1000]:
        s = e.decode("ascii")
        s = "".join(c.upper() if rng.random() < 0.2 else c for c in s)
        if rng.random() < 0.5 and len(s) > 5:
            i = rng.randrange(4, len(s))
            s = s[:i] + rng.choice("-0a9z") + s[i + 1 :]
        damaged.append(s)
    assert _compare(real.decode, cidna.decode, damaged)[:10] == []
    assert _compare(real.decode, cidna.decode, damaged, uts46=True)[:10] == []


def test_labels_match_idna() -> None:
    real = _real_idna()
    labels = [i.split(".")[0] for i in _items(3000, seed=7)]
    assert _compare(real.alabel, cidna.alabel, labels)[:10] == []
    assert _compare(real.check_label, cidna.check_label, labels)[:10] == []
    alabels = _accepted(real.alabel, real.IDNAError, labels)
    assert _compare(real.ulabel, cidna.ulabel, alabels)[:10] == []
    assert _compare(real.uts46_remap, cidna.uts46_remap, labels)[:10] == []
    assert _compare(real.uts46_remap, cidna.uts46_remap, labels, std3_rules=False)[:10] == []


@pytest.mark.parametrize("corpus", ["unicode", "mixed", "ascii"])
def test_corpus_matches_idna(corpus: str) -> None:
    """2,000 names of each corpus, through encode and decode with and without
    UTS #46 mapping: the same output or the same exception class."""
    from conftest import corpus_file, read_records

    real = _real_idna()
    names = read_records(corpus_file(corpus))[:2000]
    for kw in ({}, {"uts46": True}):
        assert _compare(real.encode, cidna.encode, names, **kw)[:10] == []
        assert _compare(real.decode, cidna.decode, names, **kw)[:10] == []
