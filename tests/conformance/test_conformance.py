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
from conformance.runner import DEPARTURES, comparable, read_last, recorded, run_scenario
from conformance.telemetry import row_problems

RESULTS = [r for r in recorded() if r["name"] not in DEPARTURES]


def winner_lines(result: dict[str, Any], listings: dict[str, Any]) -> list[str]:
    """The agent line of the file the engine would read last, for a duplicate-name scenario."""
    scenario = result["scenario"]
    top = scenario["record_listings"][0]
    order = read_last(listings, top)
    tree = scenario.get("home_tree") if top.startswith("<HOME>") else scenario["tree"]
    prefix = top.removeprefix("<HOME>/")
    text = tree[prefix + order[-1].removeprefix(top)]
    description = text.split("description: ", 1)[1].split("\n", 1)[0]
    return [f"- twin: {description} (Tools: All tools)"]


def test_the_rule_for_a_duplicate_name_follows_the_order_the_disk_reads_in() -> None:
    """The ``a_dup_`` recordings: in each, the file read last won."""
    dups = [r for r in RESULTS if r.get("listings")]
    assert len(dups) >= 4
    for result in dups:
        assert result["agent_lines"] == winner_lines(result, result["listings"]), result["name"]


def test_the_suite_has_recordings() -> None:
    assert len(RESULTS) >= 50


@pytest.mark.parametrize("result", RESULTS, ids=[r["name"] for r in RESULTS])
def test_scenario_matches_reference(result: dict[str, Any], tmp_path: Path) -> None:
    telemetry = RecordingTelemetry()
    run = tmp_path / result["name"]
    answer = run_scenario(result["scenario"], run, [PluginSpec(name="telemetry", plugin=telemetry)])
    expected, got = comparable(result, answer)
    if result.get("listings") and answer.get("listings") != result["listings"]:
        # This disk reads the agents folder in another order than the recording's: what the engine
        # does is recorded as a rule (the file read last wins), checked against this disk's order.
        expected["agent_lines"] = winner_lines(result, answer["listings"])
    for field, value in expected.items():
        assert got[field] == value, f"{field} differs"
    assert row_problems(telemetry, result["scenario"], tmp_path) == []
