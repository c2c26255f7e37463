"""The projects a Gradle build declares, when its settings file says them plainly.

1. The build's settings file is the first ``settings.gradle.kts`` or ``settings.gradle`` at or
   above where Gradle runs, as Gradle itself looks.
2. Its projects are the string literals of each ``include(...)`` (``include 'a', ':b:c'``), with
   the projects above each (``:b`` of ``:b:c``); an ``includeBuild("path")`` adds the build's
   folder name, under which any project may be (its own settings are not read).
3. A settings file that makes projects any other way (a call's argument no literal, a loop, a
   list built in code, an ``include`` of a variable) tells nothing: incomplete.
"""

from __future__ import annotations

import os
import posixpath
import re

from agents_md._util.std import lazy_compile
from agents_md.maintain.read.runners.known import Known, read_text

NAMES = ("settings.gradle.kts", "settings.gradle")

_CALL = lazy_compile(r"\b(include|includeFlat|includeBuild)\b\s*(\(?)")
_LITERAL = lazy_compile(r"\"([^\"$\\]*)\"|'([^'$\\]*)'")
_COMMENT = lazy_compile(r"//[^\n]*|/\*.*?\*/", re.S)
# What may stand between a call's literals: commas, blanks, a ``listOf(``/``arrayOf(`` wrapper.
_GLUE = lazy_compile(r"^[\s,]*$")


def find(directory: str, top: str) -> str | None:
    """Step 1: the settings file at or above ``directory``, not above ``top``."""
    while True:
        for name in NAMES:
            path = os.path.join(directory, name)
            if os.path.isfile(path):
                return path
        if os.path.normpath(directory) == os.path.normpath(top):
            return None
        parent = os.path.dirname(directory)
        if parent == directory:
            return None
        directory = parent


def _arguments(text: str, at: int, paren: bool) -> tuple[str, int]:
    """A call's arguments: to its closing parenthesis, or to the end of the line (Groovy: a
    line ending in a comma goes on to the next)."""
    if not paren:
        end = at
        while True:
            end = text.find("\n", end)
            end = len(text) if end < 0 else end
            if end == len(text) or not text[at:end].rstrip().endswith(","):
                return text[at:end], end
            end += 1
    depth, i = 1, at
    while i < len(text) and depth:
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        i += 1
    return text[at : i - 1], i


def _project_paths(literal: str) -> list[str]:
    path = ":" + literal.strip(":")
    parts = path.split(":")[1:]
    return [":" + ":".join(parts[: n + 1]) for n in range(len(parts))]


def projects(path: str) -> Known:
    """Steps 2-3: the project paths (``:a``, ``:a:b``) of a settings file; included builds are
    patterns (``:build*``)."""
    text = read_text(path)
    if text is None:
        return Known(names=frozenset(), files=(path,), complete=False)
    text = _COMMENT.sub("", text)
    names: set[str] = {":"}
    patterns: list[str] = []
    complete = True
    for call in _CALL.finditer(text):
        args, _end = _arguments(text, call.end(), bool(call.group(2)))
        literals = [a or b for a, b in _LITERAL.findall(args)]
        if not literals or not _GLUE.match(_LITERAL.sub("", args)):
            complete = False  # ``include(projects)``, ``include(*dirs.toTypedArray())``
            continue
        for literal in literals:
            if call.group(1) == "includeBuild":
                name = posixpath.basename(posixpath.normpath(literal.replace("\\", "/")))
                patterns += [f":{name}", f":{name}:*"]
            elif literal.strip(":"):
                names.update(_project_paths(literal))
    return Known(names=frozenset(names), files=(path,), complete=complete, patterns=tuple(patterns))
