"""The ``idna.core`` API (kjd/idna 3.20) on puny's IDNA2008 and UTS #46 engines.

The control flow of ``encode``, ``decode``, ``alabel`` and ``ulabel`` follows
the ``idna`` package step by step (its length limits, label splitting, the
order in which a label's rules are tried, its exception classes, codes and
messages), because callers catch those classes and some read the codes.
What each step decides comes from puny: the RFC 5892 derived properties,
CONTEXTJ/CONTEXTO, NFC, the Bidi rule (RFC 5893) and the UTS #46 mapping,
all on puny's Unicode 17.0 data, in linear time.  The only use of the
interpreter's ``unicodedata`` is to locate, for an error's ``position``
attribute, the code point of a Bidi rule 3, 4 or 6 failure that puny has
already found (those rules are about the label as a whole).

The class layout, the error codes and the message wording are those of the
``idna`` package (BSD-3-Clause, Copyright (c) 2013-2025, Kim Davies and
contributors), so that code written against it keeps working.
"""

from __future__ import annotations

import re
import unicodedata
import warnings
from typing import Any, Literal, TypeVar

import puny

__all__ = [
    "IDNABidiError",
    "IDNAError",
    "InvalidCodepoint",
    "InvalidCodepointContext",
    "alabel",
    "check_bidi",
    "check_hyphen_ok",
    "check_initial_combiner",
    "check_label",
    "check_nfc",
    "decode",
    "encode",
    "ulabel",
    "uts46_remap",
    "valid_contextj",
    "valid_contexto",
    "valid_label_length",
    "valid_string_length",
]

_alabel_prefix = b"xn--"
_max_input_length = 1024
_max_domain_length = 253  # RFC 1035 octets, excluding any trailing dot
_unicode_dots_re = re.compile("[\u002e\u3002\uff0e\uff61]")
_std3_disallowed_re = re.compile("[\x00-\x2c\x2f\x3a-\x40A-Z\x5b-\x60\x7b-\x7f]")
_ldh_re = re.compile("[a-z0-9-]*")
_surrogate_re = re.compile("[\ud800-\udfff]")
_upper_ascii_re = re.compile("[A-Z]")
_other_dots_re = re.compile("[\u3002\uff0e\uff61]")
_LOWER_ASCII = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")

# RFC 5892: the CONTEXTJ and CONTEXTO code points (Appendix A); fixed by the
# RFC, not by a Unicode version.
_JOINERS = frozenset({0x200C, 0x200D})
_CONTEXTO = frozenset(
    {0x00B7, 0x0375, 0x05F3, 0x05F4, 0x30FB, *range(0x0660, 0x066A), *range(0x06F0, 0x06FA)}
)
_CODE_POINT_RULES = frozenset({"DISALLOWED", "UNASSIGNED", "CONTEXTJ", "CONTEXTO", "CONTEXT_NO_RULE"})
_BIDI_CODES = ("BIDI_1", "BIDI_2", "BIDI_3", "BIDI_4", "BIDI_5", "BIDI_6")

# The UTS #46 code of puny that makes idna's uts46_remap reject a character:
# V7, a disallowed code point (UTS #46 §4.1 criterion 7).
_UTS46_DISALLOWED = frozenset({"V7"})

_ErrorCode = Literal[
    "input_too_long",
    "label_too_long",
    "domain_too_long",
    "empty_label",
    "empty_domain",
    "not_nfc",
    "hyphen_3_4",
    "hyphen_start_end",
    "leading_combiner",
    "disallowed_codepoint",
    "contextj",
    "contexto",
    "unknown_codepoint",
    "bidi_rule_1",
    "bidi_rule_2",
    "bidi_rule_3",
    "bidi_rule_4",
    "bidi_rule_5",
    "bidi_rule_6",
    "bidi_unknown_direction",
    "invalid_alabel",
    "non_canonical_alabel",
    "invalid_ascii",
    "invalid_utf8",
    "uts46_disallowed",
    "uts46_std3",
    "unsupported_errors",
]


class IDNAError(UnicodeError):
    """Base exception for all IDNA-encoding related problems (as ``idna.IDNAError``).

    ``code`` is the stable identifier of the rule that failed, ``text`` the
    label (or, for UTS #46 mapping, the domain) being validated, ``codepoint``
    the offending code point and ``position`` its 1-based index in ``text``;
    each is None when it does not apply.
    """

    code: str | None
    text: str | None
    codepoint: int | None
    position: int | None

    def __init__(
        self,
        *args: object,
        code: _ErrorCode | None = None,
        text: str | None = None,
        codepoint: int | None = None,
        position: int | None = None,
    ) -> None:
        super().__init__(*args)
        self.code = code
        self.text = text
        self.codepoint = codepoint
        self.position = position


class IDNABidiError(IDNAError):
    """Exception when bidirectional requirements are not satisfied"""


class InvalidCodepoint(IDNAError):
    """Exception when a disallowed or unallocated codepoint is used"""


class InvalidCodepointContext(IDNAError):
    """Exception when the codepoint is not valid in the context it is used"""


def _unot(s: int) -> str:
    return f"U+{s:04X}"


def _limit_input(text: str | bytes | bytearray, what: str) -> None:
    """idna refuses any input over 1024 characters before looking at it, which
    keeps every rule below linear on a bounded input."""
    if len(text) > _max_input_length:
        raise IDNAError(f"{what} too long", code="input_too_long")


def _disallowed(label: str, pos: int) -> InvalidCodepoint:
    """idna's error for a code point of ``label`` (0-based ``pos``) that is not PVALID."""
    cp = ord(label[pos])
    return InvalidCodepoint(
        f"Codepoint {_unot(cp)} at position {pos + 1} of {label!r} not allowed",
        code="disallowed_codepoint",
        text=label,
        codepoint=cp,
        position=pos + 1,
    )


def _leading_combiner(label: str) -> IDNAError:
    """idna's error for a label that begins with a combining mark (RFC 5891 §4.2.3.2)."""
    return IDNAError(
        "Label begins with an illegal combining character",
        code="leading_combiner",
        text=label,
        codepoint=ord(label[0]),
        position=1,
    )


def _uts46_error(code: _ErrorCode, domain: str, codepoint: int, position: int) -> InvalidCodepoint:
    """idna's uts46_remap error for ``codepoint`` at 1-based ``position`` of ``domain``."""
    return InvalidCodepoint(
        f"Codepoint {_unot(codepoint)} not allowed at position {position} in {domain!r}",
        code=code,
        text=domain,
        codepoint=codepoint,
        position=position,
    )


def _probe(label: str) -> str:
    """``label`` made safe to give puny as a one-label name.

    U+002E would split it, and a lone surrogate cannot be converted; both are
    DISALLOWED in IDNA2008, as are the stand-ins (U+002C has U+002E's Bidi
    class CS; U+FFFF is a noncharacter).  Positions are unchanged, and every
    error names the code point of the original label.
    """
    if "." in label:
        label = label.replace(".", ",")
    if _surrogate_re.search(label):
        label = _surrogate_re.sub("\uffff", label)
    return label


def _check8(text: str, *, check_bidi: bool = True) -> puny.CheckResult:
    """puny's IDNA2008 lookup with idna's rule set: hyphens at either end are
    an error (idna applies RFC 5891 §4.2.3.1 on lookup too), and lengths are
    checked by the caller, as idna does."""
    return puny.check(
        text, profile="idna2008", check_hyphens=True, check_bidi=check_bidi, verify_dns_length=False
    )


def valid_label_length(label: bytes | str) -> bool:
    """Whether a label is at most 63 characters (str) or octets (bytes): RFC 1035."""
    return len(label) <= 63


def valid_string_length(domain: bytes | str, trailing_dot: bool) -> bool:
    """Whether a domain is at most 253 octets (254 with its trailing dot): RFC 1035."""
    return len(domain) <= _max_domain_length + trailing_dot


def _bidi_scan(label: str) -> dict[str, tuple[int, int]]:
    """Where idna's check_bidi loop would report each Bidi rule: rule code to
    (1-based position, code point), from the interpreter's Bidi classes.  Used
    only to place an error that puny has found."""
    where: dict[str, tuple[int, int]] = {}
    if not label:
        return where
    first = unicodedata.bidirectional(label[0])
    rtl = first in ("R", "AL")
    where["BIDI_1"] = (1, ord(label[0]))
    ending = 1
    number_type = ""
    for idx, ch in enumerate(label, 1):
        d = unicodedata.bidirectional(ch)
        if rtl:
            if d not in ("R", "AL", "AN", "EN", "ES", "CS", "ET", "ON", "BN", "NSM"):
                where.setdefault("BIDI_2", (idx, ord(ch)))
            if d in ("AN", "EN"):
                if not number_type:
                    number_type = d
                elif number_type != d:
                    where.setdefault("BIDI_4", (idx, ord(ch)))
        elif d not in ("L", "EN", "ES", "CS", "ET", "ON", "BN", "NSM"):
            where.setdefault("BIDI_5", (idx, ord(ch)))
        if d != "NSM":
            ending = idx
    where["BIDI_3"] = where["BIDI_6"] = (ending, ord(label[ending - 1]))
    return where


_BIDI_MESSAGES = {
    "BIDI_1": "First codepoint in label {label!r} must be directionality L, R or AL",
    "BIDI_2": "Invalid direction for codepoint at position {idx} in a right-to-left label",
    "BIDI_3": "Label ends with illegal codepoint directionality",
    "BIDI_4": "Can not mix numeral types in a right-to-left label",
    "BIDI_5": "Invalid direction for codepoint at position {idx} in a left-to-right label",
    "BIDI_6": "Label ends with illegal codepoint directionality",
}
_BIDI_IDNA_CODES: dict[str, _ErrorCode] = {
    "BIDI_1": "bidi_rule_1",
    "BIDI_2": "bidi_rule_2",
    "BIDI_3": "bidi_rule_3",
    "BIDI_4": "bidi_rule_4",
    "BIDI_5": "bidi_rule_5",
    "BIDI_6": "bidi_rule_6",
}


def _bidi_error(label: str, result: puny.CheckResult) -> IDNABidiError | None:
    """The IDNABidiError idna raises for the first Bidi rule puny found broken
    in ``label`` (rule 1, then rules 2/4 or 5 by position, then 3 or 6)."""
    found = [c for c in _BIDI_CODES if c in result.codes]
    if not found:
        return None
    where = _bidi_scan(label)
    if "BIDI_1" in found:
        rule = "BIDI_1"
    else:
        in_loop = [c for c in found if c in ("BIDI_2", "BIDI_4", "BIDI_5")]
        if in_loop:
            rule = min(in_loop, key=lambda c: where.get(c, (len(label) + 1, 0))[0])
        else:
            rule = found[0]
    if rule in where:
        idx, cp = where[rule]
    elif result.position is not None and result.position < len(label):
        idx, cp = result.position + 1, ord(label[result.position])
    else:
        idx, cp = len(label), ord(label[-1])
    message = _BIDI_MESSAGES[rule].format(label=label, idx=idx)
    return IDNABidiError(message, code=_BIDI_IDNA_CODES[rule], text=label, codepoint=cp, position=idx)


def _unassigned_position(label: str) -> int:
    """0-based index of the first code point unassigned in puny's Unicode."""
    for pos, ch in enumerate(label):
        if ch.isascii():
            continue
        if "UNASSIGNED" in puny.check(_probe(ch), profile="idna2008").codes:
            return pos
    return 0


def check_bidi(label: str, check_ltr: bool = False) -> bool:
    """The Bidi Rule of RFC 5893 on one label, as idna's check_bidi.

    It applies when the label holds an R, AL or AN character, or always with
    ``check_ltr``.  puny decides (it applies the rule to every label of a
    Bidi domain name, so an R label is appended to force it on an LTR one);
    a code point unassigned in puny's Unicode 17.0 has no Bidi class here,
    as one unknown to ``unicodedata`` has none in idna.
    """
    _limit_input(label, "Label")
    if not label:
        return True
    probe = _probe(label)
    result = puny.check(
        probe + ".\u05d0" if check_ltr else probe,
        profile="idna2008",
        check_hyphens=False,
        check_contexto=False,
        verify_dns_length=False,
    )
    if "UNASSIGNED" in result.codes:
        pos = _unassigned_position(label)
        raise IDNABidiError(
            f"Unknown directionality in label {label!r} at position {pos + 1}",
            code="bidi_unknown_direction",
            text=label,
            codepoint=ord(label[pos]),
            position=pos + 1,
        )
    err = _bidi_error(label, result)
    if err is not None:
        raise err
    return True


def check_initial_combiner(label: str) -> bool:
    """Reject a label that begins with a combining mark (gc M): RFC 5891 §4.2.3.2."""
    if label and not label[0].isascii():
        if "LEADING_COMBINING_MARK" in puny.check(_probe(label[0]), profile="idna2008").codes:
            raise _leading_combiner(label)
    return True


def check_hyphen_ok(label: str) -> bool:
    """No "--" in positions 3-4 and no hyphen at either end: RFC 5891 §4.2.3.1."""
    if label[2:4] == "--":
        raise IDNAError("Label has disallowed hyphens in 3rd and 4th position", code="hyphen_3_4")
    if label.startswith("-") or label.endswith("-"):
        raise IDNAError("Label must not start or end with a hyphen", code="hyphen_start_end")
    return True


def check_nfc(label: str) -> None:
    """Require that a label is in NFC (RFC 5891 §5.4), on puny's Unicode data."""
    _limit_input(label, "Label")
    if label and not label.isascii() and "NOT_NFC" in puny.check(_probe(label), profile="idna2008").codes:
        raise IDNAError("Label must be in Normalization Form C", code="not_nfc")


def valid_contextj(label: str, pos: int) -> bool:
    """Whether the joiner at ``pos`` satisfies RFC 5892 A.1 or A.2.

    Other joiners of the label are replaced by "a": like U+200C (Joining_Type
    U) and U+200D (Joining_Type C) it ends a Joining_Type T run and has
    combining class 0, so only the joiner at ``pos`` can fail.
    """
    _limit_input(label, "Label")
    if ord(label[pos]) not in _JOINERS:
        return False
    probe = "".join("a" if ch in "\u200c\u200d" and i != pos else ch for i, ch in enumerate(_probe(label)))
    return "CONTEXTJ" not in puny.check(probe, profile="idna2008").codes


def _context_o_failed(text: str) -> bool:
    return "CONTEXTO" in puny.check(_probe(text), profile="idna2008").codes


def valid_contexto(label: str, pos: int, exception: bool = False) -> bool:
    """Whether the CONTEXTO code point at ``pos`` satisfies RFC 5892 A.3-A.9.

    The rules that ask for a Script (A.4, A.5-A.6, A.7) are put to puny on
    the context they read; the others are about fixed code points.
    """
    _limit_input(label, "Label")
    cp = ord(label[pos])
    if cp == 0x00B7:
        return 0 < pos < len(label) - 1 and label[pos - 1] == "l" and label[pos + 1] == "l"
    if cp == 0x0375:
        if pos + 1 >= len(label) or ord(label[pos + 1]) in _CONTEXTO:
            return False
        return not _context_o_failed("\u0375" + label[pos + 1])
    if cp in (0x05F3, 0x05F4):
        if pos == 0:
            return False
        before = ord(label[pos - 1])
        if before in _CONTEXTO:
            return before in (0x05F3, 0x05F4)
        return not _context_o_failed(label[pos - 1] + label[pos])
    if cp == 0x30FB:
        rest = "".join(ch for ch in label if ord(ch) not in _CONTEXTO and ch != ".")
        return bool(rest) and not _context_o_failed("\u30fb" + rest)
    if 0x0660 <= cp <= 0x0669:
        return not any(0x06F0 <= ord(ch) <= 0x06F9 for ch in label)
    if 0x06F0 <= cp <= 0x06F9:
        return not any(0x0660 <= ord(ch) <= 0x0669 for ch in label)
    return False


def _ascii_label_error(label: str) -> IDNAError | None:
    """idna's check_label on an ASCII label: only a-z, 0-9 and "-" are PVALID."""
    try:
        check_hyphen_ok(label)
    except IDNAError as err:
        return err
    if _ldh_re.fullmatch(label):
        return None
    return _disallowed(label, next(i for i, ch in enumerate(label) if not _ldh_re.fullmatch(ch)))


def _label_error(label: str) -> IDNAError | None:
    """The exception idna's check_label raises for a non-empty label, or None.

    idna tries NFC, the hyphen rules, a leading mark, then each code point in
    order (DISALLOWED, CONTEXTJ, CONTEXTO), then Bidi; puny reports every rule
    at once, and the first of them in that order is raised.
    """
    if label.isascii():
        return _ascii_label_error(label)
    probe = _probe(label)
    result = _check8(probe)
    if result.ok:
        return None
    codes = set(result.codes)
    if "NOT_NFC" in codes:
        return IDNAError("Label must be in Normalization Form C", code="not_nfc")
    if "HYPHEN_3_4" in codes or "HYPHEN_START_END" in codes:
        try:
            check_hyphen_ok(label)
        except IDNAError as err:
            return err
    if "LEADING_COMBINING_MARK" in codes:
        return _leading_combiner(label)
    if codes & _CODE_POINT_RULES:
        if any(c in codes for c in _BIDI_CODES):
            # Bidi rules 2 and 5 name a code point too: without them the
            # position is that of the first code-point rule.
            result = _check8(probe, check_bidi=False)
        pos = result.position if result.position is not None and result.position < len(label) else 0
        cp = ord(label[pos])
        if cp in _JOINERS or cp in _CONTEXTO:
            what = "Joiner" if cp in _JOINERS else "Codepoint"
            code: _ErrorCode = "contextj" if cp in _JOINERS else "contexto"
            return InvalidCodepointContext(
                f"{what} {_unot(cp)} not allowed at position {pos + 1} in {label!r}",
                code=code,
                text=label,
                codepoint=cp,
                position=pos + 1,
            )
        return _disallowed(label, pos)
    return _bidi_error(label, result)


def check_label(label: str | bytes | bytearray) -> None:
    """Every IDNA2008 validity check on one label (bytes are read as UTF-8).

    Raises the exception class idna raises for the first rule broken:
    IDNAError (NFC, hyphens, leading mark), InvalidCodepoint,
    InvalidCodepointContext or IDNABidiError.
    """
    _limit_input(label, "Label")
    if isinstance(label, (bytes, bytearray)):
        try:
            label = label.decode("utf-8")
        except UnicodeDecodeError as err:
            raise IDNAError("Invalid UTF-8 in label", code="invalid_utf8") from err
    if len(label) == 0:
        raise IDNAError("Empty Label", code="empty_label")
    if not valid_string_length(label, trailing_dot=True):
        raise IDNAError("Label too long", code="label_too_long")
    failure = _label_error(label)
    if failure is not None:
        raise failure


def alabel(label: str) -> bytes:
    """One U-label (or LDH label) to its A-label, as bytes (RFC 5891 §4)."""
    _limit_input(label, "Label")
    if label.isascii():
        label_bytes = label.encode("ascii")
        ulabel(label_bytes)
        if not valid_label_length(label_bytes):
            raise IDNAError("Label too long", code="label_too_long")
        return label_bytes
    if "." not in label and not _surrogate_re.search(label):
        try:
            out = puny.to_ascii(label, profile="idna2008", check_hyphens=True, verify_dns_length=False)
        except puny.IDNAError:
            pass
        else:
            if valid_label_length(out):
                return out.encode("ascii")
    check_label(label)
    label_bytes = _alabel_prefix + puny.encode(label).encode("ascii")
    if not valid_label_length(label_bytes):
        raise IDNAError("Label too long", code="label_too_long")
    return label_bytes


def _decodes(text: str) -> bool:
    try:
        puny.decode(text)
    except (puny.IDNAError, ValueError):
        return False
    return True


def ulabel(label: str | bytes | bytearray) -> str:
    """One A-label (or LDH label, or U-label) to its U-label (RFC 5891 §5.3).

    An A-label must be the canonical Punycode of its U-label; ASCII labels
    come back in lower case, as in idna.
    """
    _limit_input(label, "Label")
    if not isinstance(label, (bytes, bytearray)):
        if not label.isascii():
            check_label(label)
            return label
        label_bytes = label.encode("ascii")
    else:
        label_bytes = bytes(label)
        if not label_bytes.isascii():
            raise IDNAError("Invalid ASCII in A-label", code="invalid_ascii")

    label_bytes = label_bytes.lower()
    if not label_bytes.startswith(_alabel_prefix):
        check_label(label_bytes)
        return label_bytes.decode("ascii")
    tail = label_bytes[len(_alabel_prefix) :].decode("ascii")
    if not tail:
        raise IDNAError("Malformed A-label, no Punycode eligible content found", code="invalid_alabel")
    if tail.endswith("-"):
        raise IDNAError("A-label must not end with a hyphen", code="invalid_alabel")
    try:
        decoded = puny.decode(tail)
        canonical = puny.encode(decoded) == tail
    except (puny.IDNAError, ValueError) as err:
        # RFC 3492 §6.2 reads a leading delimiter as an empty run of basic
        # code points; puny's decoder refuses it (UTS #46 P4).  Such a label
        # can never be canonical, which is what idna reports for it.
        if tail.startswith("-") and _decodes(tail[1:]):
            raise IDNAError(
                "A-label is not the canonical Punycode encoding of its U-label", code="non_canonical_alabel"
            ) from err
        # puny's decoder refuses a surrogate code point (not a scalar value);
        # idna's decodes it and then rejects the label as holding a
        # DISALLOWED code point: the same outcome is reached here through
        # Python's decoder, used for this case only (a label is at most
        # 1024 characters).
        try:
            decoded = tail.encode("ascii").decode("punycode")
        except UnicodeError:
            raise IDNAError("Invalid A-label", code="invalid_alabel") from err
        if not _surrogate_re.search(decoded):
            raise IDNAError("Invalid A-label", code="invalid_alabel") from err
        canonical = decoded.encode("punycode") == tail.encode("ascii")
    # RFC 5891 §5.3: re-encoding the decoded label must give the input back.
    if not canonical:
        raise IDNAError(
            "A-label is not the canonical Punycode encoding of its U-label", code="non_canonical_alabel"
        )
    check_label(decoded)
    return decoded


def _check_std3(text: str, domain: str, offset: int) -> None:
    match = _std3_disallowed_re.search(text)
    if match:
        raise _uts46_error("uts46_std3", domain, ord(match.group()), offset + match.start() + 1)


def _warn_transitional() -> None:
    warnings.warn(
        "Transitional processing is deprecated in UTS #46 and has no effect. "
        "The transitional argument will be removed in a future version.",
        DeprecationWarning,
        stacklevel=3,
    )


_MAP46_FLAGS: dict[str, Any] = {
    "profile": "uts46",
    "use_std3_ascii_rules": False,
    "check_hyphens": False,
    "check_bidi": False,
    "check_joiners": False,
    "verify_dns_length": False,
    "ignore_invalid_punycode": True,
}


def _map46(text: str) -> puny.CheckResult:
    """puny's UTS #46 mapping (non-transitional) and NFC of ``text``, with every
    optional validity check off; the caller reads only the disallowed codes."""
    return puny.check(text, **_MAP46_FLAGS)


def _remap_chunk(chunk: str, domain: str, offset: int, std3_rules: bool) -> str:
    """The UTS #46 mapping of one piece of the domain between label separators."""
    if chunk.isascii():
        result = chunk.lower()
        if std3_rules:
            _check_std3(result, domain, offset)
        return result
    if not _surrogate_re.search(chunk):
        try:
            text = puny.to_unicode(chunk, **_MAP46_FLAGS)
        except puny.IDNAError:
            pass  # a rule the mapping does not apply (a leading mark, ...) or a disallowed code point
        else:
            if not (std3_rules and _std3_disallowed_re.search(text)):
                return text
    mapped = _map46(_surrogate_re.sub("\ufffd", chunk))
    std3_fault = std3_rules and _std3_disallowed_re.search(mapped.unicode or "") is not None
    if (set(mapped.codes) & _UTS46_DISALLOWED) or _surrogate_re.search(chunk) or std3_fault:
        # Find the first input code point at fault, as idna reports it.
        for i, ch in enumerate(chunk):
            if _surrogate_re.match(ch) is not None or (
                not ch.isascii() and set(_map46(ch).codes) & _UTS46_DISALLOWED
            ):
                raise _uts46_error("uts46_disallowed", domain, ord(ch), offset + i + 1)
            if std3_fault:
                one = ch.lower() if ch.isascii() else (_map46(ch).unicode or "")
                if _std3_disallowed_re.search(one):
                    raise _uts46_error("uts46_std3", domain, ord(ch), offset + i + 1)
    return mapped.unicode or ""


def uts46_remap(domain: str, std3_rules: bool = True, transitional: bool = False) -> str:
    """The UTS #46 mapping of a domain (non-transitional), in NFC, from puny's
    Unicode 17.0 table; xn-- labels are left encoded, as in idna.

    Raises InvalidCodepoint for a disallowed code point, or with
    ``std3_rules`` for an ASCII character other than a-z, 0-9, "-" and "."
    in the output (reported at the input character that produced it).
    """
    if transitional:
        _warn_transitional()
    _limit_input(domain, "Domain")
    if domain.isascii():
        result = domain.lower()
        if std3_rules:
            _check_std3(result, domain, 0)
        return result
    # Map each piece between separators on its own, so that puny's ToUnicode
    # never sees (and decodes) an xn-- label; the separators map to ".".
    out: list[str] = []
    start = 0
    for m in _unicode_dots_re.finditer(domain):
        out.append(_remap_chunk(domain[start : m.start()], domain, start, std3_rules))
        out.append(".")
        start = m.end()
    out.append(_remap_chunk(domain[start:], domain, start, std3_rules))
    return "".join(out)


def _whole_name(s: str, strict: bool) -> str | None:
    """``s`` for one puny call over the whole name, or None to go label by label."""
    if not strict and _other_dots_re.search(s):
        s = _other_dots_re.sub(".", s)
    if _surrogate_re.search(s):
        return None
    return s


def _fast_encode(s: str, strict: bool) -> bytes | None:
    """The whole name in one puny call, when that is sure to be idna's answer.

    puny's IDNA2008 lookup with check_hyphens is idna's rule set, except that
    it applies the Bidi rule to every label of a Bidi domain name where idna
    checks each label alone (stricter), and writes an XN-label in lower case
    where idna gives it back as typed.  So a name it accepts, without an
    upper-case XN-label, has the output idna gives; anything else goes label
    by label, which gives idna's exception.
    """
    name = _whole_name(s, strict)
    if name is None or (_upper_ascii_re.search(name) and "xn--" in name.lower()):
        return None
    try:
        out = puny.to_ascii(name, profile="idna2008", check_hyphens=True)
    except puny.IDNAError:
        return None
    return out.encode("ascii")


def _fast_decode(s: str, strict: bool) -> str | None:
    """As _fast_encode, for decode(): idna lower-cases the ASCII labels (a
    U-label holds no A-Z, which is DISALLOWED), and measures no ASCII length."""
    name = _whole_name(s, strict)
    if name is None:
        return None
    try:
        out = puny.to_unicode(name, profile="idna2008", check_hyphens=True, verify_dns_length=False)
    except puny.IDNAError:
        return None
    return out.translate(_LOWER_ASCII)


def _prepare(s: str, uts46: bool, std3_rules: bool) -> str:
    """The steps encode() and decode() share before any label is looked at:
    the input limit, the optional UTS #46 mapping and the domain length."""
    _limit_input(s, "Domain")
    if uts46:
        s = uts46_remap(s, std3_rules)
    if not valid_string_length(s, trailing_dot=True):
        raise IDNAError("Domain too long", code="domain_too_long")
    return s


def _split_domain(s: str, strict: bool) -> tuple[list[str], bool]:
    """The labels of ``s`` (split on U+002E only when ``strict``) and whether
    it had a trailing dot (the root label, dropped from the list)."""
    labels = s.split(".") if strict else _unicode_dots_re.split(s)
    if not labels or labels == [""]:
        raise IDNAError("Empty domain", code="empty_domain")
    trailing_dot = not labels[-1]
    if trailing_dot:
        del labels[-1]
    return labels, trailing_dot


_Label = TypeVar("_Label", str, bytes)


def _nonempty(label: _Label) -> _Label:
    """An empty label inside a name (``a..b``) is an error, as in idna."""
    if not label:
        raise IDNAError("Empty label", code="empty_label")
    return label


def encode(
    s: str | bytes | bytearray,
    strict: bool = False,
    uts46: bool = False,
    std3_rules: bool = False,
    transitional: bool = False,
) -> bytes:
    """A domain to its ASCII form (bytes), label by label with alabel().

    ``strict`` splits on U+002E only (otherwise also U+3002, U+FF0E, U+FF61);
    ``uts46`` maps the name with uts46_remap() first.
    """
    if transitional:
        _warn_transitional()
    if not isinstance(s, str):
        try:
            s = str(s, "ascii")
        except (UnicodeDecodeError, TypeError) as err:
            raise IDNAError(
                "should pass a unicode string to the function rather than a byte string.",
                code="invalid_ascii",
            ) from err
    s = _prepare(s, uts46, std3_rules)
    fast = _fast_encode(s, strict)
    if fast is not None:
        return fast
    labels, trailing_dot = _split_domain(s, strict)
    result = [_nonempty(alabel(label)) for label in labels]
    if trailing_dot:
        result.append(b"")
    out = b".".join(result)
    if not valid_string_length(out, trailing_dot):
        raise IDNAError("Domain too long", code="domain_too_long")
    return out


def decode(
    s: str | bytes | bytearray,
    strict: bool = False,
    uts46: bool = False,
    std3_rules: bool = False,
    display: bool = False,
) -> str:
    """A domain to its Unicode form, label by label with ulabel().

    With ``display`` an xn-- label that fails is kept (in lower case) rather
    than failing the name.
    """
    if not isinstance(s, str):
        try:
            s = str(s, "ascii")
        except (UnicodeDecodeError, TypeError) as err:
            raise IDNAError("Invalid ASCII in A-label", code="invalid_ascii") from err
    s = _prepare(s, uts46, std3_rules)
    fast = _fast_decode(s, strict)
    if fast is not None:
        return fast
    labels, trailing_dot = _split_domain(s, strict)
    result: list[str] = []
    for label in labels:
        try:
            u = ulabel(label)
        except IDNAError:
            if display and label[:4].lower() == "xn--":
                u = label.lower()
            else:
                raise
        result.append(_nonempty(u))
    if trailing_dot:
        result.append("")
    return ".".join(result)
