"""Filesystems that are not the local disk: the protocol a framework implements over its sandbox.

The engine reads through ``FileSystem`` (``engine.fs``). A framework whose files live
elsewhere (a deepagents backend, a container, a remote workspace) implements the five reads
of ``FileSource`` — or their ``async`` twins, ``AsyncFileSource`` — and hands the session
``SourceFS(source)``; the rest of what the engine asks is derived from them:

1. ``read_file(path)``: the bytes of a regular file, ``None`` when there is none.
2. ``list_dir(path)``: the entry names of a directory, ``None`` when there is none.
3. ``is_file(path)``, ``is_dir(path)``.
4. ``realpath(path)``: the path with its links resolved (a source without links returns it).
5. ``exists`` is ``is_file or is_dir``; there are no symbolic links but what ``realpath``
   says; a file's size is its length; a directory carries no stamp, so a session lists it
   once and keeps that listing (a source that changes mid-session makes a new session).
6. Any failure of the source other than absence (a dropped connection, a timeout) reaches the
   engine as an ``OSError`` naming the path, which it treats as the local disk's: a file that
   cannot be read is told and left out, and the context stays as the walk handed it.

``AsyncSource`` runs an ``AsyncFileSource`` for the engine: the engine's one algorithm runs
in a worker thread and each read waits for the source's coroutine on the caller's event loop
(``host.aio``).
"""

from __future__ import annotations

import asyncio
import errno
import os
from collections.abc import Coroutine
from typing import Any, Protocol, TypeVar, runtime_checkable

from agents_md.engine.fs import FileSystem

T = TypeVar("T")


@runtime_checkable
class FileSource(Protocol):
    """Steps 1 to 4: what a framework implements."""

    def read_file(self, path: str) -> bytes | None: ...
    def list_dir(self, path: str) -> list[str] | None: ...
    def is_file(self, path: str) -> bool: ...
    def is_dir(self, path: str) -> bool: ...
    def realpath(self, path: str) -> str: ...


@runtime_checkable
class AsyncFileSource(Protocol):
    """``FileSource`` for a framework whose file access is async."""

    async def read_file(self, path: str) -> bytes | None: ...
    async def list_dir(self, path: str) -> list[str] | None: ...
    async def is_file(self, path: str) -> bool: ...
    async def is_dir(self, path: str) -> bool: ...
    async def realpath(self, path: str) -> str: ...


def _failed(exc: Exception, path: str) -> OSError:
    """Step 6."""
    if isinstance(exc, OSError):
        return exc
    return OSError(errno.EIO, f"{type(exc).__name__}: {exc}", path)


class SourceFS(FileSystem):
    """The engine's ``FileSystem`` over a ``FileSource`` (step 5)."""

    folds_case = False
    links_are_entries = False  # step 5: its links are what ``realpath`` says

    def __init__(self, source: FileSource) -> None:
        self.source = source

    def _ask(self, method: str, path: str) -> Any:
        try:
            return getattr(self.source, method)(path)
        except Exception as exc:
            raise _failed(exc, path) from exc

    def read_file(self, path: str) -> bytes | None:
        data = self._ask("read_file", path)
        return None if data is None else bytes(data)

    def is_file(self, path: str) -> bool:
        return bool(self._ask("is_file", path))

    def is_dir(self, path: str) -> bool:
        return bool(self._ask("is_dir", path))

    def exists(self, path: str) -> bool:
        return self.is_file(path) or self.is_dir(path)

    def is_symlink(self, path: str) -> bool:
        return False

    def list_dir(self, path: str) -> list[str] | None:
        names = self._ask("list_dir", path)
        return None if names is None else [str(n) for n in names]

    def realpath(self, path: str) -> str:
        return str(self._ask("realpath", os.path.normpath(path)))

    def size(self, path: str) -> int:
        data = self.read_file(path)
        return 0 if data is None else len(data)

    def stamp(self, path: str) -> tuple[int, int] | None:
        return None


class AsyncSource:
    """A ``FileSource`` whose reads are an ``AsyncFileSource``'s coroutines, run on ``loop`` (the
    caller's event loop) while the engine waits in its worker thread."""

    def __init__(self, source: AsyncFileSource, loop: asyncio.AbstractEventLoop) -> None:
        self.source = source
        self.loop = loop

    def _run(self, coro: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result()

    def read_file(self, path: str) -> bytes | None:
        return self._run(self.source.read_file(path))

    def list_dir(self, path: str) -> list[str] | None:
        return self._run(self.source.list_dir(path))

    def is_file(self, path: str) -> bool:
        return self._run(self.source.is_file(path))

    def is_dir(self, path: str) -> bool:
        return self._run(self.source.is_dir(path))

    def realpath(self, path: str) -> str:
        return self._run(self.source.realpath(path))
