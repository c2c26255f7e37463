"""The pathspecs ``check`` asks about tracked files with, matched the way ``git ls-files`` matches
them, so that one listing of the index answers every question.

1. Magic first: ``:(icase)`` folds ASCII case; ``:(glob)`` makes ``*`` and ``?`` stop at ``/``,
   with ``**/`` for any number of folders. Any other magic is refused (``ValueError``).
2. A pattern without a wildcard (``*``, ``?``, ``[``) names a path or a folder: that path, or
   anything below it.
3. Otherwise it is a wildcard pattern over the whole path: ``*`` and ``?`` match ``/`` too
   (unless ``glob``), ``[...]`` is a class (``[!...]`` negated), ``\\`` quotes the next character.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

_WILD = frozenset("*?[")


def matcher(patterns: Sequence[str]) -> Callable[[str], bool]:
    """Whether a path (relative to the root) matches any of ``patterns``; none: every path."""
    if not patterns:
        return lambda path: True
    compiled = re.compile("|".join(f"(?:{_regex(p)})" for p in patterns), re.DOTALL)
    return lambda path: compiled.fullmatch(path) is not None


def _regex(pattern: str) -> str:
    icase = glob = False
    if pattern.startswith(":("):  # 1
        magic, _, pattern = pattern[2:].partition(")")
        for word in magic.split(","):
            if word == "icase":
                icase = True
            elif word == "glob":
                glob = True
            else:
                raise ValueError(f"pathspec magic {word!r} is not understood")
    if not _WILD & set(pattern):  # 2
        literal = re.escape(pattern.rstrip("/"))
        body = f"{literal}(?:/.*)?" if literal else ".*"
    else:
        body = _wildcards(pattern, glob)  # 3
    return f"(?ai:{body})" if icase else body


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
