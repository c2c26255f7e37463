"""Every recorded reference scenario, replayed through ``agents-md replay``'s code path, byte for byte.

Each replay seats a recording telemetry provider too, so the same run proves that telemetry
rows hold counts and closed choices only (``telemetry.row_problems``) without replaying the
suite a second time; seating it must change nothing the model receives.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from telemetry_recorder import RecordingTelemetry

from agents_md import PluginSpec
from conformance.runner import comparable, recorded, run_scenario
from conformance.telemetry import row_problems

RESULTS = list(recorded())


def test_the_suite_has_recordings() -> None:
    assert len(RESULTS) >= 50


@pytest.mark.parametrize("result", RESULTS, ids=[r["name"] for r in RESULTS])
def test_scenario_matches_reference(result: dict[str, Any], tmp_path: Path) -> None:
    telemetry = RecordingTelemetry()
    run = tmp_path / result["name"]
    answer = run_scenario(result["scenario"], run, [PluginSpec(name="telemetry", plugin=telemetry)])
    expected, got = comparable(result, answer)
    for field, value in expected.items():
        assert got[field] == value, f"{field} differs"
    assert row_problems(telemetry, result["scenario"], tmp_path) == []
