"""agents-md: a coding agent's instruction files, loaded exactly the way Claude Code loads them.

The whole public API is listed here. Names load on first use (the command line imports this
package on every hook call, so nothing heavy is imported up front).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agents_md._util.lazy import lazy_names

__version__ = "0.1.0"

if TYPE_CHECKING:
    from agents_md._model import InstructionFile, Kind, Notice, Provenance, Reason, SkippedFile, SkipReason
    from agents_md.engine.bus import ENTRY_POINT_GROUP, TelemetryMark, TelemetryRow, ToolCall, hookimpl
    from agents_md.engine.fs import FileSystem
    from agents_md.engine.hook_session import FoundFile, HookSession
    from agents_md.engine.loop import Loop, ReadResult
    from agents_md.engine.start import StartContext
    from agents_md.errors import AgentsMdError, PluginError, SettingsError, UsageError
    from agents_md.host.plugins import PluginSpec
    from agents_md.host.replay import replay
    from agents_md.host.report import ContextReport, context_report
    from agents_md.host.session import AgentStart, Session

_WHERE = {
    "InstructionFile": "agents_md._model",
    "Kind": "agents_md._model",
    "Notice": "agents_md._model",
    "Provenance": "agents_md._model",
    "Reason": "agents_md._model",
    "SkippedFile": "agents_md._model",
    "SkipReason": "agents_md._model",
    "FoundFile": "agents_md.engine.hook_session",
    "HookSession": "agents_md.engine.hook_session",
    "FileSystem": "agents_md.engine.fs",
    "ENTRY_POINT_GROUP": "agents_md.engine.bus",
    "TelemetryMark": "agents_md.engine.bus",
    "TelemetryRow": "agents_md.engine.bus",
    "ToolCall": "agents_md.engine.bus",
    "hookimpl": "agents_md.engine.bus",
    "Loop": "agents_md.engine.loop",
    "ReadResult": "agents_md.engine.loop",
    "StartContext": "agents_md.engine.start",
    "AgentsMdError": "agents_md.errors",
    "PluginError": "agents_md.errors",
    "SettingsError": "agents_md.errors",
    "UsageError": "agents_md.errors",
    "PluginSpec": "agents_md.host.plugins",
    "replay": "agents_md.host.replay",
    "ContextReport": "agents_md.host.report",
    "context_report": "agents_md.host.report",
    "AgentStart": "agents_md.host.session",
    "Session": "agents_md.host.session",
}

__all__ = [
    "ENTRY_POINT_GROUP",
    "AgentStart",
    "AgentsMdError",
    "ContextReport",
    "FileSystem",
    "FoundFile",
    "HookSession",
    "InstructionFile",
    "Kind",
    "Loop",
    "Notice",
    "PluginError",
    "PluginSpec",
    "Provenance",
    "ReadResult",
    "Reason",
    "Session",
    "SettingsError",
    "SkipReason",
    "SkippedFile",
    "StartContext",
    "TelemetryMark",
    "TelemetryRow",
    "ToolCall",
    "UsageError",
    "context_report",
    "hookimpl",
    "replay",
]


__getattr__, __dir__ = lazy_names("agents_md", _WHERE, globals())
