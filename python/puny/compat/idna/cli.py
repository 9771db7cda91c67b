"""``python -m puny.compat.idna``: idna's command-line tool (``python -m idna``).

Converts domain names between their Unicode and ASCII forms, one per
argument or per line of piped stdin.  Without -e/-d the first input picks
the direction (decode when it has an xn-- label) for all of them; UTS #46
mapping is on unless --strict.  Exit status 1 when any conversion fails.
Same options, output and messages as the idna package's tool.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Iterator
from itertools import chain
from typing import IO

from . import IDNAError, decode, encode, unicode_version
from .core import _unicode_dots_re
from .package_data import __version__

__all__ = ["main"]


def _looks_like_alabel(s: str) -> bool:
    return any(label.lower().startswith("xn--") for label in _unicode_dots_re.split(s))


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m idna",
        description=(
            "Convert a domain name between its Unicode (U-label) and ASCII-compatible (A-label) forms. "
            "With no mode flag, the direction is chosen from the first input (decoded if it contains an "
            "xn-- label, otherwise encoded) and applied to every input. UTS #46 mapping is applied by "
            "default; pass --strict to disable it. With no domain arguments and a piped stdin, one "
            "domain per line is read from stdin."
        ),
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("-e", "--encode", dest="mode", action="store_const", const="encode",
                      help="Encode the input to its ASCII A-label form.")  # fmt: skip
    mode.add_argument("-d", "--decode", dest="mode", action="store_const", const="decode",
                      help="Decode the input from its ASCII A-label form.")  # fmt: skip
    parser.add_argument(
        "--strict",
        action="store_true",
        help="Disable the default UTS #46 mapping and apply IDNA 2008 rules verbatim.",
    )
    parser.add_argument(
        "--version", action="version", version=f"idna {__version__} (Unicode {unicode_version})"
    )
    parser.add_argument(
        "domain", nargs="*", help="One or more domain names to convert. Omit to read from stdin."
    )
    return parser


def _iter_stdin(stream: IO[str]) -> Iterator[str]:
    for line in stream:
        stripped = line.strip()
        if stripped:
            yield stripped


def _convert_one(domain: str, mode: str, uts46: bool) -> bool:
    try:
        if mode == "decode":
            print(decode(domain, uts46=uts46))
        else:
            print(encode(domain, uts46=uts46).decode("ascii"))
    except IDNAError as err:
        print(f"idna: {mode} failed for {domain!r}: {err}", file=sys.stderr)
        return False
    return True


def main(argv: list[str] | None = None) -> int:
    """Runs the tool on ``argv`` (default sys.argv[1:]); returns the exit status."""
    parser = _build_parser()
    args = parser.parse_args(argv)
    uts46 = not args.strict
    domains: Iterable[str]
    if args.domain:
        domains = args.domain
    elif not sys.stdin.isatty():
        domains = _iter_stdin(sys.stdin)
    else:
        parser.error("a domain argument is required when stdin is a terminal")
    iterator = iter(domains)
    first = next(iterator, None)
    if first is None:
        return 0
    mode = args.mode or ("decode" if _looks_like_alabel(first) else "encode")
    results = [_convert_one(domain, mode, uts46) for domain in chain([first], iterator)]
    return 0 if all(results) else 1
