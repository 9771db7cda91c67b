"""The exception and result types of puny (built by the native module)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["CheckResult", "IDNAError"]


class IDNAError(UnicodeError, ValueError):
    """A name (or Punycode string) that does not convert.

    Attributes:
        codes: the rule codes, in name order ("B1", "V6" for UTS #46,
            "DISALLOWED" for IDNA2008, "PROHIBITED" for IDNA2003), or a status
            name ("invalid_utf8", "invalid_digit", ...).
        label: 0-based index of the first label at fault, or None.
        position: 0-based offset of the fault: in that label's Unicode form
            (code points) for a rule, in the input for an encoding error
            (bytes for invalid UTF-8); None when the rule is about a label
            or the name as a whole, and for a UTS #46 rule broken in an
            input over 1 MiB (locating it would take ~44 bytes per code
            point; no DNS name comes near that size).
        code_point: the code point at fault, or None.
        messages: one explanation per code.
        profile: the profile used ("uts46", "idna2008", ..., "punycode").
    """

    def __init__(
        self,
        message: str,
        *,
        codes: tuple[str, ...] = (),
        label: int | None = None,
        position: int | None = None,
        code_point: int | None = None,
        messages: tuple[str, ...] = (),
        profile: str = "",
    ) -> None:
        super().__init__(message)
        self.message = message
        self.codes = tuple(codes)
        self.label = label
        self.position = position
        self.code_point = code_point
        self.messages = tuple(messages)
        self.profile = profile

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class CheckResult:
    """What check() found: the ToASCII verdict and where it fails.

    `ascii` is the ToASCII form (None when it fails), `unicode` the
    ToUnicode form; the other fields are those of IDNAError.
    """

    ok: bool
    codes: tuple[str, ...]
    label: int | None
    position: int | None
    code_point: int | None
    messages: tuple[str, ...]
    ascii: str | None
    unicode: str | None
    profile: str

    def __bool__(self) -> bool:
        return self.ok
