"""Every recorded ``a_*`` scenario, rebuilt in tmp_path: our lines (or error lines) equal the engine's."""

from __future__ import annotations

import base64
import json
import os
from pathlib import Path
from typing import Any

import pytest

from agents_md.agents import AgentsJsonError, agent_lines, load_agents

HERE = Path(__file__).resolve().parent
CONFORMANCE = HERE.parent / "conformance"
RESULTS = sorted((CONFORMANCE / "results").glob("a_*.json"))


def _subst(text: str, subs: dict[str, str]) -> str:
    for key, value in subs.items():
        text = text.replace(key, value)
    return text


def _write(base: Path, spec: dict[str, Any] | None, subs: dict[str, str]) -> None:
    for rel, content in (spec or {}).items():
        path = base / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, str):
            path.write_bytes(_subst(content, subs).encode("utf-8"))
        elif "symlink" in content:
            os.symlink(_subst(content["symlink"], subs), path)
        elif "json" in content:
            path.write_text(json.dumps(content["json"], indent=2), encoding="utf-8")
        elif "b64" in content:
            path.write_bytes(base64.b64decode(content["b64"]))
        elif content.get("dir"):
            path.mkdir(parents=True, exist_ok=True)


def _flags(args: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {"agents_json": None, "plugin_dirs": [], "setting_sources": None}
    i = 0
    while i < len(args):
        flag = args[i]
        if flag == "--agents":
            out["agents_json"] = args[i + 1]
        elif flag == "--plugin-dir":
            out["plugin_dirs"].append(args[i + 1])
        elif flag == "--setting-sources":
            out["setting_sources"] = args[i + 1].split(",")
        else:
            i += 1
            continue
        i += 2
    return out


@pytest.mark.parametrize("result_path", RESULTS, ids=[p.stem for p in RESULTS])
def test_agent_lines_match_engine(result_path: Path, tmp_path: Path) -> None:
    result = json.loads(result_path.read_text(encoding="utf-8"))
    scenario = result["scenario"]
    root, home, managed = tmp_path / "root", tmp_path / "home", tmp_path / "managed"
    for d in (root, home, managed):
        d.mkdir()
    subs = {"<ROOT>": str(root), "<HOME>": str(home), "<RUN>": str(tmp_path)}
    _write(root, scenario.get("tree"), subs)
    _write(home, scenario.get("home_tree"), subs)
    _write(managed, scenario.get("managed_tree"), subs)
    git = scenario.get("git")
    if git:
        for rel in [""] if git is True else [git] if isinstance(git, str) else git:
            (root / rel / ".git").mkdir(parents=True, exist_ok=True)
    flags = _flags([_subst(a, subs) for a in scenario.get("args", [])])
    back = {str(root): "<ROOT>", str(home): "<HOME>"}
    try:
        catalog = load_agents(cwd=root / scenario.get("cwd", ""), home=home, managed_dir=managed, **flags)
    except AgentsJsonError as exc:
        assert result["exit_code"] == scenario.get("expect_exit") == 1
        assert [_subst(line, back) for line in exc.lines] == result["stderr_tail"].rstrip("\n").split("\n")
        return
    assert not result["exit_code"], "the engine refused this scenario; we accepted it"
    assert [_subst(line, back) for line in agent_lines(catalog)] == (result["agent_lines"] or [])
