"""The engines other than Claude Code's, one table: each module owns its ``NAME`` and its session."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from agents_md.engine.fs import FileSystem
from agents_md.engines import codex, gemini, opencode
from agents_md.engines.model import EngineRead, EngineStart
from agents_md.errors import UsageError


class EngineSession(Protocol):
    started: EngineStart

    def read(self, path: str) -> EngineRead: ...


class SessionFactory(Protocol):
    def __call__(self, cwd: str, *, home: str, env: Mapping[str, str], fs: FileSystem = ...) -> EngineSession: ...


@dataclass(frozen=True, slots=True)
class Engine:
    name: str
    title: str
    version: str  # the release its behaviour was recorded from
    session: SessionFactory
    reads: bool  # whether it attaches files after a read


ENGINES: tuple[Engine, ...] = (
    Engine(codex.NAME, "Codex CLI", "0.169.0", codex.session, reads=False),
    Engine(gemini.NAME, "Gemini CLI", "0.61.0", gemini.Session, reads=True),
    Engine(opencode.NAME, "OpenCode", "1.18.33", opencode.Session, reads=True),
)


def find(name: str) -> Engine:
    for engine in ENGINES:
        if engine.name == name:
            return engine
    raise UsageError(f"unknown engine {name!r} (expected one of: {', '.join(e.name for e in ENGINES)})")
