"""Paths the repository's code spells in a string (``"extensions/sources/x"``, ``'./config/local.yaml'``)
or builds from its parts (``root / "extensions" / "sources"``, ``os.path.join(home, "config", "cache")``):
a place the code makes or reads at run time, not one the repository need hold, so a doc naming it
where nothing is names no stale path. Docs are not asked (a doc spelling it proves nothing)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

# Prose files, whose quotes are no code's: left out of the search.
NOT_CODE = (":(exclude,glob)**/*.md", ":(exclude,glob)**/*.mdx", ":(exclude,glob)**/*.rst", ":(exclude,glob)**/*.txt")
_Q = "[\"']"
# Between two parts the code joins: ``/`` (pathlib), ``,`` (``os.path.join``, ``filepath.Join``), ``+ "/" +``.
_JOIN = rf"{_Q}\s*(?:/|,|\+\s*{_Q}/{_Q}\s*\+)\s*{_Q}"


def _parts(path: str) -> list[str] | None:
    parts = [p for p in path.split("/") if p not in ("", ".")]
    if len(parts) < 2 or ".." in parts or path.startswith("/"):
        return None  # a name alone says too little; ``../`` and ``/`` are no place the code would build
    return parts


def spelled_in_code(
    paths: Iterable[str], lines_with: Callable[[Sequence[str], Sequence[str]], list[str]]
) -> frozenset[str]:
    """Those of ``paths`` a tracked file that is no doc spells, whole or part by part: ``lines_with``
    is asked once, for every path's spellings."""
    wanted = {p: parts for p in paths if (parts := _parts(p)) is not None}
    if not wanted:
        return frozenset()
    asked = sorted(
        {
            f"{q}{s}"
            for parts in wanted.values()
            for q in "\"'"
            for s in ("/".join(parts), "./" + "/".join(parts), f"{parts[-1]}{q}")
        }
    )
    lines = lines_with(asked, NOT_CODE)
    found: set[str] = set()
    for path, parts in wanted.items():
        whole = re.compile(rf"{_Q}(?:\./)?{re.escape('/'.join(parts))}(?:/|{_Q})")
        joined = re.compile(_Q + _JOIN.join(map(re.escape, parts)) + _Q)
        if any(whole.search(line) or joined.search(line) for line in lines):
            found.add(path)
    return frozenset(found)
