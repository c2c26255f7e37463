"""``claudeMdExcludes``: globs matched against a file's absolute path.

The engine matches with dotfiles included (``**`` and ``*`` cross ``.claude``), ``**`` spanning
directories, braces, ``?`` and classes. Managed files are never excluded.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from agents_md._model import Kind


@lru_cache(maxsize=256)
def _compiled(patterns: tuple[str, ...]) -> object:
    from wcmatch import glob as wc  # lazy: most sessions have no exclusions

    flags = wc.GLOBSTAR | wc.DOTGLOB | wc.BRACE | wc.EXTGLOB | wc.NEGATE | wc.GLOBTILDE
    return wc.compile(list(patterns), flags=flags)


class Excluder:
    """Answers whether a file of a given kind is excluded by the merged patterns."""

    def __init__(self, patterns: Sequence[str]) -> None:
        self.patterns = tuple(p for p in patterns if isinstance(p, str) and p)

    def excludes(self, path: str, kind: Kind) -> bool:
        if not self.patterns or kind not in (Kind.USER, Kind.PROJECT, Kind.LOCAL):
            return False
        matcher = _compiled(self.patterns)
        return bool(matcher.match(path))  # type: ignore[attr-defined]

    def __bool__(self) -> bool:
        return bool(self.patterns)
