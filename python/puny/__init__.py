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

from . import _codecs  # noqa: F401 - importing it registers the "puny-<profile>" codecs
from ._batch import BatchResult, to_ascii_batch, to_unicode_batch
from ._display import (
    Confusability,
    DisplayResult,
    IdentifierAnalysis,
    LabelConfusables,
    LabelDisplay,
    LookalikeMatch,
)
from ._profiles import PROFILES
from ._puny import (
    LookalikeIndex,
    __version__,
    analyze_identifier,
    are_confusable,
    augmented_script_set,
    check,
    decode,
    display,
    display_batch,
    display_policies,
    display_reasons,
    encode,
    identifier_status,
    identifier_types,
    label_confusables,
    resolved_script_set,
    restriction_level,
    script_extensions,
    script_name,
    script_of,
    skeleton,
    to_ascii,
    to_unicode,
    unicode_version,
)
from ._types import CheckResult, IDNAError

__all__ = [
    "PROFILES",
    "BatchResult",
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

#: The display policies (display(policy=...)), as the command line names them.
DISPLAY_POLICIES = display_policies()

__all__ += [
    "DISPLAY_POLICIES",
    "Confusability",
    "DisplayResult",
    "IdentifierAnalysis",
    "LabelConfusables",
    "LabelDisplay",
    "LookalikeIndex",
    "LookalikeMatch",
    "analyze_identifier",
    "are_confusable",
    "augmented_script_set",
    "display",
    "display_batch",
    "display_policies",
    "display_reasons",
    "identifier_status",
    "identifier_types",
    "label_confusables",
    "resolved_script_set",
    "restriction_level",
    "script_extensions",
    "script_name",
    "script_of",
    "skeleton",
]
