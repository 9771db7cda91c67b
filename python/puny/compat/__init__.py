"""Drop-in replacements for other IDNA packages, backed by puny.

``from puny.compat import idna`` gives the public API of the ``idna``
package (kjd/idna) with puny's IDNA2008 engine underneath, so that changing
one import line is enough.
"""

from __future__ import annotations

from . import idna

__all__ = ["idna"]
