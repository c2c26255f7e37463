"""What a runner's files define, and whether that is all they can define."""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass

from agents_md._util.regular import read_regular

MAX_FILE = 1 << 20  # bytes: no real Makefile or justfile is larger


@dataclass(frozen=True, slots=True, kw_only=True)
class Known:
    names: frozenset[str]
    files: tuple[str, ...]  # the files read, absolute
    complete: bool = True  # False: the files may define names they do not spell out
    patterns: tuple[str, ...] = ()  # fnmatch patterns a name may match (make's ``%`` rules)

    def has(self, name: str) -> bool | None:
        """True: defined; False: not, and it could not be; None: cannot tell."""
        if name in self.names or any(fnmatch.fnmatchcase(name, p) for p in self.patterns):
            return True
        return False if self.complete else None


def read_text(path: str) -> str | None:
    """A runner's file, bounded; ``None`` when absent, too large, or no regular file (a pipe, a device)."""
    try:
        data = read_regular(path, limit=MAX_FILE)
    except (OSError, ValueError):
        return None
    return None if data is None else data.decode("utf-8", "replace")
