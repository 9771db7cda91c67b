"""``idna.compat``: the RFC 3490 names of ``encodings.idna``, on IDNA2008."""

from __future__ import annotations

from typing import Any

from .core import decode, encode

__all__ = ["ToASCII", "ToUnicode", "nameprep"]


def ToASCII(label: str) -> bytes:
    """RFC 3490 ToASCII, as idna.encode (IDNA2008)."""
    return encode(label)


def ToUnicode(label: bytes | bytearray) -> str:
    """RFC 3490 ToUnicode, as idna.decode (IDNA2008)."""
    return decode(label)


def nameprep(s: Any) -> None:
    """IDNA2008 has no Nameprep (RFC 3491): always NotImplementedError, as in idna."""
    raise NotImplementedError("IDNA 2008 does not utilise nameprep protocol")
