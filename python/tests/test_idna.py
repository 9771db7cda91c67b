"""to_ascii, to_unicode and check under each profile."""

from __future__ import annotations

import pytest

import puny

# IdnaTestV2-style: source, ToUnicode, ToUnicode codes, ToASCII (N), ToASCII codes.
CASES = [
    ("fass.de", "fass.de", (), "fass.de", ()),
    ("faß.de", "faß.de", (), "xn--fa-hia.de", ()),
    ("Bücher.de", "bücher.de", (), "xn--bcher-kva.de", ()),
    ("xn--ls8h", "\U0001f4a9", (), "xn--ls8h", ()),
    ("a\u200cb", "a\u200cb", ("C1",), None, ("C1",)),
    ("-abc.de", "-abc.de", ("V3",), None, ("V3",)),
    ("ab--cd.de", "ab--cd.de", ("V2",), None, ("V2",)),
    ("\u0301abc", "\u0301abc", ("V6",), None, ("V6",)),
    ("1\u0627.de", "1\u0627.de", ("B1",), None, ("B1",)),
    ("a_b.de", "a_b.de", ("U1",), None, ("U1",)),
    ("a..b", "a..b", ("X4_2",), None, ("A4_2",)),
    ("ab\ud800.de", "ab\ud800.de", ("V7",), None, ("A3", "V7")),
]


@pytest.mark.parametrize(("source", "uni", "uni_codes", "ascii", "ascii_codes"), CASES)
def test_uts46(
    source: str, uni: str, uni_codes: tuple[str, ...], ascii: str | None, ascii_codes: tuple[str, ...]
) -> None:
    if ascii_codes:
        with pytest.raises(puny.IDNAError) as e:
            puny.to_ascii(source)
        assert e.value.codes == ascii_codes
    else:
        assert puny.to_ascii(source) == ascii
    if uni_codes:
        with pytest.raises(puny.IDNAError) as e:
            puny.to_unicode(source)
        assert e.value.codes == uni_codes
    else:
        assert puny.to_unicode(source) == uni
    outs, oks, codes = puny.to_unicode_batch([source])
    # The batch outputs are UTF-8 inside (lists and Arrow alike): one that
    # would hold a lone surrogate is None, its verdict stands.
    has_surrogate = any(0xD800 <= ord(c) <= 0xDFFF for c in uni)
    assert (outs, oks, codes) == ([None if has_surrogate else uni], [not uni_codes], [uni_codes])
    r = puny.check(source)
    assert (r.ok, r.codes, r.ascii, r.unicode) == (not ascii_codes, ascii_codes, ascii, uni)


def test_flags() -> None:
    assert puny.to_ascii("a_b.de", use_std3_ascii_rules=False) == "a_b.de"
    assert puny.to_ascii("faß.de", transitional_processing=True) == "fass.de"
    assert puny.to_ascii("faß.de", profile="transitional") == "fass.de"
    assert puny.to_ascii("-abc.de", check_hyphens=False) == "-abc.de"
    assert puny.to_ascii("a\u200cb", check_joiners=False) == "xn--ab-j1t"
    assert puny.to_ascii("1\u0627.de", check_bidi=False) == "xn--" + puny.encode("1\u0627") + ".de"
    assert puny.to_ascii("a..b", verify_dns_length=False) == "a..b"
    assert puny.to_ascii("a_b.de", profile="whatwg") == "a_b.de"


def test_profiles() -> None:
    assert puny.to_ascii("faß.de", profile="idna2008") == "xn--fa-hia.de"
    assert puny.to_ascii("faß.de", profile="idna2003") == "fass.de"
    assert puny.to_ascii("l\u00b7l.cat", profile="idna2008-registration") == "xn--ll-0ea.cat"
    assert puny.to_unicode("xn--bcher-kva.de", profile="idna2008") == "bücher.de"
    assert puny.to_unicode("xn--bcher-kva.de", profile="idna2003") == "bücher.de"
    with pytest.raises(puny.IDNAError) as e:
        puny.to_ascii("Bücher.de", profile="idna2008")
    assert (e.value.codes, e.value.label, e.value.position, e.value.code_point) == (
        ("DISALLOWED",),
        0,
        0,
        ord("B"),
    )
    with pytest.raises(puny.IDNAError) as e:
        puny.to_ascii("-a.de", profile="idna2008-registration")
    assert e.value.codes == ("HYPHEN_START_END",)
    assert puny.to_ascii("-a.de", profile="idna2008") == "-a.de"
    assert puny.to_ascii("a_b.de", profile="idna2008", check_hostname=False) == "a_b.de"
    with pytest.raises(puny.IDNAError) as e:
        puny.to_ascii("a_b.de", profile="idna2003", use_std3_ascii_rules=True)
    assert e.value.codes == ("NON_LDH_ASCII",)
    assert (
        puny.to_ascii("a\u0221.de", profile="idna2003", allow_unassigned=True)
        == "xn--" + puny.encode("a\u0221") + ".de"
    )
    with pytest.raises(puny.IDNAError) as e:
        puny.to_ascii("a\u0221.de", profile="idna2003")
    assert e.value.codes == ("UNASSIGNED",)
    assert puny.to_ascii("x.de", profile="idna2003", nfkc="unicode-3.2") == "x.de"
    assert puny.to_ascii("x.de", profile="idna2008", check_contexto=False, allow_trailing_dot=True) == "x.de"


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="unknown profile"):
        puny.to_ascii("x", profile="nope")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="check_contexto"):
        puny.to_ascii("x", check_contexto=True)
    with pytest.raises(TypeError, match="allow_unassigned"):
        puny.to_ascii("x", profile="idna2008", allow_unassigned=True)
    with pytest.raises(ValueError, match="nfkc"):
        puny.to_ascii("x", profile="idna2003", nfkc="nfc")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        puny.to_ascii(None)  # type: ignore[type-var]
    with pytest.raises(TypeError):
        puny.to_ascii("x", "uts46")  # type: ignore[call-arg]


def test_bytes() -> None:
    assert puny.to_ascii("bücher.de".encode()) == b"xn--bcher-kva.de"
    assert puny.to_unicode(b"xn--bcher-kva.de") == "bücher.de".encode()
    for profile in puny.PROFILES:
        with pytest.raises(puny.IDNAError) as e:
            puny.to_ascii(b"ab\xffcd.de", profile=profile)  # type: ignore[arg-type]
        assert e.value.codes == ("invalid_utf8",)
        assert e.value.position == 2
        assert e.value.label is None
    r = puny.check(b"a\xc3")
    assert (r.ok, r.codes, r.position) == (False, ("invalid_utf8",), 1)


def test_lone_surrogates_every_profile() -> None:
    for profile in puny.PROFILES:
        with pytest.raises(puny.IDNAError) as e:
            puny.to_ascii("ok.a\udc00b", profile=profile)  # type: ignore[arg-type]
        assert e.value.label == 1, profile
        assert e.value.codes, profile


def test_check_location() -> None:
    r = puny.check("ok.a\u200cb")
    assert not r
    assert (r.codes, r.label, r.position, r.code_point) == (("C1",), 1, 1, 0x200C)
    assert "ZERO WIDTH NON-JOINER" in r.messages[0]
    assert puny.check("ok.de") == puny.check("ok.de")
    assert puny.check("ok.de").ok


def test_long_input() -> None:
    big = "a" * (16 << 20)
    assert len(puny.to_unicode(big, verify_dns_length=False)) == len(big)


def test_version() -> None:
    assert puny.unicode_version() == "17.0.0"
    assert puny.__version__.count(".") == 2
