"""The one filesystem seam: everything the engine reads goes through ``FileSystem``.

Tests inject faults (permission denied, a directory vanishing mid-walk, a link loop) by
handing the engine a subclass, without patching ``os``. "Absent" (a missing file, a dangling
link, a directory where a file was expected) is never an error: it reads as ``None``.
"""

from __future__ import annotations

import os
import stat as stat_mod


class FileSystem:
    """Reads the real disk. Each method is one system call's worth of work."""

    def read_file(self, path: str) -> bytes | None:
        """The bytes of a regular file (links followed); ``None`` when there is none."""
        try:
            with open(path, "rb") as handle:
                return handle.read()
        except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
            return None
        except OSError as exc:
            if exc.errno == 40:  # ELOOP: a link loop reads as absent
                return None
            raise

    def is_file(self, path: str) -> bool:
        try:
            return stat_mod.S_ISREG(os.stat(path).st_mode)
        except OSError:
            return False

    def is_dir(self, path: str) -> bool:
        try:
            return stat_mod.S_ISDIR(os.stat(path).st_mode)
        except OSError:
            return False

    def exists(self, path: str) -> bool:
        try:
            os.stat(path)
        except OSError:
            return False
        return True

    def is_symlink(self, path: str) -> bool:
        return os.path.islink(path)

    def list_dir(self, path: str) -> list[str] | None:
        """Entry names in the order the directory yields them (not sorted, like the engine)."""
        try:
            return os.listdir(path)
        except (FileNotFoundError, NotADirectoryError):
            return None

    def realpath(self, path: str) -> str:
        return os.path.realpath(path)

    def size(self, path: str) -> int:
        try:
            return os.stat(path).st_size
        except OSError:
            return 0


DEFAULT_FS = FileSystem()
