"""Regular expressions compiled the first time they are used, not when their module loads.

A pattern compiled at import is paid on every start, used or not: the Markdown lexer's take a
few milliseconds, and a file without comments or imports never needs them. ``lazy_compile``
stands for ``re.compile``: the first look at any of the pattern's attributes (``match``,
``finditer``...) compiles it, and each attribute, once looked at, is the compiled pattern's
own, kept on the stand-in, so later calls cost what the compiled pattern's do.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    import re


class _LazyPattern:
    def __init__(self, source: str, flags: int) -> None:
        self._source = source
        self._flags = flags

    def __getattr__(self, name: str) -> object:
        # Reached only for an attribute not kept yet (``__dict__`` answers the rest). ``re`` itself
        # is imported here: with the ``enum`` it needs, a tenth of a hook call's start.
        import re

        found = getattr(re.compile(self._source, self._flags), name)
        setattr(self, name, found)
        return found


def lazy_compile(source: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(source, flags)``, compiled on first use."""
    return _LazyPattern(source, flags)  # type: ignore[return-value]  # it answers as the pattern does
