"""Writing files so that a reader never sees half of one and nothing is lost on a failure.

Both writers put the text in a temporary file beside the target and fsync it first.
``atomic_write`` then replaces the target (keeping its mode); ``create_new`` only ever
creates one, and refuses with ``FileExistsError`` when the name is taken.
"""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current


def _write_temp(directory: str, text: str) -> str:
    fd, temp = tempfile.mkstemp(prefix=".agents-md-", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        os.unlink(temp)
        raise
    return temp


def _keep_owner_and_attributes(old: os.stat_result, source: str, temp: str) -> None:
    """The replaced file's owner (when this process may set it) and extended attributes."""
    if (old.st_uid, old.st_gid) != (os.getuid(), os.getgid()):
        # Not ours to give away: the file becomes the writer's, as any editor's would.
        with contextlib.suppress(PermissionError):
            os.chown(temp, old.st_uid, old.st_gid)
    listxattr = getattr(os, "listxattr", None)
    if listxattr is None:
        return
    try:
        names = listxattr(source)
    except OSError:
        return
    for name in names:
        with contextlib.suppress(OSError):  # e.g. a security attribute only the kernel sets
            os.setxattr(temp, name, os.getxattr(source, name))


def atomic_write(path: str, text: str) -> None:
    """Replace (or create) ``path`` with ``text`` in one step, keeping an existing file's mode,
    owner and extended attributes."""
    directory = os.path.dirname(path) or "."
    os.makedirs(directory, exist_ok=True)
    old = os.stat(path) if os.path.exists(path) else None
    mode = old.st_mode & 0o7777 if old is not None else 0o666 & ~_umask()
    temp = _write_temp(directory, text)
    try:
        os.chmod(temp, mode)
        if old is not None:
            _keep_owner_and_attributes(old, path, temp)
        os.replace(temp, path)
    except BaseException:
        if os.path.exists(temp):
            os.unlink(temp)
        raise


def create_new(path: str, text: str) -> None:
    """Write ``text`` to a new file at ``path``; never replaces anything (``FileExistsError``)."""
    temp = _write_temp(os.path.dirname(path) or ".", text)
    try:
        os.chmod(temp, 0o666 & ~_umask())
        try:
            os.link(temp, path)
        except OSError as exc:
            if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EXDEV, errno.EMLINK):
                raise
            # No hard links on this disk: an exclusive create, which still never replaces a file.
            with open(path, "x", encoding="utf-8", newline="") as handle:
                handle.write(text)
    finally:
        os.unlink(temp)
