"""Python's command lines: ``uv run X``, ``python -m X``, ``uv run python -m X``."""

from __future__ import annotations

import re
from collections.abc import Callable

from agents_md.maintain.read.invocations.invocation import Invocation, is_name

_UV_VALUE = frozenset(
    {
        "--extra",
        "--group",
        "--with",
        "--with-editable",
        "--with-requirements",
        "--python",
        "-p",
        "--package",
        "--env-file",
        "--index",
        "--only-group",
        "--no-group",
        "--no-extra",
        "--directory",
        "--project",
    }
)


# Runners run through ``uv run``: their command lines are read as their own.
THROUGH = frozenset({"tox", "nox", "make", "just"})


def uv_run(rest: list[str], text: str, through: Callable[[list[str]], Invocation | None]) -> Invocation | None:
    """``uv run X`` (``poetry run X``): a module, a script of the project's, or another runner's
    command line (``uv run tox -e lint``), read by ``through``."""
    at = 0
    while at < len(rest):
        word = rest[at]
        at += 1
        if word in ("--project", "--directory", "--package", "--script", "-s", "--with", "--with-editable"):
            return None  # another project, or something added for the run: not this one's to judge
        if word == "-m" or word == "--module":
            module = rest[at] if at < len(rest) else ""
            return _module("uv", module, text)
        if word.startswith("-"):
            if word in _UV_VALUE:
                at += 1
            continue
        if re.fullmatch(r"python(?:3(?:\.\d+)?)?", word):
            return python(f"uv run {word}", rest[at:], text)
        if word in THROUGH:
            return through(rest[at - 1 :])
        if not is_name(word) or "/" in word or "." in word:
            return None  # a script file is a path, ``missing-path``'s to check
        return Invocation(runner="uv", tool="uv", names=(word,), text=text)
    return None


def python(tool: str, rest: list[str], text: str) -> Invocation | None:
    for at, word in enumerate(rest):
        if word == "-m":
            return _module(tool, rest[at + 1] if at + 1 < len(rest) else "", text)
        if not word.startswith("-") or word in ("-c",):
            return None
    return None


def _module(tool: str, module: str, text: str) -> Invocation | None:
    if not re.fullmatch(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*", module):
        return None
    return Invocation(runner="module", tool=tool, names=(module,), text=text)
