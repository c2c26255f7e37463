"""A telemetry provider for tests: it keeps every row and mark it is handed."""

from __future__ import annotations

from dataclasses import dataclass, field

from agents_md.plugin_api import TelemetryMark, TelemetryRow, hookimpl


@dataclass
class RecordingTelemetry:
    """A telemetry provider that keeps every row and mark it is handed."""

    rows: list[TelemetryRow] = field(default_factory=list)
    marks: list[TelemetryMark] = field(default_factory=list)

    @hookimpl
    def telemetry_log(self, row: TelemetryRow) -> None:
        self.rows.append(row)

    @hookimpl
    def telemetry_mark(self, mark: TelemetryMark) -> None:
        self.marks.append(mark)
