"""The paths a command is given, checked as the user typed them: a missing one is a usage error."""

from __future__ import annotations

import os

from agents_md._util.std import Sequence
from agents_md.errors import UsageError


def existing(paths: Sequence[str]) -> list[str]:
    """``paths`` made absolute; every one that does not exist is named, as typed (exit 2)."""
    missing = [p for p in paths if not os.path.lexists(p)]
    if missing:
        raise UsageError("; ".join(f"{p}: no such file or directory" for p in missing))
    return [os.path.abspath(p) for p in paths]


def existing_dir(path: str, option: str = "--dir") -> str:
    """A directory option's value, which must name a directory."""
    if not os.path.isdir(path):
        raise UsageError(f"{option} {path}: {'not a directory' if os.path.lexists(path) else 'no such directory'}")
    return path
