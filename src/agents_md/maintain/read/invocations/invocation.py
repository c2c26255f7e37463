"""One command's request of a runner, and what a word must be to name something."""

from __future__ import annotations

import shlex

from agents_md._util.std import lazy_compile
from agents_md._value import Value

ASSIGN = lazy_compile(r"^[A-Za-z_][A-Za-z0-9_]*=")
_PLACEHOLDER = lazy_compile(r"[<>\[\]{}$*?`~\\]|\.\.\.|\u2026|^-|^[A-Z_]+$")
_NAME = lazy_compile(r"^[A-Za-z0-9_@][\w@.:/+-]*$")


class Invocation(Value):
    runner: str  # "make", "script", "just", "tox", "nox", "module", "uv", "xtask", "program"
    tool: str  # the program as written: make, pnpm, yarn, python3, ...
    names: tuple[str, ...]  # what it asks for: targets, a script, envs, sessions, a module
    text: str  # the simple command as written
    cwd: str = ""  # where it runs, relative to where the doc's reader stands ("" there)
    file: str = ""  # a file it names (``make -f dev.mk``, ``just -f x.just``)
    package: str = ""  # a workspace package (``--filter web``); "/" the workspace root
    recursive: bool = False  # ``pnpm -r run x``: every package that has it
    strict: bool = True


def is_name(word: str) -> bool:
    """Step 2: a word that names something, not a placeholder."""
    return bool(_NAME.match(word)) and not _PLACEHOLDER.search(word)


def words(text: str) -> list[str] | None:
    """Step 1: the words of a simple command, or ``None`` when its quoting is broken."""
    try:
        out = shlex.split(text, comments=False, posix=True)
    except ValueError:
        return None
    while out and (out[0] in ("$", "(", ">") or ASSIGN.match(out[0])):
        out = out[1:]
    if out and out[0].startswith("("):
        out[0] = out[0][1:]
    if out and out[-1].endswith(")"):
        out[-1] = out[-1][:-1]
    return [w for w in out if w]
