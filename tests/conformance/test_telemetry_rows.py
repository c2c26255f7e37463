"""Telemetry rows hold counts and closed choices only: the whole conformance suite is replayed
with a recording provider seated, and no row may carry a path or a byte of file text."""

from __future__ import annotations

import json
from pathlib import Path

from telemetry_recorder import RecordingTelemetry

from agents_md import PluginSpec
from agents_md.plugins.agents_md.option import MODES
from conformance.runner import recorded, run_scenario

RESULTS = list(recorded())
CLOSED = {
    "agents_md_mode": {"mode", "is_interactive"},
    "agents_md_load": {"mode", "file_count", "import_count", "total_content_length", "yielded", "walk_failed"},
    "agents_md_nested": {"mode", "file_count"},
}


def _texts(scenario: dict[str, object]) -> list[str]:
    """Every path and every line of file text the scenario writes."""
    out: list[str] = []
    for tree in ("tree", "home_tree", "managed_tree"):
        for rel, content in (scenario.get(tree) or {}).items():  # type: ignore[attr-defined]
            out.append(rel)
            if isinstance(content, str):
                out += [line for line in content.splitlines() if len(line.strip()) >= 3]
    return out


def test_no_row_carries_a_path_or_file_text(tmp_path: Path) -> None:
    rows_seen = 0
    for result in RESULTS:
        recorder = RecordingTelemetry()
        run_scenario(result["scenario"], tmp_path / result["name"], [PluginSpec(name="telemetry", plugin=recorder)])
        forbidden = [str(tmp_path), *_texts(result["scenario"])]
        for row in recorder.rows:
            rows_seen += 1
            assert set(row.as_dict()) == CLOSED[row.name], row
            for key, value in row.as_dict().items():
                assert isinstance(value, (int, bool)) or (key == "mode" and value in MODES), (result["name"], row)
            flat = json.dumps(row.as_dict())
            assert not any(text in flat for text in forbidden if text not in MODES), (result["name"], row)
        for mark in recorder.marks:
            assert (mark.name, mark.reason) in {("agents_md", None), ("agents_md", "walk_failed")}
    assert rows_seen > 500  # the suite did exercise the plugin's telemetry
