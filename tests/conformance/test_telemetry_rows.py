"""Telemetry rows hold counts and closed choices only: every conformance replay checks its rows
(``test_conformance``); here, that the check has rows to look at and catches a leak."""

from __future__ import annotations

from pathlib import Path

from telemetry_recorder import RecordingTelemetry

from agents_md import PluginSpec
from agents_md.plugin_api import TelemetryRow
from conformance.runner import recorded, run_scenario
from conformance.telemetry import row_problems

# Scenarios whose sessions load AGENTS.md at the start and on Reads: every row kind appears.
SAMPLE = [r for r in recorded() if r["name"].startswith("r_")][:8]


def test_the_plugin_sends_every_kind_of_row_and_none_carries_a_path_or_text(tmp_path: Path) -> None:
    names: set[str] = set()
    for result in SAMPLE:
        recorder = RecordingTelemetry()
        run = tmp_path / result["name"]
        run_scenario(result["scenario"], run, [PluginSpec(name="telemetry", plugin=recorder)])
        assert row_problems(recorder, result["scenario"], tmp_path) == []
        names |= {row.name for row in recorder.rows}
    assert names == {"agents_md_mode", "agents_md_load", "agents_md_nested"}


def test_a_row_that_carries_a_path_is_caught(tmp_path: Path) -> None:
    recorder = RecordingTelemetry()
    recorder.telemetry_log(TelemetryRow(name="agents_md_nested", fields=(("mode", str(tmp_path)), ("file_count", 1))))
    assert row_problems(recorder, {"tree": {}}, tmp_path) != []
