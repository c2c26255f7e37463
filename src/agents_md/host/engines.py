"""Every engine side by side: Claude Code (a ``Session``, plugins seated) beside the other
engines of ``agents_md.engines``, each start read as the same frozen ``EngineStart``, each read
as the same ``EngineRead``."""

from __future__ import annotations

import os

from agents_md._model import InstructionFile, Kind, SkipReason
from agents_md._util.std import Mapping, Sequence
from agents_md.engine.fs import DEFAULT_FS, FileSystem
from agents_md.engine.paths import dirs_between, path_chain
from agents_md.engines.model import EngineFile, EngineRead, EngineStart, Left, LeftOut, Scope
from agents_md.engines.registry import ENGINES, find
from agents_md.errors import UsageError
from agents_md.host.session import Session
from agents_md.plugins.agents_md.option import AND_AGENTS_MD, OR_AGENTS_MD, ModeReading
from agents_md.plugins.agents_md.placement import FILE_NAMES as AGENTS_NAMES
from agents_md.plugins.agents_md.records import GIVEN, LOADED, READ_FILE, SAME_TEXT, ReadDecision, StoodDown

CLAUDE_CODE = "claude-code"
ENGINE_NAMES = (CLAUDE_CODE, *(e.name for e in ENGINES))
TITLES = {CLAUDE_CODE: "Claude Code", **{e.name: e.title for e in ENGINES}}
ALL = "all"  # every engine, side by side
READS = {CLAUDE_CODE: True, **{e.name: e.reads for e in ENGINES}}  # whether a read attaches files at all


def engine_names(engine: str) -> tuple[str, ...]:
    """The engines ``engine`` names (``all``: every one), or a usage error listing them."""
    if engine == ALL:
        return ENGINE_NAMES
    if engine not in ENGINE_NAMES:
        raise UsageError(f"--engine {engine!r}: expected one of {', '.join(ENGINE_NAMES)} or all")
    return (engine,)


_LEFT = {
    SkipReason.EXCLUDED: Left.EXCLUDED,
    SkipReason.DENIED: Left.EXCLUDED,
    SkipReason.EMPTY: Left.BLANK,
    SkipReason.UNREADABLE: Left.UNREADABLE,
    SkipReason.CONDITIONAL_RULE: Left.CONDITIONAL,
}


def _engine_file(f: InstructionFile, scope: Scope) -> EngineFile:
    return EngineFile(path=f.path, scope=scope, why=f.provenance.describe(), size=f.size, loaded=f.size, text=f.content)


def claude_code_start(session: Session) -> EngineStart:
    """Claude Code's start as an ``EngineStart`` (its files after the plugins' answer)."""
    start = session.start()
    files = tuple(
        _engine_file(f, Scope.GLOBAL if f.kind in (Kind.MANAGED, Kind.USER) else Scope.PROJECT) for f in start.files
    )
    left = tuple(
        LeftOut(path=s.path, why=_LEFT.get(s.reason, Left.NOT_FOLLOWED), detail=s.detail or str(s.reason))
        for s in start.skipped
    )
    names = ("CLAUDE.md", "AGENTS.md") if start.instruction_files_enabled else ("CLAUDE.md",)
    left += _not_looked_for(session, path_chain(session.inputs.cwd), files)
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


def claude_code_read(session: Session, path: str, *, after: Sequence[str] = ()) -> EngineRead:
    """What Claude Code appends after a Read of ``path``, once the ``after`` files were read, as
    an ``EngineRead``: the engine's nested files, then the plugins' answers, each block in order."""
    for earlier in after:
        session.read(earlier)
    result = session.read(path)
    blocks = result.blocks
    files = tuple(_engine_file(f, Scope.READ) for f in result.files)
    left = tuple(x for record in result.records if isinstance(record.value, ReadDecision) for x in _left(record.value))
    if not any(isinstance(record.value, ReadDecision) for record in result.records):
        directories = dirs_between(session.inputs.cwd, os.path.dirname(os.path.normpath(result.path)))
        left += _not_looked_for(session, directories, files, read=result.path)
    return EngineRead(path=result.path, files=files, text="\n".join(blocks) if blocks else None, left_out=left)


def _not_looked_for(
    session: Session, directories: Sequence[str], sent: Sequence[EngineFile], *, read: str | None = None
) -> tuple[LeftOut, ...]:
    """The AGENTS.md files in ``directories`` that the built-in plugin did not look for, as its
    start recorded why: its mode loads none, or (the default mode) it stood down for the
    project's own files. One ``sent`` under another name (a CLAUDE.md linked to it) was not left
    out; the file ``read`` itself is, as the plugin says when it looks (``READ_FILE``)."""
    start = session.start()
    records = [r.value for r in start.records]
    stood = next((r for r in records if isinstance(r, StoodDown)), None)
    mode = next((r for r in records if isinstance(r, ModeReading)), None)
    if stood is not None:
        names = ", ".join(dict.fromkeys(os.path.basename(p) for p in stood.claimed_by))
        detail = f"the agents-md plugin stood down for {names} ({OR_AGENTS_MD})"
    elif mode is not None and mode.mode not in (OR_AGENTS_MD, AND_AGENTS_MD):
        detail = f"instructionFiles is {mode.mode} ({mode.source})"
    else:
        return ()
    # Through the session's filesystem; a folder a linked worktree shadows is not looked in at all.
    fs = session.inputs.fs
    loaded = {os.path.realpath(f.path) for f in sent}
    read_real = os.path.realpath(read) if read is not None else None
    out: list[LeftOut] = []
    for directory in directories:
        if directory in start.shadowed:
            continue
        for path in (os.path.join(directory, name) for name in AGENTS_NAMES):
            if not fs.is_file(path):
                continue
            real = os.path.realpath(path)
            if real == read_real:
                out.append(LeftOut(path=path, why=_READ_LEFT[READ_FILE][0], detail=_READ_LEFT[READ_FILE][1]))
            elif real not in loaded:
                out.append(LeftOut(path=path, why=Left.DISABLED, detail=detail))
    return tuple(out)


# Why the plugin left an AGENTS.md of a Read out (``ReadDecision``), as the engines' words.
_READ_LEFT = {
    LOADED: (Left.DUPLICATE, "loaded at start"),
    SAME_TEXT: (Left.DUPLICATE, "its text was sent already"),
    GIVEN: (Left.GIVEN, "given on an earlier read"),
    READ_FILE: (Left.GIVEN, "the file read"),
}


def _left(decision: ReadDecision) -> tuple[LeftOut, ...]:
    """The plugin's decision on a Read: each folder a CLAUDE.md claimed (its AGENTS.md files not
    looked for), then each AGENTS.md found and left out."""
    # The plugin does not look in a claimed folder: the AGENTS.md files there are named here.
    claimed = tuple(
        LeftOut(path=path, why=Left.SHADOWED, detail=f"{os.path.basename(by)} claims the folder")
        for directory, by in decision.claimed
        for path in (os.path.join(directory, name) for name in AGENTS_NAMES)
        if os.path.isfile(path)
    )
    found = tuple(
        LeftOut(path=path, why=_READ_LEFT[why][0], detail=_READ_LEFT[why][1])
        for path, why in decision.left_out
        if why in _READ_LEFT
    )
    return claimed + found


def engine_read(
    name: str,
    cwd: str,
    path: str,
    *,
    home: str,
    env: Mapping[str, str],
    after: Sequence[str] = (),
    session: Session | None = None,
) -> tuple[EngineStart, EngineRead]:
    """What engine ``name`` started with in ``cwd``, and what it appends after a read of ``path``
    once the ``after`` files were read (Claude Code: in ``session``, or one of the same inputs)."""
    if name == CLAUDE_CODE:
        session = session or Session(cwd=cwd, home=home, env=dict(env))
        return claude_code_start(session), claude_code_read(session, path, after=after)
    engine = find(name).session(cwd, home=home, env=env)
    for earlier in after:
        engine.read(earlier)
    return engine.started, engine.read(path)
