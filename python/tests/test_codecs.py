"""The "puny-<profile>" codecs that ``import puny`` registers."""

from __future__ import annotations

import codecs
import io

import pytest

import puny
from conftest import corpus_file, missing, read_records


def test_examples() -> None:
    assert "bücher.de".encode("puny-uts46") == b"xn--bcher-kva.de"
    assert b"xn--bcher-kva.de".decode("puny-uts46") == "bücher.de"
    assert "Bücher.de".encode("puny-uts46") == b"xn--bcher-kva.de"
    assert "faß.de".encode("puny-transitional") == b"fass.de"
    assert "faß.de".encode("puny-idna2003") == b"fass.de"
    assert "faß.de".encode("puny-idna2008") == b"xn--fa-hia.de"
    assert codecs.encode("bücher.de", "puny_uts46") == b"xn--bcher-kva.de"
    assert codecs.decode(b"xn--bcher-kva.de", "PUNY-IDNA2008") == "bücher.de"


@pytest.mark.parametrize("profile", puny.PROFILES)
def test_every_profile_is_registered(profile: str) -> None:
    info = codecs.lookup("puny-" + profile)
    assert info.name == "puny-" + profile
    assert "bücher.de".encode("puny-" + profile) == b"xn--bcher-kva.de"
    assert b"xn--bcher-kva.de".decode("puny-" + profile) == "bücher.de"


def test_unknown_name_is_not_ours() -> None:
    with pytest.raises(LookupError):
        codecs.lookup("puny-nonsense")


def test_empty_input() -> None:
    assert "".encode("puny-uts46") == b""
    assert b"".decode("puny-uts46") == ""


def test_errors_raise_idna_error() -> None:
    with pytest.raises(puny.IDNAError) as info:
        "a\u200cb.de".encode("puny-uts46")
    assert info.value.codes == ("C1",)
    assert isinstance(info.value, UnicodeError)
    with pytest.raises(puny.IDNAError) as info2:
        "Bücher.de".encode("puny-idna2008")
    assert info2.value.codes == ("DISALLOWED",)
    with pytest.raises(puny.IDNAError):
        b"xn--a.de".decode("puny-uts46")
    with pytest.raises(puny.IDNAError) as info3:
        b"\xff.de".decode("puny-uts46")
    assert info3.value.codes == ("invalid_utf8",)
    with pytest.raises(puny.IDNAError):
        "a\ud800b".encode("puny-uts46")


@pytest.mark.parametrize("errors", ["ignore", "replace", "backslashreplace", "surrogateescape"])
def test_only_strict(errors: str) -> None:
    with pytest.raises(ValueError, match=errors):
        "bücher.de".encode("puny-uts46", errors)
    with pytest.raises(ValueError, match=errors):
        b"xn--bcher-kva.de".decode("puny-uts46", errors)


def test_incremental_and_streams() -> None:
    name = "ab\u00fc.\u05d0\u05d1.com"
    expected = puny.to_ascii(name).encode("ascii")
    assert b"".join(codecs.iterencode(iter(name), "puny-uts46")) == expected
    assert "".join(codecs.iterdecode((bytes([b]) for b in expected), "puny-uts46")) == puny.to_unicode(name)
    enc = codecs.getincrementalencoder("puny-uts46")()
    assert enc.encode("b\u00fccher.") == b""
    assert enc.encode("de", final=True) == b"xn--bcher-kva.de"
    # The Bidi rule is over the whole name: "1a" alone is fine, not in a Bidi name.
    enc.reset()
    assert enc.encode("1a.") == b""
    with pytest.raises(puny.IDNAError):
        enc.encode("\u05d0", final=True)
    out = io.BytesIO()
    writer = codecs.getwriter("puny-uts46")(out)
    writer.write("b\u00fccher.de")
    assert out.getvalue() == b"xn--bcher-kva.de"
    reader = codecs.getreader("puny-uts46")(io.BytesIO(b"xn--bcher-kva.de"))
    assert reader.read() == "bücher.de"


def test_pandas_str_encode() -> None:
    try:
        import pandas as pd
    except ImportError:
        missing("pandas is not installed")
    s = pd.Series(["bücher.de", "example.com", "faß.de"])
    assert list(s.str.encode("puny-uts46")) == [b"xn--bcher-kva.de", b"example.com", b"xn--fa-hia.de"]
    assert list(s.str.encode("puny-uts46").str.decode("puny-uts46")) == list(s)


def test_corpus_equals_single_calls() -> None:
    """The first 10,000 names of unicode.txt through the codecs equal
    puny.to_ascii / puny.to_unicode (outputs, and the codes of a failure)."""
    names = read_records(corpus_file("unicode"))[:10_000]
    if len(names) < 10_000:
        missing("unicode.txt has fewer than 10,000 names")
    failures = 0
    for name in names:
        try:
            want = puny.to_ascii(name).encode("ascii")
        except puny.IDNAError as err:
            failures += 1
            with pytest.raises(puny.IDNAError) as info:
                name.encode("puny-uts46")
            assert info.value.codes == err.codes, name
        else:
            assert name.encode("puny-uts46") == want, name
            assert want.decode("puny-uts46") == puny.to_unicode(name), name
        try:
            want_u = puny.to_unicode(name)
        except puny.IDNAError:
            with pytest.raises(puny.IDNAError):
                name.encode("utf-8").decode("puny-uts46")
        else:
            assert name.encode("utf-8").decode("puny-uts46") == want_u, name
    assert failures < len(names)
