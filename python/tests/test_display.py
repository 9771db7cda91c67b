"""Display safety through Python: display, display_batch, skeletons,
confusability, the UTS #39 properties and LookalikeIndex.

The cases and their outcomes are those of the C++ tests
(tests/lib/display_test.cpp, display_chromium_test.cpp,
display_firefox_test.cpp, security_*_test.cpp, lookalike_index_test.cpp),
so that the bindings are checked against what the library is known to do.
Cyrillic and Greek look-alikes are written as escapes: they are the point.
"""

from __future__ import annotations

import dataclasses
import gc
import json
import pickle
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import puny
from conftest import CORPORA, corpus_file, read_records
from puny import DisplayResult, IDNAError

APPLE_CYRL = "\u0430\u0440\u0440\u04cf\u0435"  # looks like "apple"
PAYPAL_MIXED = "\u0440\u0430\u0443\u0440\u0430l"  # Cyrillic p a y p a, Latin l


# --- display: policies, labels, reasons --------------------------------------------


def test_whole_script_lookalike_is_shown_as_ace_under_chromium() -> None:
    for given in ("xn--80ak6aa92e.com", APPLE_CYRL + ".com", "XN--80AK6AA92E.COM"):
        d = puny.display(given)
        assert d.value == "xn--80ak6aa92e.com"
        assert not d.ok and not d
        assert not d.shown_unicode
        assert d.reasons == ("whole_script_confusable",)
        assert d.label == 0
        assert d.code_point == 0x0430
        assert d.position == 0
        assert d.policy == "chromium"
        first = d.labels[0]
        assert first.unicode == APPLE_CYRL and first.ascii == "xn--80ak6aa92e"
        assert first.non_ascii and not first.shown_unicode
        assert first.shown == "xn--80ak6aa92e"
        assert "Cyrillic letters \u0430 \u0440 \u04cf \u0435 all look like Latin letters" in first.detail
        assert ".com is not Cyrillic" in first.detail
        assert d.messages == (puny.display_reasons()["whole_script_confusable"],)
    # Under a Cyrillic TLD it is shown.
    ru = puny.display("xn--80ak6aa92e.xn--p1ai")
    assert ru.ok and ru.shown_unicode
    assert ru.value == APPLE_CYRL + ".\u0440\u0444"
    assert ru.label is None and ru.code_point is None and ru.position is None


def test_each_label_is_decided_on_its_own() -> None:
    d = puny.display("xn--googl-3we.xn--3e0b707e")
    assert d.value == "xn--googl-3we.\ud55c\uad6d"
    assert len(d.labels) == 2
    assert d.labels[0].reasons == ("restriction_level",)
    assert d.labels[0].unicode == "googl\u0435"
    assert d.labels[1].shown_unicode and d.labels[1].detail == ""
    assert d.reasons == ("restriction_level",)
    assert not d.shown_unicode


def test_any_input_form() -> None:
    for given in ("b\u00fccher.de", "XN--BCHER-KVA.DE", "xn--bcher-kva\u3002de", "B\u00dcCHER\uff0ede"):
        d = puny.display(given)
        assert d.value == "b\u00fccher.de", given
        assert d.ok and d.shown_unicode
        assert d.labels[0].ascii == "xn--bcher-kva"
    ascii_name = puny.display("WWW.Example.COM")
    assert ascii_name.value == "www.example.com"
    assert ascii_name.ok and not ascii_name.shown_unicode  # nothing to show in Unicode
    assert len(puny.display("www.google.com.").labels) == 4


def test_code_point_at_fault_and_its_position() -> None:
    d = puny.display("xn--paypl-g9d.com")  # payp, Greek alpha, l: Latin and Greek
    assert d.reasons == ("restriction_level",)
    assert d.code_point == 0x03B1 and d.position == 4
    assert "Latin and Greek" in d.labels[0].detail
    n = puny.display("n\u01ceme.com")
    assert n.reasons == ("character_not_allowed",)
    assert n.code_point == 0x01CE and n.position == 1
    assert "U+01CE" in n.labels[0].detail
    assert puny.display("n\u01ceme.com", policy="uts39-highly-restrictive").ok
    assert puny.display("n\u01ceme.com", allowed_characters="\u01ce").ok
    digit = puny.display("1\u0577.com")
    assert digit.value == "xn--1-xcc.com"
    assert digit.reasons == ("digit_lookalike",)
    assert digit.code_point == 0x0577


def test_chromium_tld_rules() -> None:
    assert puny.display("xn--ll-0ea.cat").value == "l\u00b7l.cat"
    com = puny.display("xn--ll-0ea.com")
    assert com.value == "xn--ll-0ea.com"
    assert com.reasons == ("tld_specific_character",)
    assert puny.display("\u00feorri.is").ok
    assert puny.display("\u00feorri.com").reasons == ("tld_specific_character",)
    assert puny.display("\u03bf\u03c4.com").reasons == ("whole_script_confusable",)
    assert puny.display("\u03bf\u03c4.gr").ok


def test_invalid_labels_stay_as_given() -> None:
    d = puny.display("xn--hello?world.com")
    assert d.value == "xn--hello?world.com"
    assert "invalid" in d.labels[0].reasons
    assert "P4" in d.labels[0].errors
    assert "P4" in d.errors
    u = puny.display("a_b.com", policy="uts39-highly-restrictive")
    assert u.value == "a_b.com"
    assert u.labels[0].reasons == ("invalid",)
    assert u.labels[0].errors == ("U1",)
    assert puny.display("a_b.com").ok  # chromium: no STD3 rules, ASCII needs no decision


def test_every_policy_by_name() -> None:
    assert puny.display_policies() == (
        "chromium",
        "firefox",
        "uts39-highly-restrictive",
        "uts39-moderately-restrictive",
        "ascii",
    )
    assert puny.DISPLAY_POLICIES == puny.display_policies()
    for policy in puny.display_policies():
        for given in ("xn--80ak6aa92e.com", "b\u00fccher.de", "xn--ll-0ea.cat", "\u03bf\u03c4.com"):
            d = puny.display(given, policy=policy)  # type: ignore[arg-type]
            assert d.policy == policy
            # The display string converts back to the ToASCII of the input.
            assert puny.to_ascii(d.value) == puny.to_ascii(given), (policy, given)
    a = puny.display("b\u00fccher.xn--p1ai", policy="ascii")
    assert a.value == "xn--bcher-kva.xn--p1ai"
    assert [label.reasons for label in a.labels] == [("ascii_policy",), ("ascii_policy",)]
    assert puny.display("example.com", policy="ascii").ok
    assert puny.display("xn--80ak6aa92e.com", policy="firefox").value == "xn--80ak6aa92e.com"


def test_unknown_policy_and_options_are_value_errors() -> None:
    for bad in ("Chromium", "", "uts39_highly_restrictive", "safari"):
        with pytest.raises(ValueError, match="unknown display policy"):
            puny.display("a.com", policy=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown script"):
        puny.display("a.com", allowed_scripts=["Latn", "Klingon"])
    with pytest.raises(ValueError, match="cjk"):
        puny.display("a.com", cjk="loose")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        puny.display(3)  # type: ignore[arg-type]


def test_caller_options() -> None:
    blocked = puny.display("b\u00fccher.de", blocked_characters="\u00fc", allowed_characters="\u00fc")
    assert blocked.value == "xn--bcher-kva.de"
    assert blocked.reasons == ("deny_listed_character",)
    assert blocked.code_point == 0xFC and blocked.position == 1
    assert "U+00FC" in blocked.labels[0].detail
    assert puny.display("b\u00fccher.de", allowed_scripts=["Latn"]).ok
    for scripts in (["Latn"], ["Latin"], "Latn", "Latn,Grek", ("latn",)):
        d = puny.display("xn--n1aeec9b.ru", allowed_scripts=scripts)
        assert d.reasons == ("script_not_allowed",), scripts
        assert "Cyrillic" in d.labels[0].detail
    assert puny.display("xn--n1aeec9b.ru", allowed_scripts="Cyrl").ok


def test_protected_domains() -> None:
    index = puny.LookalikeIndex(["test.net", "paypal.com"])
    d = puny.display("xn--tst-bma.net", protect=index)
    assert d.value == "xn--tst-bma.net"
    assert d.lookalike_of == "test.net"
    assert d.reasons == ("lookalike_of_protected",)
    assert d.labels[0].reasons == ("lookalike_of_protected",)
    assert "test.net" in d.labels[0].detail
    assert not d.shown_unicode
    assert puny.display("\u00e9xample.test.net", protect=index).ok  # a subdomain
    net = puny.display("\u00e9xample.test.n\u00e9t", protect=index)
    assert net.value == "xn--xample-9ua.test.xn--nt-bja"
    assert net.lookalike_of == "test.net"
    assert puny.display("xn--tst-bma.net").ok  # without the list
    assert puny.display("test.net", protect=index).ok  # ASCII is never looked up
    p = puny.display(PAYPAL_MIXED + ".com", protect=index)
    assert p.value == puny.to_ascii(PAYPAL_MIXED + ".com")
    assert p.lookalike_of == "paypal.com"
    assert "lookalike_of_protected" in p.reasons
    assert puny.display("xn--tst-bma.net", protect=index, policy="ascii").lookalike_of is None
    # A plain list works too (an index is built for the call).
    assert puny.display("xn--tst-bma.net", protect=["test.net"]).lookalike_of == "test.net"


def test_bytes_input_and_errors() -> None:
    assert puny.display(b"xn--80ak6aa92e.com").value == "xn--80ak6aa92e.com"
    assert puny.display("b\u00fccher.de".encode()).value == "b\u00fccher.de"
    with pytest.raises(IDNAError) as bad:
        puny.display(b"ab\xc3.com")
    assert bad.value.codes == ("invalid_utf8",)
    assert bad.value.position == 2
    assert bad.value.profile == "chromium"
    assert isinstance(bad.value, ValueError) and isinstance(bad.value, UnicodeError)
    with pytest.raises(IDNAError) as sur:
        puny.display("ab\ud800.com")
    assert sur.value.codes == ("invalid_code_point",)
    assert sur.value.position == 2
    assert sur.value.code_point == 0xD800


def test_long_and_hostile_input() -> None:
    long_label = "a" * (1 << 20)
    assert puny.display(long_label + ".com").value == long_label + ".com"
    many = puny.display("\u00fc." * 100_000)
    assert len(many.labels) == 100_001
    assert many.ok
    marks = puny.display("a" + "\u0301" * 50_000 + ".com")
    assert not marks.ok
    sixteen = puny.display("a" * (16 << 20))
    assert sixteen.ok and len(sixteen.value) == 16 << 20


def test_results_pickle_and_compare() -> None:
    d = puny.display("xn--80ak6aa92e.com")
    assert pickle.loads(pickle.dumps(d)) == d
    assert d == puny.display(APPLE_CYRL + ".com")
    with pytest.raises(AttributeError):
        d.value = "x"  # type: ignore[misc]


def test_native_results_are_complete_dataclasses() -> None:
    """The batch builds its results without __init__: every field must be set."""
    index = puny.LookalikeIndex(["paypal.com"])
    built: list[object] = [
        *puny.display_batch(["xn--80ak6aa92e.com", "b\u00fccher.de"]),
        puny.display("xn--tst-bma.net", protect=["test.net"]),
        *index.find_batch([PAYPAL_MIXED + ".com"]),
    ]
    for obj in built:
        assert dataclasses.is_dataclass(obj) and not isinstance(obj, type)
        values = {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}
        assert type(obj)(**values) == obj
        assert dataclasses.replace(obj) == obj
    was = gc.isenabled()
    gc.disable()
    puny.display_batch(["a.de"] * 10)
    assert not gc.isenabled()  # the caller's choice stands
    if was:
        gc.enable()
    puny.display_batch(["a.de"] * 10)
    assert gc.isenabled() == was


def test_reason_names_and_messages() -> None:
    reasons = puny.display_reasons()
    assert len(reasons) == 14
    assert list(reasons)[::13] == ["invalid", "ascii_policy"]
    assert all(reasons.values())


# --- display_batch -----------------------------------------------------------------


def single_display(name: object, **kwargs: object) -> DisplayResult | tuple[str, ...]:
    try:
        return puny.display(name, **kwargs)  # type: ignore[arg-type]
    except IDNAError as e:
        return e.codes


def batch_as_single(results: list[DisplayResult | IDNAError]) -> list[DisplayResult | tuple[str, ...]]:
    return [r.codes if isinstance(r, IDNAError) else r for r in results]


def test_batch_equals_single_calls_on_the_unicode_corpus() -> None:
    names = read_records(corpus_file("unicode"))[:5000]
    expected = [single_display(n) for n in names]
    assert sum(isinstance(e, DisplayResult) and not e.ok for e in expected) > 0
    for jobs in (1, 2, 3, 0):
        assert batch_as_single(puny.display_batch(names, jobs=jobs)) == expected, jobs
    firefox = [single_display(n, policy="firefox") for n in names[:1000]]
    assert batch_as_single(puny.display_batch(names[:1000], jobs=2, policy="firefox")) == firefox


def test_batch_without_labels() -> None:
    """labels=False: the same results with an empty labels tuple."""
    names = read_records(corpus_file("mixed"))[:2000]
    full = puny.display_batch(names, jobs=2)
    light = puny.display_batch(names, jobs=2, labels=False)
    assert len(light) == len(full)
    for f, g in zip(full, light):
        if isinstance(f, DisplayResult):
            assert isinstance(g, DisplayResult)
            assert g.labels == ()
            assert dataclasses.replace(f, labels=()) == g
        else:
            assert isinstance(g, IDNAError) and g.codes == f.codes


def test_batch_with_every_policy_and_options() -> None:
    names = ["xn--80ak6aa92e.com", "b\u00fccher.de", "xn--tst-bma.net", "xn--n1aeec9b.ru"] * 50
    index = puny.LookalikeIndex(["test.net"])
    for policy in puny.display_policies():
        kwargs: dict[str, object] = {"policy": policy, "protect": index, "allowed_scripts": ["Latn"]}
        expected = [single_display(n, **kwargs) for n in names]
        got = puny.display_batch(names, jobs=2, **kwargs)  # type: ignore[arg-type]
        assert batch_as_single(got) == expected, policy


def test_batch_errors_per_element() -> None:
    names: list[object] = ["b\u00fccher.de", None, 3, b"xn--80ak6aa92e.com", "x\ud800.de", b"ab\xc3", "ok.de"]
    out = puny.display_batch(names, jobs=2)
    assert len(out) == len(names)
    first = out[0]
    assert isinstance(first, DisplayResult) and first.value == "b\u00fccher.de"
    for i in (1, 2):
        err = out[i]
        assert isinstance(err, IDNAError)
        assert err.codes == ("not_a_string",)
        assert f"element {i}" in str(err)
        assert err.profile == "chromium"
    as_bytes = out[3]
    assert isinstance(as_bytes, DisplayResult) and as_bytes.reasons == ("whole_script_confusable",)
    sur = out[4]
    assert isinstance(sur, IDNAError) and sur.codes == ("invalid_code_point",) and sur.position == 1
    assert sur.code_point == 0xD800
    utf8 = out[5]
    assert isinstance(utf8, IDNAError) and utf8.codes == ("invalid_utf8",) and utf8.position == 2
    last = out[6]
    assert isinstance(last, DisplayResult) and last.ok
    assert puny.display_batch([]) == []
    assert len(puny.display_batch(iter(["a.de", "b.de"]))) == 2
    with pytest.raises(TypeError):
        puny.display_batch("bücher.de")
    with pytest.raises(ValueError, match="jobs"):
        puny.display_batch(["a.de"], jobs=-1)


def test_batch_longer_than_one_round_keeps_order() -> None:
    names = [f"{i}\u00fc.de" for i in range(40_000)]
    out = puny.display_batch(names, jobs=3)
    assert [r.value for r in out if isinstance(r, DisplayResult)] == names


def test_threads_at_once() -> None:
    names = ["xn--80ak6aa92e.com", "b\u00fccher.de", "xn--googl-3we.xn--3e0b707e"] * 200
    expected = [single_display(n) for n in names]
    index = puny.LookalikeIndex(["paypal.com"])
    failures: list[str] = []

    def work() -> None:
        for _ in range(3):
            if batch_as_single(puny.display_batch(names, jobs=2)) != expected:
                failures.append("batch")
            if index.find(PAYPAL_MIXED + ".com") is None:
                failures.append("find")

    threads = [threading.Thread(target=work) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []


@pytest.mark.parametrize("policy", puny.display_policies())
def test_batch_equals_the_puny_command(puny_exe: Path, policy: str) -> None:
    """display_batch against `puny display --format jsonl`, 2,000 names of each corpus."""
    for corpus in CORPORA:
        names = [n for n in read_records(corpus_file(corpus))[:2000] if "\n" not in n]
        run = subprocess.run(
            [str(puny_exe), "display", "--policy", policy, "--format", "jsonl"],
            input="\n".join(names) + "\n",
            capture_output=True,
            text=True,
            encoding="utf-8",
            check=False,
        )
        records = [json.loads(line) for line in run.stdout.splitlines()]
        assert len(records) == len(names), (corpus, run.stderr[-500:])
        results = puny.display_batch(names, jobs=2, policy=policy)  # type: ignore[arg-type]
        for name, rec, got in zip(names, records, results):
            assert isinstance(got, DisplayResult), name
            assert rec["input"] == name
            assert got.value == rec["display"], (corpus, name)
            assert got.ok == rec["ok"], (corpus, name)
            assert got.lookalike_of == rec["lookalike_of"]
            assert [list(label.reasons) for label in got.labels] == [
                label["reasons"] for label in rec["labels"]
            ]
            assert [label.unicode for label in got.labels] == [label["unicode"] for label in rec["labels"]]


# --- Skeletons and confusability (UTS #39 §4) --------------------------------------


def test_skeleton() -> None:
    assert puny.skeleton("") == ""
    assert puny.skeleton("paypal") == "paypal"
    assert puny.skeleton(PAYPAL_MIXED) == "paypal"
    assert puny.skeleton("google.com") == "google.corn"
    assert puny.skeleton("I1l0O") == "lllOO"
    assert puny.skeleton(APPLE_CYRL) == "apple"
    assert puny.skeleton("%") == "\u00ba/\u2080"
    assert puny.skeleton("pay\u200bpal") == "paypal"
    assert puny.skeleton("\ufdfb") == "\u062c\u0644 \u062c\u0644l\u0644o"
    assert puny.skeleton("\u01c4") == "DZ\u030c"
    assert puny.skeleton("a\u0316\u0327") == "a\u0326\u0316"
    assert puny.skeleton(APPLE_CYRL.encode()) == b"apple"
    # A lone surrogate maps to itself (security.hpp), so the answer is exact.
    assert puny.skeleton("a\ud800") == "a\ud800"
    with pytest.raises(IDNAError) as bad:
        puny.skeleton(b"ab\xff")
    assert bad.value.codes == ("invalid_utf8",) and bad.value.position == 2
    long = "\u0430" * (1 << 17)
    assert puny.skeleton(long) == "a" * (1 << 17)


def test_are_confusable() -> None:
    c = puny.are_confusable("cxs", "\u0441\u0445\u0455")
    assert c and c.confusable and c.mixed_script and c.whole_script and not c.single_script
    c = puny.are_confusable("paypal", PAYPAL_MIXED)
    assert c.confusable and c.mixed_script and not c.whole_script and not c.single_script
    assert puny.are_confusable("1ove", "love").single_script
    assert puny.are_confusable("rn", "m").single_script
    assert puny.are_confusable("", "").single_script
    assert not puny.are_confusable("paypal", "paypa1x")
    assert not puny.are_confusable("abc", "abd")
    assert puny.are_confusable(b"paypal", PAYPAL_MIXED).confusable
    # A lone surrogate maps to itself; the same bytes as "UTF-8" are ill-formed.
    assert puny.are_confusable("a\ud800", "a\ud800").confusable
    assert not puny.are_confusable("a\ud800", "a")
    with pytest.raises(IDNAError) as surrogate_bytes:
        puny.are_confusable("a\ud800", b"a\xed\xa0\x80")
    assert surrogate_bytes.value.codes == ("invalid_utf8",) and surrogate_bytes.value.position == 1
    with pytest.raises(IDNAError):
        puny.are_confusable("abc", b"ab\xff")


# --- Properties (UTS #39 §3.1, §5) --------------------------------------------------


def test_script_properties() -> None:
    assert puny.script_of("a") == "Latn"
    assert puny.script_of(0x0430) == "Cyrl"
    assert puny.script_of("1") == "Zyyy"
    assert puny.script_name("Latn") == "Latin"
    assert puny.script_name("cyrillic") == "Cyrillic"
    assert puny.script_extensions("a") == frozenset({"Latn"})
    assert "Hira" in puny.script_extensions(0x30FC) and "Kana" in puny.script_extensions(0x30FC)
    assert puny.augmented_script_set("\u6f22") >= {"Hani", "Hanb", "Jpan", "Kore"}
    assert len(puny.augmented_script_set("1")) == 179  # ALL
    assert puny.identifier_status("a") == "Allowed"
    assert puny.identifier_status(0x200D) == "Restricted"
    assert puny.identifier_types("a") == ("Recommended",)
    assert "Default_Ignorable" in puny.identifier_types(0x200D)
    with pytest.raises(ValueError):
        puny.script_of(0x110000)
    with pytest.raises(ValueError):
        puny.script_of("ab")
    with pytest.raises(ValueError):
        puny.script_name("Klingon")


def test_restriction_levels_and_analysis() -> None:
    assert puny.restriction_level("paypal") == "ascii_only"
    assert puny.restriction_level(PAYPAL_MIXED) == "minimally_restrictive"
    assert puny.restriction_level("a\u5e7b\u3112\u3127\u3124") == "unrestricted"
    assert puny.restriction_level("a\u5e7b\u3112\u3127\u3124", cjk="cjk-compat") == "highly_restrictive"
    assert puny.restriction_level("a\u303c", allowed_characters="\u303c") == "highly_restrictive"
    assert puny.restriction_level("xyz", blocked_characters="x") == "unrestricted"
    assert puny.resolved_script_set("abc123") == frozenset({"Latn"})
    assert puny.resolved_script_set("\u30fc\u30a2") == frozenset({"Kana", "Jpan"})
    assert puny.resolved_script_set("abc\u6f22\u5b57") == frozenset()
    assert len(puny.resolved_script_set("123-.")) == 179
    a = puny.analyze_identifier("a\u0430")
    assert "mixed_script" in a.findings
    assert a.resolved_scripts == frozenset()
    assert len(a.messages) == len(a.findings)
    digits = puny.analyze_identifier("1\u0967")
    assert "mixed_numbers" in digits.findings
    assert digits.zeros == (0x30, 0x0966) and digits.numbering_systems == 2
    r = puny.analyze_identifier("ab\u2665")
    assert r.level == "unrestricted"
    assert r.restricted_code_point == 0x2665 and r.restricted_position == 2
    assert puny.analyze_identifier("abc").restricted_code_point is None


def test_label_confusables() -> None:
    f = puny.label_confusables(APPLE_CYRL)
    assert f.whole_script == frozenset({"Latn"}) and not f.mixed_script
    assert "Cyrl" in puny.label_confusables("apple").whole_script
    assert puny.label_confusables("bq").whole_script == frozenset()
    assert puny.label_confusables(PAYPAL_MIXED).mixed_script
    with pytest.raises(IDNAError):
        puny.label_confusables(b"\xc0")


# --- LookalikeIndex ------------------------------------------------------------------


def test_lookalike_index() -> None:
    index = puny.LookalikeIndex(["paypal.com", "b\u00fccher.de"])
    assert len(index) == 2
    assert index.domain(0) == "paypal.com" and index.domain(1) == "b\u00fccher.de"
    assert index.domains() == ["paypal.com", "b\u00fccher.de"]
    assert index.memory_bytes > 0
    assert index.add("PAYPAL.COM.") is False  # a repeat
    assert index.add("xn--bcher-kva.de") is False
    m = index.find(puny.to_ascii(PAYPAL_MIXED + ".com"))
    assert m is not None
    assert m.domain == "paypal.com" and m.id == 0 and not m.top_bucket and not m.separators_removed
    assert m.skeleton == "paypal.corn"
    assert index.find("login." + PAYPAL_MIXED + ".com") is not None
    assert index.find("paypa1.com") is not None
    assert index.find("paypal.com") is None  # itself
    assert index.find("www.paypal.com") is None  # a subdomain
    assert index.find("example.com") is None
    with pytest.raises(IndexError):
        index.domain(2)


def test_lookalike_index_refuses_invalid_domains() -> None:
    index = puny.LookalikeIndex()
    with pytest.raises(IDNAError) as bad:
        index.add(b"ab\xc3.com")
    assert bad.value.codes == ("invalid_utf8",) and bad.value.position == 2
    with pytest.raises(IDNAError) as empty_label:
        index.add("a..com")
    assert empty_label.value.codes
    with pytest.raises(IDNAError):
        index.add("xn--hello?world.com")
    with pytest.raises(IDNAError) as too_long:
        index.add("a." * 127 + "com")
    assert "A4_1" in too_long.value.codes
    with pytest.raises(IDNAError):
        index.add("")
    with pytest.raises(IDNAError):
        puny.LookalikeIndex(["ok.com", "a..b"])
    with pytest.raises(TypeError):
        puny.LookalikeIndex("paypal.com")
    assert len(index) == 0


def test_lookalike_lists_and_top_bucket() -> None:
    index = puny.LookalikeIndex()
    refused = index.add_list(
        "# comment\npaypal.com\r\n\ngoogle.com\n###END_TOP_BUCKET###\nexample.org\na..b\n"
    )
    assert len(index) == 3
    assert refused == [(7, "a..b", ("X4_2",))] or (refused[0][:2] == (7, "a..b") and refused[0][2])
    m = index.find_without_separators("pay-pal.com")
    assert m is not None and m.domain == "paypal.com" and m.top_bucket and m.separators_removed
    assert index.find_without_separators("exampleorg.com") is None  # example.org is not top-bucket
    assert index.lookup_skeleton("paypal.corn") is not None
    assert "paypal.corn" in puny.LookalikeIndex.skeletons("paypal.com")


def test_find_batch() -> None:
    index = puny.LookalikeIndex(["paypal.com", "test.net"])
    names: list[object] = [PAYPAL_MIXED + ".com", "example.com", None, "xn--tst-bma.net", b"ab\xc3"]
    out = index.find_batch(names * 100, jobs=3)
    assert len(out) == 500
    for i, r in enumerate(out):
        want = names[i % 5]
        if want is None or isinstance(want, bytes):
            assert isinstance(r, IDNAError)
        else:
            single = index.find(want)  # type: ignore[arg-type]
            assert r == single


def test_index_cannot_change_while_a_batch_reads_it() -> None:
    """add() during a find_batch (which reads the index without the GIL) is a
    RuntimeError, not a data race; afterwards the index is writable again."""
    index = puny.LookalikeIndex(["paypal.com"])
    names = [PAYPAL_MIXED + ".com"] * 400_000
    started = threading.Event()
    results: list[list[puny.LookalikeMatch | IDNAError | None]] = []

    def reader() -> None:
        started.set()
        results.append(index.find_batch(names, jobs=1))

    thread = threading.Thread(target=reader)
    thread.start()
    started.wait()
    refused = 0
    i = 0
    while thread.is_alive():
        try:
            index.add(f"x{i}.example")
        except RuntimeError as e:
            assert "while a display_batch or find_batch reads it" in str(e)
            refused += 1
        i += 1
    thread.join()
    assert refused > 0
    assert len(results[0]) == len(names)
    assert all(isinstance(m, puny.LookalikeMatch) and m.domain == "paypal.com" for m in results[0])
    assert index.add("test.net") is True


def test_refcounts_not_leaked() -> None:
    """Inputs keep their reference counts over calls that succeed and fail."""
    ok = "".join(["b\u00fc", "cher.de"])
    bad = b"ab\xff" + b"x"
    sur = "".join(["ab\ud800", ".de"])
    batch: list[object] = [ok, None, sur, bad, 3]
    index = puny.LookalikeIndex(["paypal.com"])
    watched: list[object] = [ok, bad, sur, batch, index]
    before = [sys.getrefcount(o) for o in watched]
    for _ in range(2000):
        puny.display(ok, protect=index)
        for hostile in (bad, sur):
            with pytest.raises(IDNAError):
                puny.display(hostile)
        del hostile  # the loop variable holds the last input
        puny.display_batch(batch, protect=index)
        index.find_batch(batch)
        index.find(ok)
        puny.skeleton(ok)
        puny.are_confusable(ok, sur)
    assert [sys.getrefcount(o) for o in watched] == before
