"""The session's async face, for frameworks whose file access is async.

One algorithm, two faces: an ``AsyncSession`` holds a ``Session`` and runs each of its calls
in a worker thread (``asyncio.to_thread``), so the caller's event loop stays free. When the
files come from an ``AsyncFileSource`` (``engine.sources``), each read the engine makes in
that thread waits for the source's coroutine, run on the caller's loop.
"""

from __future__ import annotations

import asyncio
import inspect
from typing import TYPE_CHECKING

from agents_md._util.std import Mapping, Sequence
from agents_md.engine.fs import FileSystem
from agents_md.engine.sources import AsyncFileSource, AsyncSource, FileSource, SourceFS
from agents_md.host.session import Session

if TYPE_CHECKING:
    from typing_extensions import Unpack

    from agents_md.engine.loop import ReadResult
    from agents_md.engine.options import SessionOptions
    from agents_md.engine.start import StartContext
    from agents_md.engine.touch import Touch


def _disk(fs: FileSystem | FileSource | AsyncFileSource | None, loop: asyncio.AbstractEventLoop) -> FileSystem | None:
    if fs is None or isinstance(fs, FileSystem):
        return fs
    if inspect.iscoroutinefunction(getattr(fs, "read_file", None)):
        return SourceFS(AsyncSource(fs, loop))  # type: ignore[arg-type]
    return SourceFS(fs)  # type: ignore[arg-type]


class AsyncSession:
    """``await AsyncSession.open(cwd=..., home=..., source=source)``; then ``await s.start()``,
    ``await s.aread(path)``, ``await s.atouch(tool, paths)``; ``s.session`` is the ``Session``."""

    def __init__(self, session: Session) -> None:
        self.session = session

    @classmethod
    async def open(
        cls,
        *,
        cwd: str,
        home: str,
        source: FileSystem | FileSource | AsyncFileSource | None = None,
        **options: Unpack[SessionOptions],
    ) -> AsyncSession:
        """``source``: where the files are (default the local disk); ``options`` as ``Session``'s."""
        options["fs"] = _disk(source or options.get("fs"), asyncio.get_running_loop())
        session = await asyncio.to_thread(lambda: Session(cwd=cwd, home=home, **options))
        return cls(session)

    @classmethod
    async def restore(
        cls,
        state: Mapping[str, object],
        *,
        source: FileSystem | FileSource | AsyncFileSource | None = None,
        env: Mapping[str, str] | None = None,
    ) -> AsyncSession:
        disk = _disk(source, asyncio.get_running_loop())
        session = await asyncio.to_thread(lambda: Session.restore(state, fs=disk, env=env))
        return cls(session)

    async def start(self) -> StartContext:
        return await asyncio.to_thread(self.session.start)

    async def claude_md(self) -> str | None:
        return (await self.start()).claude_md

    async def aread(self, path: str) -> ReadResult:
        return await asyncio.to_thread(self.session.read, path)

    async def atouch(self, tool: str, paths: str | Sequence[str]) -> Touch:
        return await asyncio.to_thread(self.session.touch, tool, paths)

    def snapshot(self) -> dict[str, object]:
        return self.session.snapshot()
