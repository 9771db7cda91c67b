"""Shared helpers and fixtures of the puny Python tests.

Where the tests find what lives outside the package (the Unicode data, the
corpora, the `puny` command), following the C++ tests' convention: a test
whose data, command or optional dependency is missing is skipped, except
when the environment has CI=true, where the same absence is a failure (a CI
run that silently skips its conformance tests proves nothing).
"""

from __future__ import annotations

import importlib
import os
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

import pytest

REPO = Path(__file__).resolve().parents[2]

CORPORA = ("ascii", "unicode", "mixed")


def running_in_ci() -> bool:
    """True when CI=true: then a missing prerequisite fails instead of skipping."""
    return os.environ.get("CI") == "true"


def missing(what: str) -> NoReturn:
    """Skips the current test because `what` is missing, or fails it under CI=true."""
    if running_in_ci():
        pytest.fail(f"CI=true and {what}", pytrace=False)
    pytest.skip(what)


def _env_path(name: str, default: Path) -> Path:
    value = os.environ.get(name, "")
    return Path(value) if value else default


def unicode_dir() -> Path:
    """$PUNY_UNICODE_DIR, else REPO/../shared/unicode/17.0.0 (as the CMake default)."""
    return _env_path("PUNY_UNICODE_DIR", REPO.parent / "shared" / "unicode" / "17.0.0")


def corpus_dir() -> Path:
    """$PUNY_CORPUS_DIR, else REPO/../shared/corpus (as the CMake default)."""
    return _env_path("PUNY_CORPUS_DIR", REPO.parent / "shared" / "corpus")


def find_puny_exe() -> Path | None:
    """$PUNY_EXE, else REPO/build/cli/puny, else `puny` on PATH; None when none exists."""
    env = os.environ.get("PUNY_EXE", "")
    if env:
        return Path(env) if Path(env).is_file() else None
    built = REPO / "build" / "cli" / "puny"
    if built.is_file():
        return built
    found = shutil.which("puny")
    return Path(found) if found else None


def require_file(path: Path, hint: str) -> Path:
    """`path`, or skip (fail under CI=true) naming the variable that relocates it."""
    if not path.is_file():
        missing(f"{path} not found ({hint})")
    return path


def unicode_file(name: str) -> Path:
    """A file of the Unicode data directory, or skip / fail."""
    return require_file(unicode_dir() / name, "set PUNY_UNICODE_DIR")


def corpus_file(name: str) -> Path:
    """A corpus file (ascii, unicode or mixed), or skip / fail."""
    return require_file(corpus_dir() / f"{name}.txt", "set PUNY_CORPUS_DIR")


def read_records(path: Path) -> list[str]:
    """The records of a file as the `puny` command reads them: LF or CRLF ends a
    line (the CR is dropped), the last line may lack it, an empty line is the
    empty record."""
    text = path.read_bytes().decode("utf-8")
    if not text:
        return []
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]


#: (output or None, error codes) of each name: what the engine tests compare.
Expected = list[tuple[str | None, tuple[str, ...]]]


def reference(names: Sequence[str | None], unicode: bool = False) -> Expected:
    """(output or None, codes) of each name through the single call (`puny.to_ascii`,
    or `puny.to_unicode`); (None, ()) for None.  The engines' and the threads'
    results are compared with this one per-name truth."""
    import puny  # here, not at the top: conftest loads before any test needs puny

    call = puny.to_unicode if unicode else puny.to_ascii
    out: Expected = []
    for name in names:
        if name is None:
            out.append((None, ()))
            continue
        try:
            out.append((call(name), ()))
        except puny.IDNAError as e:
            out.append((None, e.codes))
    return out


def import_or_missing(module: str) -> Any:
    """The optional dependency `module` (pyarrow, pandas, ...), or skip / fail
    under CI=true, where every dependency is installed."""
    try:
        return importlib.import_module(module)
    except ImportError:
        missing(f"the optional dependency {module} is not installed")


@pytest.fixture(scope="session")
def repo() -> Path:
    """The repository root."""
    return REPO


def require_dir(path: Path, what: str, variable: str) -> Path:
    """`path`, or skip (fail under CI=true) naming the variable that relocates it."""
    if not path.is_dir():
        missing(f"{what} {path} not found (set {variable})")
    return path


@pytest.fixture(scope="session")
def unicode_data_dir() -> Path:
    """The Unicode 17.0.0 data directory (skip / fail when it is missing)."""
    return require_dir(unicode_dir(), "Unicode data directory", "PUNY_UNICODE_DIR")


@pytest.fixture(scope="session")
def corpus_data_dir() -> Path:
    """The corpus directory (skip / fail when it is missing)."""
    return require_dir(corpus_dir(), "corpus directory", "PUNY_CORPUS_DIR")


@pytest.fixture(scope="session")
def puny_exe() -> Path:
    """The `puny` command (skip / fail when there is none)."""
    exe = find_puny_exe()
    if exe is None:
        missing("the puny command not found (set PUNY_EXE, build REPO/build/cli/puny, or put puny on PATH)")
    return exe


@pytest.fixture(scope="session", params=CORPORA)
def corpus(request: pytest.FixtureRequest) -> tuple[str, list[str]]:
    """(name, records) of each corpus in turn, read once per session."""
    name: str = request.param
    return name, read_records(corpus_file(name))
