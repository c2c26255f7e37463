"""Terminal styling: colour only on a terminal, never when ``NO_COLOR`` is set."""

from __future__ import annotations

import os
import sys
from typing import TextIO

_CODES = {
    "bold": "1",
    "dim": "2",
    "red": "31",
    "green": "32",
    "yellow": "33",
    "blue": "34",
    "magenta": "35",
    "cyan": "36",
}


class Style:
    def __init__(self, stream: TextIO | None = None, *, colour: bool | None = None) -> None:
        stream = stream or sys.stdout
        if colour is None:
            colour = stream.isatty() and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"
        self.colour = colour

    def __call__(self, text: str, *names: str) -> str:
        if not self.colour or not names:
            return text
        codes = ";".join(_CODES[n] for n in names)
        return f"\x1b[{codes}m{text}\x1b[0m"


def short_path(path: str, cwd: str, home: str) -> str:
    """A path as a person reads it: relative to the cwd when inside it, ``~`` for the home."""
    cwd = cwd.rstrip("/")
    if path.startswith(cwd + "/"):
        return path[len(cwd) + 1 :]
    home = home.rstrip("/")
    if home and path.startswith(home + "/"):
        return "~/" + path[len(home) + 1 :]
    return path


class PathNames:
    """How one table names its files, by one rule: relative to the directory asked about
    (``../../AGENTS.md``) for the project's files (at or below ``top``, the project's highest
    folder above the cwd); ``~/`` for the rest of the home; absolute otherwise, or always with
    ``absolute``."""

    def __init__(self, cwd: str, home: str, *, top: str | None = None, absolute: bool = False) -> None:
        self.cwd = cwd.rstrip("/") or "/"
        self.home = home.rstrip("/")
        self.top = (top or self.cwd).rstrip("/") or "/"
        self.absolute = absolute

    def __call__(self, path: str) -> str:
        if self.absolute or not path:
            return path
        if path == self.top or path.startswith(self.top.rstrip("/") + "/"):
            return os.path.relpath(path, self.cwd)
        if self.home and path.startswith(self.home + "/"):
            return "~/" + path[len(self.home) + 1 :]
        return path


def human_bytes(n: int) -> str:
    if n < 1024:
        return f"{n} B"
    return f"{n / 1024:.1f} KiB"
