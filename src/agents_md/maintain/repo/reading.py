"""Reading a repository's own files, as ``check``, ``map`` and ``link`` judge them.

1. A file whose real path leaves the repository's root is not read (``OutsideRepository``):
   a tracked link to ``~/.ssh`` or ``/proc/self/environ`` is the repository's claim, not its text.
2. Nothing but a regular file is read (``engine.fs``: pipes, devices and the kernel's files refused).
3. A configuration file past ``CONFIG_MAX_BYTES`` is refused (``_util.regular.TooLarge``).
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable

from agents_md._util.regular import read_regular
from agents_md.engine.paths import is_inside

CONFIG_MAX_BYTES = 1 << 20  # pyproject.toml, .agents-md.toml, a manifest: 1 MiB


class OutsideRepository(OSError):
    def __init__(self, path: str, real: str) -> None:
        super().__init__(errno.EXDEV, f"a link to {real}, outside the repository; not read", path)


def leaves(root: str, path: str, realpath: Callable[[str], str] = os.path.realpath) -> str | None:
    """The real path of ``path`` when it leaves ``root`` (itself real), else ``None`` (``realpath``:
    one that keeps what it resolved, over a check that changes nothing)."""
    real = realpath(path)
    return None if is_inside(real, root) else real


def read_inside(root: str, path: str, *, limit: int | None = None) -> bytes | None:
    """The bytes of ``path`` under the repository ``root`` (steps 1-3); ``None`` when absent."""
    outside = leaves(root, path)
    if outside is not None:
        raise OutsideRepository(path, outside)
    return read_regular(path, limit=limit)
