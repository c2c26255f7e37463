"""A session's start context as data a person or a program can read: what loaded, why, what not.

Every view (``context``'s table, its JSON, ``check``'s budgets) is built from this one report,
which is itself only a reading of the session's files and their provenance.
"""

from __future__ import annotations

from agents_md._model import InstructionFile, Kind, Reason, SkippedFile
from agents_md._value import Value
from agents_md.engine import render
from agents_md.host.session import Session

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from typing import Any


def estimate_tokens(text: str) -> int:
    """A rough token count (four characters a token), as the engine's own estimates use."""
    return (len(text) + 3) // 4


class ModeInfo(Value):
    value: str | None  # None when the agents-md plugin is off
    source: str
    key: str | None


class ContextReport(Value):
    cwd: str
    home: str
    agent: str | None
    files: tuple[InstructionFile, ...]
    skipped: tuple[SkippedFile, ...]
    claude_md: str | None
    mode: ModeInfo
    notices: tuple[str, ...]
    warnings: tuple[str, ...]
    disabled_by: str | None
    plugins: tuple[str, ...]
    agent_without: str | None = None  # why the subagent starts without instruction files, when it does

    @property
    def total_bytes(self) -> int:
        return len((self.claude_md or "").encode())

    def to_json(self) -> dict[str, Any]:
        return {
            "cwd": self.cwd,
            "home": self.home,
            "agent": self.agent,
            "mode": {"value": self.mode.value, "source": self.mode.source, "key": self.mode.key},
            "plugins": list(self.plugins),
            "disabled_by": self.disabled_by,
            "agent_without": self.agent_without,
            "files": [
                {
                    "path": f.path,
                    "kind": str(f.kind),
                    "label": render.label(f.kind),
                    "reason": str(f.provenance.reason),
                    "via": f.provenance.via,
                    "parent": f.parent,
                    "added_by_plugin": f.provenance.reason is Reason.PLUGIN
                    or (f.parent is not None and _plugin_root(self.files, f)),
                    "bytes": f.size,
                    "tokens": estimate_tokens(f.content.strip()),
                }
                for f in self.files
            ],
            "skipped": [
                {"path": s.path, "kind": str(s.kind), "reason": str(s.reason), "via": s.via, "detail": s.detail}
                for s in self.skipped
            ],
            "block_bytes": self.total_bytes,
            "block_tokens": estimate_tokens(self.claude_md or ""),
            "notices": list(self.notices),
            "warnings": list(self.warnings),
            "claude_md": self.claude_md,
        }


def _plugin_root(files: tuple[InstructionFile, ...], f: InstructionFile) -> bool:
    by_path = {x.path: x for x in files}
    seen = set()
    current: InstructionFile | None = f
    while current is not None and current.parent is not None and current.path not in seen:
        seen.add(current.path)
        current = by_path.get(current.parent)
    return current is not None and current.provenance.reason is Reason.PLUGIN


def mode_of(session: Session) -> ModeInfo:
    """The agents-md plugin's mode, as it recorded it at the start (``None`` when it is not seated)."""
    from agents_md.plugins.agents_md import BUILTIN_KEY, NAME, ModeReading

    spec = next((s for s in session.plugins if s.name == NAME), None)
    reading = next(
        (r.value for r in session.start().records if r.source == NAME and isinstance(r.value, ModeReading)), None
    )
    if spec is None or reading is None:
        return ModeInfo(value=None, source="the agents-md plugin is off", key=None)
    return ModeInfo(value=reading.mode, source=reading.source, key=BUILTIN_KEY if spec.builtin else NAME)


def offered_agent_types(session: Session) -> tuple[str, ...]:
    """``Session.offered_types``, in the order they are listed."""
    return tuple(sorted(session.offered_types(), key=lambda n: (n.lower(), n)))


def _without(session: Session, agent: str, started: bool) -> str:
    """Why a subagent of type ``agent`` starts without instruction files (the engine's rule, told)."""
    from agents_md.engine.start import NO_INSTRUCTIONS_AGENTS

    if not started:
        return f"the engine refuses to start {agent}: its tools list names no tool it recognizes"
    if agent in NO_INSTRUCTIONS_AGENTS and session.find_agent(agent) is None:
        return (
            f"the engine starts {agent} with no instruction files at all "
            "(Explore and Plan get none, not even managed ones)"
        )
    found = session.find_agent(agent)
    if found is not None and found.omit_claude_md:
        return f"its definition ({found.path or '--agents'}) sets omitClaudeMd: true"
    return "the parent session has none to pass on"


def context_report(session: Session, agent: str | None = None) -> ContextReport:
    """What the session (or a subagent of type ``agent`` it starts) begins with."""
    start = session.start()
    files = start.files
    claude_md = start.claude_md
    without = None
    if agent is not None:
        sub = session.spawn(agent)
        claude_md = sub.claude_md
        if claude_md is None:
            files = ()
            without = _without(session, agent, sub.started)
        elif claude_md != start.claude_md:
            files = tuple(f for f in files if f.kind is Kind.MANAGED)
    return ContextReport(
        cwd=session.inputs.cwd,
        home=session.inputs.home,
        agent=agent,
        files=files,
        skipped=start.skipped,
        claude_md=claude_md,
        mode=mode_of(session),
        notices=tuple(n.text for n in session.notices if n.level == "info"),
        warnings=start.warnings,
        disabled_by=start.disabled_by,
        plugins=tuple(s.name for s in session.plugins),
        agent_without=without,
    )
