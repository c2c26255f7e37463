"""Reading a repository's own files, as ``check``, ``map`` and ``link`` judge them.

1. A file whose real path leaves the repository's root is not read (``OutsideRepository``):
   a tracked link to ``~/.ssh`` or ``/proc/self/environ`` is the repository's claim, not its text.
2. Nothing but a regular file is read (``engine.fs``: pipes, devices and the kernel's files refused).
3. A configuration file past ``CONFIG_MAX_BYTES`` is refused (``TooLarge``): none is that big.
"""

from __future__ import annotations

import errno
import os

from agents_md.engine.fs import DEFAULT_FS, FileSystem
from agents_md.engine.paths import is_inside

CONFIG_MAX_BYTES = 1 << 20  # pyproject.toml, .agents-md.toml, a manifest: 1 MiB


class OutsideRepository(OSError):
    def __init__(self, path: str, real: str) -> None:
        super().__init__(errno.EXDEV, f"a link to {real}, outside the repository; not read", path)


class TooLarge(OSError):
    def __init__(self, path: str, limit: int) -> None:
        super().__init__(errno.EFBIG, f"larger than {limit:,} bytes; not read", path)


def leaves(root: str, path: str) -> str | None:
    """The real path of ``path`` when it leaves ``root`` (itself real), else ``None``."""
    real = os.path.realpath(path)
    return None if is_inside(real, root) else real


def read_inside(root: str, path: str, *, limit: int | None = None, fs: FileSystem = DEFAULT_FS) -> bytes | None:
    """The bytes of ``path`` under the repository ``root`` (steps 1-3); ``None`` when absent."""
    outside = leaves(root, path)
    if outside is not None:
        raise OutsideRepository(path, outside)
    if limit is not None and fs.size(path) > limit:
        raise TooLarge(path, limit)
    data = fs.read_file(path)
    if data is not None and limit is not None and len(data) > limit:
        raise TooLarge(path, limit)  # grew between the look and the read
    return data
