"""Punycode encode / decode: the RFC 3492 §7.1 samples, and errors."""

from __future__ import annotations

import pytest

import puny
from conftest import REPO

SAMPLES = REPO / "tests" / "data" / "idna2003" / "rfc3492_samples.tsv"


def samples() -> list[tuple[str, str, str]]:
    rows = []
    for line in SAMPLES.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or line.startswith("sample\t") or not line.strip():
            continue
        cols = line.split("\t")
        text = "".join(chr(int(cp[2:], 16)) for cp in cols[2].split())
        rows.append((cols[0], text, cols[3]))
    return rows


def test_all_samples_present() -> None:
    assert len(samples()) >= 18


@pytest.mark.parametrize(("sample", "text", "punycode"), samples())
def test_rfc3492_sample(sample: str, text: str, punycode: str) -> None:
    # The RFC's Punycode carries case annotation (Appendix A) on some
    # digits; encode() writes lowercase digits, so compare without case,
    # and decoding gives back exactly the code points.
    assert puny.encode(text).lower() == punycode.lower(), sample
    assert puny.decode(punycode) == text, sample


def test_decode_errors() -> None:
    with pytest.raises(puny.IDNAError) as e:
        puny.decode("abc-!")
    assert e.value.codes == ("invalid_digit",)
    assert e.value.position == 4
    assert e.value.profile == "punycode"
    with pytest.raises(puny.IDNAError) as e:
        puny.decode("-")
    assert e.value.codes == ("empty_literal",)


def test_encode_lone_surrogate() -> None:
    with pytest.raises(puny.IDNAError) as e:
        puny.encode("ab\ud800c")
    assert e.value.codes == ("invalid_code_point",)
    assert e.value.position == 2


def test_types() -> None:
    with pytest.raises(TypeError):
        puny.encode(b"abc")  # type: ignore[arg-type]
