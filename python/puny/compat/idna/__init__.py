"""The public API of the ``idna`` package (kjd/idna 3.20), backed by puny.

``from puny.compat import idna`` (or ``import puny.compat.idna as idna``) in
place of ``import idna``: the same functions, arguments, return types,
exception classes (IDNAError is a UnicodeError; IDNABidiError,
InvalidCodepoint and InvalidCodepointContext derive from it) with the same
``code``/``text``/``codepoint``/``position`` attributes.  The rules are
puny's IDNA2008 (RFC 5891-5893) and UTS #46 mapping on Unicode 17.0;
python/tests/data/idna_suite_differences.tsv lists where the idna package's
own tests see a difference, and why.  As with idna, ``import
puny.compat.idna.codec`` registers the "idna2008" codec.  The idna package's data tables
(``idna.idnadata``, ``idna.uts46data``) have no counterpart here.
"""

from __future__ import annotations

import puny as _puny

from . import core, intranges, package_data  # noqa: F401 - submodules, as idna imports them
from .core import *  # noqa: F403 - idna's __init__ re-exports the whole of idna.core
from .intranges import intranges_contain
from .package_data import __version__

unicode_version: str = _puny.unicode_version()
"""The Unicode version of puny's tables (the data behind every rule here)."""

__all__ = ["__version__", "intranges_contain", "unicode_version"]
__all__ += core.__all__
