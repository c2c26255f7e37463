"""The stored engine recordings: one result per scenario, recorded as scripted with the pinned engine."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conformance.engine_recorder import drivers, scenario

ENGINES_DIR = Path(__file__).resolve().parent.parent / "engines"


def _cases() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for engine in sorted(drivers.ENGINES):
        folder = ENGINES_DIR / "scenarios" / engine
        if folder.is_dir():
            out += [(engine, scn) for scn in scenario.load_scenarios(folder)]
    return out


CASES = _cases()


def test_every_engine_has_its_scenarios() -> None:
    counts = {engine: sum(1 for e, _ in CASES if e == engine) for engine in drivers.ENGINES}
    assert all(n >= 60 for n in counts.values()), counts


@pytest.mark.parametrize(("engine", "scn"), CASES, ids=[f"{e}-{s['name']}" for e, s in CASES])
def test_result_was_recorded_from_this_scenario_as_scripted(engine: str, scn: dict[str, Any]) -> None:
    path = ENGINES_DIR / "results" / engine / f"{scn['name']}.json"
    res = json.loads(path.read_text(encoding="utf-8"))
    assert (res["engine"], res["version"], res["ok"]) == (engine, drivers.ENGINES[engine].version, True)
    assert res["scenario"] == scn
    assert res["exit_code"] == scn.get("expect_exit", 0)
    assert len(res["reads"]) == (0 if engine == "codex" else len(scn.get("reads", [])))
    if engine == "codex":
        assert not scn.get("reads"), "Codex sends no request: its scenarios read nothing"
    texts = [res["prompt"], *res["reads"]]
    assert all(t is None or isinstance(t, str) for t in texts)
    # recorded paths are placeholders, never the recording machine's
    assert not any(t and "/agents-md-engines-" in t for t in texts)
