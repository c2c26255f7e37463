"""Reading a file that may be anything: only a regular file is read, without ever blocking.

1. A path that does not exist, is a directory, or is a link loop reads as absent (``None``).
2. A pipe, a socket or a device, and any file of ``/proc``, ``/sys`` or ``/dev`` (by its device,
   or where it really is), is refused with ``NotRegularFile``: a pipe blocks forever, ``/dev/zero``
   never ends, ``/proc/self/environ`` holds the process's secrets.
3. The file is opened without blocking and checked again once open (it may have been swapped).
4. With ``limit``, a file larger than that is refused with ``TooLarge``, before and after reading.
5. With ``head``, only the file's first ``head`` bytes are read (all of it when shorter).
"""

from __future__ import annotations

import os
import stat as stat_mod

PSEUDO_ROOTS = ("/proc", "/sys", "/dev")
_pseudo_devices: frozenset[int] | None = None


class NotRegularFile(OSError):
    """A path that is a pipe, a socket, a device or a file of the kernel's, and is not read."""

    def __init__(self, path: str) -> None:
        import errno  # the errors alone need it: a start meets none

        super().__init__(errno.EINVAL, "not a regular file (a pipe, a device, or the kernel's); not read", path)


class TooLarge(OSError):
    def __init__(self, path: str, limit: int) -> None:
        import errno

        super().__init__(errno.EFBIG, f"larger than {limit:,} bytes; not read", path)


def _pseudo_device_ids() -> frozenset[int]:
    global _pseudo_devices
    if _pseudo_devices is None:
        ids = set()
        for root in PSEUDO_ROOTS:
            try:  # noqa: SIM105 (contextlib.suppress would import contextlib on every start)
                ids.add(os.stat(root).st_dev)
            except OSError:
                pass
        _pseudo_devices = frozenset(ids)
    return _pseudo_devices


def is_pseudo(path: str, st: os.stat_result) -> bool:
    """Whether ``path`` (``st`` its status) lies on ``/proc``, ``/sys`` or ``/dev``: by its device, or
    (for the file systems mounted below them, whose files say 0 or 4096 bytes) by where it really is."""
    if st.st_dev in _pseudo_device_ids():
        return True
    real = os.path.realpath(path) if st.st_size in (0, 4096) else path
    return any(real == root or real.startswith(root + "/") for root in PSEUDO_ROOTS)


def _open_nonblocking(path: str, flags: int) -> int:
    return os.open(path, flags | os.O_NONBLOCK)  # a pipe swapped in after the look does not block


def read_regular(path: str, *, limit: int | None = None, head: int | None = None) -> bytes | None:
    """Steps 1-5."""
    try:
        st = os.stat(path)
        if stat_mod.S_ISDIR(st.st_mode):
            return None
        if not stat_mod.S_ISREG(st.st_mode) or is_pseudo(path, st):
            raise NotRegularFile(path)
        if limit is not None and st.st_size > limit:
            raise TooLarge(path, limit)
        with open(path, "rb", opener=_open_nonblocking) as handle:
            if not stat_mod.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise NotRegularFile(path)  # replaced between the look and the open
            most = head if head is not None else -1 if limit is None else limit + 1  # -1: all of it
            data = handle.read(most)
    except (FileNotFoundError, NotADirectoryError, IsADirectoryError, ValueError):  # ValueError: a NUL byte
        return None
    except OSError as exc:
        import errno

        if exc.errno == errno.ELOOP:  # a link loop reads as absent
            return None
        raise
    if limit is not None and len(data) > limit:
        raise TooLarge(path, limit)  # grew between the look and the read
    return data
