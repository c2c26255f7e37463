"""C and C++ headers a doc names as the code includes them (``kj/debug.h``): the compiler finds
them through its include paths, which may lead into a dependency the repository does not hold
(a library fetched by the build), so a header spelled as an ``#include`` of the repository's own
code spells names a file the build has, wherever it comes from."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

from agents_md._util.std import lazy_compile

# The extensions of a header a ``#include`` names.
_HEADER = lazy_compile(r"\.(?:h|hh|hpp|hxx|h\+\+|inl|ipp|tcc)$", re.I)
_INCLUDE = lazy_compile(r'^\s*#\s*(?:include|import)\s*[<"]([^>"]+)[>"]')


def header_spelling(path: str) -> str | None:
    """``path`` as an ``#include`` would spell it, if it is a header's path of two parts or more
    that does not start from a folder (``./x.h``, ``/x.h``, ``../x.h``: a place, not an include's)."""
    if not _HEADER.search(path) or path.startswith(("/", "./", "../")) or "/" not in path:
        return None
    return path


def included(paths: Iterable[str], lines_with: Callable[[Sequence[str]], list[str]]) -> frozenset[str]:
    """Those of ``paths`` that an ``#include`` (or Objective-C's ``#import``) of a tracked file
    names: ``lines_with`` is asked once, for every header's two spellings."""
    wanted = sorted({h for p in paths if (h := header_spelling(p)) is not None})
    if not wanted:
        return frozenset()
    asked = [f"{quote[0]}{h}{quote[1]}" for h in wanted for quote in ("<>", '""')]
    found = {m.group(1) for line in lines_with(asked) if (m := _INCLUDE.match(line))}
    return frozenset(found.intersection(wanted))
