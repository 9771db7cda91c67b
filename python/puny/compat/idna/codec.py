"""``idna.codec``: the "idna2008" codec of the idna package, on puny.

Importing this module registers the codec name "idna2008", as importing
``idna.codec`` does (a codec name resolves to the first search function
that knows it, so whichever of the two modules is imported first serves
it).  Only errors="strict" exists; any other value raises IDNAError with
the code "unsupported_errors", as in idna.  The incremental classes buffer
a partial label until a separator or the final call, and apply the
253-octet domain limit to what they have emitted, so that streaming a
name and converting it at once agree.
"""

from __future__ import annotations

import codecs
from typing import Any

from .core import IDNAError, _max_domain_length, _unicode_dots_re, alabel, decode, encode, ulabel

__all__ = [
    "Codec",
    "IncrementalDecoder",
    "IncrementalEncoder",
    "StreamReader",
    "StreamWriter",
    "search_function",
]


def _strict_only(errors: str) -> None:
    if errors != "strict":
        raise IDNAError(f'Unsupported error handling "{errors}"', code="unsupported_errors")


class Codec(codecs.Codec):
    """Stateless codec: whole-domain encode() and decode()."""

    def encode(self, data: str, errors: str = "strict") -> tuple[bytes, int]:
        _strict_only(errors)
        if not data:
            return b"", 0
        return encode(data), len(data)

    def decode(self, data: bytes, errors: str = "strict") -> tuple[str, int]:
        _strict_only(errors)
        if not data:
            return "", 0
        return decode(data), len(data)


def _split_complete(data: str, final: bool) -> tuple[list[str], str]:
    """The complete labels of ``data`` and the separator to append after them."""
    labels = _unicode_dots_re.split(data)
    trailing = ""
    if labels:
        if not labels[-1]:
            trailing = "."
            del labels[-1]
        elif not final:
            del labels[-1]  # may be unfinished: kept for the next call
            if labels:
                trailing = "."
    return labels, trailing


class IncrementalEncoder(codecs.BufferedIncrementalEncoder):
    """Label-wise incremental encoder (any of the four dots ends a label)."""

    def __init__(self, errors: str = "strict") -> None:
        super().__init__(errors)
        self._emitted = 0
        self._trailing_dot = False

    def reset(self) -> None:
        super().reset()
        self._emitted = 0
        self._trailing_dot = False

    def getstate(self) -> Any:
        if not self.buffer and not self._emitted:
            return 0
        return (self.buffer, self._emitted, self._trailing_dot)

    def setstate(self, state: Any) -> None:
        if state:
            self.buffer, self._emitted, self._trailing_dot = state
        else:
            self.reset()

    def _buffer_encode(self, data: str, errors: str, final: bool) -> tuple[bytes, int]:
        _strict_only(errors)
        out = b""
        size = 0
        if data:
            labels, trailing = _split_complete(data, final)
            parts = [alabel(label) for label in labels]
            size = sum(len(label) for label in labels) + max(len(labels) - 1, 0) + len(trailing)
            out = b".".join(parts) + trailing.encode("ascii")
        self._emitted += len(out)
        if out:
            self._trailing_dot = out.endswith(b".")
        if self._emitted > _max_domain_length + (self._trailing_dot or not final):
            raise IDNAError("Domain too long", code="domain_too_long")
        return out, size


class IncrementalDecoder(codecs.BufferedIncrementalDecoder):
    """Label-wise incremental decoder."""

    def __init__(self, errors: str = "strict") -> None:
        super().__init__(errors)
        self._consumed = 0

    def reset(self) -> None:
        super().reset()
        self._consumed = 0

    def getstate(self) -> tuple[bytes, int]:
        return (self.buffer, self._consumed)

    def setstate(self, state: tuple[bytes, int]) -> None:
        self.buffer, self._consumed = state

    def _buffer_decode(self, data: Any, errors: str, final: bool) -> tuple[str, int]:
        _strict_only(errors)
        if not data:
            return "", 0
        if not isinstance(data, str):
            try:
                data = str(data, "ascii")
            except UnicodeDecodeError as err:
                raise IDNAError("Invalid ASCII in A-label", code="invalid_ascii") from err
        if self._consumed + len(data) > _max_domain_length + 1:
            raise IDNAError("Domain too long", code="domain_too_long")
        labels, trailing = _split_complete(data, final)
        size = sum(len(label) for label in labels) + max(len(labels) - 1, 0) + len(trailing)
        out = ".".join(ulabel(label) for label in labels) + trailing
        self._consumed += size
        return out, size


class StreamWriter(Codec, codecs.StreamWriter):
    """Stream writer of the "idna2008" codec."""


class StreamReader(Codec, codecs.StreamReader):
    """Stream reader of the "idna2008" codec."""


def search_function(name: str) -> codecs.CodecInfo | None:
    """The CodecInfo of "idna2008", for codecs.register()."""
    if name != "idna2008":
        return None
    return codecs.CodecInfo(
        name=name,
        encode=Codec().encode,
        decode=Codec().decode,  # type: ignore[arg-type]
        incrementalencoder=IncrementalEncoder,
        incrementaldecoder=IncrementalDecoder,
        streamwriter=StreamWriter,
        streamreader=StreamReader,
    )


codecs.register(search_function)
