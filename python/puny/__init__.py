"""puny: Punycode (RFC 3492) and internationalized domain names.

UTS #46 (profiles "uts46", "whatwg", "transitional", "display"), IDNA2008
("idna2008", "idna2008-registration") and IDNA2003 ("idna2003"), from the
C++ library puny.

>>> import puny
>>> puny.to_ascii("bücher.de")
'xn--bcher-kva.de'
>>> puny.check("a\u200cb.de").codes
('C1',)
"""

from __future__ import annotations

from ._puny import (
    __version__,
    check,
    decode,
    encode,
    to_ascii,
    to_ascii_batch,
    to_unicode,
    to_unicode_batch,
    unicode_version,
)
from ._types import CheckResult, IDNAError

PROFILES = (
    "uts46",
    "whatwg",
    "transitional",
    "display",
    "idna2008",
    "idna2008-registration",
    "idna2003",
)

__all__ = [
    "PROFILES",
    "CheckResult",
    "IDNAError",
    "__version__",
    "check",
    "decode",
    "encode",
    "to_ascii",
    "to_ascii_batch",
    "to_unicode",
    "to_unicode_batch",
    "unicode_version",
]
