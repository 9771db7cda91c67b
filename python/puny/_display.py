"""The result types of display safety (UTS #39): built by the native module.

They are frozen dataclasses, not native objects, so that they pickle, compare
and print like any Python value (a screening job ships them between processes
and into data frames).  The batch calls fill an instance's __dict__ directly
instead of running __init__ (python/src/display.cpp, record_builder): keep
them without slots=True, and keep their fields in step with that file
(test_native_results_are_complete_dataclasses checks it).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "Confusability",
    "DisplayResult",
    "IdentifierAnalysis",
    "LabelConfusables",
    "LabelDisplay",
    "LookalikeMatch",
]


@dataclass(frozen=True)
class LabelDisplay:
    """The decision for one label (C++ puny::label_display).

    Attributes:
        unicode: the label after ToUnicode (as given when it is invalid).
        ascii: its ACE form (as given when it is invalid).
        non_ascii: the label is an IDN label (its Unicode form is not ASCII).
        shown_unicode: `unicode` is shown; otherwise `ascii`.
        reasons: why not, as display_reason names ("whole_script_confusable").
        messages: one English phrase per reason.
        errors: its UTS #46 codes ("P4", "V6"), with reason "invalid".
        code_point: the character that decided the first reason, or None.
        position: the index of `code_point` in code points of `unicode`, or None.
        detail: what decided, in English, naming the characters and their
            scripts; "" when the label is shown.
    """

    unicode: str
    ascii: str
    non_ascii: bool
    shown_unicode: bool
    reasons: tuple[str, ...]
    messages: tuple[str, ...]
    errors: tuple[str, ...]
    code_point: int | None
    position: int | None
    detail: str

    @property
    def shown(self) -> str:
        """The form of the label in the display string."""
        return self.unicode if self.shown_unicode else self.ascii


@dataclass(frozen=True)
class DisplayResult:
    """What display() decided for a name (C++ puny::display_outcome).

    Attributes:
        value: the display string: each label in Unicode when it is safe to
            show, otherwise in its ACE form (as given when invalid).  It
            converts back by to_ascii to the to_ascii of the input.
        ok: every label valid and shown in Unicode (or ASCII), and no
            look-alike: the name displays as itself.
        shown_unicode: the name has an IDN label and every IDN label is shown
            in Unicode (False for an all-ASCII name: there is nothing to show).
        reasons: the union of the labels' reasons, display_reason names, in
            enumerator order.
        messages: one English phrase per reason.
        errors: the UTS #46 codes of the whole name.
        label: the index of the first label with a reason, or None.
        code_point: the character that decided that label's first reason, or None.
        position: its index in code points of that label's Unicode form, or None.
        lookalike_of: the protected domain the name looks like, or None.
        labels: one LabelDisplay per label.
        policy: the policy's name ("chromium").
    """

    value: str
    ok: bool
    shown_unicode: bool
    reasons: tuple[str, ...]
    messages: tuple[str, ...]
    errors: tuple[str, ...]
    label: int | None
    code_point: int | None
    position: int | None
    lookalike_of: str | None
    labels: tuple[LabelDisplay, ...]
    policy: str

    def __bool__(self) -> bool:
        return self.ok


@dataclass(frozen=True)
class Confusability:
    """How two strings are confusable (UTS #39 §4, as ICU's uspoof_areConfusable).

    Attributes:
        confusable: their skeletons are equal.
        single_script: confusable, and their resolved script sets intersect.
        mixed_script: confusable, and they do not.
        whole_script: mixed_script, and each string is single-script.
    """

    confusable: bool
    single_script: bool
    mixed_script: bool
    whole_script: bool

    def __bool__(self) -> bool:
        return self.confusable


@dataclass(frozen=True)
class LookalikeMatch:
    """A protected domain a name looks like (C++ puny::lookalike_match).

    Attributes:
        domain: the protected domain, in Unicode, as the index holds it.
        id: its index in the order domains were added.
        top_bucket: it was added to the top bucket.
        separators_removed: matched with dots and hyphens removed
            (find_without_separators); False for a full skeleton.
        skeleton: the skeleton the two share (the last 2 to 4 labels of the
            name's skeleton).
    """

    domain: str
    id: int
    top_bucket: bool
    separators_removed: bool
    skeleton: str


@dataclass(frozen=True)
class IdentifierAnalysis:
    """What UTS #39 §5 says about one string (C++ puny::identifier_analysis).

    Attributes:
        level: the restriction level (§5.2): "ascii_only", "single_script",
            "highly_restrictive", "moderately_restrictive",
            "minimally_restrictive" or "unrestricted".
        resolved_scripts: the resolved script set (§5.1) as ISO 15924 codes;
            every script when no character is script-specific, empty for a
            mixed-script string.
        findings: the detections tripped, by name ("mixed_numbers").
        messages: one English phrase per finding.
        zeros: the distinct zeros of the decimal digits (§5.3), in order of
            first appearance (at most 4 kept).
        numbering_systems: the number of distinct numbering systems.
        restricted_code_point: the first character outside the profile, or None.
        restricted_position: its index in code points, or None.
    """

    level: str
    resolved_scripts: frozenset[str]
    findings: tuple[str, ...]
    messages: tuple[str, ...]
    zeros: tuple[int, ...]
    numbering_systems: int
    restricted_code_point: int | None
    restricted_position: int | None


@dataclass(frozen=True)
class LabelConfusables:
    """The single-label confusable tests of UTS #39 §4.1 and §4.2.

    Attributes:
        whole_script: ISO 15924 codes of the scripts, other than the label's
            own, in which the label has a whole-script confusable
            (Cyrillic letters that read "apple" -> {"Latn"}).
        mixed_script: the label is mixed-script and has a confusable written
            in one of its scripts alone ("paypal" with Cyrillic a, p and y).
    """

    whole_script: frozenset[str]
    mixed_script: bool
