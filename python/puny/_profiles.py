"""The profile names of puny, in one place: ``puny.PROFILES`` and the
"puny-<profile>" codecs (registered while ``puny`` is still importing, so
they cannot read the package) both use this tuple."""

from __future__ import annotations

__all__ = ["PROFILES"]

#: Every ``profile=`` value: UTS #46 ("uts46", "whatwg", "transitional",
#: "display"), IDNA2008 ("idna2008", "idna2008-registration") and IDNA2003.
PROFILES = (
    "uts46",
    "whatwg",
    "transitional",
    "display",
    "idna2008",
    "idna2008-registration",
    "idna2003",
)
