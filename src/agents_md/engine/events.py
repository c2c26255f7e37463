"""The events of the hook bus, the values they carry, and the telemetry a plugin may send.

Events (the engine's names, and the hook function a plugin implements):

- ``session.start`` -> ``session_start(session)``: once per load, before the first context.
- ``prompt.context`` -> ``prompt_context(session, files)``: the instruction files behind the
  start block, in load order; a hook answers a changed list (or ``None``: unchanged).
- ``tool.call`` -> ``tool_call(session, call, files)``: after a tool ran (``call.tool`` is
  ``"Read"`` for reads); a hook answers files to attach (or ``None``).
- ``telemetry.log`` / ``telemetry.mark`` -> ``telemetry_log(row)`` / ``telemetry_mark(mark)``:
  implemented by a telemetry provider; with none seated, rows are dropped without a trace.
"""

from __future__ import annotations

from agents_md._value import Value

ENTRY_POINT_GROUP = "agents_md.plugins"

EVENT_HOOKS = {
    "session.start": "session_start",
    "prompt.context": "prompt_context",
    "tool.call": "tool_call",
    "telemetry.log": "telemetry_log",
    "telemetry.mark": "telemetry_mark",
}


class ToolCall(Value):
    """A tool call as ``tool.call`` hooks see it (``path`` is the Read's ``file_path`` as the model
    wrote it: an absolute path untouched, ``.`` and ``..`` kept; a relative or ``~`` one put after
    the cwd or the home, not made normal)."""

    tool: str
    path: str | None = None
    agent_id: str | None = None  # None for the main loop
    forked_from: str | None = None  # for a fork's calls: the loop it was forked from ("" = main)


class TelemetryRow(Value):
    name: str
    fields: tuple[tuple[str, str | int | bool], ...]

    def as_dict(self) -> dict[str, str | int | bool]:
        return dict(self.fields)


class TelemetryMark(Value):
    name: str
    ok: bool
    reason: str | None = None


class Telemetry:
    """What a plugin sends telemetry through (``session.telemetry``): counts and closed choices only.
    This one drops everything; the engine hands plugins one that reaches the seated providers."""

    def log(self, name: str, **fields: str | int | bool) -> None:
        """A row: ``name`` and its fields."""

    def mark(self, name: str, *, ok: bool, reason: str | None = None) -> None:
        """An outcome mark."""
