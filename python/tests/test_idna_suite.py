"""The idna package's own tests (kjd/idna 3.20 tests/, from its sdist) run
against puny.compat.idna: exactly the tests listed in
data/idna_suite_differences.tsv fail, each for the reason given there.

The sdist comes from PyPI through pip (cached; see _idna_suite.py).  Without
network access or pip the test skips, except under CI=true, where it fails.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from _idna_suite import extract_tests, obtain_sdist, read_differences, run_suite

CI = os.environ.get("CI") == "true"


@pytest.fixture(scope="module")
def suite(tmp_path_factory: pytest.TempPathFactory) -> object:
    sdist = obtain_sdist()
    if sdist is None:
        if CI:
            pytest.fail("the idna sdist could not be downloaded (pip download idna==3.20)")
        pytest.skip("the idna sdist is not available (no network?)")
    work: Path = tmp_path_factory.mktemp("idna-suite")
    extract_tests(sdist, work)
    return run_suite(work)


def test_only_listed_differences(suite: object) -> None:
    from _idna_suite import SuiteRun

    assert isinstance(suite, SuiteRun)
    listed = read_differences()
    failed = {t for t, o in suite.outcomes.items() if o == "failed"}
    passed = {t for t, o in suite.outcomes.items() if o == "passed"}
    assert len(suite.outcomes) > 100, suite.log
    unexpected = sorted(failed - set(listed))
    assert unexpected == [], (
        "tests that fail and are not listed:\n" + "\n".join(unexpected) + "\n" + suite.log
    )
    fixed = sorted(set(listed) & passed)
    assert fixed == [], "listed as differences but pass (remove them from the list):\n" + "\n".join(fixed)
    missing = sorted(set(listed) - set(suite.outcomes))
    assert missing == [], "listed but not run:\n" + "\n".join(missing)
    counts = (len(suite.outcomes), len(passed), len(failed))
    print(f"idna suite: {counts[0]} run, {counts[1]} pass, {counts[2]} listed differences; {suite.ignored}")


def test_every_difference_has_a_class_and_reason() -> None:
    classes = {"internals", "unicode_version", "cli", "message", "codec_registry", "rule"}
    for tid, (cls, reason) in read_differences().items():
        assert cls in classes, tid
        assert len(reason) > 20, tid
