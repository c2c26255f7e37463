"""``claudeMdExcludes``: globs matched against a file's absolute path, as the engine matches them.

- Dotfiles are included (``**`` and ``*`` cross ``.claude``); ``**`` spans directories;
  braces, ``?`` and classes work; a relative pattern matches no absolute path. Where the
  engine's glob library reads a pattern otherwise than a shell (backslashes, parentheses,
  ``|``, brackets), ``engine.exclude_globs`` spells it for the matcher.
- Each pattern decides alone and any pattern that matches excludes: a ``!pattern`` matches
  every path the rest does not (so ``["!**/a/CLAUDE.md"]`` excludes all but that file).
- An absolute pattern is also tried with its folder's links resolved (the folder of the text
  before the first glob character, or of the whole pattern), so a pattern written through a
  linked folder still applies; a rule file is also matched by its link's path (``rules``).
- Only user, project and local files can be excluded; managed files never.
"""

from __future__ import annotations

import os

from agents_md._model import Kind
from agents_md._util.std import Callable, Sequence, lru_cache
from agents_md.engine.settings import Settings

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from agents_md.engine.fs import FileSystem

_GLOB_CHARS = frozenset("*?[]{}")


@lru_cache(maxsize=512)
def _matcher(pattern: str) -> Callable[[str], bool]:
    from wcmatch import glob as wc  # lazy: most sessions have no exclusions

    flags = wc.GLOBSTAR | wc.DOTGLOB | wc.BRACE | wc.EXTGLOB
    try:
        compiled = wc.compile(pattern, flags=flags)
    except (RecursionError, ValueError):
        # Nested past what the glob library can parse (thousands of ``!(`` deep): no path the
        # engine asks about matches such a spelling; the pattern's literal one still applies.
        return lambda path: False
    return lambda path: bool(compiled.match(path))


def _node_dirname(path: str) -> str:
    stripped = path.rstrip("/") or "/"
    return os.path.dirname(stripped) or "/"


def _resolved_spelling(
    pattern: str, realpath: Callable[[str], str], lexists: Callable[[str], bool] = os.path.lexists
) -> str | None:
    """The pattern with its folder's links resolved as the engine resolves them, when that differs.

    The folder resolved is that of the text before the first glob character, or of the whole
    pattern when it has none: ``/a/lnk/CLAUDE.md`` and ``/a/lnk/CLAUDE.*`` resolve ``/a/lnk``,
    ``/a/lnk/*.md`` only ``/a``. The last name is never resolved: a pattern naming a link
    (a ``CLAUDE.md`` linked to ``AGENTS.md``) does not name its target.
    """
    if not pattern.startswith("/"):
        return None
    # By character, not a regular expression: compiling one cost more than the search, on every start.
    glob_at = next((i for i, c in enumerate(pattern) if c in _GLOB_CHARS), len(pattern))
    folder = _node_dirname(pattern[:glob_at])
    try:
        if not lexists(folder):
            return None
        resolved_folder = realpath(folder)
    except OSError:  # as ``os.path.lexists`` says of a folder it cannot ask about: not there
        return None
    if resolved_folder == folder:
        return None
    return resolved_folder.rstrip("/") + pattern[len(folder) :]


class Excluder:
    """Answers whether a file of a given kind is excluded by the merged patterns."""

    def __init__(
        self,
        patterns: Sequence[str],
        realpath: Callable[[str], str] = os.path.realpath,
        lexists: Callable[[str], bool] = os.path.lexists,
    ) -> None:
        self.patterns = tuple(p for p in patterns if isinstance(p, str) and p)
        self._rules: list[tuple[bool, tuple[str, ...]]] = []
        self._compiled: list[tuple[bool, tuple[Callable[[str], bool], ...]]] | None = None
        if self.patterns:
            from agents_md.engine import exclude_globs  # a session without exclusions never needs it
        for pattern in self.patterns:
            negated = pattern.startswith("!")
            body = (pattern[1:] if negated else pattern).replace("\\", "/")  # no escapes: separators
            written = [body]
            other = _resolved_spelling(body, realpath, lexists)
            if other is not None:
                written.append(other)
            # Each as the engine's glob library reads it (``engine.exclude_globs``).
            spelled = tuple(dict.fromkeys(s for w in written for s in exclude_globs.spellings(w)))
            self._rules.append((negated, spelled))

    @classmethod
    def from_settings(cls, settings: Settings, fs: FileSystem | None = None) -> Excluder:
        """The patterns of ``claudeMdExcludes``, merged from every settings layer; their folders
        resolved through ``fs`` (the session's: a lookup remembered notes the links it followed)."""
        patterns = [p for p in settings.merged_list("claudeMdExcludes") if isinstance(p, str)]
        if fs is None:
            return cls(patterns)
        return cls(patterns, fs.realpath, lambda path: fs.is_symlink(path) or fs.exists(path))

    def excludes(self, path: str, kind: Kind) -> bool:
        if not self._rules or kind not in (Kind.USER, Kind.PROJECT, Kind.LOCAL):
            return False
        for negated, matchers in self._matchers():
            matched = any(m(path) for m in matchers)
            if matched != negated:
                return True
        return False

    def _matchers(self) -> list[tuple[bool, tuple[Callable[[str], bool], ...]]]:
        # Compiled once per set of patterns: with more patterns than the compile cache holds, a
        # cache alone would compile every pattern again for every file (quadratic in effect).
        if self._compiled is None:
            self._compiled = [(negated, tuple(_matcher(s) for s in spellings)) for negated, spellings in self._rules]
        return self._compiled

    def __bool__(self) -> bool:
        return bool(self.patterns)
