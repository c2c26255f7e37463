"""The events as pluggy specifications: the signatures plugins are validated against.

Imported only to validate a plugin that is not this package's own (``bus.validate``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pluggy

from agents_md._model import InstructionFile
from agents_md._util.std import Sequence
from agents_md.engine.events import TelemetryMark, TelemetryRow, ToolCall
from agents_md.engine.markers import PROJECT_NAME

if TYPE_CHECKING:
    from agents_md.engine.hook_session import HookSession

hookspec = pluggy.HookspecMarker(PROJECT_NAME)


class HookSpecs:
    """The events, as pluggy specifications."""

    @hookspec
    def session_start(self, session: HookSession) -> None:
        """Once per load of the plugins, before the first context is built."""

    @hookspec
    def prompt_context(
        self, session: HookSession, files: tuple[InstructionFile, ...]
    ) -> Sequence[InstructionFile] | None:
        """Answer the instruction files changed, or ``None`` to leave them as they are."""

    @hookspec
    def tool_call(
        self, session: HookSession, call: ToolCall, files: tuple[InstructionFile, ...]
    ) -> Sequence[InstructionFile] | None:
        """Answer files to attach after the tool's result (``files`` are those attached so far)."""

    @hookspec
    def telemetry_log(self, row: TelemetryRow) -> None:
        """A telemetry provider receives a row: counts and closed choices only."""

    @hookspec
    def telemetry_mark(self, mark: TelemetryMark) -> None:
        """A telemetry provider receives an outcome mark."""
