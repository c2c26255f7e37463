"""The sessions a ``noxfile.py`` defines, conservatively.

1. nox reads ``noxfile.py`` in the folder it runs in.
2. A session is a function under ``@nox.session`` (or ``@session``), named by the function
   or by the decorator's ``name=``; ``tests-3.12`` and ``tests(django='5')`` are ``tests``
   run with a parameter.
3. ``nox.session(...)`` called other than as a decorator, a session made in a loop, a
   decorator under another name, or no session found makes the list incomplete.
"""

from __future__ import annotations

import os
import re

from agents_md._util.std import lazy_compile
from agents_md.maintain.read.runners.known import Known, read_text

_DECORATED = lazy_compile(r"^@(?:nox\.)?session\b(.*)$")
_DEF = lazy_compile(r"^(?:async\s+)?def\s+([A-Za-z_]\w*)")
_NAME_ARG = lazy_compile(r"\bname\s*=\s*(['\"])([^'\"]+)\1")


def find(directory: str) -> str | None:
    path = os.path.join(directory, "noxfile.py")
    return path if os.path.isfile(path) else None


def sessions(path: str) -> Known:
    text = read_text(path)
    if text is None:
        return Known(names=frozenset(), files=(path,), complete=False)
    names: set[str] = set()
    complete = True
    pending: str | None = None  # a decorator's arguments, until its function
    decorated_lines = 0
    for line in text.split("\n"):
        stripped = line.strip()
        if stripped.startswith("@") and "session" in stripped and _DECORATED.match(stripped) is None:
            complete = False  # a decorator under another name (``@nox_session``)
        if (match := _DECORATED.match(stripped)) is not None:
            if line.startswith((" ", "\t")):
                complete = False  # a session inside a function or a class
            pending = match.group(1)
            decorated_lines += 1
            continue
        if pending is not None:
            if (d := _DEF.match(stripped)) is not None:
                given = _NAME_ARG.search(pending)
                names.add(given.group(2) if given else d.group(1))
                pending = None
            elif not stripped.startswith("@"):
                pending += stripped  # the decorator's arguments over several lines
            continue
    calls = len(re.findall(r"(?:nox\.)?\bsession\s*\(", text))
    if calls > decorated_lines or not names:
        complete = False
    return Known(names=frozenset(names), files=(path,), complete=complete)


def session_name(asked: str) -> str:
    """Step 2: the session a parametrised name runs."""
    asked = asked.split("(", 1)[0]
    return re.sub(r"-(?:\d+(?:\.\d+)*t?|pypy\S*)$", "", asked)
