"""Every recorded result of Codex CLI, Gemini CLI and OpenCode, replayed through ``replay-engine``'s
code and compared byte for byte: the instruction text at start and what each read attaches.

Each result (``engines/results/<engine>/<name>.json``) is paired with its scenario
(``engines/scenarios/<engine>/<name>.json``); the scenario's tree and home, with the files the
recorder adds to every home, are laid out in ``tmp_path`` as the recorder laid them out.
A run the engine refused (a bad config file: exit 1) must be refused here too.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from agents_md.engines.replay import replay_engine
from agents_md.errors import AgentsMdError
from tests.conformance.engine_recorder.homes import completed_home
from tests.conformance.engine_recorder.result import placeholder_writer
from tests.conformance.engine_recorder.scenario import resolve
from tests.conformance.engine_recorder.tree import lay_out

HERE = Path(__file__).parent / "engines"
ENGINES = ("codex", "gemini", "opencode")


def recorded(base: Path = HERE) -> list[tuple[str, Path, Path]]:
    out = []
    for engine in ENGINES:
        for result in sorted((base / "results" / engine).glob("*.json")):
            out.append((engine, result, base / "scenarios" / engine / result.name))
    return out


CASES = recorded()


def replayed(engine: str, scenario: dict[str, Any], base: Path) -> dict[str, Any]:
    """What ``replay-engine`` answers for ``scenario``, its paths written back as placeholders."""
    run = resolve(scenario, engine, base)
    run = dataclasses.replace(run, home_tree=completed_home(run))
    lay_out(run)
    data = {
        "engine": engine,
        "root": str(run.root),
        "home": str(run.home),
        "cwd": str(run.cwd),
        "env": run.env,
        "reads": list(run.reads),
    }
    answer: dict[str, Any] = placeholder_writer(run.placeholders)(replay_engine(data))
    return answer


def test_there_are_recorded_results_for_every_engine() -> None:
    engines = {engine for engine, _r, _s in CASES}
    assert engines == set(ENGINES), f"no recorded results for {set(ENGINES) - engines} under {HERE}/results"


@pytest.mark.parametrize(("engine", "result", "scenario"), CASES, ids=[f"{e}/{r.stem}" for e, r, _s in CASES])
def test_replay_matches_the_recording(engine: str, result: Path, scenario: Path, tmp_path: Path) -> None:
    expected = json.loads(result.read_text(encoding="utf-8"))
    assert expected.get("ok"), f"{result}: the engine's run did not go as scripted; record it again"
    scn = json.loads(scenario.read_text(encoding="utf-8"))
    scn.setdefault("name", scenario.stem)
    if expected["exit_code"] not in (0, 55):
        with pytest.raises(AgentsMdError):
            replayed(engine, scn, tmp_path)
        return
    got = replayed(engine, scn, tmp_path)
    assert got["prompt"] == expected["prompt"]
    assert got["reads"] == expected["reads"]
