"""Every recorded reference scenario, replayed through ``agents-md replay``'s code path, byte for byte."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from conformance.runner import comparable, recorded, run_scenario

RESULTS = list(recorded())


def test_the_suite_has_recordings() -> None:
    assert len(RESULTS) >= 50


@pytest.mark.parametrize("result", RESULTS, ids=[r["name"] for r in RESULTS])
def test_scenario_matches_reference(result: dict[str, Any], tmp_path: Path) -> None:
    answer = run_scenario(result["scenario"], tmp_path / result["name"])
    expected, got = comparable(result, answer)
    for field, value in expected.items():
        assert got[field] == value, f"{field} differs"
