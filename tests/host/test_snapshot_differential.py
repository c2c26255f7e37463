"""Snapshots taken and restored at random points of a session with several subagents of every
kind, mentions and edits, compactions, and nested CLAUDE.md / AGENTS.md files written, changed
and removed between the steps: the restored session answers every touch as the one that never
stopped (the engine's nested files and the plugin's, in both profiles and both modes)."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from agents_md.host.session import Session

MODES = ["claude-md-or-agents-md", "claude-md-and-agents-md"]
FOLDERS = ["a", "a/b", "a/b/c", "d", "d/e"]
TREE: dict[str, Any] = {
    "AGENTS.md": "# root agents\n",
    "a/AGENTS.md": "# a\n@imp.md\n",
    "d/e/AGENTS.md": "# e\n@../../a/b/later.md\n",
    **{f"{folder}/f.txt": f"{folder}\n" for folder in FOLDERS},
}
WRITTEN = [
    "a/AGENTS.md",
    "a/b/AGENTS.md",
    "a/b/.claude/AGENTS.md",
    "a/b/c/AGENTS.md",
    "d/AGENTS.md",
    "a/CLAUDE.md",
    "a/b/c/CLAUDE.md",
    "d/.claude/CLAUDE.md",
    "d/e/CLAUDE.local.md",
    "a/imp.md",
    "a/b/later.md",
]
TOUCHED = [*(f"{folder}/f.txt" for folder in FOLDERS), "a/AGENTS.md", "a/imp.md", "a/b/c/CLAUDE.md"]
TOOLS = ["Read", "Read", "Write", "Edit", "Mention", "Grep"]
KINDS = ["general-purpose", "Explore", "Plan", "fork"]


def _make(root: Path, profile: str, mode: str) -> Session:
    settings = {"pluginConfigs": {"agents-md@builtin": {"options": {"instructionFiles": mode}}}}
    return Session(
        cwd=str(root), home=str(root.parent / "home"), profile=profile, args=["--settings", json.dumps(settings)]
    )


def _files(s: Session | Any, tool: str, path: str) -> list[list[str]]:
    return [[f.path for f in r.files] for r in s.touch(tool, path).results]


@pytest.mark.parametrize("profile", ["reference", "complete"])
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("seed", range(int(os.environ.get("SEEDS", "3"))))
def test_a_session_restored_at_random_points_answers_as_the_one_that_never_stopped(
    tmp_path: Path, profile: str, mode: str, seed: int
) -> None:
    from trees import build_tree

    spec = dict(TREE)
    if mode != MODES[0]:
        spec["CLAUDE.md"] = "# root claude\n"
    root = Path(build_tree(tmp_path / "root", spec))
    rng = random.Random(seed)
    steady, resumed = _make(root, profile, mode), _make(root, profile, mode)
    agents: list[str] = []
    for step in range(40):
        move = rng.random()
        where = (seed, step)
        if move < 0.2:
            rel = rng.choice(WRITTEN)
            path = root / rel
            if path.exists() and rng.random() < 0.3:
                path.unlink()
            else:
                path.parent.mkdir(parents=True, exist_ok=True)
                text = "# root agents\n" if rng.random() < 0.15 else f"# {rel} {step}\n{'.' * step}\n"
                path.write_text(text, encoding="utf-8")
            continue
        if move < 0.3:
            resumed = Session.restore(json.loads(json.dumps(resumed.snapshot())))
            assert [n.text for n in resumed.notices if n.level == "warning"] == [], where
            continue
        if move < 0.34:
            steady.turn()
            resumed.turn()
            assert (steady.compact() is None) == (resumed.compact() is None), where
            continue
        if move < 0.44:
            agent, kind = f"agent{step}", rng.choice(KINDS)
            fork = kind == "fork"
            a = steady.spawn(None if fork else kind, fork=fork, key=agent)
            b = resumed.spawn(None if fork else kind, fork=fork, key=agent)
            assert a.claude_md == b.claude_md, where
            agents.append(agent)
            continue
        agent = rng.choice(["", "", *agents])
        tool, path = rng.choice(TOOLS), str(root / rng.choice(TOUCHED))
        if tool == "Mention" and agent:
            tool = "Read"
        one = steady.subagents[agent] if agent else steady
        other = resumed.subagents[agent] if agent else resumed
        assert _files(other, tool, path) == _files(one, tool, path), (*where, tool, path, agent)
    assert resumed.loops_given() == steady.loops_given()
