from collections.abc import Iterable
from typing import Literal, TypeVar

from typing_extensions import TypeAlias

from ._types import CheckResult

Profile: TypeAlias = Literal[
    "uts46", "whatwg", "transitional", "display", "idna2008", "idna2008-registration", "idna2003"
]
_Text = TypeVar("_Text", str, bytes)

__version__: str

def unicode_version() -> str: ...
def encode(s: str) -> str: ...
def decode(s: str) -> str: ...
def to_ascii(
    domain: _Text,
    *,
    profile: Profile = "uts46",
    use_std3_ascii_rules: bool | None = None,
    check_hyphens: bool | None = None,
    check_bidi: bool | None = None,
    check_joiners: bool | None = None,
    transitional_processing: bool | None = None,
    verify_dns_length: bool | None = None,
    ignore_invalid_punycode: bool | None = None,
    forbid_domain_code_points: bool | None = None,
    reject_empty: bool | None = None,
    ascii_input_lowercase_only: bool | None = None,
    display_fallback: bool | None = None,
    check_contexto: bool | None = None,
    check_hostname: bool | None = None,
    require_lowercase_alabels: bool | None = None,
    allow_reserved_ldh: bool | None = None,
    allow_trailing_dot: bool | None = None,
    allow_unassigned: bool | None = None,
    nfkc: Literal["corrected", "unicode-3.2"] | None = None,
) -> _Text: ...
def to_unicode(
    domain: _Text,
    *,
    profile: Profile = "uts46",
    use_std3_ascii_rules: bool | None = None,
    check_hyphens: bool | None = None,
    check_bidi: bool | None = None,
    check_joiners: bool | None = None,
    transitional_processing: bool | None = None,
    verify_dns_length: bool | None = None,
    ignore_invalid_punycode: bool | None = None,
    forbid_domain_code_points: bool | None = None,
    reject_empty: bool | None = None,
    ascii_input_lowercase_only: bool | None = None,
    display_fallback: bool | None = None,
    check_contexto: bool | None = None,
    check_hostname: bool | None = None,
    require_lowercase_alabels: bool | None = None,
    allow_reserved_ldh: bool | None = None,
    allow_trailing_dot: bool | None = None,
    allow_unassigned: bool | None = None,
    nfkc: Literal["corrected", "unicode-3.2"] | None = None,
) -> _Text: ...
def check(
    domain: str | bytes,
    *,
    profile: Profile = "uts46",
    use_std3_ascii_rules: bool | None = None,
    check_hyphens: bool | None = None,
    check_bidi: bool | None = None,
    check_joiners: bool | None = None,
    transitional_processing: bool | None = None,
    verify_dns_length: bool | None = None,
    ignore_invalid_punycode: bool | None = None,
    forbid_domain_code_points: bool | None = None,
    reject_empty: bool | None = None,
    ascii_input_lowercase_only: bool | None = None,
    display_fallback: bool | None = None,
    check_contexto: bool | None = None,
    check_hostname: bool | None = None,
    require_lowercase_alabels: bool | None = None,
    allow_reserved_ldh: bool | None = None,
    allow_trailing_dot: bool | None = None,
    allow_unassigned: bool | None = None,
    nfkc: Literal["corrected", "unicode-3.2"] | None = None,
) -> CheckResult: ...
def to_ascii_batch(
    names: Iterable[object],
    *,
    jobs: int = 1,
    profile: Profile = "uts46",
    use_std3_ascii_rules: bool | None = None,
    check_hyphens: bool | None = None,
    check_bidi: bool | None = None,
    check_joiners: bool | None = None,
    transitional_processing: bool | None = None,
    verify_dns_length: bool | None = None,
    ignore_invalid_punycode: bool | None = None,
    forbid_domain_code_points: bool | None = None,
    reject_empty: bool | None = None,
    ascii_input_lowercase_only: bool | None = None,
    display_fallback: bool | None = None,
    check_contexto: bool | None = None,
    check_hostname: bool | None = None,
    require_lowercase_alabels: bool | None = None,
    allow_reserved_ldh: bool | None = None,
    allow_trailing_dot: bool | None = None,
    allow_unassigned: bool | None = None,
    nfkc: Literal["corrected", "unicode-3.2"] | None = None,
) -> tuple[list[str | None], list[bool], list[tuple[str, ...]]]: ...
def to_unicode_batch(
    names: Iterable[object],
    *,
    jobs: int = 1,
    profile: Profile = "uts46",
    use_std3_ascii_rules: bool | None = None,
    check_hyphens: bool | None = None,
    check_bidi: bool | None = None,
    check_joiners: bool | None = None,
    transitional_processing: bool | None = None,
    verify_dns_length: bool | None = None,
    ignore_invalid_punycode: bool | None = None,
    forbid_domain_code_points: bool | None = None,
    reject_empty: bool | None = None,
    ascii_input_lowercase_only: bool | None = None,
    display_fallback: bool | None = None,
    check_contexto: bool | None = None,
    check_hostname: bool | None = None,
    require_lowercase_alabels: bool | None = None,
    allow_reserved_ldh: bool | None = None,
    allow_trailing_dot: bool | None = None,
    allow_unassigned: bool | None = None,
    nfkc: Literal["corrected", "unicode-3.2"] | None = None,
) -> tuple[list[str | None], list[bool], list[tuple[str, ...]]]: ...
