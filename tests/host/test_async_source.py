"""The async face over a filesystem that is not the local disk (``engine.sources``, ``host.aio``)."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

from agents_md.engine.sources import AsyncFileSource, FileSource, SourceFS
from agents_md.host.aio import AsyncSession
from agents_md.host.session import Session

FILES = {
    "/ws/AGENTS.md": b"# root\n",
    "/ws/pkg/AGENTS.md": b"# pkg\n",
    "/ws/pkg/mod.py": b"x = 1\n",
}


class MemorySource:
    """A workspace held in memory, answering as a remote sandbox would (async)."""

    def __init__(self, files: dict[str, bytes], fail_on: str | None = None, fault: Exception | None = None) -> None:
        self.files = files
        self.fail_on = fail_on
        self.fault = fault or ConnectionError("the sandbox went away")
        self.asked: list[str] = []

    def _dirs(self) -> set[str]:
        out = set()
        for path in self.files:
            d = os.path.dirname(path)
            while d not in out:
                out.add(d)
                d = os.path.dirname(d)
        return out

    async def read_file(self, path: str) -> bytes | None:
        self.asked.append(path)
        await asyncio.sleep(0)
        if path == self.fail_on:
            raise self.fault
        return self.files.get(path)

    async def list_dir(self, path: str) -> list[str] | None:
        if path not in self._dirs():
            return None
        names = {p[len(path) :].lstrip("/").split("/")[0] for p in self.files if p.startswith(path.rstrip("/") + "/")}
        return sorted(names)

    async def is_file(self, path: str) -> bool:
        return path in self.files

    async def is_dir(self, path: str) -> bool:
        return path in self._dirs()

    async def realpath(self, path: str) -> str:
        return path


def test_the_memory_source_implements_the_async_protocol() -> None:
    assert isinstance(MemorySource({}), AsyncFileSource)


def test_an_async_session_over_a_memory_source_answers_as_the_engine(tmp_path: Path) -> None:
    async def run() -> tuple[str | None, str | None, list[str]]:
        source = MemorySource(FILES)
        s = await AsyncSession.open(cwd="/ws", home=str(tmp_path / "home"), source=source)
        block = await s.claude_md()
        touch = await s.atouch("read_file", "/ws/pkg/mod.py")
        return block, touch.text, source.asked

    block, text, asked = asyncio.run(run())
    assert block is not None and "Contents of /ws/AGENTS.md (project instructions" in block and "# root" in block
    assert text == "tool.call hook additional context: Contents of /ws/pkg/AGENTS.md:\n\n# pkg\n"
    assert "/ws/pkg/AGENTS.md" in asked


class SyncMemory:
    """The same workspace through the sync protocol: the sync session gives the same answers."""

    def __init__(self, files: dict[str, bytes]) -> None:
        self.inner = MemorySource(files)

    def read_file(self, path: str) -> bytes | None:
        return asyncio.run(self.inner.read_file(path))

    def list_dir(self, path: str) -> list[str] | None:
        return asyncio.run(self.inner.list_dir(path))

    def is_file(self, path: str) -> bool:
        return asyncio.run(self.inner.is_file(path))

    def is_dir(self, path: str) -> bool:
        return asyncio.run(self.inner.is_dir(path))

    def realpath(self, path: str) -> str:
        return path


def test_the_sync_and_the_async_faces_give_the_same_answers(tmp_path: Path) -> None:
    sync_source = SyncMemory(FILES)
    assert isinstance(sync_source, FileSource)
    s = Session(cwd="/ws", home=str(tmp_path / "home"), fs=SourceFS(sync_source))

    async def run() -> tuple[str | None, str | None]:
        a = await AsyncSession.open(cwd="/ws", home=str(tmp_path / "home"), source=MemorySource(FILES))
        return await a.claude_md(), (await a.aread("/ws/pkg/mod.py")).hook_text

    assert asyncio.run(run()) == (s.claude_md, s.read("/ws/pkg/mod.py").hook_text)


def test_a_remote_side_failing_mid_walk_leaves_the_context_as_handed_and_is_told(tmp_path: Path) -> None:
    """The second file of the walk fails to arrive: the first stays, the walk goes on, and the
    start's record names the file and the failure (``context`` prints it)."""

    async def run() -> tuple[str | None, list[tuple[str, str, str | None]], list[str]]:
        source = MemorySource(FILES, fail_on="/ws/pkg/AGENTS.md", fault=RuntimeError("the sandbox went away"))
        s = await AsyncSession.open(cwd="/ws/pkg", home=str(tmp_path / "home"), source=source)
        start = await s.start()
        return start.claude_md, [(k.path, k.reason.value, k.detail) for k in start.skipped], source.asked

    block, skipped, asked = asyncio.run(run())
    assert block is not None and "# root" in block and "# pkg" not in block
    assert skipped == [("/ws/pkg/AGENTS.md", "unreadable", "RuntimeError: the sandbox went away")]
    assert asked.index("/ws/AGENTS.md") < asked.index("/ws/pkg/AGENTS.md")
