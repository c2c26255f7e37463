"""The pathspecs ``check`` asks about tracked files with, matched the way ``git ls-files`` matches
them, so that one listing of the index answers every question.

1. Magic first: ``:(icase)`` folds ASCII case; ``:(glob)`` makes ``*`` and ``?`` stop at ``/``,
   with ``**/`` for any number of folders. Any other magic is refused (``ValueError``).
2. A pattern without a wildcard (``*``, ``?``, ``[``) names a path or a folder: that path, or
   anything below it.
3. Otherwise it is a wildcard pattern over the whole path: ``*`` and ``?`` match ``/`` too
   (unless ``glob``), ``[...]`` is a class (``[!...]`` negated), ``\\`` quotes the next character.
   The common ones are compared as they are: ``*`` then a name (``*AGENTS.md``: any path ending
   so) is a suffix (ASCII-folded, for ``icase``), and under ``glob`` (without ``icase``) ``**/``
   then a name (``**/.gitignore``) is that name at the top or a suffix after a ``/``; the rest
   are one regular expression.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable, Sequence

_WILD = frozenset("*?[")


_FOLD = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)


def select(patterns: Sequence[str], paths: Iterable[str]) -> list[str]:
    """The ``paths`` (relative to the root) that match any of ``patterns``, in their order; no
    patterns: every path."""
    if not patterns:
        return list(paths)
    exact: list[str] = []
    folded: list[str] = []
    whole: set[str] = set()  # ``**/name`` at the top
    others: list[str] = []
    for spec in patterns:
        icase, glob, pattern = _magic(spec)
        tail = pattern[1:]
        name = pattern[3:]
        if pattern.startswith("*") and not glob and _plain(tail):
            (folded if icase else exact).append(tail.translate(_FOLD) if icase else tail)
        elif pattern.startswith("**/") and glob and not icase and _plain(name) and not name.endswith("/"):
            exact.append("/" + name)
            whole.add(name)
        else:
            others.append(_anchored(_regex(glob, pattern), icase))
    ends, ends_folded = tuple(exact), tuple(folded)
    full = re.compile("|".join(others), re.DOTALL).search if others else lambda path: None
    # One pass, no call per path for the common patterns: a suffix or a whole path, then a folded
    # suffix, then the rest.
    return [
        p
        for p in paths
        if p.endswith(ends)
        or p in whole
        or (ends_folded and (p.lower() if p.isascii() else p.translate(_FOLD)).endswith(ends_folded))
        or (others and full(p) is not None)
    ]


def _plain(name: str) -> bool:
    """A name without wildcards or quoting: compared as it is."""
    return bool(name) and not (_WILD | {"\\"}) & set(name)


_ANY = ".*"
_ANY_FOLDERS = "(?:.*/)?"


def _anchored(body: str, icase: bool) -> str:
    """A whole-path expression for ``search``: a leading "anything" (``*``, or ``**/`` under
    ``glob``) left to the search itself, which then finds the rest without backtracking over it."""
    if body.startswith(_ANY_FOLDERS):
        start, body = "(?<![^/])", body[len(_ANY_FOLDERS) :]  # at the start, or after a "/"
    elif body.startswith(_ANY):
        start, body = "", body[len(_ANY) :]
    else:
        start = r"\A"
    return f"{start}(?ai:{body})\\Z" if icase else f"{start}(?:{body})\\Z"


def _magic(pattern: str) -> tuple[bool, bool, str]:
    """Step 1: (``icase``, ``glob``, the pattern after its magic)."""
    icase = glob = False
    if pattern.startswith(":("):
        magic, _, pattern = pattern[2:].partition(")")
        for word in magic.split(","):
            if word == "icase":
                icase = True
            elif word == "glob":
                glob = True
            else:
                raise ValueError(f"pathspec magic {word!r} is not understood")
    return icase, glob, pattern


def _regex(glob: bool, pattern: str) -> str:
    if not _WILD & set(pattern):  # 2
        literal = re.escape(pattern.rstrip("/"))
        body = f"{literal}(?:/.*)?" if literal else ".*"
    else:
        body = _wildcards(pattern, glob)  # 3
    return body


def _wildcards(pattern: str, glob: bool) -> str:
    out: list[str] = []
    i, n = 0, len(pattern)
    while i < n:
        c = pattern[i]
        if c == "*":
            if glob and pattern.startswith("**/", i) and (i == 0 or pattern[i - 1] == "/"):
                out.append("(?:.*/)?")
                i += 3
                continue
            if glob and pattern.startswith("**", i):
                out.append(".*")
                i += 2
                continue
            out.append("[^/]*" if glob else ".*")
        elif c == "?":
            out.append("[^/]" if glob else ".")
        elif c == "[":
            negate = pattern[i + 1 : i + 2] in ("!", "^")
            start = i + 2 if negate else i + 1
            end = pattern.find("]", start + 1)  # a "]" first is one of the class
            if end < 0:
                out.append(re.escape(c))
            else:
                body = pattern[start:end].replace("\\", "\\\\").replace("[", "\\[")
                out.append(("[^" if negate else "[") + body + "]")
                i = end
        elif c == "\\" and i + 1 < n:
            i += 1
            out.append(re.escape(pattern[i]))
        else:
            out.append(re.escape(c))
        i += 1
    return "".join(out)
