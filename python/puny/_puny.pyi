from collections.abc import Iterable
from typing import Literal, TypeVar

from typing_extensions import TypeAlias

from ._display import (
    Confusability,
    DisplayResult,
    IdentifierAnalysis,
    LabelConfusables,
    LookalikeMatch,
)
from ._types import CheckResult, IDNAError

Profile: TypeAlias = Literal[
    "uts46", "whatwg", "transitional", "display", "idna2008", "idna2008-registration", "idna2003"
]
_Text = TypeVar("_Text", str, bytes)

__version__: str

def unicode_version() -> str: ...

DisplayPolicy: TypeAlias = Literal[
    "chromium", "firefox", "uts39-highly-restrictive", "uts39-moderately-restrictive", "ascii"
]
CjkChoice: TypeAlias = Literal["strict17", "cjk-compat", "cjk_compat"]

class LookalikeIndex:
    def __init__(self, domains: Iterable[str | bytes] | None = None, *, top_bucket: bool = False) -> None: ...
    def add(self, domain: str | bytes, *, top_bucket: bool = False) -> bool: ...
    def add_list(self, text: str | bytes) -> list[tuple[int, str, tuple[str, ...]]]: ...
    def __len__(self) -> int: ...
    @property
    def memory_bytes(self) -> int: ...
    def domain(self, id: int) -> str: ...
    def domains(self) -> list[str]: ...
    def find(self, name: str | bytes) -> LookalikeMatch | None: ...
    def find_without_separators(self, name: str | bytes) -> LookalikeMatch | None: ...
    def lookup_skeleton(
        self, skeleton: str | bytes, *, separators_removed: bool = False
    ) -> LookalikeMatch | None: ...
    def find_batch(
        self, names: Iterable[object], *, jobs: int = 1
    ) -> list[LookalikeMatch | IDNAError | None]: ...
    @staticmethod
    def skeletons(unicode_host: str | bytes) -> tuple[str, ...]: ...

def display(
    domain: str | bytes,
    *,
    policy: DisplayPolicy = "chromium",
    protect: LookalikeIndex | Iterable[str | bytes] | None = None,
    allowed_characters: str | None = None,
    blocked_characters: str | None = None,
    allowed_scripts: str | Iterable[str] | None = None,
    cjk: CjkChoice = "strict17",
) -> DisplayResult: ...
def display_batch(
    names: Iterable[object],
    *,
    jobs: int = 1,
    labels: bool = True,
    policy: DisplayPolicy = "chromium",
    protect: LookalikeIndex | Iterable[str | bytes] | None = None,
    allowed_characters: str | None = None,
    blocked_characters: str | None = None,
    allowed_scripts: str | Iterable[str] | None = None,
    cjk: CjkChoice = "strict17",
) -> list[DisplayResult | IDNAError]: ...
def display_policies() -> tuple[str, ...]: ...
def display_reasons() -> dict[str, str]: ...
def skeleton(s: _Text) -> _Text: ...
def are_confusable(a: str | bytes, b: str | bytes) -> Confusability: ...
def restriction_level(
    s: str | bytes,
    *,
    cjk: CjkChoice = "strict17",
    allowed_characters: str | None = None,
    blocked_characters: str | None = None,
) -> str: ...
def analyze_identifier(
    s: str | bytes,
    *,
    cjk: CjkChoice = "strict17",
    allowed_characters: str | None = None,
    blocked_characters: str | None = None,
) -> IdentifierAnalysis: ...
def label_confusables(s: str | bytes) -> LabelConfusables: ...
def resolved_script_set(s: str | bytes) -> frozenset[str]: ...
def script_of(cp: int | str) -> str: ...
def script_extensions(cp: int | str) -> frozenset[str]: ...
def augmented_script_set(cp: int | str) -> frozenset[str]: ...
def script_name(code: str) -> str: ...
def identifier_status(cp: int | str) -> Literal["Allowed", "Restricted"]: ...
def identifier_types(cp: int | str) -> tuple[str, ...]: ...
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
def _batch_list(
    names: Iterable[object],
    *,
    unicode: bool,
    jobs: int = 1,
    profile: Profile | str = "uts46",
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

class _ArrowExport:
    def __arrow_c_array__(self, requested_schema: object | None = None) -> tuple[object, object]: ...

def _batch_arrow(
    arrow: object,
    *,
    stream: bool,
    unicode: bool,
    jobs: int = 1,
    profile: Profile | str = "uts46",
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
) -> list[_ArrowExport]: ...
