"""The repository as a fresh clone shows it, for the engine's sessions (``engine.fs.FileSystem``).

- Nothing outside the root exists: no parent folder's ``CLAUDE.md``, no home, no policy folder,
  and no file or folder a link inside the root leads out to (``reading``).
- An instruction file git does not track does not exist (``untracked``): a personal
  ``CLAUDE.local.md`` or a doc not yet added is not what the repository holds.
- Nothing changes while a check runs, so every answer is kept: each folder is listed and each
  file read once for all sessions (a huge folder's listing is not kept), and a path is resolved
  a folder at a time, each folder's real path kept (``real``): the docs of a deep tree share
  most of the folders above them.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from agents_md.engine.fs import DEFAULT_FS, FileSystem
from agents_md.engine.paths import resolved_by_folder
from agents_md.maintain.repo.files import INSTRUCTION_NAMES, is_instruction_file
from agents_md.maintain.repo.reading import OutsideRepository, leaves

_MISSING = object()


def untracked(root: str, tracked: frozenset[str], extra_names: frozenset[str]) -> Callable[[str], bool]:
    """A test for absolute paths: an instruction file under ``root`` that is not in ``tracked``."""
    prefix = root.rstrip(os.sep) + os.sep
    names = INSTRUCTION_NAMES | extra_names
    dot_claude = f"{os.sep}.claude{os.sep}"

    def hidden(path: str) -> bool:
        if path.rpartition(os.sep)[2] not in names and dot_claude not in path:
            return False
        if not path.startswith(prefix):
            return False
        rel = path[len(prefix) :].replace(os.sep, "/")
        return is_instruction_file(rel, extra_names) and rel not in tracked

    return hidden


def _by_folder(path: str) -> bool:
    """Whether ``RepoFS.real`` resolves ``path`` a folder at a time, as ``os.path.realpath`` would: an
    absolute POSIX path without a ``..`` (the system resolves the links before one) or a leading ``//``."""
    posix = os.sep == "/" and path.startswith("/") and not path.startswith("//")
    return posix and "\0" not in path and ".." not in path.split("/")


class RepoFS(FileSystem):
    """The repository as checked in, read once: ``hidden(path)`` paths read as absent.

    ``watch`` names the entries ``hidden`` may say yes to (outside a ``.claude`` folder): listing a
    folder asks ``hidden`` only about those.
    """

    KEEP_LISTING = 512  # names: memory stays bounded by the docs' folders, not by every file in them

    def __init__(
        self,
        root: str,
        hidden: Callable[[str], bool],
        watch: frozenset[str] | None = None,
        base: FileSystem = DEFAULT_FS,
    ) -> None:
        self.root = root
        self._real_root = os.path.realpath(root)
        self.base = base
        self._hidden = hidden
        self._watch = watch
        self._prefix = root.rstrip(os.sep) + os.sep
        self._cache: dict[tuple[str, str], object] = {}
        self._real_dirs: dict[str, str] = {}

    def visible(self, path: str) -> bool:
        path = os.path.normpath(path)
        return (path == self.root or path.startswith(self._prefix)) and not self._hidden(path)

    def _ask(self, what: str, path: str, absent: object, call: Callable[[str], object]) -> object:
        key = (what, path)
        found = self._cache.get(key, _MISSING)
        if found is _MISSING:
            found = self._cache[key] = call(path) if self.visible(path) else absent
        return found

    def real(self, path: str) -> str:
        """``base.realpath(path)``, resolved a folder at a time: the folders above are resolved once
        for every path under them, and only the last part is asked whether it is a link. Any other
        path (``_by_folder``), or another filesystem's, goes to the base."""
        if self.base is not DEFAULT_FS or not _by_folder(path):
            return self.base.realpath(path)
        base = self.base
        return resolved_by_folder(
            os.path.normpath(path), self._real_dirs, lambda _, __, candidate: base.is_symlink(candidate), base.realpath
        )

    def _read_inside(self, path: str) -> bytes | None:
        outside = leaves(self._real_root, path, self.real)
        if outside is not None:
            raise OutsideRepository(path, outside)
        return self.base.read_file(path)

    def read_file(self, path: str) -> bytes | None:
        found = self._ask("read", path, None, self._read_inside)
        return found if isinstance(found, bytes) else None

    def is_file(self, path: str) -> bool:
        return self._ask("file", path, False, self.base.is_file) is True

    def is_dir(self, path: str) -> bool:
        return self._ask("dir", path, False, self.base.is_dir) is True

    def exists(self, path: str) -> bool:
        return self._ask("exists", path, False, self.base.exists) is True

    def is_symlink(self, path: str) -> bool:
        return self._ask("link", path, False, self.base.is_symlink) is True

    def list_dir(self, path: str) -> list[str] | None:
        key = ("list", path)
        found = self._cache.get(key, _MISSING)
        if found is _MISSING:
            found = self._visible_names(path) if self.visible(path) else None
            if found is None or len(found) <= self.KEEP_LISTING:  # a huge folder is listed again when asked
                self._cache[key] = found
        return list(found) if isinstance(found, list) else None

    def _visible_names(self, path: str) -> list[str] | None:
        names = self.base.list_dir(path) if leaves(self._real_root, path, self.real) is None else None
        if names is None:
            return None
        directory = os.path.normpath(path)
        watch = None if f"{os.sep}.claude" in directory else self._watch
        return [
            n for n in names if (watch is not None and n not in watch) or not self._hidden(os.path.join(directory, n))
        ]

    def stamp(self, path: str) -> tuple[int, int] | None:
        return (0, 0) if self.visible(path) else None  # nothing changes while a check runs

    def realpath(self, path: str) -> str:
        found = self._ask("real", path, path, self.real)
        return found if isinstance(found, str) else path

    def size(self, path: str) -> int:
        found = self._ask("size", path, 0, self.base.size)
        return found if isinstance(found, int) else 0
