"""One hook event as Claude Code hands it on standard input (a JSON object).

Only the fields the answer depends on are kept; anything else the engine sends is ignored.
A value of the wrong type reads as absent, so an event from a newer engine still parses.
"""

from __future__ import annotations

from agents_md._util import json_codec
from agents_md._value import Value
from agents_md.errors import AgentsMdError

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from typing import Any


class EventError(AgentsMdError):
    """The standard input is not a hook event."""


class HookEvent(Value):
    name: str  # hook_event_name: SessionStart, PostToolUse, UserPromptSubmit, SubagentStart, ...
    session_id: str
    cwd: str
    source: str | None = None  # SessionStart: startup, resume, clear, compact
    tool_name: str | None = None  # PostToolUse
    file_path: str | None = None  # PostToolUse: tool_input.file_path (or notebook_path)
    agent_id: str | None = None  # set inside a subagent, and on SubagentStart/Stop
    agent_type: str | None = None
    prompt: str | None = None  # UserPromptSubmit


def _str(data: dict[str, Any], key: str) -> str | None:
    value = data.get(key)
    return value if isinstance(value, str) and value else None


def parse_event(text: str) -> HookEvent:
    """The event in ``text``; ``EventError`` saying what was expected when it is none."""
    try:
        data = json_codec.loads(text)
    except ValueError as exc:
        raise EventError(f"standard input: not JSON ({exc}); expected one hook event object") from exc
    if not isinstance(data, dict):
        raise EventError(f"standard input: a JSON {type(data).__name__}; expected one hook event object")
    missing = [k for k in ("hook_event_name", "session_id", "cwd") if _str(data, k) is None]
    if missing:
        raise EventError(f"standard input: the hook event has no {', '.join(missing)}")
    tool_input = data.get("tool_input")
    path = None
    if isinstance(tool_input, dict):
        path = _str(tool_input, "file_path") or _str(tool_input, "notebook_path")
    return HookEvent(
        name=str(data["hook_event_name"]),
        session_id=str(data["session_id"]),
        cwd=str(data["cwd"]),
        source=_str(data, "source"),
        tool_name=_str(data, "tool_name"),
        file_path=path,
        agent_id=_str(data, "agent_id"),
        agent_type=data.get("agent_type") if isinstance(data.get("agent_type"), str) else None,
        prompt=data.get("prompt") if isinstance(data.get("prompt"), str) else None,
    )
