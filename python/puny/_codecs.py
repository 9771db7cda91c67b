"""Codecs for str.encode / bytes.decode: one per puny profile.

``import puny`` registers "puny-uts46", "puny-whatwg", "puny-transitional",
"puny-display", "puny-idna2008", "puny-idna2008-registration" and
"puny-idna2003" (the profile name after "puny-"; "_" and "-" are the same
to the codec registry, which normalizes names), so that
``"bücher.de".encode("puny-uts46") == b"xn--bcher-kva.de"`` and
``pandas.Series(...).str.encode("puny-uts46")`` work.

Encoding is ToASCII, decoding ToUnicode, each on the whole input as one
domain name with the profile's defaults.  A name that does not convert
raises puny.IDNAError, a UnicodeError and ValueError carrying the codes,
label and position: the codec machinery passes any exception through, and
a UnicodeEncodeError would need an (object, start, end) span that a
whole-name rule such as Bidi or the DNS length does not have.

Only errors="strict" exists: IDNA has no per-character recovery (a failing
name is not a name with some characters dropped), so "ignore", "replace"
and the rest raise ValueError naming the handler rather than returning
something that is not the conversion.  Empty input gives empty output (as
the stdlib "idna" codec), so that stream writers and the final call of an
incremental coder work.

The incremental coders buffer the whole input and convert it on the final
call, so that their output is exactly the one-shot conversion: the Bidi
rule (RFC 5893 §2, UTS #46 §4.1 V8) and the DNS length are about the whole
name, so a label cannot be converted before the rest is known.
"""

from __future__ import annotations

import codecs
from typing import Any

from ._profiles import PROFILES as _PROFILES
from ._puny import to_ascii, to_unicode

__all__ = ["CODEC_NAMES", "codec_info", "search_function"]


CODEC_NAMES = tuple("puny-" + p for p in _PROFILES)
"""The names registered by ``import puny``."""


def _strict_only(errors: str) -> None:
    if errors != "strict":
        raise ValueError(f"the puny codecs support only errors='strict', not {errors!r}")


def _encoder(profile: str) -> Any:
    def encode(data: str, errors: str = "strict") -> tuple[bytes, int]:
        _strict_only(errors)
        if not data:
            return b"", 0
        return to_ascii(str(data), profile=profile).encode("ascii"), len(data)  # type: ignore[arg-type]

    return encode


def _decoder(profile: str) -> Any:
    def decode(data: Any, errors: str = "strict") -> tuple[str, int]:
        _strict_only(errors)
        raw = bytes(data)
        if not raw:
            return "", 0
        out: bytes = to_unicode(raw, profile=profile)  # type: ignore[arg-type]
        return out.decode("utf-8"), len(raw)

    return decode


def codec_info(profile: str) -> codecs.CodecInfo:
    """The CodecInfo of "puny-<profile>"."""
    if profile not in _PROFILES:
        raise LookupError(f"unknown puny profile {profile!r}")
    encode = _encoder(profile)
    decode = _decoder(profile)

    class IncrementalEncoder(codecs.BufferedIncrementalEncoder):
        """Buffers until the final call, then encodes the whole name."""

        def _buffer_encode(self, data: str, errors: str, final: bool) -> tuple[bytes, int]:
            _strict_only(errors)
            if not final:
                return b"", 0
            out: tuple[bytes, int] = encode(data, errors)
            return out

    class IncrementalDecoder(codecs.BufferedIncrementalDecoder):
        """Buffers until the final call, then decodes the whole name."""

        def _buffer_decode(self, data: Any, errors: str, final: bool) -> tuple[str, int]:
            _strict_only(errors)
            if not final:
                return "", 0
            out: tuple[str, int] = decode(data, errors)
            return out

    class StreamWriter(codecs.StreamWriter):
        """Writes each write() call's text as one converted name."""

        def encode(self, data: str, errors: str = "strict") -> tuple[bytes, int]:
            out: tuple[bytes, int] = encode(data, errors)
            return out

    class StreamReader(codecs.StreamReader):
        """Reads the stream as one name (read() with no size reads it all)."""

        def decode(self, data: bytes, errors: str = "strict") -> tuple[str, int]:
            out: tuple[str, int] = decode(data, errors)
            return out

    return codecs.CodecInfo(
        name="puny-" + profile,
        encode=encode,
        decode=decode,
        incrementalencoder=IncrementalEncoder,
        incrementaldecoder=IncrementalDecoder,
        streamwriter=StreamWriter,
        streamreader=StreamReader,
    )


_cache: dict[str, codecs.CodecInfo] = {}


def search_function(name: str) -> codecs.CodecInfo | None:
    """The codec search function: "puny-<profile>" (any case, "-" or "_")."""
    key = name.lower().replace("_", "-")
    if not key.startswith("puny-"):
        return None
    profile = key[len("puny-") :]
    if profile not in _PROFILES:
        return None
    if profile not in _cache:
        _cache[profile] = codec_info(profile)
    return _cache[profile]


codecs.register(search_function)
