"""Every engine side by side: Claude Code (a ``Session``, plugins seated) beside the other
engines of ``agents_md.engines``, each start read as the same frozen ``EngineStart``."""

from __future__ import annotations

from collections.abc import Mapping

from agents_md._model import Kind, SkipReason
from agents_md.engine.fs import DEFAULT_FS, FileSystem
from agents_md.engines.model import EngineFile, EngineStart, Left, LeftOut, Scope
from agents_md.engines.registry import ENGINES, find
from agents_md.host.session import Session

CLAUDE_CODE = "claude-code"
ENGINE_NAMES = (CLAUDE_CODE, *(e.name for e in ENGINES))
TITLES = {CLAUDE_CODE: "Claude Code", **{e.name: e.title for e in ENGINES}}

_LEFT = {
    SkipReason.EXCLUDED: Left.EXCLUDED,
    SkipReason.EMPTY: Left.BLANK,
    SkipReason.UNREADABLE: Left.UNREADABLE,
    SkipReason.CONDITIONAL_RULE: Left.CONDITIONAL,
}


def claude_code_start(session: Session) -> EngineStart:
    """Claude Code's start as an ``EngineStart`` (its files after the plugins' answer)."""
    start = session.start()
    files = tuple(
        EngineFile(
            path=f.path,
            scope=Scope.GLOBAL if f.kind in (Kind.MANAGED, Kind.USER) else Scope.PROJECT,
            why=f.provenance.describe(),
            size=f.size,
            loaded=f.size,
            text=f.content,
        )
        for f in start.files
    )
    left = tuple(
        LeftOut(path=s.path, why=_LEFT.get(s.reason, Left.NOT_FOLLOWED), detail=s.detail or str(s.reason))
        for s in start.skipped
    )
    names = ("CLAUDE.md", "AGENTS.md") if start.instruction_files_enabled else ("CLAUDE.md",)
    return EngineStart(
        engine=CLAUDE_CODE,
        cwd=session.inputs.cwd,
        root=None,
        files=files,
        left_out=left,
        prompt=start.claude_md,
        names=names,
        notices=tuple(n.text for n in start.notices if n.level == "info"),
    )


def engine_start(
    name: str,
    cwd: str,
    *,
    home: str,
    env: Mapping[str, str],
    session: Session | None = None,
    fs: FileSystem = DEFAULT_FS,
) -> EngineStart:
    """What engine ``name`` sends when it starts in ``cwd`` (Claude Code: ``session``, or a
    session made of the same inputs)."""
    if name == CLAUDE_CODE:
        return claude_code_start(session or Session(cwd=cwd, home=home, env=dict(env)))
    return find(name).session(cwd, home=home, env=env, fs=fs).started
