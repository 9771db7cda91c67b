"""Runs the ``idna`` package's own tests (kjd/idna 3.20 ``tests/``, from its
sdist on PyPI) against puny.compat.idna.

The sdist is fetched with ``pip download --no-deps --no-binary :all:`` into
a cache directory (env PUNY_IDNA_SDIST_DIR, else ~/.cache/puny/idna-sdist),
its ``tests/`` is extracted next to a shim package ``idna`` that makes
``idna`` and its submodules the modules of puny.compat.idna, and pytest runs
them in a subprocess with a JUnit XML report, from which each test's
outcome is read.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

IDNA_VERSION = "3.20"
DIFFERENCES = Path(__file__).parent / "data" / "idna_suite_differences.tsv"

# The shim: ``import idna`` gives puny.compat.idna itself (not a copy), so
# that the suite's mock.patch("idna.core.X") reaches the module that runs.
SHIM = '''"""idna -> puny.compat.idna (test shim written by python/tests/_idna_suite.py)."""
import sys

import puny.compat.idna as _compat
import puny.compat.idna.cli
import puny.compat.idna.codec
import puny.compat.idna.compat
import puny.compat.idna.core
import puny.compat.idna.intranges
import puny.compat.idna.package_data

for _sub in ("cli", "codec", "compat", "core", "intranges", "package_data"):
    sys.modules["idna." + _sub] = sys.modules["puny.compat.idna." + _sub]
sys.modules["idna"] = _compat
'''


def sdist_dir() -> Path:
    return Path(os.environ.get("PUNY_IDNA_SDIST_DIR") or Path.home() / ".cache" / "puny" / "idna-sdist")


def obtain_sdist() -> Path | None:
    """The idna sdist, downloaded once into sdist_dir(); None when unavailable."""
    directory = sdist_dir()
    name = f"idna-{IDNA_VERSION}.tar.gz"
    if not (directory / name).is_file():
        directory.mkdir(parents=True, exist_ok=True)
        try:
            subprocess.run(
                [sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", ":all:",
                 f"idna=={IDNA_VERSION}", "-d", str(directory)],
                check=True, capture_output=True, timeout=300,
            )  # fmt: skip
        except (OSError, subprocess.SubprocessError):
            return None
    return directory / name if (directory / name).is_file() else None


def extract_tests(sdist: Path, dest: Path) -> Path:
    """Extracts the sdist's tests/ into dest; returns dest/tests."""
    prefix = f"idna-{IDNA_VERSION}/tests/"
    with tarfile.open(sdist) as tar:
        members = [m for m in tar.getmembers() if m.name.startswith(prefix) and m.isfile()]
        for m in members:
            m.name = m.name[len(f"idna-{IDNA_VERSION}/") :]
        tar.extractall(dest, members=members, filter="data")
    return dest / "tests"


@dataclass(frozen=True)
class SuiteRun:
    outcomes: dict[str, str]  # test id -> "passed" | "failed" | "skipped"
    ignored: tuple[str, ...]  # test files not run, with why
    log: str


def test_id(classname: str, name: str) -> str:
    """``test_idna.IDNATests.test_encode`` from JUnit's classname and name."""
    return (classname.removeprefix("tests.") + "." + name) if classname else name


def run_suite(work: Path) -> SuiteRun:
    """Runs the suite under work/ (tests/ and shim/ must be there)."""
    shim = work / "shim" / "idna"
    shim.mkdir(parents=True, exist_ok=True)
    (shim / "__init__.py").write_text(SHIM, encoding="utf-8")
    (work / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    args = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-c", str(work / "pytest.ini"),
            "--rootdir", str(work), "--continue-on-collection-errors",
            "--junitxml", str(work / "junit.xml")]  # fmt: skip
    ignored: list[str] = []
    try:
        import hypothesis  # noqa: F401
    except ImportError:
        args.append("--ignore=" + str(work / "tests" / "test_idna_properties.py"))
        ignored.append("test_idna_properties.py: needs hypothesis, which is not installed")
    args.append(str(work / "tests"))
    env = dict(os.environ)
    paths = [str(work / "shim"), str(work), env.get("PYTHONPATH", "")]
    env["PYTHONPATH"] = os.pathsep.join(p for p in paths if p)
    env.pop("PYTEST_ADDOPTS", None)
    proc = subprocess.run(args, cwd=work, env=env, capture_output=True, text=True, timeout=1800)
    outcomes: dict[str, str] = {}
    tree = ET.parse(work / "junit.xml")
    for case in tree.iter("testcase"):
        tid = test_id(case.get("classname", ""), case.get("name", ""))
        if case.find("failure") is not None or case.find("error") is not None:
            outcomes[tid] = "failed"
        elif case.find("skipped") is not None:
            outcomes[tid] = "skipped"
        else:
            outcomes[tid] = "passed"
    return SuiteRun(outcomes, tuple(ignored), proc.stdout[-20000:] + proc.stderr[-5000:])


def read_differences(path: Path = DIFFERENCES) -> dict[str, tuple[str, str]]:
    """test id -> (class, reason), from the TSV (comments start with #)."""
    out: dict[str, tuple[str, str]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        tid, cls, reason = line.split("\t", 2)
        out[tid] = (cls, reason)
    return out
