"""to_ascii_batch / to_unicode_batch, and many Python threads at once."""

from __future__ import annotations

import threading

import puny

NAMES = ["bücher.de", "a\u200cb", "example.com", "faß.de", "xn--ls8h", "-x.de"] * 500


def single(name: str) -> tuple[str | None, bool, tuple[str, ...]]:
    try:
        return puny.to_ascii(name), True, ()
    except puny.IDNAError as e:
        return None, False, e.codes


def test_matches_single_calls_in_order() -> None:
    expected = [single(n) for n in NAMES]
    for jobs in (1, 2, 3, 8, 0):
        outs, oks, codes = puny.to_ascii_batch(NAMES, jobs=jobs)
        assert list(zip(outs, oks, codes)) == expected, jobs


def test_unicode_batch() -> None:
    outs, oks, codes = puny.to_unicode_batch(["xn--bcher-kva.de", "a..b"], jobs=2)
    assert outs == ["bücher.de", "a..b"]
    assert oks == [True, False]
    assert codes == [(), ("X4_2",)]


def test_not_strings() -> None:
    names: list[object] = ["bücher.de", None, 3, b"x.de", "x\ud800", "ok.de"]
    outs, oks, codes = puny.to_ascii_batch(names, jobs=2)
    assert len(outs) == len(names)
    assert outs == ["xn--bcher-kva.de", None, None, None, None, "ok.de"]
    assert oks == [True, False, False, False, False, True]
    assert codes[1] == codes[2] == codes[3] == ("not_a_string",)
    assert codes[4] == ("A3", "V7")


def test_iterables_and_empty() -> None:
    assert puny.to_ascii_batch([]) == ([], [], [])
    assert puny.to_ascii_batch(iter(["a.de"]), profile="idna2008") == (["a.de"], [True], [()])
    assert puny.to_ascii_batch(("faß.de",), profile="idna2003") == (["fass.de"], [True], [()])


def test_sixteen_megabytes() -> None:
    big = "a" * (16 << 20)
    outs, oks, codes = puny.to_ascii_batch(["x.de", big, "y.de"], jobs=2)
    assert outs == ["x.de", None, "y.de"]
    assert codes[1] == ("A4_1", "A4_2")
    outs, oks, codes = puny.to_ascii_batch([big], verify_dns_length=False)
    assert oks == [True] and outs[0] == big


def test_eight_threads() -> None:
    expected = puny.to_ascii_batch(NAMES)
    failures: list[str] = []

    def work(k: int) -> None:
        for _ in range(5):
            if k % 2:
                got = puny.to_ascii_batch(NAMES, jobs=2)
            else:
                got = tuple(map(list, zip(*(single(n) for n in NAMES))))  # type: ignore[assignment]
            if got != expected:
                failures.append(f"thread {k}")

    threads = [threading.Thread(target=work, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []
