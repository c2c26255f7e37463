"""What a runner's files define, and whether that is all they can define."""

from __future__ import annotations

import fnmatch
import functools
import os

from agents_md._util.regular import read_regular
from agents_md._value import Value
from agents_md.maintain.repo.reading import read_inside

MAX_FILE = 1 << 20  # bytes: no real Makefile or justfile is larger


class Known(Value):
    names: frozenset[str]
    files: tuple[str, ...]  # the files read, absolute
    complete: bool = True  # False: the files may define names they do not spell out
    patterns: tuple[str, ...] = ()  # fnmatch patterns a name may match (make's ``%`` rules)
    parts: frozenset[str] = frozenset()  # words a name may be made of besides (tox's conditional factors)

    def has(self, name: str) -> bool | None:
        """True: defined; False: not, and it could not be; None: cannot tell."""
        if name in self.names or any(fnmatch.fnmatchcase(name, p) for p in self.patterns):
            return True
        return False if self.complete else None


@functools.lru_cache(maxsize=512)
def _repository_of(directory: str) -> str | None:
    """The nearest folder at or above ``directory`` holding ``.git`` (the runner file's repository)."""
    while True:
        if os.path.lexists(os.path.join(directory, ".git")):
            return os.path.realpath(directory)
        parent = os.path.dirname(directory)
        if parent == directory:
            return None
        directory = parent


def read_text(path: str) -> str | None:
    """A runner's file, bounded; ``None`` (the caller then cannot tell, and says nothing) when absent,
    too large, no regular file (a pipe, a device), or a link leaving its repository (an
    ``include /etc/x`` too): what ``check`` says never quotes a file from outside."""
    path = os.path.abspath(path)
    root = _repository_of(os.path.dirname(path))
    try:
        data = read_regular(path, limit=MAX_FILE) if root is None else read_inside(root, path, limit=MAX_FILE)
    except (OSError, ValueError):
        return None
    return None if data is None else data.decode("utf-8", "replace")
