"""puny.IDNAError: its bases and attributes."""

from __future__ import annotations

import pickle

import pytest

import puny


def test_mro() -> None:
    assert issubclass(puny.IDNAError, ValueError)
    assert issubclass(puny.IDNAError, UnicodeError)
    mro = puny.IDNAError.__mro__
    assert mro.index(UnicodeError) < mro.index(ValueError)


def test_attributes() -> None:
    with pytest.raises(ValueError) as e:
        puny.to_ascii("ok.a\u200cb")
    err = e.value
    assert isinstance(err, puny.IDNAError)
    assert err.codes == ("C1",)
    assert err.label == 1
    assert err.position == 1
    assert err.code_point == 0x200C
    assert err.profile == "uts46"
    assert len(err.messages) == 1
    assert "C1" in str(err) and "label 1" in str(err)
    assert err.args == (str(err),)


def test_catch_as_unicode_error() -> None:
    with pytest.raises(UnicodeError):
        puny.to_unicode("xn--a-.de")


def test_pickle() -> None:
    try:
        puny.to_ascii("a\u200cb")
    except puny.IDNAError as err:
        back = pickle.loads(pickle.dumps(err))
        assert (back.codes, back.label, back.position, str(back)) == (
            err.codes,
            err.label,
            err.position,
            str(err),
        )
    else:
        pytest.fail("no IDNAError")
